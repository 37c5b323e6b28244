"""Rooms at play: one asyncio task per table owns one match and only *times* it.

The core (the ruleset's match over the turn kernel) decides what is legal and who wins a
claim; a room asks the seats the kernel is waiting for, starts their clocks, plays the kernel's
default action when a clock runs out, writes every action to the store **before** anyone hears
of it, and hands each seat exactly what ``event.visible_to(seat)`` lets it see.

This module is the game task (prompts, answers, timeouts, the end of a game). The rest of a
room, one job per module (docs/server.md "The server's modules"):

* ``seats.py``: who sits, which bot plays a seat, ``RoomError``;
* ``lobby.py``: the lobby (seats, readiness, bots, kicks, watching, start);
* ``game_setup.py``: starting a game (seed, commitment, seat order, match, stored row);
* ``clock.py``: the injected clock every timing reads; ``clocks.py``: move time, bank,
  tactical window; ``protection.py``: call protection's delays, as pure functions;
* ``channel.py``: each recipient's ordered, delayed outbox; ``broadcast.py``: who sees
  what, when;
* ``recovery.py``: tables rebuilt from their log (restart, failed step), startup restore;
* ``directory.py``: ``RoomManager``, every room in memory and the commands routed to them;
  ``matchmaking.py``: the lines; ``runtime.py``: the collector and thread switching.

``openmahjong.server.room`` still names what its importers used (``RoomManager``,
``settle_gc``, ``view_to_dict``, ``SeatSlot``, ``RoomError``, ``TACTICAL_SECONDS``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from typing import TYPE_CHECKING, Any

from pydantic_core import to_jsonable_python

from openmahjong import fairness, ranks, stats
from openmahjong.rules.registry import get_ruleset
from openmahjong.server import clocks
from openmahjong.server.broadcast import RoomBroadcast, view_to_dict
from openmahjong.server.channel import Channel
from openmahjong.server.choice_reply import checker, read_choice
from openmahjong.server.clock import Clock
from openmahjong.server.clocks import TACTICAL_SECONDS
from openmahjong.server.game_setup import GameSetup
from openmahjong.server.game_state import _Game, _Open
from openmahjong.server.hand_hold import hold_after_hand
from openmahjong.server.lobby import RoomLobby
from openmahjong.server.play import encode
from openmahjong.server.protocol import Error, GameEnd, HandEnd, Prompt
from openmahjong.server.recovery import (
    FAILURES_BEFORE_ABORT,
    RETRY_SECONDS,
    RoomRecovery,
    store_aborted,
)
from openmahjong.server.seats import RoomError, SeatSlot
from openmahjong.store import games as store_games
from openmahjong.store import rooms as store_rooms
from openmahjong.store.models import Room as RoomRow
from openmahjong.store.models import RoomStatus, utcnow
from openmahjong.table.actions import Action, action_from_dict, action_to_dict
from openmahjong.table.choices import ChoiceRule
from openmahjong.table.kernel import Phase

__all__ = [
    "TACTICAL_SECONDS",
    "Channel",
    "Room",
    "RoomError",
    "SeatSlot",
    "view_to_dict",
]

if TYPE_CHECKING:
    from openmahjong.server.parts import ManagerParts

log = logging.getLogger("openmahjong.server.room")


def _answered_already(entry: _Open) -> bool:
    """A person's prompt whose reply the ledger accepted and the room has not played yet."""
    answer = entry.prompt.answer if entry.prompt is not None else None
    return answer is not None and answer.done() and not answer.cancelled()


async def _sleep_until(clock: Clock, deadline: float) -> None:
    await clock.sleep(max(0.0, deadline - clock.monotonic()))


class Room(RoomLobby, GameSetup, RoomBroadcast, RoomRecovery):
    """One room: its lobby, and while a game runs, the task that runs it."""

    def __init__(self, manager: ManagerParts, row: RoomRow) -> None:
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
        self.casual = bool((row.options or {}).get("casual", False))
        self.duplicate_key = (row.options or {}).get("duplicate_key")
        self.tier = None if self.casual else (row.options or {}).get("tier")
        #: An event's room (``event_seats``): the event, and the account each seat is kept for.
        self.event_id: int | None = (row.options or {}).get("event")
        self.assigned: list[int | None] | None = (row.options or {}).get("assigned")
        self.row = row
        self.ruleset = get_ruleset(row.ruleset)
        self.size: int = self.ruleset.seats
        self.lobby: list[SeatSlot | None] = [None] * self.size
        #: One channel per watching *connection* (a ``play.Client``): a socket watches, not an
        #: account, so a catch-up goes to the socket that asked for it and to no other.
        self.spectators: dict[Any, Channel] = {}
        self.channels: dict[int, Channel] = {}  # user id -> channel, seated players
        self.game: _Game | None = None
        self.task: asyncio.Task[None] | None = None
        self.wake = asyncio.Event()
        self.closed = False

    # ------------------------------------------------------------------ players and seats
    # ``game.seats`` is indexed by player (A, B, C, D: the order the seed gave). Under Riichi a
    # player keeps one table seat; under MCR seats change between wind rounds, and the match
    # says who sits where (``player_at`` / ``seat_of``).
    @staticmethod
    def _player_at(game: _Game, seat: int) -> int:
        return game.match.player_at(seat)

    @staticmethod
    def _seat_of(game: _Game, player: int) -> int:
        return game.match.seat_of(player)

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
                while not game.match.finished or game.hold is not None:
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

    def _decision_key(self, game: _Game, seat: int) -> tuple[Any, ...]:
        table = game.match.table
        if table.phase == Phase.REACTION:
            return (id(table), "reaction", id(table.trigger))
        if table.phase == Phase.SPECIAL:
            # A seat's choice rule is one decision: a new rule (the next stage) is a new one.
            return (id(table), "special", id(table.rules.get(seat)))
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
        # Seats that may act but need not (free play: all but the seat on turn): no clock,
        # and a bot there is not asked.
        optional = game.match.optional_seats()
        for seat in sorted(waiting):
            legal = table.legal_actions(seat)
            rule = table.rules.get(seat) if table.phase == Phase.SPECIAL else None
            key = self._decision_key(game, seat)
            current = game.open.get(seat)
            player = self._player_at(game, seat)
            slot = game.seats[player]
            # A bot account without a connection: our bot plays its seat until it is back.
            stand_in = (
                slot.remote
                and slot.user_id is not None
                and not self.manager.bot_connected(slot.user_id)
            )
            free = seat in optional
            if free and (slot.bot or slot.user_id is None or stand_in):
                self._withdraw(game, seat)
                continue
            if optional and current is not None and _answered_already(current):
                # A table where every seat may move (free play): a reply accepted while another
                # seat's move was applied is still played (or refused, ``_answered``) before
                # the seat is asked anew, never dropped.
                continue
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
                    None,
                    list(legal),
                    key,
                    now,
                    now,
                    tactical,
                    bot=game.bots.get(player),
                    rule=rule,
                )
                continue
            context: dict[str, Any] = {"room": self.id, "game": game.id, "seat": seat}
            if free:
                context["optional"] = True
            else:
                move, bank = clocks.prompt_window(
                    self.settings.move_seconds, game.banks[seat], tactical
                )
                context.update(move_seconds=move, bank_seconds=round(bank, 3), tactical=tactical)
            # As JSON will carry them (tuples become lists), so a reply compares equal.
            # A choice rule's seat is offered its description, and a reply the rule accepts.
            pending = self.manager.hub.ledger(slot.user_id).issue(
                [to_jsonable_python(action_to_dict(a)) for a in legal],
                context,
                choice=rule.describe() if rule is not None else None,
                check=checker(rule) if rule is not None else None,
            )
            shown = self.channel(slot.user_id).put(
                Prompt(
                    seq=pending.seq,
                    actions=pending.actions,
                    context=pending.context,
                    choice=pending.choice,
                )
            )
            game.open[seat] = _Open(
                pending,
                list(legal),
                key,
                math.inf if free else clocks.deadline(shown, move, bank),
                shown,
                tactical,
                slot.user_id,
                rule=rule,
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
        if game.hold is not None:
            await self._wait_out_hold(game)
            return
        self._sync_prompts(game)
        table = game.match.table
        # Bots answer at once, through the same path as a player's reply.
        for seat, entry in sorted(game.open.items()):
            if entry.prompt is None:
                legal = entry.actions
                if entry.rule is not None:
                    action = self._bot_choice(table, seat, entry)
                elif len(legal) == 1:
                    action = legal[0]
                else:
                    action = entry.bot.act(table.view(seat, events=False))
                await self._apply(game, seat, action, offered=legal, rule=entry.rule)
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
        waker = asyncio.ensure_future(self.wake.wait())
        # The deadline, on the room's clock, read when the timer starts (a turn of the loop
        # later): a wait measured before would end that much past the deadline. None when
        # every seat asked is optional (free play with no clock running).
        timer = (
            asyncio.ensure_future(_sleep_until(self.clock, deadline))
            if deadline != math.inf
            else None
        )
        try:
            done, _ = await asyncio.wait(
                [*futures, waker, *([timer] if timer is not None else [])],
                return_when=asyncio.FIRST_COMPLETED,
            )
        finally:
            waker.cancel()
            if timer is not None:
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

    def _bot_choice(self, table: Any, seat: int, entry: _Open) -> Action:
        """A bot's answer to a parametric choice; a bot that cannot make it (it knows only
        listed actions, or picks what the rule refuses) plays what a timeout would."""
        assert entry.rule is not None
        try:
            action: Action | None = entry.bot.act(table.view(seat, events=False))
        except (IndexError, TypeError, ValueError, AttributeError):
            action = None
        if action is None or (action not in entry.actions and not entry.rule.accepts(action)):
            log.warning("room %s: bot seat %d chose %r: the default instead", self.id, seat, action)
            action = entry.rule.default()
        return action

    async def _answered(self, game: _Game, seat: int, data: dict[str, Any]) -> None:
        entry = game.open.pop(seat)
        game.banks[seat] = clocks.bank_after_answer(
            game.banks[seat],
            entry.shown_at,
            self.clock.monotonic(),
            self.settings.move_seconds,
            entry.tactical,
        )
        assert entry.prompt is not None
        if entry.rule is not None and data not in entry.prompt.actions:
            chosen, reason = read_choice(entry.rule, data)  # the ledger checked it already
            if chosen is None:
                if not game.match.optional_seats():
                    raise RuntimeError(
                        f"room {self.id}: seat {seat}'s choice was refused: {reason}"
                    )
                # Free play: another seat's move, applied first, made this one impossible (both
                # reached for the same discard). Refused now, and the seat is asked again.
                assert entry.user_id is not None
                self.channel(entry.user_id).put(
                    Error(
                        code="illegal_action",
                        message=f"prompt {entry.prompt.seq}: {reason}",
                        seq=entry.prompt.seq,
                        params={"seq": entry.prompt.seq, "reason": reason},
                    )
                )
                return
            action = chosen
        else:
            action = action_from_dict(data)
        await self._apply(game, seat, action, offered=entry.actions, rule=entry.rule)

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
        rule: ChoiceRule | None = None,
    ) -> None:
        """Store the action, let the core apply it, then tell each seat what it may see.
        ``offered`` is what the open prompt offered: the core's legal actions for this very
        decision (the prompt is current), so legality costs no second ``legal_actions``; or,
        for a parametric choice, what its ``rule`` accepts."""
        match = game.match
        table = match.table
        if timed_out:
            action = table.default_action(seat)
        elif action not in offered and (rule is None or action is None or not rule.accepts(action)):
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
        label = match.label_data()
        events = match.timeout(seat) if timed_out else match.act(seat, action)
        self._broadcast(game, table, events, was_reaction, seating)
        if len(match.results) != game.hands_done:
            game.hands_done = len(match.results)
            game.banks = clocks.fresh_banks(self.settings.bank_seconds, self.size)
            # The next hand (dealt inside ``act``) or the game's end waits for the players
            # to read this hand's result.
            self._hold_after_hand(game, seating, label)

    # ------------------------------------------------------------------ between hands
    def _hold_after_hand(self, game: _Game, seating: list[int], label: dict[str, Any]) -> None:
        """The hand ended: tell everyone (``hand_end``) and hold the next hand, or the game's
        end, until every seated human continues or ``hand_end_seconds`` pass
        (``hand_hold.py``)."""
        now = self.clock.monotonic()
        humans = {
            slot.user_id: seating[player]
            for player, slot in enumerate(game.seats)
            if slot.user_id is not None and not slot.bot and not slot.remote
        }
        game.hold = hold_after_hand(
            game.hands_done - 1, now, self.settings.hand_end_seconds, humans, label
        )
        message = encode(self._hand_end_message(game, now))
        for slot in game.seats:
            if slot.user_id is not None:
                self.channel(slot.user_id).put(message)
        # Spectators see it with the hand's other public events, and so does a catch-up.
        game.public_log.append((now, message))
        for ch in list(self.spectators.values()):
            ch.put(message, now + self.settings.spectator_delay)

    def _hand_end_message(self, game: _Game, now: float) -> HandEnd:
        """The open hold as a ``hand_end`` message at ``now``."""
        hold = game.hold
        assert hold is not None
        hands = game.match.hands
        return HandEnd(
            room=self.id,
            game=game.id,
            hand=hold.hand,
            seconds=hold.seconds_left(now),
            waiting=hold.waiting_seats(),
            label=hold.label,
            summary=to_jsonable_python(hands[hold.hand]) if hold.hand < len(hands) else {},
        )

    async def continue_(self, user_id: int, game_id: int) -> None:
        """A player read the hand's result. A ``continue`` that nothing waits for (a second
        press, one after the time ran out or after the game ended, one for another game)
        changes nothing and is not an error: the button is pressed as the hold ends."""
        game = self.game
        if game is None or game.id != game_id:
            return
        hold = game.hold
        if hold is None or not hold.continued(user_id):
            return
        message = encode(self._hand_end_message(game, self.clock.monotonic()))
        for slot in game.seats:
            if slot.user_id is not None:
                self.channel(slot.user_id).put(message)
        self.wake.set()

    async def _wait_out_hold(self, game: _Game) -> None:
        """Wait until the hold is over (every human continued, or its time ran out), then
        start the next hand for everyone (after the last hand, ``_run`` ends the game)."""
        hold = game.hold
        assert hold is not None
        while not hold.over(self.clock.monotonic()):
            waker = asyncio.ensure_future(self.wake.wait())
            timer = asyncio.ensure_future(
                self.clock.sleep(max(0.0, hold.deadline - self.clock.monotonic()))
            )
            try:
                await asyncio.wait([waker, timer], return_when=asyncio.FIRST_COMPLETED)
            finally:
                waker.cancel()
                timer.cancel()
            self.wake.clear()
        game.hold = None
        if not game.match.finished:
            self._start_next_hand(game)

    def _start_next_hand(self, game: _Game) -> None:
        """Every seat starts the new hand from a full view, spectators from its public start
        (the match dealt it inside ``act``: no event of the action carries it)."""
        for player, slot in enumerate(game.seats):
            if slot.user_id is not None:
                seat_now = self._seat_of(game, player)
                self.channel(slot.user_id).put(self._view_message(seat_now))
        now = self.clock.monotonic()
        for message in self._log_hand_start(game, now):
            for ch in list(self.spectators.values()):
                ch.put(message, now + self.settings.spectator_delay)

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
            await stats.record_game(s, game.id)  # the statistics' summaries, likewise
            # Ranks and ratings, in the same transaction; a failure there must not lose the
            # game's end: it is logged, and `openmahjong stats rebuild` recomputes them.
            try:
                async with s.begin_nested():
                    await ranks.record_game(s, game.id)
            except Exception:
                log.exception("room %s: game %s: ranks not updated", self.id, game.id)
            with contextlib.suppress(store_rooms.RoomClosed, LookupError):
                await store_rooms.set_status(s, self.id, RoomStatus.OPEN)
        self._end(game, result)

    async def _abort(self, game: _Game, reason: str) -> None:
        """End a game that cannot go on: stored as aborted with the record of its log (master
        seed revealed), every player and spectator told with ``game_end`` (``aborted``)."""
        result = await store_aborted(self.manager.state.db, game.id, self.id, reason)
        for seat in list(game.open):
            self._withdraw(game, seat)
        self._end(game, result)

    def _end(self, game: _Game, result: dict[str, Any]) -> None:
        """Tell everyone the game is over (with the master seed, unless the game played a
        duplicate set's walls: then the seed waits for the set to close) and free the room."""
        end = GameEnd(
            room=self.id,
            game=game.id,
            master_seed=(
                None
                if self.duplicate_key is not None
                else fairness.format_master_seed(game.master_seed)
            ),
            result=to_jsonable_python(result),
            players=[s.name for s in game.seats],
            commitment=game.commitment,
            salt=game.salt,
            duplicate_key=self.duplicate_key,
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
