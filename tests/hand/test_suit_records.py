"""Per-suit records against a plain per-tile reading of the counts (``suit_tables``)."""

from __future__ import annotations

import random

import pytest

from openmahjong.hand import distance, suit_tables
from openmahjong.hand.suit_tables import ID_BITS, ID_MASK, honor_record, suit_record


def _expected_counters(counts: bytes, orphan_positions: range | tuple[int, ...]) -> dict[str, int]:
    held = [n for n in counts if n]
    return {
        "tiles": sum(counts),
        "pairs": min(sum(1 for n in held if n >= 2), 7),
        "kinds": len(held),
        "orphans": sum(1 for i in orphan_positions if counts[i]),
        "orphan_pairs": min(sum(1 for i in orphan_positions if counts[i] >= 2), 7),
    }


def _read_counters(record: int) -> dict[str, int]:
    counters = record >> ID_BITS
    return {
        "tiles": counters & 15,
        "pairs": counters >> 4 & 7,
        "kinds": counters >> 7 & 15,
        "orphans": counters >> 11 & 15,
        "orphan_pairs": counters >> 15 & 7,
    }


def _some_parts(width: int, amount: int) -> list[bytes]:
    """Parts a hand of at most 14 tiles can hold (the counters' fields are sized for that)."""
    rng = random.Random(width)
    parts = [bytes(width), bytes([4, 4, 4, 2] + [0] * (width - 4))]
    parts += [bytes(4 if i == k else 0 for i in range(width)) for k in range(width)]
    for _ in range(amount):
        counts = [0] * width
        for _ in range(rng.randint(1, 14)):
            kind = rng.randrange(width)
            counts[kind] = min(counts[kind] + 1, 4)
        parts.append(bytes(counts))
    return parts


def test_suit_records_count_like_a_walk_over_the_tiles() -> None:
    for counts in _some_parts(9, 3000):
        assert _read_counters(suit_record(counts)) == _expected_counters(counts, (0, 8))


def test_honor_records_count_every_kind_as_an_orphan() -> None:
    for counts in _some_parts(7, 3000):
        assert _read_counters(honor_record(counts)) == _expected_counters(counts, range(7))


def test_suit_id_reads_the_counts_as_a_base5_code() -> None:
    distance.suit_id(bytes(9))  # builds the classes
    for counts in _some_parts(9, 3000):
        code = 0
        for n in counts:
            code = 5 * code + n
        expected = distance._class_ids[distance._suit_classes[code]]
        assert distance.suit_id(counts) == expected
        assert suit_record(counts) & ID_MASK == expected


@pytest.mark.parametrize("bad", [bytes([5, 0, 0, 0, 0, 0, 0, 0, 0]), bytes(8)])
def test_bad_suits_are_refused(bad: bytes) -> None:
    with pytest.raises(ValueError):
        suit_record(bad)


def test_suit_counters_from_the_code_halves_match_reading_the_whole_suit() -> None:
    # Uniform counts: most suits here hold more than 15 tiles, where the halves' sum would
    # overflow a field and the whole suit is read instead.
    rng = random.Random(15)
    for _ in range(3000):
        counts = bytes(rng.randint(0, 4) for _ in range(9))
        expected = suit_tables._counters_of(counts, (0, 8))
        assert suit_record(counts) >> ID_BITS == expected, list(counts)
