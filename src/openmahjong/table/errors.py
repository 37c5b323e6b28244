"""The one error a player's action can raise."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the current state does not allow. Raising it leaves the state unchanged."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
