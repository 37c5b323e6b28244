"""One Battle of Asura hand on rigged walls: the exchange (any three tiles, refusals, timeout,
each direction), three winners at different turns with each payment (riichi sticks to the
winner, tsumo loss, hands hidden until the end), a bust ending the hand, the exhaustive draw
settled among the seats still playing, and the hand's record replaying."""

from __future__ import annotations

import pytest

from openmahjong.rules.riichi.game import preset
from openmahjong.rules.riichi.game.asura import AsuraWon, WinnerRevealed, suggest_exchange
from openmahjong.rules.riichi.game.record import hand_record, replay_hand
from openmahjong.rules.riichi.game.round import new_hand
from openmahjong.table import (
    PASS,
    Discard,
    IllegalAction,
    Phase,
    Reveal,
    Ron,
    Table,
    Tsumo,
    rigged_wall,
)
from openmahjong.table.events import HandEnded, event_to_dict
from openmahjong.table.exchange import DIRECTIONS, Exchange, TilesExchanged, receiver
from openmahjong.tiles import parse, sort_key

OPTS = preset("majsoul-asura")


def t1(text: str) -> int:
    return parse(text)[0]


def tiles(text: str) -> tuple[int, ...]:
    return tuple(parse(text))


def deal(
    kept: list[str],
    passes: list[str],
    draws: str = "",
    dead: str = "",
    *,
    direction: str = "counterclockwise",
    points: tuple[int, ...] | None = None,
    options=OPTS,
) -> Table:
    """A hand whose seats are dealt ``kept + passes`` and pass ``passes`` (all four chosen), so
    each seat then holds its kept tiles and the passes of the seat that gives to it."""
    wall = rigged_wall([k + p for k, p in zip(kept, passes, strict=True)], draws, dead)
    table = new_hand(wall, options, direction=direction, points=points)
    for s in range(4):
        table.act(s, Exchange(tiles(passes[s])))
    return table


def pass_all(t: Table) -> None:
    while t.phase == Phase.REACTION:
        for s in t.waiting_for():
            t.act(s, PASS)


def discard(t: Table, seat: int, text: str, *, riichi: bool = False) -> None:
    assert t.turn == seat and t.phase == Phase.TURN
    t.act(seat, Discard(t1(text), riichi=riichi))
    pass_all(t)


def wins(t: Table) -> list[AsuraWon]:
    return [e for e in t.events if isinstance(e, AsuraWon)]


# Three dragon triplets and East travel counter-clockwise (seat s to s + 1): every seat ends up
# with an honor triplet. Seat 1 then waits on 6s-9s, seat 2 on 3s-4s, seat 3 on 2p-9p, and the
# dealer on a 5s wait after its first discard.
KEPT = ["123m456m789p5s1p", "123p456p78s99m", "234m567p33s44s", "678m345p22p99p"]
PASSES = ["555z", "666z", "777z", "111z"]
#: Dora indicator 2z (dora: West, which nobody keeps); ura indicator 4z (ura: East).
DEAD = "2z1s1s2s2s4z"


def test_three_winners_at_different_turns_and_what_each_is_paid() -> None:
    draws = "2z3z4z" + "2z6s" + "3z3s" + "4z2z9p"
    t = deal(KEPT, PASSES, draws, DEAD)
    assert t.seats[1].hand[-3:] == list(tiles("555z"))  # what seat 0 passed
    discard(t, 0, "1p")
    discard(t, 1, "2z", riichi=True)  # double riichi: the stick goes on the table
    discard(t, 2, "3z")
    discard(t, 3, "4z")
    discard(t, 0, "2z")
    assert t.policy.state.sticks == 1
    # 1. Seat 1 draws 6s: double riichi, ippatsu, tsumo, haku = mangan, paid by all three.
    assert Tsumo() in t.legal_actions(1)
    t.act(1, Tsumo())
    first = wins(t)[-1]
    assert (first.order, first.han, first.sticks) == (1, 5, 1)
    assert first.payments == (-4000, 9000, -2000, -2000)
    assert t.seats[1].out and t.phase == Phase.TURN and t.turn == 2  # the winner's next seat
    assert t.policy.state.sticks == 0
    # Nobody else sees the hand or its yaku, only who won and what it paid.
    public = first.visible_to(0)
    assert public.hand == () and public.yaku == () and public.hidden
    assert public.payments == first.payments and public.order == 1
    assert t.view(0).seats_public[1]["won"] == 1 and t.view(0).seats_public[1]["revealed"] == []
    # 2. Seat 3 discards 3s and seat 2 rons it: hatsu, 40 fu, 1,300 from the discarder only.
    discard(t, 2, "3z")
    t.act(3, Discard(t1("3s")))
    assert t.waiting_for() == [2]  # seat 1 sits out: never asked
    t.act(2, Ron())
    second = wins(t)[-1]
    assert (second.order, second.from_seat, second.han, second.fu) == (2, 3, 1, 40)
    assert second.payments == (0, 0, 1300, -1300)
    assert t.turn == 3 and t.seats[2].out  # seat 2's next seat still playing draws
    # 3. The dealer declares riichi; seat 3 draws 9p: chun and tsumo, 2 han 40 fu. Only the
    # dealer still plays, so only its share (1,300) is paid (tsumo loss), plus the stick.
    discard(t, 3, "4z")
    discard(t, 0, "2z", riichi=True)
    t.act(3, Tsumo())
    third = wins(t)[-1]
    assert (third.order, third.han, third.fu, third.sticks) == (3, 2, 40, 1)
    assert third.payments == (-1300, 0, 0, 2300)
    shown_wins = t.view(None).table["wins"]
    assert [(w["seat"], w["points"], w["gain"]) for w in shown_wins] == [
        (1, 8000, 9000),
        (2, 1300, 1300),
        (3, 2700, 2300),  # 700-1300 in full; only the dealer paid, plus the stick
    ]
    # Three winners: the hand ends, every winner's hand shown.
    assert t.phase == Phase.ENDED
    result = t.result
    assert result.reason == "win" and [w.seat for w in result.wins] == [1, 2, 3]
    assert result.points == (18700, 33000, 24300, 24000) and result.sticks == 0
    assert not result.dealer_continues
    shown = [e for e in t.events if isinstance(e, WinnerRevealed)]
    assert [(e.seat, e.order) for e in shown] == [(1, 1), (2, 2), (3, 3)]
    assert shown[0].hand == tuple(sorted(tiles("555z123p456p78s99m6s"), key=sort_key))
    assert shown[0].ura_indicators == tiles("4z")  # a riichi winner's ura, counted at its win
    assert t.view(0).seats_public[3]["revealed"] != []
    ended = next(e for e in t.events if isinstance(e, HandEnded))
    assert ended.reason == "win" and ended.deltas == (-6300, 8000, -700, -1000)
    # The record replays to the same hand.
    again = replay_hand(hand_record(t))
    assert again.result == result
    assert [event_to_dict(e) for e in again.events] == [event_to_dict(e) for e in t.events]


def test_exhaustive_draw_is_settled_among_the_seats_still_playing() -> None:
    # Seat 1 wins on its second draw; then everyone discards what it draws. At the end seat 2
    # is ready and seats 0 and 3 are not: each pays seat 2 1,000; the winner takes no part.
    kept = ["1m4m7m2p5p8p3s6s9s2z3z", "123p456p78s99m", "234m567p33s44s", "9m1p9p1s9s4z4z3z2z2z"]
    passes = ["555z", "666z", "777z", "111z"]
    t = deal(kept, passes, "1m8m7p7m6s", DEAD)
    discard(t, 0, "2z")
    for seat, tile in ((1, "1m"), (2, "8m"), (3, "7p"), (0, "7m")):
        discard(t, seat, tile)
    t.act(1, Tsumo())  # haku and tsumo, 2 han 30 fu: 1,000 from the dealer, 500 each
    assert wins(t)[-1].payments == (-1000, 2000, -500, -500)
    _rest_of_wall_tsumogiri(t, reveal=True)
    result = t.result
    assert result.reason == "exhaustive" and not result.dealer_continues
    assert result.tenpai == (False, False, True, False)
    assert result.points == (23000, 27000, 26500, 23500)
    assert [w.seat for w in result.wins] == [1]
    revealed = [e for e in t.events if type(e).__name__ == "Revealed"]
    assert sorted(e.seat for e in revealed) == [0, 2, 3]  # the winner is not asked
    assert [e.seat for e in t.events if isinstance(e, WinnerRevealed)] == [1]


def test_a_seat_below_zero_ends_the_hand_at_once() -> None:
    draws = "2z3z4z2z6s"
    t = deal(KEPT, PASSES, draws, DEAD, points=(25000, 25000, 25000, 1500))
    for seat, tile in ((0, "1p"), (1, "2z"), (2, "3z"), (3, "4z"), (0, "2z")):
        discard(t, seat, tile, riichi=seat == 1)
    t.act(1, Tsumo())  # the mangan tsumo takes 2,000 from seat 3, which held 1,500
    assert t.phase == Phase.ENDED
    assert t.result.reason == "win" and len(t.result.wins) == 1
    assert t.result.points == (21000, 33000, 23000, -500)
    assert [e.seat for e in t.events if isinstance(e, WinnerRevealed)] == [1]


def test_a_win_in_the_extension_that_reaches_the_requirement_ends_the_hand() -> None:
    draws = "2z3z4z2z6s"
    wall = rigged_wall([k + p for k, p in zip(KEPT, PASSES, strict=True)], draws, DEAD)
    t = new_hand(wall, OPTS, direction="counterclockwise", sudden_death=30000, round_wind=42)
    for s in range(4):
        t.act(s, Exchange(tiles(PASSES[s])))
    for seat, tile in ((0, "1p"), (1, "2z"), (2, "3z"), (3, "4z"), (0, "2z")):
        discard(t, seat, tile, riichi=seat == 1)
    t.act(1, Tsumo())  # seat 1 reaches 33,000: sudden death
    assert t.phase == Phase.ENDED and t.result.points[1] == 33000
    again = replay_hand(hand_record(t))  # the record carries the sudden-death line
    assert again.result == t.result


# ---------------------------------------------------------------------- the exchange
def fresh(direction: str = "counterclockwise") -> Table:
    wall = rigged_wall([k + p for k, p in zip(KEPT, PASSES, strict=True)], "", DEAD)
    return new_hand(wall, OPTS, direction=direction)


def test_the_exchange_takes_any_three_held_tiles_and_refuses_anything_else() -> None:
    t = fresh()
    assert t.phase == Phase.SPECIAL and t.waiting_for() == [0, 1, 2, 3]
    assert t.legal_actions(1) == []  # a choice, not a list
    choice = t.view(1).choice
    assert choice is not None and choice["type"] == "exchange"
    assert choice["count"] == 3 and choice["same_suit"] is False
    before = [list(s.hand) for s in t.seats]
    refused = {
        "not held": Exchange(tiles("9s9s9s")),
        "two tiles": Exchange(tiles("55z")),  # type: ignore[arg-type]
        "a discard": Discard(t1("5z")),
    }
    for why, action in refused.items():
        with pytest.raises(IllegalAction):
            t.act(1, action)
        assert [list(s.hand) for s in t.seats] == before, why
    t.act(1, Exchange(tiles("1p7s9m")))  # three suits: any three tiles may go
    with pytest.raises(IllegalAction):
        t.act(1, Exchange(tiles("123p")))  # one choice per hand
    assert t.view(0).seats_public[1]["chosen"] is True
    assert t.view(0).table["stage"] == "exchange"
    assert t.view(0).table["exchange_direction"] is None


def test_a_seat_that_times_out_passes_the_suggested_three() -> None:
    t = fresh()
    hand = tuple(t.seats[2].hand)
    suggested = suggest_exchange(hand)
    assert t.view(2).choice["suggested"] == list(suggested)
    # Seat 2 holds 234m 567p 33s 44s 777z, ready: a whole run goes, so it stays ready with
    # its dragon triplet.
    assert suggested == tiles("234m")
    for s in range(4):
        t.timeout(s)
    assert t.phase == Phase.TURN and t.turn == 0 and len(t.seats[0].hand) == 14
    got = [e for e in t.events if isinstance(e, TilesExchanged) and e.seat == 2][0]
    assert got.given == suggested
    assert t.action_log()[2][2:] == ["timeout"]


def test_suggestion_keeps_a_ready_hand_and_passes_isolated_honors() -> None:
    # 13 tiles ready on 3-6p with three lone winds: the winds go.
    assert sorted(suggest_exchange(tiles("123m456m789s45p1z2z3z"))) == sorted(tiles("1z2z3z"))
    # Dora (kept by index) stay when something else costs as little.
    keep = frozenset({27})  # 1z is dense index 27
    assert t1("1z") not in suggest_exchange(tiles("123m456m789s45p1z2z3z4z"), keep)


@pytest.mark.parametrize("direction", sorted(DIRECTIONS))
def test_each_direction_passes_to_its_seat(direction: str) -> None:
    t = fresh(direction)
    for s in range(4):
        t.act(s, Exchange(tiles(PASSES[s])))
    for s in range(4):
        to = receiver(s, direction)
        assert t.view(to).own["received"] == list(tiles(PASSES[s]))
        assert t.view(s).own["given"] == list(tiles(PASSES[s]))
    mine = [e for e in t.events if isinstance(e, TilesExchanged)]
    assert [e.seat for e in mine] == [0, 1, 2, 3]
    assert event_to_dict(mine[1].visible_to(0)) == {
        "type": "TilesExchanged",
        "seat": 1,
        "direction": direction,
        "private_to": None,
    }
    view = t.view(None)
    assert view.table["exchange_direction"] == direction and view.table["stage"] == "play"
    expected = {"counterclockwise": 1, "across": 2, "clockwise": 3}[direction]
    assert receiver(0, direction) == expected


def test_the_direction_is_required_and_checked() -> None:
    wall = rigged_wall([k + p for k, p in zip(KEPT, PASSES, strict=True)], "", DEAD)
    with pytest.raises(ValueError, match="direction"):
        new_hand(wall, OPTS)
    with pytest.raises(ValueError, match="sideways"):
        new_hand(wall, OPTS, direction="sideways")


def test_the_riichi_bot_plays_the_exchange() -> None:
    from openmahjong.bots.riichi import RiichiBot

    t = fresh()
    for s in range(4):
        action = RiichiBot(s).act(t.view(s))
        assert isinstance(action, Exchange)
        t.act(s, action)
    assert t.phase == Phase.TURN and not t.timeouts


def _rest_of_wall_tsumogiri(t: Table, *, reveal: bool = True) -> None:
    """Everyone discards what they drew and passes every claim until the hand ends."""
    for _ in range(400):
        if t.phase == Phase.ENDED:
            return
        if t.phase == Phase.REACTION:
            pass_all(t)
        elif t.phase == Phase.SPECIAL:
            for s in t.waiting_for():
                t.act(s, Reveal(reveal))
        else:
            t.act(t.turn, Discard(t.last_drawn))
    raise AssertionError("the hand did not end")


def test_a_double_ron_pays_both_and_play_goes_on_after_the_last_winner() -> None:
    # The dealer's first discard, 6s, is seat 1's (78s) and seat 2's (57s) winning tile. The
    # stick carried from an earlier hand goes to seat 1, the winner nearest the discarder.
    kept = ["123m456m789p5s6s", "123p456p78s99m", "234m567p33s57s", "678m345p22p99p"]
    wall = rigged_wall([k + p for k, p in zip(kept, PASSES, strict=True)], "", DEAD)
    t = new_hand(wall, OPTS, direction="counterclockwise", sticks=1)
    for s in range(4):
        t.act(s, Exchange(tiles(PASSES[s])))
    t.act(0, Discard(t1("6s")))
    assert t.waiting_for() == [1, 2]
    t.act(1, Ron())
    t.act(2, Ron())
    first, second = wins(t)
    assert (first.seat, first.sticks, first.payments) == (1, 1, (-1300, 2300, 0, 0))
    assert (second.seat, second.sticks, second.payments) == (2, 0, (-1300, 0, 1300, 0))
    assert t.phase == Phase.TURN and t.turn == 3  # after the last winner, seat 2
    assert t.seats[1].out and t.seats[2].out and t.policy.state.sticks == 0


def test_a_robbed_added_kan_is_a_pon_again_and_play_goes_on() -> None:
    # Seat 1 lets the dealer's 6s go (seat 3 pons it), then robs seat 3's added kan of the
    # fourth 6s: chankan and haku, 2 han 40 fu, 2,600 from seat 3, whose kan is a pon again.
    kept = ["123m456m789p5s6s", "123p456p78s99m", "234m567p33s44s", "678m345p22p66s"]
    t = deal(kept, PASSES, "2z3z4z6s", DEAD)
    t.act(0, Discard(t1("6s")))
    assert sorted(t.waiting_for()) == [1, 3]
    t.act(1, PASS)
    t.act(3, next(a for a in t.legal_actions(3) if a.name == "pon"))
    discard(t, 3, "2p")
    for seat in (0, 1, 2):
        t.act(seat, Discard(t.last_drawn))
        pass_all(t)
    kan = next(a for a in t.legal_actions(3) if a.name == "kakan")
    t.act(3, kan)
    assert t.waiting_for() == [1]
    t.act(1, Ron())
    won = wins(t)[-1]
    assert (won.seat, won.from_seat, won.han, won.fu) == (1, 3, 2, 40)
    assert won.payments == (0, 2600, 0, -2600)
    assert [m.kind for m in t.seats[3].melds] == ["pon"] and len(t.seats[3].melds[0].tiles) == 3
    assert t.phase == Phase.TURN and t.turn == 2 and t.seats[1].out
