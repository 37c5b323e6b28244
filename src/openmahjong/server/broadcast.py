"""What a room sends to whom, and when.

Each seat gets exactly what ``event.visible_to(seat)`` lets it see, through its own ordered,
time-stamped channel (``server/channel.py``), so a delay never reorders what one seat sees.
When a discard can be claimed the held seats see it later (``server/protection.py``).
Spectators are connections: each watching socket has its own channel and sees the public
events ``spectator_delay`` seconds late, from the start of the hand it would see now.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from pydantic import BaseModel
from pydantic_core import to_jsonable_python

from openmahjong.server import protection
from openmahjong.server.channel import Channel
from openmahjong.server.game_state import _Game
from openmahjong.server.parts import RoomParts
from openmahjong.server.play import encode
from openmahjong.server.protocol import GameEvent, GameStart, View
from openmahjong.table.actions import action_to_dict
from openmahjong.table.events import Called, Event, event_to_dict
from openmahjong.table.kernel import Phase, SeatView

__all__ = ["RoomBroadcast", "view_to_dict"]


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


class RoomBroadcast(RoomParts):
    """What a room sends, and when: its state to members and watchers, each seat's channel,
    the game's start and views, every action's events as each seat and the spectators may
    see them (call protection: ``server/protection.py``), and the public log spectators
    catch up from. Mixed into :class:`~openmahjong.server.room.Room`."""

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
            connection.post, gone=lambda: self._cut_off(connection), clock=self.clock
        )
        self.manager.watching.setdefault(connection, set()).add(self.id)
        return ch

    def _cut_off(self, connection: Any) -> None:
        """A watching socket too slow for its channel: it watches no more."""
        self.unwatch(connection)

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
            ch = self.channels[user_id] = Channel(partial(hub.send, user_id), clock=self.clock)
        return ch

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
            room=self.id,
            game=game.id,
            seat=seat,
            view=view_to_dict(game.match.table.view(seat)),
            label=game.match.label_data(),
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
        """A hand was dealt: its public start goes to the public log, which forgets what no
        spectator can be sent any more (the hands before the one a new spectator would see).
        Returns the messages.

        The start is the spectators' ``view`` (seat null) of the new table, as a seat gets its
        own: it resets everything a client shows (ponds, melds, dora, points, the wall count,
        the label) in every ruleset, including one whose hand starts with no public event at
        all (MCR's deal is private), and carries the deal's public events in ``events``."""
        start = self._replay_start(game, now)
        if start:
            del game.public_log[:start]
            game.hand_starts = [i - start for i in game.hand_starts if i >= start]
        game.hand_starts.append(len(game.public_log))
        messages = [encode(self._view_message(None))]
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
            if game.hold is not None:  # between hands: the result, and who is still reading
                send(self._hand_end_message(game, self.clock.monotonic()))

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
        for shown in (e.visible_to(None) for e in events):
            if shown is None:
                continue
            message = message_for(shown)
            game.public_log.append((now, message))
            for ch in list(self.spectators.values()):  # a channel may close on the way
                ch.put(message, now + s.spectator_delay)
        goes_on = table.phase == Phase.REACTION and not called and table is game.match.table
        game.protected, game.protect_acted = protection.held_seats(
            self.size, opened, discarder, game.protected, game.protect_acted, goes_on
        )
