"""MCR hand shapes beyond sets and a pair: knitted straights, thirteen orphans, honors and knitted
tiles, seven pairs, nine gates; and the waits of a ready hand (which tiles would complete it).

Tiles here are the platform's kind codes (11-19 m, 21-29 p, 31-39 s, 41-44 winds, 45 Red,
46 White, 47 Green); count vectors are dense (``openmahjong.tiles.index34`` order).
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import permutations

from openmahjong.tiles import ALL_KINDS, index34

__all__ = [
    "KNITTED_STRAIGHTS",
    "ORPHANS",
    "HONOR_KINDS",
    "find_knitted_straight",
    "is_thirteen_orphans",
    "honors_and_knitted",
    "is_seven_pairs",
    "is_shifted_seven_pairs",
    "is_nine_gates",
    "regular_waits",
    "seven_pairs_waits",
    "is_regular_complete",
    "kinds_of",
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


def find_knitted_straight(counts: list[int]) -> tuple[int, ...] | None:
    """The knitted straight all of whose nine tiles are present in ``counts``, if any."""
    for straight in KNITTED_STRAIGHTS:
        if all(counts[index34(t)] for t in straight):
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
    return sum(counts) == 14 and all(n % 2 == 0 for n in counts)


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


@cache
def _suit_fit(counts: tuple[int, ...]) -> tuple[bool, bool]:
    """(splits into sets only, splits into sets plus one pair) for one suit's nine counts.

    Purely structural: five copies of a tile are allowed (a triplet and a pair), because a
    wait is a shape question; whether the tile still exists is asked elsewhere.
    """
    c = list(counts)

    def sets_only(pos: int) -> bool:
        while pos < 9 and c[pos] == 0:
            pos += 1
        if pos == 9:
            return True
        ok = False
        if c[pos] >= 3:
            c[pos] -= 3
            ok = sets_only(pos)
            c[pos] += 3
        if not ok and pos <= 6 and c[pos + 1] and c[pos + 2]:
            c[pos] -= 1
            c[pos + 1] -= 1
            c[pos + 2] -= 1
            ok = sets_only(pos)
            c[pos] += 1
            c[pos + 1] += 1
            c[pos + 2] += 1
        return ok

    total = sum(c)
    if total % 3 == 0:
        return sets_only(0), False
    if total % 3 == 2:
        for i in range(9):
            if c[i] >= 2:
                c[i] -= 2
                ok = sets_only(0)
                c[i] += 2
                if ok:
                    return False, True
    return False, False


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


@lru_cache(maxsize=65536)
def regular_waits(counts: tuple[int, ...]) -> frozenset[int]:
    """Kinds (codes) that complete ``counts`` (3k+1 tiles) into sets and one pair."""
    found: set[int] = set()
    c = list(counts)
    for i in range(34):
        # Only a held tile or a suited neighbour within two can complete anything.
        if not c[i]:
            if i >= 27:
                continue
            lo, hi = (i // 9) * 9, (i // 9) * 9 + 8
            if not any(c[j] for j in range(max(lo, i - 2), min(hi, i + 2) + 1)):
                continue
        c[i] += 1
        if is_regular_complete(c):
            found.add(ALL_KINDS[i])
        c[i] -= 1
    return frozenset(found)


def seven_pairs_waits(counts: tuple[int, ...]) -> frozenset[int]:
    """For 13 concealed tiles holding six pairs (four of a kind is two), the seventh's tile."""
    if sum(counts) != 13 or sum(n // 2 for n in counts) != 6:
        return frozenset()
    return frozenset(ALL_KINDS[i] for i, n in enumerate(counts) if n % 2)


def kinds_of(counts: list[int]) -> list[int]:
    out: list[int] = []
    for i, n in enumerate(counts):
        out.extend([ALL_KINDS[i]] * n)
    return out

