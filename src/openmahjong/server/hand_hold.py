"""The pause between two hands, as pure functions of the room's clock readings.

When a hand ends the room deals nothing to anyone until every seated human has sent
``continue`` (they have read the result) or ``hand_end_seconds`` have passed. Bots and bot
accounts never hold the table; a player who is away holds it until the time runs out, not
longer. Nothing here reads a clock: the room passes its readings in (like ``clocks.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["HandHold", "hold_after_hand"]


@dataclass
class HandHold:
    """The table waits after hand ``hand`` (0-based, the hand that just ended)."""

    hand: int
    #: The room's clock reading when the next hand starts anyway.
    deadline: float
    #: Players still to press Continue: user id -> their table seat in the hand that ended.
    waiting: dict[int, int] = field(default_factory=dict)
    #: The ended hand's label data (``Match.label_data``), repeated in each ``hand_end``.
    label: dict[str, Any] = field(default_factory=dict)

    def continued(self, user_id: int) -> bool:
        """``user_id`` pressed Continue; ``False`` if they were not (or no longer) waited for."""
        return self.waiting.pop(user_id, None) is not None

    def over(self, now: float) -> bool:
        """Whether the next hand may start at ``now``."""
        return not self.waiting or now >= self.deadline

    def seconds_left(self, now: float) -> float:
        return max(0.0, round(self.deadline - now, 3))

    def waiting_seats(self) -> list[int]:
        return sorted(self.waiting.values())


def hold_after_hand(
    hand: int,
    now: float,
    seconds: float,
    humans: dict[int, int],
    label: dict[str, Any] | None = None,
) -> HandHold:
    """The hold after hand ``hand`` ended at ``now``: ``humans`` (user id -> seat of each
    player who reads the result themselves) are waited for, ``seconds`` at most."""
    waiting = dict(humans) if seconds > 0 else {}
    return HandHold(hand, now + seconds, waiting, dict(label or {}))
