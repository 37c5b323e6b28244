"""Qingque scoring: the fans of one winning hand and what it is worth.

A pure function of the hand and its context (:func:`score_win`), following the source's scorer
(the rule maintainer's ``scoring.cpp`` / ``criteria.cpp``, the Unity client's ``Qingque13``
C# port of it; ``docs/qingque.md`` cites the files):

1. every reading of the hand (each split into four sets and a pair, and seven pairs) gets its
   *raw* fan set, the source's 90 fans tested one by one (:mod:`.criteria`);
2. each raw set, occasional fans aside, is valued by the source's table ``fan_cache.json``
   (:mod:`.values`; we hold part of it and estimate the rest, and say which);
3. the best reading wins (the source's ``is_greater_than``), and the occasional fans (天和, 地和
   16; 岭上开花, 海底捞月, 河底捞鱼, 抢杠 4) are added on top;
4. what is shown is the raw set with covered fans removed (the source's ``derepellenise``).

The fan total is not a sum of the shown fans: only the occasional fans carry values of their
own (the others show 0). What a win is worth follows the source (``GetBasePoint``,
``QingqueGameState``): base points ``round(fan * fan)``; on a self-draw each other player pays
the base, on a discard the discarder pays three times the base. Every complete hand wins.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from openmahjong.rules.qingque.criteria import Facts, Set, displayed, raw_fan_sets
from openmahjong.rules.qingque.values import OCCASIONAL, better, regular_value
from openmahjong.tiles import DRAGONS, WINDS, counts34, kind

__all__ = [
    "FAN_NAMES",
    "OCCASIONAL",
    "Fan",
    "BelowMinimum",
    "MINIMUM_FAN",
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


class NotAWin(ValueError):
    """The tiles make no winning shape (four sets and a pair, or seven pairs)."""


#: The fan total a win needs: the source offers a win only at ``result[0] >= 1``
#: (``open_mahjong_server/.../game_mmcr/action_check.py``, ``check_hepai``). The table values
#: the bare set {和牌} at 0, so a hand with no fan at all is no win.
MINIMUM_FAN = 1.0


class BelowMinimum(NotAWin):
    """A winning shape whose fan total is below :data:`MINIMUM_FAN`; ``win`` holds what it is
    worth."""

    def __init__(self, win: QingqueWin) -> None:
        super().__init__(f"{win.fan:g} fan: a win needs at least {MINIMUM_FAN:g}")
        self.win = win


@dataclass(frozen=True)
class Fan:
    zh: str
    en: str
    #: The fan's own value: the occasional fans' (16 or 4); 0 for the others, which the source
    #: values only as a whole set.
    value: int


@dataclass(frozen=True)
class QingqueWin:
    #: The fans shown (covered fans removed), the occasional ones last.
    fans: tuple[Fan, ...]
    #: The fan total: the set's value plus the occasional fans'.
    fan: float
    #: The value is the source's own table entry (``False``: our estimate, docs/qingque.md).
    exact: bool = True
    #: The best reading's raw fan set (the key of the source's table), occasional fans included.
    raw: frozenset[str] = field(default_factory=frozenset)

    @property
    def base_points(self) -> int:
        return base_points(self.fan)


_EN = dict(FAN_NAMES)


def base_points(fan: float) -> int:
    """The source's ``GetBasePoint``: the fan total squared, rounded."""
    return int(round(fan * fan))


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


def _meld(kind_: str, tiles: Sequence[int]) -> Set:
    ts = sorted(kind(t) for t in tiles)
    if kind_ == "chi":
        return Set("seq", ts[1], False)
    if kind_ == "pon":
        return Set("trip", ts[0], False)
    return Set("kong", ts[0], kind_ == "ankan")


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
    (drawn, or its discard); ``heavenly`` / ``earthly`` the source's one flag for both: it is
    天和 when self-drawn, 地和 on a discard. Raises :class:`NotAWin`, or :class:`BelowMinimum`
    for a shape worth less than :data:`MINIMUM_FAN`."""
    concealed = [kind(t) for t in concealed]
    win_tile = kind(win_tile)
    if len(concealed) + 3 * len(melds) != 14 or win_tile not in concealed:
        raise NotAWin(f"{len(concealed)} concealed tiles and {len(melds)} melds make no hand")
    if not is_winning(concealed):
        raise NotAWin("the tiles make no winning shape")
    facts = Facts(
        closed=Counter(concealed),
        melds=tuple(_meld(k, tiles) for k, tiles in melds),
        win_tile=win_tile,
        self_drawn=self_drawn,
        # A robbed kong is no discard from the wall: the source's game never flags it last.
        final_tile=last_tile and not (kong and not self_drawn),
        kong_related=kong,
        heavenly_or_earthly=heavenly or earthly,
        seat_wind=seat_wind,
    )
    readings = raw_fan_sets(facts)
    if not readings:
        raise NotAWin("the tiles make no winning shape")
    best: frozenset[str] = frozenset()
    best_value, best_exact = 0.0, True
    for raw in readings:
        value, exact = regular_value(raw)
        if better(value, best_value):
            best, best_value, best_exact = raw, value, exact
    occasional = [n for n in OCCASIONAL if n in readings[0]]
    regular = best - set(OCCASIONAL)
    shown = [n for n in displayed(regular | set(occasional)) if n not in OCCASIONAL]
    fans = tuple(Fan(n, _EN[n], 0) for n in shown) + tuple(
        Fan(n, _EN[n], OCCASIONAL[n]) for n in occasional
    )
    total = best_value + sum(OCCASIONAL[n] for n in occasional)
    win = QingqueWin(
        fans=fans, fan=round(total, 6), exact=best_exact, raw=regular | set(occasional)
    )
    if win.fan < MINIMUM_FAN:
        raise BelowMinimum(win)
    return win
