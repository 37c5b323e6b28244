"""Declarative rulesets: the common case of the platform guide (§9.4), a standard flow with
the shared ready checks plus the author's winning-hand checker and scoring.

A rule author writes the tiles, the patterns (each with its names, its value and a predicate on
a :class:`WinContext`), a minimum and how a win is paid, and gets a whole
:class:`~openmahjong.rules.contract.Ruleset` back: the match with dealer rotation, the round on
the shared turn kernel (draws, discards, chow / pung / kong claims, self-draw and discard wins
scored by the patterns, the exhaustive draw), a bot, records and replay, seed verification and
what the web client shows::

    from openmahjong.rules.declarative import Declaration, Pattern, Payment, declare_ruleset

    def all_pungs(hand):
        return hand.form == "regular" and not hand.chows

    RULESET = declare_ruleset(Declaration(
        name="pungs",
        names={"en": "Pungs", "zh": "碰碰", "ja": "ポンポン"},
        patterns=[Pattern("all_pungs", {"en": "All Pungs", "zh": "对对和"}, 30, all_pungs)],
        fallback=Pattern("chicken", {"en": "Chicken Hand", "zh": "鸡和"}, 1, lambda h: True),
        payment=Payment(self_draw=1, discarder=3),
    ))

Then declare it under the ``openmahjong.rulesets`` entry-point group of your package. The
tutorial is ``docs/rulesets.md``; ``examples/openmahjong-zungjung`` is a whole one.
"""

from openmahjong.rules.declarative.bot import DeclaredBot
from openmahjong.rules.declarative.declaration import (
    BelowMinimum,
    Counted,
    Declaration,
    Limit,
    Names,
    NotAWin,
    Pattern,
    Payment,
    Rotation,
    ScoredWin,
    Share,
    TileSet,
    score_win,
)
from openmahjong.rules.declarative.hand import FORMS, Form, Group, WinContext, win_contexts
from openmahjong.rules.declarative.match import DeclaredMatch, DeclaredOptions, hand_label
from openmahjong.rules.declarative.round import (
    DeclaredHandResult,
    DeclaredPolicy,
    DeclaredWin,
    DeclaredWon,
    FlowerLaidOut,
    new_hand,
)
from openmahjong.rules.declarative.ruleset import (
    DeclaredRuleset,
    declare_ruleset,
    declared_presets,
    declared_wall,
)

__all__ = [
    "BelowMinimum",
    "Counted",
    "Declaration",
    "DeclaredBot",
    "DeclaredHandResult",
    "DeclaredMatch",
    "DeclaredOptions",
    "DeclaredPolicy",
    "DeclaredRuleset",
    "DeclaredWin",
    "DeclaredWon",
    "FORMS",
    "FlowerLaidOut",
    "Form",
    "Group",
    "Limit",
    "Names",
    "NotAWin",
    "Pattern",
    "Payment",
    "Rotation",
    "ScoredWin",
    "Share",
    "TileSet",
    "WinContext",
    "declare_ruleset",
    "declared_presets",
    "declared_wall",
    "hand_label",
    "new_hand",
    "score_win",
    "win_contexts",
]
