"""Distance tables for hands of more than four sets: Taiwan's 16-tile game (five sets and a pair).

:mod:`openmahjong.hand.distance` answers "how many tiles does this hand lack to become k sets and
p pairs" for k up to 4, which covers every 13-tile game. A 16/17-tile hand needs five sets, and a
suit may hold all five of them (``111222333444555m`` plus a pair), so the per-suit answer needs
entries for k = 5 too. This module builds the same tables with ``MOST_SETS`` sets: the same
dynamic programming over a suit's nine positions (read ``distance`` for how it works), with
vectors of ``2 * (MOST_SETS + 1)`` entries, ``vec[2 * k + p]``. The existing tables, their ids and
their speed are untouched: :func:`openmahjong.hand.distance.regular_distance` hands anything past
four sets to :func:`regular_distance` here.

The suit table is built the first time a long hand is asked about (about 0.2 s); a hand then
costs four lookups and three merges, memoised by the parts' ids.
"""

from __future__ import annotations

import numpy as np

__all__ = ["MOST_SETS", "VECTOR_LEN", "regular_distance", "hand_vector"]

INF = 99
#: The most sets a part (and a whole hand) is measured for.
MOST_SETS = 5
VECTOR_LEN = 2 * (MOST_SETS + 1)

_KINDS = 9
_MOST = 4  # copies of a kind, and runs that can wait on one position
_WIDTH = _MOST + 1
_SETS = MOST_SETS + 1  # k = 0 .. MOST_SETS

VECTORS: list[tuple[int, ...]] = []
_VECTOR_IDS: dict[tuple[int, ...], int] = {}


def _intern(vec: tuple[int, ...]) -> int:
    found = _VECTOR_IDS.get(vec)
    if found is None:
        found = len(VECTORS)
        VECTORS.append(vec)
        _VECTOR_IDS[vec] = found
    return found


def _merge(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """Min-plus merge of two vectors (sets add up to at most ``MOST_SETS``, one pair in all)."""
    out = [INF] * VECTOR_LEN
    for ka in range(_SETS):
        a0 = a[2 * ka]
        a1 = a[2 * ka + 1]
        for kb in range(_SETS - ka):
            b0 = b[2 * kb]
            b1 = b[2 * kb + 1]
            i = 2 * (ka + kb)
            v = a0 + b0
            if v < out[i]:
                out[i] = v
            v = min(a0 + b1, a1 + b0)
            if v < out[i + 1]:
                out[i + 1] = v
    return tuple(min(x, INF) for x in out)


def _shifted(tail: np.ndarray, sets: int, pair: int) -> np.ndarray:
    out = np.full(tail.shape, INF, dtype=np.uint8)
    kept = _SETS - sets
    for p in range(2 - pair):
        out[..., 2 * sets + p + pair :: 2] = tail[..., p : 2 * kept : 2]
    return out


_WAITING = [(older, newer) for older in range(_WIDTH) for newer in range(_WIDTH - older)]
_WAITING_INDEX = {state: i for i, state in enumerate(_WAITING)}


def _one_position_more(tails: np.ndarray, may_start_runs: bool, waiting: list[int]) -> np.ndarray:
    out = np.full((len(_WAITING), _WIDTH, tails.shape[1], VECTOR_LEN), INF, dtype=np.uint8)
    held = np.arange(_WIDTH).reshape(_WIDTH, 1, 1)
    grown_tails: dict[tuple[int, int, int, int], np.ndarray] = {}
    for w in waiting:
        older, newer = _WAITING[w]
        for runs in range(_WIDTH - older - newer if may_start_runs else 1):
            for triplet in (0, 1):
                for pair in (0, 1):
                    need = older + newer + runs + 3 * triplet + 2 * pair
                    if need > _MOST or runs + triplet >= _SETS:
                        continue
                    key = (newer, runs, triplet, pair)
                    grown = grown_tails.get(key)
                    if grown is None:
                        tail = tails[_WAITING_INDEX[newer, runs]]
                        grown = grown_tails[key] = _shifted(tail, runs + triplet, pair)
                    cost = np.maximum(need - held, 0).astype(np.uint8)
                    np.minimum(out[w], cost + grown, out=out[w])
    return np.minimum(out, INF, out=out)


def _distinct(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    rows = np.ascontiguousarray(rows)
    keys = rows.view(np.dtype((np.void, rows.shape[1]))).reshape(-1)
    _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    return rows[first], inverse.reshape(-1)


def _build_suit_classes() -> tuple[np.ndarray, list[int]]:
    tables = np.full((len(_WAITING), 1, VECTOR_LEN), INF, dtype=np.uint8)
    tables[_WAITING_INDEX[0, 0], 0, 0] = 0
    class_of = np.zeros(1, dtype=np.uint32)
    for length in range(1, _KINDS + 1):
        waiting = [
            w
            for w, (older, newer) in enumerate(_WAITING)
            if (length <= _KINDS - 2 or older == 0) and (length <= _KINDS - 1 or newer == 0)
        ]
        grown = _one_position_more(tables, length >= 3, waiting)
        rows = grown[waiting].transpose(1, 2, 0, 3).reshape(-1, len(waiting) * VECTOR_LEN)
        distinct, inverse = _distinct(rows)
        tables = np.full((len(_WAITING), len(distinct), VECTOR_LEN), INF, dtype=np.uint8)
        tables[waiting] = distinct.reshape(-1, len(waiting), VECTOR_LEN).transpose(1, 0, 2)
        class_of = inverse.astype(np.uint32).reshape(_WIDTH, -1)[:, class_of].reshape(-1)
    vectors = tables[_WAITING_INDEX[0, 0]].tolist()
    ids = [_intern(tuple(v)) for v in vectors]
    return np.asarray(ids, dtype=np.uint16)[class_of], ids


_suit_ids: np.ndarray | None = None
_POWERS = np.array([_WIDTH ** (_KINDS - 1 - i) for i in range(_KINDS)], dtype=np.int64)
_SUIT_CACHE: dict[bytes, int] = {}


def suit_id(counts: bytes) -> int:
    """Id of the long vector of nine counts (0..4) of one numbered suit."""
    global _suit_ids
    found = _SUIT_CACHE.get(counts)
    if found is not None:
        return found
    if _suit_ids is None:
        _suit_ids, _ = _build_suit_classes()
    code = int(np.dot(np.frombuffer(counts, dtype=np.uint8).astype(np.int64), _POWERS))
    found = _SUIT_CACHE[counts] = int(_suit_ids[code])
    return found


def _honor_vector(counts: bytes) -> tuple[int, ...]:
    triplet_costs = [max(0, 3 - n) for n in counts]
    pair_costs = [max(0, 2 - n) for n in counts]
    best = [INF] * VECTOR_LEN
    for pair_kind in range(-1, len(counts)):
        base = 0 if pair_kind < 0 else pair_costs[pair_kind]
        others = sorted(c for i, c in enumerate(triplet_costs) if i != pair_kind)
        running = base
        p = 0 if pair_kind < 0 else 1
        for k in range(_SETS):
            if k > 0:
                if k > len(others):
                    break
                running += others[k - 1]
            if running < best[2 * k + p]:
                best[2 * k + p] = running
    return tuple(best)


_HONOR_IDS: dict[bytes, int] = {}


def honor_id(counts: bytes) -> int:
    key = bytes(sorted(counts))
    found = _HONOR_IDS.get(key)
    if found is None:
        found = _HONOR_IDS[key] = _intern(_honor_vector(key))
    return found


_COMBINED: dict[tuple[int, int], int] = {}


def combine(a: int, b: int) -> int:
    found = _COMBINED.get((a, b))
    if found is None:
        found = _COMBINED[(a, b)] = _intern(_merge(VECTORS[a], VECTORS[b]))
    return found


def hand_vector(packed: bytes) -> tuple[int, ...]:
    """The long distance vector of a whole hand given as 34 counts in bytes."""
    return VECTORS[
        combine(
            combine(suit_id(packed[0:9]), suit_id(packed[9:18])),
            combine(suit_id(packed[18:27]), honor_id(packed[27:34])),
        )
    ]


def regular_distance(packed: bytes, sets: int, pairs: int = 1) -> int:
    """Tiles lacking for ``sets`` (up to ``MOST_SETS``) sets and ``pairs`` (0/1) pairs."""
    if not 0 <= sets <= MOST_SETS:
        raise ValueError(f"a hand of up to {MOST_SETS} sets is measured here, not {sets}")
    return hand_vector(packed)[2 * sets + pairs]
