"""Shanten for many hands at once with numpy, for bots and analysis at scale.

Every table a batch reads is complete, built once with numpy on the first call, so a batch is a
handful of gathers with no Python work per hand or per new shape, fresh hands or not:

* each suit's base-5 code (and the honors') gives a record: its distance-vector *class* (the
  126 classes of ``distance``; the honors' 55) in the low bits and the counters of
  ``suit_tables`` (tiles, pairs, kinds, terminal/honor kinds and pairs) above, which add up;
* ``_PAIRS_MP[class m, class p]`` and ``_PAIRS_SZ[class s, class z]`` name the merged vector of
  two parts (180 and 165 distinct), and ``_REGULAR`` holds the regular-form shanten of every
  (man+pin, sou+honors) pair for 0..4 sets and a pair;
* ``_SPECIAL[summed counters]`` is the best of seven pairs and thirteen orphans.

The four codes come from one float32 matrix product, done in slices of ``_ROWS`` rows: OpenBLAS
runs a product that small on one thread, and its threads (busy-waiting on a shared machine) made
a batch of 50,000 hands 30 times slower than the same work on one thread.
"""

from __future__ import annotations

import numpy as np

from openmahjong.hand import distance, suit_tables
from openmahjong.hand.distance import INF, VECTOR_LEN, VECTORS, honor_id, suit_class_id
from openmahjong.hand.suit_tables import COUNTER_BITS, ID_BITS, honor_record, suit_record

__all__ = ["shanten_batch"]

_SUIT_LEN = 9
_HONOR_LEN = 7
_SETS = VECTOR_LEN // 2  # 0..4 sets
_CLASS_BITS = 10  # four classes (each below 256) add up below 1 << 10
_CLASS_MASK = (1 << _CLASS_BITS) - 1
#: Rows per matrix product: M x N x K = 1536 x 5 x 34 stays under OpenBLAS's 65536 x 4, the
#: size from which it splits a product over threads.
_ROWS = 1536

# Each row's four base-5 suit codes (first count most significant) and its tile count.
_CODES = np.zeros((34, 5), dtype=np.float32)
for _suit in range(3):
    _CODES[9 * _suit : 9 * _suit + 9, _suit] = 5.0 ** np.arange(8, -1, -1)
_CODES[27:, 3] = 5.0 ** np.arange(6, -1, -1)
_CODES[:, 4] = 1.0
_VALID_SIZE = np.array([n % 3 != 0 and n <= 14 for n in range(34 * 4 + 1)])

_tables: dict[str, np.ndarray] = {}


def _digits(width: int) -> np.ndarray:
    """Every base-5 code of ``width`` digits as its digits (first most significant)."""
    codes = np.arange(5**width)
    out = np.empty((codes.size, width), dtype=np.uint8)
    for i in range(width - 1, -1, -1):
        out[:, i] = codes % 5
        codes //= 5
    return out


def _merge_all(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``out[i, j]``: the min-plus merge of vectors ``a[i]`` and ``b[j]`` (``distance``'s merge:
    sets add up, at most one pair in all), for every pair at once."""
    x = a.astype(np.int16)[:, None, :]
    y = b.astype(np.int16)[None, :, :]
    out = np.full((len(a), len(b), VECTOR_LEN), 4 * INF, dtype=np.int16)
    for ka in range(_SETS):
        for kb in range(_SETS - ka):
            i = 2 * (ka + kb)
            np.minimum(out[..., i], x[..., 2 * ka] + y[..., 2 * kb], out=out[..., i])
            for one, other in ((2 * ka, 2 * kb + 1), (2 * ka + 1, 2 * kb)):
                np.minimum(out[..., i + 1], x[..., one] + y[..., other], out=out[..., i + 1])
    return np.minimum(out, INF)


def _distinct(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct rows of a 2-D array and each row's index among them."""
    distinct, inverse = np.unique(rows, axis=0, return_inverse=True)
    return distinct, inverse.reshape(-1)


def special_best(totals: np.ndarray) -> np.ndarray:
    """Best shanten of seven pairs and thirteen orphans for summed counters (99: neither
    applies), as ``suit_tables.special_entry`` gives it one total at a time."""
    # The field layout of ``suit_tables`` (tests/hand/test_batch.py compares every total).
    tiles = totals >> suit_tables._TILES & 15
    pairs = totals >> suit_tables._PAIRS & 7
    kinds = totals >> suit_tables._KINDS & 15
    orphans = totals >> suit_tables._ORPHANS & 15
    orphan_pairs = totals >> suit_tables._ORPHAN_PAIRS & 7
    seven_pairs = 6 - pairs + np.maximum(0, 7 - kinds)
    thirteen_orphans = 13 - orphans - (orphan_pairs > 0)
    return np.where(tiles >= 13, np.minimum(seven_pairs, thirteen_orphans), 99)


def _suit_counters() -> np.ndarray:
    """Every suit code's counters: they add up over positions, so each is the sum of those of
    its first four positions and of its last five (exact up to 15 tiles; rows whose suit holds
    more are refused before any lookup)."""
    zeros = bytes(5)
    first_four = [suit_record(bytes(d) + zeros) >> ID_BITS for d in _digits(4).tolist()]
    last_five = [suit_record(zeros[:4] + bytes(d)) >> ID_BITS for d in _digits(5).tolist()]
    codes = np.arange(5**_SUIT_LEN)
    return np.array(first_four)[codes // 5**5] + np.array(last_five)[codes % 5**5]


def _build() -> None:
    suit_class_id(0)  # builds distance's table of every suit's class
    classes = np.frombuffer(distance._suit_classes, dtype=np.uint8).astype(np.int64)
    suit_vectors = np.array([VECTORS[i] for i in distance._class_ids], dtype=np.int16)
    suits = (classes | _suit_counters() << _CLASS_BITS).astype(np.int32)

    # The honors' kinds are interchangeable: a record per sorted set of counts (330 of them).
    digits = np.sort(_digits(_HONOR_LEN), axis=1)
    keys, key_of = np.unique(digits, axis=0, return_inverse=True)
    key_bytes = [bytes(key) for key in keys.tolist()]
    honor_vectors, honor_class = _distinct(
        np.array([VECTORS[honor_id(key)] for key in key_bytes], dtype=np.int16)
    )
    honor_counters = np.array([honor_record(key) >> ID_BITS for key in key_bytes])
    honors = (honor_class | honor_counters << _CLASS_BITS).astype(np.int32)[key_of.reshape(-1)]

    mp_vectors, mp = _distinct(_merge_all(suit_vectors, suit_vectors).reshape(-1, VECTOR_LEN))
    sz_vectors, sz = _distinct(_merge_all(suit_vectors, honor_vectors).reshape(-1, VECTOR_LEN))
    # The regular form needs ``sets`` sets and one pair: entry 2 * sets + 1.
    regular = _merge_all(mp_vectors, sz_vectors)[..., 1::2] - 1
    n_suits, n_sz = len(suit_vectors), len(sz_vectors)
    _tables["suits"] = suits
    _tables["honors"] = honors
    # Premultiplied, so that a hand's row in ``regular`` is one add away.
    _tables["pairs_mp"] = (mp.reshape(n_suits, n_suits) * n_sz * _SETS).astype(np.int32)
    _tables["pairs_sz"] = (sz.reshape(n_suits, len(honor_vectors)) * _SETS).astype(np.int32)
    _tables["regular"] = regular.astype(np.int16).reshape(-1)
    _tables["special"] = special_best(np.arange(1 << COUNTER_BITS)).astype(np.int16)


def _codes(arr: np.ndarray) -> np.ndarray:
    out = np.empty((len(arr), 5), dtype=np.float32)
    for start in range(0, len(arr), _ROWS):
        chunk = arr[start : start + _ROWS]
        np.matmul(chunk.astype(np.float32), _CODES, out=out[start : start + _ROWS])
    return out.astype(np.int32)


def shanten_batch(counts: np.ndarray) -> np.ndarray:
    """Shanten over the Riichi forms for an ``N x 34`` array of tile counts.

    Columns are in code order 11..19, 21..29, 31..39, 41..47. Every row must be a legal hand
    (counts 0..4, 3k + 1 or 3k + 2 tiles, at most 14); a bad row raises ``ValueError``.
    Small integer dtypes (``uint8``, ``int8``) are the fastest input. The first call builds
    the tables (about a quarter of a second); the answers are ``int16``.
    """
    arr = np.asarray(counts)
    if arr.ndim != 2 or arr.shape[1] != 34:
        raise ValueError(f"shanten_batch needs an N x 34 array of counts; got shape {arr.shape}")
    if arr.shape[0] == 0:
        return np.zeros(0, dtype=np.int16)
    if arr.min() < 0 or arr.max() > 4:
        row = _first((arr.min(1) < 0) | (arr.max(1) > 4))
        raise ValueError(f"row {row} is not a hand: every count must be 0..4")
    codes = _codes(arr)
    if not _VALID_SIZE[codes[:, 4]].all():
        raise ValueError(
            f"row {_first(~_VALID_SIZE[codes[:, 4]])} is not a hand: "
            "it needs 3k + 1 or 3k + 2 tiles, at most 14"
        )
    if not _tables:
        _build()
    suits, honors = _tables["suits"], _tables["honors"]
    m = suits[codes[:, 0]]
    p = suits[codes[:, 1]]
    s = suits[codes[:, 2]]
    z = honors[codes[:, 3]]
    special = _tables["special"][(m + p + s + z) >> _CLASS_BITS]
    mp = _tables["pairs_mp"][m & _CLASS_MASK, p & _CLASS_MASK]
    sz = _tables["pairs_sz"][s & _CLASS_MASK, z & _CLASS_MASK]
    where = mp + sz + codes[:, 4] // 3
    return np.minimum(_tables["regular"][where], special)


def _first(mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[0])
