"""Sichuan's yaku: the names, and one small test per base yaku on one reading of a hand.

A reading (:class:`Reading`) is one way to see a complete hand: four sets and a pair (melds
included), or seven pairs. The scorer (``scoring.py``) asks every base yaku about every reading
and keeps the best; the bonus yaku depend on the situation and the roots, not on the reading.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from openmahjong.hand.decompose import TRIPLET

__all__ = ["Yaku", "Reading", "BASE", "BONUS", "BASE_TESTS", "yaku"]


@dataclass(frozen=True)
class Yaku:
    """One yaku of a win. A root entry stands for every root: its ``han`` is their number."""

    key: str
    name_zh: str
    name_en: str
    name_ja: str
    han: int
    kind: str  # "base" or "bonus"


def _base(key: str, han: int, zh: str, en: str, ja: str) -> Yaku:
    return Yaku(key, zh, en, ja, han, "base")


def _bonus(key: str, zh: str, en: str, ja: str) -> Yaku:
    return Yaku(key, zh, en, ja, 1, "bonus")


# Names: Chinese as Chinese apps write them, English and Japanese as Mahjong Soul's room does
# (the seed, ../shared/seeds/mahjong-soul-special-rooms.txt).
BASE: dict[str, Yaku] = {
    y.key: y
    for y in (
        _base("yakuless", 1, "无番和", "Yakuless Win", "無番和"),
        _base("all_triplets", 2, "对对和", "All Triplets", "対々和"),
        _base("full_flush", 3, "清一色", "Full Flush", "清一色"),
        _base("seven_pairs", 3, "七对", "Seven Pairs", "七対子"),
        _base("terminals_in_all_sets", 3, "带幺九", "Terminals in All Sets", "帯么九"),
        _base("single_wait", 3, "金钩钓", "Single Wait after 4 Triplets", "金勾釣"),
        _base("pure_triplets", 4, "清对", "Pure Triplets", "清対"),
        _base("258_triplets", 4, "将对", "2/5/8 Triplets", "将対"),
        _base("dragon_seven_pairs", 4, "龙七对", "Seven Pairs with One Duplicate", "龍七対"),
        _base("pure_seven_pairs", 5, "清七对", "Pure Seven Pairs", "清七対"),
        _base("all_terminals", 5, "清幺九", "All Terminals", "清么九"),
        _base("pure_single_wait", 5, "清金钩钓", "Pure Single Wait after 4 Triplets", "清金勾釣"),
        _base("heaven", 6, "天和", "Blessing of Heaven", "天和"),
        _base("earth", 6, "地和", "Blessing of Earth", "地和"),
        _base(
            "pure_dragon_seven_pairs",
            6,
            "清龙七对",
            "Pure Seven Pairs with One Duplicate",
            "清龍七対",
        ),
        _base("four_quads", 6, "十八罗汉", "Four Quads", "十八羅漢"),
        _base("pure_four_quads", 6, "清十八罗汉", "Pure Four Quads", "清十八羅漢"),
    )
}

BONUS: dict[str, Yaku] = {
    y.key: y
    for y in (
        _bonus("root", "根", "Root", "根"),
        _bonus("after_kan", "杠上开花", "After a Kan", "嶺上開花"),
        _bonus("kan_deal_in", "杠上炮", "Dealing into Win after Kan", "嶺上放銃"),
        _bonus("robbing_kan", "抢杠胡", "Robbing a Kan", "槍槓"),
        _bonus("under_the_sea", "海底捞月", "Under the Sea", "海底摸月"),
    )
}


def yaku(key: str) -> Yaku:
    """The yaku named ``key`` (base or bonus)."""
    return BASE[key] if key in BASE else BONUS[key]


@dataclass(frozen=True)
class Reading:
    """One way to read a complete hand.

    ``sets`` are ``(TRIPLET|SEQUENCE, dense index)`` blocks, melds included (a kan is a
    triplet here); ``pairs`` holds the one pair, or the seven pairs (a kind held four times
    appears twice). ``kinds`` is every tile kind of the hand, with its number 1-9.
    """

    sets: tuple[tuple[int, int], ...]
    pairs: tuple[int, ...]
    melds: int
    kans: int
    flush: bool
    numbers: frozenset[int]

    @property
    def seven_pairs(self) -> bool:
        return len(self.pairs) == 7

    @property
    def duplicate(self) -> bool:
        """Seven pairs with two identical pairs (the four of a kind of 龙七对)."""
        return self.seven_pairs and len(set(self.pairs)) < 7


def _number(index: int) -> int:
    return index % 9 + 1


def _all_triplets(r: Reading) -> bool:
    return not r.seven_pairs and all(kind == TRIPLET for kind, _ in r.sets)


def _has_terminal(block: tuple[int, int]) -> bool:
    kind, index = block
    low = _number(index)
    if kind == TRIPLET:
        return low in (1, 9)
    return low in (1, 7)  # a run 123 or 789


def _terminals_in_all_sets(r: Reading) -> bool:
    return (
        not r.seven_pairs
        and all(_has_terminal(block) for block in r.sets)
        and _number(r.pairs[0]) in (1, 9)
    )


def _single_wait(r: Reading) -> bool:
    # Four declared sets: the win pairs the one tile left in the hand.
    return r.melds == 4


def _four_quads(r: Reading) -> bool:
    return r.kans == 4


def _plain_seven_pairs(r: Reading) -> bool:
    return r.seven_pairs and not r.duplicate


def _258_triplets(r: Reading) -> bool:
    return _all_triplets(r) and r.numbers <= {2, 5, 8}


#: Each base yaku's test on one reading (heaven and earth are the game's flags, not shapes).
BASE_TESTS: dict[str, Callable[[Reading], bool]] = {
    "yakuless": lambda r: True,
    "all_triplets": _all_triplets,
    "full_flush": lambda r: r.flush,
    "seven_pairs": _plain_seven_pairs,
    "terminals_in_all_sets": _terminals_in_all_sets,
    "single_wait": _single_wait,
    "pure_triplets": lambda r: r.flush and _all_triplets(r),
    "258_triplets": _258_triplets,
    "dragon_seven_pairs": lambda r: r.duplicate,
    "pure_seven_pairs": lambda r: r.flush and _plain_seven_pairs(r),
    "all_terminals": lambda r: r.flush and _terminals_in_all_sets(r),
    "pure_single_wait": lambda r: r.flush and _single_wait(r),
    "pure_dragon_seven_pairs": lambda r: r.flush and r.duplicate,
    "four_quads": _four_quads,
    "pure_four_quads": lambda r: r.flush and _four_quads(r),
}
