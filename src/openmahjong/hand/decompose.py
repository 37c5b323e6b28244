"""Every way a complete hand splits into sets and one pair.

Works on count vectors of 34 (dense index order, see ``openmahjong.tiles``). A suit's nine
counts are split once and remembered (``_suit_splits`` is cached on the suit's counts), so a
hand's decompositions are a product of at most three small cached lists plus the honors.

A block is ``(SEQUENCE, i)`` for the run i, i+1, i+2 or ``(TRIPLET, i)`` for three of kind i.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import NamedTuple

__all__ = ["SEQUENCE", "TRIPLET", "Decomposition", "decompositions", "is_complete_regular"]

TRIPLET = 0
SEQUENCE = 1

Block = tuple[int, int]


class Decomposition(NamedTuple):
    """A complete regular hand: the pair's kind index and the sets, sorted."""

    pair: int
    sets: tuple[Block, ...]


# A suit's split: (pair offset or -1, blocks with offsets 0..8 within the suit).
_SuitSplit = tuple[int, tuple[Block, ...]]


@lru_cache(maxsize=None)
def _suit_splits(counts: tuple[int, ...]) -> tuple[_SuitSplit, ...]:
    """All ways nine counts of one suit form sets, with at most one pair."""
    total = sum(counts)
    if total % 3 == 1:
        return ()
    want_pair = total % 3 == 2
    found: list[_SuitSplit] = []
    c = list(counts)

    def walk(pos: int, pair: int, blocks: list[Block]) -> None:
        while pos < 9 and c[pos] == 0:
            pos += 1
        if pos == 9:
            if (pair >= 0) == want_pair:
                found.append((pair, tuple(blocks)))
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
    # Different orders of the same blocks are one split.
    return tuple(sorted(set((p, tuple(sorted(b))) for p, b in found)))


def _honor_split(counts: list[int] | tuple[int, ...]) -> _SuitSplit | None:
    pair = -1
    blocks: list[Block] = []
    for i, n in enumerate(counts):
        if n == 0:
            continue
        if n == 3:
            blocks.append((TRIPLET, 27 + i))
        elif n == 2 and pair < 0:
            pair = 27 + i
        else:
            return None
    return pair, tuple(blocks)


def decompositions(counts: list[int] | tuple[int, ...]) -> list[Decomposition]:
    """Every split of a concealed count vector (3k + 2 tiles) into k sets and one pair.

    Melded sets are not part of ``counts``; the caller adds them. An incomplete hand gives ``[]``.
    """
    if sum(counts) % 3 != 2:
        return []
    honors = _honor_split(counts[27:34])
    if honors is None:
        return []
    per_suit: list[tuple[_SuitSplit, ...]] = []
    for s in range(3):
        splits = _suit_splits(tuple(counts[9 * s : 9 * s + 9]))
        if not splits:
            return []
        per_suit.append(tuple((p if p < 0 else p + 9 * s, _shift(b, 9 * s)) for p, b in splits))
    result: list[Decomposition] = []
    for choice in product(*per_suit, (honors,)):
        pairs = [p for p, _ in choice if p >= 0]
        if len(pairs) != 1:
            continue
        result.append(Decomposition(pairs[0], tuple(sorted(b for _, bs in choice for b in bs))))
    return result


def _shift(blocks: tuple[Block, ...], offset: int) -> tuple[Block, ...]:
    return tuple((k, i + offset) for k, i in blocks) if offset else blocks


def is_complete_regular(counts: list[int] | tuple[int, ...]) -> bool:
    return bool(decompositions(counts))
