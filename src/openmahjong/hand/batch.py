"""Shanten for many hands at once with numpy, for bots and analysis at scale.

The same per-suit records as single calls (``suit_tables``), held in dense arrays keyed by each
suit's base-5 code, and a dense table of combined distance vectors, so a batch is a handful of
gathers: no Python work per hand once the tables have met the hand's suits.
"""

from __future__ import annotations

import numpy as np

from openmahjong.hand.distance import INF, VECTOR_LEN, VECTORS, combine
from openmahjong.hand.suit_tables import (
    ID_BITS,
    ID_MASK,
    dense_honor_records,
    dense_suit_records,
    special_entry,
)

__all__ = ["shanten_batch"]

# One float32 matrix product gives each row's four base-5 suit codes (first count most
# significant) and its tile count. BLAS makes it the cheapest step; float32 is exact here
# because the largest code, 5**9 - 1, is far below 2**24.
_CODES = np.zeros((34, 5), dtype=np.float32)
for _suit in range(3):
    _CODES[9 * _suit : 9 * _suit + 9, _suit] = 5.0 ** np.arange(8, -1, -1)
_CODES[27:, 3] = 5.0 ** np.arange(6, -1, -1)
_CODES[:, 4] = 1.0
_VALID_SIZE = np.array([n % 3 != 0 and n <= 14 for n in range(34 * 4 + 1)])
_MAX_IDS = 1024  # four ids summed must stay below 1 << ID_BITS

_combine_table = np.full((_MAX_IDS, _MAX_IDS), -1, dtype=np.int16)
_vector_table = np.full((_MAX_IDS, VECTOR_LEN), INF, dtype=np.int16)
_vectors_known = 0
_special_index = np.full(1 << 18, -1, dtype=np.int16)
_special_best = np.full(1 << 18, INF, dtype=np.int16)


def _sync_vectors() -> None:
    global _vectors_known
    for i in range(_vectors_known, len(VECTORS)):
        if i >= _MAX_IDS:
            raise RuntimeError("more distinct distance vectors than the batch tables hold")
        _vector_table[i] = VECTORS[i]
    _vectors_known = len(VECTORS)


def _combined(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    ids = _combine_table[a, b]
    missing = ids < 0
    if missing.any():
        pairs = np.unique(a[missing].astype(np.int64) * _MAX_IDS + b[missing])
        for key in pairs.tolist():
            x, y = divmod(key, _MAX_IDS)
            _combine_table[x, y] = combine(x, y)
        ids = _combine_table[a, b]
    return ids


def _specials(totals: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    index = _special_index[totals]
    missing = index < 0
    if missing.any():
        for key in np.unique(totals[missing]).tolist():
            _special_index[key], _special_best[key] = special_entry(key)
        index = _special_index[totals]
    return index, _special_best[totals]


def shanten_batch(counts: np.ndarray) -> np.ndarray:
    """Shanten over the Riichi forms for an ``N x 34`` array of tile counts.

    Columns are in code order 11..19, 21..29, 31..39, 41..47. Every row must be a legal hand
    (counts 0..4, 3k + 1 or 3k + 2 tiles, at most 14); a bad row raises ``ValueError``.
    Small integer dtypes (``uint8``, ``int8``) are the fastest input.
    """
    arr = np.asarray(counts)
    if arr.ndim != 2 or arr.shape[1] != 34:
        raise ValueError(f"shanten_batch needs an N x 34 array of counts; got shape {arr.shape}")
    if arr.shape[0] == 0:
        return np.zeros(0, dtype=np.int16)
    if arr.min() < 0 or arr.max() > 4:
        row = _first((arr.min(1) < 0) | (arr.max(1) > 4))
        raise ValueError(f"row {row} is not a hand: every count must be 0..4")
    codes = (arr.astype(np.float32) @ _CODES).astype(np.int32)
    if not _VALID_SIZE[codes[:, 4]].all():
        raise ValueError(
            f"row {_first(~_VALID_SIZE[codes[:, 4]])} is not a hand: "
            "it needs 3k + 1 or 3k + 2 tiles, at most 14"
        )
    m = dense_suit_records(codes[:, 0])
    p = dense_suit_records(codes[:, 1])
    s = dense_suit_records(codes[:, 2])
    z = dense_honor_records(codes[:, 3])
    totals = (m + p + s + z) >> ID_BITS
    index, special = _specials(totals)
    mp = _combined(m & ID_MASK, p & ID_MASK)
    sz = _combined(s & ID_MASK, z & ID_MASK)
    hand = _combined(mp, sz)
    _sync_vectors()
    regular = _vector_table[hand, index] - 1
    return np.minimum(regular, special)


def _first(mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[0])
