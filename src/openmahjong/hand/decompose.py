"""Every way a complete hand splits into sets and one pair.

Works on count vectors of 34 (dense index order, see ``openmahjong.tiles``). A suit's nine
counts are split once and remembered, already shifted to the suit's place, so a hand's
decompositions are a product of at most three small cached lists plus the honors (which can only
be triplets or the pair). ``decompositions`` returns sorted ``Decomposition``s;
``raw_decompositions`` is the same without the sorting and the named tuples, for hot loops.

A block is ``(SEQUENCE, i)`` for the run i, i+1, i+2 or ``(TRIPLET, i)`` for three of kind i.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

__all__ = [
    "SEQUENCE",
    "TRIPLET",
    "Decomposition",
    "decompositions",
    "raw_decompositions",
    "is_complete_regular",
    "suit_splits",
]

TRIPLET = 0
SEQUENCE = 1

Block = tuple[int, int]


class Decomposition(NamedTuple):
    """A complete regular hand: the pair's kind index and the sets, sorted."""

    pair: int
    sets: tuple[Block, ...]


# A suit's split: (pair index or -1, blocks).
_SuitSplit = tuple[int, tuple[Block, ...]]


@cache
def _suit_splits(counts: tuple[int, ...]) -> tuple[_SuitSplit, ...]:
    """All ways nine counts of one suit form sets, with at most one pair (offsets 0..8)."""
    total = sum(counts)
    if total % 3 == 1:
        return ()
    want_pair = total % 3 == 2
    found: set[_SuitSplit] = set()
    c = list(counts)

    def walk(pos: int, pair: int, blocks: list[Block]) -> None:
        while pos < 9 and c[pos] == 0:
            pos += 1
        if pos == 9:
            if (pair >= 0) == want_pair:
                found.add((pair, tuple(sorted(blocks))))
            return
        # The lowest remaining tile must be a pair, the bottom of a triplet or of a run.
        if want_pair and pair < 0 and c[pos] >= 2:
            c[pos] -= 2
            walk(pos, pos, blocks)
            c[pos] += 2
        if c[pos] >= 3:
            c[pos] -= 3
            blocks.append((TRIPLET, pos))
            walk(pos, pair, blocks)
            blocks.pop()
            c[pos] += 3
        if pos <= 6 and c[pos + 1] and c[pos + 2]:
            c[pos] -= 1
            c[pos + 1] -= 1
            c[pos + 2] -= 1
            blocks.append((SEQUENCE, pos))
            walk(pos, pair, blocks)
            blocks.pop()
            c[pos] += 1
            c[pos + 1] += 1
            c[pos + 2] += 1

    walk(0, -1, [])
    return tuple(sorted(found))


def suit_splits(counts: tuple[int, ...]) -> tuple[tuple[int, tuple[Block, ...]], ...]:
    """Every split of one suit's nine counts into sets and at most one pair, offsets 0..8.

    ``(pair offset or -1, sorted blocks)`` each, sorted; cached (the Riichi scorer's per-suit
    tables build on it).
    """
    return _suit_splits(counts)


# Per suit (0, 1, 2): nine counts -> splits shifted to the suit's dense indices.
_SHIFTED: tuple[dict[tuple[int, ...], tuple[_SuitSplit, ...]], ...] = ({}, {}, {})
_EMPTY = (0,) * 9


def _shifted(suit: int, counts: tuple[int, ...]) -> tuple[_SuitSplit, ...]:
    offset = 9 * suit
    splits = tuple(
        (p if p < 0 else p + offset, tuple((k, i + offset) for k, i in blocks))
        for p, blocks in _suit_splits(counts)
    )
    _SHIFTED[suit][counts] = splits
    return splits


_HONORS: dict[tuple[int, ...], _SuitSplit | None] = {}


def _honor_split(counts: tuple[int, ...]) -> _SuitSplit | None:
    """Honors form only triplets and at most one pair; ``None`` if they cannot."""
    pair = -1
    blocks: list[Block] = []
    for i, n in enumerate(counts):
        if n == 3:
            blocks.append((TRIPLET, 27 + i))
        elif n == 2 and pair < 0:
            pair = 27 + i
        elif n:
            _HONORS[counts] = None
            return None
    found = (pair, tuple(blocks))
    _HONORS[counts] = found
    return found


def raw_decompositions(
    counts: list[int] | tuple[int, ...],
) -> list[tuple[int, tuple[Block, ...]]]:
    """Like ``decompositions`` but unsorted ``(pair, blocks)`` pairs (honors first, then suits).

    Assumes 3k + 2 tiles (a hand of any other size simply finds nothing).
    """
    key = tuple(counts[27:34])
    try:
        honors = _HONORS[key]
    except KeyError:
        honors = _honor_split(key)
    if honors is None:
        return []
    partial = [honors]
    for suit in (0, 1, 2):
        key = tuple(counts[9 * suit : 9 * suit + 9])
        if key == _EMPTY:
            continue
        splits = _SHIFTED[suit].get(key)
        if splits is None:
            splits = _shifted(suit, key)
        if not splits:
            return []
        if len(splits) == 1 and len(partial) == 1:
            p, bs = splits[0]
            q, have = partial[0]
            if p >= 0:
                if q >= 0:
                    return []
                q = p
            partial = [(q, have + bs)]
            continue
        grown = []
        for q, have in partial:
            for p, bs in splits:
                if p >= 0 and q >= 0:
                    continue
                grown.append((p if p >= 0 else q, have + bs))
        if not grown:
            return []
        partial = grown
    return [pb for pb in partial if pb[0] >= 0]


def decompositions(counts: list[int] | tuple[int, ...]) -> list[Decomposition]:
    """Every split of a concealed count vector (3k + 2 tiles) into k sets and one pair.

    Melded sets are not part of ``counts``; the caller adds them. An incomplete hand gives ``[]``.
    """
    if sum(counts) % 3 != 2:
        return []
    return [Decomposition(p, tuple(sorted(bs))) for p, bs in raw_decompositions(counts)]


def is_complete_regular(counts: list[int] | tuple[int, ...]) -> bool:
    return bool(decompositions(counts))
