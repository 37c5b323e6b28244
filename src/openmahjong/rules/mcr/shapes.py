"""MCR hand shapes beyond sets and a pair: knitted straights, thirteen orphans, honors and knitted
tiles, seven pairs, nine gates; and the waits of a ready hand (which tiles would complete it).

Tiles here are the platform's kind codes (11-19 m, 21-29 p, 31-39 s, 41-44 winds, 45 Red,
46 White, 47 Green); count vectors are dense (``openmahjong.tiles.index34`` order).
"""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement, permutations

from openmahjong.tiles import ALL_KINDS, index34

__all__ = [
    "KNITTED_STRAIGHTS",
    "ORPHANS",
    "HONOR_KINDS",
    "find_knitted_straight",
    "may_hold_knitted_straight",
    "is_thirteen_orphans",
    "honors_and_knitted",
    "is_seven_pairs",
    "is_shifted_seven_pairs",
    "is_nine_gates",
    "regular_waits",
    "seven_pairs_waits",
    "is_regular_complete",
    "suit_completions",
    "suit_splits",
    "packed_suit_splits",
    "pack_suit",
    "waits_only_on",
    "FIELD",
]

#: The six knitted straights: 147 in one suit, 258 in another, 369 in the third.
KNITTED_STRAIGHTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        sorted(
            10 * s + n
            for s, start in zip(suits, (1, 2, 3), strict=True)
            for n in (start, start + 3, start + 6)
        )
    )
    for suits in permutations((1, 2, 3))
)
ORPHANS: tuple[int, ...] = (11, 19, 21, 29, 31, 39, 41, 42, 43, 44, 45, 46, 47)
HONOR_KINDS: frozenset[int] = frozenset((41, 42, 43, 44, 45, 46, 47))


_STRAIGHT_INDICES = tuple(tuple(index34(t) for t in st) for st in KNITTED_STRAIGHTS)
_STRAIGHT_MASKS = tuple(sum(1 << (5 * i) for i in st) for st in _STRAIGHT_INDICES)


def may_hold_knitted_straight(mask: int) -> bool:
    """Whether a kind mask (bit 5i = dense index i, as ``detectors.BIT``) holds all nine tiles
    of a knitted straight."""
    return any(mask & sm == sm for sm in _STRAIGHT_MASKS)


def find_knitted_straight(counts: list[int]) -> tuple[int, ...] | None:
    """The knitted straight all of whose nine tiles are present in ``counts``, if any."""
    for straight, indices in zip(KNITTED_STRAIGHTS, _STRAIGHT_INDICES, strict=True):
        # 1, 4 and 7 of a suit decide which straight it can be; test those first.
        if counts[indices[0]] and all(counts[i] for i in indices):
            return straight
    return None


def is_thirteen_orphans(counts: list[int]) -> bool:
    return (
        sum(counts) == 14
        and all(counts[index34(t)] >= 1 for t in ORPHANS)
        and sum(counts[index34(t)] for t in ORPHANS) == 14
    )


def honors_and_knitted(kinds: list[int]) -> str | None:
    """For 14 sorted kinds: ``"greater"`` (七星不靠), ``"lesser"`` (全不靠) or ``None``.

    Both are 14 different single tiles: up to nine from one knitted straight, the rest honors.
    """
    if len(kinds) != 14 or len(set(kinds)) != 14:
        return None
    suited = [t for t in kinds if t < 40]
    if not 7 <= len(suited) <= 9:
        return None
    if not any(set(suited) <= set(straight) for straight in KNITTED_STRAIGHTS):
        return None
    return "greater" if len(suited) == 7 else "lesser"


def is_seven_pairs(counts: list[int]) -> bool:
    """Seven pairs; four of a kind counts as two pairs."""
    return 1 not in counts and 3 not in counts and sum(counts) == 14


def is_shifted_seven_pairs(counts: list[int]) -> bool:
    """Seven pairs on seven consecutive numbers of one suit (连七对)."""
    held = [i for i, n in enumerate(counts) if n]
    return (
        len(held) == 7
        and all(counts[i] == 2 for i in held)
        and held[-1] < 27
        and held[-1] - held[0] == 6
        and held[0] // 9 == held[-1] // 9
    )


def is_nine_gates(counts13: list[int]) -> bool:
    """The 13 tiles before the win are 1112345678999 of one suit."""
    for base in (0, 9, 18):
        if (
            counts13[base] == 3
            and counts13[base + 8] == 3
            and all(counts13[base + k] == 1 for k in range(1, 8))
        ):
            return True
    return False


# --------------------------------------------------------------------------- waits


# --------------------------------------------------------------------------- every shape that fits
# A suit holds at most four sets and a pair, so the shapes that fit are few (21,743 with up to four
# of a tile; 29,559 when a fifth copy is allowed, for wait questions). They are listed once, at
# import, from the sets: a suit's splits and its fit are then one dictionary lookup, for shapes
# seen before or not. The tables are keyed by packed counts: FIELD bits a rank, rank r's count
# at bit FIELD * r (the layout of the scorer's hand counts, one suit of it).

#: bits per kind in packed counts; a field holds up to 31, so a sum of fields below 31 is the
#: packed number mod 31 (32 = 1 mod 31)
FIELD = 5
#: the 16 sets of a suit as (chow middle or pung rank, its three ranks): seven chows, nine pungs
_SETS = tuple((r + 1, (r, r + 1, r + 2)) for r in range(7)) + tuple((r, (r,) * 3) for r in range(9))
_SuitSplit = tuple[int, tuple[int, ...], tuple[int, ...]]
_NO_FIT = (False, False)
_SETS_FIT = (True, False)
_PAIR_FIT = (False, True)
_RANK_BITS = tuple(1 << (FIELD * r) for r in range(9))


def pack_suit(counts: tuple[int, ...] | list[int]) -> int:
    """One suit's nine counts as packed counts."""
    return sum(n << (FIELD * r) for r, n in enumerate(counts))


@cache
def _fitting_shapes() -> tuple[dict[int, tuple[_SuitSplit, ...]], dict[int, tuple[bool, bool]]]:
    """(packed shape -> its splits, packed shape -> its fit) for every one-suit shape of 0-4 sets
    and at most one pair. A split is (pair, chows, pungs) in ranks 0-8 (a chow by its middle,
    the pair rank + 1 so that 0 is no pair); the splits table has the shapes with at most four
    of a tile, the fit table those with at most five."""
    splits: dict[int, set[_SuitSplit]] = {}
    fit: dict[int, tuple[bool, bool]] = {}
    for n in range(5):
        for combo in combinations_with_replacement(range(16), n):
            c = [0] * 9
            for k in combo:
                for r in _SETS[k][1]:
                    c[r] += 1
            top = max(c)
            if top > 5:
                continue
            chows = tuple(_SETS[k][0] for k in combo if k < 7)
            pungs = tuple(_SETS[k][0] for k in combo if k >= 7)
            shape = pack_suit(c)
            fit[shape] = _SETS_FIT
            if top <= 4:
                splits.setdefault(shape, set()).add((0, chows, pungs))
            for r in range(9):
                if c[r] <= 3:
                    with_pair = shape + 2 * _RANK_BITS[r]
                    fit[with_pair] = _PAIR_FIT
                    if c[r] <= 2 and top <= 4:
                        splits.setdefault(with_pair, set()).add((r + 1, chows, pungs))
    return {shape: tuple(sorted(found)) for shape, found in splits.items()}, fit


_SPLITS, _FITS = _fitting_shapes()  # listed at import (about 0.1 s), so that no hand pays for it


def suit_splits(counts: tuple[int, ...]) -> tuple[_SuitSplit, ...]:
    """Every split of one suit's nine counts into sets and at most one pair (none if it does
    not fit), as sorted (pair rank + 1 or 0, chow middle ranks, pung ranks), ranks 0-8."""
    return _SPLITS.get(pack_suit(counts), ())


def packed_suit_splits(packed: int) -> tuple[_SuitSplit, ...]:
    """``suit_splits`` of packed counts."""
    return _SPLITS.get(packed, ())


def waits_only_on(before: int, rank: int) -> bool:
    """Whether one suit (packed counts of at most four a rank, 13 tiles at most) that fits with
    ``rank`` added waited on that rank alone: with 3k + 2 tiles it held sets only (the pair lies
    elsewhere), so it must not already fit as sets and a pair and only ``rank`` may make it
    sets; otherwise only ``rank`` may make it sets and a pair. (A rank with no tile within two
    completes nothing, so every rank may be tried.)"""
    fits = _FITS
    # (Compared with ==, not is: compiled code boxes each fit into a new tuple.)
    if before % 31 % 3 == 2:  # (the number of tiles: the sum of the fields)
        if fits.get(before) == _PAIR_FIT:
            return False
        want = _SETS_FIT
    else:
        want = _PAIR_FIT
    return [r for r, bit in enumerate(_RANK_BITS) if fits.get(before + bit) == want] == [rank]


@cache
def _suit_fit(counts: tuple[int, ...]) -> tuple[bool, bool]:
    """``_fit``, remembered per shape."""
    if sum(counts) <= 14 and max(counts) <= 5:
        return _FITS.get(pack_suit(counts), _NO_FIT)
    return _fit(counts)


def _fit(counts: tuple[int, ...] | list[int]) -> tuple[bool, bool]:
    """(splits into sets only, splits into sets plus one pair) for one suit's nine counts.

    Purely structural: five copies of a tile are allowed (a triplet and a pair), because a
    wait is a shape question; whether the tile still exists is asked elsewhere.
    """
    total = sum(counts)
    if total % 3 == 0:
        return _sets_only(counts), False
    if total % 3 == 2:
        c = list(counts)
        for i in range(9):
            if c[i] >= 2:
                c[i] -= 2
                ok = _sets_only(c)
                c[i] += 2
                if ok:
                    return False, True
    return False, False


def _sets_only(c: tuple[int, ...] | list[int]) -> bool:
    """Whether nine counts split into sets only. Three identical chows are three pungs, so the
    chows starting on a number can be taken as fewer than three; then, from the lowest number
    up, what the earlier chows leave there must be pungs plus (its count mod 3) new chows."""
    p1 = p2 = 0  # chows started one and two numbers below
    for i in range(9):
        n = c[i] - p1 - p2
        if n < 0:
            return False
        k = n % 3
        if k and i > 6:
            return False
        p2, p1 = p1, k
    return True


def _honor_fit(n: int) -> tuple[bool, bool]:
    return (n in (0, 3), n in (2, 5))


def is_regular_complete(counts: list[int] | tuple[int, ...]) -> bool:
    """Sets and exactly one pair, structurally (see ``_suit_fit``)."""
    pairs = 0
    for base in (0, 9, 18):
        sets_ok, pair_ok = _suit_fit(tuple(counts[base : base + 9]))
        if pair_ok:
            pairs += 1
        elif not sets_ok:
            return False
    for i in range(27, 34):
        sets_ok, pair_ok = _honor_fit(counts[i])
        if pair_ok:
            pairs += 1
        elif not sets_ok:
            return False
    return pairs == 1


@cache
def _suit_completions(
    counts: tuple[int, ...],
) -> tuple[bool, bool, tuple[int, ...], tuple[int, ...]]:
    """For one suit: (fits as sets, fits as sets + pair, offsets whose addition makes it fit as
    sets, offsets whose addition makes it fit as sets + pair)."""
    sets_ok, pair_ok = _suit_fit(counts)
    to_sets: list[int] = []
    to_pair: list[int] = []
    c = list(counts)
    # Within a hand's bounds the fit of each candidate is a lookup (see ``_fitting_shapes``).
    packed = pack_suit(counts) if sum(counts) <= 13 and max(counts) <= 4 else None
    for j in range(9):
        if not (
            c[j]
            or (j > 0 and c[j - 1])
            or (j > 1 and c[j - 2])
            or (j < 8 and c[j + 1])
            or (j < 7 and c[j + 2])
        ):
            continue  # a tile with no neighbour within two completes nothing
        c[j] += 1
        if packed is not None:
            s_ok, p_ok = _FITS.get(packed + _RANK_BITS[j], _NO_FIT)
        else:
            s_ok, p_ok = _fit(c)
        c[j] -= 1
        if s_ok:
            to_sets.append(j)
        elif p_ok:
            to_pair.append(j)
    return sets_ok, pair_ok, tuple(to_sets), tuple(to_pair)


#: For one suit's nine counts: (fits as sets, fits as sets + pair, offsets whose addition makes
#: it fit as sets, offsets whose addition makes it fit as sets + pair); remembered per shape.
suit_completions = _suit_completions


# An honor kind held n times: fits as sets (0, 3), as a pair (2, or 5 = a pung and a pair).
_HONOR_SETS = (True, False, False, True, False, False)
_HONOR_PAIR = (False, False, True, False, False, True)


def regular_waits(counts: tuple[int, ...] | list[int]) -> frozenset[int]:
    """Kinds (codes) that complete ``counts`` (3k+1 tiles) into sets and one pair.

    Purely structural, like a calculator's wait table: a fifth copy can be "waited on".
    """
    if type(counts) is not tuple:
        counts = tuple(counts)
    parts = (
        _suit_completions(counts[0:9]),
        _suit_completions(counts[9:18]),
        _suit_completions(counts[18:27]),
    )
    held_honors = [(i, n) for i, n in enumerate(counts[27:34]) if n]
    broken = 0  # groups that fit neither as sets nor as sets and a pair
    pairs = 0
    for sets_ok, pair_ok, _, _ in parts:
        if pair_ok:
            pairs += 1
        elif not sets_ok:
            broken += 1
    for _, n in held_honors:
        if _HONOR_PAIR[n]:
            pairs += 1
        elif not _HONOR_SETS[n]:
            broken += 1
    if broken > 1:
        return frozenset()
    found: list[int] = []
    for base, (sets_ok, pair_ok, to_sets, to_pair) in zip((11, 21, 31), parts, strict=True):
        # The other groups must all fit already; the tile then completes this suit.
        if broken and (sets_ok or pair_ok):
            continue
        others_pairs = pairs - 1 if pair_ok else pairs
        if others_pairs == 1:
            found.extend(base + j for j in to_sets)
        elif others_pairs == 0:
            found.extend(base + j for j in to_pair)
    for i, n in held_honors:
        # A lone honor (or a fifth copy) makes the pair; a pair becomes a pung.
        if broken and (_HONOR_SETS[n] or _HONOR_PAIR[n]):
            continue
        others_pairs = pairs - 1 if _HONOR_PAIR[n] else pairs
        if n < 5 and (
            (others_pairs == 1 and _HONOR_SETS[n + 1]) or (others_pairs == 0 and _HONOR_PAIR[n + 1])
        ):
            found.append(41 + i)
    return frozenset(found)


def seven_pairs_waits(counts: tuple[int, ...]) -> frozenset[int]:
    """For 13 concealed tiles holding six pairs (four of a kind is two), the seventh's tile."""
    # Six pairs and a single: exactly one kind held an odd number of times (1 or 3).
    if counts.count(1) + counts.count(3) != 1 or sum(counts) != 13:
        return frozenset()
    return frozenset(ALL_KINDS[i] for i, n in enumerate(counts) if n % 2)
