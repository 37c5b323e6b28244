"""The fan quiz's live part across several processes (``server/cluster.py``, docs/deploy.md
"The fan quiz"): the matchmaking lines and room codes in Redis, each player's quiz state held
by one process, and what that process sends reaching the player's sockets wherever they are.

Every player in a quiz line, room or match has a *home*: the one process holding their state,
named by the Redis key ``<prefix>quiz:at:<user>`` (taken with ``SET NX``, so a player is never
in two places). A quiz command from a socket on another process goes to the home over the
cluster's relay, like a room command to its room's owner; the home's replies and ``quiz_match``
snapshots come back through the hub as a room's do.

* **A line** is a Redis list per pool of ``user|process|name`` entries. Queueing is one Lua
  script: it pops the first entry whose player still lives there (their ``at`` key names that
  process) and makes this process their home, or else appends the newcomer. The process whose
  player completes a pair forms the match and runs it; the other player's former home is told
  to forget its queue place.
* **A room code** is the key ``<prefix>quiz:room:<code>`` naming the process holding the
  waiting room; a join by code is forwarded there, and that process starts the match.
* **A match** runs on the process that formed it (its players' home until it ends): its
  timers, its one stored row and its one move of the ratings are there, exactly once.

Each process renews its keys every third of ``lease_seconds`` and they expire after one
lease: the players of a process that died are free again within a lease (its waiting rooms
and running matches are lost, nothing was stored for them). Without a cluster nothing here is
reached: :class:`~openmahjong.server.quiz_live.QuizService` keeps everything in memory.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import TYPE_CHECKING, Any

from openmahjong.quiz.game import QuizError, RoundSettings, ranked
from openmahjong.server.quiz_protocol import (
    QuizCommand,
    QuizCreate,
    QuizGuess,
    QuizJoin,
    QuizLeave,
    QuizQueue,
    quiz_message,
)

if TYPE_CHECKING:
    from openmahjong.server.cluster import Cluster
    from openmahjong.server.quiz_live import QuizService

__all__ = ["SharedQuiz"]

log = logging.getLogger("openmahjong.server.quiz")

# KEYS[1] the line, ARGV: the newcomer's entry, this process, the "at" key prefix, ttl in ms.
# The first entry whose player still lives at the process it names is taken (this process
# becomes their home) and returned; stale ones (a dead process' players) are dropped. None
# left: the newcomer is appended and the line's length returned.
_PAIR = """
while true do
    local entry = redis.call('LPOP', KEYS[1])
    if not entry then break end
    local user, home = string.match(entry, '^(%d+)|([^|]*)|')
    if user and redis.call('GET', ARGV[3] .. user) == home then
        redis.call('SET', ARGV[3] .. user, ARGV[2], 'PX', ARGV[4])
        return entry
    end
end
return redis.call('RPUSH', KEYS[1], ARGV[1])
"""
# Delete KEYS[1] only while it still names this process.
_FORGET = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
    return redis.call('DEL', KEYS[1])
end
return 0
"""


class SharedQuiz:
    """One process' part of the quiz in a cluster: routing, the shared lines and codes."""

    def __init__(self, quiz: QuizService, cluster: Cluster) -> None:
        self.quiz = quiz
        self.cluster = cluster
        self.redis: Any = cluster.redis
        self.me = cluster.me
        self.prefix = cluster.prefix + "quiz:"
        self.ttl_ms = max(1000, int(cluster.leases.seconds * 1000))
        self._renewer: asyncio.Task[None] | None = None
        #: The line entry of each player queued from here, to take it out again.
        self._entries: dict[int, tuple[str, str]] = {}
        cluster.quiz = self

    # ------------------------------------------------------------------ keys
    def _at(self, user_id: int) -> str:
        return f"{self.prefix}at:{user_id}"

    def _room(self, code: str) -> str:
        return f"{self.prefix}room:{code}"

    def _line(self, pool: str) -> str:
        return f"{self.prefix}line:{pool}"

    async def home(self, user_id: int) -> str | None:
        found = await self.redis.get(self._at(user_id))
        return None if found is None else str(found)

    async def claim(self, user_id: int) -> None:
        """Make this process ``user_id``'s home; refused when another process holds them."""
        if await self.redis.set(self._at(user_id), self.me, nx=True, px=self.ttl_ms):
            return
        if await self.home(user_id) != self.me:
            raise QuizError(
                "busy_elsewhere", "you are in a quiz line, room or match already: try again"
            )

    async def _forget(self, key: str) -> None:
        await self.redis.eval(_FORGET, 1, key, self.me)

    # ------------------------------------------------------------------ life
    def start(self) -> None:
        self._renewer = asyncio.get_running_loop().create_task(self._renew())

    async def close(self) -> None:
        if self._renewer is not None:
            self._renewer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._renewer

    async def _renew(self) -> None:
        while True:
            await asyncio.sleep(self.cluster.leases.seconds / 3)
            quiz = self.quiz
            users = set(quiz.playing) | set(quiz.in_room)
            users.update(u for line in quiz.queues.values() for u in line)
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for user_id in users:
                        pipe.pexpire(self._at(user_id), self.ttl_ms)
                    for code in quiz.rooms:
                        pipe.pexpire(self._room(code), self.ttl_ms)
                    await pipe.execute()
            except Exception:
                log.exception("quiz: the keys could not be renewed")

    # ------------------------------------------------------------------ commands
    async def command(self, user: Any, message: QuizCommand, client: Any) -> bool:
        """Carry out ``message`` the shared way, or forward it to where it belongs; ``False``:
        the one-process code runs it here as it is (a guess, or a refusal to make)."""
        forwarded = getattr(client, "process", None) is not None  # never forwarded twice
        if not forwarded:
            home = await self.home(user.id)
            if home is not None and home != self.me:
                self._forward(home, user.id, message, client)
                return True
        if isinstance(message, QuizGuess) or user.is_guest:
            return False
        if isinstance(message, QuizLeave):
            await self._leave(user.id)
        elif isinstance(message, QuizQueue):
            await self._queue(user.id, user.name, message.pool)
        elif isinstance(message, QuizCreate):
            settings = RoundSettings(
                message.pool, message.guesses, message.seconds, message.related_hints
            )
            await self._create(user.id, settings)
        elif isinstance(message, QuizJoin):
            code = message.code.strip().upper()
            if code not in self.quiz.rooms:
                holder = await self.redis.get(self._room(code))
                if forwarded or holder is None or holder == self.me:
                    return False  # unknown here and nowhere else: refused as in one process
                self._forward(str(holder), user.id, message, client)
                return True
            if user.id not in self.quiz.rooms[code].players:
                await self.claim(user.id)
            self.quiz._join(user.id, code)
            await self._forget(self._room(code))
        return True

    def _forward(self, process: str, user_id: int, message: QuizCommand, client: Any) -> None:
        # What the home sends this player reaches them here from now on (cluster.remote).
        self.cluster.send_to(
            process,
            {
                "k": "quiz",
                "op": "command",
                "user": user_id,
                "conn": self.cluster.conn_id(client),
                "msg": message.model_dump(mode="json"),
            },
        )

    async def _queue(self, user_id: int, name: str, pool: str) -> None:
        quiz = self.quiz
        quiz._busy(user_id)
        await self.claim(user_id)
        entry = f"{user_id}|{self.me}|{name}"
        line = self._line(pool)
        found = await self.redis.eval(
            _PAIR, 1, line, entry, self.me, self.prefix + "at:", self.ttl_ms
        )
        if isinstance(found, int):  # nobody waiting: in the line
            quiz.queues[pool].append(user_id)
            self._entries[user_id] = (pool, entry)
            queued = {"type": "quiz_queued", "pool": pool, "waiting": found}
            quiz.hub.send(user_id, json.dumps(queued, separators=(",", ":")))
            return
        other_id, other_home, other_name = str(found).split("|", 2)
        other = int(other_id)
        quiz.names.setdefault(other, other_name)
        if other_home == self.me:
            self._taken(other)
        else:
            self.cluster.send_to(other_home, {"k": "quiz", "op": "taken", "user": other})
            self.cluster.remote.setdefault(other, set()).add(other_home)
        quiz._start(ranked(pool), (other, user_id), ranked_match=True, code=None)

    async def _create(self, user_id: int, settings: RoundSettings) -> None:
        self.quiz._busy(user_id)
        await self.claim(user_id)
        while True:
            code = self.quiz.new_code()
            if await self.redis.set(self._room(code), self.me, nx=True, px=self.ttl_ms):
                break
        self.quiz._create(user_id, settings, code)

    async def _leave(self, user_id: int) -> None:
        if user_id not in self.quiz.playing:  # (refused below otherwise)
            # Free in Redis before ``quiz_left`` goes: the next command may come from anywhere.
            await self.forgotten(user_id, self.quiz.in_room.get(user_id))
        self.quiz._leave(user_id)

    async def forgotten(self, user_id: int, code: str | None) -> None:
        """``user_id`` left what this process held of theirs: a waiting room, a queue place."""
        queued = self._entries.pop(user_id, None)
        with contextlib.suppress(Exception):
            if queued is not None:
                await self.redis.lrem(self._line(queued[0]), 0, queued[1])
            if code is not None:
                await self._forget(self._room(code))
            await self._forget(self._at(user_id))

    def _taken(self, user_id: int) -> None:
        """A queued player paired by the process that now runs their match."""
        self._entries.pop(user_id, None)
        for waiting in self.quiz.queues.values():
            if user_id in waiting:
                waiting.remove(user_id)

    async def match_over(self, players: tuple[int, int]) -> None:
        """The match ended: its players are free to queue anywhere again."""
        with contextlib.suppress(Exception):
            for player in players:
                await self._forget(self._at(player))

    # ------------------------------------------------------------------ from other processes
    def from_cluster(self, sender: str, data: dict[str, Any]) -> None:
        op = data.get("op")
        if op == "command":
            user = data["user"]
            rc = self.cluster._remote_conn(data)
            self.cluster.remote.setdefault(user, set()).add(sender)
            self.cluster._in_order((sender, data["conn"]), self._remote_command(rc, data["msg"]))
        elif op == "taken":  # paired by another process, which runs the match
            self._taken(data["user"])

    async def _remote_command(self, connection: Any, data: dict[str, Any]) -> None:
        from openmahjong.store.models import User

        async with self.quiz.state.db.session() as s:
            user = await s.get(User, connection.user_id)
        if user is None:
            return
        try:
            message = quiz_message(data)
        except Exception:
            log.exception("quiz: a forwarded message that does not parse")
            return
        await self.quiz.command(user, message, connection)

    def connected_elsewhere(self, user_id: int) -> bool:
        """Whether ``user_id`` has a socket on another process (as far as this one knows)."""
        return bool(self.cluster.remote.get(user_id))

    def has_something_for(self, user_id: int) -> bool:
        quiz = self.quiz
        return (
            user_id in quiz.playing
            or user_id in quiz.in_room
            or any(user_id in line for line in quiz.queues.values())
        )

    def remote_connected(self, connection: Any) -> None:
        """A socket of a player whose home is here opened on another process: where they
        stand goes to it, as to a socket opened here."""
        self.quiz.connected(connection.user_id, connection)

    def remote_gone(self, user_id: int) -> None:
        """The player's last socket on another process closed: the grace period starts here
        (a player with no socket left anywhere loses a waiting room or queue place)."""
        self.quiz.disconnected(user_id)
