"""Tables for single shanten calls: a hand costs four dict lookups and seven list indexes.

A *part* is a suit, the honors, or two of them together; its id stands for the part's distance
vector (``distance``) and its tile count at once, which is all the regular form needs. A single
call looks up each suit's counts (``bytes``) and gets ``(part id, counters)``, the counters
being those of ``suit_tables`` (tiles, pairs, kinds, terminal/honor kinds and pairs, packed so
that they add up across suits). Then:

* ``SPECIAL_BEST[sum of the counters]``: the best of seven pairs and thirteen orphans;
* ``UNION[a][b]``: the part id of parts ``a`` and ``b`` together (man + pin, sou + honors);
* ``REGULAR[a][b]``: the regular-form shanten of the whole hand made of parts ``a`` and ``b``.

All three are lists indexed by small ints because in CPython a list index is several times
cheaper than a dict lookup or a bit mask on an int; that, and reading the suits' bytes with one
``struct`` call, is what makes a call fast. The lists fill lazily: an entry not computed yet is
``None`` or past the end of its row, and using it raises ``TypeError`` or ``IndexError``, which
sends the call through ``fill_and_answer``. A few thousand entries cover nearly every hand.
"""

from __future__ import annotations

from openmahjong.hand.distance import VECTORS, combine
from openmahjong.hand.suit_tables import (
    COUNTER_BITS,
    ID_BITS,
    ID_MASK,
    honor_record,
    special_entry,
    suit_record,
)

__all__ = [
    "PARTS",
    "SUIT_ENTRIES",
    "HONOR_ENTRIES",
    "SPECIAL_BEST",
    "UNION",
    "REGULAR",
    "SMALLER",
    "LARGER",
    "suit_entry",
    "honor_entry",
    "part_entry",
    "smaller_entries",
    "larger_entries",
    "fill_and_answer",
]

#: Part id -> (distance-vector id, tiles).
PARTS: list[tuple[int, int]] = []
_PART_IDS: dict[tuple[int, int], int] = {}

#: A suit's (or the honors') counts -> (part id, counters).
SUIT_ENTRIES: dict[bytes, tuple[int, int]] = {}
HONOR_ENTRIES: dict[bytes, tuple[int, int]] = {}

#: Summed counters (see ``suit_tables``) -> best of the special forms (99: none apply).
SPECIAL_BEST: list[int | None] = [None] * (1 << COUNTER_BITS)

UNION: list[list[int | None] | None] = []
REGULAR: list[list[int | None] | None] = []


def _part_id(vec_id: int, tiles: int) -> int:
    key = (vec_id, tiles)
    found = _PART_IDS.get(key)
    if found is None:
        found = _PART_IDS[key] = len(PARTS)
        PARTS.append(key)
    return found


_ENTRIES: dict[tuple[int, int], tuple[int, int]] = {}


def _entry(record: int, counts: bytes) -> tuple[int, int]:
    entry = (_part_id(record & ID_MASK, sum(counts)), record >> ID_BITS)
    # Thousands of suits share a few hundred entries: one object each keeps the hot set small.
    return _ENTRIES.setdefault(entry, entry)


def suit_entry(counts: bytes) -> tuple[int, int]:
    found = SUIT_ENTRIES.get(counts)
    if found is None:
        found = SUIT_ENTRIES[counts] = _entry(suit_record(counts), counts)
    return found


def honor_entry(counts: bytes) -> tuple[int, int]:
    found = HONOR_ENTRIES.get(counts)
    if found is None:
        found = HONOR_ENTRIES[counts] = _entry(honor_record(counts), counts)
    return found


def part_entry(part: bytes) -> tuple[int, int]:
    """The entry of a suit (nine counts) or of the honors (seven)."""
    return suit_entry(part) if len(part) == 9 else honor_entry(part)


#: A part's counts -> for each position, the entry of the part with one tile less there (None
#: where none is held), and with one tile more (None where four are held): what a discard or a
#: draw makes of that part. Bounded: each is cleared when full.
SMALLER: dict[bytes, tuple[tuple[int, int] | None, ...]] = {}
LARGER: dict[bytes, tuple[tuple[int, int] | None, ...]] = {}
_NEIGHBOURS_LIMIT = 100_000


def _neighbours(
    memo: dict[bytes, tuple[tuple[int, int] | None, ...]], part: bytes, step: int
) -> tuple[tuple[int, int] | None, ...]:
    found = memo.get(part)
    if found is None:
        near: list[tuple[int, int] | None] = []
        for position, held in enumerate(part):
            if 0 <= held + step <= 4:
                changed = bytearray(part)
                changed[position] += step
                near.append(part_entry(bytes(changed)))
            else:
                near.append(None)
        if len(memo) >= _NEIGHBOURS_LIMIT:
            memo.clear()
        found = memo[part] = tuple(near)
    return found


def smaller_entries(part: bytes) -> tuple[tuple[int, int] | None, ...]:
    return _neighbours(SMALLER, part, -1)


def larger_entries(part: bytes) -> tuple[tuple[int, int] | None, ...]:
    return _neighbours(LARGER, part, 1)


def _row(table: list[list[int | None] | None], a: int, b: int) -> list[int | None]:
    """Row ``a`` of a lazily grown square table, long enough to hold column ``b``."""
    if len(table) <= a:
        table.extend([None] * (len(PARTS) - len(table)))
    row = table[a]
    if row is None:
        row = table[a] = []
    if len(row) <= b:
        row.extend([None] * (len(PARTS) - len(row)))
    return row


def _union(a: int, b: int) -> int:
    row = _row(UNION, a, b)
    found = row[b]
    if found is None:
        (vec_a, tiles_a), (vec_b, tiles_b) = PARTS[a], PARTS[b]
        found = row[b] = _part_id(combine(vec_a, vec_b), tiles_a + tiles_b)
    return found


def _regular(a: int, b: int) -> int:
    row = _row(REGULAR, a, b)
    found = row[b]
    if found is None:
        (vec_a, tiles_a), (vec_b, tiles_b) = PARTS[a], PARTS[b]
        sets = (tiles_a + tiles_b) // 3
        found = row[b] = VECTORS[combine(vec_a, vec_b)][2 * sets + 1] - 1
    return found


def _special(totals: int) -> int:
    best = special_entry(totals)[1]
    if totals < len(SPECIAL_BEST):
        SPECIAL_BEST[totals] = best
    return best


def fill_and_answer(m: bytes, p: bytes, s: bytes, z: bytes) -> int:
    """Riichi-forms shanten from a hand's four parts, filling every table entry it needs."""
    part_m, counters_m = suit_entry(m)
    part_p, counters_p = suit_entry(p)
    part_s, counters_s = suit_entry(s)
    part_z, counters_z = honor_entry(z)
    special = _special(counters_m + counters_p + counters_s + counters_z)
    regular = _regular(_union(part_m, part_p), _union(part_s, part_z))
    return regular if regular < special else special
