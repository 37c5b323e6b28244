"""The useful-tiles engine over the Riichi forms: which kinds lower a hand's shanten, cheap
enough to ask for every candidate discard of every turn. The bots call it on their hot path;
``hand.useful`` (waits, useful tiles, the discard table: the analysis tool, CLI and API) calls
it for the Riichi forms. Exact: the same answers as trying every kind with
``hand.shanten_counts`` (``tests/hand/test_improving.py`` checks it on random hands).

* **by suit**: the regular form's distance vectors combine per suit (``hand.distance``), so
  adding or removing a tile changes one part only. One more tile in a part helps exactly when
  it lowers the part's vector at a *critical* entry, one where the part and the other three
  parts together cost exactly shanten + 1: the critical entries depend only on the two vector
  ids, the tiles lowering each entry only on the part, and the answer per (part counts, rest,
  shanten) recurs constantly; all three are memoised. Seven pairs and thirteen orphans need
  only pair, kind and orphan counts, so they are arithmetic;
* **one turn at a time**: a turn asks about every discard of one 14-tile hand
  (:func:`shanten_after`, :func:`useful_after`). The hand is split into parts once; each
  discard only shrinks its own part, whose shrunk shapes are memoised, and discards leaving
  the same vector in their suit share the answers of the other three suits;
* **memo**: the answer for a 13-tile hand depends only on its counts, so :func:`improving`
  remembers it. A reaction prompt needs to know about one kind only, and most prompts come on
  a hand not asked about before, so it asks :func:`draw_lowers` (two shanten lookups).

The memos are bounded dicts that only remember answers: everything stays pure and
deterministic. Their keys are ints or bytes and their leaves bytes or tuples of ints, so the
garbage collector has little to look at.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from operator import itemgetter
from struct import Struct
from typing import Final

from openmahjong.hand import distance as _distance
from openmahjong.hand.distance import combine, suit_class_id, suit_code
from openmahjong.hand.shanten import shanten_counts
from openmahjong.hand.suit_tables import (
    HONOR_RECORDS,
    ID_BITS,
    ID_MASK,
    SUIT_RECORDS,
    honor_record,
    suit_record,
)

__all__ = [
    "draw_lowers",
    "improving",
    "improving_after",
    "improving_kinds",
    "shanten_after",
    "TurnShape",
    "useful_after",
    "useful_count",
    "ORPHANS",
]

# Module constants are ``Final`` and their tuples typed ``tuple[..., ...]``: under mypyc a
# ``Final`` is a C static (not a module-dict lookup per read), and a fixed-length tuple type
# would be a native tuple that is boxed again whenever it is indexed by a variable.
ORPHANS: Final[tuple[int, ...]] = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_ORPHAN_COUNTS: Final = itemgetter(*ORPHANS)
_IS_ORPHAN: Final[tuple[bool, ...]] = tuple(i in ORPHANS for i in range(34))
#: The four parts of a hand as bytes, in one call (cheaper than four slices).
_split: Final = Struct("9s9s9s7s").unpack
#: Dense kind -> (part, position in the part).
_PLACE: Final[tuple[tuple[int, int], ...]] = tuple(
    (min(i // 9, 3), i - 9 * min(i // 9, 3)) for i in range(34)
)
_OFFSET: Final[tuple[int, ...]] = (0, 9, 18, 27)
#: The shared tables of ``hand.distance`` (filled in place, never rebound), as constants here.
_COMBINED: Final[dict[int, dict[int, int]]] = _distance.COMBINED
_VECTORS: Final[list[tuple[int, ...]]] = _distance.VECTORS


def _other_two(a: int, b: int) -> int:
    """``4 * c + d`` for the two parts ``c < d`` other than ``a`` and ``b``."""
    c, d = (k for k in range(4) if k not in (a, b))
    return 4 * c + d


#: ``[a][b]``: ``_other_two(a, b)`` (-1 when ``a == b``).
_OTHERS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(_other_two(a, b) if a != b else -1 for b in range(4)) for a in range(4)
)


#: A part's record (``hand.suit_tables``): its distance-vector id in the low ``ID_BITS`` bits
#: and counters above them (tiles, kinds, pairs, terminal and honour kinds and pairs) that
#: add up across the parts of a hand.
_ID_MASK: Final[int] = ID_MASK
_ID_BITS: Final[int] = ID_BITS

#: Part counts -> record, for the parts the bots meet (a mirror's record included).
_VECTOR_OF: Final[dict[bytes, int]] = {}
_VECTOR_OF_LIMIT: Final = 200_000


def _record(part: bytes) -> int:
    """The record of one suit (nine counts) or of the honours (seven counts)."""
    found = _VECTOR_OF.get(part)
    if found is None:
        found = _find_record(part)
        if len(_VECTOR_OF) >= _VECTOR_OF_LIMIT:
            _VECTOR_OF.clear()
        _VECTOR_OF[part] = found
    return found


def _record_id(part: bytes) -> int:
    """Distance-vector id of one suit (nine counts) or of the honours (seven counts)."""
    return _record(part) & _ID_MASK


def _find_record(part: bytes) -> int:
    if len(part) == 9:
        found = SUIT_RECORDS.get(part)
        if found is None:
            # A suit read backwards has the same record (runs stay runs, its 1 and 9 swap
            # places, and both are terminals): a known mirror spares filling the tables with
            # a new shape.
            found = SUIT_RECORDS.get(part[::-1])
            if found is None:
                found = suit_record(part)
        return found
    found = HONOR_RECORDS.get(part)
    return honor_record(part) if found is None else found


def _part_records(parts: tuple[bytes, ...]) -> list[int]:
    vector_of = _VECTOR_OF
    try:  # the common case: every part is known already
        return [
            vector_of[parts[0]],
            vector_of[parts[1]],
            vector_of[parts[2]],
            vector_of[parts[3]],
        ]
    except KeyError:
        return [_record(part) for part in parts]


def _part_ids(parts: tuple[bytes, ...]) -> list[int]:
    mask = _ID_MASK
    return [record & mask for record in _part_records(parts)]


def _rests(ids: list[int]) -> tuple[int, ...]:
    """Per part, the vector id of the other three parts together."""
    m, p, s, z = ids
    combined = _COMBINED
    try:  # the common case: every combination is known already
        c01, c23 = combined[m][p], combined[s][z]
        return combined[p][c23], combined[m][c23], combined[c01][z], combined[c01][s]
    except KeyError:
        c01, c23 = combine(m, p), combine(s, z)
        return combine(p, c23), combine(m, c23), combine(c01, z), combine(c01, s)


# ----------------------------------------------------------------------------- memos

#: Part counts -> {(other parts' vector id, distance index, shanten) packed in an int: the
#: positions of the part whose addition brings the regular form below that shanten}.
_GROWN: Final[dict[bytes, dict[int, bytes]]] = {}
_GROWN_LIMIT: Final = 500_000
#: How many answers ``_GROWN`` holds in all (a list, so the count is not a rebound global).
_GROWN_SIZE: Final[list[int]] = [0]


def _grown(part: bytes, rest: int, index: int, current: int) -> bytes:
    """The positions of ``part`` where one more tile brings the regular form of the part and
    the rest (vector ``rest``) below ``current``, which it must not be below already (the
    shanten of a hand it is asked about)."""
    memo = _GROWN.get(part)
    if memo is None:
        if _GROWN_SIZE[0] >= _GROWN_LIMIT:
            _GROWN.clear()
            _GROWN_SIZE[0] = 0
        memo = _GROWN[part] = {}
    key = rest << 8 | index << 4 | current + 1
    found = memo.get(key)
    if found is None:
        # The regular distance is the best split of the sets (and the pair) between the part
        # and the rest, and no split costs less than ``current + 1``. One tile lowers each
        # entry of the part's vector by at most one, so it helps exactly when it lowers the
        # part's entry at a split that costs ``current + 1`` (a critical split). Those splits
        # come from the two vectors; which tiles lower each entry is a property of the part
        # alone (``_lowering``). Most answers met for the first time find both remembered.
        record = _VECTOR_OF.get(part)
        vec = _record_id(part) if record is None else record & _ID_MASK
        critical = _critical(vec, rest, index, current)
        if critical:
            lowering = _LOWERING.get(part) or _lowering(part)
            mask = 0
            for k in critical:
                mask |= lowering[k]
            found = _POSITIONS[mask]
        else:
            found = b""  # no tile can help: the grown shapes are not even looked up
        memo[key] = found
        _GROWN_SIZE[0] = _GROWN_SIZE[0] + 1
    return found


#: (part's vector id, rest's vector id, distance index, shanten) packed in an int -> the
#: critical entries of the part. Vectors recur far more than the parts' counts.
_CRITICAL: Final[dict[int, tuple[int, ...]]] = {}
_CRITICAL_LIMIT: Final = 200_000


def _critical(vec: int, rest: int, index: int, current: int) -> tuple[int, ...]:
    key = (vec << 32 | rest) << 8 | index << 4 | current + 1
    found = _CRITICAL.get(key)
    if found is None:
        v = _VECTORS[vec]
        r = _VECTORS[rest]
        target = current + 1
        # Entry k of the part (k // 2 sets, a pair if k is odd) goes with entry index - k of
        # the rest (the other sets, and the pair if the part has none).
        found = tuple(k for k in range(index + 1) if v[k] and v[k] + r[index - k] == target)
        if len(_CRITICAL) >= _CRITICAL_LIMIT:
            _CRITICAL.clear()
        _CRITICAL[key] = found
    return found


#: Part counts -> per entry of the part's distance vector, the positions (bitmask) where one
#: more tile lowers that entry.
_LOWERING: Final[dict[bytes, tuple[int, ...]]] = {}
_LOWERING_LIMIT: Final = 100_000


def _lowering(part: bytes) -> tuple[int, ...]:
    found = _LOWERING.get(part)
    if found is None:
        mirror = _LOWERING.get(part[::-1]) if len(part) == 9 else None
        # A suit read backwards lowers the same entries at the mirrored positions (its
        # record is the same): about a quarter of the suits met for the first time have
        # their mirror known, which spares growing the part at every position.
        found = (
            _lowering_masks(part) if mirror is None else tuple(map(_MIRRORED.__getitem__, mirror))
        )
        if len(_LOWERING) >= _LOWERING_LIMIT:
            _LOWERING.clear()
        _LOWERING[part] = found
    return found


def _lowering_masks(part: bytes) -> tuple[int, ...]:
    """Per entry of the part's distance vector, the positions (bitmask) where one more tile
    lowers it, by growing the part at every position that could join a block."""
    honors = len(part) == 7
    # A grown suit's vector id comes from its base-5 code (one digit more at the position):
    # no bytes object, no record and nothing added to the shared tables per grown shape.
    code = 0 if honors else suit_code(part)
    v = _VECTORS[_record_id(part)]
    size = len(v)
    masks = [0] * size
    held = 0  # the positions holding a tile, as a bitmask
    for p in range(len(part)):
        if part[p]:
            held |= 1 << p
    grown = bytearray(part)
    for p in range(len(part)):
        n = part[p]
        if n >= 4:
            continue  # no fifth copy
        if n == 0 and (honors or not held & _NEAR[p]):
            # A tile with no held tile of its kind or within two of it joins no block the
            # part has, so it lowers no entry (the candidates every useful-tile count uses).
            continue
        if honors:
            grown[p] = n + 1
            g = _VECTORS[_record_id(bytes(grown))]
            grown[p] = n
        else:
            g = _VECTORS[suit_class_id(code + _POW5[p])]
        bit = 1 << p
        # Plain loops and items written out (``masks[k] |= bit`` is a generic in-place or
        # under mypyc): this runs for every part met for the first time.
        for k in range(size):
            if g[k] < v[k]:
                masks[k] = masks[k] | bit
    return tuple(masks)


#: Per position of a suit: the positions within two of it, as a bitmask.
_NEAR: Final[tuple[int, ...]] = tuple(
    sum(1 << q for q in range(max(0, p - 2), min(9, p + 3))) for p in range(9)
)


#: ``n`` -> ``bytes((n,))``, a count as a one-byte part.
_BYTE: Final[tuple[bytes, ...]] = tuple(bytes((n,)) for n in range(5))
#: ``5 ** (8 - p)``: what one tile more at position ``p`` adds to a suit's base-5 code (its
#: first count is the most significant digit, ``hand.distance.suit_code``).
_POW5: Final[tuple[int, ...]] = tuple(5 ** (8 - p) for p in range(9))
#: Bitmask of nine positions -> the mask of the mirrored positions (``p`` -> ``8 - p``).
_MIRRORED: Final[tuple[int, ...]] = tuple(
    sum(1 << (8 - p) for p in range(9) if mask >> p & 1) for mask in range(512)
)


#: Bitmask of positions -> the positions, ascending.
_POSITIONS: Final[tuple[bytes, ...]] = tuple(
    bytes(p for p in range(9) if mask >> p & 1) for mask in range(512)
)


#: Where a part holds no tile there is nothing to discard: an empty part and an id past every
#: vector, so a discard of a kind not held fails loudly (``IndexError`` or ``ValueError``)
#: instead of answering for another shape. Not ``None``: one entry type keeps mypyc's reads
#: typed.
_NOT_HELD: Final[tuple[bytes, int]] = (b"", 1 << 40)
#: Part counts -> per position, the part with one tile fewer there and its vector id
#: (``_NOT_HELD`` where the part holds none).
_SHRUNK: Final[dict[bytes, tuple[tuple[bytes, int], ...]]] = {}
_SHRUNK_LIMIT: Final = 50_000


def _shrunk(part: bytes) -> tuple[tuple[bytes, int], ...]:
    found = _SHRUNK.get(part)
    if found is None:
        honors = len(part) == 7
        code = 0 if honors else suit_code(part)
        out: list[tuple[bytes, int]] = []
        for p in range(len(part)):
            n = part[p]
            if n == 0:
                out.append(_NOT_HELD)
                continue
            # Sliced and joined: under mypyc cheaper than a bytearray copy changed in place.
            shrunk = part[:p] + _BYTE[n - 1] + part[p + 1 :]
            # A suit's vector id from its base-5 code, as in ``_lowering_masks``.
            vec = _record_id(shrunk) if honors else suit_class_id(code - _POW5[p])
            out.append((shrunk, vec))
        found = tuple(out)
        if len(_SHRUNK) >= _SHRUNK_LIMIT:
            _SHRUNK.clear()
        _SHRUNK[part] = found
    return found


# ----------------------------------------------------------------------------- one hand


def improving_kinds(counts: Sequence[int], current: int) -> tuple[int, ...]:
    """Kinds whose addition brings ``counts`` (13 - 3k tiles, shanten ``current``) lower,
    ascending (a kind held four times never counts). Not remembered: :func:`improving` is.

    The regular form splits by suit: adding a tile changes one part, so its shanten is the
    grown part combined with the other three (``_grown``, memoised by the part's counts and the
    others' vector id, which recur constantly). Seven pairs and thirteen orphans only need
    the hand's pair, kind and orphan counts.
    """
    parts = _split(bytearray(counts))
    rests = _rests(_part_ids(parts))
    tiles = sum(counts) + 1
    index = 2 * (tiles // 3) + 1
    better: tuple[int, ...] = ()
    for k in range(4):
        offset = _OFFSET[k]
        better += tuple(offset + p for p in _grown(parts[k], rests[k], index, current))
    if tiles < 14:
        return better  # an open hand: only the regular form
    kinds = 34 - counts.count(0)
    seven_pairs = 6 - (kinds - counts.count(1)) + (7 - kinds if kinds < 7 else 0)
    held = _ORPHAN_COUNTS(counts)
    orphans = held.count(0) - (max(held) >= 2)  # 13 - orphan kinds - a pair
    if seven_pairs != current and orphans != current:
        return better  # the common case
    extra = _special_extra(counts, seven_pairs == current, orphans == current)
    return tuple(sorted(extra.union(better)))


def _special_extra(counts: Sequence[int], seven_pairs: bool, orphans: bool) -> set[int]:
    """The kinds that lower seven pairs (``seven_pairs``: that form is at the hand's shanten)
    or thirteen orphans (likewise) for a closed 13-tile hand.

    One tile lowers a special form by at most one, so a form matters only when it is exactly
    at the hand's shanten; then its improving kinds join the regular form's."""
    extra: set[int] = set()
    if seven_pairs:
        few = 34 - counts.count(0) < 7  # fewer than seven kinds: a new kind helps too
        extra.update(j for j in range(34) if counts[j] == 1 or (few and counts[j] == 0))
    if orphans:
        held = _ORPHAN_COUNTS(counts)
        orphan_pair = max(held) >= 2
        extra.update(
            i for i, n in zip(ORPHANS, held, strict=True) if n == 0 or (n == 1 and not orphan_pair)
        )
    return extra


_CACHE: Final[dict[bytes, tuple[int, tuple[int, ...]]]] = {}
_CACHE_LIMIT: Final = 200_000


def improving(counts: list[int]) -> tuple[int, tuple[int, ...]]:
    """``(shanten, kinds)`` of a 13 - 3k tile count vector: its shanten over the Riichi forms
    and the dense kinds whose addition lowers it (a kind held four times never counts).
    """
    key = bytes(counts)
    found = _CACHE.get(key)
    if found is None:
        current = shanten_counts(counts)
        found = (current, improving_kinds(counts, current))
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        _CACHE[key] = found
    return found


def draw_lowers(counts: list[int], kind: int) -> tuple[int, bool]:
    """``(shanten, lowers)`` of a 13 - 3k tile count vector: its shanten over the Riichi forms
    and whether one more ``kind`` lowers it; the same as ``improving(counts)`` and ``kind`` in
    its kinds, from two shanten lookups (a hand asked about once costs far less so)."""
    now = shanten_counts(counts)
    if counts[kind] >= 4:
        return now, False  # no fifth copy
    held = counts[kind]
    counts[kind] = held + 1  # not ``+=``: a generic in-place add under mypyc
    drawn = shanten_counts(counts)
    counts[kind] = held
    return now, drawn < now


def useful_count(counts: list[int], seen: Sequence[int]) -> int:
    """Unseen copies (4 - visible) of the kinds that lower the hand's shanten."""
    total = 0
    for j in improving(counts)[1]:
        total += 4 - seen[j]
    return total


# ----------------------------------------------------------------------------- one turn


class TurnShape:
    """A 14 - 3k tile hand that must discard, split into parts once and asked about each of
    its discards: the shanten each leaves (:meth:`shanten_after`) and the unseen copies of the
    tiles that would then lower it (:meth:`useful_after`)."""

    __slots__ = (
        "counts",
        "parts",
        "ids",
        "rests",
        "index",
        "specials",
        "shrunk",
        "singles",
        "kinds",
    )

    # Declared with their types: under mypyc the class is native and these are typed fields.
    counts: list[int]
    parts: tuple[bytes, ...]
    ids: list[int]
    rests: tuple[int, ...]
    index: int
    specials: tuple[tuple[int, int], ...] | None
    shrunk: list[tuple[tuple[bytes, int], ...]]
    singles: list[int] | None
    kinds: int

    def __init__(self, counts: list[int]) -> None:
        self.counts = counts
        self.parts = parts = _split(bytearray(counts))
        m, p, s, z = _part_records(parts)
        mask = _ID_MASK
        self.ids = ids = [m & mask, p & mask, s & mask, z & mask]
        self.rests = _rests(ids)
        # The four records' counters add up to the hand's (the ids in the low bits add up
        # below them, never carrying into them), which is all the totals below depend on.
        totals = (m + p + s + z) >> _ID_BITS
        found = _SPECIALS.get(totals)
        if found is None:
            found = _by_totals(counts, totals)
        #: The distance index of 13 - 3k tiles plus one, the same as of the 14 - 3k tile hand.
        self.index = found[0]
        #: Closed hands: ``[5 * orphan + n]`` is the (seven pairs, thirteen orphans) shanten
        #: after discarding a kind held ``n`` times that is (1) or is not (0) a terminal or
        #: honour. ``None`` for open hands, where neither form applies.
        self.specials = found[1]
        get = _SHRUNK.get
        #: Per part: per position, the part with one tile fewer there and its vector id.
        self.shrunk = [get(part) or _shrunk(part) for part in parts]
        #: The kinds held once, and how many kinds are held (-1 until first asked for).
        self.singles = None
        self.kinds = -1

    def shanten_after(self, discards: Iterable[int]) -> dict[int, int]:
        """Shanten (Riichi forms) left by each discard kind (held)."""
        rests = self.rests
        index = self.index
        shrunk = self.shrunk
        specials = self.specials
        counts = self.counts
        combined = _COMBINED
        vectors = _VECTORS
        out: dict[int, int] = {}
        for i in discards:
            a, p = _PLACE[i]
            vec = shrunk[a][p][1]
            rest = rests[a]
            try:
                regular = vectors[combined[vec][rest]][index] - 1
            except KeyError:
                regular = vectors[combine(vec, rest)][index] - 1
            if specials is not None:
                seven, thirteen = specials[_ORPHAN_ROW[i] + counts[i]]
                if seven < regular:
                    regular = seven
                if thirteen < regular:
                    regular = thirteen
            out[i] = regular
        return out

    def _pairs(self) -> tuple[int, ...]:
        """``[4 * c + d]``: the vector id of parts ``c`` and ``d`` together (``c < d``)."""
        m, p, s, z = self.ids
        combined = _COMBINED
        try:  # the common case: every combination is known already
            mp, ms, mz = combined[m][p], combined[m][s], combined[m][z]
            ps, pz, sz = combined[p][s], combined[p][z], combined[s][z]
        except KeyError:
            mp, ms, mz = combine(m, p), combine(m, s), combine(m, z)
            ps, pz, sz = combine(p, s), combine(p, z), combine(s, z)
        return (0, mp, ms, mz, 0, 0, ps, pz, 0, 0, 0, sz, 0, 0, 0, 0)

    def _special_extra(self, i: int, current: int) -> Iterable[int]:
        """Kinds the special forms add after discarding ``i`` (none unless one of them is
        exactly at ``current``)."""
        specials = self.specials
        if specials is None:
            return ()
        counts = self.counts
        n = counts[i]
        seven, thirteen = specials[_ORPHAN_ROW[i] + n]
        if seven != current and thirteen != current:
            return ()  # the common case
        if self._seven_pairs_alone(i, thirteen != current):
            singles = [j for j in self._singles() if j != i]
            if n == 2:
                singles.append(i)
            return singles
        counts[i] -= 1
        extra = _special_extra(counts, seven == current, thirteen == current)
        counts[i] += 1
        return extra

    def improving_after(self, i: int, current: int) -> tuple[int, ...]:
        """The kinds that lower the shanten (``current``) left by discarding ``i``."""
        a, p = _PLACE[i]
        smaller, vec = self.shrunk[a][p]
        by_part = self._other_positions(a, vec, current, self._pairs())
        by_part[a] = _grown(smaller, self.rests[a], self.index, current)
        better: tuple[int, ...] = ()
        for b in range(4):
            offset = _OFFSET[b]
            better += tuple(offset + q for q in by_part[b])
        extra = self._special_extra(i, current)
        return tuple(sorted({*extra, *better})) if extra else better

    def useful_after(
        self,
        discards: Iterable[int],
        shanten: dict[int, int],
        seen: list[int],
    ) -> dict[int, int]:
        """For each discard kind ``i``: the unseen copies (4 - ``seen``) of the kinds that
        lower the shanten ``shanten[i]`` it leaves; the sum over :meth:`improving_after`'s
        kinds without building them. Discards leaving the same vector in their part share the
        other parts' share, and each part's sum is remembered per set of positions."""
        # A part's unseen copies over some positions: 4 per position less the seen ones (no
        # list of unseen copies is built: most turns sum a few positions of a few parts).
        # (``seen`` is a list: under mypyc its slices are native, a ``Sequence``'s generic.)
        seen_parts = (seen[0:9], seen[9:18], seen[18:27], seen[27:34])
        #: Per part: positions -> their unseen copies (few distinct sets recur in a turn).
        sums: tuple[dict[bytes, int], ...] = ({}, {}, {}, {})
        rests = self.rests
        index = self.index
        shrunk = self.shrunk
        specials = self.specials
        counts = self.counts
        #: (vector left in the discard's part, part, shanten) packed -> the other parts'
        #: unseen useful copies, and per part their positions (``_other_positions``).
        shared: dict[int, tuple[int, list[bytes]]] = {}
        #: The same keys -> the single tiles' share (``_special_unseen``), when first needed.
        singles_share: dict[int, int] = {}
        pairs: tuple[int, ...] = ()
        out: dict[int, int] = {}
        for i in discards:
            current = shanten[i]
            a, p = _PLACE[i]
            smaller, vec = shrunk[a][p]
            memo = _GROWN.get(smaller)
            own = memo.get(rests[a] << 8 | index << 4 | current + 1) if memo else None
            if own is None:
                own = _grown(smaller, rests[a], index, current)
            # ``total`` stays an ``int`` (a native int under mypyc; ``.get`` gives an optional).
            known = sums[a].get(own)
            if known is None:
                total = sums[a][own] = _unseen(seen_parts[a], own)
            else:
                total = known
            key = vec << 8 | a << 4 | current + 1
            found = shared.get(key)
            if found is None:
                if not pairs:
                    pairs = self._pairs()
                others = self._other_positions(a, vec, current, pairs)
                rest = 0
                for b in _OTHER_PARTS[a]:
                    positions = others[b]
                    if positions:
                        part_sum = sums[b].get(positions)
                        if part_sum is None:
                            part_sum = sums[b][positions] = _unseen(seen_parts[b], positions)
                        rest += part_sum
                found = shared[key] = (rest, others)
            total += found[0]
            if specials is not None and current in specials[_ORPHAN_ROW[i] + counts[i]]:
                total += self._special_unseen(i, current, own, found[1], key, singles_share, seen)
            out[i] = total
        return out

    def _other_positions(
        self, a: int, vec: int, current: int, pairs: tuple[int, ...]
    ) -> list[bytes]:
        """After a discard in part ``a`` leaving vector ``vec`` there (shanten ``current``):
        per part, the positions whose addition lowers the regular form (``b""`` for part
        ``a``). ``pairs``: :meth:`_pairs`."""
        parts = self.parts
        index = self.index
        combined = _COMBINED
        found = [b"", b"", b"", b""]
        for b, pair_index in _OTHER_PAIRS[a]:
            pair = pairs[pair_index]
            try:
                joined = combined[vec][pair]
            except KeyError:
                joined = combine(vec, pair)
            part = parts[b]
            memo = _GROWN.get(part)
            positions = memo.get(joined << 8 | index << 4 | current + 1) if memo else None
            if positions is None:
                positions = _grown(part, joined, index, current)
            found[b] = positions
        return found

    def _seven_pairs_alone(self, i: int, no_orphans: bool) -> bool:
        """Whether, after discarding ``i`` with seven pairs at the shanten asked about and
        thirteen orphans not (``no_orphans``), seven kinds or more are left: then the special
        forms add exactly the single tiles (they pair up)."""
        if not no_orphans:
            return False
        kinds = self.kinds
        if kinds < 0:
            kinds = self.kinds = 34 - self.counts.count(0)
        return kinds - (self.counts[i] == 1) >= 7

    def _singles(self) -> list[int]:
        """The kinds held once."""
        singles = self.singles
        if singles is None:
            counts = self.counts
            singles = self.singles = [j for j in range(34) if counts[j] == 1]
        return singles

    def _special_unseen(
        self,
        i: int,
        current: int,
        own: bytes,
        others: list[bytes],
        key: int,
        singles_share: dict[int, int],
        seen: list[int],
    ) -> int:
        """The unseen copies of the kinds the special forms add after discarding ``i`` (with
        shanten ``current``) that the regular form does not count already: ``own`` in the
        discard's part, ``others`` (per part) elsewhere. ``key``: what ``useful_after`` shares
        between discards leaving the same vector in their part, under which
        ``singles_share`` keeps the other parts' single tiles' share once summed."""
        a, p = _PLACE[i]
        n = self.counts[i]
        specials = self.specials
        assert specials is not None, "only closed hands have special forms"
        thirteen = specials[_ORPHAN_ROW[i] + n][1]
        if not self._seven_pairs_alone(i, thirteen != current):
            total = 0
            for j in self._special_extra(i, current):
                b, q = _PLACE[j]
                if q not in (own if b == a else others[b]):
                    total += 4 - seen[j]
            return total
        # The single tiles: those of the other parts are the same for every discard sharing
        # ``key``, so their share is summed once.
        singles = self._singles()
        share = singles_share.get(key)
        if share is None:
            share = 0
            for j in singles:
                b, q = _PLACE[j]
                if b != a and q not in others[b]:
                    share += 4 - seen[j]
            singles_share[key] = share
        total = share
        for j in singles:
            b, q = _PLACE[j]
            if b == a and j != i and q not in own:
                total += 4 - seen[j]
        if n == 2 and p not in own:  # the discard leaves a single of its own kind
            total += 4 - seen[i]
        return total


def _unseen(seen_part: list[int], positions: bytes) -> int:
    """Unseen copies (4 - visible) over some positions of one part."""
    total = 4 * len(positions)
    for q in positions:
        total -= seen_part[q]
    return total


_ORPHAN_ROW: Final[tuple[int, ...]] = tuple(5 * orphan for orphan in _IS_ORPHAN)
_OTHER_PARTS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(b for b in range(4) if b != a) for a in range(4)
)
#: Per part ``a``: each other part ``b`` with the index in ``TurnShape._pairs`` of the two
#: parts other than ``a`` and ``b``.
_OTHER_PAIRS: Final[tuple[tuple[tuple[int, int], ...], ...]] = tuple(
    tuple((b, _OTHERS[a][b]) for b in _OTHER_PARTS[a]) for a in range(4)
)
#: A hand's summed record counters (tiles, kinds, pairs, terminal and honour kinds and pairs)
#: -> ``TurnShape``'s distance index and special-form table (``_specials_after``) for it.
_SPECIALS: Final[dict[int, tuple[int, tuple[tuple[int, int], ...] | None]]] = {}


def _by_totals(
    counts: Sequence[int], totals: int
) -> tuple[int, tuple[tuple[int, int], ...] | None]:
    """``_SPECIALS[totals]`` from the hand's counts (the first time these totals are met)."""
    total = sum(counts)
    found = (2 * (total // 3) + 1, _specials_after(counts) if total == 14 else None)
    _SPECIALS[totals] = found
    return found


def _specials_after(counts: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """For a closed 14-tile hand: ``[5 * orphan + n]`` is the (seven pairs, thirteen orphans)
    shanten after discarding a kind held ``n`` times that is (``orphan`` 1) or is not (0) a
    terminal or honour. It depends on four totals only (which the record counters hold)."""
    zeros = counts.count(0)
    pairs = 34 - zeros - counts.count(1)
    held = _ORPHAN_COUNTS(counts)
    orphan_zeros, orphan_ones = held.count(0), held.count(1)
    kinds = 34 - zeros
    orphans = 13 - orphan_zeros
    orphan_pairs = orphans - orphan_ones
    table = []
    for orphan in (0, 1):
        for n in range(5):
            k = kinds - (n == 1)
            seven = 6 - (pairs - (n == 2)) + (7 - k if k < 7 else 0)
            left = orphans - (orphan and n == 1)
            thirteen = 13 - left - (orphan_pairs - (orphan and n == 2) > 0)
            table.append((seven, thirteen))
    return tuple(table)


def shanten_after(counts: list[int], discards: Iterable[int]) -> dict[int, int]:
    """For a 14 - 3k tile hand: the shanten (Riichi forms) left by each discard kind (held).

    The same as ``shanten_counts`` of the hand without each kind, from one split of the hand.
    """
    return TurnShape(counts).shanten_after(discards)


def improving_after(
    counts: list[int], discards: Iterable[int], shanten: dict[int, int]
) -> dict[int, tuple[int, ...]]:
    """For a 14 - 3k tile hand: for each discard kind ``i``, the kinds that lower the shanten of
    the hand without ``i`` (whose shanten ``shanten[i]`` the caller already knows)."""
    turn = TurnShape(counts)
    return {i: turn.improving_after(i, shanten[i]) for i in discards}


def useful_after(
    counts: list[int],
    discards: Iterable[int],
    shanten: dict[int, int],
    seen: Sequence[int],
) -> dict[int, int]:
    """For a 14 - 3k tile hand: for each discard kind ``i``, the unseen copies (4 - ``seen``)
    of the kinds that lower the shanten of the hand without ``i`` (``shanten[i]``): the sum
    over :func:`improving_after`'s kinds, without building them."""
    return TurnShape(counts).useful_after(discards, shanten, list(seen))
