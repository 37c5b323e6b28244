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
from openmahjong.hand.decompose import SEQUENCE, TRIPLET
from openmahjong.rules.riichi.hand import Hand
from openmahjong.rules.riichi.options import RiichiRules

__all__ = [
    "WEIGHT",
    "WIN_INDEX",
    "suit_entry",
    "suit_splits",
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
#: Tile code (below 306) -> where it counts: part << 4 | its kind's place in that part (part 0
#: man, 1 pin, 2 sou, 3 honors), plus 64 for a red five (it also counts in its suit's red
#: field); 255 for a code that is no tile.
_COUNT_AT: Final = bytes(
    (WIN_INDEX[c] // 9) << 4 | WIN_INDEX[c] % 9 | (64 if c > 100 else 0) if c in WIN_INDEX else 255
    for c in range(306)
)


def count_parts(hand: list[int]) -> tuple[int, int, int, int, int]:
    """The slices of ``sum(map(WEIGHT.__getitem__, hand))``: man, pin, sou, honors, red fives.

    Each part is under 2^45, so compiled code counts on machine-sized ints and returns them
    unboxed (no 181-bit ``K`` is ever built); a code that is no tile raises ``KeyError`` as the
    ``WEIGHT`` lookup does.
    """
    man = pin = sou = honors = reds = 0
    for t in hand:
        at = _COUNT_AT[t] if 0 <= t < 306 else 255
        if at == 255:
            raise KeyError(t)
        w = 1 << (BITS * (at & 15))
        part = (at >> 4) & 3
        if part == 0:
            man += w
        elif part == 1:
            pin += w
        elif part == 2:
            sou += w
        else:
            honors += w
        if at & 64:  # a red five: also its suit's red field
            reds += 1 << (BITS * part)
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
#: ((R | R >> 1 | R >> 2) & RUN_LOWS): bit 3k set iff some run starts at k (counts <= 4). The
#: masks stay below 2^62, machine ints in compiled code (a mask with bit 62 is a Python long).
RUN_LOWS: Final = sum(1 << (3 * k) for k in range(21))
#: Run starts 1, 4, 7 of each suit (a pure straight), and the 7 starts of one suit (sanshoku).
ITTSU: Final = tuple(sum(1 << (3 * (7 * suit + o)) for o in (0, 3, 6)) for suit in range(3))
SUIT_STARTS: Final = sum(1 << (3 * k) for k in range(7))

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

#: Per dense index: what a concealed triplet, a run starting there and a pair add to a reading
#: built as one int (P and R, cut apart by ``_split``), and the block tuples, shared (indexed by
#: ``type << 6 | index``).
_TRIPLET_P: Final = tuple(_triplet(i, True, False) for i in range(34))
_RUN_P: Final = tuple(_run(i) if i < 27 and i % 9 <= 6 else 0 for i in range(34))
_PAIR_P: Final = tuple(_pair(i) for i in range(34))
_BLOCKS: Final = tuple((code >> 6, code & 63) for code in range(128))

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


class WinSlots:
    """A suit's variants (``variants``) per winning tile and draw, at ``VARIANT_SLOT[win] +
    tsumo``, each filled on first use: a hand reads one slot of one suit, so an entry built for a
    new suit pattern pays for its splits only, not for the places of all its tiles."""

    def __init__(self, ps: tuple[int, ...], blocks: tuple[Blocks, ...], base: int) -> None:
        self.ps = ps
        self.blocks = blocks
        self.base = base
        self.slots: list[Variants | None] = [None] * 18

    def __getitem__(self, slot: int) -> Variants:
        found = self.slots[slot]
        if found is None:
            found = variants(self.ps, self.blocks, self.base + (slot >> 1), bool(slot & 1))
            self.slots[slot] = found
        return found


class Entry:
    """A suit's (or the honors') record: its facts, each split's P and R, blocks of each split,
    and the variants of each winning tile and draw at ``VARIANT_SLOT[win] + tsumo``
    (``WinSlots``); a suit with a count over four has the entry None.

    A class rather than a tuple: compiled, it is a native object whose int fields sit in the
    object itself, read without a check or a pointer to follow.
    """

    def __init__(
        self,
        facts: int,
        ps: tuple[int, ...],
        rs: tuple[int, ...],
        blocks: tuple[Blocks, ...],
        base: int,
    ) -> None:
        self.facts = facts
        self.ps = ps
        self.rs = rs
        #: The first split's P and R (most suits split one way; 0 if none).
        self.p = ps[0] if ps else 0
        self.r = rs[0] if rs else 0
        self.blocks = blocks
        self.variants = WinSlots(ps, blocks, base)


SUITS: Final[tuple[dict[int, Entry | None], ...]] = ({}, {}, {})
HONORS: Final[dict[int, Entry | None]] = {}


def suit_entry(suit: int, key: int) -> Entry | None:
    """The record of a suit's part (nine five-bit counts), kept in ``SUITS[suit]``."""
    counts = [(key >> (BITS * j)) & FIELD for j in range(9)]
    tiles = pairs = 0
    for n in counts:
        if n > 4:
            SUITS[suit][key] = None
            return None
        tiles += n
        if n == 2:
            pairs += 1
    ends = counts[0] + counts[8]
    green = (counts[1] + counts[2] + counts[3] + counts[5] + counts[7]) if suit == 2 else 0
    facts = (
        tiles << F_SUIT[suit]
        | ends << F_ENDS
        | (tiles - green) << F_NOT_GREEN
        | pairs << F_PAIRS
        | ((counts[0] > 0) + (counts[8] > 0)) << F_ORPHANS
        | (tiles - ends) << F_INNER
    )
    base = 9 * suit
    packed: list[int] = []
    blocks: list[Blocks] = []
    for pair, codes in suit_splits(counts):
        p = _PAIR_P[pair + base] if pair >= 0 else 0
        bs: list[tuple[int, int]] = []
        last = -1
        same = 0  # identical runs in a row (codes are sorted): peikou pairs
        for code in codes:
            t = code >> 6
            i = (code & 63) + base
            bs.append(_BLOCKS[code + base])
            if t == TRIPLET:
                p += _TRIPLET_P[i]
            else:
                p += _RUN_P[i]
                same = same + 1 if code == last else 0
                if same == 1 or same == 3:
                    p += 1 << P_PEIKOU
            last = code
        packed.append(p)
        blocks.append(tuple(bs))
    if not packed:
        facts += 1 << F_NO_SPLIT
    elif len(packed) > 1:
        facts += 1 << F_MANY_SPLITS
    entry = _entry(facts, tuple(packed), tuple(blocks), base)
    if len(SUITS[suit]) < 1 << 16:
        SUITS[suit][key] = entry
    return entry


def suit_splits(counts: list[int]) -> list[tuple[int, tuple[int, ...]]]:
    """Every split of one suit's nine counts into sets and at most one pair: (pair offset or
    -1, block codes), a block coded ``type << 6 | offset`` (``hand.decompose``'s types), sorted.

    The same splits in the same order as ``hand.decompose.suit_splits`` (a test compares them on
    every suit a hand can hold); this one runs compiled, on ints, for the tables' first fill.
    """
    total = 0
    for n in counts:
        total += n
    if total % 3 == 1:
        return []
    found: list[tuple[int, tuple[int, ...]]] = []
    _walk(counts[:], 0, -1, [], total % 3 == 2, found)
    if len(found) > 1:
        found.sort()
        unique = [found[0]]
        for f in found:
            if f != unique[-1]:
                unique.append(f)
        found = unique
    return found


def _walk(
    c: list[int],
    pos: int,
    pair: int,
    codes: list[int],
    want_pair: bool,
    found: list[tuple[int, tuple[int, ...]]],
) -> None:
    """Place the lowest tile left as the pair, a triplet or the bottom of a run, then go on."""
    while pos < 9 and c[pos] == 0:
        pos += 1
    if pos == 9:
        if (pair >= 0) == want_pair:
            found.append((pair, tuple(sorted(codes))))
        return
    n = c[pos]
    if want_pair and pair < 0 and n >= 2:
        c[pos] = n - 2
        _walk(c, pos, pos, codes, want_pair, found)
        c[pos] = n
    if n >= 3:
        c[pos] = n - 3
        codes.append(TRIPLET << 6 | pos)
        _walk(c, pos, pair, codes, want_pair, found)
        codes.pop()
        c[pos] = n
    if pos <= 6 and c[pos + 1] and c[pos + 2]:
        c[pos] = n - 1
        c[pos + 1] -= 1
        c[pos + 2] -= 1
        codes.append(SEQUENCE << 6 | pos)
        _walk(c, pos, pair, codes, want_pair, found)
        codes.pop()
        c[pos] = n
        c[pos + 1] += 1
        c[pos + 2] += 1


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
        _entry(facts, (first,), (tuple(bs),), 27)
        if ok
        else _entry(facts + (1 << F_NO_SPLIT), (), (), 27)
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


def _entry(facts: int, packed: tuple[int, ...], blocks: tuple[Blocks, ...], base: int) -> Entry:
    """An entry from the splits' readings as single ints (split here into their P and R)."""
    ps = tuple(p & P_MASK for p in packed)
    rs = tuple(p >> P_RUN_COUNTS for p in packed)
    return Entry(facts, ps, rs, blocks, base)


_TANKI_VARIANT: Final = variant(TANKI, WAIT_FU[TANKI], 0)
# Variants repeat endlessly across entries (a ryanmen is a ryanmen): one copy of each keeps the
# tables small enough to stay in the CPU caches. Keyed by the variants as one int (at most five
# of ten bits each, and their number) and per split by those ints.
_SHARED_PLACES: Final[dict[int, tuple[Variant, ...]]] = {}
_SHARED_VARIANTS: Final[dict[tuple[int, ...], Variants]] = {}


def variants(
    packed_splits: tuple[int, ...], blocks_splits: tuple[Blocks, ...], win: int, tsumo: bool
) -> Variants:
    """Per split of the winning tile's suit: each place the tile can sit, as a packed
    ``variant(wait, fu, triplets)``.

    In the order ``shapes.readings`` lists them (the pair first, then the blocks, sorted), with
    identical sets read once. ``packed_splits`` may be the splits' P (their low fields are
    the same). ``fu`` is what the wait adds; on a ron a triplet completed by the
    discard is open, so it also takes back half that triplet's fu, and ``triplets`` is -1 (one
    concealed triplet fewer).
    """
    out: list[tuple[Variant, ...]] = []
    key: list[int] = []
    for s in range(len(packed_splits)):
        packed = packed_splits[s]
        found: list[Variant] = []
        if packed & 7 and (packed >> P_PAIR) & 63 == win:
            found.append(_TANKI_VARIANT)
        last_t = last_i = -1
        for t, i in blocks_splits[s]:
            # Blocks are sorted: an identical set is the one before.
            if i > win or i + 2 < win or (t == last_t and i == last_i):
                continue
            last_t, last_i = t, i
            if t == SEQUENCE:
                wait = _sequence_wait(i, win)
                found.append(variant(wait, WAIT_FU[wait], 0))
            elif i == win:
                if tsumo:
                    found.append(variant(SHANPON, 0, 0))
                else:
                    fu = (_TRIPLET_P[i] >> P_FU) & 255
                    found.append(variant(SHANPON, -(fu // 2), -1))
        k = len(found)
        for v in found:
            k = k << 10 | v
        shared = _SHARED_PLACES.get(k)
        if shared is None:
            shared = _SHARED_PLACES[k] = tuple(found)
        out.append(shared)
        key.append(k)
    whole = tuple(key)
    kept = _SHARED_VARIANTS.get(whole)
    if kept is None:
        kept = _SHARED_VARIANTS[whole] = tuple(out)
    return kept


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

    shape = _presence_shapes()[key & _PRESENCE_FIELDS]
    h = _sketch(list(shape), bool(key & CLOSED_KEY), key >> F_KANS & 7)
    f = Y.facts(h)
    before = tuple(Y.simples_yaku(f, h, _rules_with("open_tanyao", open_tanyao)))
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


_RULES_WITH: Final[dict[tuple[str, bool], RiichiRules]] = {}


def _rules_with(option: str, value: bool) -> RiichiRules:
    """Rules with one option set (the only one the check reads), made once: a new suit or
    honor pattern should not pay for building a rules object."""
    found = _RULES_WITH.get((option, value))
    if found is None:
        found = _RULES_WITH[option, value] = RiichiRules(**{option: value})  # type: ignore[arg-type]
    return found


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

    # Honors make no runs, so four of a kind is a kan: read as a set of three.
    counts = [min((key >> (BITS * j)) & FIELD, 3) for j in range(7)]
    mask = sum(1 << j for j in range(7) if counts[j] >= 3)
    h = _sketch([0] * 27 + counts, True, 0)
    dragons = tuple(Y.dragon_yaku(h))
    yakuman = tuple(
        (name, 13 * mult)
        for name, mult in Y.honor_yakuman(h, _rules_with("double_yakuman", double))
    )
    return HonorFacts(
        mask, dragons, sum(han for _, han in dragons), yakuman, sum(m for _, m in yakuman) // 13
    )
