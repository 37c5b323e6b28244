"""Crash recovery: a started game's seats, header and master seed are stored, then each action
with the clocks a restarted server needs (banks, prompt numbers); a table is rebuilt by
replaying that log, after a restart or after a step that failed. What waits for a game (open
lobbies, matchmaking lines) is stored too and taken again at startup.
"""

from __future__ import annotations

import contextlib
import logging
from typing import Any

from openmahjong import fairness
from openmahjong.server.game_state import _Game
from openmahjong.server.parts import ManagerParts, RoomParts
from openmahjong.server.seats import SeatSlot, stored_slot
from openmahjong.store import games as store_games
from openmahjong.store import rooms as store_rooms
from openmahjong.store.models import GameStatus, RoomStatus
from openmahjong.store.models import Room as RoomRow
from openmahjong.table.match import replay_into

__all__ = [
    "FAILURES_BEFORE_ABORT",
    "RETRY_SECONDS",
    "RestoreAtStartup",
    "RoomRecovery",
    "store_aborted",
]

log = logging.getLogger(__name__)

#: A room task that fails this many times in a row ends its game as aborted.
FAILURES_BEFORE_ABORT = 3
#: Pause before rebuilding a failed table, times the failures so far (the database may be
#: coming back).
RETRY_SECONDS = 0.5


async def store_aborted(db: Any, game_id: int, room_id: int | None, reason: str) -> dict[str, Any]:
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
            if room_id is not None:  # a game played outside a room has none to open
                with contextlib.suppress(store_rooms.RoomClosed, LookupError):
                    await store_rooms.set_status(s, room_id, RoomStatus.OPEN)
    except Exception:
        log.exception("room %s: game %s could not be stored as aborted", room_id, game_id)
    log.warning("room %s: game %s aborted: %s", room_id, game_id, reason)
    return result


class RoomRecovery(RoomParts):
    """A table rebuilt from its stored log: after a restart (``resume``) or after a step that
    failed (``_rebuild``). Mixed into :class:`~openmahjong.server.room.Room`."""

    def _replayed_match(self, live: store_games.LiveGame, seats: list[SeatSlot]) -> Any:
        """The match of a live game, rebuilt by replaying its stored log."""
        g = live.game
        by_name = {s.name: s for s in seats}
        order = g.header.get("player_entry_order") or [s.name for s in seats]
        entries = [by_name.get(name, seats[i]) for i, name in enumerate(order)]
        options = None
        if "options" in g.header:  # exactly the options the game began with
            options = self.ruleset.options_schema(**g.header["options"])
        master_seed = fairness.parse_master_seed(g.master_seed)
        match = self._new_match(master_seed, g.salt, entries, options)
        # The stored rows as a hand log's entries ([seat, action, *flags]): one replay for
        # records, hands and restarts (table.match.replay_into).
        log = [[a.seat, a.action, *(["timeout"] if a.timeout else [])] for a in live.actions]
        return replay_into(match, {"actions": log})

    async def resume(self, live: store_games.LiveGame) -> None:
        """Rebuild a live game from its stored log (after a restart) and play on, with the
        banks and prompt numbers the last stored action recorded (``_clock``)."""
        g = live.game
        seats = [stored_slot(s.display_name, s.user_id, s.is_bot, True) for s in live.seats]
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
        game.hands_done = len(match.results)
        game.answered = set()
        game.window_key = None
        game.protected = set()
        game.protect_acted = False
        game.hold = None  # a rebuilt table goes on: everyone gets the current hand now
        for player, slot in enumerate(game.seats):
            if slot.user_id is not None:
                self.channel(slot.user_id).put(self._view_message(self._seat_of(game, player)))


class RestoreAtStartup(ManagerParts):
    """At startup, what the last process left: live games resumed, open lobbies taken again
    (the matchmaking lines: ``Matchmaking.restore_queues``). Mixed into
    :class:`~openmahjong.server.directory.RoomManager`."""

    async def resume_live(self) -> int:
        """At startup: every live game played in a room is rebuilt by replay and goes on."""
        from openmahjong.server.room import Room

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
                await store_aborted(self.state.db, g.id, g.room_id, "could not be resumed")
        return resumed

    async def restore_waiting(self) -> None:
        """At startup, after the live games: the matchmaking lines and the open lobbies."""
        await self.restore_queues()
        await self.restore_lobbies()

    async def restore_lobbies(self) -> int:
        """The stored seats of every open room's lobby, taken again; returns the rooms."""
        from openmahjong.server.room import Room

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
