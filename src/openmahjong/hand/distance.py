"""Distance tables: how many tiles a hand lacks to become k sets and p pairs, per suit.

The regular-form shanten of a hand is ``min |T \\ H| - 1`` over complete target hands ``T``:
the number of tiles still to draw, minus one. That minimum splits cleanly by suit, so each suit
(nine counts, or the seven honor counts) is solved once for every (sets, pair) target and the
answers are combined. No target ever holds more than four of a kind, which is what makes a
"wait" on a fifth copy of a tile held four times correctly not a wait.

A suit's answer is a *distance vector* of 10 small ints, ``vec[2 * k + p]`` = tiles lacking to
make exactly ``k`` sets (k = 0..4) and ``p`` pairs (p = 0..1) in that suit. Distance vectors are
interned: each distinct vector gets a small int id, and combinations of ids are memoised, so a
warm lookup is a few dict hits. Tables fill lazily as suits are met (building every one of the
5**9 suit vectors up front would cost far more than the few thousand a session really meets)
and each entry costs tens of microseconds once.
"""

from __future__ import annotations

from functools import cache

__all__ = [
    "INF",
    "VECTOR_LEN",
    "VECTORS",
    "COMBINED",
    "suit_id",
    "honor_id",
    "vector",
    "combine",
    "hand_id",
    "regular_distance",
]

INF = 99
VECTOR_LEN = 10  # (k = 0..4) x (p = 0..1)
_NO_VALUE = (INF,) * VECTOR_LEN

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


@cache
def _suffix(counts: bytes, older: int, newer: int) -> tuple[int, ...]:
    """Distance vector of a suit's suffix ``counts`` given runs still waiting for tiles here.

    ``older`` runs started two positions back (they need this tile only); ``newer`` runs started
    one position back (they need this tile and the next). Runs counted in ``k`` where they start.
    """
    if not counts:
        return (0,) + (INF,) * (VECTOR_LEN - 1) if older == newer == 0 else _NO_VALUE
    held = counts[0]
    rest = counts[1:]
    pending = older + newer
    may_start_run = len(counts) >= 3
    best = [INF] * VECTOR_LEN
    for new_runs in range(0, (5 - pending) if may_start_run else 1):
        for triplet in (0, 1):
            for pair in (0, 1):
                need = pending + new_runs + 3 * triplet + 2 * pair
                if need > 4:
                    continue
                cost = need - held if need > held else 0
                tail = _suffix(rest, newer, new_runs)
                added = new_runs + triplet
                for k in range(5 - added):
                    for p in range(2 - pair):
                        v = tail[2 * k + p]
                        if v >= INF:
                            continue
                        i = 2 * (k + added) + p + pair
                        if cost + v < best[i]:
                            best[i] = cost + v
    return tuple(best)


_suit_ids: dict[bytes, int] = {}


def suit_id(counts: bytes) -> int:
    """Id of the distance vector of nine counts of one numbered suit."""
    found = _suit_ids.get(counts)
    if found is None:
        found = _suit_ids[counts] = _intern(_suffix(bytes(counts), 0, 0))
    return found


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


_honor_ids: dict[bytes, int] = {}


def honor_id(counts: bytes) -> int:
    """Id of the distance vector of the seven honor counts."""
    found = _honor_ids.get(counts)
    if found is None:
        found = _honor_ids[counts] = _intern(_honor_vector(bytes(counts)))
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
