"""Scoring a Changsha (长沙麻将) win: a pure function of the hand and how it was won.

A win is a **small win** (小胡, 平胡) or holds one or more **big wins** (大胡). A small win needs
a regular shape (four sets and a pair) whose pair is a 2, 5 or 8 (the 将 rule); a big win needs
no such pair (将将胡 needs no shape at all: every tile a 2, 5 or 8). ``docs/changsha.md`` has the
table and the source. Values are per payer: a small win is paid 1 by the discarder or 2 by each
other seat on a self-draw; each big win is paid 6 (豪华七小对 12), by the discarder or by each
other seat alike. The bird draw (扎鸟) multiplies these at the table, not here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from openmahjong.table.seat import Meld
from openmahjong.tiles import kind, number, suit

__all__ = [
    "BIG_WINS",
    "STARTING_WINS",
    "NAMES",
    "NotAWin",
    "Win",
    "score_win",
    "waits",
    "starting_wins",
    "has_shape",
]

#: Each big win's value per payer.
BIG_WINS: dict[str, int] = {
    "pengpeng": 6,  # 碰碰胡: four triplets (or kans) and a pair
    "jiangjiang": 6,  # 将将胡: every tile a 2, 5 or 8, any arrangement
    "qingyise": 6,  # 清一色: one suit, any winning shape
    "qixiaodui": 6,  # 七小对: seven pairs, concealed
    "haohua_qixiaodui": 12,  # 豪华七小对: seven pairs holding four of a kind
    "quanqiuren": 6,  # 全求人: four melds, the last tile won on a discard
    "haidi_lao": 6,  # 海底捞月: self-drawn on the last tile of the wall
    "haidi_pao": 6,  # 海底炮: won on the discard of the last tile
    "gangshang_kaihua": 6,  # 杠上开花: self-drawn on a tile a kan turned
    "qianggang": 6,  # 抢杠胡: robbing an added kan
    "tianhu": 6,  # 天胡: the dealer wins on the dealt hand
    "dihu": 6,  # 地胡: a seat wins on the dealer's first discard
}
#: A small win: paid by the discarder (ron) or by each other seat (tsumo).
SMALL_RON = 1
SMALL_TSUMO = 2
#: The starting-hand wins (起手胡), each paid 2 by every other seat before play.
STARTING_WINS: dict[str, int] = {
    "sixi": 2,  # 四喜: four of a kind in the dealt hand
    "banban": 2,  # 板板胡: not one 2, 5 or 8
    "queyise": 2,  # 缺一色: a suit missing
    "liuliushun": 2,  # 六六顺: two triplets
}
#: Names in en / zh / ja.
NAMES: dict[str, dict[str, str]] = {
    "small": {"en": "Small win", "zh": "小胡", "ja": "小胡"},
    "pengpeng": {"en": "All triplets", "zh": "碰碰胡", "ja": "対々和"},
    "jiangjiang": {"en": "All 2-5-8", "zh": "将将胡", "ja": "将将胡"},
    "qingyise": {"en": "Full flush", "zh": "清一色", "ja": "清一色"},
    "qixiaodui": {"en": "Seven pairs", "zh": "七小对", "ja": "七対子"},
    "haohua_qixiaodui": {"en": "Luxury seven pairs", "zh": "豪华七小对", "ja": "豪華七対子"},
    "quanqiuren": {"en": "All melded", "zh": "全求人", "ja": "全求人"},
    "haidi_lao": {"en": "Moon from the bottom of the sea", "zh": "海底捞月", "ja": "海底摸月"},
    "haidi_pao": {"en": "Last discard", "zh": "海底炮", "ja": "河底撈魚"},
    "gangshang_kaihua": {"en": "Flower on the kan", "zh": "杠上开花", "ja": "嶺上開花"},
    "qianggang": {"en": "Robbing the kan", "zh": "抢杠胡", "ja": "槍槓"},
    "tianhu": {"en": "Heavenly hand", "zh": "天胡", "ja": "天和"},
    "dihu": {"en": "Earthly hand", "zh": "地胡", "ja": "地和"},
    "sixi": {"en": "Four of a kind", "zh": "四喜", "ja": "四喜"},
    "banban": {"en": "No 2-5-8", "zh": "板板胡", "ja": "板板胡"},
    "queyise": {"en": "Missing suit", "zh": "缺一色", "ja": "欠一色"},
    "liuliushun": {"en": "Two triplets", "zh": "六六顺", "ja": "六六順"},
}


class NotAWin(ValueError):
    """The tiles are no Changsha win (one sentence for a person)."""


@dataclass(frozen=True)
class Win:
    #: The big wins (大胡) it holds, in ``BIG_WINS`` order; empty for a small win.
    patterns: tuple[str, ...]
    tsumo: bool
    #: What each payer pays before the birds (the discarder on a ron; each other seat on tsumo).
    value: int
    #: Whether a regular shape with a pair of 2, 5 or 8 is there (what a small win needs).
    pair_258: bool

    @property
    def big(self) -> bool:
        return bool(self.patterns)


_JIANG = (2, 5, 8)


def _counts(tiles: Iterable[int]) -> list[int]:
    counts = [0] * 27
    for t in tiles:
        k = kind(t)
        s = suit(k)
        if s not in (1, 2, 3):
            raise NotAWin(f"Changsha plays the three suits only: {k} is not one of them")
        counts[(s - 1) * 9 + number(k) - 1] += 1
    return counts


@lru_cache(maxsize=65536)
def _sets(counts: tuple[int, ...], triplets_only: bool) -> bool:
    """Whether ``counts`` splits into sets (triplets and, unless ``triplets_only``, runs)."""
    i = next((i for i, c in enumerate(counts) if c), None)
    if i is None:
        return True
    rest = list(counts)
    if rest[i] >= 3:
        rest[i] -= 3
        if _sets(tuple(rest), triplets_only):
            return True
        rest[i] += 3
    if not triplets_only and i % 9 <= 6 and rest[i + 1] and rest[i + 2]:
        rest[i] -= 1
        rest[i + 1] -= 1
        rest[i + 2] -= 1
        return _sets(tuple(rest), triplets_only)
    return False


@dataclass(frozen=True)
class _Shape:
    regular: bool
    pair_258: bool
    triplets: bool
    seven_pairs: bool
    luxury: bool


@lru_cache(maxsize=65536)
def _shape(counts: tuple[int, ...], melds: int) -> _Shape:
    regular = pair_258 = triplets = False
    for p, c in enumerate(counts):
        if c < 2:
            continue
        rest = list(counts)
        rest[p] -= 2
        rt = tuple(rest)
        if _sets(rt, False):
            regular = True
            if p % 9 + 1 in _JIANG:
                pair_258 = True
            if _sets(rt, True):
                triplets = True
    seven = melds == 0 and sum(counts) == 14 and all(c % 2 == 0 for c in counts)
    return _Shape(regular, pair_258, triplets, seven, seven and any(c == 4 for c in counts))


def has_shape(tiles: Sequence[int], melds: int = 0) -> bool:
    """Whether 14 - 3 x ``melds`` concealed tiles make four sets and a pair or seven pairs."""
    s = _shape(tuple(_counts(tiles)), melds)
    return s.regular or s.seven_pairs


def score_win(
    concealed: Sequence[int],
    melds: Sequence[Meld],
    tile: int,
    *,
    tsumo: bool,
    after_kan: bool = False,
    robbing_kan: bool = False,
    last_tile: bool = False,
    heaven: bool = False,
    earth: bool = False,
) -> Win:
    """Score ``concealed`` (without the winning ``tile``) and ``melds`` winning on ``tile``.
    Raises :class:`NotAWin` when it is none (no shape; a small win without a 2-5-8 pair)."""
    if len(concealed) + 3 * len(melds) != 13:
        raise NotAWin(
            f"a winning hand has 14 tiles with the winning one: {len(concealed)} concealed and "
            f"{len(melds)} melds make {len(concealed) + 1 + 3 * len(melds)}"
        )
    hand = [*concealed, tile]
    counts = _counts(hand)
    shape = _shape(tuple(counts), len(melds))
    meld_tiles = [t for m in melds for t in m.tiles[:3]]
    every = hand + meld_tiles
    jiang = all(number(kind(t)) in _JIANG for t in every)
    if not (shape.regular or shape.seven_pairs or jiang):
        raise NotAWin("no winning shape: four sets and a pair, or seven pairs")
    found: set[str] = set()
    if jiang:
        found.add("jiangjiang")
    if shape.regular or shape.seven_pairs:
        if shape.triplets and all(m.kind != "chi" for m in melds):
            found.add("pengpeng")
        if len({suit(kind(t)) for t in every}) == 1:
            found.add("qingyise")
        if shape.seven_pairs:
            found.add("haohua_qixiaodui" if shape.luxury else "qixiaodui")
        if len(melds) == 4 and not tsumo:
            found.add("quanqiuren")
        if last_tile and tsumo:
            found.add("haidi_lao")
        if last_tile and not tsumo:
            found.add("haidi_pao")
        if after_kan and tsumo:
            found.add("gangshang_kaihua")
        if robbing_kan:
            found.add("qianggang")
        if heaven:
            found.add("tianhu")
        if earth:
            found.add("dihu")
    patterns = tuple(k for k in BIG_WINS if k in found)
    if not patterns and not shape.pair_258:
        raise NotAWin("a small win needs its pair to be a 2, 5 or 8 (将)")
    small = SMALL_TSUMO if tsumo else SMALL_RON
    value = sum(BIG_WINS[k] for k in patterns) if patterns else small
    return Win(patterns, tsumo, value, shape.pair_258)


def waits(concealed: Sequence[int], melds: Sequence[Meld]) -> list[int]:
    """The tile kinds that give ``concealed`` a winning shape (or make it all 2-5-8), the 将
    rule unchecked: a candidate list for :func:`score_win`."""
    counts = _counts(concealed)
    meld_tiles = [t for m in melds for t in m.tiles[:3]]
    all_jiang = all(number(kind(t)) in _JIANG for t in [*concealed, *meld_tiles])
    out = []
    for i in range(27):
        if counts[i] >= 4:
            continue
        code = (i // 9 + 1) * 10 + i % 9 + 1
        counts[i] += 1
        s = _shape(tuple(counts), len(melds))
        counts[i] -= 1
        if s.regular or s.seven_pairs or (all_jiang and i % 9 + 1 in _JIANG):
            out.append(code)
    return out


def starting_wins(hand: Sequence[int]) -> tuple[str, ...]:
    """The starting-hand wins (起手胡) of a dealt hand (13 tiles, the dealer's 14)."""
    counts = _counts(hand)
    found = []
    if any(c == 4 for c in counts):
        found.append("sixi")
    if not any(counts[s * 9 + n - 1] for s in range(3) for n in _JIANG):
        found.append("banban")
    if any(not any(counts[s * 9 : s * 9 + 9]) for s in range(3)):
        found.append("queyise")
    if sum(1 for c in counts if c >= 3) >= 2:
        found.append("liuliushun")
    return tuple(found)
