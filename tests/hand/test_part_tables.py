"""Single calls answer the same on a hand's first sight (tables filling) and once warm."""

from __future__ import annotations

import random
import struct

import pytest

from openmahjong import hand, tiles
from openmahjong.hand import part_tables

from .strategies import HAND_SIZES, random_counts

# A different tuple object than RIICHI_FORMS: shanten_counts takes the per-form path with it.
PER_FORM = (hand.REGULAR, hand.SEVEN_PAIRS, hand.THIRTEEN_ORPHANS)


def parts(counts: list[int]) -> tuple[bytes, ...]:
    return struct.unpack("9s9s9s7s", bytes(counts))


@pytest.mark.parametrize("size", HAND_SIZES)
def test_first_sight_and_warm_calls_match_the_per_form_answer(size: int) -> None:
    rng = random.Random(1000 + size)
    for _ in range(1500):
        counts = random_counts(rng, size)
        expected = hand.shanten_counts(counts, forms=PER_FORM)
        assert part_tables.fill_and_answer(*parts(counts)) == expected, counts
        assert hand.shanten_counts(counts) == expected, counts


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1122m3344p5566s7z", 0),  # seven pairs (the regular form is 3-shanten)
        ("19m19p19s1234567z", 0),  # thirteen orphans, thirteen-sided
        ("119m19p19s123456z", 0),  # thirteen orphans waiting on the Red dragon
        ("19m19p19s11234z", 5),  # a meld made: thirteen orphans (2 if closed) cannot apply
        ("1m", 0),  # four melds made: a lone tile waits on itself
    ],
)
def test_special_forms_only_count_for_closed_hands(text: str, expected: int) -> None:
    counts = tiles.counts34(tiles.parse(text))
    assert part_tables.fill_and_answer(*parts(counts)) == expected
    assert hand.shanten_counts(counts) == expected


def test_tables_hold_the_entries_a_call_needs() -> None:
    counts = tiles.counts34(tiles.parse("234m567p789s1155z"))
    answer = hand.shanten_counts(counts)
    m, p, s, z = parts(counts)
    part_m, _ = part_tables.SUIT_ENTRIES[m]
    part_p, _ = part_tables.SUIT_ENTRIES[p]
    part_s, _ = part_tables.SUIT_ENTRIES[s]
    part_z, _ = part_tables.HONOR_ENTRIES[z]
    union = part_tables.UNION
    regular = part_tables.REGULAR[union[part_m][part_p]][union[part_s][part_z]]
    assert regular == answer == 0  # ready: East or White for the fourth set
