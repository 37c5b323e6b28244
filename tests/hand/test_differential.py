"""Agreement with the `mahjong` library (MahjongRepository, 2.1.0) on thousands of hands."""

from __future__ import annotations

import random

import numpy as np
import pytest
from mahjong.shanten import Shanten

from openmahjong import hand
from openmahjong.tiles import ALL_KINDS

from .strategies import HAND_SIZES, random_counts


@pytest.mark.parametrize("size", HAND_SIZES)
def test_shanten_agrees_with_mahjong(size: int) -> None:
    rng = random.Random(size)
    oracle = Shanten()
    for _ in range(3000):
        counts = random_counts(rng, size)
        assert hand.shanten_counts(counts) == oracle.calculate_shanten(counts), counts


def test_near_complete_hands_agree_with_mahjong() -> None:
    # Random hands are mostly far from ready; build hands from random complete shapes and
    # knock tiles out, so tenpai and 1-shanten hands (where waits matter) are well covered.
    rng = random.Random(7)
    oracle = Shanten()
    checked = 0
    while checked < 3000:
        counts = [0] * 34
        for _ in range(4):
            if rng.random() < 0.5:
                suit = rng.randrange(3)
                start = 9 * suit + rng.randrange(7)
                for i in range(start, start + 3):
                    counts[i] += 1
            else:
                counts[rng.randrange(34)] += 3
        counts[rng.randrange(34)] += 2
        if max(counts) > 4:
            continue
        tiles = [i for i in range(34) for _ in range(counts[i])]
        for i in rng.sample(tiles, rng.choice((1, 2))):
            counts[i] -= 1
        for _ in range(rng.choice((0, 1))):
            counts[rng.randrange(34)] += 1
        if max(counts) > 4 or sum(counts) % 3 == 0:
            continue
        assert hand.shanten_counts(counts) == oracle.calculate_shanten(counts), counts
        checked += 1


def test_regular_form_agrees_with_mahjong() -> None:
    rng = random.Random(99)
    for _ in range(2000):
        counts = random_counts(rng, 13)
        held = [ALL_KINDS[i] for i, n in enumerate(counts) for _ in range(n)]
        ours = hand.shanten_by_form(held, forms=(hand.REGULAR,))["regular"]
        assert ours == Shanten.calculate_shanten_for_regular_hand(counts)


def test_batch_agrees_with_mahjong() -> None:
    rng = random.Random(5)
    rows = [random_counts(rng, rng.choice(HAND_SIZES)) for _ in range(5000)]
    got = hand.shanten_batch(np.array(rows, dtype=np.uint8)).tolist()
    oracle = Shanten()
    assert got == [oracle.calculate_shanten(r) for r in rows]


def test_batch_rejects_bad_rows() -> None:
    with pytest.raises(ValueError, match="row 1"):
        hand.shanten_batch(np.array([[1] * 13 + [0] * 21, [1] * 12 + [0] * 22], dtype=np.uint8))
    with pytest.raises(ValueError, match="0..4"):
        hand.shanten_batch(np.array([[5] + [1] * 8 + [0] * 25]))
    with pytest.raises(ValueError, match="N x 34"):
        hand.shanten_batch(np.zeros((2, 33)))
