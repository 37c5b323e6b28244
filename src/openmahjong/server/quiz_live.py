"""The fan quiz on the server: solo rounds, private rooms, matchmaking queues and the matches
they start, each match's timers on the injected clock (``server/clock.py``).

One :class:`QuizService` per app (``app.state.quiz``). A match runs as one asyncio task: it
starts a round, waits for the round to end (a solve, the guesses spent, or its deadline on the
clock), shows the result for ``BREAK_SECONDS`` and starts the next, until the best of 5 is
decided; a ranked match is then stored and both ratings move. Everything a player sees is one
``quiz_match`` snapshot, sent after every change and again when they reconnect.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import secrets
import string
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from openmahjong.quiz import store as quiz_store
from openmahjong.quiz.game import BREAK_SECONDS, Match, QuizError, Round, RoundSettings, ranked
from openmahjong.server.clock import SYSTEM_CLOCK, Clock
from openmahjong.server.quiz_protocol import (
    QuizCommand,
    QuizCreate,
    QuizGuess,
    QuizJoin,
    QuizLeave,
    QuizQueue,
)

if TYPE_CHECKING:
    from openmahjong.server.quiz_cluster import SharedQuiz

__all__ = ["GRACE_SECONDS", "QuizService", "SOLO_LIMIT"]

log = logging.getLogger("openmahjong.server.quiz")

#: Solo rounds kept in memory at once; the oldest goes first.
SOLO_LIMIT = 10_000
#: How long a player whose last connection closed keeps a queue place or a waiting room.
GRACE_SECONDS = 20.0
#: Room codes: no 0/O or 1/I to misread.
CODE_ALPHABET = "".join(c for c in string.ascii_uppercase + string.digits if c not in "0O1I")
CODE_LENGTH = 6


def _dumps(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"))


@dataclass
class QuizRoom:
    code: str
    host: int
    settings: RoundSettings
    players: list[int] = field(default_factory=list)

    def message(self, names: dict[int, str]) -> dict[str, Any]:
        return {
            "type": "quiz_room",
            "code": self.code,
            "host": self.host,
            "settings": self.settings.as_dict(),
            "players": [{"id": p, "name": names.get(p, "?")} for p in self.players],
        }


@dataclass
class LiveMatch:
    match: Match
    ranked: bool
    code: str | None
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    phase: str = "round"  # "round", "break" (the result shown), "over"
    next_at: float | None = None  # when the next round starts (in a break)
    outcome: dict[str, Any] | None = None  # ratings before/after once a ranked one is stored
    task: asyncio.Task[None] | None = None


class QuizService:
    def __init__(self, state: Any, hub: Any, clock: Clock = SYSTEM_CLOCK) -> None:
        self.state = state
        self.hub = hub
        #: What every quiz timer reads; a test puts its own here before anything starts.
        self.clock = clock
        self.solo: OrderedDict[str, Round] = OrderedDict()
        self.rooms: dict[str, QuizRoom] = {}
        self.queues: dict[str, list[int]] = {"riichi": [], "mcr+riichi": []}
        self.playing: dict[int, LiveMatch] = {}
        self.in_room: dict[int, str] = {}
        self.names: dict[int, str] = {}
        self._waiting: set[asyncio.Task[None]] = set()  # the grace periods of gone players
        #: Several processes (``server/quiz_cluster.py``); ``None``: all of it is here.
        self.shared: SharedQuiz | None = None

    def start(self) -> None:
        if self.shared is not None:
            self.shared.start()

    # ------------------------------------------------------------------ solo (REST)

    def start_solo(self, settings: RoundSettings) -> tuple[str, Round]:
        rng = random.Random(secrets.randbits(63))
        made = Round.start(settings, (0,), rng, self.clock.monotonic())
        key = secrets.token_urlsafe(12)
        self.solo[key] = made
        while len(self.solo) > SOLO_LIMIT:
            self.solo.popitem(last=False)
        return key, made

    def solo_round(self, key: str) -> Round:
        found = self.solo.get(key)
        if found is None:
            raise QuizError("unknown_round", "no such solo round (it may have been forgotten)")
        return found

    # ------------------------------------------------------------------ the WebSocket side

    async def command(self, user: Any, message: QuizCommand, client: Any) -> None:
        """Carry out one quiz message from ``user``; a refusal is sent as an ``error`` to
        ``client`` and changes nothing."""
        try:
            self.names[user.id] = user.name
            if self.shared is not None and await self.shared.command(user, message, client):
                return  # carried out across processes, or forwarded to the player's home
            if isinstance(message, QuizGuess):
                self._guess(user.id, message.pattern)
                return
            if isinstance(message, QuizLeave):
                self._leave(user.id)
                return
            if user.is_guest:
                raise QuizError(
                    "sign_in_required", "sign in to play rooms and matches (guests train solo)"
                )
            if isinstance(message, QuizQueue):
                self._queue(user.id, message.pool)
            elif isinstance(message, QuizCreate):
                settings = RoundSettings(
                    message.pool, message.guesses, message.seconds, message.related_hints
                )
                self._create(user.id, settings)
            elif isinstance(message, QuizJoin):
                self._join(user.id, message.code.strip().upper())
        except QuizError as refused:
            client.post(
                _dumps(
                    {
                        "type": "error",
                        "code": refused.code,
                        "message": refused.message,
                        "seq": None,
                        "params": refused.params,
                    }
                )
            )

    def connected(self, user_id: int, client: Any) -> None:
        """A (re)connected socket gets where its player stands: the match, room or queue."""
        live = self.playing.get(user_id)
        if live is not None:
            client.post(_dumps(self._match_message(live, user_id)))
            return
        code = self.in_room.get(user_id)
        if code is not None:
            client.post(_dumps(self.rooms[code].message(self.names)))
            return
        for pool, line in self.queues.items():
            if user_id in line:
                client.post(_dumps({"type": "quiz_queued", "pool": pool, "waiting": len(line)}))

    def disconnected(self, user_id: int) -> None:
        """The last socket gone: unless one opens again within ``GRACE_SECONDS`` (a page
        reloaded), out of any queue and any room still waiting (a match must not start
        without them). A running match keeps them: they may come back."""
        if self._connected(user_id):
            return
        task = asyncio.get_running_loop().create_task(self._forget_if_gone(user_id))
        self._waiting.add(task)
        task.add_done_callback(self._waiting.discard)

    async def _forget_if_gone(self, user_id: int) -> None:
        await self.clock.sleep(GRACE_SECONDS)
        if self._connected(user_id):
            return
        for line in self.queues.values():
            if user_id in line:
                line.remove(user_id)
        code = self.in_room.pop(user_id, None)
        if code is not None:
            self.rooms.pop(code, None)
        if self.shared is not None and user_id not in self.playing:
            await self.shared.forgotten(user_id, code)

    def _connected(self, user_id: int) -> bool:
        if self.hub.connected(user_id):
            return True
        return self.shared is not None and self.shared.connected_elsewhere(user_id)

    def _busy(self, user_id: int) -> None:
        if user_id in self.playing:
            raise QuizError("in_match", "you are playing a match: finish it first")
        if user_id in self.in_room:
            raise QuizError("in_room", "you are in a room: leave it first")
        if any(user_id in line for line in self.queues.values()):
            raise QuizError("in_queue", "you are queued already: leave the queue first")

    def _queue(self, user_id: int, pool: str) -> None:
        self._busy(user_id)
        line = self.queues[pool]
        line.append(user_id)
        if len(line) >= 2:
            a, b = line.pop(0), line.pop(0)
            self._start(ranked(pool), (a, b), ranked_match=True, code=None)
            return
        self.hub.send(user_id, _dumps({"type": "quiz_queued", "pool": pool, "waiting": len(line)}))

    def new_code(self) -> str:
        return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))

    def _create(self, user_id: int, settings: RoundSettings, code: str | None = None) -> None:
        """A waiting room; ``code`` one already reserved across processes."""
        self._busy(user_id)
        while code is None or code in self.rooms:
            code = self.new_code()
        room = self.rooms[code] = QuizRoom(code, user_id, settings, [user_id])
        self.in_room[user_id] = code
        self.hub.send(user_id, _dumps(room.message(self.names)))

    def _join(self, user_id: int, code: str) -> None:
        room = self.rooms.get(code)
        if room is None:
            raise QuizError("unknown_room", f"no quiz room {code!r}", room=code[:12])
        self._busy(user_id)
        room.players.append(user_id)
        del self.rooms[code]
        for p in room.players:
            self.in_room.pop(p, None)
        a, b = room.players
        self._start(room.settings, (a, b), ranked_match=False, code=code)

    def _leave(self, user_id: int) -> None:
        if user_id in self.playing:
            raise QuizError("in_match", "a match cannot be left: it ends by itself")
        code = self.in_room.pop(user_id, None)
        if code is not None:
            self.rooms.pop(code, None)
        for line in self.queues.values():
            if user_id in line:
                line.remove(user_id)
        self.hub.send(user_id, _dumps({"type": "quiz_left"}))

    def _guess(self, user_id: int, pattern: str) -> None:
        live = self.playing.get(user_id)
        if live is None or live.phase != "round" or live.match.current is None:
            raise QuizError("no_round", "no round of yours is running")
        current = live.match.current
        current.guess(user_id, pattern, self.clock.monotonic())
        self._broadcast(live)
        if current.over:
            live.changed.set()

    # ------------------------------------------------------------------ matches

    def _start(
        self,
        settings: RoundSettings,
        players: tuple[int, int],
        *,
        ranked_match: bool,
        code: str | None,
    ) -> LiveMatch:
        match = Match(settings, players, seed=secrets.randbits(31))
        live = LiveMatch(match, ranked_match, code)
        for p in players:
            self.playing[p] = live
        live.task = asyncio.get_running_loop().create_task(self._run(live))
        return live

    async def _run(self, live: LiveMatch) -> None:
        match = live.match
        try:
            while True:
                current = match.next_round(self.clock.monotonic())
                live.phase, live.next_at = "round", None
                live.changed.clear()
                self._broadcast(live)
                await self._until_over(live, current)
                if match.over:
                    break
                live.phase, live.next_at = "break", self.clock.monotonic() + BREAK_SECONDS
                self._broadcast(live)
                await self.clock.sleep(BREAK_SECONDS)
            if live.ranked:
                async with self.state.db.session() as db:
                    live.outcome = await quiz_store.record_match(db, match)
            live.phase = "over"
            if self.shared is not None:  # free to queue anywhere once they see the end
                await self.shared.match_over(match.players)
            self._broadcast(live)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("a quiz match failed")
        finally:
            for p in match.players:
                if self.playing.get(p) is live:
                    del self.playing[p]
            if self.shared is not None and live.phase != "over":
                with contextlib.suppress(Exception):
                    await self.shared.match_over(match.players)

    async def _until_over(self, live: LiveMatch, current: Round) -> None:
        """Wait until the round ends: a guess ends it (``changed`` is set) or its deadline
        passes on the clock."""
        while not current.over:
            remaining = current.deadline - self.clock.monotonic()
            if remaining <= 0:
                current.expire(self.clock.monotonic())
                break
            waiter = asyncio.ensure_future(live.changed.wait())
            sleeper = asyncio.ensure_future(self.clock.sleep(remaining))
            try:
                await asyncio.wait({waiter, sleeper}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                for task in (waiter, sleeper):
                    task.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await task
        self._broadcast(live)

    def _match_message(self, live: LiveMatch, player: int) -> dict[str, Any]:
        now = self.clock.monotonic()
        body = live.match.state(player, now)
        return {
            "type": "quiz_match",
            "you": player,
            "ranked": live.ranked,
            "code": live.code,
            "phase": live.phase,
            "next_round_in": None
            if live.next_at is None
            else max(0.0, round(live.next_at - now, 1)),
            "names": {str(p): self.names.get(p, "?") for p in live.match.players},
            "outcome": live.outcome,
            **body,
        }

    def _broadcast(self, live: LiveMatch) -> None:
        for p in live.match.players:
            self.hub.send(p, _dumps(self._match_message(live, p)))

    async def close(self) -> None:
        if self.shared is not None:
            await self.shared.close()
        tasks = {live.task for live in self.playing.values() if live.task is not None}
        tasks |= self._waiting
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
