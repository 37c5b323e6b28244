"""Shanten of the regular form for hands of five sets (Taiwan's 16/17 tiles): the long tables
agree with the shared ones up to four sets, and with a brute-force split beyond."""

from __future__ import annotations

import random

import pytest

from openmahjong.hand import distance, long_distance
from openmahjong.hand.shanten import REGULAR, regular_shanten, shanten, shanten_by_form
from openmahjong.tiles import parse


def complete(c: list[int], sets: int, pair: int) -> bool:
    """Brute force: the counts split into exactly ``sets`` sets and ``pair`` pairs."""
    i = next((i for i in range(34) if c[i]), 34)
    if i == 34:
        return sets == 0 and pair == 0
    found = False
    if pair and c[i] >= 2:
        c[i] -= 2
        found = complete(c, sets, 0)
        c[i] += 2
    if not found and sets and c[i] >= 3:
        c[i] -= 3
        found = complete(c, sets - 1, pair)
        c[i] += 3
    if not found and sets and i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        for j in (i, i + 1, i + 2):
            c[j] -= 1
        found = complete(c, sets - 1, pair)
        for j in (i, i + 1, i + 2):
            c[j] += 1
    return found


def random_counts(rng: random.Random, size: int, kinds: int) -> list[int]:
    wall = [i for i in range(kinds) for _ in range(4)]
    c = [0] * 34
    for i in rng.sample(wall, size):
        c[i] += 1
    return c


def test_the_long_vectors_agree_with_the_shared_ones_up_to_four_sets() -> None:
    rng = random.Random(5)
    for _ in range(3000):
        c = random_counts(rng, rng.choice((5, 8, 11, 14)), 34)
        packed = bytes(c)
        assert long_distance.hand_vector(packed)[:10] == distance.VECTORS[distance.hand_id(packed)]


@pytest.mark.parametrize("kinds", [9, 27, 34])
def test_sixteen_tiles_are_ready_exactly_when_a_tile_completes_them(kinds: int) -> None:
    rng = random.Random(kinds)
    for _ in range(1500):
        c = random_counts(rng, 16, kinds)
        ready = False
        for k in range(34):
            if c[k] < 4:
                c[k] += 1
                ready = ready or complete(c, 5, 1)
                c[k] -= 1
        assert (regular_shanten(c) == 0) == ready, c
        assert regular_shanten(c) >= 0


def test_seventeen_tiles_of_five_sets_and_a_pair_are_complete() -> None:
    rng = random.Random(17)
    for _ in range(2000):
        c = random_counts(rng, 17, 34)
        assert (regular_shanten(c) == -1) == complete(c, 5, 1), c


def test_the_public_call_takes_long_hands_for_the_regular_form() -> None:
    assert shanten(parse("123456789m234567p99s"), forms=(REGULAR,)) == -1
    assert shanten(parse("123456789m234567p9s"), forms=(REGULAR,)) == 0
    # one suit holding all five sets
    assert shanten(parse("11122233344455566m"), forms=(REGULAR,)) == -1
    with pytest.raises(ValueError, match="16 or 17 tiles"):
        shanten(parse("123456789m123456789p"), forms=(REGULAR,))
    # the default forms keep their limit
    with pytest.raises(ValueError, match="13 or 14 tiles"):
        shanten(parse("123456789m234567p99s"))


def test_shanten_by_form_takes_long_hands_for_the_regular_form_too() -> None:
    assert shanten_by_form(parse("123456789m234567p9s"), forms=(REGULAR,)) == {REGULAR: 0}
    assert shanten_by_form(parse("123456789m234567p99s"), forms=(REGULAR,)) == {REGULAR: -1}
    with pytest.raises(ValueError, match="13 or 14 tiles"):
        shanten_by_form(parse("123456789m234567p99s"), forms=(REGULAR, "seven_pairs"))
