"""Useful tiles for bots: which kinds lower a hand's shanten, cheap enough to ask for every
candidate discard of every turn. Exact: the same answers as trying every kind with
``hand.shanten_counts`` (``tests/bots/test_shape.py`` checks it on random hands).

* **by suit**: the regular form's distance vectors combine per suit (``hand.distance``), so
  adding a tile changes one part only. For each part, the regular shanten after adding a tile
  at each of its positions depends only on the part's counts and the vector id of the other
  three parts, and those pairs recur constantly: they are memoised. Seven pairs and thirteen
  orphans need only pair, kind and orphan counts, so they are arithmetic;
* **memo**: the answer for a hand depends only on its counts, and the same 13-tile hands come
  back turn after turn (the drawn tile discarded again), so answers are remembered.

The memos are bounded dicts that only remember answers: everything stays pure and
deterministic.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from operator import itemgetter

from openmahjong.hand.distance import COMBINED, VECTORS, combine
from openmahjong.hand.shanten import shanten_counts
from openmahjong.hand.suit_tables import HONOR_RECORDS, SUIT_RECORDS, honor_record, suit_record

__all__ = ["improving", "improving_after", "useful_count", "ORPHANS"]

ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_ORPHAN_COUNTS = itemgetter(*ORPHANS)


_CACHE: dict[bytes, tuple[int, tuple[int, ...]]] = {}
_CACHE_LIMIT = 200_000


def _record_id(part: bytes) -> int:
    """Distance-vector id of one suit (nine counts) or of the honours (seven counts)."""
    if len(part) == 9:
        found = SUIT_RECORDS.get(part)
        if found is None:
            # A suit read backwards has the same record (runs stay runs, its 1 and 9 swap
            # places): a known mirror spares filling the tables with a new shape.
            found = SUIT_RECORDS.get(part[::-1])
            if found is None:
                found = suit_record(part)
        return found & 4095
    found = HONOR_RECORDS.get(part)
    return (honor_record(part) if found is None else found) & 4095


#: (part, part counts, id of the other three parts combined, vector index, shanten) -> the
#: kinds of that part whose addition brings the regular form below the shanten.
_GROWN: dict[tuple[int, bytes, int, int, int], tuple[int, ...]] = {}
_GROWN_LIMIT = 500_000


#: Part counts -> the record id of the part with one more tile at each position (-1: four held).
_GROWN_IDS: dict[bytes, tuple[int, ...]] = {}


def _grown_ids(part: bytes) -> tuple[int, ...]:
    found = _GROWN_IDS.get(part)
    if found is None:
        ids = []
        honors = len(part) == 7
        for p, n in enumerate(part):
            if n >= 4:
                ids.append(-1)  # no fifth copy
                continue
            if n == 0 and (honors or not any(part[max(0, p - 2) : p + 3])):
                # A tile with no held tile of its kind or within two of it joins no block
                # the hand has, so it cannot lower the regular form (the candidates every
                # useful-tile count uses); skipping it also spares filling the shared
                # tables with shapes no hand will have.
                ids.append(-1)
                continue
            grown = bytearray(part)
            grown[p] += 1
            ids.append(_record_id(bytes(grown)))
        found = tuple(ids)
        if len(_GROWN_IDS) >= _GROWN_LIMIT:
            _GROWN_IDS.clear()
        _GROWN_IDS[part] = found
    return found


def _grown(k: int, part: bytes, rest: int, index: int, current: int) -> tuple[int, ...]:
    key = (k, part, rest, index, current)
    found = _GROWN.get(key)
    if found is None:
        if part not in _GROWN_IDS and not _may_grow(part, rest, index, current):
            found = ()  # no grown shape can help: spare filling the tables with them
        else:
            kinds = []
            for p, grown in enumerate(_grown_ids(part)):
                if grown >= 0 and VECTORS[combine(grown, rest)][index] - 1 < current:
                    kinds.append(9 * k + p)
            found = tuple(kinds)
        if len(_GROWN) >= _GROWN_LIMIT:
            _GROWN.clear()
        _GROWN[key] = found
    return found


def _may_grow(part: bytes, rest: int, index: int, current: int) -> bool:
    """Whether one more tile in ``part`` could bring the regular form below ``current``.

    The regular distance is the best split of the sets (and the pair) between the part and the
    rest. One tile lowers each entry of the part's vector by at most one, so it helps only at
    a split that already costs exactly ``current + 1`` and where the part still misses a tile.
    A cheap test, used before the grown shapes of a part are first looked up."""
    v = VECTORS[_record_id(part)]
    r = VECTORS[rest]
    sets = index // 2
    target = current + 1
    for s in range(sets + 1):
        for p in (0, 1):
            own = v[2 * s + p]
            if own and own + r[2 * (sets - s) + 1 - p] == target:
                return True
    return False


def _improving_kinds(counts: Sequence[int], current: int) -> tuple[int, ...]:
    """Kinds whose addition brings ``counts`` (13 - 3k tiles, shanten ``current``) lower.

    The regular form splits by suit: adding a tile changes one part, so its shanten is the
    grown part combined with the other three (``_grown``, memoised by the part's counts and the
    others' vector id, which recur constantly). Seven pairs and thirteen orphans only need
    the hand's pair, kind and orphan counts.
    """
    b = bytes(counts)
    parts = (b[0:9], b[9:18], b[18:27], b[27:34])
    suits = SUIT_RECORDS
    try:  # the common case: every record and combination is known already
        m, p, s = suits[parts[0]] & 4095, suits[parts[1]] & 4095, suits[parts[2]] & 4095
        z = HONOR_RECORDS[parts[3]] & 4095
        c01, c23 = COMBINED[m][p], COMBINED[s][z]
        rests = (COMBINED[p][c23], COMBINED[m][c23], COMBINED[c01][z], COMBINED[c01][s])
    except KeyError:
        m, p, s, z = (_record_id(part) for part in parts)
        c01, c23 = combine(m, p), combine(s, z)
        rests = (combine(p, c23), combine(m, c23), combine(c01, z), combine(c01, s))
    tiles = sum(counts) + 1
    index = 2 * (tiles // 3) + 1
    better: tuple[int, ...] = ()
    memo = _GROWN
    for k in range(4):
        found = memo.get((k, parts[k], rests[k], index, current))  # nearly always known
        better += _grown(k, parts[k], rests[k], index, current) if found is None else found
    if tiles < 14:
        return better  # an open hand: only the regular form
    return _special_kinds(counts, current, better)


def _special_kinds(counts: Sequence[int], current: int, better: tuple[int, ...]) -> tuple[int, ...]:
    """``better`` (the regular form's improving kinds of a closed 13-tile hand) joined by
    those of seven pairs and thirteen orphans.

    One tile lowers a special form by at most one, so it can only matter when that form is
    exactly at the current shanten; then its improving kinds join the answer."""
    kinds = 34 - counts.count(0)
    pairs = kinds - counts.count(1)
    seven_pairs = 6 - pairs + (7 - kinds if kinds < 7 else 0) == current
    held = _ORPHAN_COUNTS(counts)
    orphan_pair = max(held) >= 2
    orphans = held.count(0) - orphan_pair == current  # 13 - orphan kinds - a pair
    if not seven_pairs and not orphans:
        return better  # the common case
    extra: set[int] = set()
    if seven_pairs:
        extra.update(j for j in range(34) if counts[j] == 1 or (kinds < 7 and counts[j] == 0))
    if orphans:
        extra.update(
            i for i, n in zip(ORPHANS, held, strict=True) if n == 0 or (n == 1 and not orphan_pair)
        )
    return tuple(sorted(extra.union(better)))


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
    answer = (current, _improving_kinds(counts, current))
    _remember(key, answer)
    return answer


def improving_after(
    counts: list[int], discards: Iterable[int], shanten: dict[int, int]
) -> dict[int, tuple[int, ...]]:
    """For a 14 - 3k tile hand: for each discard kind ``i``, the kinds that lower the shanten of
    the hand without ``i`` (whose shanten ``shanten[i]`` the caller already knows)."""
    out: dict[int, tuple[int, ...]] = {}
    for i in discards:
        counts[i] -= 1
        key = bytes(counts)
        found = _CACHE.get(key)
        if found is None:
            found = (shanten[i], _improving_kinds(counts, shanten[i]))
            _remember(key, found)
        out[i] = found[1]
        counts[i] += 1
    return out


def useful_count(counts: list[int], seen: Sequence[int]) -> int:
    """Unseen copies (4 - visible) of the kinds that lower the hand's shanten."""
    total = 0
    for j in improving(counts)[1]:
        total += 4 - seen[j]
    return total
