"""Zung Jung (中庸麻雀) as an openmahjong ruleset, declared with the declarative kit.

The whole ruleset is the :data:`DECLARATION` below and the patterns in :mod:`.patterns`; the
kit (``openmahjong.rules.declarative``) makes the match, the table, the bot, the records and
what the web client shows. Registered through the entry point in ``pyproject.toml``::

    [project.entry-points."openmahjong.rulesets"]
    zungjung = "openmahjong_zungjung:RULESET"
"""

from __future__ import annotations

from openmahjong.rules.declarative import (
    Counted,
    Declaration,
    Payment,
    TileSet,
    declare_ruleset,
)

from openmahjong_zungjung.patterns import CHICKEN_HAND, PATTERNS

__all__ = ["DECLARATION", "RULESET", "LIMIT", "PAR", "compound_limit", "PATTERNS"]

#: The compound limit: a hand's patterns add up to 320 points at most...
LIMIT = 320
#: ... and on a discard the two other players pay at most this much (the "par score"); the
#: discarder pays the rest, so the winner collects three times the value however it wins.
PAR = 25


def compound_limit(raw: int, counted: tuple[Counted, ...]) -> int:
    """At most 320 points, unless one pattern alone is worth more (Nine Gates, Four Kongs,
    Four Identical Sequences 480; Big Four Winds, Pure Greater Terminals 400)."""
    return min(raw, max([LIMIT, *(c.pattern.value for c in counted)]))


def _discarder(value: int) -> int:
    return 3 * value - 2 * min(value, PAR)


def _others(value: int) -> int:
    return min(value, PAR)


DECLARATION = Declaration(
    name="zungjung",
    names={"en": "Zung Jung", "zh": "中庸麻雀", "ja": "中庸麻雀"},
    tiles=TileSet(suits="mps", winds=True, dragons=True, flowers=False),
    patterns=PATTERNS,
    forms=("regular", "seven_pairs", "thirteen_orphans"),
    four_in_seven_pairs=True,
    fallback=CHICKEN_HAND,
    minimum=0,
    limit=compound_limit,
    payment=Payment(self_draw=1, discarder=_discarder, others=_others),
    hands=16,
    starting_points=1000,
    rotation="always",
    presets={"zungjung-east": {"hands": 4}, "zungjung-full": {"hands": 16}},
    standard_preset="zungjung-full",
    unit={"en": "{n} points", "zh": "{n}分", "ja": "{n}点"},
    source="https://zj-mahjong.info/zj33_rules_eng.html",
)

RULESET = declare_ruleset(DECLARATION)
