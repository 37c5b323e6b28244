"""Score an MCR (Chinese Official) win: ``score_win(hand, win_tile, melds, ...) -> Win``.

The scorer reads the hand every way it can be read (sets and a pair, seven pairs, thirteen
orphans, honors and knitted tiles, a knitted straight with one set and a pair), counts the fans
of each reading under the counting principles (``principles``), and keeps the best total.
Flowers add one fan each on top and do not count towards the 8-fan minimum.

Where the rulebook leaves room, the platform follows the common calculators (PyMahjongGB /
ChineseOfficialMahjongHelper): 明暗杠 is a 5-fan fan of its own; edge, closed and single waits
count only when the hand waited on that one tile; the "fourth tile" and "kong" flags are
corrected when the tiles make them impossible. ``docs/mcr-scoring.md`` explains each choice.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement, compress
from operator import mul
from typing import NamedTuple

from openmahjong import tiles as T
from openmahjong.rules.mcr import fans as F
from openmahjong.rules.mcr import shapes
from openmahjong.rules.mcr.detectors import (
    _SET_TRAIT,
    BIT,
    ORDER,
    chow_fans,
    kong_and_concealed_fans,
    mask_fans,
    pung_fans,
    set_trait_fans,
    suit_fans,
    tile_fans,
    tile_hogs,
)
from openmahjong.rules.mcr.principles import apply_exclusions
from openmahjong.rules.mcr.shapes import FIELD

__all__ = [
    "Meld",
    "FanEntry",
    "Win",
    "NotAWin",
    "InvalidHand",
    "BelowMinimum",
    "MINIMUM_FAN",
    "MELD_KINDS",
    "score_win",
]

MINIMUM_FAN = 8
MELD_KINDS = ("chi", "pon", "minkan", "ankan", "kakan")
_WINDS = (41, 42, 43, 44)


class NotAWin(ValueError):
    """The tiles do not make a winning hand in any MCR form."""


class InvalidHand(ValueError):
    """The input cannot be a real hand (tile counts, melds, flags)."""


class BelowMinimum(ValueError):
    """A complete hand worth less than the 8-fan minimum; ``win`` holds what it is worth."""

    def __init__(self, message: str, win: Win) -> None:
        super().__init__(message)
        self.win = win


class Meld(NamedTuple):
    """A declared set: ``kind`` is chi, pon, minkan, ankan or kakan; ``tiles`` its tiles."""

    kind: str
    tiles: tuple[int, ...]


@dataclass(frozen=True)
class FanEntry:
    number: int
    zh: str
    en: str
    value: int
    count: int = 1

    @property
    def points(self) -> int:
        return self.value * self.count

    def times(self, count: int) -> FanEntry:
        return FanEntry(self.number, self.zh, self.en, self.value, count)


# One shared entry per fan for the usual count of one (entries are immutable).
_ENTRY: dict[int, FanEntry] = {
    fan.number: FanEntry(fan.number, fan.zh, fan.en, fan.value) for fan in F.FANS
}


#: (fan, count) -> its entry, for the counts a hand can show (entries are immutable)
_COUNTED: dict[tuple[int, int], FanEntry] = {
    (number, count): entry.times(count) for number, entry in _ENTRY.items() for count in range(9)
}


class Win(NamedTuple):
    """The best reading of a win: its fans (rulebook order), total with flowers, and form.

    ``fan_total`` is the fans without flowers, the figure the 8-fan minimum applies to.
    """

    fans: list[FanEntry]
    total: int
    flowers: int = 0
    form: str = "regular"
    fan_total: int = 0

    def as_dict(self) -> dict[str, object]:
        return {
            "total": self.total,
            "fan_total": self.fan_total,
            "flowers": self.flowers,
            "form": self.form,
            "fans": [
                {"zh": e.zh, "en": e.en, "value": e.value, "count": e.count} for e in self.fans
            ],
        }


# --------------------------------------------------------------------------- input checks

# A fixed set: (tile, is_chow, is_kong, is_concealed); a chow is given by its middle tile.
_Fixed = tuple[int, bool, bool, bool]

# Every tile code a hand may hold -> its kind (red fives are fives); flowers are not here.
_KIND: dict[int, int] = {t: t for t in T.ALL_KINDS} | {105: 15, 205: 25, 305: 35}
_INDEX: dict[int, int] = {t: i for i, t in enumerate(T.ALL_KINDS)}
_DENSE: dict[int, int] = {t: _INDEX[k] for t, k in _KIND.items()}  # any tile code -> index
# Packed counts: a hand's 34 counts as one integer, FIELD (5) bits a kind in dense order, so that
# counting is one C-level sum, a suit's nine counts are a shift and a mask (the key of its
# tables), and which kinds are held, which are pairs or fours, are a few integer operations.
_SHIFT: dict[int, int] = {t: FIELD * i for t, i in _DENSE.items()}  # any tile code -> its field
_PACK: dict[int, int] = {t: 1 << shift for t, shift in _SHIFT.items()}  # one tile, packed
_ONES = sum(1 << (FIELD * i) for i in range(34))  # the lowest bit of every field
_SUIT_FIELDS = (1 << (9 * FIELD)) - 1  # one suit's nine fields
_ELEVENS, _SIXTEENS = 11 * _ONES, 16 * _ONES
_WIND_FIELDS = sum(31 << _SHIFT[t] for t in _WINDS)
_VALUES = tuple(F.value_of(i) if i else 0 for i in range(F.N_FANS))
_NUMBERS = range(F.N_FANS)
_SUITED_BITS = _ONES & ((1 << (27 * FIELD)) - 1)  # the 27 suited kinds in a kind mask
_HONOR_SHIFT = 27 * FIELD


def _kinds_held(packed: int) -> int:
    """The kind mask (``detectors.BIT``) of packed counts of at most four a kind."""
    return (packed | packed >> 1 | packed >> 2) & _ONES


def _unpack(packed: int, fields: int = 34) -> list[int]:
    return [packed >> (FIELD * i) & 31 for i in range(fields)]


def _tile_name(t: int) -> str:
    return T.format([t])


def _kind_of(tile: object, where: str) -> int:
    k = _KIND.get(tile) if isinstance(tile, int) and not isinstance(tile, bool) else None
    if k is not None:
        return k
    try:
        T.validate(tile)  # type: ignore[arg-type]
    except ValueError as exc:
        raise InvalidHand(f"{where}: {exc}") from None
    raise InvalidHand(
        f"{where}: {_tile_name(tile)} is a flower; flowers are not part of the hand, "  # type: ignore[arg-type]
        "pass their number as flowers="
    )


def _read_meld(meld: object, n: int) -> tuple[_Fixed, list[int]]:
    where = f"meld {n}"
    if not isinstance(meld, tuple) or len(meld) != 2:
        raise InvalidHand(f"{where} must be Meld(kind, tiles), got {meld!r}")
    kind, tiles = meld
    if kind not in MELD_KINDS:
        raise InvalidHand(f"{where}: kind {kind!r} is not one of {', '.join(MELD_KINDS)}")
    ks = sorted(_kind_of(t, where) for t in tiles)
    if kind == "chi":
        if len(ks) != 3 or ks[0] > 40 or ks[1] != ks[0] + 1 or ks[2] != ks[0] + 2:
            raise InvalidHand(
                f"{where}: a chi is three consecutive tiles of one suit, not {T.format(ks)}"
            )
        return (ks[1], True, False, False), ks
    size = 3 if kind == "pon" else 4
    if len(ks) != size or len(set(ks)) != 1:
        raise InvalidHand(
            f"{where}: a {kind} is {size} identical tiles, not {T.format(ks) or 'nothing'}"
        )
    return (ks[0], False, size == 4, kind == "ankan"), ks


def _meld_record(fixed: _Fixed, ks: list[int]) -> tuple[_Fixed, list[int], int, int]:
    """A meld as (fixed set, its tiles, their packed counts, its part of ``pung_kinds``: 0 for
    a chow)."""
    tile, is_chow, is_kong, concealed = fixed
    kinds = 0 if is_chow else 512 + 64 * concealed + (1 if concealed else 8) * is_kong
    return fixed, ks, sum(_PACK[t] for t in ks), kinds


@lru_cache(maxsize=4096)
def _known_meld(meld: tuple) -> tuple[_Fixed, list[int], int, int]:
    return _meld_record(*_read_meld(meld, 0))


def _meld(meld: object, n: int) -> tuple[_Fixed, list[int], int, int]:
    """``_meld_record`` of a meld, remembered per meld."""
    try:
        return _known_meld(meld)  # type: ignore[arg-type]
    except (InvalidHand, TypeError):
        # An invalid meld raises again, now named by its position; an unhashable one is read.
        return _meld_record(*_read_meld(meld, n))


@dataclass(slots=True)
class _Context:
    packed: int  # concealed tiles with the win, as packed counts
    win: int
    fixed: list[_Fixed]
    fixed_tiles: list[int]
    self_drawn: bool
    fourth_tile: bool
    kong: bool
    last_tile: bool
    seat_wind: int
    prevalent_wind: int
    everything: int  # every tile of the hand, melds included, as packed counts
    fixed_chows: tuple[int, ...]  # middle tiles of the melded chows
    fixed_pung_tiles: tuple[int, ...]  # the tiles of the melded pungs and kongs
    # the melds' pungs, concealed pungs, melded and concealed kongs, 3 bits each (9, 6, 3, 0)
    pung_kinds: int
    mask: int  # the kinds among the concealed tiles (``detectors.BIT``)
    tiles: list[int] | tuple[int, ...]  # the concealed tiles as given (valid tile codes)
    _full: list[int] | None = None
    _waits: frozenset[int] | None = None
    _single: bool | None = None

    @property
    def full(self) -> list[int]:
        """The concealed tiles with the win, as 34 counts."""
        if self._full is None:
            full = [0] * 34
            for t in self.tiles:
                full[_DENSE[t]] += 1
            self._full = full
        return self._full

    @property
    def standing(self) -> list[int]:
        """The concealed tiles before the win, as 34 counts."""
        standing = list(self.full)
        standing[_INDEX[self.win]] -= 1
        return standing

    @property
    def concealed(self) -> list[int]:
        """The concealed kinds, the winning tile included, sorted."""
        return sorted(map(_KIND.__getitem__, self.tiles))

    def waits(self) -> frozenset[int]:
        """What the hand waited on: sets-and-pair waits, plus the seven-pairs wait if closed."""
        if self._waits is None:
            key = tuple(self.standing)
            waits = shapes.regular_waits(key)
            if waits and not self.fixed:
                waits = waits | shapes.seven_pairs_waits(key)
            self._waits = waits
        return self._waits

    def single_wait(self) -> bool:
        """Whether the hand waited on the winning tile only (``len(self.waits()) == 1``).

        Asked of a hand that reads as sets and a pair: every tile group (a suit, or one honor)
        other than the winning tile's then fits as it is, so a second wait is either another
        tile of that group or, when the group less the winning tile holds a pair of its own,
        the pair's group turned into a set.
        """
        if self._single is not None:
            return self._single
        win = self.win
        shift = _SHIFT[win]
        if win < 40:
            lo = shift - shift % (9 * FIELD)  # the suit's first field
            rank = (shift - lo) // FIELD
            before = (self.packed >> lo & _SUIT_FIELDS) - (1 << (shift - lo))
            alone = _ONLY_WAIT.get((before, rank))
            if alone is None:
                alone = _only_wait_in_suit(before, rank)
        else:  # an honor pung completed: its pair could have been the pair
            alone = self.packed >> shift & 31 != 3
        if alone and not self.fixed:
            # A closed hand also waits as seven pairs when it holds six pairs and a single: the
            # one kind held an odd number of times before the win must be the winning tile.
            odd = (self.packed - _PACK[win]) & _ONES
            alone = odd.bit_count() != 1 or odd == 1 << shift
        self._single = alone
        return alone


#: (a suit's packed counts before the win, the winning rank) -> ``shapes.waits_only_on``
_ONLY_WAIT: dict[tuple[int, int], bool] = {}


def _only_wait_in_suit(before: int, rank: int) -> bool:
    _ONLY_WAIT[before, rank] = alone = shapes.waits_only_on(before, rank)
    return alone


def _prepare(
    hand,
    win_tile,
    melds,
    self_drawn,
    fourth_tile,
    kong,
    last_tile,
    seat_wind,
    prevalent_wind,
    flowers,
    rules,
) -> _Context:
    if rules != "mcr":
        raise InvalidHand(f"rules={rules!r}: this scorer knows only 'mcr'")
    if seat_wind not in _WINDS or prevalent_wind not in _WINDS:
        name, wind = (
            ("seat_wind", seat_wind)
            if seat_wind not in _WINDS
            else ("prevalent_wind", prevalent_wind)
        )
        raise InvalidHand(f"{name}={wind!r}: a wind is 41 East, 42 South, 43 West or 44 North")
    if (type(flowers) is not int or not 0 <= flowers <= 8) and (
        not isinstance(flowers, int) or isinstance(flowers, bool) or not 0 <= flowers <= 8
    ):
        raise InvalidHand(f"flowers={flowers!r}: there are between 0 and 8 flowers")
    fixed: list[_Fixed] = []
    fixed_tiles: list[int] = []
    fixed_chows: tuple[int, ...] = ()
    fixed_pung_tiles: tuple[int, ...] = ()
    pung_kinds = 0
    melded = 0  # the melds' tiles, packed
    if melds:
        melds = list(melds)
        if len(melds) > 4:
            raise InvalidHand(f"{len(melds)} melds: a hand has at most four sets")
        for n, meld in enumerate(melds, 1):
            pack, ks, packed_meld, kinds = _meld(meld, n)
            fixed.append(pack)
            fixed_tiles += ks
            melded += packed_meld
            if kinds:
                fixed_pung_tiles += (pack[0],)
                pung_kinds += kinds
            else:
                fixed_chows += (pack[0],)
    if type(hand) is not list and type(hand) is not tuple:
        hand = list(hand)
    try:
        packed = sum(map(_PACK.__getitem__, hand))  # the concealed tiles, the win included
    except (KeyError, TypeError):
        packed = sum(_PACK[_kind_of(t, "hand")] for t in hand)  # (raises, naming the tile)
    n_tiles = len(hand)
    want = 14 - 3 * len(fixed)
    if n_tiles != want:
        raise InvalidHand(
            f"the hand has {n_tiles} tiles; with {len(fixed)} meld(s) it needs {want} "
            "(the winning tile included)"
        )
    try:
        win = _KIND[win_tile]
    except (KeyError, TypeError):
        win = _kind_of(win_tile, "win tile")
    shift = _SHIFT[win]
    held = packed >> shift & 31
    if not held:
        raise InvalidHand(f"the winning tile {_tile_name(win)} is not in the hand")
    everything = packed + melded
    if (everything + _ELEVENS) & _SIXTEENS:  # a field of five or more (at most 18 + 11 < 32)
        counts = _unpack(everything)
        i = max(range(34), key=counts.__getitem__)
        raise InvalidHand(
            f"{_tile_name(T.ALL_KINDS[i])} appears {counts[i]} times: there are only four"
        )
    # Flags the tiles contradict are dropped, as the common calculators do: a tile the hand
    # already holds cannot be the last of its kind, and three of it melded make it the last.
    win_in_standing = held > 1
    win_in_melds = melded >> shift & 31
    if win_in_standing:
        fourth_tile = False
    if win_in_melds == 3:
        fourth_tile = True
    if kong:
        if self_drawn:
            kong = any(k for _, _, k, _ in fixed)  # a replacement tile needs a kong
        elif win_in_melds or win_in_standing:
            kong = False  # a robbed kong's tile cannot be one the winner holds
    return _Context(
        packed,
        win,
        fixed,
        fixed_tiles,
        self_drawn,  # (the flags are only ever tested for truth)
        fourth_tile,
        kong,
        last_tile,
        seat_wind,
        prevalent_wind,
        everything,
        fixed_chows,
        fixed_pung_tiles,
        pung_kinds,
        (packed | packed >> 1 | packed >> 2) & _ONES,  # _kinds_held(packed)
        hand,
    )


# --------------------------------------------------------------------------- fan counting


def _win_condition_fans(ctx: _Context, f: list[int]) -> None:
    if ctx.fourth_tile:
        f[F.LAST_TILE] = 1
    if ctx.last_tile:
        f[F.LAST_TILE_DRAW if ctx.self_drawn else F.LAST_TILE_CLAIM] = 1
    if ctx.kong:
        f[F.OUT_WITH_REPLACEMENT_TILE if ctx.self_drawn else F.ROBBING_THE_KONG] = 1
    if ctx.self_drawn:
        f[F.SELF_DRAWN] = 1


def _wind_pung_fans(ctx: _Context, tile: int, f: list[int]) -> None:
    absorbed = (
        f[F.BIG_THREE_WINDS]
        or f[F.ALL_TERMINALS_AND_HONORS]
        or f[F.ALL_HONORS]
        or f[F.LITTLE_FOUR_WINDS]
    )
    if tile == ctx.prevalent_wind:
        f[F.PREVALENT_WIND] = 1
        if not absorbed:
            f[F.PUNG_OF_TERMINALS_OR_HONORS] -= 1
    if tile == ctx.seat_wind:
        f[F.SEAT_WIND] = 1
        if ctx.seat_wind != ctx.prevalent_wind and not absorbed:
            f[F.PUNG_OF_TERMINALS_OR_HONORS] -= 1


def _wait_fans(waits, win: int, chows: list[int], pair: int, f: list[int]) -> None:
    """边张 / 嵌张 / 单钓将 when the hand waited on this one tile only.

    ``waits`` is the set of tiles waited on, or a callable giving it (asked only when the
    winning tile sits where one of these fans could apply).
    """
    edge = closed = False
    for m in chows:
        if m == win:
            closed = True
        elif m + 1 == win or m - 1 == win:
            edge = True
    if not (edge or closed or pair == win):
        return
    if callable(waits):
        waits = waits()
    if len(waits) != 1:
        return
    if edge:
        f[F.EDGE_WAIT] = 1
    elif closed:
        f[F.CLOSED_WAIT] = 1
    elif pair == win:
        f[F.SINGLE_WAIT] = 1


def _regular_hand_fans(ctx: _Context) -> list[int]:
    """The fans of a sets-and-pair reading that do not depend on how the sets are read."""
    f = [0] * F.N_FANS
    _win_condition_fans(ctx, f)
    fixed = ctx.fixed
    if not fixed:
        f[F.FULLY_CONCEALED_HAND if ctx.self_drawn else F.CONCEALED_HAND] = 1
        if ctx.mask in _ONE_SUIT_MASKS and shapes.is_nine_gates(ctx.standing):
            f[F.NINE_GATES] = 1
        mask_fans(ctx.mask, f)
        f[F.TILE_HOG] = (ctx.packed >> 2 & _ONES).bit_count()  # fields of four
        return f
    kinds = ctx.pung_kinds
    melded = len(fixed) - (kinds >> 6 & 7)  # the melds less the concealed kongs
    if melded == 0:
        f[F.FULLY_CONCEALED_HAND if ctx.self_drawn else F.CONCEALED_HAND] = 1
    elif melded == 4:
        f[F.SELF_DRAWN if ctx.self_drawn else F.MELDED_HAND] = 1
    everything = ctx.everything
    mask_fans(_kinds_held(everything), f)
    # 四归一: four of a kind that is not a kong
    f[F.TILE_HOG] = (everything >> 2 & _ONES).bit_count() - (kinds >> 3 & 7) - (kinds & 7)
    return f


#: a closed hand of nine gates holds all nine kinds of one suit and nothing else
_ONE_SUIT_MASKS = frozenset(_ONES & _SUIT_FIELDS << (9 * FIELD * s) for s in range(3))


_KINDS = T.ALL_KINDS
_DRAGONS = (45, 46, 47)


# --------------------------------------------------------------------------- sets and a pair
# A suit's nine counts are split once into every (pair, chows, pungs) it can make, in tile
# codes; the readings of a hand are the product of its suits' splits and its honors.

# One reading of (part of) a hand: the pair's tile (0: none), chows by middle tile, pungs.
_Split = tuple[int, tuple[int, ...], tuple[int, ...]]
# Keyed by the suit's (or the honors') packed counts.
_SUIT_SPLITS: tuple[dict[int, tuple[_Split, ...]], ...] = ({}, {}, {})
_HONOR_SPLITS: dict[int, tuple[_Split, ...]] = {}


def _split_suit(suit: int, key: int) -> tuple[_Split, ...]:
    tens = 10 * (suit + 1)  # rank r of the suit is tile tens + r + 1
    splits = tuple(
        (
            pair + tens if pair else 0,
            tuple(m + tens + 1 for m in chows),
            tuple(t + tens + 1 for t in pungs),
        )
        for pair, chows, pungs in shapes.packed_suit_splits(key)
    )
    _SUIT_SPLITS[suit][key] = splits
    return splits


def _split_honors(key: int) -> tuple[_Split, ...]:
    pair = 0
    pungs: list[int] = []
    splits: tuple[_Split, ...] = ()
    for i, n in enumerate(_unpack(key, 7)):
        if n == 3:
            pungs.append(41 + i)
        elif n == 2 and not pair:
            pair = 41 + i
        elif n:
            break
    else:
        splits = ((pair, (), tuple(pungs)),)
    _HONOR_SPLITS[key] = splits
    return splits


def _readings(packed: int) -> list[_Split]:
    """Every split of the concealed tiles (packed counts, 3k + 2 tiles) into sets and one pair."""
    pair = 0
    chows: tuple[int, ...] = ()
    pungs: tuple[int, ...] = ()
    key = packed >> _HONOR_SHIFT
    if key:
        split = _HONOR_SPLITS.get(key)
        if split is None:
            split = _split_honors(key)
        if not split:
            return []
        pair, _, pungs = split[0]  # (honors split one way at most)
    # While every group splits one way, the reading is gathered in (pair, chows, pungs); from
    # the first group that splits several ways on, as the list of partial readings.
    partial: tuple[_Split, ...] | None = None
    for suit, tables, lo in _SUIT_PARTS:
        key = packed >> lo & _SUIT_FIELDS
        if not key:
            continue
        splits = tables.get(key)
        if splits is None:
            splits = _split_suit(suit, key)
        if len(splits) == 1 and partial is None:
            p, cs, ps = splits[0]
            if p:
                if pair:
                    return []
                pair = p
            if cs:
                chows += cs
            if ps:
                pungs += ps
            continue
        if not splits:
            return []
        if partial is None:
            partial = ((pair, chows, pungs),)
        partial = tuple(
            (p or q, have_c + cs, have_p + ps)
            for q, have_c, have_p in partial
            for p, cs, ps in splits
            if not (p and q)
        )
        if not partial:
            return []
    if partial is None:
        return [(pair, chows, pungs)] if pair else []
    return [r for r in partial if r[0]]


_SUIT_PARTS = tuple((suit, _SUIT_SPLITS[suit], 9 * FIELD * suit) for suit in range(3))


# --------------------------------------------------------------------------- set relations
# What the chows make among themselves depends only on which chows they are: every multiset of
# two to four chows is worked out once, at import, as (fan, count) pairs (the pair matters only
# for the terminal-chow hands, which are asked directly). Kongs and concealed pungs depend only
# on how many there are of each.


def _nonzero(f: list[int]) -> tuple[tuple[int, int], ...]:
    # (The numbers of the fans present found by one C scan, then paired with their counts.)
    present = list(compress(_NUMBERS, f))
    return tuple(zip(present, map(f.__getitem__, present), strict=True))


def _chow_table() -> dict[tuple[int, ...], tuple[tuple[int, int], ...]]:
    table = {}
    for n in (2, 3, 4):
        for mids in combinations_with_replacement(_CHOW_MIDS, n):
            f = [0] * F.N_FANS
            chow_fans(sorted(mids, key=ORDER.__getitem__), 0, f)
            if any(f):
                table[mids] = _nonzero(f)
    return table


_CHOW_MIDS = tuple(s * 10 + r for s in (1, 2, 3) for r in range(2, 9))
#: sorted middle tiles of 2-4 chows -> the fans they make, when they make any
_CHOWS: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = _chow_table()


def _pung_kinds(key: int) -> tuple[tuple[int, int], ...]:
    """Kong, concealed-pung and all-pungs fans; ``key`` packs four counts of three bits: pungs
    (kongs included), concealed pungs (concealed kongs included), melded kongs, concealed
    kongs."""
    n, concealed, melded_kongs, concealed_kongs = (key >> 9, key >> 6 & 7, key >> 3 & 7, key & 7)
    pungs = [(12, True, False)] * melded_kongs + [(12, True, True)] * concealed_kongs
    pungs += [(12, False, True)] * (concealed - concealed_kongs)
    pungs += [(12, False, False)] * (n - len(pungs))
    f = [0] * F.N_FANS
    kong_and_concealed_fans(pungs, f)  # (12, a simple, makes no fan of its own)
    return _nonzero(f)


#: ``_pung_kinds`` for every possible key
_PUNG_KINDS: dict[int, tuple[tuple[int, int], ...]] = {
    (n << 9) + (c << 6) + (mk << 3) + ck: _pung_kinds((n << 9) + (c << 6) + (mk << 3) + ck)
    for n in range(5)
    for c in range(n + 1)
    for mk in range(n + 1)
    for ck in range(c + 1)
    if mk + ck <= n and mk <= n - c
}


#: a pung's (or kong's) own fan: 箭刻 or 幺九刻
_PUNG_OWN = {
    t: F.DRAGON_PUNG if t in _DRAGONS else F.PUNG_OF_TERMINALS_OR_HONORS
    for t in _KINDS
    if t > 40 or t % 10 in (1, 9)
}


def _clear_tables() -> None:
    """Forget every remembered shape and set relation (the bench's cold start)."""
    for splits in (*_SUIT_SPLITS, _HONOR_SPLITS):
        splits.clear()
    _ONLY_WAIT.clear()
    shapes._suit_fit.cache_clear()
    shapes._suit_completions.cache_clear()
    _known_meld.cache_clear()


def _score_regular(
    ctx: _Context,
    base: list[int],  # the hand's fans, changed into the reading's
    pair: int,
    concealed_chows: tuple[int, ...],
    concealed_pungs: tuple[int, ...],
) -> list[int]:
    f = base  # (the caller's copy of the hand's fans)
    win = ctx.win
    chows = concealed_chows + ctx.fixed_chows if ctx.fixed_chows else concealed_chows
    n_chows = len(chows)
    if concealed_pungs:
        # A pung completed by a discard is not concealed, unless the tile can be read into a
        # concealed chow instead.
        kinds_key = ctx.pung_kinds + 576 * len(concealed_pungs)  # more pungs, all concealed
        if (
            not ctx.self_drawn
            and win in concealed_pungs
            and not any(m - 1 <= win <= m + 1 for m in concealed_chows)
        ):
            kinds_key -= 64  # (the one completed by the discard is not)
        pung_tiles = ctx.fixed_pung_tiles + concealed_pungs
    else:
        kinds_key = ctx.pung_kinds
        pung_tiles = ctx.fixed_pung_tiles
    if pung_tiles:
        for fan, n in _PUNG_KINDS[kinds_key]:
            f[fan] += n
        own = _PUNG_OWN
        for t in pung_tiles:
            if t in own:
                f[own[t]] += 1
        if len(pung_tiles) > 1:
            pung_fans(sorted(pung_tiles, key=ORDER.__getitem__), f)
    if n_chows > 1:
        if n_chows == 4 and pair % 10 == 5 and pair < 40:
            chow_fans(sorted(chows, key=ORDER.__getitem__), pair, f)  # (双龙会 asks the pair)
        else:
            if ctx.fixed_chows:
                chows = tuple(sorted(chows))
            if chows in _CHOWS:
                for fan, n in _CHOWS[chows]:
                    f[fan] += n

    if n_chows == 4:
        if pair < 40:
            f[F.ALL_CHOWS] = 1
    elif f[F.TWO_DRAGON_PUNGS]:
        if pair in _DRAGONS:
            f[F.LITTLE_THREE_DRAGONS] = 1
            f[F.TWO_DRAGON_PUNGS] = 0
    elif f[F.BIG_THREE_WINDS] and pair in _WINDS:
        f[F.LITTLE_FOUR_WINDS] = 1
        f[F.BIG_THREE_WINDS] = 0

    if _SET_TRAIT[pair]:
        set_trait_fans(chows, pung_tiles, pair, f)

    if not (f[F.MELDED_HAND] or f[F.FOUR_KONGS]):
        # 边张 / 嵌张 / 单钓将: asked only when the winning tile sits where one could apply.
        edge = closed = False
        for m in concealed_chows:
            if m == win:
                closed = True
            elif m + 1 == win or m - 1 == win:
                edge = True
        if (edge or closed or pair == win) and ctx.single_wait():
            f[F.EDGE_WAIT if edge else F.CLOSED_WAIT if closed else F.SINGLE_WAIT] = 1

    apply_exclusions(f)
    if ctx.everything & _WIND_FIELDS and not f[F.BIG_FOUR_WINDS]:
        for t in pung_tiles:
            if 40 < t < 45:
                _wind_pung_fans(ctx, t, f)
    return f  # (with no fan at all, the caller counts 无番和)


def _score_knitted(ctx: _Context) -> list[int] | None:
    """组合龙 with one more set and a pair (at most one meld, which is then that set)."""
    if len(ctx.fixed) > 1:
        return None
    straight = shapes.find_knitted_straight(ctx.full)
    if straight is None:
        return None
    rest = list(ctx.full)
    for t in straight:
        rest[_INDEX[t]] -= 1
    if ctx.fixed:
        held = [i for i, n in enumerate(rest) if n]
        if len(held) != 1 or rest[held[0]] != 2:
            return None
        pair = _KINDS[held[0]]
        tile, is_chow, is_kong, concealed = ctx.fixed[0]
        set_tiles = list(ctx.fixed_tiles)
    else:
        readings = _readings(ctx.packed - sum(_PACK[t] for t in straight))
        if len(readings) != 1:
            return None
        pair, chows, pungs = readings[0]
        is_chow, is_kong, concealed = bool(chows), False, True
        tile = chows[0] if chows else pungs[0]
        set_tiles = [tile - 1, tile, tile + 1] if is_chow else [tile] * 3

    f = [0] * F.N_FANS
    f[F.KNITTED_STRAIGHT] = 1
    if is_chow:
        if pair < 40:
            f[F.ALL_CHOWS] = 1
    else:
        kong_and_concealed_fans([(tile, is_kong, concealed)], f, whole_hand=False)
    _win_condition_fans(ctx, f)
    if not ctx.fixed or (is_kong and concealed):
        f[F.FULLY_CONCEALED_HAND if ctx.self_drawn else F.CONCEALED_HAND] = 1
    all_tiles = list(straight) + set_tiles + [pair, pair]
    suit_fans(all_tiles, f)
    tile_hogs(all_tiles, f)
    win_index = _INDEX[ctx.win]
    if not ctx.fixed:
        # Only the set and pair outside the straight are asked how they waited.
        if rest[win_index]:
            rest[win_index] -= 1
            waits = shapes.regular_waits(tuple(rest))
            _wait_fans(waits, ctx.win, [tile] if is_chow else [], pair, f)
    elif ctx.full[win_index] > 1:
        f[F.SINGLE_WAIT] = 1
    apply_exclusions(f)
    if tile in _WINDS:
        _wind_pung_fans(ctx, tile, f)
    return f


def _score_special(ctx: _Context) -> tuple[list[int], str] | None:
    """Seven pairs, thirteen orphans, honors and knitted tiles (no melds, so 14 tiles)."""
    f = [0] * F.N_FANS
    mask = ctx.mask
    if not ctx.packed & _ONES:  # no kind held an odd number of times: seven pairs
        if mask in _SHIFTED_PAIRS_MASKS:  # (seven kinds, so two of each)
            f[F.SEVEN_SHIFTED_PAIRS] = 1
            tile_fans(ctx.concealed, f)
        else:
            f[F.SEVEN_PAIRS] = 1
            mask_fans(mask, f)  # suits, tiles and ranges, from the kinds held
            f[F.TILE_HOG] = (ctx.packed >> 2 & _ONES).bit_count()  # fields of four
        form = "seven pairs"
    elif mask == _ORPHANS_MASK:  # the thirteen kinds and nothing else
        f[F.THIRTEEN_ORPHANS] = 1
        form = "thirteen orphans"
    else:
        if mask.bit_count() != 14:  # honors and knitted tiles are 14 different kinds
            return None
        kind = shapes.honors_and_knitted(sorted(ctx.concealed))
        if kind is None:
            return None
        if kind == "greater":
            f[F.GREATER_HONORS_AND_KNITTED] = 1
        else:
            f[F.LESSER_HONORS_AND_KNITTED] = 1
            if (mask & _SUITED_BITS).bit_count() == 9:
                f[F.KNITTED_STRAIGHT] = 1
        form = "honors and knitted"
    _win_condition_fans(ctx, f)
    apply_exclusions(f)
    return f, form


#: the kind masks of seven shifted pairs (seven consecutive kinds of a suit) and thirteen orphans
_SHIFTED_PAIRS_MASKS = frozenset(
    sum(1 << (FIELD * (9 * suit + r)) for r in range(lo, lo + 7))
    for suit in range(3)
    for lo in (0, 1, 2)
)
_ORPHANS_MASK = sum(BIT[t] for t in shapes.ORPHANS)


def _fan_total(f: list[int]) -> int:
    # The value of each fan present times its count (the counts are the vector's non-zeros).
    return sum(map(mul, compress(_VALUES, f), filter(None, f)))


def _reading_order(reading: _Split) -> list[tuple[int, int]]:
    # Readings are compared in a fixed order (pungs before chows, tile by tile) so that of two
    # readings worth the same the same one is always kept.
    _, chows, pungs = reading
    order = ORDER
    return sorted([(order[t], 0) for t in pungs] + [(order[m - 1], 1) for m in chows])


def best_fans(ctx: _Context) -> tuple[list[int], str, int] | None:
    """The fan vector of the best reading of the hand, that reading's form and its total."""
    # A knitted straight is read first and, when it fits, is the answer (a reading as four sets
    # is then not looked for, as in the reference calculator).
    if (
        len(ctx.fixed) <= 1
        and (ctx.mask & _SUITED_BITS).bit_count() >= 9
        and shapes.may_hold_knitted_straight(ctx.mask)
    ):
        knitted = _score_knitted(ctx)
        if knitted is not None:
            return knitted, "knitted straight", _fan_total(knitted)
    readings = _readings(ctx.packed)
    best: list[int] | None = None
    form = ""
    # Thirteen orphans and honors-and-knitted never read as sets; seven pairs may.
    # (With no melds the hand has 14 tiles: seven pairs when no kind is held an odd number.)
    if not ctx.fixed and (not readings or not ctx.packed & _ONES):
        special = _score_special(ctx)
        if special is not None:
            best, form = special
            if not best[F.SEVEN_PAIRS]:
                return best, form, _fan_total(best)
    best_total = _fan_total(best) if best is not None else 0
    if not readings:
        return (best, form, best_total) if best is not None else None
    over_seven_pairs = best is not None
    if len(readings) > 1:
        readings.sort(key=_reading_order)
    base = _regular_hand_fans(ctx)
    several = len(readings) > 1
    for pair, chows, pungs in readings:
        f = _score_regular(ctx, base[:] if several else base, pair, chows, pungs)
        total = _fan_total(f)
        if not total:
            f[F.CHICKEN_HAND] = 1
            total = _VALUES[F.CHICKEN_HAND]
        if total > best_total:
            best, best_total, form = f, total, "regular"
        elif total == best_total and (
            f[F.PURE_TRIPLE_CHOW] or f[F.TRIPLE_PUNG] or over_seven_pairs
        ):
            # Equal totals: prefer the reading with 一色三同顺 or 三同刻, and sets over seven
            # pairs (the tie-breaks of the reference calculator).
            best, form = f, "regular"
    return (best, form, best_total) if best is not None else None


def score_win(
    hand,
    win_tile: object,  # a tile code; anything else is an InvalidHand, compiled or not
    melds=(),
    *,
    self_drawn: bool = False,
    fourth_tile: bool = False,
    kong: bool = False,
    last_tile: bool = False,
    seat_wind: int = 41,
    prevalent_wind: int = 41,
    flowers: int = 0,
    rules: str = "mcr",
) -> Win:
    """Score a win. ``hand`` is the concealed tiles including ``win_tile``; ``melds`` the
    declared sets as ``Meld(kind, tiles)``.

    ``fourth_tile``: the winning tile was the last of its kind (和绝张). ``kong``: won on a kong
    replacement when self-drawn (杠上开花), else by robbing a kong (抢杠和). ``last_tile``: the
    wall's last tile (妙手回春 self-drawn, 海底捞月 on a discard). Winds are tile codes 41-44.

    Raises ``InvalidHand`` for impossible input, ``NotAWin`` when the tiles are not a winning
    hand, ``BelowMinimum`` when it is worth less than 8 fans before flowers.
    """
    ctx = _prepare(
        hand, win_tile, melds, self_drawn, fourth_tile, kong, last_tile, seat_wind,
        prevalent_wind, flowers, rules,
    )  # fmt: skip
    found = best_fans(ctx)
    if found is None:
        raise NotAWin(
            f"{T.format(sorted(ctx.concealed))} is not a winning hand: it makes neither four "
            "sets and a pair, nor seven pairs, thirteen orphans, honors and knitted tiles, "
            "nor a knitted straight with a set and a pair"
        )
    f, form, fan_total = found
    entries = [
        _ENTRY[i] if f[i] == 1 else _COUNTED.get((i, f[i])) or _ENTRY[i].times(f[i])
        for i in compress(_NUMBERS, f)
    ]
    if flowers:
        entries.append(_COUNTED[F.FLOWER_TILES, flowers])
    win = Win(entries, fan_total + flowers, flowers, form, fan_total)
    if fan_total < MINIMUM_FAN:
        raise BelowMinimum(
            f"the hand is worth {fan_total} fan ({', '.join(e.zh for e in entries)}); "
            f"a win needs at least {MINIMUM_FAN} before flowers",
            win,
        )
    return win
