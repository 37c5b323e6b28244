"""The room directory's side of several processes (``server/cluster.py``): which commands run
here and which go to another process, rooms taken and let go with their leases, and the
commands, replies and reconnects other processes forward here. Mixed into
:class:`~openmahjong.server.directory.RoomManager`; with no cluster (one process) nothing here
is reached.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from sqlalchemy import select

from openmahjong.server.parts import ManagerParts
from openmahjong.server.prompts import PromptRejected
from openmahjong.server.protocol import Accepted, Error, client_message
from openmahjong.server.seats import RoomError
from openmahjong.store import games as store_games
from openmahjong.store.models import (
    Game,
    GameSeat,
    GameStatus,
    LobbySeat,
    QueueEntry,
    RoomStatus,
    User,
)
from openmahjong.store.models import Room as RoomRow

if TYPE_CHECKING:
    from openmahjong.server.cluster import Cluster, RemoteConnection

__all__ = ["ClusterRooms"]

log = logging.getLogger(__name__)


class ClusterRooms(ManagerParts):
    cluster: Cluster | None

    if TYPE_CHECKING:

        async def command(self, user: User, message: Any, connection: Any = None) -> None: ...
        def connected(self, user_id: int, connection: Any = None) -> None: ...
        def disconnected(self, connection: Any) -> None: ...

    # ------------------------------------------------------------------ routing
    async def route(self, user: User, message: Any, connection: Any) -> bool:
        """Forward ``message`` to the process that must carry it out; ``False``: run it here."""
        cluster = self.cluster
        if cluster is None or getattr(connection, "process", None) is not None:
            return False  # one process, or forwarded here already: never forwarded twice
        room_id = getattr(message, "room", None)
        if room_id is None:
            target = await cluster.owner_of_lines()
        else:
            target = await cluster.owner_of_room(room_id)
        if target is None:
            return False
        # What the owner sends this player reaches them here from now on.
        cluster.forward_command(target, user.id, message, connection)
        return True

    async def take_room(self, room_id: int) -> bool:
        """This process takes room ``room_id``'s lease (``True`` with one process)."""
        return self.cluster is None or await self.cluster.leases.acquire(room_id)

    async def seats_elsewhere(self, user_id: int, room_id: int | None) -> set[int]:
        """The rooms other than ``room_id`` where ``user_id`` sits, on any process: their
        stored lobby seats and live games (the one-seat rule across processes)."""
        here = self.by_user.get(user_id, set()) - {room_id}
        if self.cluster is None:
            return here
        async with self.state.db.session() as s:
            lobby = await s.scalars(select(LobbySeat.room_id).where(LobbySeat.user_id == user_id))
            live = await s.scalars(
                select(Game.room_id)
                .join(GameSeat, GameSeat.game_id == Game.id)
                .where(GameSeat.user_id == user_id, Game.status == GameStatus.LIVE.value)
            )
            found = {r for r in [*lobby, *live] if r is not None}
        return (here | found) - {room_id}

    async def queued_anywhere(self, user_id: int) -> bool:
        """Whether ``user_id`` waits in a line, kept by whichever process holds the lines."""
        if self.queued(user_id) is not None:
            return True
        if self.cluster is None:
            return False
        async with self.state.db.session() as s:
            return await s.get(QueueEntry, user_id) is not None

    # ------------------------------------------------------------------ leases
    async def rooms_to_run(self) -> list[int]:
        """The rooms some process must hold: those with a live game, and the open lobbies
        with a seat taken (after a crash or a restart of every process, as after one)."""
        async with self.state.db.session() as s:
            games = await s.scalars(
                select(Game.room_id).where(
                    Game.status == GameStatus.LIVE.value, Game.room_id.is_not(None)
                )
            )
            playing = {r for r in games if r is not None}
            lobbies = set(
                await s.scalars(
                    select(LobbySeat.room_id)
                    .join(RoomRow, RoomRow.id == LobbySeat.room_id)
                    .where(RoomRow.status == RoomStatus.OPEN.value)
                )
            )
            return sorted(playing | lobbies)

    async def adopt(self, room_id: int) -> bool:
        """Take an orphaned room: its lease, then its live game replayed from the log (or its
        lobby's stored seats taken again)."""
        assert self.cluster is not None
        if not await self.cluster.leases.acquire(room_id):
            return False
        try:
            room = await self.get(room_id)
        except RoomError:
            await self.cluster.leases.release(room_id)
            return False
        users = sorted(uid for uid in self.by_user if room_id in self.by_user[uid])
        log.info("room %s: adopted (%d players), it goes on here", room_id, len(users))
        for uid in users:  # sockets here: the rebuilt table at once
            if self.hub.connected(uid):
                self.connected(uid)
        self.cluster.announce_adopted(room.id, users)
        return True

    async def load_held(self, room: Any, row: RoomRow) -> None:
        """A room this process has just taken over: its live game resumed from the action
        log, else its stored lobby seats taken again."""
        async with self.state.db.session() as s:
            live_id = await s.scalar(
                select(Game.id).where(Game.room_id == row.id, Game.status == GameStatus.LIVE.value)
            )
            data = await store_games.load_live(s, live_id) if live_id is not None else None
            seats = list(
                await s.scalars(
                    select(LobbySeat).where(LobbySeat.room_id == row.id).order_by(LobbySeat.seat)
                )
            )
        if data is not None:
            await room.resume(data)
        elif seats:
            room.restore_lobby(seats)

    async def let_go(self, room_id: int) -> None:
        """Another process holds this room now: forget it here, writing nothing."""
        room = self.rooms.pop(room_id, None)
        if room is None:
            return
        for uid in list(self.by_user):
            if room_id in self.by_user[uid]:
                self.unseated(uid, room)
        await room.stop()

    def drop_queues(self) -> None:
        """The lines moved to another process (it restores them from the database)."""
        for task in self._fillers.values():
            task.cancel()
        self._fillers.clear()
        self.queues.clear()

    def bot_connected(self, user_id: int) -> bool:
        """Whether a bot account has an ``/ws/mjai`` socket here or on another process (our
        bot stands in at its seat while it has none)."""
        if self.hub.connected(user_id):
            return True
        return self.cluster is not None and self.cluster.has_mjai_socket(user_id)

    def locate_bot(self, user_id: int) -> None:
        """A bot account seated here: the processes holding its sockets say so."""
        if self.cluster is not None:
            self.cluster.locate([user_id])

    # ------------------------------------------------------------------ forwarded here
    def has_something_for(self, user_id: int) -> bool:
        return user_id in self.by_user or self.queued(user_id) is not None

    def remote_connected(self, connection: RemoteConnection) -> None:
        """A socket of a player this process seats or queues opened on another process: its
        rooms' state, view and open prompt go to it."""
        self.connected(connection.user_id, connection)
        ledger = self.hub.ledgers.get(connection.user_id)
        if ledger is not None and ledger.open is not None:
            from openmahjong.server.play import _prompt_message

            connection.post(_prompt_message(ledger.open), prompt=True)

    async def remote_command(self, connection: RemoteConnection, data: dict[str, Any]) -> None:
        async with self.state.db.session() as s:
            user = await s.get(User, connection.user_id)
        if user is None:
            return
        try:
            message = client_message(data)
            await self.command(user, message, connection)
        except RoomError as refused:
            connection.post(
                Error(code=refused.code, message=refused.message, params=refused.params)
            )
        except Exception:
            log.exception("user %s: a forwarded %s failed", user.id, data.get("type"))
            connection.post(
                Error(
                    code="internal",
                    message=f"the server failed to carry out this {data.get('type')}: try again",
                    params={"type": str(data.get("type"))[:32]},
                )
            )

    def remote_answer(self, connection: RemoteConnection, seq: int, action: Any) -> None:
        try:
            self.hub.ledger(connection.user_id).answer(seq, action)
        except PromptRejected as rejected:
            connection.post(
                Error(code=rejected.code, message=rejected.message, seq=seq, params=rejected.params)
            )
            return
        self.hub.send(connection.user_id, Accepted(seq=seq))
