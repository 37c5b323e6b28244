"""Bounded shapes for the API's free-form JSON fields, so no field is unlimited.

A room's ``rules`` changes and a reply's ``action`` are open dictionaries (their keys belong to
the ruleset), yet their size need not be: a few dozen keys with short names and plain values
hold every real option and action. docs/security.md lists the limits.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, StringConstraints

__all__ = ["KEY_CHARS", "MAX_RULE_KEYS", "RULE_TEXT_CHARS", "MAX_ACTION_KEYS", "RuleChanges",
           "ActionDict"]  # fmt: skip

#: Option and action keys are identifiers such as ``first_place_requirement``.
KEY_CHARS = 64
#: A ruleset has a dozen options; twice that many changes cannot all be real.
MAX_RULE_KEYS = 32
#: A text option is a name or a mode (``EARLY_KAN_DORA``, a preset name).
RULE_TEXT_CHARS = 64
#: An action holds its type, a tile or two and a flag or two.
MAX_ACTION_KEYS = 16
#: Integers exactly representable in every JSON reader (2^53).
SAFE_INT = 2**53

Key = Annotated[str, StringConstraints(max_length=KEY_CHARS)]
RuleValue = (
    bool
    | Annotated[int, Field(ge=-SAFE_INT, le=SAFE_INT)]
    | Annotated[float, Field(ge=-SAFE_INT, le=SAFE_INT, allow_inf_nan=False)]
    | Annotated[str, StringConstraints(max_length=RULE_TEXT_CHARS)]
    | None
)
#: ``rules`` of a new room: option name -> a plain JSON value.
RuleChanges = Annotated[dict[Key, RuleValue], Field(max_length=MAX_RULE_KEYS)]
#: ``action`` of a reply: compared with the offered actions, never interpreted on its own.
ActionDict = Annotated[dict[Key, Any], Field(max_length=MAX_ACTION_KEYS)]
