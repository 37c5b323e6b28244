"""DoraDorara (``majsoul-dorasan``): three indicators from the start, only the first two kans
turn up another, at most five indicators and five ura; the kan limit and four-kan abort as in
every preset."""

import pytest
from pydantic import ValidationError

from openmahjong.rules.riichi.game import GameOptions, preset
from openmahjong.rules.riichi.game.events import DoraRevealed, RiichiHandStarted, RiichiWon
from openmahjong.table import Ankan, Discard, Minkan, Phase, Tsumo
from openmahjong.table.events import Drew
from openmahjong.tiles import parse

from .helpers import QUIET, make, pass_all, tile, tsumogiri

DORASAN = {
    k: v
    for k, v in preset("majsoul-dorasan").model_dump().items()
    if k in ("dora_at_start", "kans_revealing_dora", "furiten_any_winning_tile", "length")
}

FOUR_KAN_HANDS = [
    "1z258m258p258s369m5z",
    "111z2222z3333z9m9p",
    "4444z147m147p147s",
    "567z369p369s369m8p",
]
#: Every dead-wall slot named: indicators 1m..5m, ura 6m..9m 1p, replacements 2p..5p.
FULL_DEAD = "1m2m3m4m5m6m7m8m9m1p2p3p4p5p"


def test_the_preset_differs_from_majsoul_tonpuu_only_in_its_indicators():
    a = preset("majsoul-tonpuu").model_dump()
    b = preset("majsoul-dorasan").model_dump()
    assert {k for k in a if a[k] != b[k]} == {"name", "dora_at_start", "kans_revealing_dora"}
    assert (b["dora_at_start"], b["kans_revealing_dora"]) == (3, 2)


def test_a_hand_starts_with_three_indicators_from_the_first_dead_wall_slots():
    t = make(QUIET, dead="1m3p5s", **DORASAN)
    start = next(e for e in t.events if isinstance(e, RiichiHandStarted))
    assert start.dora_indicators == tuple(parse("1m3p5s"))
    assert t.policy.dora_indicators(t) == parse("1m3p5s")
    assert t.policy.table_public(t)["dora_indicators"] == tuple(parse("1m3p5s"))
    assert not any(isinstance(e, DoraRevealed) for e in t.events)


def test_only_the_first_two_kans_reveal_and_four_kans_still_abort():
    t = make(FOUR_KAN_HANDS, draws="6m", dead=FULL_DEAD, **DORASAN)
    t.act(0, Discard(41))
    t.act(1, Minkan((41, 41, 41)))
    assert len(t.policy.dora_indicators(t)) == 3  # the open kan's waits for a discard or kan
    t.act(1, Ankan((42, 42, 42, 42)))  # shows the open kan's, then its own at once
    assert t.policy.dora_indicators(t) == parse("1m2m3m4m5m")
    t.act(1, Ankan((43, 43, 43, 43)))  # the third kan: nothing more
    assert t.policy.dora_indicators(t) == parse("1m2m3m4m5m")
    t.act(1, Discard(tile("9m")))
    pass_all(t)
    assert t.turn == 2
    t.act(2, Ankan((44, 44, 44, 44)))  # the fourth: nothing either
    reveals = [e.indicator for e in t.events if isinstance(e, DoraRevealed)]
    assert reveals == parse("4m5m")
    assert t.policy.ura_indicators(t) == parse("6m7m8m9m1p")
    # Replacement draws came from their own slots, never an indicator's.
    rinshan = [e.tile for e in t.events if isinstance(e, Drew) and e.rinshan]
    assert rinshan == parse("2p3p4p5p")
    assert t.wall.replacements_left == 0
    t.act(2, Discard(t.seats[2].hand[0]))
    pass_all(t)
    assert t.phase == Phase.ENDED and t.result.reason == "four_kans"


def test_early_kan_dora_timing_keeps_the_same_two_kan_limit():
    t = make(FOUR_KAN_HANDS, draws="6m", dead=FULL_DEAD, kan_dora="EARLY_KAN_DORA", **DORASAN)
    t.act(0, Discard(41))
    t.act(1, Minkan((41, 41, 41)))
    assert t.policy.dora_indicators(t) == parse("1m2m3m4m")
    t.act(1, Ankan((42, 42, 42, 42)))
    t.act(1, Ankan((43, 43, 43, 43)))
    assert t.policy.dora_indicators(t) == parse("1m2m3m4m5m")


#: The dealer: 234m 456p 678s 99s 23p waiting on 1p-4p after discarding East for double riichi.
RIICHI_HANDS = ["234m456p678s99s23p1z", *QUIET[1:]]
#: Indicators 1m 3p 5s (dora 2m 4p 6s: one each in the hand); kan slots 7z 7z; ura 8s 3m 9m
#: (ura 9s twice, 4m once, 1m none).
RIICHI_DEAD = "1m3p5s7z7z8s3m9m"


def test_a_riichi_win_counts_all_three_dora_and_three_ura():
    t = make(RIICHI_HANDS, draws="9m9m9m1p", dead=RIICHI_DEAD, **DORASAN)
    t.act(0, Discard(41, riichi=True))
    pass_all(t)
    for seat in (1, 2, 3):
        tsumogiri(t, seat)
    assert t.turn == 0 and t.last_drawn == tile("1p")
    t.act(0, Tsumo())
    (win,) = t.result.wins
    yaku = dict(win.win.yaku)
    assert yaku["dora"] == 3 and yaku["ura_dora"] == 3
    # double riichi 2, ippatsu 1, tsumo 1, pinfu 1, dora 3, ura 3: 11 han, a dealer's sanbaiman.
    assert win.win.han == 11 and win.win.limit == "sanbaiman"
    # The riichi stick comes back with the win.
    assert t.result.deltas == (36000, -12000, -12000, -12000)
    (won,) = [e for e in t.events if isinstance(e, RiichiWon)]
    assert won.ura_indicators == tuple(parse("8s3m9m"))


def test_the_same_hand_under_one_indicator_scores_one_dora():
    t = make(RIICHI_HANDS, draws="9m9m9m1p", dead=RIICHI_DEAD)
    t.act(0, Discard(41, riichi=True))
    pass_all(t)
    for seat in (1, 2, 3):
        tsumogiri(t, seat)
    t.act(0, Tsumo())
    yaku = dict(t.result.wins[0].win.yaku)
    assert yaku["dora"] == 1 and yaku["ura_dora"] == 2  # 1m shows 2m; 8s shows 9s twice


@pytest.mark.parametrize(
    "changes",
    [
        {"dora_at_start": 0},
        {"dora_at_start": 6},
        {"kans_revealing_dora": 5},
        {"dora_at_start": 3, "kans_revealing_dora": 3},
    ],
)
def test_indicator_counts_that_do_not_fit_the_dead_wall_are_refused(changes):
    with pytest.raises(ValidationError):
        GameOptions(**changes)


def test_an_outside_ai_hears_every_starting_indicator_before_the_first_draw():
    from openmahjong.bots.mjai_seat import MjaiSeat

    t = make(QUIET, draws="9s", dead="1m3p5s", **DORASAN)
    batch = MjaiSeat(1).events_for(t)
    assert [e["type"] for e in batch] == ["start_kyoku", "dora", "dora", "tsumo"]
    assert batch[0]["dora_marker"] == "1m"
    assert [e["dora_marker"] for e in batch[1:3]] == ["3p", "5s"]
