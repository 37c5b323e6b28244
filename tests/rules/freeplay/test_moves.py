"""Each free-play move on a rigged wall: what it moves, whose turn follows, what each seat is
told; and the moves that are not possible, refused with a reason and changing nothing."""

from __future__ import annotations

import pytest

from openmahjong.rules.freeplay.actions import (
    FreeDeal,
    FreeDiscard,
    FreeDraw,
    FreeEndHand,
    FreeMeld,
    FreePass,
    FreeReveal,
    FreeTake,
)
from openmahjong.rules.freeplay.events import FreeHand, FreeMoved, FreeplayWon, FreeState
from openmahjong.table.errors import IllegalAction
from openmahjong.table.events import HandEnded
from openmahjong.table.kernel import Phase
from openmahjong.tiles import parse
from tests.rules.freeplay.helpers import rigged, settle, state

HANDS = [
    "123456789m1234p",
    "567899p12345s11z",
    "6789s222333444z",
    "555666z1115559m",
]
REST = "3m7z8p"


def one(text: str) -> int:
    (tile,) = parse(text)
    return tile


@pytest.fixture
def table():
    t = rigged(HANDS, REST)
    t.act(0, FreeDeal())
    return t


def test_the_deal_gives_each_seat_its_tiles_from_the_front(table):
    for seat, text in enumerate(HANDS):
        assert sorted(table.hands[seat]) == sorted(parse(text))
    assert table.wall[:3] == parse(REST)
    assert len(table.wall) == 136 - 52
    assert table.turn == 0 and table.dealt
    # every seat is told its own hand, nobody another's
    hands = [e for e in table.events if isinstance(e, FreeHand)]
    assert [e.private_to for e in hands] == [0, 1, 2, 3]
    assert all(e.visible_to(1) is None for e in hands if e.seat != 1)
    table.validate()


def test_a_draw_from_the_front_and_one_from_the_back(table):
    table.act(0, FreeDraw())
    assert table.hands[0][-1] == one("3m")
    last = table.wall[-1]
    table.act(2, FreeDraw(back=True))
    assert table.hands[2][-1] == last and table.back_drawn == 1
    assert table.turn == 2  # drawing takes the turn
    drew = [e for e in table.events if isinstance(e, FreeMoved) and e.move == "free_draw"]
    assert drew[-1].tiles == (last,) and drew[-1].back
    # the others learn that seat 2 drew from the back, not what
    seen = drew[-1].visible_to(0)
    assert seen is not None and seen.tiles == () and seen.back
    table.validate()


def test_a_discard_goes_to_the_pond_and_passes_the_turn(table):
    table.act(0, FreeDraw())
    table.act(0, FreeDiscard(tile=one("1p")))
    assert table.ponds[0] == [one("1p")] and one("1p") not in table.hands[0]
    assert table.turn == 1 and table.last_discard == 0
    states = [e for e in table.events if isinstance(e, FreeState)]
    assert states[-1].offered_tile == one("1p") and states[-1].turn == 1
    assert states[-1].discards[0] == ((one("1p"), False, False, None),)


def test_show_and_hide_a_tile_and_the_whole_hand(table):
    table.act(1, FreeReveal(tile=one("9p")))
    table.act(1, FreeReveal(tile=one("9p")))
    assert table.shown[1] == [one("9p")] * 2
    table.act(1, FreeReveal(tile=one("9p"), show=False))
    assert table.shown[1] == [one("9p")]
    table.act(1, FreeReveal(tile=None))
    assert sorted(table.shown[1]) == sorted(table.hands[1])
    assert table.seats_public()[1]["revealed"] == table.shown[1]
    table.act(1, FreeReveal(tile=None, show=False))
    assert table.shown[1] == []
    # a shown tile that is discarded is shown no more
    table.act(1, FreeReveal(tile=one("1z")))
    table.act(1, FreeDiscard(tile=one("1z")))
    assert table.shown[1] == [one("1z")]  # the second East is still in the hand, still shown
    table.act(1, FreeDiscard(tile=one("1z")))
    assert table.shown[1] == []


def test_a_group_with_the_last_discard_then_one_from_the_hand(table):
    table.act(0, FreeDraw())
    table.act(0, FreeDiscard(tile=one("3m")))
    # seat 2 takes the 3m? it holds none: it lays 2z 2z 2z from its hand instead
    table.act(2, FreeMeld(tiles=tuple(parse("222z"))))
    assert [g.tiles for g in table.groups[2]] == [tuple(parse("222z"))]
    assert table.turn == 1  # a group from the hand alone takes no turn
    # seat 1 takes the 3m with 1s 2s? it lays 45s with the discard: a free group, no chi rule
    table.act(1, FreeMeld(tiles=tuple(parse("45s")), discard=True))
    group = table.groups[1][0]
    assert group.tiles == tuple(parse("45s3m")) and group.called_tile == one("3m")
    assert group.from_seat == 0 and table.ponds[0] == [] and table.last_discard is None
    assert table.turn == 1
    # and adds a tile of its hand to that group (a kong made by hand)
    table.act(1, FreeMeld(tiles=(one("1s"),), group=0))
    assert table.groups[1][0].tiles == tuple(parse("45s3m1s"))
    table.validate()


def test_take_back_a_discard_and_a_grouped_tile(table):
    table.act(0, FreeDraw())
    table.act(0, FreeDiscard(tile=one("4p")))
    table.act(0, FreeTake(tile=one("4p"), source="pond", index=0))
    assert one("4p") in table.hands[0] and table.ponds[0] == [] and table.turn == 0
    table.act(3, FreeMeld(tiles=tuple(parse("555z"))))
    table.act(3, FreeTake(tile=one("5z"), source="group", index=0))
    assert table.groups[3][0].tiles == tuple(parse("55z"))
    table.act(3, FreeTake(tile=one("5z"), source="group", index=0))
    table.act(3, FreeTake(tile=one("5z"), source="group", index=0))
    assert table.groups[3] == []  # the emptied group is gone
    assert table.hands[3].count(one("5z")) == 3
    table.validate()


def test_take_another_seats_discard_from_the_middle_of_its_pond(table):
    table.act(0, FreeDraw())
    table.act(0, FreeDiscard(tile=one("1m")))
    table.act(1, FreeDraw())
    table.act(1, FreeDiscard(tile=one("9p")))
    table.act(2, FreeDraw())
    table.act(2, FreeDiscard(tile=one("6s")))
    table.act(0, FreeDiscard(tile=one("2m")))
    table.act(3, FreeTake(tile=one("1m"), source="pond", index=0))
    assert table.ponds[0] == [one("2m")] and table.last_discard == 0  # the 2m is still last
    assert table.turn == 3


def test_a_pass_hands_the_turn_on_only_from_the_seat_on_turn(table):
    table.act(2, FreePass())
    assert table.turn == 0
    table.act(0, FreePass())
    assert table.turn == 1
    assert table.default_action(1) == FreePass()


def test_a_declared_win_ends_the_hand_with_the_typed_points(table):
    table.act(0, FreeDraw())
    events = settle(table, 2, FreeEndHand(winner=0, deltas=(30, -10, -10, -10)))
    won = next(e for e in events if isinstance(e, FreeplayWon))
    assert won.seat == 0 and won.from_seat is None and won.tile == one("3m")
    assert won.hand == tuple(table.hands[0]) and won.total == 30
    ended = next(e for e in events if isinstance(e, HandEnded))
    assert ended.reason == "win" and ended.points == (30, -10, -10, -10)
    assert table.phase == Phase.ENDED and table.result is not None
    assert table.result.deltas == (30, -10, -10, -10)
    with pytest.raises(IllegalAction, match="the hand is over"):
        table.act(1, FreeDraw())


def test_a_draw_declared_with_points_that_need_not_add_up(table):
    settle(table, 1, FreeEndHand(winner=None, deltas=(5, 0, 0, 0), last=True))
    assert table.result is not None
    assert table.result.reason == "draw" and table.result.last and table.points == (5, 0, 0, 0)


@pytest.mark.parametrize(
    ("seat", "action", "reason"),
    [
        (0, FreeDiscard(tile=parse("7z")[0]), "you do not hold 7z"),
        (0, FreeDiscard(tile="1m"), "you do not hold"),  # type: ignore[arg-type]
        (1, FreeMeld(tiles=tuple(parse("999p"))), "you do not hold 9p that many times"),
        (1, FreeMeld(tiles=(), discard=True), "there is no discard to take"),
        (1, FreeMeld(tiles=()), "a group needs at least one tile"),
        (1, FreeMeld(tiles=tuple(parse("11z")), group=0), "you have no group 0"),
        (2, FreeTake(tile=parse("1m")[0], source="pond", index=0), "1m is not in seat 0's pond"),
        (2, FreeTake(tile=parse("2z")[0], source="group", index=0), "you have no group 0"),
        (2, FreeTake(tile=parse("2z")[0], source="wall", index=0), "from a 'pond' or a 'group'"),
        (3, FreeReveal(tile=parse("1p")[0]), "you do not hold 1p"),
        (3, FreeReveal(tile=parse("5z")[0], show=False), "no 5z of yours is shown"),
        (0, FreeDeal(), "the tiles are dealt already"),
        (0, FreeEndHand(winner=4, deltas=(0, 0, 0, 0)), "4 is not a seat"),
        (0, FreeEndHand(winner=1, deltas=(1, 2, 3)), "points are 4 numbers"),
        (0, FreeEndHand(winner=None, deltas=(0,) * 4, from_seat=2), "a draw is off nobody"),
        (0, FreeEndHand(winner=1, deltas=(0,) * 4, from_seat=1), "self-draw"),
        (5, FreePass(), "5 is not a seat"),
    ],
)
def test_an_impossible_move_is_refused_and_nothing_changes(table, seat, action, reason):
    before = state(table)
    with pytest.raises(IllegalAction, match=reason):
        table.act(seat, action)
    assert state(table) == before
    assert table.rules[0].why_not(action) is not None or seat != 0


def test_before_the_deal_only_the_deal_a_pass_or_an_end():
    t = rigged(HANDS, REST)
    before = state(t)
    for action in (FreeDraw(), FreeDiscard(tile=parse("1m")[0]), FreeReveal(tile=None)):
        with pytest.raises(IllegalAction, match="deal the tiles first"):
            t.act(1, action)
    # nobody holds a tile yet: a draw may be declared, a win may not (found by clicking)
    with pytest.raises(IllegalAction, match="seat 2 holds no tile to win with"):
        t.act(1, FreeEndHand(winner=2, deltas=(0, 9, 0, 0)))
    assert state(t) == before
    assert t.default_action(0) == FreeDeal() and t.default_action(1) == FreePass()
    t.act(3, FreeDeal())  # any seat may deal; the dealer is on turn after it
    assert t.turn == 0


def test_a_win_for_a_seat_with_an_empty_hand_shows_the_last_tile_of_its_groups(table):
    table.act(2, FreeMeld(tiles=tuple(table.hands[2])))
    assert table.hands[2] == []
    events = settle(table, 0, FreeEndHand(winner=2, deltas=(0, 0, 3, 0)))
    won = next(e for e in events if isinstance(e, FreeplayWon))
    assert won.tile == table.groups[2][0].tiles[-1] and won.hand == ()


def test_an_empty_wall_refuses_a_draw():
    t = rigged(HANDS, REST)
    t.act(0, FreeDeal())
    while t.wall:
        t.act(0, FreeDraw(back=len(t.wall) % 2 == 0))
    before = state(t)
    with pytest.raises(IllegalAction, match="the wall is empty"):
        t.act(1, FreeDraw())
    assert state(t) == before
    t.validate()


def test_every_seat_is_asked_the_seat_on_turn_first_the_others_optional(table):
    assert table.waiting_for() == [0, 1, 2, 3]
    assert table.optional_seats() == {1, 2, 3}
    rule = table.rules[2]
    table.act(0, FreeDraw())
    table.act(0, FreeDiscard(tile=one("3m")))
    assert table.waiting_for() == [1, 2, 3, 0] and table.optional_seats() == {0, 2, 3}
    assert table.rules[2] is rule  # seat 2's prompt stands; seats 0 and 1 are asked anew
    assert set(table.rules[1].names) >= {"free_draw", "free_discard", "free_end"}
    view = table.view(1)
    assert view.choice is not None and view.choice["type"] == "free_play"
    assert view.legal_actions == () and view.offered_tile == one("3m")
