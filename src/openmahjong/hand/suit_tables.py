"""Per-suit records: everything the Riichi forms need from one suit, in one small int.

A record packs a suit's distance-vector id (see ``distance``) in the low 12 bits and, above it,
counters that simply add up across suits: tiles, pairs, kinds, and for thirteen orphans the
terminal/honor kinds and terminal/honor pairs. Summing the four records of a hand gives the ids
in the low bits (as a sum, which is ignored) and the hand's totals in the high bits; one lookup
of those totals gives the seven-pairs and thirteen-orphans shanten and the number of sets the
regular form needs. No per-tile work at all.

The records live in dicts keyed by the suit's counts as ``bytes`` (the bots' useful-tile search
reads them) and in dense numpy arrays keyed by the suit's base-5 code (batches). Single calls
use ``part_tables``, built from these records in a layout cheaper for one hand at a time. All
fill lazily.
"""

from __future__ import annotations

import numpy as np

from openmahjong.hand.distance import honor_id, suit_class_id, suit_code

__all__ = [
    "ID_BITS",
    "ID_MASK",
    "COUNTER_BITS",
    "suit_record",
    "honor_record",
    "special_entry",
    "SUIT_RECORDS",
    "HONOR_RECORDS",
    "SPECIALS",
    "dense_suit_records",
    "dense_honor_records",
]

ID_BITS = 12
ID_MASK = (1 << ID_BITS) - 1

# Field layout above the id, each wide enough for the sum over four suits of a 14-tile hand.
_TILES, _PAIRS, _KINDS, _ORPHANS, _ORPHAN_PAIRS = 0, 4, 7, 11, 15
COUNTER_BITS = 18  # all five fields: summed counters are below 1 << COUNTER_BITS


def _counters(tiles: int, kinds: int, pairs: int, orphans: int, orphan_pairs: int) -> int:
    return (
        tiles << _TILES
        | min(pairs, 7) << _PAIRS
        | kinds << _KINDS
        | orphans << _ORPHANS
        | min(orphan_pairs, 7) << _ORPHAN_PAIRS
    )


def _counters_of(counts: bytes, orphan_positions: tuple[int, ...]) -> int:
    kinds = len(counts) - counts.count(0)
    return _counters(
        sum(counts),
        kinds,
        kinds - counts.count(1),
        sum(counts[i] > 0 for i in orphan_positions),
        sum(counts[i] > 1 for i in orphan_positions),
    )


# A suit's counters are sums over its positions, so they split in two: the first four positions
# (with the 1, a terminal) and the last five (with the 9). Two small tables indexed by the two
# halves of the suit's base-5 code, which its vector id needs anyway, replace reading the
# counts: a new suit's record then costs little more than its vector id. The sum stays exact
# while no field overflows, i.e. up to 15 tiles (a hand holds at most 14).
_LAST_FIVE = 5**5
_FIRST_FOUR_COUNTERS: list[int] = []
_LAST_FIVE_COUNTERS: list[int] = []


def _half_counters(width: int, terminal: int) -> list[int]:
    return [_counters_of(_code_to_counts(code, width), (terminal,)) for code in range(5**width)]


def _suit_counters(counts: bytes, code: int) -> int:
    if not _FIRST_FOUR_COUNTERS:
        _FIRST_FOUR_COUNTERS[:] = _half_counters(4, 0)
        _LAST_FIVE_COUNTERS[:] = _half_counters(5, 4)
    if sum(counts) > 15:
        return _counters_of(counts, (0, 8))
    first, last = divmod(code, _LAST_FIVE)
    return _FIRST_FOUR_COUNTERS[first] + _LAST_FIVE_COUNTERS[last]


def _honor_counters(counts: bytes) -> int:
    kinds = 7 - counts.count(0)
    pairs = kinds - counts.count(1)
    # Every honor is a terminal/honor kind for thirteen orphans.
    return _counters(sum(counts), kinds, pairs, kinds, pairs)


def _check_id(vec_id: int) -> int:
    if vec_id > ID_MASK // 4:
        # Four ids are summed in the low bits; they must not carry into the counters.
        raise RuntimeError("distance-vector id space exhausted; widen ID_BITS")
    return vec_id


SUIT_RECORDS: dict[bytes, int] = {}
HONOR_RECORDS: dict[bytes, int] = {}


def suit_record(counts: bytes) -> int:
    found = SUIT_RECORDS.get(counts)
    if found is None:
        if len(counts) != 9 or max(counts, default=0) > 4:
            raise ValueError("a suit has nine counts of 0..4")
        code = suit_code(counts)
        found = _check_id(suit_class_id(code)) | _suit_counters(counts, code) << ID_BITS
        SUIT_RECORDS[counts] = found
    return found


def honor_record(counts: bytes) -> int:
    found = HONOR_RECORDS.get(counts)
    if found is None:
        if len(counts) != 7 or max(counts, default=0) > 4:
            raise ValueError("honors have seven counts of 0..4")
        found = _check_id(honor_id(counts)) | _honor_counters(counts) << ID_BITS
        HONOR_RECORDS[counts] = found
    return found


# --------------------------------------------------------------------------- hand totals

#: Summed counters -> (index into a distance vector, best of seven pairs / thirteen orphans).
SPECIALS: dict[int, tuple[int, int]] = {}


def special_entry(totals: int) -> tuple[int, int]:
    """For a hand's summed counters: where to read the regular distance, and the special best."""
    found = SPECIALS.get(totals)
    if found is None:
        tiles = totals >> _TILES & 15
        pairs = totals >> _PAIRS & 7
        kinds = totals >> _KINDS & 15
        orphans = totals >> _ORPHANS & 15
        orphan_pairs = totals >> _ORPHAN_PAIRS & 7
        best = 99
        if tiles >= 13:
            seven_pairs = 6 - pairs + max(0, 7 - kinds)
            thirteen_orphans = 13 - orphans - (1 if orphan_pairs else 0)
            best = min(seven_pairs, thirteen_orphans)
        found = SPECIALS[totals] = (2 * (tiles // 3) + 1, best)
    return found


# --------------------------------------------------------------------------- dense arrays

_POW5_9 = 5**9
_POW5_7 = 5**7
_dense_suits: np.ndarray | None = None
_dense_honors: np.ndarray | None = None


def _code_to_counts(code: int, width: int) -> bytes:
    digits = []
    for _ in range(width):
        code, d = divmod(code, 5)
        digits.append(d)
    return bytes(reversed(digits))


def dense_suit_records(codes: np.ndarray) -> np.ndarray:
    """Records for base-5 suit codes (first count most significant), filling misses lazily."""
    global _dense_suits
    if _dense_suits is None:
        _dense_suits = np.full(_POW5_9, -1, dtype=np.int32)
    return _fill(_dense_suits, codes, 9, suit_record)


def dense_honor_records(codes: np.ndarray) -> np.ndarray:
    global _dense_honors
    if _dense_honors is None:
        _dense_honors = np.full(_POW5_7, -1, dtype=np.int32)
    return _fill(_dense_honors, codes, 7, honor_record)


def _fill(table: np.ndarray, codes: np.ndarray, width: int, make) -> np.ndarray:  # noqa: ANN001
    records = table[codes]
    missing = records < 0
    if missing.any():
        for code in np.unique(codes[missing]).tolist():
            table[code] = make(_code_to_counts(code, width))
        records = table[codes]
    return records
