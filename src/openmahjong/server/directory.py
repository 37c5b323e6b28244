"""The room directory: every room this server holds in memory, which rooms each player sits
in and each connection watches, the room commands routed to their room, and the server's
start (resume, restore) and close.
"""

from __future__ import annotations

import asyncio
import sys
from typing import Any

from openmahjong.server.clock import SYSTEM_CLOCK, Clock
from openmahjong.server.cluster_rooms import ClusterRooms
from openmahjong.server.ids import row_id_in_range
from openmahjong.server.matchmaking import Matchmaking
from openmahjong.server.parts import RoomParts
from openmahjong.server.play import encode
from openmahjong.server.recovery import RestoreAtStartup
from openmahjong.server.room import Room
from openmahjong.server.runtime import THREAD_SWITCH_SECONDS, settle_gc
from openmahjong.server.seats import RoomError
from openmahjong.store.action_log import ActionLog
from openmahjong.store.models import Room as RoomRow
from openmahjong.store.models import RoomStatus, User

__all__ = ["RoomManager"]


class RoomManager(Matchmaking, RestoreAtStartup, ClusterRooms):
    """Every room this server holds in memory, and which rooms each player sits in."""

    def __init__(self, state: Any, hub: Any, clock: Clock = SYSTEM_CLOCK) -> None:
        self.state = state
        self.hub = hub
        #: What every room of this manager times with (``server/clock.py``); a test's own
        #: clock goes here before any room is made.
        self.clock = clock
        self.writer = ActionLog(state.db)
        self.rooms: dict[int, Room] = {}
        self.by_user: dict[int, set[int]] = {}
        hub.seated = lambda user_id: user_id in self.by_user  # their prompts must go on
        self._lock = asyncio.Lock()
        #: Matchmaking: players waiting per (ruleset, preset), first come first seated, each
        #: with the ``clock.monotonic()`` they queued at (after a restart, counted back from the
        #: stored wall-clock time).
        self.queues: dict[tuple[str, str, bool, str | None], list[tuple[User, float]]] = {}
        self._fillers: dict[tuple[str, str, bool, str | None], asyncio.Task[None]] = {}
        #: Held from the checks of a lobby or queue change to its change in memory: the change
        #: is stored in between (an await), and nothing else may change seats or lines then.
        self.waiting_lock = asyncio.Lock()
        #: The rooms each connection (a ``play.Client``) watches: what its close takes along.
        self.watching: dict[Any, set[int]] = {}
        #: Several processes (``server/cluster.py``); ``None``: this one holds every room.
        self.cluster: Any = None

    def counts(self, room_id: int) -> dict[str, int] | None:
        """Seats taken, seats and spectators of a room held here now; ``None``: not here."""
        room = self.rooms.get(room_id)
        if room is None:
            return None
        state = room.state()
        taken = sum(s is not None for s in state.seats)
        return {"seated": taken, "seats": len(state.seats), "spectators": state.spectators}

    def seated(self, user_id: int, room: RoomParts) -> None:
        self.by_user.setdefault(user_id, set()).add(room.id)

    def unseated(self, user_id: int, room: RoomParts) -> None:
        rooms = self.by_user.get(user_id)
        if rooms is not None:
            rooms.discard(room.id)
            if not rooms:
                del self.by_user[user_id]
                self.hub.release(user_id)

    async def get(self, room_id: int) -> Room:
        room = self.rooms.get(room_id)
        if room is not None:
            return room
        if not row_id_in_range(room_id):  # no row has it, and the database would overflow
            raise RoomError(
                "no_such_room", "no such room: room ids run from 1 to 2**63 - 1", room=room_id
            )
        async with self._lock:
            room = self.rooms.get(room_id)
            if room is not None:
                return room
            async with self.state.db.session() as s:
                row = await s.get(RoomRow, room_id)
            if row is None:
                raise RoomError("no_such_room", f"no room {room_id}", room=room_id)
            if row.status == RoomStatus.CLOSED.value:
                raise RoomError("room_closed", f"room {room_id} is closed", room=room_id)
            if not await self.take_room(room_id):
                raise RoomError(
                    "room_moved",
                    f"room {room_id} is run by another server process: send it again",
                    room=room_id,
                )
            room = self.rooms[room_id] = Room(self, row)
            if self.cluster is not None:  # taken over: its game or lobby as stored
                try:
                    await self.load_held(room, row)
                except Exception:
                    del self.rooms[room_id]
                    await self.cluster.leases.release(room_id)
                    raise
            return room

    async def start(self) -> int:
        """At server startup: resume the live games, restore what waits for a game (lobbies,
        matchmaking lines), then settle the garbage collector and the interpreter's thread
        switching."""
        if self.cluster is not None:
            # Only what nobody else holds: the lines if no process keeps them, the live
            # games and seated lobbies whose lease ran out (or was never taken).
            await self.cluster.start(self, self.hub)
            resumed = await self.cluster.adopt_orphans()
        else:
            resumed = await self.resume_live()
            await self.restore_waiting()
        settle_gc()
        # Every action waits for the action log's thread; while the event loop runs Python, a
        # thread waiting for the interpreter lock gets it after this interval (default 5 ms).
        sys.setswitchinterval(THREAD_SWITCH_SECONDS)
        return resumed

    def connected(self, user_id: int, connection: Any = None) -> None:
        """A player's connection is up: send each room they sit in its state and their view,
        and the line they wait in, to that connection (the player's other sockets have them
        already; without a connection, to every socket)."""
        for room_id in sorted(self.by_user.get(user_id, ())):
            room = self.rooms.get(room_id)
            if room is not None:
                room.send_state_to(user_id, connection)
        key = self.queued(user_id)
        if key is not None:
            if connection is not None:
                connection.post(self._queued(key))
            else:
                self.hub.send(user_id, self._queued(key))

    def bot_account_gone(self, user_id: int) -> None:
        """A bot account's last ``/ws/mjai`` connection closed: the tables it plays at ask
        again at once, and our bot stands in (rather than letting its clock run out)."""
        for room_id in self.by_user.get(user_id, ()):
            room = self.rooms.get(room_id)
            if room is not None and room.game is not None:
                room.wake.set()

    def disconnected(self, connection: Any) -> None:
        """A connection closed: it stops watching every room it watched."""
        for room_id in sorted(self.watching.pop(connection, ())):
            room = self.rooms.get(room_id)
            if room is not None:
                room.unwatch(connection)

    async def command(self, user: User, message: Any, connection: Any = None) -> None:
        """Carry out a room or queue command of ``user`` sent on ``connection`` (a
        ``play.Client``; what answers only the asker goes there)."""
        from openmahjong.server.protocol import (
            AddBot,
            Continue,
            Join,
            Kick,
            Leave,
            Queue,
            Ready,
            Start,
        )

        if await self.route(user, message, connection):
            return
        if isinstance(message, Queue | Join):
            await self.refuse_banned(user)
        if isinstance(message, Queue):
            await self.enqueue(
                user, message.ruleset, message.preset, casual=message.casual, tier=message.tier
            )
            return
        if not hasattr(message, "room"):  # unqueue
            await self.unqueue(user.id)
            return
        room = await self.get(message.room)
        if isinstance(message, Join):
            await room.join(user, message.password, message.spectate, connection)
        elif isinstance(message, Leave):
            await room.leave(user.id, connection)
        elif isinstance(message, Ready):
            await room.ready(user.id, message.ready)
        elif isinstance(message, AddBot):
            await room.add_bot(user, message.account)
        elif isinstance(message, Kick):
            await room.kick(user, message.seat)
        elif isinstance(message, Start):
            await room.start(user)
        elif isinstance(message, Continue):
            await room.continue_(user.id, message.game)

    async def refuse_banned(self, user: User) -> None:
        """A banned account takes no seat and no place in a line (``server/sanctions.py``)."""
        from openmahjong.server.sanctions import active_sanction, ban_message, sanction_params
        from openmahjong.store.admin_models import SanctionKind

        async with self.state.db.session() as s:
            ban = await active_sanction(s, user.id, SanctionKind.BAN)
        if ban is not None:
            raise RoomError("banned", ban_message(ban), **sanction_params(ban))

    async def room_closed(self, room_id: int) -> None:
        """A room was closed over HTTP (its row already says so): whoever sat in its lobby
        stands up and, like its spectators, hears the room is closed; nothing of it stays in
        memory, so its players may queue or join elsewhere at once."""
        if self.cluster is not None and room_id not in self.rooms:
            holder = await self.cluster.leases.holder(room_id)
            if holder is not None and holder != self.cluster.me:
                self.cluster.room_closed_elsewhere(holder, room_id)
            return
        async with self.waiting_lock:
            room = self.rooms.pop(room_id, None)
            if room is None:
                return
            members = room.members()
            for slot in room.lobby:
                if slot is not None and slot.user_id is not None:
                    self.unseated(slot.user_id, room)
            room.lobby = [None] * room.size
        closed = encode(room.state().model_copy(update={"status": "closed"}))
        for uid in members:
            self.hub.send(uid, closed)
        for connection in list(room.spectators):
            connection.post(closed)
        await room.stop()

    async def close(self) -> None:
        if self.cluster is not None:
            await self.cluster.stop_sweeping()
        for task in self._fillers.values():
            task.cancel()
        for room in list(self.rooms.values()):
            await room.stop()
        await self.writer.close()
        if self.cluster is not None:  # after the rooms stopped: their leases go free
            await self.cluster.close()
