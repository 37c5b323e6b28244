"""Matchmaking: players wait in a line per (ruleset, preset, casual, tier) and a full line gets
a table of its own (a room made for it). Places in line are stored before anyone hears of them;
a restart keeps each line in order, each player's wait counted from when they queued.

Each preset has two lines: the ranked one and the casual one (Mahjong Soul's Casual Room): the
same rules, no rank requirement, and its games stored with ``casual`` so they never count for
statistics, ratings or ranks (``Game.counts_for_stats``). The ranked side has one line per room
tier (Bronze ... Throne, ``openmahjong.ranks``): a rank below the tier's gate is refused, and a
line holding more players than a table seats puts the first in line with those whose ratings
are closest (``ranks.matching.closest_table``).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from openmahjong.ranks import matching as rank_matching
from openmahjong.ranks.ladder import Tier
from openmahjong.rules.registry import get_ruleset, preset_name
from openmahjong.server.parts import ManagerParts
from openmahjong.server.protocol import Queued
from openmahjong.server.recovery import RETRY_SECONDS
from openmahjong.server.seats import RoomError, SeatSlot
from openmahjong.store import rooms as store_rooms
from openmahjong.store.models import User, utcnow

__all__ = ["Matchmaking", "Line", "line_name"]

log = logging.getLogger(__name__)

#: A matchmaking line: (ruleset, preset, casual, tier); the tier is None for the casual line.
Line = tuple[str, str, bool, str | None]


def line_name(key: Line) -> str:
    """How a line is named in messages: ``riichi majsoul-tonpuu (gold)`` or ``... (casual)``."""
    return f"{key[0]} {key[1]}" + (" (casual)" if key[2] else f" ({key[3] or 'bronze'})")


class Matchmaking(ManagerParts):
    """The matchmaking lines, two per (ruleset, preset), ranked and casual: first come, first
    seated; a full line starts a table, and bots fill one once its first player has waited
    ``matchmaking_bot_fill_seconds``. Mixed into
    :class:`~openmahjong.server.directory.RoomManager`."""

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
            casual = bool(entry.casual)
            key = (entry.ruleset, entry.preset, casual, None if casual else entry.tier or "bronze")
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

    @staticmethod
    def _line_size(key: Line) -> int:
        """The seats of a table for line ``key`` (ruleset, preset, casual, tier); refused when
        unknown."""
        ruleset_name, preset, _casual, _tier = key
        try:
            ruleset = get_ruleset(ruleset_name)
        except ValueError as exc:
            raise RoomError("unknown_ruleset", str(exc), ruleset=ruleset_name) from None
        if preset not in ruleset.presets:
            raise RoomError(
                "unknown_preset",
                f"{ruleset_name} has no preset {preset!r}",
                ruleset=ruleset_name,
                preset=preset,
            )
        return ruleset.seats

    def queued(self, user_id: int) -> Line | None:
        """The line ``user_id`` waits in, if any."""
        for key, line in self.queues.items():
            if any(u.id == user_id for u, _since in line):
                return key
        return None

    def _queued(self, key: Line) -> Queued:
        return Queued(
            ruleset=key[0],
            preset=key[1],
            casual=key[2],
            tier=key[3],
            waiting=len(self.queues.get(key, ())),
            bot_fill_seconds=self.state.settings.matchmaking_bot_fill_seconds,
        )

    def _tell_line(self, key: Line) -> None:
        """Everyone in line ``key`` hears how many wait in it now."""
        message = self._queued(key)
        for waiting, _since in self.queues.get(key, ()):
            self.hub.send(waiting.id, message)

    async def enqueue(
        self,
        user: User,
        ruleset_name: str,
        preset: str,
        *,
        casual: bool = False,
        tier: str = "bronze",
    ) -> None:
        """Wait for a table of ``ruleset``/``preset`` (``casual``: in its unranked line, else in
        the ranked line of room ``tier``); a full queue starts a game at once.

        The place in line is stored before anyone hears of it; a player in another line moves
        to the end of this one, one already in it keeps their place and hears of it again. A
        rank below the tier's gate is refused (``rank_too_low``) and changes nothing."""
        line_tier = None if casual else self._tier(tier)
        self._line_size((ruleset_name, preset, casual, line_tier))  # refused when unknown
        preset = preset_name(get_ruleset(ruleset_name), preset)  # one line per preset
        key: Line = (ruleset_name, preset, casual, line_tier)
        if line_tier is not None:
            await self._check_gate(user, ruleset_name, Tier(line_tier))
        async with self.waiting_lock:
            if await self.seats_elsewhere(user.id, None):
                raise RoomError("seated_elsewhere", "you sit in a room: leave it first")
            if self.queued(user.id) == key:  # again (a client reconnecting): keep the place
                self.hub.send(user.id, self._queued(key))
                return
            async with self.state.db.session() as s:
                await store_rooms.join_queue(
                    s, user.id, ruleset_name, preset, utcnow(), casual=casual, tier=line_tier
                )
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

    def _unqueue(self, user_id: int) -> Line | None:
        """Take ``user_id`` out of their line in memory; returns that line."""
        for key, line in self.queues.items():
            for i, (u, _since) in enumerate(line):
                if u.id == user_id:
                    del line[i]
                    return key
        return None

    async def _advance(self, key: Line) -> None:
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

    @staticmethod
    def _tier(tier: str) -> str:
        try:
            return Tier(tier).value
        except ValueError:
            raise RoomError(
                "unknown_tier",
                f"no room tier {tier!r}: one of {', '.join(t.value for t in Tier)}",
                tier=tier,
            ) from None

    async def _check_gate(self, user: User, ruleset_name: str, tier: Tier) -> None:
        """Refuse a player whose rank is below the tier's gate (their rank and the gate said)."""
        try:
            async with self.state.db.session() as s:
                refusal = await rank_matching.gate_refusal(s, user.id, ruleset_name, tier)
        except ValueError:  # a ruleset without a ladder has no gates
            return
        if refusal is not None:
            rank, gate = refusal
            raise RoomError(
                "rank_too_low",
                f"the {tier.value} line needs {gate} or higher on {ruleset_name}; you are {rank}",
                ruleset=ruleset_name,
                tier=tier.value,
                rank=rank,
                needs=gate,
            )

    async def _pick(self, key: Line, seats: int) -> list[int]:
        """Who in line ``key`` sits at the next table (indexes): a ranked line longer than a
        table seats the first in line with the closest ratings; otherwise the first ``seats``."""
        line = self.queues[key]
        if key[2] or len(line) <= seats:
            return list(range(min(seats, len(line))))
        try:
            async with self.state.db.session() as s:
                ratings = await rank_matching.ordinals(s, [u.id for u, _ in line], key[0])
        except Exception:
            log.exception("matchmaking %s: ratings unavailable, first come first seated", key)
            return list(range(seats))
        return rank_matching.closest_table(ratings, seats)

    async def _seat_first(self, key: Line, seats: int) -> bool:
        """Start a table for ``seats`` players of line ``key`` (the first in line and, in a
        longer ranked line, the closest ratings; bots take the seats left); returns whether it
        started. Their stored places go with the storing of their game; a table that cannot
        start leaves them where they were in line."""
        line = self.queues[key]
        chosen = await self._pick(key, seats)
        taken = [line[i] for i in chosen]
        for i in reversed(chosen):
            del line[i]
        players = [u for u, _since in taken]
        try:
            await self._form_table(key, players)
        except Exception:
            log.exception("matchmaking %s: the table could not start", key)
            for i, entry in zip(chosen, taken, strict=True):
                line.insert(i, entry)
            self._tell_line(key)
            return False
        self._tell_line(key)
        return True

    async def _fill(self, key: Line) -> None:
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

    async def _form_table(self, key: Line, players: list[User]) -> None:
        from openmahjong.server.rooms import TableSettings

        ruleset_name, preset, casual, tier = key
        ruleset = get_ruleset(ruleset_name)
        rules = ruleset.options(preset).model_dump()
        options: dict[str, Any] = {"rules": rules, "table": TableSettings().model_dump()}
        options["matchmaking"] = True  # the client words its name (the stored one is English)
        if casual:  # the room's games are stored casual (``Room.casual``)
            options["casual"] = True
        elif tier is not None:  # the room's games are stored with their tier (ranked)
            options["tier"] = tier
        async with self.state.db.session() as s:
            row = await store_rooms.create_room(
                s,
                name=f"{line_name(key)} (matchmaking)",
                ruleset=ruleset_name,
                preset=preset,
                owner_id=None,
                options=options,
            )
        from openmahjong.server.room import Room  # it imports this module's neighbours

        await self.take_room(row.id)  # a new room: its lease is free
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
