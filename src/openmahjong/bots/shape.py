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

from collections.abc import Iterable, Sequence

import numpy as np

from openmahjong.hand.batch import shanten_batch
from openmahjong.hand.shanten import shanten_counts

__all__ = ["improving", "improving_after", "useful_count", "NEIGHBOURS", "ORPHANS"]

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


def _candidates(counts: Sequence[int], current: int) -> list[int]:
    """Kinds that might lower the shanten of ``counts`` (a superset of the answer)."""
    held = [i for i in range(34) if counts[i]]
    candidates: set[int] = set()
    for i in held:
        candidates.update(NEIGHBOURS[i])
    if sum(counts) >= 13:
        orphans = [counts[i] for i in ORPHANS]
        if 13 - (13 - orphans.count(0)) - (max(orphans) >= 2) <= current:
            candidates.update(ORPHANS)
        kinds = len(held)
        if kinds < 7 and 6 - sum(1 for i in held if counts[i] >= 2) + 7 - kinds <= current:
            candidates = set(range(34))
    return sorted(j for j in candidates if counts[j] < 4)


def _remember(key: bytes, answer: tuple[int, tuple[int, ...]]) -> None:
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.clear()
    _CACHE[key] = answer


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
    better = []
    for j in _candidates(counts, current):
        counts[j] += 1
        if shanten_counts(counts) < current:
            better.append(j)
        counts[j] -= 1
    answer = (current, tuple(better))
    _remember(key, answer)
    return answer


#: Below this many hands to try, single calls beat one numpy batch.
_BATCH_MIN = 40


def improving_after(
    counts: list[int], discards: Iterable[int], shanten: dict[int, int]
) -> dict[int, tuple[int, ...]]:
    """For a 14 - 3k tile hand: for each discard kind ``i``, the kinds that lower the shanten of
    the hand without ``i`` (``shanten[i]``, already known). Same answers as :func:`improving`;
    the misses go through one ``shanten_batch`` call when there are enough of them."""
    out: dict[int, tuple[int, ...]] = {}
    todo: list[tuple[int, bytes, list[int]]] = []
    rows = 0
    for i in discards:
        counts[i] -= 1
        key = bytes(counts)
        found = _CACHE.get(key)
        if found is not None:
            out[i] = found[1]
        else:
            cands = _candidates(counts, shanten[i])
            todo.append((i, key, cands))
            rows += len(cands)
        counts[i] += 1
    if not todo:
        return out
    if rows < _BATCH_MIN:
        for i, _key, _cands in todo:
            counts[i] -= 1
            out[i] = improving(counts)[1]
            counts[i] += 1
        return out
    base = np.frombuffer(bytes(counts), dtype=np.uint8)
    grid = np.repeat(base[None, :], rows, axis=0)
    row_i: list[int] = []
    row_j: list[int] = []
    for i, _key, cands in todo:
        row_i.extend([i] * len(cands))
        row_j.extend(cands)
    index = np.arange(rows)
    grid[index, np.array(row_i)] -= 1
    grid[index, np.array(row_j)] += 1
    result = shanten_batch(grid).tolist()
    at = 0
    for i, key, cands in todo:
        s = shanten[i]
        better = tuple(j for j, r in zip(cands, result[at : at + len(cands)], strict=True) if r < s)
        at += len(cands)
        _remember(key, (s, better))
        out[i] = better
    return out


def useful_count(counts: list[int], seen: Sequence[int]) -> int:
    """Unseen copies (4 - visible) of the kinds that lower the hand's shanten."""
    total = 0
    for j in improving(counts)[1]:
        total += 4 - seen[j]
    return total
