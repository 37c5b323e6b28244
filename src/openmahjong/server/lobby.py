"""A room's lobby: seats taken and left, readiness, bots and bot accounts, kicks, spectators
joining, and the owner's start. The lobby's seats are stored before anyone hears of a change
(a restart finds them: ``RoomManager.restore_waiting``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from openmahjong.server.event_seats import free_seat, seat_for
from openmahjong.server.matchmaking import line_name
from openmahjong.server.parts import RoomParts
from openmahjong.server.play import encode
from openmahjong.server.protocol import RoomState, SeatInfo
from openmahjong.server.seats import RoomError, SeatSlot, stored_slot
from openmahjong.store import rooms as store_rooms
from openmahjong.store.models import LobbySeat, Role, User

__all__ = ["RoomLobby"]


class RoomLobby(RoomParts):
    """A room's lobby: sitting down and standing up, readiness, bots, kicks, watching, and the
    start of a game. Every change of seats is stored before anyone hears of it. Mixed into
    :class:`~openmahjong.server.room.Room`."""

    def seat_of(self, user_id: int) -> int | None:
        seats = self.game.seats if self.game is not None else self.lobby
        for i, slot in enumerate(seats):
            if slot is not None and slot.user_id == user_id:
                return i
        return None

    def state(self) -> RoomState:
        hub = self.manager.hub
        seats = self.game.seats if self.game is not None else self.lobby
        return RoomState(
            room=self.id,
            name=self.row_name,
            ruleset=self.ruleset_name,
            preset=self.preset,
            owner_id=self.owner_id,
            status="playing" if self.game is not None else "open",
            seats=[
                None
                if s is None
                else SeatInfo(
                    seat=i,
                    name=s.name,
                    user_id=s.user_id,
                    bot=s.bot or s.remote,
                    ready=s.ready,
                    connected=s.bot or (s.user_id is not None and hub.connected(s.user_id)),
                )
                for i, s in enumerate(seats)
            ],
            spectators=len({c.user_id for c in self.spectators}),  # accounts, not sockets
            game=self.game.id if self.game is not None else None,
            supplied_seed=self.supplied_seed is not None,
            casual=self.casual,
        )

    def members(self) -> set[int]:
        """The players seated here (spectators are connections: ``spectators``)."""
        seats = self.game.seats if self.game is not None else self.lobby
        return {s.user_id for s in seats if s is not None and s.user_id is not None}

    async def join(
        self, user: User, password: str | None, spectate: bool, connection: Any = None
    ) -> None:
        """Sit down, or (``spectate``) watch from ``connection``: the socket that sent the
        command, which alone gets the catch-up and what follows."""
        if self.password_hash is not None and self.seat_of(user.id) is None:
            ok = password is not None and await self.manager.state.passwords.verify(
                self.password_hash, password
            )
            if not ok:
                raise RoomError(
                    "wrong_password", f"room {self.id} needs its password", room=self.id
                )
        if spectate:
            if not self.settings.spectators:
                raise RoomError(
                    "no_spectators", f"room {self.id} does not allow spectators", room=self.id
                )
            if self.seat_of(user.id) is not None:
                raise RoomError("seated", "you are seated here: players do not spectate")
            if connection is None:
                raise RoomError("no_connection", "watching takes a connection to send to")
            ch = self.watch(connection)
            connection.post(self.state())
            if self.game is not None:
                self._send_spectator_start(ch)
            self.announce(spectators=False)
            return
        async with self.manager.waiting_lock:
            if self.seat_of(user.id) is not None:  # joining again: a refresh of the state
                self.send_state_to(user.id, connection)
                return
            if self.game is not None:
                raise RoomError("room_playing", "a game is being played here: spectate instead")
            if user.is_bot:
                raise RoomError(
                    "bot_account", "a bot account sits where a room's owner invites it (add_bot)"
                )
            elsewhere = await self.manager.seats_elsewhere(user.id, self.id)
            if elsewhere:
                raise RoomError(
                    "seated_elsewhere",
                    f"you already sit in room {min(elsewhere)}: leave it first",
                    room=min(elsewhere),
                )
            line = self.manager.queued(user.id)
            if line is not None:  # else a table formed from the line would seat them twice
                raise RoomError(
                    "queued",
                    f"you wait in the {line_name(line)} line: unqueue first",
                    ruleset=line[0],
                    preset=line[1],
                    casual=line[2],
                )
            if await self.manager.queued_anywhere(user.id):  # in a line another process keeps
                raise RoomError("queued", "you wait in a matchmaking line: unqueue first")
            seat = await seat_for(self, user)  # an event room keeps seats for its players
            await self._set_seat(seat, SeatSlot(name=user.name, user_id=user.id))
            for watcher in [c for c in self.spectators if c.user_id == user.id]:
                self.unwatch(watcher, announce=False)  # a player does not spectate
            self.manager.seated(user.id, self)
        self.announce()

    def _free_seat(self) -> int:
        return free_seat(self)

    def _lobby_slot(self, user_id: int) -> int:
        """The lobby seat of ``user_id``; refused when they have none or a game runs."""
        seat = self.seat_of(user_id)
        if seat is None or self.game is not None:
            raise RoomError(
                "not_in_room", f"you have no lobby seat in room {self.id}", room=self.id
            )
        return seat

    async def _set_seat(self, seat: int, slot: SeatSlot | None) -> None:
        """Put ``slot`` (``None``: nobody) in lobby seat ``seat``: the whole lobby is stored
        first, so a restart finds it and a failed write changes nothing. The caller holds the
        manager's ``waiting_lock`` from its checks to here."""
        lobby = list(self.lobby)
        lobby[seat] = slot
        rows = [
            LobbySeat(
                room_id=self.id,
                seat=i,
                user_id=s.user_id,
                name=s.name,
                is_bot=s.bot or s.remote,
                ready=s.ready,
            )
            for i, s in enumerate(lobby)
            if s is not None
        ]
        async with self.manager.state.db.session() as session:
            await store_rooms.save_lobby(session, self.id, rows)
        self.lobby = lobby

    def restore_lobby(self, seats: list[LobbySeat]) -> None:
        """At startup: the lobby seats stored for this room, taken again."""
        for row in seats:
            slot = stored_slot(row.name, row.user_id, row.is_bot, row.ready)
            self.lobby[row.seat] = slot  # an IndexError when the ruleset's seats changed
        for row in seats:
            if row.user_id is not None:
                self.manager.seated(row.user_id, self)

    async def leave(self, user_id: int, connection: Any = None) -> None:
        """Stand up from a lobby seat, or stop watching from ``connection`` (the socket that
        sent the command; without one, every socket of the account stops watching)."""
        if connection is not None:
            watchers = [connection]
        else:
            watchers = [c for c in self.spectators if c.user_id == user_id]
        stopped = [c for c in watchers if self.unwatch(c)]
        if stopped:
            state = encode(self.state())
            for c in stopped:
                c.post(state)
            return
        async with self.manager.waiting_lock:
            seat = self.seat_of(user_id)
            if seat is None:
                raise RoomError("not_in_room", f"you are not in room {self.id}", room=self.id)
            if self.game is not None:
                raise RoomError(
                    "room_playing", "you cannot leave a game being played (reconnect to it)"
                )
            await self._set_seat(seat, None)
            self.manager.unseated(user_id, self)
        self.manager.hub.send(user_id, self.state())
        self.announce()

    async def ready(self, user_id: int, ready: bool) -> None:
        async with self.manager.waiting_lock:
            seat = self._lobby_slot(user_id)
            slot = self.lobby[seat]
            assert slot is not None
            await self._set_seat(seat, replace(slot, ready=ready))
        self.announce()

    def _owner_only(self, user: User, what: str) -> None:
        if user.id != self.owner_id and not Role(user.role).includes(Role.ADMIN):
            raise RoomError("forbidden", f"only the room's owner may {what}", action=what)

    async def add_bot(self, user: User, account: str | None = None) -> None:
        """Seat one of our bots, or the bot account named ``account`` (an outside AI that
        plays over ``/ws/mjai``; our bot stands in while it is not connected)."""
        self._owner_only(user, "add a bot")
        if account is not None and "mjai" not in self.ruleset.outside_formats:
            raise RoomError(
                "no_mjai",
                f"outside AIs play over mjai, which does not describe {self.ruleset_name}",
                ruleset=self.ruleset_name,
            )
        invited = await self._bot_account(account) if account is not None else None
        async with self.manager.waiting_lock:
            if self.game is not None:
                raise RoomError("room_playing", "a game is being played here")
            if invited is None:
                count = sum(1 for s in self.lobby if s is not None and s.bot)
                bot = SeatSlot(name=f"bot-{count + 1}", bot=True, ready=True)
            else:
                if self.manager.by_user.get(invited.id) or self.manager.queued(invited.id):
                    raise RoomError(
                        "bot_busy",
                        f"{invited.name} sits in a room or waits in a line already",
                        name=invited.name,
                    )
                bot = SeatSlot(name=invited.name, user_id=invited.id, ready=True, remote=True)
            await self._set_seat(self._free_seat(), bot)
            if invited is not None:
                self.manager.seated(invited.id, self)
        if invited is not None:  # its /ws/mjai socket may be on another process
            self.manager.locate_bot(invited.id)
        self.announce()

    async def _bot_account(self, account: str) -> User:
        """The bot account named ``account``; refused when there is none by that name."""
        from sqlalchemy import select

        from openmahjong.server.security import name_key

        async with self.manager.state.db.session() as s:
            found = await s.scalar(select(User).where(User.name_key == name_key(account)))
        if found is None or not found.is_bot:
            raise RoomError("not_a_bot_account", "no bot account has that name")
        await self.manager.refuse_banned(found)  # a banned AI is no more seated than a person
        return found

    async def kick(self, user: User, seat: int) -> None:
        self._owner_only(user, "kick")
        async with self.manager.waiting_lock:
            if self.game is not None:
                raise RoomError("room_playing", "a game is being played here")
            if not 0 <= seat < self.size or self.lobby[seat] is None:
                raise RoomError("empty_seat", f"seat {seat} is empty", seat=seat)
            slot = self.lobby[seat]
            assert slot is not None
            await self._set_seat(seat, None)
            if slot.user_id is not None:
                self.manager.unseated(slot.user_id, self)
        self.announce()
        if slot.user_id is not None:
            self.manager.hub.send(slot.user_id, self.state())

    async def start(self, user: User) -> None:
        self._owner_only(user, "start the game")
        async with self.manager.waiting_lock:  # no seat changes while the game is set up
            if self.game is not None:
                raise RoomError("room_playing", "a game is being played here")
            if any(s is None for s in self.lobby):
                raise RoomError("seats_free", "every seat must be taken (add bots to fill them)")
            if not all(s is not None and s.ready for s in self.lobby):
                raise RoomError("not_ready", "every player must be ready")
            # Storing the game sets the room playing, which clears its stored lobby.
            await self._begin([s for s in self.lobby if s is not None])
