"""Fan detectors: what the sets of one reading of a hand, and its tiles as a whole, show.

A chow is given by its middle tile, a pung or kong by its tile (platform kind codes). Each
function adds counts to a fan vector ``f`` indexed by fan number (``fans.N_FANS`` long).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations_with_replacement

from openmahjong.rules.mcr import fans as F
from openmahjong.rules.mcr.principles import limit_chow_pairs
from openmahjong.rules.mcr.shapes import FIELD  # bits between two kinds in a kind mask

__all__ = [
    "order_key",
    "ORDER",
    "BIT",
    "mask_fans",
    "chow_fans",
    "pung_fans",
    "kong_and_concealed_fans",
    "suit_fans",
    "tile_fans",
    "rank_range_fans",
    "tile_hogs",
    "set_trait_fans",
    "REVERSIBLE",
    "GREEN",
]

WINDS = (41, 42, 43, 44)
DRAGONS = (45, 46, 47)
#: 推不倒: 1234589p 245689s and White, the tiles that look the same upside down.
REVERSIBLE = frozenset((21, 22, 23, 24, 25, 28, 29, 32, 34, 35, 36, 38, 39, 46))
#: 绿一色: 23468s and Green.
GREEN = frozenset((32, 33, 34, 36, 38, 47))

# Sets are examined in a fixed order: characters, bamboo, dots, then E S W N Red Green White.
# (When two readings of some sets tie, the one met first in this order is kept, as the common
# calculators do.)
_SUIT_RANK = {1: 0, 3: 1, 2: 2, 4: 3}
_HONOR_RANK = {41: 0, 42: 1, 43: 2, 44: 3, 45: 4, 47: 5, 46: 6}


def order_key(t: int) -> int:
    if t < 40:
        return _SUIT_RANK[t // 10] * 10 + t % 10
    return 30 + _HONOR_RANK[t]


#: kind code -> ``order_key``, for sorting without a Python call per tile
_KINDS = [s * 10 + n for s in (1, 2, 3) for n in range(1, 10)] + list(range(41, 48))
ORDER: dict[int, int] = {t: order_key(t) for t in _KINDS}


# --------------------------------------------------------------------------- chows


def _consecutive(a: int, b: int, c: int, step: int) -> bool:
    return a + step == b and b + step == c


def _shifted_one_any_order(r0: int, r1: int, r2: int) -> bool:
    a, b, c = sorted((r0, r1, r2))
    return a + 1 == b and b + 1 == c


def _three_chow_fan(t0: int, t1: int, t2: int) -> int:
    s0, s1, s2 = t0 // 10, t1 // 10, t2 // 10
    r0, r1, r2 = t0 % 10, t1 % 10, t2 % 10
    if s0 != s1 and s0 != s2 and s1 != s2:
        if _shifted_one_any_order(r0, r1, r2):
            return F.MIXED_SHIFTED_CHOWS
        if r0 == r1 == r2:
            return F.MIXED_TRIPLE_CHOW
        if sorted((r0, r1, r2)) == [2, 5, 8]:
            return F.MIXED_STRAIGHT
        return 0
    if _consecutive(t0, t1, t2, 3):
        return F.PURE_STRAIGHT
    if _consecutive(t0, t1, t2, 2) or _consecutive(t0, t1, t2, 1):
        return F.PURE_SHIFTED_CHOWS
    if t0 == t1 == t2:
        return F.PURE_TRIPLE_CHOW
    return 0


def _two_chow_fan(a: int, b: int) -> int:
    if a // 10 != b // 10:
        return F.MIXED_DOUBLE_CHOW if a % 10 == b % 10 else 0
    if a + 3 == b or b + 3 == a:
        return F.SHORT_STRAIGHT
    if {a % 10, b % 10} == {2, 8}:
        return F.TWO_TERMINAL_CHOWS
    if a == b:
        return F.PURE_DOUBLE_CHOW
    return 0


# When three chows already made a fan, the fourth may still pair with one of them; if it could
# pair in several ways, this is the one that counts.
_EXTRA_PREFERENCE = (
    F.PURE_DOUBLE_CHOW,
    F.MIXED_DOUBLE_CHOW,
    F.SHORT_STRAIGHT,
    F.TWO_TERMINAL_CHOWS,
)
_TRIPLES_OF_FOUR = ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0))
_PAIRS_OF_FOUR = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))


# Every chow is named by its middle tile: 12-18, 22-28, 32-38.
_MIDS = [s * 10 + r for s in (1, 2, 3) for r in range(2, 9)]
#: (chow, chow) -> their pair fan (or 0), for every ordered pair of chows
_TWO_CHOW: dict[tuple[int, int], int] = {(a, b): _two_chow_fan(a, b) for a in _MIDS for b in _MIDS}
#: (chow, chow, chow) -> their three-chow fan (or 0), for every triple in ``order_key`` order
_THREE_CHOW: dict[tuple[int, int, int], int] = {
    (a, b, c): _three_chow_fan(a, b, c)
    for a, b, c in combinations_with_replacement(sorted(_MIDS, key=order_key), 3)
}


def chow_fans(mids: list[int], pair: int, f: list[int]) -> None:
    """Fans made by the chows among themselves (and with the pair for the terminal-chow hands).

    ``mids`` must be sorted by ``order_key``.
    """
    n = len(mids)
    two = _TWO_CHOW
    if n == 4:
        if _terminal_chows(mids, pair, f):
            return
        t0, t1, t2, t3 = mids
        if (t0 + 1 == t1 and t1 + 1 == t2 and t2 + 1 == t3) or (
            t0 + 2 == t1 and t1 + 2 == t2 and t2 + 2 == t3
        ):
            f[F.FOUR_PURE_SHIFTED_CHOWS] = 1
            return
        if t0 == t3:  # sorted, so all four are the same
            f[F.QUADRUPLE_CHOW] = 1
            return
        three = _THREE_CHOW
        for a, b, c, rest in _TRIPLES_OF_FOUR:
            fan = three[mids[a], mids[b], mids[c]]
            if fan:
                f[fan] = 1
                # The fourth chow may still pair with one of the three, once.
                other = mids[rest]
                pairs = (two[mids[a], other], two[mids[b], other], two[mids[c], other])
                for extra in _EXTRA_PREFERENCE:
                    if extra in pairs:
                        f[extra] += 1
                        break
                return
        found = [
            two[t0, t1], two[t0, t2], two[t0, t3], two[t1, t2], two[t1, t3], two[t2, t3],
        ]  # fmt: skip
        # Each chow unrelated to all the others lowers the cap of three by one.
        cap = (
            3
            - (not (found[0] or found[1] or found[2]))
            - (not (found[0] or found[3] or found[4]))
            - (not (found[1] or found[3] or found[5]))
            - (not (found[2] or found[4] or found[5]))
        )
        if cap > 0:
            limit_chow_pairs([x for x in found if x], cap, f)
    elif n == 3:
        t0, t1, t2 = mids
        fan = _THREE_CHOW[t0, t1, t2]
        if fan:
            f[fan] = 1
            return
        found = [x for x in (two[t0, t1], two[t0, t2], two[t1, t2]) if x]
        if len(found) == 1:
            f[found[0]] += 1
        elif found:
            limit_chow_pairs(found, 2, f)
    elif n == 2:
        fan = two[mids[0], mids[1]]
        if fan:
            f[fan] += 1


def _terminal_chows(mids: list[int], pair: int, f: list[int]) -> bool:
    """一色双龙会 / 三色双龙会: 123 and 789 twice over, with a pair of fives."""
    if pair > 40 or pair % 10 != 5:
        return False
    if any(m % 10 not in (2, 8) for m in mids):
        return False
    pair_suit = pair // 10
    suits = [m // 10 for m in mids]
    if all(s == pair_suit for s in suits):
        if sum(1 for m in mids if m % 10 == 2) == 2:
            f[F.PURE_TERMINAL_CHOWS] = 1
            return True
        return False
    if pair_suit in suits:
        return False
    others = [s for s in (1, 2, 3) if s != pair_suit]
    if sorted(mids) == sorted(10 * s + r for s in others for r in (2, 8)):
        f[F.THREE_SUITED_TERMINAL_CHOWS] = 1
        return True
    return False


# --------------------------------------------------------------------------- pungs


def _three_pung_fan(t0: int, t1: int, t2: int) -> int:
    if t0 < 40 and t1 < 40 and t2 < 40:
        s0, s1, s2 = t0 // 10, t1 // 10, t2 // 10
        r0, r1, r2 = t0 % 10, t1 % 10, t2 % 10
        if s0 != s1 and s0 != s2 and s1 != s2:
            if _shifted_one_any_order(r0, r1, r2):
                return F.MIXED_SHIFTED_PUNGS
            if r0 == r1 == r2:
                return F.TRIPLE_PUNG
        elif _consecutive(t0, t1, t2, 1):
            return F.PURE_SHIFTED_PUNGS
        return 0
    if t0 in WINDS and t1 in WINDS and t2 in WINDS:
        return F.BIG_THREE_WINDS
    if t0 in DRAGONS and t1 in DRAGONS and t2 in DRAGONS:
        return F.BIG_THREE_DRAGONS
    return 0


def _two_pung_fan(a: int, b: int) -> int:
    if a < 40 and b < 40:
        return F.DOUBLE_PUNG if a % 10 == b % 10 else 0
    if a in DRAGONS and b in DRAGONS:
        return F.TWO_DRAGON_PUNGS
    return 0


#: (pung, pung) and (pung, pung, pung) in ``order_key`` order -> their fan, when they make one
_TWO_PUNG: dict[tuple[int, int], int] = {
    (a, b): fan for a in _KINDS for b in _KINDS if (fan := _two_pung_fan(a, b))
}
_THREE_PUNG: dict[tuple[int, int, int], int] = {
    (a, b, c): fan
    for a, b, c in combinations_with_replacement(sorted(_KINDS, key=order_key), 3)
    if (fan := _three_pung_fan(a, b, c))
}


def pung_fans(tiles: list[int], f: list[int]) -> None:
    """Fans the pungs (and kongs) make among themselves; ``tiles`` sorted by ``order_key``."""
    n = len(tiles)
    if n == 2:
        fan = _TWO_PUNG.get((tiles[0], tiles[1]))
        if fan:
            f[fan] += 1
        return
    three = _THREE_PUNG.get
    two = _TWO_PUNG.get
    if n == 4:
        t0, t1, t2, t3 = tiles
        if t0 < 40 and t0 + 1 == t1 and t1 + 1 == t2 and t2 + 1 == t3:
            f[F.FOUR_PURE_SHIFTED_PUNGS] = 1
            return
        if tiles == [41, 42, 43, 44]:
            f[F.BIG_FOUR_WINDS] = 1
            return
        for a, b, c, rest in _TRIPLES_OF_FOUR:
            fan = three((tiles[a], tiles[b], tiles[c]))
            if fan:
                f[fan] = 1
                # The fourth pung may combine once more, with the first set that allows it.
                for k in range(4):
                    if k != rest:
                        extra = two((tiles[k], tiles[rest]))
                        if extra:
                            f[extra] += 1
                            break
                return
        for a, b in _PAIRS_OF_FOUR:
            fan = two((tiles[a], tiles[b]))
            if fan:
                f[fan] += 1
    elif n == 3:
        fan = three((tiles[0], tiles[1], tiles[2]))
        if fan:
            f[fan] = 1
            return
        for a, b in ((0, 1), (0, 2), (1, 2)):
            fan = two((tiles[a], tiles[b]))
            if fan:
                f[fan] += 1


_CONCEALED_PUNG_FAN = {
    2: F.TWO_CONCEALED_PUNGS,
    3: F.THREE_CONCEALED_PUNGS,
    4: F.FOUR_CONCEALED_PUNGS,
}


def kong_and_concealed_fans(
    pungs: list[tuple[int, bool, bool]], f: list[int], *, whole_hand: bool = True
) -> None:
    """Kong fans, concealed-pung fans, All Pungs and each pung's own fan.

    ``pungs`` holds ``(tile, is_kong, is_concealed)``. A concealed kong is also a concealed pung.
    ``whole_hand`` is False when these are not all four sets (the knitted-straight hand).
    """
    melded_kongs = concealed_kongs = concealed = 0
    for tile, is_kong, is_concealed in pungs:
        if is_concealed:
            concealed += 1
            if is_kong:
                concealed_kongs += 1
        elif is_kong:
            melded_kongs += 1
        if tile in DRAGONS:
            f[F.DRAGON_PUNG] += 1
        elif tile > 40 or tile % 10 in (1, 9):
            f[F.PUNG_OF_TERMINALS_OR_HONORS] += 1
    kongs = melded_kongs + concealed_kongs
    if kongs == 4:
        f[F.FOUR_KONGS] = 1
    elif kongs == 3:
        f[F.THREE_KONGS] = 1
    elif kongs == 2:
        if concealed_kongs == 2:
            f[F.TWO_CONCEALED_KONGS] = 1
        elif concealed_kongs == 1:
            f[F.CONCEALED_AND_MELDED_KONG] = 1
        else:
            f[F.TWO_MELDED_KONGS] = 1
    elif kongs == 1:
        f[F.CONCEALED_KONG if concealed_kongs else F.MELDED_KONG] = 1
    if concealed in _CONCEALED_PUNG_FAN:
        f[_CONCEALED_PUNG_FAN[concealed]] = 1
    if whole_hand and len(pungs) == 4 and not (f[F.FOUR_KONGS] or f[F.FOUR_CONCEALED_PUNGS]):
        f[F.ALL_PUNGS] = 1


# --------------------------------------------------------------------------- whole hand


def _chow_trait(m: int) -> int:
    r = m % 10
    return 1 if r in (2, 8) else 2 if r in (4, 5, 6) else 0


def _set_trait(t: int) -> int:
    r = t % 10
    return 1 if t > 40 or r in (1, 9) else 2 if r == 5 else 3 if r % 2 == 0 else 0


# What a chow (by its middle tile) or a pung/pair (by its tile) shares with the others:
# 1 a terminal or honor, 2 a five, 3 an even number (pungs and pairs only), 0 none of these.
_CHOW_TRAIT = {m: _chow_trait(m) for m in _KINDS if m < 40 and 2 <= m % 10 <= 8}
_SET_TRAIT = {t: _set_trait(t) for t in _KINDS}
_TRAIT_FAN = (0, F.OUTSIDE_HAND, F.ALL_FIVES, F.ALL_EVEN_PUNGS)


def set_trait_fans(chows: Sequence[int], pungs: Sequence[int], pair: int, f: list[int]) -> None:
    """全带幺, 全带五, 全双刻: a property every set and the pair share."""
    trait = _SET_TRAIT[pair]
    if not trait:
        return
    ct, st = _CHOW_TRAIT, _SET_TRAIT
    for m in chows:
        if ct[m] != trait:
            return
    for t in pungs:
        if st[t] != trait:
            return
    f[_TRAIT_FAN[trait]] = 1


def suit_fans(tiles: list[int], f: list[int]) -> None:
    """无字, 缺一门, 混一色, 清一色, 五门齐 from which suits the tiles use."""
    suits = {t // 10 for t in tiles}
    has_honor = 4 in suits
    if not has_honor:
        f[F.NO_HONORS] = 1
    missing = 3 - len(suits - {4})
    if missing == 2:
        f[F.HALF_FLUSH if has_honor else F.FULL_FLUSH] = 1
    else:
        # (All honors lacks all three suits; the count of 3 is then excluded by 字一色.)
        f[F.ONE_VOIDED_SUIT] += missing
    winds = any(t in WINDS for t in tiles)
    if missing == 0 and has_honor and winds and any(t in DRAGONS for t in tiles):
        f[F.ALL_TYPES] = 1


def tile_fans(tiles: list[int], f: list[int]) -> None:
    """断幺, 推不倒, 绿一色, 字一色, 清幺九, 混幺九 from what every tile is."""
    simple = all(t < 40 and 2 <= t % 10 <= 8 for t in tiles)
    if simple:
        f[F.ALL_SIMPLES] = 1
    if all(t in REVERSIBLE for t in tiles):
        f[F.REVERSIBLE_TILES] = 1
    if all(t in GREEN for t in tiles):
        f[F.ALL_GREEN] = 1
    if simple:
        return
    if all(t > 40 for t in tiles):
        f[F.ALL_HONORS] = 1
    elif all(t < 40 and t % 10 in (1, 9) for t in tiles):
        f[F.ALL_TERMINALS] = 1
    elif all(t > 40 or t % 10 in (1, 9) for t in tiles):
        f[F.ALL_TERMINALS_AND_HONORS] = 1


def rank_range_fans(tiles: list[int], f: list[int]) -> None:
    """全大 全中 全小 大于五 小于五: every tile suited and within a range of numbers."""
    if any(t > 40 for t in tiles):
        return
    ranks = {t % 10 for t in tiles}
    if ranks <= {1, 2, 3, 4}:
        f[F.LOWER_FOUR if 4 in ranks else F.LOWER_TILES] = 1
    elif ranks <= {6, 7, 8, 9}:
        f[F.UPPER_FOUR if 6 in ranks else F.UPPER_TILES] = 1
    elif ranks <= {4, 5, 6}:
        f[F.MIDDLE_TILES] = 1


def tile_hogs(tiles: list[int], f: list[int]) -> None:
    """四归一: all four of a kind in the hand without being a kong."""
    kongs = len(tiles) - 14
    seen: dict[int, int] = {}
    for t in tiles:
        seen[t] = seen.get(t, 0) + 1
    f[F.TILE_HOG] = sum(1 for n in seen.values() if n == 4) - kongs


# --------------------------------------------------------------------------- whole hand, as a mask
# The same whole-hand fans as above, read from a mask of which kinds the hand holds: kind i (dense
# order) is bit 5i, the lowest bit of its field in the scorer's packed counts (five bits a kind),
# so the mask is read straight off the counts; each fan is then a mask test.

#: kind code -> its bit
BIT: dict[int, int] = {
    t: 1 << (FIELD * i)
    for i, t in enumerate(
        [s * 10 + n for s in (1, 2, 3) for n in range(1, 10)] + [41, 42, 43, 44, 45, 46, 47]
    )
}


def _mask(pred) -> int:
    return sum(bit for t, bit in BIT.items() if pred(t))


_ALL = _mask(lambda t: True)
_M, _P, _S = (_mask(lambda t, s=s: t // 10 == s) for s in (1, 2, 3))
_HONOR = _mask(lambda t: t > 40)
_WIND = _mask(lambda t: t in WINDS)
_DRAGON = _mask(lambda t: t in DRAGONS)
_TERMINAL = _mask(lambda t: t < 40 and t % 10 in (1, 9))
_NOT_TERMINAL = _ALL ^ _TERMINAL
_OUTSIDE = _TERMINAL | _HONOR
_NOT_OUTSIDE = _ALL ^ _OUTSIDE
_NOT_REVERSIBLE = _ALL ^ _mask(lambda t: t in REVERSIBLE)
_NOT_GREEN = _ALL ^ _mask(lambda t: t in GREEN)
_SUITED = _ALL ^ _HONOR


def _ranks(*ranks: int) -> int:
    return _mask(lambda t: t < 40 and t % 10 in ranks)


_NOT_1234, _RANK4 = _SUITED ^ _ranks(1, 2, 3, 4), _ranks(4)
_NOT_6789, _RANK6 = _SUITED ^ _ranks(6, 7, 8, 9), _ranks(6)
_NOT_456 = _SUITED ^ _ranks(4, 5, 6)


def mask_fans(mask: int, f: list[int]) -> None:
    """``suit_fans``, ``tile_fans`` and ``rank_range_fans`` of the kinds in ``mask``."""
    honors = mask & _HONOR
    missing = (not mask & _M) + (not mask & _P) + (not mask & _S)
    if not honors:
        f[F.NO_HONORS] = 1
    if missing == 2:
        f[F.HALF_FLUSH if honors else F.FULL_FLUSH] = 1
    elif missing:
        f[F.ONE_VOIDED_SUIT] += missing
    elif mask & _WIND and mask & _DRAGON:
        f[F.ALL_TYPES] = 1
    simple = not mask & _OUTSIDE
    if simple:
        f[F.ALL_SIMPLES] = 1
    if not mask & _NOT_REVERSIBLE:
        f[F.REVERSIBLE_TILES] = 1
    if not mask & _NOT_GREEN:
        f[F.ALL_GREEN] = 1
    if not simple:
        if not mask & _SUITED:
            f[F.ALL_HONORS] = 1
        elif not mask & _NOT_TERMINAL:
            f[F.ALL_TERMINALS] = 1
        elif not mask & _NOT_OUTSIDE:
            f[F.ALL_TERMINALS_AND_HONORS] = 1
    if honors:
        return
    if not mask & _NOT_1234:
        f[F.LOWER_FOUR if mask & _RANK4 else F.LOWER_TILES] = 1
    elif not mask & _NOT_6789:
        f[F.UPPER_FOUR if mask & _RANK6 else F.UPPER_TILES] = 1
    elif not mask & _NOT_456:
        f[F.MIDDLE_TILES] = 1
