"""Readings: every place the winning tile can sit, and the decompositions they come from."""

from __future__ import annotations

import random

from openmahjong.hand.decompose import decompositions, raw_decompositions
from openmahjong.rules.riichi.hand import build_hand
from openmahjong.rules.riichi.random_wins import random_win
from openmahjong.rules.riichi.shapes import (
    CHIITOITSU,
    KANCHAN,
    KOKUSHI,
    PENCHAN,
    RYANMEN,
    SHANPON,
    TANKI,
    THIRTEEN_SIDED,
    readings,
)


def waits(hand: str, win: str, tsumo: bool = False) -> set[int]:
    return {r.wait for r in readings(build_hand(hand, win, (), 3), tsumo)}


def test_a_tile_that_fits_several_places_gives_several_readings():
    # 234444m: the last 4m completes the run 234 (ryanmen) or the triplet 444 (shanpon).
    assert waits("234m444m456p789s11z", "4m") == {RYANMEN, SHANPON}
    assert waits("123m444m456p789s11z", "3m") == {PENCHAN}
    assert waits("123m456p789s345s44z", "4z") == {TANKI}
    assert waits("123m456p789s345s55z", "4s") == {KANCHAN}


def test_seven_pairs_and_thirteen_orphans():
    seven = readings(build_hand("1122m3344p5566s77z", "7z", (), 3), False)
    assert [r.form for r in seven] == [CHIITOITSU]
    orphans = readings(build_hand("19m19p19s1234567z1m", "1m", (), 3), False)
    assert [(r.form, r.wait) for r in orphans] == [(KOKUSHI, THIRTEEN_SIDED)]


def test_ron_on_a_shanpon_opens_that_triplet_only():
    r = [
        r
        for r in readings(build_hand("111m222p789s333s55p", "3s", (), 3), False)
        if r.wait == SHANPON
    ][0]
    concealed = {s[1]: s[2] for s in r.sets if s[0] == 0}
    assert concealed == {0: True, 10: True, 20: False}  # 1m, 2p concealed; 3s open


def test_raw_decompositions_match_the_sorted_ones():
    rng = random.Random(9)
    for _ in range(500):
        c = build_hand(
            **{k: v for k, v in random_win(rng).items() if k in ("hand", "win_tile", "melds")},
            red_fives=3,
        ).concealed
        raw = sorted((p, tuple(sorted(bs))) for p, bs in raw_decompositions(c))
        assert raw == sorted((d.pair, d.sets) for d in decompositions(c))
