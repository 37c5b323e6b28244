"""Parametric special actions: a choice checked by a rule instead of listed.

Most decisions are a short list of actions, and "is it legal" is membership. Some are not: an
exchange of three tiles of one suit is one of up to 364 choices per seat, and a list of them
would be most of every prompt. A :class:`ChoiceRule` stands in for the list in a special phase
(``Table.start_special(asking, rules={seat: rule})``): the kernel asks it whether an action is
accepted, what a seat that timed out plays, and what to tell the client (``describe``, sent in
the seat's view as ``choice`` so the client can build its own picker).
"""

from __future__ import annotations

from typing import Any

from openmahjong.table.actions import Action

__all__ = ["ChoiceRule"]


class ChoiceRule:
    """One seat's open choice in a special phase. Subclasses set :attr:`name` (the action's
    name, ``Action.name`` of what it accepts) and implement the three methods."""

    name: str = "choice"

    @property
    def names(self) -> tuple[str, ...]:
        """Every action name the rule may accept: :attr:`name` alone, unless a rule takes
        several kinds of action (free play's moves)."""
        return (self.name,)

    def why_not(self, action: Action) -> str | None:
        """``None`` when ``action`` is accepted, else why not, in the player's words."""
        raise NotImplementedError

    def default(self) -> Action:
        """What the table plays for a seat that timed out (an accepted action)."""
        raise NotImplementedError

    def describe(self) -> dict[str, Any]:
        """The rule as JSON for the seat's client: ``{"type": name, ...}`` with whatever the
        client needs to offer the choice (the tiles it may pick, how many, ...)."""
        raise NotImplementedError

    def accepts(self, action: Action) -> bool:
        return self.why_not(action) is None
