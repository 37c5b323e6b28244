"""What a Sichuan win's yaku are worth: Mahjong Soul's han table or the Chengdu fan ladder.

The yaku are detected once (``yaku.py``, ``scoring.py``); a :class:`ScoringRules` says what each
is worth and how the han become points:

* :data:`MAJSOUL` (the default of every call): the seed's han, at most 6, points by the seed's
  table (1,000 at 1 han doubling to 32,000 at 6);
* :func:`chengdu` (成都血战到底): the fan ladder, points = base x 2^fans, a cap of 3, 4 or 5
  fans or none, and optionally one fan for a self-draw (自摸加番). docs/sichuan.md, "The
  chengdu-xuezhan preset", gives the values and the sources they come from.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from openmahjong.rules.sichuan.yaku import BASE, BONUS, Yaku

__all__ = [
    "ScoringRules",
    "MAJSOUL",
    "CHENGDU_FANS",
    "SELF_DRAW",
    "KNOWN_KEYS",
    "TABLE_POINTS",
    "chengdu",
]

#: Mahjong Soul's points by han (the seed's table; its formula line says twice as much).
TABLE_POINTS: Mapping[int, int] = MappingProxyType(
    {1: 1000, 2: 2000, 3: 4000, 4: 8000, 5: 16000, 6: 32000}
)

#: The self-draw fan of 自摸加番 (a bonus only rules with ``tsumo_fans`` award).
SELF_DRAW = Yaku("self_draw", "自摸", "Self-Draw", "自摸", 1, "bonus")

#: Every yaku key a value may be given for.
KNOWN_KEYS: frozenset[str] = frozenset([*BASE, *BONUS, SELF_DRAW.key])

#: The Chengdu fans of each yaku (points = base x 2^fans); docs/sichuan.md cites the sources.
CHENGDU_FANS: Mapping[str, int] = MappingProxyType(
    {
        "yakuless": 0,  # 平胡
        "all_triplets": 1,  # 对对胡
        "full_flush": 2,  # 清一色
        "seven_pairs": 2,  # 七对
        "terminals_in_all_sets": 2,  # 带幺九
        "single_wait": 2,  # 金钩钓
        "pure_triplets": 3,  # 清对
        "258_triplets": 3,  # 将对
        "dragon_seven_pairs": 4,  # 龙七对 (its own four is no root)
        "pure_seven_pairs": 4,  # 清七对
        "all_terminals": 4,  # 清幺九
        "pure_single_wait": 4,  # 清金钩钓
        "pure_dragon_seven_pairs": 5,  # 清龙七对
        "heaven": 5,  # 天胡
        "earth": 5,  # 地胡
        "four_quads": 6,  # 十八罗汉
        "pure_four_quads": 8,  # 清十八罗汉
        "root": 1,  # 根, per root
        "after_kan": 1,  # 杠上花
        "kan_deal_in": 1,  # 杠上炮
        "robbing_kan": 1,  # 抢杠胡
        "under_the_sea": 1,  # 海底捞月 / 海底炮
        "self_draw": 1,  # 自摸加番
    }
)


@dataclass(frozen=True)
class ScoringRules:
    """How yaku become han and han become points.

    ``values``: the han (fans) of each base yaku and bonus (a root's value counts per root);
    keys not given keep the yaku's own han. ``off``: yaku not played (the hand scores as the
    next base it reads as). ``cap``: the most han a win scores (``None``: no cap).
    ``doubling``: points are ``base_points x 2^han`` rather than the seed's table.
    ``tsumo_fans``: han a self-draw adds (自摸加番). ``no_roots``: bases that count no roots;
    ``roots_in_base``: bases whose own four of a kind is not counted again as a root;
    ``blessing_alone``: heaven and earth take no self-draw fan.
    """

    name: str
    values: Mapping[str, int] = field(default_factory=dict)
    off: frozenset[str] = frozenset()
    cap: int | None = 6
    doubling: bool = False
    base_points: int = 1000
    tsumo_fans: int = 0
    no_roots: frozenset[str] = frozenset({"four_quads", "pure_four_quads"})
    roots_in_base: Mapping[str, int] = field(
        default_factory=lambda: {"dragon_seven_pairs": 1, "pure_dragon_seven_pairs": 1}
    )
    blessing_alone: bool = False

    def __post_init__(self) -> None:
        unknown = sorted(set(self.values) - KNOWN_KEYS) + sorted(self.off - KNOWN_KEYS)
        if unknown:
            raise ValueError(f"unknown yaku {', '.join(unknown)}: choose among {_known()}")
        if "yakuless" in self.off:
            raise ValueError("yakuless is the base every win has: it cannot be switched off")
        if any(not 0 <= v <= 13 for v in self.values.values()):
            raise ValueError("a yaku is worth 0 to 13 han (fans)")
        if not self.doubling and (self.cap is None or not 1 <= self.cap <= 6):
            raise ValueError("the seed's points table stops at 6 han: cap between 1 and 6")

    def value(self, yaku: Yaku) -> int:
        return self.values.get(yaku.key, yaku.han)

    def priced(self, yaku: Yaku) -> Yaku:
        """``yaku`` with this rule's han (the same object when unchanged)."""
        han = self.value(yaku)
        return yaku if han == yaku.han else replace(yaku, han=han)

    def capped(self, han: int) -> int:
        return han if self.cap is None else min(han, self.cap)

    def points(self, han: int) -> int:
        """The points of ``han`` capped han: the ron value, before any self-draw extra."""
        if self.doubling:
            return self.base_points * 2**han
        return TABLE_POINTS[han]


def _known() -> str:
    return ", ".join(sorted(KNOWN_KEYS))


#: Mahjong Soul's Bloodshed Skirmish: every existing call's rules.
MAJSOUL = ScoringRules(name="majsoul")


def chengdu(
    *,
    cap: int | None = 4,
    base_points: int = 1000,
    tsumo_fans: int = 1,
    values: Mapping[str, int] | None = None,
    off: Iterable[str] = (),
) -> ScoringRules:
    """The Chengdu fan ladder with a cap, a base, the self-draw fan, and values changed."""
    return ScoringRules(
        name="chengdu",
        values={**CHENGDU_FANS, **(values or {})},
        off=frozenset(off),
        cap=cap,
        doubling=True,
        base_points=base_points,
        tsumo_fans=tsumo_fans,
        # 天胡 / 地胡 stand alone (no roots, no self-draw fan); 十八罗汉's fours are the hand.
        no_roots=frozenset({"four_quads", "pure_four_quads", "heaven", "earth"}),
        blessing_alone=True,
    )
