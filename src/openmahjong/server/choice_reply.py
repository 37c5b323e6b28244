"""A reply to a parametric choice (``table/choices.py``), read and checked before it is applied.

A listed prompt compares a reply with the actions it offered and never reads it. A choice
prompt lists nothing: the reply is read as an action and the seat's ``ChoiceRule`` says whether
it is accepted. So the reply is held to the one form the action's record takes (its type, its
fields, JSON scalars or a short list of them): what is stored and replayed is exactly what the
rule checked, and nothing odd (a nested object, a string for a tile) reaches the rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic_core import to_jsonable_python

from openmahjong.table.actions import Action, action_from_dict, action_to_dict
from openmahjong.table.choices import ChoiceRule

__all__ = ["MAX_LIST", "checker", "read_choice"]

#: The longest list a choice's action holds (an exchange holds three tiles).
MAX_LIST = 14

_SCALARS = (int, str, bool, type(None))


def _plain(value: Any) -> bool:
    if isinstance(value, list):
        return len(value) <= MAX_LIST and all(isinstance(v, _SCALARS) for v in value)
    return isinstance(value, _SCALARS)


def read_choice(rule: ChoiceRule, data: dict[str, Any]) -> tuple[Action | None, str | None]:
    """``(action, None)`` when ``rule`` accepts the reply ``data``, else ``(None, why not)``."""
    if data.get("type") not in rule.names:
        wanted = " or ".join(repr(n) for n in rule.names)
        return None, f"this choice takes a {wanted} action, not {data.get('type')!r}"
    if not all(_plain(v) for v in data.values()):
        return None, "an action's fields are numbers, text or a short list of them"
    try:
        action = action_from_dict(data)
    except (KeyError, TypeError, ValueError) as exc:
        return None, f"not a {rule.name!r} action ({exc})"
    if to_jsonable_python(action_to_dict(action)) != data:
        return None, f"not in the form of a {rule.name!r} action (its fields, nothing else)"
    try:
        reason = rule.why_not(action)
    except (TypeError, ValueError) as exc:  # a field of the wrong kind
        return None, str(exc) or type(exc).__name__
    return (action, None) if reason is None else (None, reason)


def checker(rule: ChoiceRule) -> Callable[[dict[str, Any]], str | None]:
    """The prompt's ``check`` for ``rule``: why a reply is refused, or ``None``."""

    def check(data: dict[str, Any]) -> str | None:
        return read_choice(rule, data)[1]

    return check
