"""Distance tables: how many tiles a hand lacks to become k sets and p pairs, per suit.

The regular-form shanten of a hand is ``min |T \\ H| - 1`` over complete target hands ``T``:
the number of tiles still to draw, minus one. That minimum splits cleanly by suit, so each suit
(nine counts, or the seven honor counts) is solved once for every (sets, pair) target and the
answers are combined. No target ever holds more than four of a kind, which is what makes a
"wait" on a fifth copy of a tile held four times correctly not a wait.

A suit's answer is a *distance vector* of 10 small ints, ``vec[2 * k + p]`` = tiles lacking to
make exactly ``k`` sets (k = 0..4) and ``p`` pairs (p = 0..1) in that suit. Distance vectors are
interned: each distinct vector gets a small int id, and combinations of ids are memoised, so a
warm lookup is a few dict hits. The 5**9 suits share only 126 vectors: all of them are computed
together with numpy the first time a suit is asked for (about 0.1 s, a 2 MB table), after which
a suit's id is a base-5 code and two indexes. The honors and the combinations fill lazily.
"""

from __future__ import annotations

import numpy as np

__all__ = [
    "INF",
    "VECTOR_LEN",
    "VECTORS",
    "COMBINED",
    "suit_id",
    "suit_code",
    "suit_class_id",
    "honor_id",
    "vector",
    "combine",
    "hand_id",
    "regular_distance",
]

INF = 99
VECTOR_LEN = 10  # (k = 0..4) x (p = 0..1)

# Interned distance vectors; ids are positions in this list.
VECTORS: list[tuple[int, ...]] = []
_VECTOR_IDS: dict[tuple[int, ...], int] = {}


def _intern(vec: tuple[int, ...]) -> int:
    found = _VECTOR_IDS.get(vec)
    if found is None:
        found = len(VECTORS)
        VECTORS.append(vec)
        _VECTOR_IDS[vec] = found
    return found


def vector(vec_id: int) -> tuple[int, ...]:
    return VECTORS[vec_id]


def _merge(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """Min-plus merge of two distance vectors (sets add up, at most one pair in all)."""
    out = [INF] * VECTOR_LEN
    for ka in range(5):
        a0 = a[2 * ka]
        a1 = a[2 * ka + 1]
        for kb in range(5 - ka):
            b0 = b[2 * kb]
            b1 = b[2 * kb + 1]
            i = 2 * (ka + kb)
            v = a0 + b0
            if v < out[i]:
                out[i] = v
            v = a0 + b1
            w = a1 + b0
            if w < v:
                v = w
            if v < out[i + 1]:
                out[i + 1] = v
    return tuple(min(x, INF) for x in out)


# --------------------------------------------------------------------------- one numbered suit
#
# Every suit's vector is computed at once, the first time any suit is asked for, by dynamic
# programming over the nine positions from the last to the first, with numpy. What positions
# i..8 of a suit can still become depends on the runs started at i - 2 and i - 1 that still
# want tiles there: a *table* of vectors, one per (older, newer) count of such runs. Suffixes
# with equal tables behave alike from then on, so each step keeps only the distinct tables
# (at most 10,165, against 5**7 suffixes of seven positions) and maps every suffix to its
# table's class. The build takes about 0.1 s and 22 MB while it runs; the 5**9 suits share 126
# distinct vectors, so a suit's class fits in one byte and what stays is a 2 MB ``bytes``.

_KINDS = 9
_MOST = 4  # copies of a kind, and runs that can wait on one position
_WIDTH = _MOST + 1


def _shifted(tail: np.ndarray, sets: int, pair: int) -> np.ndarray:
    """``tail`` (vectors on the last axis) with ``sets`` sets and ``pair`` pairs more."""
    out = np.full(tail.shape, INF, dtype=np.uint8)
    kept = _WIDTH - sets  # entries k = 0 .. 4 - sets move to k + sets
    for p in range(2 - pair):
        out[..., 2 * sets + p + pair :: 2] = tail[..., p : 2 * kept : 2]
    return out


#: What may wait on a position: (older, newer) runs started two and one positions back.
_WAITING = [(older, newer) for older in range(_WIDTH) for newer in range(_WIDTH - older)]
_WAITING_INDEX = {state: i for i, state in enumerate(_WAITING)}


def _one_position_more(tails: np.ndarray, may_start_runs: bool, waiting: list[int]) -> np.ndarray:
    """Tables of the suffixes one position longer: ``out[w, held, c]`` is the vector of ``held``
    tiles followed by a suffix of class ``c`` (tables ``tails[w, c]``, waiting states first)
    when runs ``_WAITING[w]`` wait on this position (only the ``waiting`` states are filled).

    As in a walk over the suit: at this position the waiting runs, the runs starting here, a
    triplet and a pair all take tiles (never more than four); the tiles not held are the cost.
    The suffix then sees this position's newer runs as its older ones and the new as newer.
    """
    out = np.full((len(_WAITING), _WIDTH, tails.shape[1], VECTOR_LEN), INF, dtype=np.uint8)
    held = np.arange(_WIDTH).reshape(_WIDTH, 1, 1)
    grown_tails: dict[tuple[int, int, int, int], np.ndarray] = {}
    for w in waiting:
        older, newer = _WAITING[w]
        for runs in range(_WIDTH - older - newer if may_start_runs else 1):
            for triplet in (0, 1):
                for pair in (0, 1):
                    need = older + newer + runs + 3 * triplet + 2 * pair
                    if need > _MOST:
                        continue
                    key = (newer, runs, triplet, pair)
                    grown = grown_tails.get(key)
                    if grown is None:
                        tail = tails[_WAITING_INDEX[newer, runs]]
                        grown = grown_tails[key] = _shifted(tail, runs + triplet, pair)
                    cost = np.maximum(need - held, 0).astype(np.uint8)
                    np.minimum(out[w], cost + grown, out=out[w])
    # A cost added to INF: clipped back (values stay below 256).
    return np.minimum(out, INF, out=out)


def _distinct(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct rows of a 2-D byte array and each row's index among them."""
    rows = np.ascontiguousarray(rows)
    keys = rows.view(np.dtype((np.void, rows.shape[1]))).reshape(-1)
    _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    return rows[first], inverse.reshape(-1)


def _build_suit_classes() -> tuple[bytes, list[int]]:
    """Each suit's class (indexed by its base-5 code, first count most significant) and each
    class's interned vector id."""
    # The empty suffix: complete only when no run still waits for a tile.
    tables = np.full((len(_WAITING), 1, VECTOR_LEN), INF, dtype=np.uint8)
    tables[_WAITING_INDEX[0, 0], 0, 0] = 0
    class_of = np.zeros(1, dtype=np.uint16)
    for length in range(1, _KINDS + 1):
        # A suffix starting at position 9 - length: runs start only where two positions
        # follow, and nothing waits from before position 0.
        waiting = [
            w
            for w, (older, newer) in enumerate(_WAITING)
            if (length <= _KINDS - 2 or older == 0) and (length <= _KINDS - 1 or newer == 0)
        ]
        grown = _one_position_more(tables, length >= 3, waiting)
        # One row per suffix (held, tail class): its vectors for the states that can occur.
        rows = grown[waiting].transpose(1, 2, 0, 3).reshape(-1, len(waiting) * VECTOR_LEN)
        distinct, inverse = _distinct(rows)
        tables = np.full((len(_WAITING), len(distinct), VECTOR_LEN), INF, dtype=np.uint8)
        tables[waiting] = distinct.reshape(-1, len(waiting), VECTOR_LEN).transpose(1, 0, 2)
        # suffix code held * 5**(length - 1) + tail code -> class of (held, tail's class)
        class_of = inverse.astype(np.uint16).reshape(_WIDTH, -1)[:, class_of].reshape(-1)
    vectors = tables[_WAITING_INDEX[0, 0]].tolist()
    if len(vectors) > 256:
        raise RuntimeError("more distinct suit vectors than one byte can name")
    return class_of.astype(np.uint8).tobytes(), [_intern(tuple(v)) for v in vectors]


_suit_classes: bytes = b""
_class_ids: list[int] = []


def suit_id(counts: bytes) -> int:
    """Id of the distance vector of nine counts (0..4) of one numbered suit."""
    if len(counts) != _KINDS or max(counts) > _MOST:
        raise ValueError("a suit has nine counts of 0..4")
    return suit_class_id(suit_code(counts))


#: Count n -> the digit character n: nine counts read as one base-5 numeral, which ``int``
#: parses in C (a third of the cost of a Python loop over the counts, paid by every new suit).
_BASE5_DIGITS = bytes.maketrans(bytes(range(_WIDTH)), b"01234")


def suit_code(counts: bytes) -> int:
    """The base-5 code of nine counts, first count most significant (the counts are trusted)."""
    return int(counts.translate(_BASE5_DIGITS), _WIDTH)


def suit_class_id(code: int) -> int:
    """Id of the distance vector of the suit with base-5 code ``code``."""
    global _suit_classes, _class_ids
    if not _suit_classes:
        _suit_classes, _class_ids = _build_suit_classes()
    return _class_ids[_suit_classes[code]]


# --------------------------------------------------------------------------- honors


def _honor_vector(counts: bytes) -> tuple[int, ...]:
    # Honors make no runs: a triplet or the pair per kind, never both (that would be five).
    triplet_costs = [max(0, 3 - n) for n in counts]
    pair_costs = [max(0, 2 - n) for n in counts]
    best = [INF] * VECTOR_LEN
    for pair_kind in range(-1, len(counts)):
        base = 0 if pair_kind < 0 else pair_costs[pair_kind]
        others = sorted(c for i, c in enumerate(triplet_costs) if i != pair_kind)
        running = base
        p = 0 if pair_kind < 0 else 1
        for k in range(5):
            if k > 0:
                if k > len(others):
                    break
                running += others[k - 1]
            if running < best[2 * k + p]:
                best[2 * k + p] = running
    return tuple(best)


#: Sorted honor counts -> vector id: the kinds are interchangeable, so a few hundred keys.
_honor_ids: dict[bytes, int] = {}


def honor_id(counts: bytes) -> int:
    """Id of the distance vector of the seven honor counts."""
    key = bytes(sorted(counts))
    found = _honor_ids.get(key)
    if found is None:
        found = _honor_ids[key] = _intern(_honor_vector(key))
    return found


# --------------------------------------------------------------------------- combining

#: ``COMBINED[a][b]``: id of the merge of vectors a and b (rows of dicts: no tuple per lookup).
COMBINED: dict[int, dict[int, int]] = {}


def combine(a: int, b: int) -> int:
    """Id of the merged distance vector of two disjoint parts of a hand."""
    row = COMBINED.get(a)
    if row is None:
        row = COMBINED[a] = {}
    found = row.get(b)
    if found is None:
        found = row[b] = _intern(_merge(VECTORS[a], VECTORS[b]))
    return found


def hand_id(packed: bytes) -> int:
    """Id of the distance vector of a whole hand given as 34 counts in bytes."""
    return combine(
        combine(suit_id(packed[0:9]), suit_id(packed[9:18])),
        combine(suit_id(packed[18:27]), honor_id(packed[27:34])),
    )


def regular_distance(packed: bytes, sets: int, pairs: int = 1) -> int:
    """Tiles lacking for ``sets`` sets and ``pairs`` (0/1) pairs from a 34-count bytes hand."""
    return VECTORS[hand_id(packed)][2 * sets + pairs]
