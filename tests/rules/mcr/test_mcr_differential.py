"""Differential test: random winning hands scored by the platform and by PyMahjongGB (C++).

The fan lists must be identical (PyMahjongGB's 独听・X names are the rulebook's X). The hands come
from a seeded generator covering every form: sets and a pair (with chi, pon, open and concealed
kongs), seven pairs, shifted pairs, thirteen orphans, honors and knitted, knitted straights and
nine gates, with random win flags, winds and flowers.
"""

from __future__ import annotations

import random

import pytest
from mcr_gb import gb_fans, random_win, score_row

pytest.importorskip("MahjongGB")

N_HANDS = 3000


@pytest.mark.parametrize("seed", [11, 23, 37])
def test_identical_fans_on_random_wins(seed):
    rng = random.Random(seed)
    mismatches = []
    for _ in range(N_HANDS):
        row = random_win(rng)
        ours, theirs = score_row(row), gb_fans(row)
        if ours != theirs:
            mismatches.append((row, ours, theirs))
    assert mismatches == []
