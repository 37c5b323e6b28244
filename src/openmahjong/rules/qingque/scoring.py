"""Qingque scoring: the fans of one winning hand and what it is worth.

A pure function of the hand and its context (:func:`score_win`). The fan names and their
order are the source's (open_mahjong_unity, ``Qingque13/QingqueFan.cs``: 91 fans, indices
0-90). The occasional fans (天和, 地和 16; 岭上开花, 海底捞月, 河底捞鱼, 抢杠 4) carry the
source's values and are added on top of the rest, as its ``QingqueScoring.GetMaxFan`` does.
The source values every other set of fans by looking the whole set up in a precomputed,
non-additive table (``fan_cache.json``, 1.4 MB); that table is not reproduced here: the
regular fans below carry additive stand-in values of our own (``docs/qingque.md`` says which
fans are detected).

What a win is worth follows the source (``Qingque13Hepai.GetBasePoint``, ``QingqueGameState``):
base points ``round(fan * fan)``; on a self-draw each other player pays the base, on a discard
the discarder pays three times the base. There is no fan minimum: every complete hand wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openmahjong.tiles import DRAGONS, WINDS, counts34, is_honor, kind, number, suit

__all__ = [
    "FAN_NAMES",
    "OCCASIONAL",
    "VALUES",
    "Fan",
    "NotAWin",
    "QingqueWin",
    "base_points",
    "decompositions",
    "is_winning",
    "score_win",
]

#: The source's 91 fans in its enum order (index = position), Chinese name and ours in English.
FAN_NAMES: tuple[tuple[str, str], ...] = (
    ("和牌", "Win"), ("天和", "Heavenly Hand"), ("地和", "Earthly Hand"),
    ("岭上开花", "Out with Replacement Tile"), ("海底捞月", "Last Tile Draw"),
    ("河底捞鱼", "Last Tile Claim"), ("抢杠", "Robbing the Kong"), ("七对", "Seven Pairs"),
    ("门前清", "Concealed Hand"), ("四暗杠", "Four Concealed Kongs"),
    ("三暗杠", "Three Concealed Kongs"), ("双暗杠", "Two Concealed Kongs"),
    ("暗杠", "Concealed Kong"), ("四杠", "Four Kongs"), ("三杠", "Three Kongs"),
    ("双杠", "Two Kongs"), ("四暗刻", "Four Concealed Triplets"),
    ("三暗刻", "Three Concealed Triplets"), ("对对和", "All Triplets"), ("十二归", "Twelve Hog"),
    ("八归", "Eight Hog"), ("三叠对", "Three Double Pairs"), ("二叠对", "Two Double Pairs"),
    ("叠对", "Double Pair"), ("字一色", "All Honours"), ("大四喜", "Big Four Winds"),
    ("小四喜", "Little Four Winds"), ("四喜对", "Four Wind Pairs"),
    ("风牌三刻", "Three Wind Triplets"), ("风牌七对", "Seven Wind Pairs"),
    ("风牌六对", "Six Wind Pairs"), ("风牌五对", "Five Wind Pairs"),
    ("风牌四对", "Four Wind Pairs (seven pairs)"), ("大三元", "Big Three Dragons"),
    ("小三元", "Little Three Dragons"), ("三元六对", "Six Dragon Pairs"),
    ("三元对", "Three Dragon Pairs"), ("番牌四刻", "Four Value Triplets"),
    ("番牌三刻", "Three Value Triplets"), ("番牌二刻", "Two Value Triplets"),
    ("番牌刻", "Value Triplet"), ("番牌七对", "Seven Value Pairs"),
    ("番牌六对", "Six Value Pairs"), ("番牌五对", "Five Value Pairs"),
    ("番牌四副", "Four Value Sets"), ("番牌三副", "Three Value Sets"),
    ("番牌二副", "Two Value Sets"), ("番牌", "Value Set"), ("清幺九", "All Terminals"),
    ("混幺九", "All Terminals and Honours"), ("清带幺", "Pure Outside Hand"),
    ("混带幺", "Mixed Outside Hand"), ("九莲宝灯", "Nine Gates"), ("清一色", "Full Flush"),
    ("混一色", "Half Flush"), ("五门齐", "All Types"), ("混一数", "Mixed One Number"),
    ("二数", "Two Numbers"), ("二聚", "Two Consecutive Numbers"),
    ("三聚", "Three Consecutive Numbers"), ("四聚", "Four Consecutive Numbers"),
    ("连数", "Connected Numbers"), ("间数", "Gapped Numbers"), ("镜数", "Reflected Hand"),
    ("映数", "Reflected Hand II"), ("满庭芳", "Common Number"),
    ("四同顺", "Quadruple Sequence"), ("三同顺", "Triple Sequence"),
    ("二般高", "Two Double Sequences"), ("一般高", "Double Sequence"),
    ("四连刻", "Four Shifted Triplets"), ("三连刻", "Three Shifted Triplets"),
    ("四步高", "Four Shifted Sequences"), ("三步高", "Three Shifted Sequences"),
    ("四连环", "Four Chained Sequences"), ("三连环", "Three Chained Sequences"),
    ("一气贯通", "Pure Straight"), ("七连对", "Seven Shifted Pairs"),
    ("六连对", "Six Shifted Pairs"), ("五连对", "Five Shifted Pairs"),
    ("四连对", "Four Shifted Pairs"), ("三色同刻", "Mixed Triple Triplet"),
    ("三色同顺", "Mixed Triple Sequence"), ("三色二对", "Two Triple Pairs"),
    ("三色同对", "Mixed Triple Pair"), ("三色连刻", "Mixed Shifted Triplets"),
    ("三色贯通", "Mixed Straight"), ("镜同", "Mirrored Hand"),
    ("镜同三对", "Three Mirrored Pairs"), ("镜同二对", "Two Mirrored Pairs"),
    ("双龙会", "Two Short Straights"),
)  # fmt: skip

#: The occasional fans with the source's own values (``QingqueFanMetadata.Tags``).
OCCASIONAL: dict[str, int] = {
    "天和": 16, "地和": 16, "岭上开花": 4, "海底捞月": 4, "河底捞鱼": 4, "抢杠": 4,
}  # fmt: skip

#: The regular fans this scorer detects, with our additive stand-in values (not the source's).
VALUES: dict[str, int] = {
    "和牌": 1, "七对": 8, "门前清": 2,
    "四暗杠": 32, "三暗杠": 16, "双暗杠": 6, "暗杠": 2, "四杠": 24, "三杠": 12, "双杠": 4,
    "四暗刻": 16, "三暗刻": 6, "对对和": 6,
    "字一色": 24, "大四喜": 32, "小四喜": 16, "大三元": 24, "小三元": 12,
    "番牌四刻": 10, "番牌三刻": 6, "番牌二刻": 4, "番牌刻": 2,
    "清幺九": 24, "混幺九": 12, "清带幺": 8, "混带幺": 4,
    "清一色": 12, "混一色": 6,
    "四同顺": 24, "三同顺": 12, "一般高": 2,
    "一气贯通": 8, "三色同顺": 6, "三色同刻": 8,
    "五门齐": 6, "九莲宝灯": 40, "四连刻": 24, "三连刻": 12, "三色连刻": 8,
    "二般高": 10, "叠对": 4, "二叠对": 10, "三叠对": 20,
    "四连对": 8, "五连对": 12, "六连对": 18, "七连对": 28,
}  # fmt: skip


class NotAWin(ValueError):
    """The tiles make no winning shape (four sets and a pair, or seven pairs)."""


@dataclass(frozen=True)
class Fan:
    zh: str
    en: str
    value: int


@dataclass(frozen=True)
class QingqueWin:
    fans: tuple[Fan, ...]
    #: The fan total (regular and occasional).
    fan: int

    @property
    def base_points(self) -> int:
        return base_points(self.fan)


_EN = dict(FAN_NAMES)


def base_points(fan: float) -> int:
    """The source's ``GetBasePoint``: the fan total squared, rounded."""
    return int(round(fan * fan))


# A set: ("chow", first tile) / ("pung", tile) / ("kong", tile), concealed or not.
_Set = tuple[str, int, bool]


def _decompose(counts: list[int], start: int) -> list[list[tuple[str, int]]]:
    while start < 34 and counts[start] == 0:
        start += 1
    if start == 34:
        return [[]]
    out: list[list[tuple[str, int]]] = []
    if counts[start] >= 3:
        counts[start] -= 3
        out += [[("pung", start), *rest] for rest in _decompose(counts, start)]
        counts[start] += 3
    if start < 27 and start % 9 <= 6 and counts[start + 1] and counts[start + 2]:
        for i in (start, start + 1, start + 2):
            counts[i] -= 1
        out += [[("chow", start), *rest] for rest in _decompose(counts, start)]
        for i in (start, start + 1, start + 2):
            counts[i] += 1
    return out


_KINDS = [s * 10 + n for s in (1, 2, 3) for n in range(1, 10)] + list(WINDS + DRAGONS)


def decompositions(concealed: Sequence[int]) -> list[tuple[int, list[tuple[str, int]]]]:
    """Every (pair kind, sets) split of concealed tiles into sets and one pair (kinds as codes)."""
    counts = counts34(concealed)
    out: list[tuple[int, list[tuple[str, int]]]] = []
    for p in range(34):
        if counts[p] >= 2:
            counts[p] -= 2
            for sets in _decompose(counts, 0):
                out.append((_KINDS[p], [(k, _KINDS[i]) for k, i in sets]))
            counts[p] += 2
    return out


def _seven_pairs(concealed: Sequence[int]) -> bool:
    counts = counts34(concealed)
    return len(concealed) == 14 and all(c in (0, 2, 4) for c in counts)


def is_winning(concealed: Sequence[int]) -> bool:
    """Concealed tiles (14 - 3 x melds) make four sets and a pair, or seven pairs."""
    if len(concealed) % 3 != 2:
        return False
    return _seven_pairs(concealed) or bool(decompositions(concealed))


def _set_tiles(s: _Set) -> list[int]:
    k, t, _ = s
    return [t, t + 1, t + 2] if k == "chow" else [t] * (4 if k == "kong" else 3)


def _regular_fans(
    pair: int, sets: list[_Set], value_tiles: set[int], concealed_hand: bool
) -> list[str]:
    fans: list[str] = []
    triplets = [s for s in sets if s[0] != "chow"]
    chows = sorted(s[1] for s in sets if s[0] == "chow")
    kongs = [s for s in sets if s[0] == "kong"]
    concealed_kongs = sum(1 for s in kongs if s[2])
    concealed_triplets = sum(1 for s in triplets if s[2])
    tiles = [pair, pair] + [t for s in sets for t in _set_tiles(s)]
    if concealed_hand:
        fans.append("门前清")
    fans += {4: ["四暗杠"], 3: ["三暗杠"], 2: ["双暗杠"], 1: ["暗杠"]}.get(concealed_kongs, [])
    fans += {4: ["四杠"], 3: ["三杠"], 2: ["双杠"]}.get(len(kongs), [])
    if concealed_triplets == 4:
        fans.append("四暗刻")
    elif concealed_triplets == 3:
        fans.append("三暗刻")
    if len(triplets) == 4:
        fans.append("对对和")
    wind_trip = sum(1 for s in triplets if s[1] in WINDS)
    dragon_trip = sum(1 for s in triplets if s[1] in DRAGONS)
    if wind_trip == 4:
        fans.append("大四喜")
    elif wind_trip == 3 and pair in WINDS:
        fans.append("小四喜")
    if dragon_trip == 3:
        fans.append("大三元")
    elif dragon_trip == 2 and pair in DRAGONS:
        fans.append("小三元")
    value_trip = sum(1 for s in triplets if s[1] in value_tiles)
    fans += {4: ["番牌四刻"], 3: ["番牌三刻"], 2: ["番牌二刻"], 1: ["番牌刻"]}.get(value_trip, [])
    fans += _colour_fans(tiles)
    if all(is_honor(t) or number(t) in (1, 9) for t in tiles):
        fans.append("清幺九" if not any(is_honor(t) for t in tiles) else "混幺九")
    elif (
        not any(is_honor(t) for t in tiles)
        and all(_has_terminal(s) for s in sets)
        and number(pair) in (1, 9)
    ):
        fans.append("清带幺")
    elif all(_has_terminal(s) or is_honor(s[1]) for s in sets) and (
        is_honor(pair) or number(pair) in (1, 9)
    ):
        fans.append("混带幺")
    same = max((chows.count(c) for c in chows), default=0)
    doubled = sum(1 for c in set(chows) if chows.count(c) >= 2)
    if same == 4:
        fans.append("四同顺")
    elif same == 3:
        fans.append("三同顺")
    elif doubled == 2:
        fans.append("二般高")
    elif same == 2:
        fans.append("一般高")
    chow_set = set(chows)
    if any({base, base + 3, base + 6} <= chow_set for base in (11, 21, 31)):
        fans.append("一气贯通")
    if any({10 + n, 20 + n, 30 + n} <= chow_set for n in range(1, 8)):
        fans.append("三色同顺")
    trip_set = {s[1] for s in triplets}
    if any({10 + n, 20 + n, 30 + n} <= trip_set for n in range(1, 10)):
        fans.append("三色同刻")
    suited_trips = {t for t in trip_set if not is_honor(t)}
    if any({t, t + 1, t + 2, t + 3} <= suited_trips for t in suited_trips if number(t) <= 6):
        fans.append("四连刻")
    elif any({t, t + 1, t + 2} <= suited_trips for t in suited_trips if number(t) <= 7):
        fans.append("三连刻")
    elif any(
        {a + n, b + n + 1, c + n + 2} <= suited_trips
        for n in range(1, 8)
        for a, b, c in (
            (10, 20, 30),
            (10, 30, 20),
            (20, 10, 30),
            (20, 30, 10),
            (30, 10, 20),
            (30, 20, 10),
        )
    ):
        fans.append("三色连刻")
    if _all_types(tiles):
        fans.append("五门齐")
    if concealed_hand and not sets_have_kong(sets) and _nine_gates(tiles):
        fans.append("九莲宝灯")
    return fans


def _pair_fans(concealed: Sequence[int]) -> list[str]:
    """Seven pairs' own fans: a kind held four times (叠对, two pairs of it) and runs of
    pairs on consecutive numbers of one suit (连对)."""
    counts = {t: concealed.count(t) for t in set(concealed)}
    fours = sum(1 for n in counts.values() if n == 4)
    fans = {1: ["叠对"], 2: ["二叠对"], 3: ["三叠对"]}.get(fours, [])
    run = best = 0
    for t in sorted(counts):
        run = run + 1 if not is_honor(t) and t - 1 in counts and suit(t - 1) == suit(t) else 1
        if is_honor(t):
            run = 0
        best = max(best, run)
    fans += {4: ["四连对"], 5: ["五连对"], 6: ["六连对"], 7: ["七连对"]}.get(best, [])
    return fans


def sets_have_kong(sets: Sequence[_Set]) -> bool:
    return any(s[0] == "kong" for s in sets)


def _all_types(tiles: Sequence[int]) -> bool:
    """Characters, dots, bamboos, a wind and a dragon."""
    suits = {suit(t) for t in tiles if not is_honor(t)}
    return len(suits) == 3 and any(t in WINDS for t in tiles) and any(t in DRAGONS for t in tiles)


def _nine_gates(tiles: Sequence[int]) -> bool:
    """One suit, 1112345678999 and one more of it."""
    if any(is_honor(t) for t in tiles) or len({suit(t) for t in tiles}) != 1:
        return False
    counts = [0] * 10
    for t in tiles:
        counts[number(t)] += 1
    need = [0, 3, 1, 1, 1, 1, 1, 1, 1, 3]
    return all(counts[n] >= need[n] for n in range(1, 10))


def _has_terminal(s: _Set) -> bool:
    return any(not is_honor(t) and number(t) in (1, 9) for t in _set_tiles(s))


def _colour_fans(tiles: Sequence[int]) -> list[str]:
    suits = {suit(t) for t in tiles if not is_honor(t)}
    honours = any(is_honor(t) for t in tiles)
    if not suits:
        return ["字一色"]
    if len(suits) == 1:
        return ["混一色"] if honours else ["清一色"]
    return []


def _total(names: Sequence[str]) -> int:
    return sum(VALUES.get(n, OCCASIONAL.get(n, 0)) for n in names)


def score_win(
    concealed: Sequence[int],
    win_tile: int,
    melds: Sequence[tuple[str, Sequence[int]]] = (),
    *,
    self_drawn: bool,
    seat_wind: int = 41,
    kong: bool = False,
    last_tile: bool = False,
    heavenly: bool = False,
    earthly: bool = False,
) -> QingqueWin:
    """The fans of a win: ``concealed`` holds the winning tile; ``melds`` are ``(kind, tiles)``
    with kinds ``chi``, ``pon``, ``minkan``, ``kakan``, ``ankan``; ``kong`` means a kong's
    replacement (self-drawn) or a robbed kong (on a claim); ``last_tile`` the wall's last tile
    (drawn, or its discard). Raises :class:`NotAWin`."""
    concealed = [kind(t) for t in concealed]
    win_tile = kind(win_tile)
    if len(concealed) + 3 * len(melds) != 14 or win_tile not in concealed:
        raise NotAWin(f"{len(concealed)} concealed tiles and {len(melds)} melds make no hand")
    occasional: list[str] = []
    if heavenly:
        occasional.append("天和")
    elif earthly:
        occasional.append("地和")
    if kong:
        occasional.append("岭上开花" if self_drawn else "抢杠")
    if last_tile and not (kong and not self_drawn):
        occasional.append("海底捞月" if self_drawn else "河底捞鱼")
    open_sets: list[_Set] = []
    for k, tiles in melds:
        first = min(kind(t) for t in tiles)
        shape = {"chi": "chow", "pon": "pung"}.get(k, "kong")
        open_sets.append((shape, first, k == "ankan"))
    concealed_hand = all(k == "ankan" for k, _ in melds)
    # The source tells its scorer the seat wind only (``check_hepai``: 自风东..自风北).
    value_tiles = set(DRAGONS) | {seat_wind}
    best: list[str] | None = None
    for pair, sets in decompositions(concealed):
        own: list[_Set] = []
        for k, t in sets:
            # A triplet completed on a discard is an open one.
            hidden = (
                k == "chow"
                or self_drawn
                or t != win_tile
                or _win_in_other_set(sets, pair, win_tile)
            )
            own.append((k, t, hidden))
        names = ["和牌", *_regular_fans(pair, open_sets + own, value_tiles, concealed_hand)]
        if best is None or _total(names) > _total(best):
            best = names
    if _seven_pairs(concealed) and not melds:
        names = ["和牌", "七对", "门前清", *_colour_fans(concealed), *_pair_fans(concealed)]
        if _all_types(concealed):
            names.append("五门齐")
        if best is None or _total(names) > _total(best):
            best = names
    if best is None:
        raise NotAWin("the tiles make no winning shape")
    best = best + occasional
    fans = tuple(Fan(n, _EN[n], VALUES.get(n, OCCASIONAL.get(n, 0))) for n in best)
    return QingqueWin(fans=fans, fan=sum(f.value for f in fans))


def _win_in_other_set(sets: Sequence[tuple[str, int]], pair: int, tile: int) -> bool:
    """The winning tile can be read as completing the pair or a chow instead of the triplet."""
    if pair == tile:
        return True
    return any(k == "chow" and t <= tile <= t + 2 and suit(t) == suit(tile) for k, t in sets)
