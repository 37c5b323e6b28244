"""A small declared ruleset that lives only in the tests: "sample".

All the tiles but the flowers; a handful of patterns that exercise each rule of the scorer
(a count, a series, an exclusion, the fallback, the limit); the dealer keeps the deal when it
wins; a self-draw costs each other seat the points, a discard costs the discarder three times
them. ``FLOWERED`` is the same with the flowers in the wall and a minimum of 2 points.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

from openmahjong.rules import registry
from openmahjong.rules.contract import Ruleset
from openmahjong.rules.declarative import (
    Declaration,
    Pattern,
    Payment,
    TileSet,
    WinContext,
    declare_ruleset,
)

__all__ = ["SAMPLE", "DECLARATION", "FLOWERED", "registered"]


def _one_suit(h: WinContext) -> bool:
    return len(h.suits) == 1


PATTERNS = [
    Pattern(
        "all_pungs",
        {"en": "All Pungs", "zh": "对对和", "ja": "対々和"},
        30,
        lambda h: h.form == "regular" and not h.chows,
    ),
    Pattern(
        "concealed",
        {"en": "Concealed Hand", "zh": "门前清", "ja": "門前清"},
        5,
        lambda h: h.is_concealed,
    ),
    # A count: 10 points for each dragon pung.
    Pattern(
        "dragon_pung",
        {"en": "Dragon Pung", "zh": "箭刻", "ja": "役牌"},
        10,
        lambda h: sum(1 for g in h.pungs if g.is_dragon),
    ),
    # One series: a pure hand is also mixed; only the higher counts.
    Pattern(
        "pure_one_suit",
        {"en": "Pure One-Suit", "zh": "清一色", "ja": "清一色"},
        80,
        lambda h: _one_suit(h) and not h.has_honors,
        series="suit",
    ),
    Pattern(
        "mixed_one_suit",
        {"en": "Mixed One-Suit", "zh": "混一色", "ja": "混一色"},
        40,
        _one_suit,
        series="suit",
    ),
    # An exclusion: seven pairs is not also counted a concealed hand.
    Pattern(
        "seven_pairs",
        {"en": "Seven Pairs", "zh": "七对", "ja": "七対子"},
        25,
        lambda h: h.form == "seven_pairs",
        excludes=("concealed",),
    ),
    Pattern(
        "three_concealed_pungs",
        {"en": "Three Concealed Pungs", "zh": "三暗刻"},
        30,
        lambda h: len(h.concealed_pungs) >= 3,
    ),
    Pattern("after_kong", {"en": "Win on Kong", "zh": "杠上开花"}, 10, lambda h: h.after_kong),
    Pattern("robbing_kong", {"en": "Robbing a Kong", "zh": "抢杠"}, 10, lambda h: h.robbing_kong),
    Pattern("last_tile", {"en": "Last Tile", "zh": "海底"}, 10, lambda h: h.last_tile),
    Pattern("heavenly", {"en": "Heavenly Hand", "zh": "天和"}, 100, lambda h: h.heavenly),
    Pattern(
        "flowers",
        {"en": "Flower", "zh": "花牌"},
        1,
        lambda h: len(h.flowers),
    ),
]

DECLARATION = Declaration(
    name="sample",
    names={"en": "Sample", "zh": "样例", "ja": "サンプル"},
    tiles=TileSet(),
    patterns=PATTERNS,
    forms=("regular", "seven_pairs", "thirteen_orphans"),
    fallback=Pattern(
        "chicken", {"en": "Chicken Hand", "zh": "鸡和", "ja": "チキン"}, 1, lambda h: True
    ),
    limit=100,
    payment=Payment(self_draw=1, discarder=3, others=0),
    hands=8,
    starting_points=500,
    rotation="dealer_wins",
    source="the tests",
)

SAMPLE = declare_ruleset(DECLARATION)

FLOWERED = declare_ruleset(
    replace(
        DECLARATION,
        name="sample-flowers",
        names={"en": "Sample with flowers", "zh": "样例（花）"},
        tiles=TileSet(flowers=True),
        minimum=2,
        rotation="always",
    )
)


@contextmanager
def registered(*rulesets: Ruleset) -> Iterator[Ruleset]:
    """The rulesets (the sample by default) registered for the block, the first yielded; a
    test module's fixture wraps this."""
    chosen = rulesets or (SAMPLE,)
    for ruleset in chosen:
        registry.register(ruleset)
    try:
        yield chosen[0]
    finally:
        for ruleset in chosen:
            registry.unregister(ruleset.name)
