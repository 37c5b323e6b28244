"""The suit distance vectors built all at once with numpy equal those of a plain recursive walk.

``walk`` below is the recursion ``distance`` used before the numpy build (each suit solved on
its own, memoised by suffix): the reference the build must reproduce exactly. A one-off run
compared every suit a hand can hold (405,350 suits of at most 14 tiles) and found them equal;
here a sample of them, every suit of up to six tiles, and suits no hand can hold.
"""

from __future__ import annotations

import itertools
import random
from functools import cache

import pytest

from openmahjong.hand import distance
from openmahjong.hand.distance import INF, VECTOR_LEN, VECTORS, honor_id, suit_id

from .strategies import random_part


@cache
def walk(counts: bytes, older: int = 0, newer: int = 0) -> tuple[int, ...]:
    """Vector of a suit's suffix ``counts`` when ``older`` runs (started two positions back)
    and ``newer`` runs (one position back) still wait for tiles here."""
    if not counts:
        return (0,) + (INF,) * (VECTOR_LEN - 1) if older == newer == 0 else (INF,) * VECTOR_LEN
    waiting = older + newer
    best = [INF] * VECTOR_LEN
    for runs in range(5 - waiting if len(counts) >= 3 else 1):
        tail = walk(counts[1:], newer, runs)
        for triplet in (0, 1):
            for pair in (0, 1):
                need = waiting + runs + 3 * triplet + 2 * pair
                if need > 4:
                    continue
                cost = max(0, need - counts[0])
                sets = runs + triplet
                for k in range(5 - sets):
                    for p in range(2 - pair):
                        if tail[2 * k + p] < INF:
                            i = 2 * (k + sets) + p + pair
                            best[i] = min(best[i], cost + tail[2 * k + p])
    return tuple(best)


def test_every_small_suit_matches_the_walk() -> None:
    small = [c for c in itertools.product(range(5), repeat=9) if sum(c) <= 6]
    assert len(small) > 4000
    for counts in map(bytes, small):
        assert VECTORS[suit_id(counts)] == walk(counts), list(counts)


def test_suits_a_hand_can_hold_match_the_walk() -> None:
    rng = random.Random(20261129)
    for _ in range(3000):
        counts = random_part(rng, rng.randint(7, 14))
        assert VECTORS[suit_id(counts)] == walk(counts), list(counts)


def test_suits_no_hand_can_hold_match_the_walk() -> None:
    # The table covers all 5**9 suits, so a count vector past 14 tiles is answered too.
    rng = random.Random(5)
    suits = [random_part(rng, rng.randint(15, 35)) for _ in range(300)] + [bytes([4] * 9)]
    for counts in suits:
        assert VECTORS[suit_id(counts)] == walk(counts), list(counts)


def test_known_suits() -> None:
    vec = VECTORS[suit_id(bytes([1, 1, 1, 2, 0, 0, 0, 0, 0]))]  # 1234 with the 4 paired
    assert vec[2 * 1 + 1] == 0  # one run and the pair: complete
    assert vec[2 * 2 + 0] == 1  # two sets: 123 + 444 lacks one 4
    assert vec[0] == 0  # no set, no pair: nothing lacks
    four_ones = VECTORS[suit_id(bytes([4, 0, 0, 0, 0, 0, 0, 0, 0]))]
    assert four_ones[2 * 1 + 1] == 2  # 111 + 11 would take a fifth 1: 111 + 22 or 123 + 11
    assert four_ones[2 * 2 + 0] == 2  # 111 + 123 lacks the 2 and the 3


@pytest.mark.parametrize("counts", [bytes(8), bytes(10), bytes([5] + [0] * 8)])
def test_a_suit_is_nine_counts_of_at_most_four(counts: bytes) -> None:
    with pytest.raises(ValueError, match="nine counts"):
        suit_id(counts)


def test_all_suits_share_few_vectors() -> None:
    suit_id(bytes(9))  # builds the table
    assert len(distance._suit_classes) == 5**9
    classes = set(distance._suit_classes)
    assert len(classes) == len(distance._class_ids) == 126


def test_honor_vectors_do_not_depend_on_which_kind_holds_what() -> None:
    # honor_id memoises by the sorted counts: the seven kinds are interchangeable.
    rng = random.Random(11)
    for _ in range(500):
        counts = random_part(rng, rng.randint(0, 14), kinds=7)
        assert VECTORS[honor_id(counts)] == distance._honor_vector(counts), list(counts)
