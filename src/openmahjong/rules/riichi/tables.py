"""Lookup tables for the scorer's fast path: a hand as a few small ints, suits as packed records.

A hand is counted into four parts and its red fives (``count_parts``): man, pin and sou, five bits
per kind (a suit's nine counts in 45 bits), the honors' seven counts, and five bits per suit
counting its red fives. The same count is ``K``, the sum of the tiles' weights (``WEIGHT[code]``:
dense index ``i`` at bit ``5 * i``, red fives from bit ``RED_SHIFT``) cut into those parts
(``split_parts``), which is how the interpreter counts fastest. Each part keys its record
(``Entry``), a class: compiled, a native object with its ints stored in place:

* ``facts``: counters that add up across suits and melds (``F_*``): tiles per suit, terminal and
  honor tiles, tiles that are not green, exact pairs and orphan kinds (seven pairs, thirteen
  orphans), in one int under 2^55 (the honor counts are the honors' part itself);
* the suit's splits into sets and at most one pair (``openmahjong.hand.decompose``), each as two
  ints of counters and bit sets (``P_*``) that also add up across suits and melds: P (the pair,
  how many and which, runs, concealed triplets, peikou pairs, triplet fu, sets that do not touch
  a terminal or honor, triplet kinds) and R (runs per start);
* per winning tile, every place it can sit in each split (``variants``, each one small int): the
  wait, and for a triplet completed by a discard the concealed triplet and half its fu taken
  back.

So a reading is the sum of a few ints, and every yaku that depends on the reading is a shift, a
mask and a compare (``scoring``). Tables fill lazily and are bounded by the number of distinct suit
patterns (a few thousand), not by the number of hands scored.
"""

from __future__ import annotations

from typing import Final

from openmahjong import tiles as T
from openmahjong.hand.decompose import SEQUENCE, TRIPLET, suit_splits
from openmahjong.rules.riichi.hand import Hand

__all__ = [
    "WEIGHT",
    "WIN_INDEX",
    "suit_entry",
    "honor_entry",
    "variants",
    "presence_facts",
    "honor_facts",
]

# ---------------------------------------------------------------------------- the hand as an int

BITS: Final = 5
FIELD: Final = (1 << BITS) - 1
SUIT_BITS: Final = 9 * BITS  # 45
SUIT_MASK: Final = (1 << SUIT_BITS) - 1
HONOR_SHIFT: Final = 27 * BITS  # 135
HONOR_MASK: Final = (1 << (7 * BITS)) - 1
RED_SHIFT: Final = 34 * BITS  # 170
#: Adding 11 to a five-bit count sets its top bit iff the count is 5 or more (counts stay <= 20):
#: one part (a suit's nine counts, or the honors' seven) at a time.
PART_ELEVENS: Final = sum(11 << (BITS * i) for i in range(9))
PART_TOPS: Final = sum(16 << (BITS * i) for i in range(9))
#: Bit 2 of the five's count in a suit's part: set iff four of that five are held (counts <= 4).
FIVE_FOUR_BIT: Final = BITS * 4 + 2
#: Per red_fives setting: added to the red-five fields (five bits per suit), sets a field's top
#: bit (RED_TOPS) iff the suit holds more red fives than the table has.
RED_ADD: Final[dict[int, int]] = {3: 14 | 14 << 5 | 14 << 10, 4: 14 | 13 << 5 | 14 << 10}
RED_TOPS: Final = 16 | 16 << 5 | 16 << 10

_INDEX: Final = {k: i for i, k in enumerate(T.ALL_KINDS)}
#: Tile code -> its weight in K (red fives also count in their suit's red field).
WEIGHT: Final[dict[int, int]] = {k: 1 << (BITS * i) for k, i in _INDEX.items()}
for _suit, _code in enumerate((105, 205, 305)):
    WEIGHT[_code] = (1 << (BITS * (9 * _suit + 4))) | (1 << (RED_SHIFT + BITS * _suit))
#: Tile code -> dense index (red fives as their five).
WIN_INDEX: Final[dict[int, int]] = {**_INDEX, 105: 4, 205: 13, 305: 22}

#: Whether this module runs compiled (mypyc): then ``count_by_loop`` counts a hand, a native loop
#: over machine-sized ints, where the interpreter is fastest with ``sum(map(WEIGHT...))``.
COMPILED: Final = not __file__.endswith(".py")
#: Tile code (below 306) -> its part of K (0 man, 1 pin, 2 sou, 3 honors; -1: not a tile code)
#: and its count's shift in that part.
_PART: Final = tuple(WIN_INDEX[c] // 9 if c in WIN_INDEX else -1 for c in range(306))
_PART_SHIFT: Final = tuple(BITS * (WIN_INDEX[c] % 9) if c in WIN_INDEX else 0 for c in range(306))


def count_parts(hand: list[int]) -> tuple[int, int, int, int, int]:
    """The slices of ``sum(map(WEIGHT.__getitem__, hand))``: man, pin, sou, honors, red fives.

    Each part is under 2^45, so compiled code counts on machine-sized ints and returns them
    unboxed (no 181-bit ``K`` is ever built); a code that is no tile raises ``KeyError`` as the
    ``WEIGHT`` lookup does.
    """
    man = pin = sou = honors = reds = 0
    for t in hand:
        part = _PART[t] if 0 <= t < 306 else -1
        w = 1 << _PART_SHIFT[t] if part >= 0 else 0
        if part == 0:
            man += w
        elif part == 1:
            pin += w
        elif part == 2:
            sou += w
        elif part == 3:
            honors += w
        else:
            raise KeyError(t)
        if t > 100:  # a red five: also its suit's red field
            reds += 1 << (BITS * (t // 100 - 1))
    return man, pin, sou, honors, reds


def split_parts(k: int) -> tuple[int, int, int, int, int]:
    """``count_parts`` from a whole ``K`` (the interpreter counts with ``sum(map(...))``)."""
    return (
        k & SUIT_MASK,
        (k >> SUIT_BITS) & SUIT_MASK,
        (k >> (2 * SUIT_BITS)) & SUIT_MASK,
        (k >> HONOR_SHIFT) & HONOR_MASK,
        k >> RED_SHIFT,
    )


# ---------------------------------------------------------------------------- facts (F_*)

F_SUIT: Final = (0, 5, 10)  # tiles of each suit (kans as three)
F_HONORS: Final = 15  # honor tiles
F_ENDS: Final = 20  # terminal and honor tiles
F_NOT_GREEN: Final = 25  # tiles outside 23468s and Green
F_PAIRS: Final = 30  # kinds held exactly twice (concealed only)
F_ORPHANS: Final = 34  # terminal and honor kinds held (concealed only)
F_OPEN: Final = 38  # 3 bits: called melds (chi, pon, open or added kan)
F_KANS: Final = 41  # 3 bits: kans (right above F_OPEN: the scorer reads both at once)
F_NO_SPLIT: Final = 44  # 3 bits: suits (and honors) that form no sets-and-pair split
F_MANY_SPLITS: Final = 47  # 3 bits: suits with more than one split
F_INNER: Final = 50  # tiles that are neither terminal nor honor; the top field (to bit 54)
#: The presence key (``presence_facts``): (F + FACT_ADD) & FACT_MASK keeps one bit per counter
#: that is not zero (man, pin, sou, honors, terminal/honor tiles, tiles not green, inner tiles;
#: every counter <= 14, so 15 + n sets bit 4 iff n > 0 and never carries) and the kans.
FACT_ADD: Final = sum(15 << f for f in (0, 5, 10, 15, 20, 25, F_INNER))
FACT_MASK: Final = sum(16 << f for f in (0, 5, 10, 15, 20, 25, F_INNER)) | 7 << F_KANS
#: ((F & PRESENCE_LOW) + PRESENCE_ADD) & PRESENCE_BITS: bit 4/9/14/19 = m/p/s/honors present.
PRESENCE_LOW: Final = (1 << 20) - 1
PRESENCE_ADD: Final = 0b01111_01111_01111_01111
PRESENCE_BITS: Final = 0b10000_10000_10000_10000
GREEN_SOU: Final = (1, 2, 3, 5, 7)  # 2s 3s 4s 6s 8s

# ---------------------------------------------------------------------------- readings (P_*)

P_PAIRS: Final = 0  # 3 bits: pairs in the reading (one for a regular hand)
P_PAIR: Final = 3  # 6 bits: dense index of the pair (meaningful when there is exactly one)
P_CONCEALED: Final = 9  # 3 bits: concealed triplets and closed kans
P_FU: Final = 12  # 8 bits: fu of the triplets and kans
P_RUNS: Final = 20  # 3 bits: runs
P_PEIKOU: Final = 23  # 3 bits: pairs of identical concealed runs
P_INNER: Final = 26  # 3 bits: sets and pair without a terminal or honor
#: The fields above fit in 29 bits: one small int (cheaper arithmetic than the whole reading).
P_LOW: Final = (1 << 29) - 1
P_TRIPLET_BITS: Final = 29  # 27 bits: triplet (and kan) kinds of the suits, 9 per suit
#: A reading is kept as two ints under 2^62 (machine-sized in compiled code): P, the fields
#: above (56 bits), and R, its runs per start (three bits each, 7 starts per suit; only a run
#: of 789s held four times reaches bit 62). The builders below put R at P_RUN_COUNTS of one
#: int and ``_split`` cuts it in two.
P_MASK: Final = (1 << 56) - 1
P_RUN_COUNTS: Final = 64
#: ((run counts + RUN_ADD) & RUN_TOPS): bit 3k+2 set iff some run starts at k (counts <= 4).
RUN_ADD: Final = sum(3 << (3 * k) for k in range(21))
RUN_TOPS: Final = sum(4 << (3 * k) for k in range(21))
#: Run starts 1, 4, 7 of each suit (a pure straight), and the 7 starts of one suit (sanshoku).
ITTSU: Final = tuple(sum(4 << (3 * (7 * suit + o)) for o in (0, 3, 6)) for suit in range(3))
SUIT_STARTS: Final = sum(4 << (3 * k) for k in range(7))

TANKI: Final = 0
SHANPON: Final = 1
KANCHAN: Final = 2
PENCHAN: Final = 3
RYANMEN: Final = 4
THIRTEEN_SIDED: Final = 5
_TERMINAL: Final = (0, 8)


def _triplet(index: int, concealed: bool, kan: bool) -> int:
    """The packed contribution of a triplet or kan."""
    end = index >= 27 or index % 9 in _TERMINAL
    fu = (4 if end else 2) * (2 if concealed else 1) * (4 if kan else 1)
    p = fu << P_FU
    if concealed:
        p += 1 << P_CONCEALED
    if index < 27:
        p += 1 << (P_TRIPLET_BITS + index)
        if not end:
            p += 1 << P_INNER
    return p


def _run_bit(start: int) -> int:
    return 1 << (P_RUN_COUNTS + 3 * (7 * (start // 9) + start % 9))


def _run(start: int) -> int:
    p = (1 << P_RUNS) + _run_bit(start)
    if start % 9 not in (0, 6):
        p += 1 << P_INNER
    return p


def _pair(index: int) -> int:
    p = (1 << P_PAIRS) | (index << P_PAIR)
    if index < 27 and index % 9 not in _TERMINAL:
        p += 1 << P_INNER
    return p


def _split(packed: int) -> tuple[int, int]:
    """(P, R) of a reading built as one int."""
    return packed & P_MASK, packed >> P_RUN_COUNTS


def _pack(pair: int, blocks: tuple[tuple[int, int], ...]) -> int:
    p = _pair(pair) if pair >= 0 else 0
    runs: dict[int, int] = {}
    for t, i in blocks:
        if t == TRIPLET:
            p += _triplet(i, True, False)
        else:
            p += _run(i)
            runs[i] = runs.get(i, 0) + 1
    for n in runs.values():
        p += (n // 2) << P_PEIKOU
    return p


# ---------------------------------------------------------------------------- suit records

# ---------------------------------------------------------------------------- yaku signatures

#: A decomposition's yaku (all but pinfu and sanankou) as a small int: peikou pairs (0-2), then
#: one bit each for ittsu, sanshoku, sanshoku doukou, toitoi, then 0 / 1 chanta / 2 junchan.
SIG_ITTSU, SIG_SANSHOKU, SIG_DOUKOU, SIG_TOITOI, SIG_OUTSIDE = 4, 8, 16, 32, 64


def _own(closed: bool, sig: int, pinfu: bool, sanankou: bool) -> tuple[tuple[str, int], ...]:
    """The reading's ordinary yaku in ``yaku.reading_yaku``'s order."""
    out: list[tuple[str, int]] = []
    if pinfu:
        out.append(("pinfu", 1))
    peikou = sig & 3
    if peikou == 2:
        out.append(("ryanpeikou", 3))
    elif peikou == 1:
        out.append(("iipeikou", 1))
    if sig & SIG_ITTSU:
        out.append(("ittsu", 2 if closed else 1))
    if sig & SIG_SANSHOKU:
        out.append(("sanshoku", 2 if closed else 1))
    if sig & SIG_DOUKOU:
        out.append(("sanshoku_doukou", 2))
    if sig & SIG_TOITOI:
        out.append(("toitoi", 2))
    if sanankou:
        out.append(("sanankou", 2))
    outside = sig // SIG_OUTSIDE
    if outside == 1:
        out.append(("chanta", 2 if closed else 1))
    elif outside == 2:
        out.append(("junchan", 3 if closed else 2))
    return tuple(out)


#: OWN_YAKU[closed << 10 | sig << 2 | pinfu << 1 | sanankou] -> the yaku list of a reading.
OWN_YAKU: Final = tuple(
    _own(bool(i >> 10), (i >> 2) & 255, bool(i & 2), bool(i & 1)) for i in range(1 << 11)
)
#: SIG_HAN[closed << 8 | sig] -> han of the decomposition's yaku.
SIG_HAN: Final = tuple(sum(h for _, h in OWN_YAKU[i << 2]) for i in range(1 << 9))


#: A place for the winning tile: its wait | (fu it adds + VARIANT_FU_BIAS) << 3 | (concealed
#: triplet change + 1) << 9, one small int (cheaper to read than a tuple of three).
Variant = int
VARIANT_FU_BIAS: Final = 32


def variant(wait: int, fu: int, triplets: int) -> Variant:
    return wait | (fu + VARIANT_FU_BIAS) << 3 | (triplets + 1) << 9


#: Per split of a suit: the places the winning tile can take in it.
Variants = tuple[tuple[Variant, ...], ...]
Blocks = tuple[tuple[int, int], ...]


class Entry:
    """A suit's (or the honors') record: its facts, each split's P and R, blocks of each split,
    and the variants of each winning tile and draw at ``VARIANT_SLOT[win] + tsumo``; a suit
    with a count over four has the entry None.

    A class rather than a tuple: compiled, it is a native object whose int fields sit in the
    object itself, read without a check or a pointer to follow.
    """

    def __init__(
        self,
        facts: int,
        ps: tuple[int, ...],
        rs: tuple[int, ...],
        blocks: tuple[Blocks, ...],
        variants: tuple[Variants, ...],
    ) -> None:
        self.facts = facts
        self.ps = ps
        self.rs = rs
        #: The first split's P and R (most suits split one way; 0 if none).
        self.p = ps[0] if ps else 0
        self.r = rs[0] if rs else 0
        self.blocks = blocks
        self.variants = variants


SUITS: Final[tuple[dict[int, Entry | None], ...]] = ({}, {}, {})
HONORS: Final[dict[int, Entry | None]] = {}


def suit_entry(suit: int, key: int) -> Entry | None:
    counts = tuple((key >> (BITS * j)) & FIELD for j in range(9))
    if max(counts) > 4:
        SUITS[suit][key] = None
        return None
    tiles = sum(counts)
    green = sum(counts[j] for j in GREEN_SOU) if suit == 2 else 0
    facts = (
        tiles << F_SUIT[suit]
        | (counts[0] + counts[8]) << F_ENDS
        | (tiles - green) << F_NOT_GREEN
        | sum(1 for n in counts if n == 2) << F_PAIRS
        | ((counts[0] > 0) + (counts[8] > 0)) << F_ORPHANS
        | (tiles - counts[0] - counts[8]) << F_INNER
    )
    base = 9 * suit
    packed: list[int] = []
    blocks: list[Blocks] = []
    for pair, bs in suit_splits(counts):
        shifted = tuple((t, i + base) for t, i in bs)
        packed.append(_pack(pair + base if pair >= 0 else -1, shifted))
        blocks.append(shifted)
    if not packed:
        facts += 1 << F_NO_SPLIT
    elif len(packed) > 1:
        facts += 1 << F_MANY_SPLITS
    entry = _entry(facts, tuple(packed), tuple(blocks), base, counts)
    if len(SUITS[suit]) < 1 << 16:
        SUITS[suit][key] = entry
    return entry


def honor_entry(key: int) -> Entry | None:
    counts = tuple((key >> (BITS * j)) & FIELD for j in range(7))
    if max(counts) > 4:
        HONORS[key] = None
        return None
    tiles = sum(counts)
    facts = (
        tiles << F_HONORS
        | tiles << F_ENDS
        | (tiles - counts[6]) << F_NOT_GREEN
        | sum(1 for n in counts if n == 2) << F_PAIRS
        | sum(1 for n in counts if n) << F_ORPHANS
    )
    pair = -1
    bs: list[tuple[int, int]] = []
    ok = True
    for j, n in enumerate(counts):
        if n == 3:
            bs.append((TRIPLET, 27 + j))
        elif n == 2 and pair < 0:
            pair = 27 + j
        elif n:
            ok = False
    first = _pack(pair, tuple(bs))
    entry = (
        _entry(facts, (first,), (tuple(bs),), 27, counts)
        if ok
        else _entry(facts + (1 << F_NO_SPLIT), (), (), 27, counts)
    )
    HONORS[key] = entry
    return entry


# ---------------------------------------------------------------------------- winning tile


def _sequence_wait(start: int, win: int) -> int:
    offset = start % 9
    if win == start + 1:
        return KANCHAN
    if win == start:
        return PENCHAN if offset == 6 else RYANMEN
    return PENCHAN if offset == 0 else RYANMEN


WAIT_FU: Final = (2, 0, 2, 2, 0, 0)  # tanki, shanpon, kanchan, penchan, ryanmen, 13-sided
#: Winning tile (dense index) -> its variants' place in its suit's entry; add 1 for a tsumo.
VARIANT_SLOT: Final = tuple(2 * (i % 9) for i in range(34))


def _entry(
    facts: int,
    packed: tuple[int, ...],
    blocks: tuple[Blocks, ...],
    base: int,
    counts: tuple[int, ...],
) -> Entry:
    """An entry with the variants of every tile it holds (for a ron and a tsumo) in place.

    ``packed`` are the splits' readings as single ints, split here into their P and R.
    """
    slots: list[Variants] = []
    for j in range(9):
        held = j < len(counts) and counts[j] > 0
        for tsumo in (False, True):
            slots.append(variants(packed, blocks, base + j, tsumo) if held else ())
    ps = tuple(_split(p)[0] for p in packed)
    rs = tuple(_split(p)[1] for p in packed)
    return Entry(facts, ps, rs, blocks, tuple(slots))


def variants(
    packed_splits: tuple[int, ...], blocks_splits: tuple[Blocks, ...], win: int, tsumo: bool
) -> Variants:
    """Per split of the winning tile's suit: each place the tile can sit, as a packed
    ``variant(wait, fu, triplets)``.

    In the order ``shapes.readings`` lists them (the pair first, then the blocks, sorted), with
    identical sets read once. ``fu`` is what the wait adds; on a ron a triplet completed by the
    discard is open, so it also takes back half that triplet's fu, and ``triplets`` is -1 (one
    concealed triplet fewer).
    """
    out = []
    for packed, blocks in zip(packed_splits, blocks_splits, strict=True):
        pair = (packed >> P_PAIR) & 63 if packed & 7 else -1
        found: list[Variant] = []
        if pair == win:
            found.append(variant(TANKI, WAIT_FU[TANKI], 0))
        seen: list[tuple[int, int]] = []
        for t, i in blocks:
            if i > win or i + 2 < win:
                continue
            if t == SEQUENCE:
                wait = _sequence_wait(i, win)
                if (wait, i) in seen:
                    continue
                seen.append((wait, i))
                found.append(variant(wait, WAIT_FU[wait], 0))
            elif i == win:
                if (SHANPON, i) in seen:
                    continue
                seen.append((SHANPON, i))
                if tsumo:
                    found.append(variant(SHANPON, 0, 0))
                else:
                    fu = (_triplet(i, True, False) >> P_FU) & 255
                    found.append(variant(SHANPON, -(fu // 2), -1))
        out.append(_shared(tuple(found)))
    return _shared(tuple(out))


# Variants repeat endlessly across entries (a ryanmen is a ryanmen): one copy of each keeps the
# tables small enough to stay in the CPU caches.
_SHARED: Final[dict[tuple, tuple]] = {}


def _shared(t: tuple) -> tuple:
    return _SHARED.setdefault(t, t)


class MeldRecord:
    """A meld as what it adds to each sum the scorer keeps: its tiles in each part of
    ``count_parts`` (man, pin, sou, honors, red fives; kans as four), its facts, P and R."""

    def __init__(self, parts: tuple[int, int, int, int, int], facts: int, p: int, r: int) -> None:
        self.man, self.pin, self.sou, self.honors, self.reds = parts
        self.facts = facts
        self.p = p
        self.r = r


def meld_record(ms: tuple[int, int, bool, bool], tiles: list[int]) -> MeldRecord:
    """The meld read by ``hand._read_meld``: what it adds to each sum the scorer keeps."""
    t, i, concealed, kan = ms
    parts = split_parts(sum(WEIGHT[x] for x in tiles))
    kinds = (i, i + 1, i + 2) if t == 1 else (i, i, i)
    facts = (0 if concealed else 1 << F_OPEN) + (1 << F_KANS if kan else 0)
    for k in kinds:
        if k >= 27:
            facts += (1 << F_HONORS) + (1 << F_ENDS)
            if k != 33:
                facts += 1 << F_NOT_GREEN
        else:
            facts += 1 << F_SUIT[k // 9]
            if k % 9 in _TERMINAL:
                facts += 1 << F_ENDS
            if k // 9 != 2 or k % 9 not in GREEN_SOU:
                facts += 1 << F_NOT_GREEN
            if k % 9 not in _TERMINAL:
                facts += 1 << F_INNER
    p, r = _split(_run(i) if t == 1 else _triplet(i, concealed, kan))
    return MeldRecord(parts, facts, p, r)


# ---------------------------------------------------------------------------- yaku of the facts

#: Above the facts in a presence key: the hand is closed.
CLOSED_KEY: Final = 1 << 56

YakuList = tuple[tuple[str, int], ...]


class Presence:
    """The yaku and yakuman of which counters are zero: yaku before the winds, yaku after the
    dragons, their han, yakuman as (id, 13 han per multiple), the multiple, nine gates to check.
    """

    def __init__(
        self,
        before: YakuList,
        after: YakuList,
        han: int,
        yakuman: YakuList,
        mult: int,
        gates: bool,
    ) -> None:
        self.before = before
        self.after = after
        self.han = han
        self.yakuman = yakuman
        self.mult = mult
        self.gates = gates


def presence_facts(key: int, open_tanyao: bool) -> Presence:
    """The yaku and yakuman of which counters are zero, as the readable checks of ``yaku``
    give them for a hand whose counters are zero where the key's are (``_sketch``): all
    simples before the honors' yaku, the suits' after, the tile yakuman, nine gates to check.

    ``key`` is ``(F + FACT_ADD) & FACT_MASK``, plus ``CLOSED_KEY`` for a closed hand. A key no
    hand can have raises ``KeyError`` (the scorer then asks its general path).
    """
    from openmahjong.rules.riichi import yaku as Y  # yaku imports this module's importers
    from openmahjong.rules.riichi.options import RiichiRules

    shape = _presence_shapes()[key & _PRESENCE_FIELDS]
    h = _sketch(list(shape), bool(key & CLOSED_KEY), key >> F_KANS & 7)
    f = Y.facts(h)
    before = tuple(Y.simples_yaku(f, h, RiichiRules(open_tanyao=open_tanyao)))
    after = tuple(Y.suit_yaku(f, h))
    yakuman = tuple((name, 13 * mult) for name, mult in Y.tile_yakuman(f, h))
    return Presence(
        before,
        after,
        sum(han for _, han in before + after),
        yakuman,
        len(yakuman),
        Y.nine_gates_possible(f),
    )


#: The counters a presence key tells apart (one bit each: not zero).
_PRESENCE_FIELDS: Final = sum(16 << f for f in (0, 5, 10, 15, 20, 25, F_INNER))
#: One tile of each kind of tile as the presence key sees it: 2m 1m 2p 1p 2s (green) 5s 1s,
#: Green (an honor that is green), East. Every tile counts in the same counters as one of these.
_PROFILE_TILES: Final = (1, 0, 10, 9, 19, 22, 18, 33, 27)
_PRESENCE_SHAPES: Final[dict[int, tuple[int, ...]]] = {}


def _presence_bits(shape: list[int]) -> int:
    """A hand's presence key (without kans and closed), from its counts (kans as three)."""
    sums = [0] * 7  # man, pin, sou, honors, terminal/honor, not green, inner
    for i, n in enumerate(shape):
        if not n:
            continue
        part = i // 9
        sums[min(part, 3)] += n
        end = i >= 27 or i % 9 in _TERMINAL
        sums[4] += n if end else 0
        sums[5] += 0 if i == 33 or (part == 2 and i % 9 in GREEN_SOU) else n
        sums[6] += 0 if end else n
    return sum(16 << f for f, n in zip((0, 5, 10, 15, 20, 25, F_INNER), sums, strict=True) if n)


def _presence_shapes() -> dict[int, tuple[int, ...]]:
    """Per presence key (its counter bits): a 14-tile shape with those counters not zero,
    from every choice of the profile tiles; filled on first use."""
    if not _PRESENCE_SHAPES:
        for choice in range(1, 1 << len(_PROFILE_TILES)):
            picked = [t for j, t in enumerate(_PROFILE_TILES) if choice >> j & 1]
            shape = [0] * 34
            for t in picked:
                shape[t] = 1
            shape[picked[0]] += 14 - len(picked)
            _PRESENCE_SHAPES.setdefault(_presence_bits(shape), tuple(shape))
    return _PRESENCE_SHAPES


def _sketch(shape: list[int], closed: bool, kans: int) -> Hand:
    """A hand of these counts, for the yaku checks that read only counts, closed and kans."""
    return Hand(shape, 33, (), closed, shape, shape, 0, kans)


class HonorFacts:
    """The honors' part of a hand's yaku: triplet mask from East, dragon yaku, their han,
    yakuman as (id, 13 han per multiple), the multiple."""

    def __init__(self, mask: int, yaku: YakuList, han: int, yakuman: YakuList, mult: int) -> None:
        self.mask = mask
        self.yaku = yaku
        self.han = han
        self.yakuman = yakuman
        self.mult = mult


def honor_facts(key: int, double: bool) -> HonorFacts:
    """The honors' part of the hand's yaku and yakuman, from their counts (``HONOR_MASK``'s
    layout, kans as four), as the readable checks of ``yaku`` give them: the dragons' yaku,
    the honors' yakuman; the wind triplets as a mask the situation record tests."""
    from openmahjong.rules.riichi import yaku as Y
    from openmahjong.rules.riichi.options import RiichiRules

    # Honors make no runs, so four of a kind is a kan: read as a set of three.
    counts = [min((key >> (BITS * j)) & FIELD, 3) for j in range(7)]
    mask = sum(1 << j for j in range(7) if counts[j] >= 3)
    h = _sketch([0] * 27 + counts, True, 0)
    dragons = tuple(Y.dragon_yaku(h))
    yakuman = tuple(
        (name, 13 * mult) for name, mult in Y.honor_yakuman(h, RiichiRules(double_yakuman=double))
    )
    return HonorFacts(
        mask, dragons, sum(han for _, han in dragons), yakuman, sum(m for _, m in yakuman) // 13
    )
