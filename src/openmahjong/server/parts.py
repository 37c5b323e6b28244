"""What the parts of a room, and of the room directory, may read of one another.

A :class:`~openmahjong.server.room.Room` is assembled from parts with one job each (lobby, game
setup, broadcast, recovery, the game task), and the
:class:`~openmahjong.server.directory.RoomManager` from its own (matchmaking, restore at
startup). Each part inherits the declarations here, so the type checker knows what the others
provide; the values are set by ``Room.__init__`` / ``RoomManager.__init__`` and the methods are
defined by the part that owns them (nothing here runs).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from openmahjong.rules.contract import Ruleset
    from openmahjong.server.channel import Channel
    from openmahjong.server.clock import Clock
    from openmahjong.server.game_state import _Game
    from openmahjong.server.play import Hub
    from openmahjong.server.protocol import HandEnd, RoomState, View
    from openmahjong.server.room import Room
    from openmahjong.server.rooms import TableSettings
    from openmahjong.server.seats import SeatSlot
    from openmahjong.server.state import ServerState
    from openmahjong.store.action_log import ActionLog
    from openmahjong.store.models import Room as RoomRow
    from openmahjong.store.models import User

__all__ = ["RoomParts", "ManagerParts"]


class RoomParts:
    """The room's fields and the methods its parts call across part boundaries."""

    manager: ManagerParts
    clock: Clock
    id: int
    row_name: str
    ruleset_name: str
    preset: str | None
    owner_id: int | None
    password_hash: str | None
    settings: TableSettings
    supplied_seed: str | None
    #: The duplicate set whose walls this room's tables play (``DuplicateSet.key``), if any.
    duplicate_key: str | None
    #: A table of a casual (unranked) matchmaking line: its game never counts.
    casual: bool
    #: The room tier of the ranked matchmaking line the table came from (None otherwise).
    tier: str | None
    #: An event's room: the event's id, and per lobby seat the account it is kept for.
    event_id: int | None
    assigned: list[int | None] | None
    row: RoomRow
    ruleset: Ruleset
    size: int
    lobby: list[SeatSlot | None]
    spectators: dict[Any, Channel]
    channels: dict[int, Channel]
    game: _Game | None
    task: asyncio.Task[None] | None
    wake: asyncio.Event
    closed: bool

    if TYPE_CHECKING:
        # lobby.py
        def seat_of(self, user_id: int) -> int | None: ...
        def members(self) -> set[int]: ...
        def state(self) -> RoomState: ...

        # broadcast.py
        def announce(self, *, spectators: bool = True) -> None: ...
        def watch(self, connection: Any) -> Channel: ...
        def unwatch(self, connection: Any, *, announce: bool = True) -> bool: ...
        def channel(self, user_id: int) -> Channel: ...
        def send_state_to(self, user_id: int, connection: Any = None) -> None: ...
        def _send_game_start(self, user_id: int, player: int) -> None: ...
        def _send_spectator_start(self, ch: Channel) -> None: ...
        def _view_message(self, seat: int | None) -> View: ...
        def _log_hand_start(self, game: _Game, now: float) -> list[str]: ...

        # game_setup.py
        def _new_match(
            self,
            master_seed: int,
            salt: str,
            entries: list[SeatSlot],
            options: Any = None,
        ) -> Any: ...
        async def _begin(self, entries: list[SeatSlot], from_queue: Sequence[int] = ()) -> None: ...
        def _game(
            self,
            game_id: int,
            match: Any,
            seats: list[SeatSlot],
            commitment: str,
            salt: str,
            master_seed: int,
            started_at: datetime,
        ) -> _Game: ...
        def _launch(self) -> None: ...

        # room.py (the game task)
        @staticmethod
        def _player_at(game: _Game, seat: int) -> int: ...
        @staticmethod
        def _seat_of(game: _Game, player: int) -> int: ...
        async def _run(self) -> None: ...
        def _withdraw(self, game: _Game, seat: int) -> None: ...
        def _hand_end_message(self, game: _Game, now: float) -> HandEnd: ...


class ManagerParts:
    """The room directory's fields that matchmaking and the startup restore read."""

    state: ServerState
    hub: Hub
    clock: Clock
    writer: ActionLog
    rooms: dict[int, Room]
    by_user: dict[int, set[int]]
    #: Matchmaking lines by (ruleset, preset, casual, tier).
    queues: dict[tuple[str, str, bool, str | None], list[tuple[User, float]]]
    _fillers: dict[tuple[str, str, bool, str | None], asyncio.Task[None]]
    waiting_lock: asyncio.Lock
    watching: dict[Any, set[int]]

    if TYPE_CHECKING:

        def seated(self, user_id: int, room: RoomParts) -> None: ...
        def unseated(self, user_id: int, room: RoomParts) -> None: ...
        def bot_connected(self, user_id: int) -> bool: ...
        def locate_bot(self, user_id: int) -> None: ...
        def queued(self, user_id: int) -> tuple[str, str, bool, str | None] | None: ...
        async def restore_queues(self) -> int: ...
        async def refuse_banned(self, user: User) -> None: ...
        async def seats_elsewhere(self, user_id: int, room_id: int | None) -> set[int]: ...
        async def queued_anywhere(self, user_id: int) -> bool: ...
        async def take_room(self, room_id: int) -> bool: ...
        async def get(self, room_id: int) -> Room: ...
