"""A room's seats: who sits (a player, one of our bots, a bot account), and the error a room
command is refused with. The ruleset makes the bot that plays a seat (``Ruleset.bot``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["RoomError", "SeatSlot", "stored_slot"]


class RoomError(Exception):
    """A room command refused: ``code`` for programs, ``message`` for people, ``params`` the
    values the message names (a client words the refusal in its language from them)."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params


@dataclass
class SeatSlot:
    """A lobby seat (in entry order) or, during a game, a seat of the match."""

    name: str
    user_id: int | None = None
    bot: bool = False
    ready: bool = False
    #: A bot account's seat (``user_id`` is the account): it plays over ``/ws/mjai``, and our
    #: bot stands in while it has no connection. Stored as ``is_bot`` with a user id.
    remote: bool = False


def stored_slot(name: str, user_id: int | None, is_bot: bool, ready: bool) -> SeatSlot:
    """A stored seat (lobby or game) as a slot: ``is_bot`` with a user id is a bot account."""
    remote = is_bot and user_id is not None
    return SeatSlot(
        name=name, user_id=user_id, bot=is_bot and not remote, ready=ready, remote=remote
    )
