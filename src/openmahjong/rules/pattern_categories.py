"""The eight categories of scoring patterns (platform guide §7.5), shared by the rulesets' quiz
data (``rules.mcr.quiz_patterns``, ``rules.riichi.quiz_patterns``) and the fan quiz."""

from __future__ import annotations

SEQ, SET, PAIR, WHOLE = "sequence", "set", "pair", "whole_hand"
KNIT, SPECIAL, COND, CHANCE = "knitted", "special", "condition", "chance"
#: The eight categories of the seed's §7.5, in its order.
CATEGORIES = (SEQ, SET, PAIR, WHOLE, KNIT, SPECIAL, COND, CHANCE)
#: The group count of a property of the whole hand (§7.5 "whole hand").
WH = "whole_hand"

Row = tuple  # (categories, groups) | (categories, groups, values)
