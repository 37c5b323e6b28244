"""Useful tiles for bots: which kinds lower a hand's shanten, cheap enough to ask for every
candidate discard of every turn.

Two things keep it cheap, both exact:

* **candidates**: only a held kind or a suit neighbour within two can lower the regular form;
  the terminals and honours are tried only when thirteen orphans is within reach of the
  current shanten, and new kinds only when seven pairs is (the other forms cannot move the
  minimum otherwise);
* **memo**: the answer depends only on the counts, and the same 13-tile hands come back turn
  after turn (the drawn tile discarded again), so answers are remembered (a bounded dict; it only
  remembers, so everything stays pure and deterministic).
"""

from __future__ import annotations

from collections.abc import Sequence

from openmahjong.hand.shanten import shanten_counts

__all__ = ["improving", "useful_count", "NEIGHBOURS", "ORPHANS"]

ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def _neighbours(i: int) -> tuple[int, ...]:
    if i >= 27:
        return (i,)
    n = i % 9
    return tuple(i + d for d in (-2, -1, 0, 1, 2) if 0 <= n + d <= 8)


#: Kinds within two of ``i`` in its suit (just ``i`` for an honour).
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(i) for i in range(34))

_CACHE: dict[bytes, tuple[int, tuple[int, ...]]] = {}
_CACHE_LIMIT = 200_000


def improving(counts: list[int]) -> tuple[int, tuple[int, ...]]:
    """``(shanten, kinds)`` of a 13 - 3k tile count vector: its shanten over the Riichi forms
    and the dense kinds whose addition lowers it (a kind held four times never counts).

    ``counts`` is used as scratch space and restored before returning.
    """
    key = bytes(counts)
    found = _CACHE.get(key)
    if found is not None:
        return found
    current = shanten_counts(counts)
    candidates: set[int] = set()
    kinds = pairs = 0
    for i, n in enumerate(counts):
        if n:
            candidates.update(NEIGHBOURS[i])
            kinds += 1
            if n >= 2:
                pairs += 1
    if sum(counts) >= 13:
        orphan_kinds = sum(1 for i in ORPHANS if counts[i])
        orphan_pair = any(counts[i] >= 2 for i in ORPHANS)
        if 13 - orphan_kinds - orphan_pair <= current:
            candidates.update(ORPHANS)
        if kinds < 7 and 6 - pairs + 7 - kinds <= current:
            candidates = set(range(34))
    better = []
    for j in sorted(candidates):
        if counts[j] >= 4:
            continue
        counts[j] += 1
        if shanten_counts(counts) < current:
            better.append(j)
        counts[j] -= 1
    answer = (current, tuple(better))
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.clear()
    _CACHE[key] = answer
    return answer


def useful_count(counts: list[int], seen: Sequence[int]) -> int:
    """Unseen copies (4 - visible) of the kinds that lower the hand's shanten."""
    total = 0
    for j in improving(counts)[1]:
        total += 4 - seen[j]
    return total
