"""Seed profile: riichi conditions and stick, double riichi, ippatsu, the three furiten kinds."""

import pytest

from openmahjong.rules.riichi.game.events import RiichiAccepted
from openmahjong.table import PASS, Discard, IllegalAction, Phase, Pon, Ron, Tsumo

from .helpers import QUIET, discard, make, pass_all, tile, tsumogiri

#: Dealer: 123456789m 11p 56s + 1z; discarding 1z leaves tenpai on 4s/7s (a full straight).
R0 = "123456789m11p56s1z"
SEAT1_RON_EAST = "11z123m456m789p99s"  # shanpon on East (round wind) and 9s


def test_riichi_offered_only_when_the_discard_leaves_tenpai():
    t = make([R0, QUIET[1], QUIET[2], QUIET[3]])
    legal = t.legal_actions(0)
    assert Discard(41, riichi=True) in legal
    assert Discard(tile("1m"), riichi=True) not in legal


def test_riichi_needs_1000_points():
    t = make([R0, QUIET[1], QUIET[2], QUIET[3]], points=(900, 33100, 33000, 33000))
    assert not any(isinstance(a, Discard) and a.riichi for a in t.legal_actions(0))
    with pytest.raises(IllegalAction, match="riichi"):
        t.act(0, Discard(41, riichi=True))


def test_riichi_needs_four_live_tiles():
    t = make([R0, QUIET[1], QUIET[2], QUIET[3]])
    t.wall.position = len(t.wall.live) - 3  # white-box: only three live tiles are left
    assert not any(isinstance(a, Discard) and a.riichi for a in t.legal_actions(0))


def test_riichi_needs_a_closed_hand():
    hands = [QUIET[0], "117z147m147p1479s", QUIET[2], QUIET[3]]
    t = make(hands, draws="9m")
    discard(t, 0, "1z", settle=False)
    t.act(1, Pon((41, 41)))
    assert not any(isinstance(a, Discard) and a.riichi for a in t.legal_actions(1))


def test_riichi_stick_taken_exactly_once_after_the_discard_passes():
    t = make([R0, QUIET[1], QUIET[2], QUIET[3]], draws="7z7z3p3p")
    t.act(0, Discard(41, riichi=True))
    pass_all(t)
    assert t.seats[0].points == 24000 and t.policy.state.sticks == 1
    assert sum(isinstance(e, RiichiAccepted) for e in t.events) == 1
    # Another go-around: no further deduction.
    for seat in (1, 2, 3):
        tsumogiri(t, seat)
    assert t.turn == 0
    t.act(0, Discard(t.last_drawn))
    pass_all(t)
    assert t.seats[0].points == 24000 and t.policy.state.sticks == 1
    assert sum(isinstance(e, RiichiAccepted) for e in t.events) == 1


def test_riichi_discard_that_deals_in_takes_no_stick():
    hands = [R0, SEAT1_RON_EAST, QUIET[2], "234567z5m5p5s6m6p6s9s"]
    t = make(hands)
    t.act(0, Discard(41, riichi=True))
    t.act(1, Ron())
    assert t.phase == Phase.ENDED
    assert not t.seats[0].extra.riichi
    assert t.result.sticks == 0
    assert sum(t.result.points) == 100000


def test_in_riichi_only_the_drawn_tile_may_be_discarded():
    t = make([R0, QUIET[1], QUIET[2], QUIET[3]], draws="7z7z3p3p")
    t.act(0, Discard(41, riichi=True))
    pass_all(t)
    for seat in (1, 2, 3):
        tsumogiri(t, seat)
    discards = [a for a in t.legal_actions(0) if isinstance(a, Discard)]
    assert discards == [Discard(t.last_drawn)]
    with pytest.raises(IllegalAction, match="drawn tile"):
        t.act(0, Discard(tile("1m")))


def test_double_riichi_on_an_uninterrupted_first_discard():
    t = make([R0, QUIET[1], QUIET[2], QUIET[3]])
    t.act(0, Discard(41, riichi=True))
    pass_all(t)
    assert t.seats[0].extra.double_riichi


def test_no_double_riichi_after_a_call_interrupted_the_first_go_around():
    # Seat 0 discards East, seat 1 pons it; seat 2 then declares riichi on its first discard.
    hands = [QUIET[0], "117z147m147p1479s", "123456789m11p56s", "234567z5m5p5s6m6p6s9s"]
    t = make(hands, draws="9m")
    discard(t, 0, "1z", settle=False)
    t.act(1, Pon((41, 41)))
    discard(t, 1, "7z")
    assert t.turn == 2
    t.act(2, Discard(t.last_drawn, riichi=True))
    pass_all(t)
    assert t.seats[2].extra.riichi and not t.seats[2].extra.double_riichi


def test_ippatsu_cancelled_by_a_call():
    # Dealer riichi; seat 1 discards 7z which seat 2 (holding 77z) pons.
    hands = [R0, QUIET[1], "77z4z369p2369s1m7m8p", "23456z5m5p5s6m6p6s89s"]
    t = make(hands)
    t.act(0, Discard(41, riichi=True))
    pass_all(t)
    assert t.seats[0].extra.ippatsu
    red = tile("7z")
    t.act(1, Discard(red))
    t.act(2, Pon((red, red)))
    assert not t.seats[0].extra.ippatsu


def test_ippatsu_ends_with_the_riichi_players_next_discard():
    t = make([R0, QUIET[1], QUIET[2], QUIET[3]], draws="7z7z3p3p")
    t.act(0, Discard(41, riichi=True))
    pass_all(t)
    for seat in (1, 2, 3):
        tsumogiri(t, seat)
    assert t.seats[0].extra.ippatsu
    tsumogiri(t, 0)
    assert not t.seats[0].extra.ippatsu


SEAT1_ITTSU = "123456789m11p56s"  # waits 4s/7s


def test_furiten_own_discards_block_ron_but_not_tsumo():
    t = make([QUIET[0], SEAT1_ITTSU, QUIET[2], QUIET[3]], draws="7s4s1z1z4s")
    discard(t, 0, "1z")
    assert Tsumo() in t.legal_actions(1)  # 7s completes it; seat 1 declines
    discard(t, 1, "7s")
    t.act(2, Discard(tile("4s")))
    assert Ron() not in t.legal_actions(1)
    pass_all(t)
    discard(t, 3, "1z")
    discard(t, 0, "1z")
    assert t.turn == 1 and t.last_drawn == tile("4s")
    assert Tsumo() in t.legal_actions(1)


def test_furiten_temporary_after_passing_ron_until_next_draw():
    t = make([QUIET[0], SEAT1_ITTSU, QUIET[2], QUIET[3]], draws="9p4s7s1z9p4s")
    discard(t, 0, "1z")
    discard(t, 1, "9p")
    t.act(2, Discard(tile("4s")))
    assert Ron() in t.legal_actions(1)
    t.act(1, PASS)
    pass_all(t)
    assert t.seats[1].extra.furiten_temporary
    t.act(3, Discard(tile("7s")))
    assert Ron() not in t.legal_actions(1)
    assert t.view(1).own["furiten"] and "furiten" not in t.view(2).seats_public[1]
    pass_all(t)
    discard(t, 0, "1z")
    assert not t.seats[1].extra.furiten_temporary  # cleared by seat 1's draw
    discard(t, 1, "9p")
    t.act(2, Discard(tile("4s")))
    assert Ron() in t.legal_actions(1)


def test_furiten_in_riichi_after_passing_ron_lasts_the_hand():
    t = make([QUIET[0], SEAT1_ITTSU, QUIET[2], QUIET[3]], draws="9p4s7s1z9p4s")
    discard(t, 0, "1z")
    t.act(1, Discard(tile("9p"), riichi=True))
    pass_all(t)
    t.act(2, Discard(tile("4s")))
    t.act(1, PASS)
    pass_all(t)
    assert t.seats[1].extra.furiten_riichi
    t.act(3, Discard(tile("7s")))
    assert Ron() not in t.legal_actions(1)
    pass_all(t)
    discard(t, 0, "1z")
    discard(t, 1, "9p")
    t.act(2, Discard(tile("4s")))
    assert Ron() not in t.legal_actions(1)


def test_calling_while_ron_was_available_counts_as_passing():
    t = make([QUIET[0], SEAT1_RON_EAST, QUIET[2], QUIET[3]])
    t.act(0, Discard(41))
    assert Ron() in t.legal_actions(1) and Pon((41, 41)) in t.legal_actions(1)
    t.act(1, Pon((41, 41)))
    assert t.seats[1].extra.furiten_temporary


def test_fifth_copy_sole_wait_is_not_tenpai():
    from openmahjong.rules.riichi.game.waits import riichi_waits
    from openmahjong.tiles import parse

    # 1111m is held: a 1m tanki on top would need a fifth copy.
    assert riichi_waits(parse("1111m234p567p789s")) == []
    assert riichi_waits(parse("1112m234p567p789s")) != []


RIICHI_KAN_OTHERS = ["37z258m1469p1469s", "456z369p369s2m7m8s8p", QUIET[3]]


def _riichi_then_draw_1m(dealer_hand):
    t = make([dealer_hand] + RIICHI_KAN_OTHERS, draws="7z7z3p1m")
    t.act(0, Discard(tile("9m"), riichi=True))
    pass_all(t)
    for seat in (1, 2, 3):
        tsumogiri(t, seat)
    assert t.turn == 0 and t.last_drawn == tile("1m")
    return t


def test_kan_in_riichi_offered_when_the_waits_do_not_change():
    from openmahjong.table import Ankan

    t = _riichi_then_draw_1m("111m234p567p789s5s9m")  # tanki 5s either way
    assert Ankan((11, 11, 11, 11)) in t.legal_actions(0)


def test_kan_in_riichi_not_offered_when_it_would_change_the_waits():
    from openmahjong.table import Ankan

    t = _riichi_then_draw_1m("1113m456p789s222z9m")  # waits 2m/3m; after the kan only 3m
    assert not any(isinstance(a, Ankan) for a in t.legal_actions(0))
    with pytest.raises(IllegalAction):
        t.act(0, Ankan((11, 11, 11, 11)))
