"""Seed profile: ron and tsumo settlement, multi-ron, head bump, triple-ron abort, exhaustive
draw and tenpai payments, declining to reveal, nagashi mangan, abortive draws."""

from collections import Counter

from openmahjong.fairness import build_wall
from openmahjong.rules.riichi.game import GameOptions, new_hand
from openmahjong.table import AbortiveDraw, Discard, Phase, Pon, Ron, Tsumo, rigged_wall
from openmahjong.tiles import is_terminal_or_honor, parse

from .helpers import QUIET, discard, make, pass_all, play_out, tile, win_yaku

DEALER_7S = "112z2589p258s369m7s"
SEAT1_ITTSU = "123456789m11p56s"  # waits 4s/7s
SEAT3_TANYAO = "234m567m345p66p68s"  # waits 7s
SEAT2_PIN_ITTSU = "123456789p555z7s"  # waits 7s


def _multi(**options):
    return make(
        [DEALER_7S, SEAT1_ITTSU, QUIET[2], SEAT3_TANYAO],
        points=(25000, 25000, 25000, 24000),
        honba=2,
        sticks=1,
        **options,
    )


def test_multi_ron_every_claimant_wins_and_the_nearest_takes_honba_and_sticks():
    t = _multi()
    t.act(0, Discard(tile("7s")))
    t.act(3, Ron())
    t.act(1, Ron())
    r = t.result
    assert [w.seat for w in r.wins] == [1, 3]
    w1, w3 = r.wins[0].win, r.wins[1].win
    assert r.deltas[1] == w1.total + 600 + 1000
    assert r.deltas[3] == w3.total
    assert r.deltas[0] == -(w1.total + 600 + w3.total)
    assert r.sticks == 0 and sum(r.points) == 100000
    assert not r.dealer_continues


def test_head_bump_only_the_nearest_claimant_wins():
    t = _multi(ron_mode="HEAD_BUMP")
    t.act(0, Discard(tile("7s")))
    assert Ron() in t.legal_actions(3)
    t.act(3, Ron())
    t.act(1, Ron())
    assert [w.seat for w in t.result.wins] == [1]
    assert t.result.deltas[3] == 0


def _triple(**options):
    return make([DEALER_7S, SEAT1_ITTSU, SEAT2_PIN_ITTSU, SEAT3_TANYAO], **options)


def test_triple_ron_all_three_win_under_majsoul():
    t = _triple()
    t.act(0, Discard(tile("7s")))
    for s in (1, 2, 3):
        t.act(s, Ron())
    assert [w.seat for w in t.result.wins] == [1, 2, 3]


def test_triple_ron_aborts_under_tenhou_presets():
    t = _triple(triple_ron_abort=True)
    t.act(0, Discard(tile("7s")))
    for s in (1, 2, 3):
        t.act(s, Ron())
    r = t.result
    assert r.reason == "triple_ron" and r.dealer_continues and r.deltas == (0, 0, 0, 0)


def test_tsumo_all_three_pay_and_the_winner_takes_honba_and_sticks():
    t = make(
        [QUIET[0], SEAT1_ITTSU, QUIET[2], QUIET[3]],
        draws="7s",
        points=(25000, 25000, 24000, 24000),
        honba=1,
        sticks=2,
    )
    discard(t, 0, "1z")
    t.act(1, Tsumo())
    r = t.result
    w = r.wins[0].win
    assert r.deltas[1] == w.total + 300 + 2000
    assert all(r.deltas[s] < 0 for s in (0, 2, 3))
    assert sum(r.points) == 100000 and r.sticks == 0


def test_haitei_on_the_last_live_draw():
    t = make([QUIET[0], SEAT1_ITTSU, QUIET[2], QUIET[3]], draws="7s")
    live = t.wall.live
    live[0], live[-1] = live[-1], live[0]
    t.wall.position = len(live) - 1
    t.policy.state.uninterrupted = False  # as after a call: seat 1's first draw is no chiihou
    discard(t, 0, "1z")
    assert t.wall.live_remaining == 0 and Tsumo() in t.legal_actions(1)
    yaku = win_yaku(t, 1, Tsumo())
    assert "haitei_raoyue" in yaku and "rinshan_kaihou" not in yaku


def test_exhaustive_draw_one_tenpai_takes_3000():
    t = make([QUIET[0], SEAT1_ITTSU, QUIET[2], QUIET[3]])
    play_out(t)
    r = t.result
    assert r.reason == "exhaustive"
    assert r.tenpai == (False, True, False, False)
    assert r.deltas == (-1000, 3000, -1000, -1000)
    assert not r.dealer_continues


def test_exhaustive_draw_two_tenpai_split_3000():
    t = make([QUIET[0], SEAT1_ITTSU, QUIET[2], SEAT3_TANYAO[:-3] + "6s8s"])
    play_out(t)
    assert t.result.deltas == (-1500, 1500, -1500, 1500)


def test_exhaustive_draw_declining_to_reveal_counts_as_noten():
    t = make([QUIET[0], SEAT1_ITTSU, QUIET[2], QUIET[3]])
    play_out(t, reveal=False)
    assert t.result.tenpai == (False, False, False, False)
    assert t.result.deltas == (0, 0, 0, 0)


def test_exhaustive_draw_tenpai_dealer_continues():
    t = make(["123456789m11p56s1z", QUIET[1], QUIET[2], QUIET[3]])
    play_out(t)
    assert t.result.tenpai[0] and t.result.dealer_continues
    assert t.result.deltas == (3000, -1000, -1000, -1000)


def test_riichi_sticks_carry_over_an_exhaustive_draw():
    t = make(["123456789m11p56s1z", QUIET[1], QUIET[2], QUIET[3]])
    t.act(0, Discard(41, riichi=True))
    play_out(t)
    assert t.result.sticks == 1 and sum(t.result.points) + 1000 == 100000


def test_nagashi_mangan_when_every_discard_is_a_terminal_or_honor():
    hands = [parse(h) for h in QUIET]
    pool = Counter(build_wall("riichi")) - Counter(t for h in hands for t in h)
    orphans = sorted(t for t in pool.elements() if is_terminal_or_honor(t))
    simples = sorted(t for t in pool.elements() if not is_terminal_or_honor(t))
    draws = []
    for k in range(1, 70):  # draw k goes to seat k % 4; the dealer is seat 0
        draws.append(orphans.pop() if k % 4 == 0 else simples.pop())
    t = new_hand(rigged_wall(QUIET, draws))
    play_out(t)
    r = t.result
    assert r.reason == "nagashi"
    assert r.deltas == (12000, -4000, -4000, -4000)


def test_nine_terminals_abortive_draw_on_the_first_turn():
    t = make(["19m19p19s1234z234m5p", QUIET[1], QUIET[2], QUIET[3]])
    assert AbortiveDraw("nine_terminals") in t.legal_actions(0)
    t.act(0, AbortiveDraw("nine_terminals"))
    r = t.result
    assert r.reason == "nine_terminals" and r.dealer_continues and r.deltas == (0, 0, 0, 0)


def test_four_identical_first_wind_discards_abort():
    hands = [QUIET[0], "17z147m1479p1479s", "156z369p369s1m7m8s8p", QUIET[3]]
    t = make(hands)
    discard(t, 0, "1z")
    discard(t, 1, "1z")
    discard(t, 2, "1z")
    assert t.phase == Phase.TURN
    discard(t, 3, "1z")
    assert t.phase == Phase.ENDED and t.result.reason == "four_winds"


def test_four_riichi_abort():
    hands = ["123456789m11p56s1z", "123456789p11s56m", "123456789s22m34p", "1112223334445z"]
    t = make(hands, draws="7z7z7z")
    t.act(0, Discard(41, riichi=True))
    pass_all(t)
    for seat in (1, 2, 3):
        t.act(seat, Discard(tile("7z"), riichi=True))
        pass_all(t)
    r = t.result
    assert r.reason == "four_riichi" and r.sticks == 4 and r.dealer_continues
    assert r.points == (24000, 24000, 24000, 24000)


def test_presets_exist():
    from openmahjong.rules.riichi.game import PRESETS

    # The four base presets; Mahjong Soul's special rooms add theirs (issue 20).
    base = {"majsoul-tonpuu", "majsoul-hanchan", "tenhou-tonpuu", "tenhou-hanchan"}
    assert base <= set(PRESETS) and all(name.startswith("majsoul-") for name in set(PRESETS) - base)
    assert PRESETS["tenhou-hanchan"].triple_ron_abort and PRESETS["majsoul-tonpuu"].length == 4
    assert GameOptions().ron_mode == "MULTI_RON"


def test_pao_the_seat_that_fed_the_third_dragon_pays_the_tsumo():
    hands = ["12z258m258p258s36m5z", "556677z123m99p12s", "346z147m147p1479s", "1247z369m369p369s"]
    t = make(hands, draws="2m3p3s4m4p4s9p")
    t.act(0, Discard(tile("5z")))
    t.act(1, Pon((46, 46)))
    pass_all(t)
    discard(t, 1, "1s")
    discard(t, 2, "6z", settle=False)
    t.act(1, Pon((47, 47)))
    pass_all(t)
    discard(t, 1, "2s")
    t.act(2, Discard(t.last_drawn))
    pass_all(t)
    discard(t, 3, "7z", settle=False)
    t.act(1, Pon((45, 45)))
    pass_all(t)
    assert t.policy.state.liable == {1: 3}
    discard(t, 1, "9p")
    for seat in (2, 3, 0):
        t.act(seat, Discard(t.last_drawn))
        pass_all(t)
    assert t.turn == 1 and Tsumo() in t.legal_actions(1)
    t.act(1, Tsumo())
    assert t.result.deltas == (0, 32000, 0, -32000)


def test_nine_terminals_for_a_non_dealer_on_its_first_draw_only_while_uninterrupted():
    hands = [QUIET[0], "19m19p19s12z2345m6p", QUIET[2], QUIET[3]]
    t = make(hands, draws="3z")
    discard(t, 0, "1z")
    assert AbortiveDraw("nine_terminals") in t.legal_actions(1)
    t.act(1, Discard(tile("3z")))
    pass_all(t)
    assert t.result is None
