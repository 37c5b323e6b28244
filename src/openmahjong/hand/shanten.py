"""Shanten: how far a hand is from ready, for each winning form.

Shanten is the number of tiles still to draw before the hand is ready: 0 is ready (tenpai),
-1 is complete. A hand of 13 - 3k tiles (k melds already made) gives its shanten; a hand of
14 - 3k tiles gives -1 when complete.

Forms:
* ``regular``: sets and one pair (any number of melds already made);
* ``seven_pairs``: seven different pairs (four of a kind is one pair, never two);
* ``thirteen_orphans``: one of each terminal and honor plus a pair of one of them;
* ``honors_and_knitted`` (全不靠, MCR): 14 different tiles from one knitted pattern and honors;
* ``knitted_straight`` (组合龙, MCR): a knitted 1-9 across the suits plus a set and a pair.

All functions take count vectors of 34 (``tiles.counts34``); ``shanten`` takes tile codes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import permutations
from struct import Struct
from typing import Any, Final, cast

from openmahjong import tiles as _tiles
from openmahjong.hand import part_tables as _parts
from openmahjong.hand.distance import regular_distance

__all__ = [
    "REGULAR",
    "SEVEN_PAIRS",
    "THIRTEEN_ORPHANS",
    "HONORS_AND_KNITTED",
    "KNITTED_STRAIGHT",
    "ALL_FORMS",
    "RIICHI_FORMS",
    "MCR_FORMS",
    "SICHUAN_FORMS",
    "shanten",
    "shanten_counts",
    "shanten_after_discards",
    "shanten_after_draws",
    "shanten_by_form",
    "regular_shanten",
    "LONGEST_HAND",
    "seven_pairs_shanten",
    "thirteen_orphans_shanten",
    "honors_and_knitted_shanten",
    "knitted_straight_shanten",
    "KNITTED_PATTERNS",
]

REGULAR = "regular"
SEVEN_PAIRS = "seven_pairs"
THIRTEEN_ORPHANS = "thirteen_orphans"
HONORS_AND_KNITTED = "honors_and_knitted"
KNITTED_STRAIGHT = "knitted_straight"

ALL_FORMS = (REGULAR, SEVEN_PAIRS, THIRTEEN_ORPHANS, HONORS_AND_KNITTED, KNITTED_STRAIGHT)
RIICHI_FORMS = (REGULAR, SEVEN_PAIRS, THIRTEEN_ORPHANS)
MCR_FORMS = ALL_FORMS
SICHUAN_FORMS = (REGULAR, SEVEN_PAIRS)
_TERMINALS_AND_HONORS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)

#: The six knitted patterns (147 / 258 / 369 spread over the three suits), as 34-indices.
KNITTED_PATTERNS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        9 * suit + n - 1
        for suit, start in zip(order, (1, 2, 3), strict=True)
        for n in (start, start + 3, start + 6)
    )
    for order in permutations(range(3))
)


def _tile_count(counts: Sequence[int]) -> int:
    n = sum(counts)
    if n % 3 == 0 or n > 14:
        raise ValueError(
            f"a hand has 13 or 14 tiles less three per meld (14, 13, 11, 10, ...); got {n}"
        )
    return n


#: The most sets the shared tables measure; longer hands (Taiwan's 16 tiles: five sets and a
#: pair) go to ``hand.long_distance``.
_TABLE_SETS: Final = 4
#: The longest hand the regular form measures: five sets and a pair (a 17-tile winning hand).
LONGEST_HAND: Final = 17


def regular_shanten(counts: Sequence[int]) -> int:
    """Shanten of the regular form (sets and a pair); melds are implied by the tile count.

    Hands of up to 14 tiles need at most four sets; 16 and 17 tiles (Taiwan) need five, which
    ``hand.long_distance`` measures with its own tables (built on first use)."""
    sets = len_sets(sum(counts))
    if sets > _TABLE_SETS:
        from openmahjong.hand.long_distance import regular_distance as long_distance

        return long_distance(bytes(counts), sets) - 1
    return regular_distance(bytes(counts), sets) - 1


def len_sets(n_tiles: int) -> int:
    """Sets the concealed part still has to form: 13 or 14 tiles need four, 10 or 11 three..."""
    return n_tiles // 3


def seven_pairs_shanten(counts: Sequence[int]) -> int:
    if sum(counts) < 13:
        return 99
    pairs = sum(1 for n in counts if n >= 2)
    kinds = sum(1 for n in counts if n)
    return 6 - pairs + max(0, 7 - kinds)


def thirteen_orphans_shanten(counts: Sequence[int]) -> int:
    if sum(counts) < 13:
        return 99
    kinds = sum(1 for i in _TERMINALS_AND_HONORS if counts[i])
    has_pair = any(counts[i] >= 2 for i in _TERMINALS_AND_HONORS)
    return 13 - kinds - (1 if has_pair else 0)


def honors_and_knitted_shanten(counts: Sequence[int]) -> int:
    """全不靠: 14 distinct tiles chosen from one knitted pattern's nine and the seven honors."""
    if sum(counts) < 13:
        return 99
    honors = sum(1 for i in range(27, 34) if counts[i])
    best = max(sum(1 for i in pattern if counts[i]) for pattern in KNITTED_PATTERNS)
    return 13 - min(14, best + honors)


def knitted_straight_shanten(counts: Sequence[int]) -> int:
    """组合龙: the nine tiles of one knitted pattern plus the hand's remaining sets and pair."""
    n = sum(counts)
    sets = len_sets(n) - 3
    if sets < 0:
        return 99
    best = 99
    rest = list(counts)
    for pattern in KNITTED_PATTERNS:
        present = [i for i in pattern if counts[i]]
        for i in present:
            rest[i] -= 1
        distance = (9 - len(present)) + regular_distance(bytes(rest), sets)
        for i in present:
            rest[i] += 1
        best = min(best, distance - 1)
    return best


_BY_FORM = {
    REGULAR: regular_shanten,
    SEVEN_PAIRS: seven_pairs_shanten,
    THIRTEEN_ORPHANS: thirteen_orphans_shanten,
    HONORS_AND_KNITTED: honors_and_knitted_shanten,
    KNITTED_STRAIGHT: knitted_straight_shanten,
}


def _check_forms(forms: Iterable[str]) -> tuple[str, ...]:
    forms = tuple(forms)
    unknown = [f for f in forms if f not in _BY_FORM]
    if unknown or not forms:
        raise ValueError(f"unknown form {unknown or forms!r}: choose from {', '.join(ALL_FORMS)}")
    return forms


def _general_shanten(counts: Sequence[int], forms: Iterable[str]) -> int:
    return min(_BY_FORM[f](counts) for f in _check_forms(forms))


# The tables of the hot path, as module constants: compiled (mypyc), a ``Final`` is read
# without a dict lookup and the typed rows give unboxed ints; as plain Python a module name
# costs about what a closure cell does. The rows are typed as filled: an entry not filled yet
# is None (or past the end of its row), and using it raises TypeError (compiled: at the typed
# read) or IndexError, which sends the call through ``fill_and_answer``.
_SUITS: Final = _parts.SUIT_ENTRIES
_HONORS: Final = _parts.HONOR_ENTRIES
_SPECIAL_BEST: Final = cast(list[int], _parts.SPECIAL_BEST)
_UNION: Final = cast(list[list[int]], _parts.UNION)
_REGULAR_OF: Final = cast(list[list[int]], _parts.REGULAR)
# bytearray() is the cheapest way from a list of ints to a buffer, and one unpack the cheapest
# way to the four parts' bytes (cheaper than slicing a bytes object four times).
_SPLIT: Final = Struct("9s9s9s7s").unpack
# The same from ``_checked_counts``'s list, whose four tallies after the 34 counts are skipped.
_SPLIT_TALLIED: Final = Struct("9s9s9s7s4x").unpack


def shanten_counts(counts: Sequence[int], forms: Iterable[str] = RIICHI_FORMS) -> int:
    """Shanten over the given forms of a 34-count hand (the fast entry point).

    The counts are trusted (0..4 each, 3k + 1 or 3k + 2 tiles, at most 14); ``shanten``
    checks them. ``forms`` is not keyword-only because CPython fills a keyword-only default
    through a dict lookup on every call.
    """
    # Equality after identity: under mypyc a default argument is a fresh tuple, so the
    # default alone would miss the identity test and take the slow general path.
    if forms is not RIICHI_FORMS and forms != RIICHI_FORMS:
        return _general_shanten(counts, forms)
    return _riichi_shanten(counts)


def _riichi_shanten(counts: Sequence[int]) -> int:
    m, p, s, z = _SPLIT(bytearray(counts))
    return _riichi_parts(m, p, s, z)


def _riichi_parts(m: bytes, p: bytes, s: bytes, z: bytes) -> int:
    try:
        part_m, counters_m = _SUITS[m]
        part_p, counters_p = _SUITS[p]
        part_s, counters_s = _SUITS[s]
        part_z, counters_z = _HONORS[z]
        special = _SPECIAL_BEST[counters_m + counters_p + counters_s + counters_z]
        regular = _REGULAR_OF[_UNION[part_m][part_p]][_UNION[part_s][part_z]]
        return regular if regular < special else special
    except (KeyError, IndexError, TypeError):
        # A part, a union or a total not met before: fill the tables, then answer.
        return _parts.fill_and_answer(m, p, s, z)


def _make_shanten_after(
    neighbours: Callable[[bytes], tuple[Any, ...]],
    memo: dict[bytes, tuple[Any, ...]],
    step: int,
    refusal: str,
) -> Callable[[Sequence[int], Iterable[int]], dict[int, int]]:
    """``shanten_after_discards`` (``step`` -1) or ``shanten_after_draws`` (+1).

    One tile more or less changes one part of the hand, so the four parts are looked up once
    and, per part, ``neighbours`` (memoised in ``memo``) gives the entry of the part changed at
    each position; each kind then costs a few list indexes.
    """
    special_best: list[Any] = _parts.SPECIAL_BEST
    union: list[Any] = _parts.UNION
    regular_of: list[Any] = _parts.REGULAR
    fill_and_answer, part_entry = _parts.fill_and_answer, _parts.part_entry
    suits, honors = _parts.SUIT_ENTRIES, _parts.HONOR_ENTRIES
    split = Struct("9s9s9s7s").unpack
    where = [divmod(i, 9) for i in range(34)]  # (part, position); the honors are part 3

    def shanten_after(counts: Sequence[int], kinds: Iterable[int]) -> dict[int, int]:
        packed = bytearray(counts)
        m, p, s, z = parts = split(packed)
        entries = (
            suits.get(m) or part_entry(m),
            suits.get(p) or part_entry(p),
            suits.get(s) or part_entry(s),
            honors.get(z) or part_entry(z),
        )
        ids = [entries[0][0], entries[1][0], entries[2][0], entries[3][0]]
        total = entries[0][1] + entries[1][1] + entries[2][1] + entries[3][1]
        # the counters of the other three parts, for a change in each part
        others = [
            total - entries[0][1],
            total - entries[1][1],
            total - entries[2][1],
            total - entries[3][1],
        ]
        near = [memo.get(part) or neighbours(part) for part in parts]
        out = {}
        for i in kinds:
            k, position = where[i]
            changed = near[k][position]
            if changed is None:
                raise ValueError(refusal.format(i))
            kept, ids[k] = ids[k], changed[0]
            try:
                special = special_best[others[k] + changed[1]]
                regular = regular_of[union[ids[0]][ids[1]]][union[ids[2]][ids[3]]]
                out[i] = regular if regular < special else special
            except (IndexError, TypeError):
                # A union or a total not met before: fill the tables for this hand.
                packed[i] += step
                out[i] = fill_and_answer(*split(packed))
                packed[i] -= step
            ids[k] = kept
        return out

    return shanten_after


shanten_after_discards = _make_shanten_after(
    _parts.smaller_entries, _parts.SMALLER, -1, "cannot discard kind {}: the hand holds none"
)
shanten_after_discards.__name__ = "shanten_after_discards"
shanten_after_discards.__doc__ = """``{kind: shanten}`` over the Riichi forms of a 14 - 3k tile
hand after discarding one tile of each kind in ``kinds`` (dense indices of held kinds).

The same answers as ``shanten_counts`` on each smaller hand, for about half the cost (see
``_make_shanten_after``). The counts are trusted as in ``shanten_counts``; a kind not held
raises ``ValueError``."""

shanten_after_draws = _make_shanten_after(
    _parts.larger_entries, _parts.LARGER, 1, "cannot draw kind {}: the hand holds four"
)
shanten_after_draws.__name__ = "shanten_after_draws"
shanten_after_draws.__doc__ = """``{kind: shanten}`` over the Riichi forms of a 13 - 3k tile
hand after drawing one tile of each kind in ``kinds`` (dense indices; -1: complete).

The same answers as ``shanten_counts`` on each larger hand, for about half the cost (see
``_make_shanten_after``). The counts are trusted as in ``shanten_counts``; a kind held four
times raises ``ValueError`` (a fifth copy does not exist)."""


def shanten_by_form(tiles: Iterable[int], *, forms: Iterable[str] = RIICHI_FORMS) -> dict[str, int]:
    """Shanten per form (99 where the form cannot apply, e.g. seven pairs with a meld); the
    regular form alone also measures longer hands, as :func:`shanten` does."""
    forms = _check_forms(forms)
    if forms == (REGULAR,):
        return {REGULAR: regular_shanten(_long_counts(tiles))}
    counts = _checked_counts(tiles)
    return {f: _BY_FORM[f](counts) for f in forms}


def shanten(tiles: Iterable[int], *, forms: Iterable[str] = RIICHI_FORMS) -> int:
    """Shanten of a concealed hand given as tile codes (flowers are ignored).

    Bad input raises the ``ValueError`` of ``tiles.validate`` (the first bad tile),
    ``tiles.check_copies`` (too many copies) or of a tile count no hand has, in that order;
    unknown forms are refused first.
    """
    # Equality after identity, as in ``shanten_counts``: compiled, the default is a fresh tuple.
    if forms is RIICHI_FORMS or forms == RIICHI_FORMS:
        m, p, s, z = _SPLIT_TALLIED(bytearray(_tallied_counts(tiles)))
        return _riichi_parts(m, p, s, z)
    forms = _check_forms(forms)
    if forms == (REGULAR,):
        # The regular form alone also measures longer hands (16 - 3k / 17 - 3k tiles).
        return regular_shanten(_long_counts(tiles))
    return shanten_counts(_checked_counts(tiles), forms)


def _long_counts(tiles: Iterable[int]) -> list[int]:
    """The 34 counts of a hand of up to 17 tiles (flowers set aside), checked as
    ``_refused_or_counts`` checks them."""
    tile_list = [_validate(t) for t in tiles]
    _tiles.check_copies(tile_list)
    counts = _tiles.counts34(tile_list)
    n = sum(counts)
    if n % 3 == 0 or n > LONGEST_HAND:
        raise ValueError(
            f"a hand has 16 or 17 tiles at most, less three per meld (17, 16, 14, 13, ...); got {n}"
        )
    return counts


# --------------------------------------------------------------------------- reading tiles
#
# Counting the tiles is what a public call adds to ``shanten_counts``, so it is one pass with
# one table read, one add and one comparison per tile: a tile code indexes ``_SLOT`` (a list:
# cheaper than a dict and, unlike a dict, blind to 11.0 or other objects equal to 11), which
# names its kind's count, a red five's tally (they start at 2, so a third red five makes 5), or
# ``_ELSEWHERE`` (starts at 4: a flower or anything that is not a tile). A count past 4, an
# index out of the table, an object that is not an int or a tile count no hand has sends the
# tiles to ``_refused_or_counts``, the plain reading, which raises the error that says why (or
# counts the flowers out).

_KINDS: Final = 34
_ELSEWHERE: Final = _KINDS + 3
#: The highest code is 305; twice that, so that a negative index (read from the end of the
#: list) lands on ``_ELSEWHERE`` too, down to -612; below or above, IndexError.
_TABLE_LEN: Final = 2 * (max(_tiles.RED_FIVES) + 1)
_START: Final[list[int]] = [0] * _KINDS + [2, 2, 2, 4]


def _slot_table() -> list[int]:
    table = [_ELSEWHERE] * _TABLE_LEN
    for i, kind in enumerate(_tiles.ALL_KINDS):
        table[kind] = i
    for i, red in enumerate(_tiles.RED_FIVES):
        table[red] = _KINDS + i
    return table


_SLOT: Final[list[int]] = _slot_table()
#: Compiled, reading an item as ``int`` refuses anything else already (TypeError; a bool reads
#: as 0 or 1, which is no tile), and testing each item's type would cost a call; plain Python
#: must test, as numpy ints and other objects with ``__index__`` index a list too.
_PLAIN: Final = __file__.endswith(".py")
# Typed for any object: compiled, a parameter typed ``int`` would turn True into 1 and refuse
# 11.0 with a TypeError before ``validate`` could name it.
_validate: Final = cast(Callable[[object], int], _tiles.validate)


def _checked_counts(tiles: Iterable[int]) -> list[int]:
    """The 34 counts of a hand given as tile codes, or the ``ValueError`` that says why not."""
    counts = _tallied_counts(tiles)
    del counts[_KINDS:]
    return counts


def _tallied_counts(tiles: Iterable[int]) -> list[int]:
    """``_checked_counts`` followed by the four tallies (0..4 each): what the hot path reads."""
    seq: list[int] = tiles if isinstance(tiles, list) else list(tiles)
    counts = _START.copy()
    try:
        for t in seq:
            if _PLAIN and type(t) is not int:
                return _refused_or_counts(seq)
            i = _SLOT[t]
            n = counts[i] + 1
            if n > 4:
                return _refused_or_counts(seq)
            counts[i] = n
    except (IndexError, TypeError, OverflowError):  # compiled: a huge int overflows the index
        return _refused_or_counts(seq)
    total = len(seq)
    if total % 3 == 0 or total > 14:
        return _refused_or_counts(seq)
    # The red fives join their kind's count (5m, 5p, 5s are dense indices 4, 13, 22); written
    # out, as a loop over a tuple costs more than the rest of the reading.
    if counts[_KINDS] != 2 and not _add_reds(counts, 4, _KINDS):
        return _refused_or_counts(seq)
    if counts[_KINDS + 1] != 2 and not _add_reds(counts, 13, _KINDS + 1):
        return _refused_or_counts(seq)
    if counts[_KINDS + 2] != 2 and not _add_reds(counts, 22, _KINDS + 2):
        return _refused_or_counts(seq)
    return counts


def _add_reds(counts: list[int], five: int, tally: int) -> bool:
    n = counts[five] + counts[tally] - 2
    counts[five] = n
    return n <= 4


def _refused_or_counts(seq: list[Any]) -> list[int]:
    """The plain reading of the tiles: each checked in order, then the copies, then the count
    (with four empty tallies after the counts, as ``_tallied_counts`` returns them)."""
    tile_list = [_validate(t) for t in seq]
    _tiles.check_copies(tile_list)
    counts = _tiles.counts34(tile_list)
    _tile_count(counts)
    return counts + [0, 0, 0, 0]
