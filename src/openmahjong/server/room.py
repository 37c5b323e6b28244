"""Rooms at play: one asyncio task per table owns one match and only *times* it.

The core (the ruleset's match over the turn kernel) decides what is legal and who wins a
claim; a room asks the seats the kernel is waiting for, starts their clocks, plays the kernel's
default action when a clock runs out, writes every action to the store **before** anyone hears
of it, and hands each seat exactly what ``event.visible_to(seat)`` lets it see.

Timing around the core (docs/server.md "Rooms"):

* **Clocks**: each prompt gets the move time, then the seat's bank for this hand. A tactical
  re-ask (the seat answered this window already and the core asks it again) gets its own
  ``TACTICAL_SECONDS`` and leaves the bank alone.
* **Call protection**: when a discard can be claimed, the discarder and the seats that may act
  on it see it at once; every other seat sees it after the protection delay, or at once when a
  claimant answers, and then sees the outcome no sooner than the first catch-up delay later; a
  call is followed by the caller's discard no sooner than the second catch-up delay.
* Each seat's messages go through its own ordered, time-stamped queue (:class:`Channel`), so a
  delay never reorders what one seat sees.

Crash recovery: a started game's seats, header and master seed are stored, then each action;
:meth:`RoomManager.resume_live` rebuilds every live game by replaying its log. What waits for a
game is stored too, before anyone hears of a change: the seats of open rooms' lobbies and the
matchmaking lines (:meth:`RoomManager.restore_waiting`).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from pydantic import BaseModel
from pydantic_core import to_jsonable_python

from openmahjong import fairness
from openmahjong.rules.registry import get_ruleset, preset_name
from openmahjong.server import clocks, protection
from openmahjong.server.channel import Channel
from openmahjong.server.clock import SYSTEM_CLOCK, Clock
from openmahjong.server.clocks import TACTICAL_SECONDS
from openmahjong.server.ids import row_id_in_range
from openmahjong.server.play import encode
from openmahjong.server.prompts import PendingPrompt
from openmahjong.server.protocol import (
    GameEnd,
    GameEvent,
    GameStart,
    Prompt,
    Queued,
    RoomState,
    SeatInfo,
    View,
)
from openmahjong.store import games as store_games
from openmahjong.store import rooms as store_rooms
from openmahjong.store.action_log import ActionLog
from openmahjong.store.models import GameStatus, LobbySeat, Role, RoomStatus, User, utcnow
from openmahjong.store.models import Room as RoomRow
from openmahjong.table.actions import Action, action_from_dict, action_to_dict
from openmahjong.table.events import Called, Event, event_to_dict
from openmahjong.table.kernel import Phase, SeatView

__all__ = ["Channel", "RoomError", "RoomManager", "TACTICAL_SECONDS", "view_to_dict"]

log = logging.getLogger("openmahjong.server.room")

#: A room task that fails this many times in a row ends its game as aborted.
FAILURES_BEFORE_ABORT = 3
#: Pause before rebuilding a failed table, times the failures so far (the database may be
#: coming back).
RETRY_SECONDS = 0.5


class RoomError(Exception):
    """A room command refused: ``code`` for programs, ``message`` for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def view_to_dict(view: SeatView) -> dict[str, Any]:
    """A seat's view as JSON: events and legal actions in their record shapes."""
    data: dict[str, Any] = {}
    for name in SeatView.__dataclass_fields__:
        value = getattr(view, name)
        if name == "events":
            data[name] = [event_to_dict(e) for e in value]
        elif name == "legal_actions":
            data[name] = [action_to_dict(a) for a in value]
        else:
            data[name] = to_jsonable_python(value)
    return data


def _event_text(room: int, game: int, event: Event) -> str:
    """One event as the JSON of its ``GameEvent`` message. The fields are ours and already
    right, so the model is built without validation; pydantic's serializer writes the event's
    tuples and enums as JSON directly (no ``to_jsonable_python`` pass first)."""
    return encode(GameEvent.model_construct(room=room, game=game, event=event_to_dict(event)))


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


def _slot(name: str, user_id: int | None, is_bot: bool, ready: bool) -> SeatSlot:
    """A stored seat (lobby or game) as a slot: ``is_bot`` with a user id is a bot account."""
    remote = is_bot and user_id is not None
    return SeatSlot(
        name=name, user_id=user_id, bot=is_bot and not remote, ready=ready, remote=remote
    )


@dataclass
class _Open:
    """A prompt the room is waiting on."""

    prompt: PendingPrompt | None  # None for a bot
    actions: list[Action]
    key: tuple[Any, ...]
    deadline: float
    shown_at: float
    tactical: bool
    user_id: int | None = None
    bot: Any = None


@dataclass
class _Game:
    id: int
    match: Any
    seats: list[SeatSlot]
    commitment: str
    salt: str
    master_seed: int
    started_at: datetime
    next_seq: int = 1
    bots: dict[int, Any] = field(default_factory=dict)
    banks: list[float] = field(default_factory=list)
    hands_done: int = 0
    open: dict[int, _Open] = field(default_factory=dict)
    #: Seats that answered the current window (a later prompt to one of them is a re-ask).
    answered: set[int] = field(default_factory=set)
    window_key: Any = None
    #: Call protection of the current window: the seats kept waiting, and whether a claimant
    #: has acted (then the outcome is shown after the first catch-up delay).
    protected: set[int] = field(default_factory=set)
    protect_acted: bool = False
    public_log: list[tuple[float, BaseModel | str]] = field(default_factory=list)
    #: Where each hand's public events begin in ``public_log`` (its ``HandStarted``).
    hand_starts: list[int] = field(default_factory=list)


def _bot_for(ruleset: str, seed: int) -> Any:
    if ruleset == "riichi":
        from openmahjong.bots.riichi import RiichiBot

        return RiichiBot(seed)
    if ruleset == "mcr":
        from openmahjong.bots.mcr import McrBot

        return McrBot(seed)
    raise RoomError("no_bot", f"there is no bot for {ruleset}")


def _options(ruleset: Any, row: RoomRow, tactical: bool | None, has_bots: bool) -> Any:
    rules = dict((row.options or {}).get("rules", {}))
    schema = getattr(ruleset, "options_schema", None)
    if "claim_mode" in rules:
        wanted = tactical if tactical is not None else not has_bots
        if not wanted:
            rules["claim_mode"] = "standard"
        elif rules["claim_mode"] == "standard":
            rules["claim_mode"] = "tactical"
    return schema(**rules) if schema is not None else ruleset.options(row.preset, **rules)


async def _store_aborted(db: Any, game_id: int, room_id: int, reason: str) -> dict[str, Any]:
    """Store game ``game_id`` as aborted (with ``reason``) and open its room again; returns
    the result players are told. A failure to store is logged, never raised: the caller is
    already handling one."""
    result = {"aborted": True, "reason": reason}
    try:
        async with db.session() as s:
            with contextlib.suppress(store_games.GameNotLive):
                await store_games.finish_game(
                    s, game_id, [], status=GameStatus.ABORTED, extra_result=result
                )
            with contextlib.suppress(store_rooms.RoomClosed, LookupError):
                await store_rooms.set_status(s, room_id, RoomStatus.OPEN)
    except Exception:
        log.exception("room %s: game %s could not be stored as aborted", room_id, game_id)
    log.warning("room %s: game %s aborted: %s", room_id, game_id, reason)
    return result


class Room:
    """One room: its lobby, and while a game runs, the task that runs it."""

    def __init__(self, manager: RoomManager, row: RoomRow) -> None:
        from openmahjong.server.rooms import TableSettings

        self.manager = manager
        self.clock: Clock = manager.clock
        self.id = row.id
        self.row_name = row.name
        self.ruleset_name = row.ruleset
        self.preset = row.preset
        self.owner_id = row.owner_id
        self.password_hash = row.password_hash
        self.settings = TableSettings(**(row.options or {}).get("table", {}))
        self.supplied_seed = (row.options or {}).get("master_seed")
        self.row = row
        self.ruleset = get_ruleset(row.ruleset)
        self.size: int = getattr(self.ruleset, "seats", 4)
        self.lobby: list[SeatSlot | None] = [None] * self.size
        #: One channel per watching *connection* (a ``play.Client``): a socket watches, not an
        #: account, so a catch-up goes to the socket that asked for it and to no other.
        self.spectators: dict[Any, Channel] = {}
        self.channels: dict[int, Channel] = {}  # user id -> channel, seated players
        self.game: _Game | None = None
        self.task: asyncio.Task[None] | None = None
        self.wake = asyncio.Event()
        self.closed = False

    # ------------------------------------------------------------------ lobby
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
        )

    def members(self) -> set[int]:
        """The players seated here (spectators are connections: ``spectators``)."""
        seats = self.game.seats if self.game is not None else self.lobby
        return {s.user_id for s in seats if s is not None and s.user_id is not None}

    def announce(self, *, spectators: bool = True) -> None:
        """The room's state to every socket of its players and to each watching socket.
        ``spectators=False`` (only the count of spectators changed) leaves the watchers out,
        so N sockets coming to watch cost N messages each to the players, not N * N."""
        message = encode(self.state())
        for uid in self.members():
            self.manager.hub.send(uid, message)
        if spectators:
            for connection in list(self.spectators):
                connection.post(message)

    def watch(self, connection: Any) -> Channel:
        """``connection`` watches from now on, afresh: a socket that watches again (after a
        restart the room has forgotten it) gets a new channel, so the old channel's delayed
        messages never arrive a second time after the new start."""
        old = self.spectators.pop(connection, None)
        if old is not None:
            old.close()
        ch = self.spectators[connection] = Channel(
            connection.post, gone=lambda: self.unwatch(connection), clock=self.clock
        )
        self.manager.watching.setdefault(connection, set()).add(self.id)
        return ch

    def unwatch(self, connection: Any, *, announce: bool = True) -> bool:
        """``connection`` no longer watches (it left, closed, or was cut off as too slow);
        whatever its channel held is dropped. ``False`` if it was not watching."""
        ch = self.spectators.pop(connection, None)
        if ch is None:
            return False
        ch.close()
        rooms = self.manager.watching.get(connection)
        if rooms is not None:
            rooms.discard(self.id)
            if not rooms:
                del self.manager.watching[connection]
        if announce:
            self.announce(spectators=False)
        return True

    def channel(self, user_id: int) -> Channel:
        ch = self.channels.get(user_id)
        if ch is None:
            hub = self.manager.hub
            ch = self.channels[user_id] = Channel(
                lambda m, u=user_id: hub.send(u, m), clock=self.clock
            )
        return ch

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
                raise RoomError("wrong_password", f"room {self.id} needs its password")
        if spectate:
            if not self.settings.spectators:
                raise RoomError("no_spectators", f"room {self.id} does not allow spectators")
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
            elsewhere = self.manager.by_user.get(user.id, set()) - {self.id}
            if elsewhere:
                raise RoomError(
                    "seated_elsewhere", f"you already sit in room {min(elsewhere)}: leave it first"
                )
            line = self.manager.queued(user.id)
            if line is not None:  # else a table formed from the line would seat them twice
                raise RoomError("queued", f"you wait in the {' '.join(line)} line: unqueue first")
            await self._set_seat(self._free_seat(), SeatSlot(name=user.name, user_id=user.id))
            for watcher in [c for c in self.spectators if c.user_id == user.id]:
                self.unwatch(watcher, announce=False)  # a player does not spectate
            self.manager.seated(user.id, self)
        self.announce()

    def _free_seat(self) -> int:
        try:
            return self.lobby.index(None)
        except ValueError:
            raise RoomError("room_full", f"room {self.id} has no free seat") from None

    def _lobby_slot(self, user_id: int) -> int:
        """The lobby seat of ``user_id``; refused when they have none or a game runs."""
        seat = self.seat_of(user_id)
        if seat is None or self.game is not None:
            raise RoomError("not_in_room", f"you have no lobby seat in room {self.id}")
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
            slot = _slot(row.name, row.user_id, row.is_bot, row.ready)
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
                raise RoomError("not_in_room", f"you are not in room {self.id}")
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
            raise RoomError("forbidden", f"only the room's owner may {what}")

    async def add_bot(self, user: User, account: str | None = None) -> None:
        """Seat one of our bots, or the bot account named ``account`` (an outside AI that
        plays over ``/ws/mjai``; our bot stands in while it is not connected)."""
        self._owner_only(user, "add a bot")
        _bot_for(self.ruleset_name, 0)  # refuses rulesets without a bot (the stand-in too)
        if account is not None and self.ruleset_name != "riichi":
            raise RoomError("no_mjai", "outside AIs speak mjai, which is Riichi's only")
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
                        "bot_busy", f"{invited.name} sits in a room or waits in a line already"
                    )
                bot = SeatSlot(name=invited.name, user_id=invited.id, ready=True, remote=True)
            await self._set_seat(self._free_seat(), bot)
            if invited is not None:
                self.manager.seated(invited.id, self)
        self.announce()

    async def _bot_account(self, account: str) -> User:
        """The bot account named ``account``; refused when there is none by that name."""
        from sqlalchemy import select

        from openmahjong.server.security import name_key

        async with self.manager.state.db.session() as s:
            found = await s.scalar(select(User).where(User.name_key == name_key(account)))
        if found is None or not found.is_bot:
            raise RoomError("not_a_bot_account", "no bot account has that name")
        return found

    async def kick(self, user: User, seat: int) -> None:
        self._owner_only(user, "kick")
        async with self.manager.waiting_lock:
            if self.game is not None:
                raise RoomError("room_playing", "a game is being played here")
            if not 0 <= seat < self.size or self.lobby[seat] is None:
                raise RoomError("empty_seat", f"seat {seat} is empty")
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

    # ------------------------------------------------------------------ game setup
    def _new_match(
        self,
        master_seed: int,
        salt: str,
        entries: list[SeatSlot],
        seats: list[SeatSlot],
        options: Any = None,
    ) -> Any:
        if options is None:
            has_bots = any(s.bot or s.remote for s in entries)
            options = _options(self.ruleset, self.row, self.settings.tactical_calls, has_bots)
        match = self.ruleset.new_match(options, master_seed)
        # What the record header names (the Riichi match keeps these; others may ignore them).
        for attr, value in (
            ("salt", salt),
            ("player_entry_order", [s.name for s in entries]),
            ("players", [s.name for s in seats]),
        ):
            if hasattr(match, attr):
                setattr(match, attr, value)
        return match

    async def _begin(self, entries: list[SeatSlot], from_queue: Sequence[int] = ()) -> None:
        """Store and start the game of ``entries``; players seated from matchmaking lose their
        stored places in the same transaction (``from_queue``: their ids)."""
        if from_queue and self.supplied_seed is not None:
            # Matchmaking makes its own rooms without a seed; should one ever carry a supplied
            # seed, its owner would know the walls of strangers' game: never start it.
            raise ValueError(f"room {self.id} has a supplied seed: not a matchmaking table")
        if self.supplied_seed is not None:
            master_seed = fairness.parse_master_seed(self.supplied_seed)
        else:
            master_seed = fairness.new_seed()
        salt = fairness.new_salt()
        commitment = fairness.format_commitment(fairness.commitment(master_seed, salt))
        seats = fairness.seat_order(master_seed, entries)
        match = self._new_match(master_seed, salt, entries, seats)
        header = match.record(reveal=False)["header"] if hasattr(match, "record") else {}
        header = {k: v for k, v in header.items() if k != "master_seed"}
        db = self.manager.state.db
        async with db.session() as s:
            row = await store_games.create_game(
                s,
                ruleset=self.ruleset_name,
                preset=self.preset,
                header=header,
                seats=[
                    store_games.SeatEntry(
                        i, slot.name, user_id=slot.user_id, is_bot=slot.bot or slot.remote
                    )
                    for i, slot in enumerate(seats)
                ],
                commitment=commitment,
                salt=salt,
                master_seed=fairness.format_master_seed(master_seed),
                room_id=self.id,
                supplied_seed=self.supplied_seed is not None,
            )
            await store_rooms.set_status(s, self.id, RoomStatus.PLAYING)
            if from_queue:
                await store_rooms.leave_queue(s, from_queue)
            game_id = row.id
            started_at = row.started_at
        self.game = self._game(game_id, match, seats, commitment, salt, master_seed, started_at)
        self.lobby = [None] * self.size
        self._launch()

    def _game(
        self,
        game_id: int,
        match: Any,
        seats: list[SeatSlot],
        commitment: str,
        salt: str,
        master_seed: int,
        started_at: datetime,
    ) -> _Game:
        game = _Game(
            id=game_id,
            match=match,
            seats=seats,
            commitment=commitment,
            salt=salt,
            master_seed=master_seed,
            started_at=started_at,
            banks=clocks.fresh_banks(self.settings.bank_seconds, self.size),
        )
        for i, slot in enumerate(seats):
            if slot.bot or slot.remote:  # a bot account's stand-in too
                game.bots[i] = _bot_for(self.ruleset_name, (master_seed >> (32 * i)) ^ i)
            if slot.user_id is not None:
                self.manager.seated(slot.user_id, self)
        game.hands_done = len(getattr(match, "results", ()))
        return game

    def _launch(self) -> None:
        game = self.game
        assert game is not None
        if not game.public_log:
            # The match dealt its hand before any action went through _broadcast: spectators
            # get that hand's public events (HandStarted first) the same delayed way.
            self._log_hand_start(game, self.clock.monotonic())
        self.announce()
        for i, slot in enumerate(game.seats):
            if slot.user_id is not None:
                self._send_game_start(slot.user_id, i)
        for ch in list(self.spectators.values()):
            self._send_spectator_start(ch)
        self.task = asyncio.get_running_loop().create_task(self._run(), name=f"room-{self.id}")

    def _replayed_match(self, live: store_games.LiveGame, seats: list[SeatSlot]) -> Any:
        """The match of a live game, rebuilt by replaying its stored log."""
        g = live.game
        by_name = {s.name: s for s in seats}
        order = g.header.get("player_entry_order") or [s.name for s in seats]
        entries = [by_name.get(name, seats[i]) for i, name in enumerate(order)]
        options = None
        schema = getattr(self.ruleset, "options_schema", None)
        if "options" in g.header and schema is not None:
            options = schema(**g.header["options"])  # exactly the options the game began with
        master_seed = fairness.parse_master_seed(g.master_seed)
        match = self._new_match(master_seed, g.salt, entries, seats, options)
        for a in live.actions:
            assert a.seat is not None
            if a.timeout:
                match.timeout(a.seat)
            else:
                match.act(a.seat, action_from_dict(a.action))
        return match

    async def resume(self, live: store_games.LiveGame) -> None:
        """Rebuild a live game from its stored log (after a restart) and play on, with the
        banks and prompt numbers the last stored action recorded (``_clock``)."""
        g = live.game
        seats = [_slot(s.display_name, s.user_id, s.is_bot, True) for s in live.seats]
        match = self._replayed_match(live, seats)
        master_seed = fairness.parse_master_seed(g.master_seed)
        game = self._game(g.id, match, seats, g.commitment, g.salt, master_seed, g.started_at)
        game.next_seq = live.next_seq
        clock = live.actions[-1].clock if live.actions else None
        if clock:
            if clock.get("hand") == game.hands_done:  # else a new hand began: full banks
                game.banks = [float(b) for b in clock["banks"]]
            for slot, last in zip(seats, clock.get("prompts") or (), strict=False):
                if slot.user_id is not None and last is not None:
                    # The old process may have sent one more prompt after this action was
                    # stored: a reply to it is stale, the new prompt is numbered above it.
                    self.manager.hub.ledger(slot.user_id).skip_past(last + 1)
        self.game = game
        self._launch()

    # ------------------------------------------------------------------ players and seats
    # ``game.seats`` is indexed by player (A, B, C, D: the order the seed gave). Under Riichi a
    # player keeps one table seat; under MCR seats change between wind rounds, and the match
    # says who sits where (``player_at`` / ``seat_of``).
    @staticmethod
    def _player_at(game: _Game, seat: int) -> int:
        at = getattr(game.match, "player_at", None)
        return int(at(seat)) if at is not None else seat

    @staticmethod
    def _seat_of(game: _Game, player: int) -> int:
        of = getattr(game.match, "seat_of", None)
        return int(of(player)) if of is not None else player

    # ------------------------------------------------------------------ messages out
    def _send_game_start(self, user_id: int, player: int) -> None:
        game = self.game
        assert game is not None
        seat = self._seat_of(game, player)
        ch = self.channel(user_id)
        ch.put(self._start_message(seat))
        ch.put(self._view_message(seat))

    def _start_message(self, seat: int | None) -> GameStart:
        game = self.game
        assert game is not None
        return GameStart(
            room=self.id,
            game=game.id,
            seat=seat,
            players=[s.name for s in game.seats],
            commitment=game.commitment,
            salt=game.salt,
            supplied_seed=self.supplied_seed is not None,
        )

    def _view_message(self, seat: int | None) -> View:
        game = self.game
        assert game is not None
        return View(
            room=self.id, game=game.id, seat=seat, view=view_to_dict(game.match.table.view(seat))
        )

    def _send_spectator_start(self, ch: Channel) -> None:
        """A spectator sees the game as it was ``spectator_delay`` seconds ago: the start, then
        the public events from the start of the hand it sees now, each at its time plus the
        delay. Earlier hands are not replayed: a catch-up is one hand long however long the
        game has run (a whole game's events would overflow a connection's outbox)."""
        game = self.game
        assert game is not None
        delay = self.settings.spectator_delay
        ch.put(self._start_message(None))
        for at, message in game.public_log[self._replay_start(game, self.clock.monotonic()) :]:
            ch.put(message, at + delay)

    def _replay_start(self, game: _Game, now: float) -> int:
        """Where in ``public_log`` the hand a spectator sees at ``now`` begins (the last hand
        started at least ``spectator_delay`` ago; the first one kept, if none was)."""
        due = now - self.settings.spectator_delay
        start = game.hand_starts[0] if game.hand_starts else 0
        for i in game.hand_starts:
            if game.public_log[i][0] > due:
                break
            start = i
        return start

    def _log_hand_start(self, game: _Game, now: float) -> list[str]:
        """A hand was dealt: its public events (``HandStarted`` first: dealer, honba, dora
        indicators) go to the public log, which forgets what no spectator can be sent any
        more (the hands before the one a new spectator would see). Returns the messages."""
        start = self._replay_start(game, now)
        if start:
            del game.public_log[:start]
            game.hand_starts = [i - start for i in game.hand_starts if i >= start]
        game.hand_starts.append(len(game.public_log))
        messages = [_event_text(self.id, game.id, e) for e in game.match.table.events_for(None)]
        game.public_log.extend((now, m) for m in messages)
        return messages

    def send_state_to(self, user_id: int, connection: Any = None) -> None:
        """A (re)connected member: the room, and if a game runs, the game and the full view;
        to ``connection`` only (the socket that connected or asked), else to every socket."""
        hub = self.manager.hub

        def send(message: BaseModel) -> None:
            if connection is not None:
                connection.post(message)
            else:
                hub.send(user_id, message)

        send(self.state())
        game = self.game
        if game is None:
            return
        player = self.seat_of(user_id)
        if player is not None:
            seat = self._seat_of(game, player)
            # Not through the channel: it may be holding messages for this seat (call
            # protection); the view is the current state, which those messages will repeat.
            send(self._start_message(seat))
            send(self._view_message(seat))

    # ------------------------------------------------------------------ the game task
    async def _run(self) -> None:
        """Play the match to its end. A step that raises (a bug, the database away) is logged
        and the table is rebuilt from its stored log, as after a restart, and goes on; after
        ``FAILURES_BEFORE_ABORT`` failures in a row the game ends as aborted, with its record,
        and the players are told. A table never stops silently."""
        game = self.game
        assert game is not None
        failures = 0
        rebuild = False
        while True:
            try:
                if rebuild:
                    await self._rebuild(game)
                    rebuild = False
                while not game.match.finished:
                    await self._step(game)
                    failures = 0
                await self._finish(game)
                return
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                failures += 1
                log.exception("room %s: game %s failed (%d in a row)", self.id, game.id, failures)
                if failures >= FAILURES_BEFORE_ABORT:
                    await self._abort(game, f"{type(exc).__name__}: {exc}")
                    return
                rebuild = True
                await asyncio.sleep(RETRY_SECONDS * failures)

    async def _rebuild(self, game: _Game) -> None:
        """Replace the match by one replayed from the stored log (what was written is what
        happened) and ask again; every player gets the full view of the rebuilt table."""
        async with self.manager.state.db.session() as s:
            live = await store_games.load_live(s, game.id)
        match = self._replayed_match(live, game.seats)
        for seat in list(game.open):
            self._withdraw(game, seat)
        game.match = match
        game.next_seq = live.next_seq
        game.hands_done = len(getattr(match, "results", ()))
        game.answered = set()
        game.window_key = None
        game.protected = set()
        game.protect_acted = False
        for player, slot in enumerate(game.seats):
            if slot.user_id is not None:
                self.channel(slot.user_id).put(self._view_message(self._seat_of(game, player)))

    def _decision_key(self, game: _Game, seat: int) -> tuple[Any, ...]:
        table = game.match.table
        if table.phase == Phase.REACTION:
            return (id(table), "reaction", id(table.trigger))
        if table.phase == Phase.SPECIAL:
            return (id(table), "special")
        return (id(table), "turn", len(table.log))

    def _sync_prompts(self, game: _Game) -> None:
        """Ask every seat the core waits for (keeping prompts that still stand) and withdraw
        prompts the core no longer needs."""
        table = game.match.table
        now = self.clock.monotonic()
        waiting = set(table.waiting_for())
        window = (id(table), id(table.trigger)) if table.phase == Phase.REACTION else None
        if window != game.window_key:
            game.window_key = window
            game.answered = set()
        for seat in list(game.open):
            if seat not in waiting:
                self._withdraw(game, seat)
        for seat in sorted(waiting):
            legal = table.legal_actions(seat)
            key = self._decision_key(game, seat)
            current = game.open.get(seat)
            player = self._player_at(game, seat)
            slot = game.seats[player]
            # A bot account without a connection: our bot plays its seat until it is back.
            stand_in = slot.remote and not self.manager.hub.connected(slot.user_id)
            if (
                current is not None
                and current.key == key
                and current.actions == legal
                and not stand_in
            ):
                continue
            if current is not None:
                self._withdraw(game, seat)
            tactical = window is not None and seat in game.answered
            if slot.bot or slot.user_id is None or stand_in:
                game.open[seat] = _Open(
                    None, list(legal), key, now, now, tactical, bot=game.bots.get(player)
                )
                continue
            move, bank = clocks.prompt_window(
                self.settings.move_seconds, game.banks[seat], tactical
            )
            context = {
                "room": self.id,
                "game": game.id,
                "seat": seat,
                "move_seconds": move,
                "bank_seconds": round(bank, 3),
                "tactical": tactical,
            }
            # As JSON will carry them (tuples become lists), so a reply compares equal.
            pending = self.manager.hub.ledger(slot.user_id).issue(
                [to_jsonable_python(action_to_dict(a)) for a in legal], context
            )
            shown = self.channel(slot.user_id).put(
                Prompt(seq=pending.seq, actions=pending.actions, context=pending.context)
            )
            game.open[seat] = _Open(
                pending,
                list(legal),
                key,
                clocks.deadline(shown, move, bank),
                shown,
                tactical,
                slot.user_id,
            )

    def _withdraw(self, game: _Game, seat: int) -> None:
        current = game.open.pop(seat, None)
        if current is None or current.prompt is None:
            return
        assert current.user_id is not None
        ledger = self.manager.hub.ledger(current.user_id)
        if ledger.open is current.prompt:
            ledger.close()

    async def _step(self, game: _Game) -> None:
        self._sync_prompts(game)
        table = game.match.table
        # Bots answer at once, through the same path as a player's reply.
        for seat, entry in sorted(game.open.items()):
            if entry.prompt is None:
                legal = entry.actions
                if len(legal) == 1:
                    action = legal[0]
                else:
                    action = entry.bot.act(table.view(seat, events=False))
                await self._apply(game, seat, action, offered=legal)
                return
        futures: dict[asyncio.Future[Any], int] = {}
        for seat, entry in game.open.items():
            assert entry.prompt is not None
            futures[entry.prompt.answer] = seat
        if not futures:
            raise RuntimeError(f"room {self.id}: the table waits for nobody")
        for future, seat in futures.items():  # answered while we were busy
            if future.done() and not future.cancelled():
                await self._answered(game, seat, future.result())
                return
        deadline = min(game.open[s].deadline for s in futures.values())
        wait = max(0.0, deadline - self.clock.monotonic())
        waker = asyncio.ensure_future(self.wake.wait())
        timer = asyncio.ensure_future(self.clock.sleep(wait))  # the deadline, on the room's clock
        try:
            done, _ = await asyncio.wait(
                [*futures, waker, timer], return_when=asyncio.FIRST_COMPLETED
            )
        finally:
            waker.cancel()
            timer.cancel()
        self.wake.clear()
        for future in done:
            if future in futures and not future.cancelled():
                await self._answered(game, futures[future], future.result())
                return
        now = self.clock.monotonic()
        for seat, entry in sorted(game.open.items()):
            if entry.prompt is not None and entry.prompt.answer.cancelled():
                game.open.pop(seat)  # superseded elsewhere: ask again
                return
            if entry.deadline <= now:
                game.banks[seat] = clocks.bank_after_timeout(game.banks[seat], entry.tactical)
                self._withdraw(game, seat)
                await self._apply(game, seat, None, offered=entry.actions, timed_out=True)
                return

    async def _answered(self, game: _Game, seat: int, data: dict[str, Any]) -> None:
        entry = game.open.pop(seat)
        game.banks[seat] = clocks.bank_after_answer(
            game.banks[seat],
            entry.shown_at,
            self.clock.monotonic(),
            self.settings.move_seconds,
            entry.tactical,
        )
        action = action_from_dict(data)
        await self._apply(game, seat, action, offered=entry.actions)

    def _clock(self, game: _Game) -> dict[str, Any]:
        """What a restarted server needs to keep this game's clocks and prompt numbers."""
        ledgers = self.manager.hub.ledgers
        return {
            "banks": [round(b, 3) for b in game.banks],
            "hand": game.hands_done,
            "prompts": [
                ledgers[s.user_id].last_seq if s.user_id in ledgers else None for s in game.seats
            ],
        }

    async def _apply(
        self,
        game: _Game,
        seat: int,
        action: Action | None,
        *,
        offered: list[Action],
        timed_out: bool = False,
    ) -> None:
        """Store the action, let the core apply it, then tell each seat what it may see.
        ``offered`` is what the open prompt offered: the core's legal actions for this very
        decision (the prompt is current), so legality costs no second ``legal_actions``."""
        match = game.match
        table = match.table
        if timed_out:
            action = table.default_action(seat)
        elif action not in offered:
            raise RuntimeError(f"room {self.id}: {action!r} is not legal for seat {seat}")
        assert action is not None
        was_reaction = table.phase == Phase.REACTION
        await self.manager.writer.append(
            game.id,
            game.next_seq,
            seat,
            action_to_dict(action),
            timeout=timed_out,
            clock=self._clock(game),
        )
        game.next_seq += 1
        game.open.pop(seat, None)
        if was_reaction:
            game.answered.add(seat)
        # Who sits where for this hand's events (the next hand may seat the players anew).
        seating = [self._seat_of(game, p) for p in range(len(game.seats))]
        events = match.timeout(seat) if timed_out else match.act(seat, action)
        self._broadcast(game, table, events, was_reaction, seating)
        if len(getattr(match, "results", ())) != game.hands_done:
            game.hands_done = len(match.results)
            game.banks = clocks.fresh_banks(self.settings.bank_seconds, self.size)
        if match.finished is False and match.table is not table:
            # A new hand: every seat starts it from a full view, spectators from its public
            # start (the match dealt it inside ``act``: no event of the action carries it).
            for player, slot in enumerate(game.seats):
                if slot.user_id is not None:
                    seat_now = self._seat_of(game, player)
                    self.channel(slot.user_id).put(self._view_message(seat_now))
            now = self.clock.monotonic()
            for message in self._log_hand_start(game, now):
                for ch in list(self.spectators.values()):
                    ch.put(message, now + self.settings.spectator_delay)

    def _broadcast(
        self,
        game: _Game,
        table: Any,
        events: list[Event],
        was_reaction: bool,
        seating: list[int],
    ) -> None:
        """``seating[player]`` is the table seat each player had when the events happened."""
        s = self.settings
        now = self.clock.monotonic()
        table_players = {seat: player for player, seat in enumerate(seating)}
        held = set(game.protected)
        timing = protection.action_timing(now, s, held, game.protect_acted, was_reaction)
        game.protect_acted = timing.acted
        if timing.expedite:
            # A claimant acted during the protection delay: the held discard goes out now,
            # whatever the action brought comes after the first catch-up delay.
            for seat in held:
                uid = game.seats[table_players[seat]].user_id
                if uid is not None:
                    self.channel(uid).expedite()
        when = timing.held_at
        opened, discarder = protection.opened_window(s, table, events)
        called = any(isinstance(e, Called) for e in events)
        # One message per distinct event as seen (a public event is the same for every seat),
        # encoded once for all the sockets it goes to.
        messages: dict[int, str] = {}

        def message_for(seen: Event) -> str:
            found = messages.get(id(seen))
            if found is None:
                found = _event_text(self.id, game.id, seen)
                messages[id(seen)] = found
            return found

        for player, slot in enumerate(game.seats):
            if slot.user_id is None:
                continue
            i = seating[player]
            ch = self.channel(slot.user_id)
            for e in events:
                seen = e.visible_to(i)
                if seen is None:
                    continue
                at = protection.seen_at(i, e, now, s, held, when, opened, discarder)
                ch.put(message_for(seen), at)
                floor = protection.call_floor(e, i, at, now, s, held)
                if floor is not None:
                    ch.floor = max(ch.floor, floor)
        public = [e.visible_to(None) for e in events]
        for e in public:
            if e is None:
                continue
            message = message_for(e)
            game.public_log.append((now, message))
            for ch in list(self.spectators.values()):  # a channel may close on the way
                ch.put(message, now + s.spectator_delay)
        goes_on = table.phase == Phase.REACTION and not called and table is game.match.table
        game.protected, game.protect_acted = protection.held_seats(
            self.size, opened, discarder, game.protected, game.protect_acted, goes_on
        )

    async def _finish(self, game: _Game) -> None:
        match = game.match
        ended = utcnow()
        record = match.record(
            reveal=True, started_at=game.started_at.isoformat(), ended_at=ended.isoformat()
        )
        result = record.get("result") or {}
        points = result.get("final_points") or [0] * self.size
        places = result.get("places") or list(range(1, self.size + 1))
        async with self.manager.state.db.session() as s:
            await store_games.finish_game(
                s,
                game.id,
                [
                    store_games.SeatResult(i, int(points[i]), int(places[i]))
                    for i in range(self.size)
                ],
                finished_at=ended,
                record=record,
            )
            with contextlib.suppress(store_rooms.RoomClosed, LookupError):
                await store_rooms.set_status(s, self.id, RoomStatus.OPEN)
        self._end(game, result)

    async def _abort(self, game: _Game, reason: str) -> None:
        """End a game that cannot go on: stored as aborted with the record of its log (master
        seed revealed), every player and spectator told with ``game_end`` (``aborted``)."""
        result = await _store_aborted(self.manager.state.db, game.id, self.id, reason)
        for seat in list(game.open):
            self._withdraw(game, seat)
        self._end(game, result)

    def _end(self, game: _Game, result: dict[str, Any]) -> None:
        """Tell everyone the game is over (with the master seed) and free the room."""
        end = GameEnd(
            room=self.id,
            game=game.id,
            master_seed=fairness.format_master_seed(game.master_seed),
            result=to_jsonable_python(result),
        )
        for slot in game.seats:
            if slot.user_id is not None:
                self.channel(slot.user_id).put(end)
        for ch in list(self.spectators.values()):
            ch.put(end, self.clock.monotonic() + self.settings.spectator_delay)
        for slot in game.seats:
            if slot.user_id is not None:
                self.manager.unseated(slot.user_id, self)
        self.game = None
        self.announce()

    async def stop(self) -> None:
        self.closed = True
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task
        for ch in self.channels.values():
            ch.close()
        for connection in list(self.spectators):
            self.unwatch(connection, announce=False)


#: How soon a thread waiting for the interpreter lock gets it from the event loop's thread.
THREAD_SWITCH_SECONDS = 0.001
#: The collector's thresholds (CPython's default: 700, 10, 10). Young collections every 10 000
#: allocations; the older generations at CPython's pace, so each is collected in time.
GC_THRESHOLDS = (10_000, 10, 10)
_gc_settled = False


def settle_gc() -> None:
    """Keep the cyclic garbage collector from stalling every table at once (once per process).

    A full collection walks every tracked object: with a few hundred tables that is a few
    hundred thousand objects, tens of milliseconds on an idle core and several hundred on a
    loaded one, and the event loop waits all along. So what is alive once the server has
    started (modules, the engines' tables, resumed games) is frozen out of the collector's
    walks, and young collections run less often than CPython's default.

    The older generations keep CPython's pace: every closed WebSocket leaves reference cycles
    (uvicorn's protocol, websockets' parser, the zlib state of permessage-deflate, some 60 KB)
    that only the collector frees, and with (50 000, 20, 100) those that had been promoted
    waited for a full collection that almost never came: the server grew by 50-100 MiB over
    the first 10 000 connections and went on growing (docs/server.md "Memory"). The second
    ``collect`` after the freeze resets the collector's count of long-lived objects to those
    it still walks; left at the frozen startup objects, it held off every full collection
    until a quarter of their number had piled up."""
    global _gc_settled
    if _gc_settled:
        return
    _gc_settled = True
    gc.collect()
    gc.freeze()
    gc.collect()
    gc.set_threshold(*GC_THRESHOLDS)


class RoomManager:
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
        self.queues: dict[tuple[str, str], list[tuple[User, float]]] = {}
        self._fillers: dict[tuple[str, str], asyncio.Task[None]] = {}
        #: Held from the checks of a lobby or queue change to its change in memory: the change
        #: is stored in between (an await), and nothing else may change seats or lines then.
        self.waiting_lock = asyncio.Lock()
        #: The rooms each connection (a ``play.Client``) watches: what its close takes along.
        self.watching: dict[Any, set[int]] = {}

    def seated(self, user_id: int, room: Room) -> None:
        self.by_user.setdefault(user_id, set()).add(room.id)

    def unseated(self, user_id: int, room: Room) -> None:
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
            raise RoomError("no_such_room", "no such room: room ids run from 1 to 2**63 - 1")
        async with self._lock:
            room = self.rooms.get(room_id)
            if room is not None:
                return room
            async with self.state.db.session() as s:
                row = await s.get(RoomRow, room_id)
            if row is None:
                raise RoomError("no_such_room", f"no room {room_id}")
            if row.status == RoomStatus.CLOSED.value:
                raise RoomError("room_closed", f"room {room_id} is closed")
            room = self.rooms[room_id] = Room(self, row)
            return room

    async def start(self) -> int:
        """At server startup: resume the live games, restore what waits for a game (lobbies,
        matchmaking lines), then settle the garbage collector and the interpreter's thread
        switching."""
        resumed = await self.resume_live()
        await self.restore_waiting()
        settle_gc()
        # Every action waits for the action log's thread; while the event loop runs Python, a
        # thread waiting for the interpreter lock gets it after this interval (default 5 ms).
        sys.setswitchinterval(THREAD_SWITCH_SECONDS)
        return resumed

    async def resume_live(self) -> int:
        """At startup: every live game played in a room is rebuilt by replay and goes on."""
        async with self.state.db.session() as s:
            live = [g for g in await store_games.live_games(s) if g.room_id is not None]
        resumed = 0
        for g in live:
            try:
                async with self.state.db.session() as s:
                    data = await store_games.load_live(s, g.id)
                    row = await s.get(RoomRow, g.room_id)
                if row is None:
                    continue
                room = self.rooms.get(row.id) or Room(self, row)
                self.rooms[row.id] = room
                await room.resume(data)
                resumed += 1
            except Exception:
                # A game nobody can resume would sit "live" forever and hold its room: end it
                # as aborted so its players see it finished and the room opens again.
                log.exception("game %s could not be resumed", g.id)
                await _store_aborted(self.state.db, g.id, g.room_id, "could not be resumed")
        return resumed

    async def restore_waiting(self) -> None:
        """At startup, after the live games: the matchmaking lines and the open lobbies."""
        await self.restore_queues()
        await self.restore_lobbies()

    async def restore_lobbies(self) -> int:
        """The stored seats of every open room's lobby, taken again; returns the rooms."""
        async with self.state.db.session() as s:
            lobbies = await store_rooms.open_lobbies(s)
        restored = 0
        for row, seats in lobbies.items():
            if row.id in self.rooms:  # a resumed game holds it (starting one clears the lobby)
                continue
            try:
                room = Room(self, row)
                room.restore_lobby(seats)
            except Exception:  # a ruleset this version lacks: the room stays in the database
                log.exception("room %s: its lobby could not be restored", row.id)
                continue
            self.rooms[row.id] = room
            restored += 1
        return restored

    async def restore_queues(self) -> int:
        """The stored matchmaking lines, in order; returns the players waiting.

        Each player's wait counts from when they queued (wall clock, the time the server was
        down included), so a line whose first player has waited the bot-fill time gets its
        table now and the others when due. A player waiting for a ruleset or preset this
        server no longer has leaves the line.
        """
        async with self.state.db.session() as s:
            entries = await store_rooms.queue_entries(s)
        wall, now = utcnow(), self.clock.monotonic()
        gone: list[int] = []
        for entry, user in entries:
            key = (entry.ruleset, entry.preset)
            try:
                self._line_size(key)
            except RoomError:
                gone.append(user.id)
                continue
            waited = max(0.0, (wall - entry.joined_at).total_seconds())
            self.queues.setdefault(key, []).append((user, now - waited))
        if gone:
            async with self.state.db.session() as s:
                await store_rooms.leave_queue(s, gone)
        async with self.waiting_lock:
            for key in list(self.queues):
                await self._advance(key)
        return sum(len(line) for line in self.queues.values())

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

    # ------------------------------------------------------------------ matchmaking
    @staticmethod
    def _line_size(key: tuple[str, str]) -> int:
        """The seats of a table for line ``key`` (ruleset, preset); refused when unknown."""
        ruleset_name, preset = key
        try:
            ruleset = get_ruleset(ruleset_name)
        except ValueError as exc:
            raise RoomError("unknown_ruleset", str(exc)) from None
        if preset not in getattr(ruleset, "presets", {}):
            raise RoomError("unknown_preset", f"{ruleset_name} has no preset {preset!r}")
        return int(getattr(ruleset, "seats", 4))

    def queued(self, user_id: int) -> tuple[str, str] | None:
        """The line ``user_id`` waits in, if any."""
        for key, line in self.queues.items():
            if any(u.id == user_id for u, _since in line):
                return key
        return None

    def _queued(self, key: tuple[str, str]) -> Queued:
        return Queued(ruleset=key[0], preset=key[1], waiting=len(self.queues.get(key, ())))

    def _tell_line(self, key: tuple[str, str]) -> None:
        """Everyone in line ``key`` hears how many wait in it now."""
        message = self._queued(key)
        for waiting, _since in self.queues.get(key, ()):
            self.hub.send(waiting.id, message)

    async def enqueue(self, user: User, ruleset_name: str, preset: str) -> None:
        """Wait for a table of ``ruleset``/``preset``; a full queue starts a game at once.

        The place in line is stored before anyone hears of it; a player in another line moves
        to the end of this one, one already in it keeps their place and hears of it again."""
        self._line_size((ruleset_name, preset))  # refused when unknown (aliases pass)
        preset = preset_name(get_ruleset(ruleset_name), preset)  # one line per preset
        key = (ruleset_name, preset)
        async with self.waiting_lock:
            if self.by_user.get(user.id):
                raise RoomError("seated_elsewhere", "you sit in a room: leave it first")
            if self.queued(user.id) == key:  # again (a client reconnecting): keep the place
                self.hub.send(user.id, self._queued(key))
                return
            async with self.state.db.session() as s:
                await store_rooms.join_queue(s, user.id, ruleset_name, preset, utcnow())
            left = self._unqueue(user.id)
            if left is not None:
                self._tell_line(left)
            self.queues.setdefault(key, []).append((user, self.clock.monotonic()))
            self._tell_line(key)
            await self._advance(key)

    async def unqueue(self, user_id: int) -> None:
        """Leave the line (stored first); the player hears they are out of it either way."""
        async with self.waiting_lock:
            if self.queued(user_id) is not None:
                async with self.state.db.session() as s:
                    await store_rooms.leave_queue(s, [user_id])
                left = self._unqueue(user_id)
                assert left is not None
                self._tell_line(left)
        self.hub.send(user_id, Queued(ruleset=None, preset=None, waiting=0))

    def _unqueue(self, user_id: int) -> tuple[str, str] | None:
        """Take ``user_id`` out of their line in memory; returns that line."""
        for key, line in self.queues.items():
            for i, (u, _since) in enumerate(line):
                if u.id == user_id:
                    del line[i]
                    return key
        return None

    async def _advance(self, key: tuple[str, str]) -> None:
        """Seat a full line's first players at a table; a line left waiting gets its bot-fill
        timer (when the operator set one). The caller holds ``waiting_lock``."""
        seats = self._line_size(key)
        line = self.queues.get(key, [])
        while len(line) >= seats and await self._seat_first(key, seats):
            pass
        if line and self.state.settings.matchmaking_bot_fill_seconds is not None:
            filler = self._fillers.get(key)
            if filler is None or filler.done():
                self._fillers[key] = asyncio.get_running_loop().create_task(self._fill(key))

    async def _seat_first(self, key: tuple[str, str], seats: int) -> bool:
        """Start a table for the first ``seats`` players of line ``key`` (bots take the seats
        left); returns whether it started. Their stored places go with the storing of their
        game; a table that cannot start leaves them first in line."""
        line = self.queues[key]
        taken = line[:seats]
        del line[:seats]
        players = [u for u, _since in taken]
        try:
            await self._form_table(key, players)
        except Exception:
            log.exception("matchmaking %s: the table could not start", key)
            line[:0] = taken
            self._tell_line(key)
            return False
        self._tell_line(key)
        return True

    async def _fill(self, key: tuple[str, str]) -> None:
        """Bots take the free seats once the first player in line has waited long enough."""
        wait = float(self.state.settings.matchmaking_bot_fill_seconds or 0)
        seats = self._line_size(key)
        while self.queues.get(key):
            delay = self.queues[key][0][1] + wait - self.clock.monotonic()
            if delay > 0:
                await self.clock.sleep(delay)
                continue
            async with self.waiting_lock:
                line = self.queues.get(key)
                # The line may have changed while this task waited for the lock.
                if not line or line[0][1] + wait > self.clock.monotonic():
                    continue
                started = await self._seat_first(key, seats)
            if not started:
                await asyncio.sleep(RETRY_SECONDS)  # the database may be coming back

    async def _form_table(self, key: tuple[str, str], players: list[User]) -> None:
        from openmahjong.server.rooms import TableSettings

        ruleset_name, preset = key
        ruleset = get_ruleset(ruleset_name)
        rules = ruleset.options(preset)
        rules = rules.model_dump() if isinstance(rules, BaseModel) else dict(rules)
        async with self.state.db.session() as s:
            row = await store_rooms.create_room(
                s,
                name=f"{ruleset_name} {preset} (matchmaking)",
                ruleset=ruleset_name,
                preset=preset,
                owner_id=None,
                options={"rules": rules, "table": TableSettings().model_dump()},
            )
        room = self.rooms[row.id] = Room(self, row)
        for i, user in enumerate(players):
            room.lobby[i] = SeatSlot(
                name=user.name, user_id=user.id, ready=True, remote=bool(user.is_bot)
            )
        for i in range(len(players), room.size):
            room.lobby[i] = SeatSlot(name=f"bot-{i - len(players) + 1}", bot=True, ready=True)
        for user in players:
            self.hub.send(user.id, Queued(ruleset=None, preset=None, waiting=0))
        seated = [slot for slot in room.lobby if slot is not None]
        try:
            await room._begin(seated, from_queue=[u.id for u in players])
        except Exception:
            # Nobody sits in a room whose game did not start (its row stays open and empty).
            del self.rooms[row.id]
            for user in players:
                self.unseated(user.id, room)
            raise

    async def command(self, user: User, message: Any, connection: Any = None) -> None:
        """Carry out a room or queue command of ``user`` sent on ``connection`` (a
        ``play.Client``; what answers only the asker goes there)."""
        from openmahjong.server.protocol import AddBot, Join, Kick, Leave, Queue, Ready, Start

        if isinstance(message, Queue):
            await self.enqueue(user, message.ruleset, message.preset)
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

    async def room_closed(self, room_id: int) -> None:
        """A room was closed over HTTP (its row already says so): whoever sat in its lobby
        stands up and, like its spectators, hears the room is closed; nothing of it stays in
        memory, so its players may queue or join elsewhere at once."""
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
        for task in self._fillers.values():
            task.cancel()
        for room in list(self.rooms.values()):
            await room.stop()
        await self.writer.close()
