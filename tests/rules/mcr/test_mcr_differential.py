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

from openmahjong.rules.mcr.scoring import NotAWin
from openmahjong.tiles import to_gb

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


def _random_closed_hand(rng) -> dict:
    kinds = [s * 10 + n for s in (1, 2, 3) for n in range(1, 10)] + list(range(41, 48))
    pool = rng.sample(kinds, rng.randint(4, 12))
    tiles: list[int] = []
    while len(tiles) < 14:
        t = rng.choice(pool)
        if tiles.count(t) < 4:
            tiles.append(t)
    win = rng.choice(tiles)
    tiles.remove(win)
    return {
        "pack": [],
        "hand": [to_gb(t) for t in tiles],
        "winTile": to_gb(win),
        "flowerCount": 0,
        "isSelfDrawn": rng.random() < 0.5,
        "is4thTile": False,
        "isAboutKong": False,
        "isWallLast": False,
        "seatWind": 0,
        "prevalentWind": 0,
    }


def test_same_verdict_on_any_fourteen_tiles():
    """Mostly not wins: both must refuse the same hands and score the rest alike."""
    rng = random.Random(5)
    for _ in range(3000):
        row = _random_closed_hand(rng)
        try:
            theirs = gb_fans(row)
        except TypeError:  # PyMahjongGB's ERROR_NOT_WIN
            theirs = None
        try:
            ours = score_row(row)
        except NotAWin:
            ours = None
        assert ours == theirs, row
