"""Several server processes on one database and one Redis (docs/deploy.md): each live room is
run by the one process holding its lease, any process accepts any socket, and what a room
says to a player whose socket is elsewhere travels over Redis pub/sub.

The process that holds a socket (the *front*) stays the socket's whole session: hello,
welcome, pings. What it cannot answer itself it forwards to the process that can (the
*owner*), on that process' inbox channel:

* a room command to the holder of the room's lease (taking the lease itself when nobody holds
  it: a room whose owner died is adopted by the first process a player reaches);
* a queue command to the *coordinator*, the holder of the one matchmaking lease, so a line
  filled from every process is one line;
* a reply to the process that sent the prompt it answers.

An owner sends to a player through its hub as ever; the hub hands a copy for each process that
holds one of the player's sockets to :meth:`Cluster.to_user`. Which processes those are, the
owner learns from the players themselves: a forwarded command, or the ``connected`` every
front announces when a socket opens (an owner with something for that player answers it with
the room's state, the player's view and their open prompt).

A process killed mid-game stops renewing its leases; when they expire, another process's
sweep takes each orphaned live room, replays its action log (``Room.resume``) and announces
the adoption, so the fronts holding the players' sockets tell it where they are. The action
log's primary key keeps a stalled former owner from writing a second action at any number.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
from collections.abc import Awaitable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from openmahjong.server.leases import DatabaseLeases, RedisLeases, leases_for

__all__ = ["COORDINATOR", "Cluster", "RemoteConnection", "cluster_for"]

log = logging.getLogger(__name__)

#: The lease id of the coordinator role (matchmaking lines): no room has id 0.
COORDINATOR = 0


def _text(message: BaseModel | str) -> str:
    return message if isinstance(message, str) else message.model_dump_json()


@dataclass(eq=False)
class RemoteConnection:
    """A socket held by another process, as an owner's room sees it: ``post`` queues the
    message to that process, which writes it to the socket. Hashed by identity, like a local
    connection: one object per (process, connection) while it is open."""

    cluster: Cluster
    process: str
    conn: int
    user_id: int
    closed: bool = field(default=False)

    def post(self, message: BaseModel | str, *, prompt: bool = False) -> bool:
        if self.closed:
            return False
        payload: dict[str, Any] = {"k": "conn_text", "conn": self.conn, "text": _text(message)}
        if prompt:
            payload["prompt"] = True
        self.cluster.send_to(self.process, payload)
        return True


class Cluster:
    """This process' part in a cluster: its leases, its inbox and what it forwards."""

    def __init__(self, redis_url: str, prefix: str, leases: RedisLeases | DatabaseLeases) -> None:
        from redis.asyncio import Redis

        self.redis: Any = Redis.from_url(redis_url, decode_responses=True)
        self.prefix = prefix
        self.leases = leases
        self.me = leases.owner
        lease_seconds = leases.seconds
        self.coordinator = RedisLeases(
            redis_url, lease_seconds, prefix + "coordinator:", owner=self.me
        )
        self.is_coordinator = False
        self.manager: Any = None
        self.hub: Any = None
        #: The fan quiz's part (``server/quiz_cluster.py``), when the app runs one.
        self.quiz: Any = None
        #: Per player, the other processes holding one of their sockets.
        self.remote: dict[int, set[str]] = {}
        #: Per player with a socket here, the process that sent their latest prompt.
        self.prompt_home: dict[int, str] = {}
        #: This process' sockets by connection number, and back.
        self._conns: dict[int, Any] = {}
        self._conn_ids: dict[Any, int] = {}
        self._numbers = itertools.count(1)
        #: Other processes' sockets as this process' rooms see them.
        self._remote_conns: dict[tuple[str, int], RemoteConnection] = {}
        #: Of those, the ``/ws/mjai`` sockets of each bot account (server/mjai_relay.py).
        self._mjai: dict[int, set[Any]] = {}
        #: Forwarded commands of one connection run in the order they were sent.
        self._chains: dict[tuple[str, int], asyncio.Task[None]] = {}
        self._pending: list[tuple[str, str]] = []
        self._flusher: asyncio.Task[None] | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._keeper: asyncio.Task[None] | None = None  # the lease rounds
        self._pubsub: Any = None

    # ------------------------------------------------------------------ channels
    def inbox(self, process: str) -> str:
        return f"{self.prefix}proc:{process}"

    @property
    def everyone(self) -> str:
        return f"{self.prefix}all"

    def send_to(self, process: str, payload: dict[str, Any]) -> None:
        payload["from"] = self.me
        self._publish(self.inbox(process), payload)

    def tell_everyone(self, payload: dict[str, Any]) -> None:
        payload["from"] = self.me
        self._publish(self.everyone, payload)

    def _publish(self, channel: str, payload: dict[str, Any]) -> None:
        # Queued, then sent in one pipeline per turn of the event loop, in order: a room
        # telling four players an event costs one round trip to Redis, not four.
        self._pending.append((channel, json.dumps(payload, separators=(",", ":"))))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.get_running_loop().create_task(self._flush())

    async def _flush(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for channel, texts in _runs(batch):
                        pipe.publish(channel, texts[0] if len(texts) == 1 else _as_list(texts))
                    await pipe.execute()
            except Exception:  # Redis away: those messages are lost, the clients resync
                log.exception("cluster: %d messages could not be published", len(batch))

    # ------------------------------------------------------------------ life
    async def start(self, manager: Any, hub: Any) -> None:
        self.manager = manager
        self.hub = hub
        hub.relay = self
        await self.heartbeat()
        self._pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await self._pubsub.subscribe(self.inbox(self.me), self.everyone)
        loop = asyncio.get_running_loop()
        self._keeper = loop.create_task(self._keep())
        self._tasks = [loop.create_task(self._listen()), self._keeper]
        await self.claim_coordinator()

    async def stop_sweeping(self) -> None:
        """Shutting down: no more lease rounds, so a process on its way out takes no room
        (another process' released lobby, say) while its own rooms stop."""
        keeper = self._keeper
        if keeper is not None:
            keeper.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await keeper

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self._flusher is not None:
            with contextlib.suppress(Exception):
                await self._flusher
        # Leaving cleanly: the rooms may be taken at once rather than after the lease runs out.
        for room_id in list(self.manager.rooms if self.manager else ()):
            with contextlib.suppress(Exception):
                await self.leases.release(room_id)
        if self.is_coordinator:
            with contextlib.suppress(Exception):
                await self.coordinator.release(COORDINATOR)
        with contextlib.suppress(Exception):
            await self.redis.delete(self._alive_key(self.me))
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()
        for store in (self.leases, self.coordinator):
            await store.close()
        await self.redis.aclose()

    async def _keep(self) -> None:
        """Renew what this process holds, let go of what it lost, take what was orphaned."""
        while True:
            await asyncio.sleep(self.leases.seconds / 3)
            try:
                await self.keep_once()
            except Exception:
                log.exception("cluster: the lease round failed")

    async def keep_once(self) -> None:
        await self.heartbeat()
        held = set(self.manager.rooms)
        kept = await self.leases.renew(held)
        for room_id in sorted(held - kept):
            log.warning("room %s: its lease was lost, another process runs it", room_id)
            await self.manager.let_go(room_id)
        await self.publish_counts()
        if self.is_coordinator and not await self.coordinator.renew({COORDINATOR}):
            log.warning("cluster: the matchmaking lines moved to another process")
            self.is_coordinator = False
            self.manager.drop_queues()
        if not self.is_coordinator:
            await self.claim_coordinator()
        await self.adopt_orphans()
        await self.forget_departed()

    # ------------------------------------------------------------------ who is alive
    def _alive_key(self, process: str) -> str:
        return f"{self.prefix}alive:{process}"

    async def heartbeat(self) -> None:
        """Say this process is alive for one more lease. Should the mark have run out (this
        process stalled past a lease), the others may have forgotten its sockets: it tells
        them again where they are, as when each opened."""
        ttl = max(1, round(self.leases.seconds * 1000))
        before = await self.redis.set(self._alive_key(self.me), "1", px=ttl, get=True)
        if before is None:
            for number, client in list(self._conns.items()):
                self.tell_everyone({"k": "connected", "user": client.user_id, "conn": number})

    async def forget_departed(self) -> set[str]:
        """The processes this one sends to whose alive mark ran out (killed: no ``gone_conn``
        ever comes from them): their sockets are forgotten as if each had closed, so nothing
        more is published to an inbox nobody reads and the entries do not pile up."""
        known = {p for processes in self.remote.values() for p in processes}
        known |= {process for process, _conn in self._remote_conns}
        known.discard(self.me)
        if not known:
            return set()
        order = sorted(known)
        marks = await self.redis.mget([self._alive_key(p) for p in order])
        gone = {p for p, mark in zip(order, marks, strict=True) if mark is None}
        for process in sorted(gone):
            log.warning("cluster: process %s is gone (no alive mark), its sockets too", process)
            for user in list(self.remote):
                self.remote[user].discard(process)
                if not self.remote[user]:
                    del self.remote[user]
            for key in [k for k in self._remote_conns if k[0] == process]:
                connection = self._remote_conns.pop(key)
                connection.closed = True
                self.manager.disconnected(connection)
        return gone

    # ------------------------------------------------------------------ the room directory
    def _counts_key(self, room_id: int) -> str:
        return f"{self.prefix}counts:{room_id}"

    async def publish_counts(self) -> None:
        """Each held room's seats taken, seats and spectators, for the room lists of the
        other processes: one pipeline per lease round, each entry living one lease (a dead
        owner's counts go with its leases)."""
        counts = {r: self.manager.counts(r) for r in list(self.manager.rooms)}
        if not counts:
            return
        ttl = max(1, int(self.leases.seconds + 0.999))
        async with self.redis.pipeline(transaction=False) as pipe:
            for room_id, entry in counts.items():
                if entry is not None:
                    pipe.set(self._counts_key(room_id), json.dumps(entry), ex=ttl)
            await pipe.execute()

    async def counts_elsewhere(self, room_ids: list[int]) -> dict[int, dict[str, int]]:
        """What the owners of ``room_ids`` last published (one MGET); a room nobody runs is
        missing. Up to a third of a lease old."""
        if not room_ids:
            return {}
        found = await self.redis.mget([self._counts_key(r) for r in room_ids])
        return {r: json.loads(v) for r, v in zip(room_ids, found, strict=True) if v is not None}

    async def claim_coordinator(self) -> bool:
        if not self.is_coordinator and await self.coordinator.acquire(COORDINATOR):
            self.is_coordinator = True
            log.info("cluster: this process keeps the matchmaking lines")
            await self.manager.restore_queues()
        return self.is_coordinator

    async def adopt_orphans(self) -> int:
        """Every room with a live game or a seated lobby that nobody holds: its lease taken,
        its log replayed or its lobby restored."""
        away = [r for r in await self.manager.rooms_to_run() if r not in self.manager.rooms]
        held = await self.leases.holders(away)  # one round trip each sweep, not one per room
        adopted = 0
        for room_id in away:
            if room_id not in held and await self.manager.adopt(room_id):
                adopted += 1
        return adopted

    def announce_adopted(self, room_id: int, users: list[int]) -> None:
        self.tell_everyone({"k": "adopted", "room": room_id, "users": users})

    # ------------------------------------------------------------------ routing
    async def owner_of_room(self, room_id: int) -> str | None:
        """The process to run a command for ``room_id``; ``None``: this one (it holds the
        room, or has just taken the free lease)."""
        if room_id in self.manager.rooms:
            return None
        holder = await self.leases.holder(room_id)
        if holder is None:
            # Free: this process takes it, unless another was faster (two players of one new
            # room reaching two processes at once): then the command goes there.
            if await self.leases.acquire(room_id):
                return None
            holder = await self.leases.holder(room_id)
        if holder is None or holder == self.me:
            return None
        return str(holder)

    async def owner_of_lines(self) -> str | None:
        if self.is_coordinator or await self.claim_coordinator():
            return None
        holder = await self.coordinator.holder(COORDINATOR)
        return None if holder is None or holder == self.me else str(holder)

    def conn_id(self, client: Any) -> int:
        number = self._conn_ids.get(client)
        if number is None:
            number = next(self._numbers)
            self._conn_ids[client] = number
            self._conns[number] = client
        return number

    def _conn_fields(self, client: Any) -> dict[str, Any]:
        """Who a socket of this process is, as another process' rooms will address it: its
        player, its number, and whether it speaks mjai (its batches are made there)."""
        fields: dict[str, Any] = {"user": client.user_id, "conn": self.conn_id(client)}
        if getattr(client, "speaks_mjai", False):
            fields["mjai"] = True
        return fields

    def forward_command(self, process: str, user_id: int, message: BaseModel, client: Any) -> None:
        self.send_to(
            process,
            {"k": "command", **self._conn_fields(client), "msg": message.model_dump(mode="json")},
        )

    def forward_answer(self, user_id: int, seq: int, action: Any, client: Any) -> bool:
        """A reply to a prompt another process sent: forwarded there (``False``: none did)."""
        process = self.prompt_home.get(user_id)
        if process is None:
            return False
        self.send_to(
            process, {"k": "answer", **self._conn_fields(client), "seq": seq, "action": action}
        )
        return True

    def to_user(self, user_id: int, message: BaseModel | str, *, prompt: bool = False) -> None:
        """A copy of what the hub sent ``user_id`` for each other process holding a socket."""
        processes = self.remote.get(user_id)
        if not processes:
            return
        payload: dict[str, Any] = {"k": "text", "user": user_id, "text": _text(message)}
        if prompt:
            payload["prompt"] = True
        for process in processes:
            self.send_to(process, dict(payload))
        for mjai in self._mjai.get(user_id, ()):  # their batches are made here
            mjai.take(message)

    def has_mjai_socket(self, user_id: int) -> bool:
        """Whether the bot account has an ``/ws/mjai`` socket on another process."""
        return bool(self._mjai.get(user_id))

    def locate(self, users: list[int]) -> None:
        """Ask every process for its sockets of ``users`` (a bot account just seated here,
        which never sent this process anything): each answers ``connected``."""
        self.tell_everyone({"k": "where", "users": users})

    def socket_opened(self, client: Any) -> None:
        self.tell_everyone({"k": "connected", **self._conn_fields(client)})

    def socket_closed(self, client: Any) -> None:
        number = self._conn_ids.pop(client, None)
        if number is None:
            return
        self._conns.pop(number, None)
        self.tell_everyone({"k": "gone_conn", "conn": number})
        if not self.hub.connected(client.user_id):
            self.prompt_home.pop(client.user_id, None)
            self.tell_everyone({"k": "gone_user", "user": client.user_id})

    def room_closed_elsewhere(self, process: str, room_id: int) -> None:
        self.send_to(process, {"k": "room_closed", "room": room_id})

    def _remote_conn(self, data: dict[str, Any]) -> RemoteConnection:
        """The socket a forwarded message names (``from``, ``conn``, ``user``, ``mjai``)."""
        key = (data["from"], data["conn"])
        rc = self._remote_conns.get(key)
        if rc is None:
            if data.get("mjai"):
                from openmahjong.server.mjai_relay import RemoteMjaiConnection

                rc = RemoteMjaiConnection(self, key[0], key[1], data["user"])
                self._mjai.setdefault(rc.user_id, set()).add(rc)
            else:
                rc = RemoteConnection(self, key[0], key[1], data["user"])
            self._remote_conns[key] = rc
        return rc

    def _remote_conn_gone(self, key: tuple[str, int]) -> None:
        gone = self._remote_conns.pop(key, None)
        if gone is None:
            return
        gone.closed = True
        self.manager.disconnected(gone)
        held = self._mjai.get(gone.user_id)
        if held is not None and gone in held:
            held.discard(gone)
            if not held:
                del self._mjai[gone.user_id]
                if not self.hub.connected(gone.user_id):  # our bot stands in at once
                    self.manager.bot_account_gone(gone.user_id)

    # ------------------------------------------------------------------ the inbox
    async def _listen(self) -> None:
        while True:
            try:
                async for item in self._pubsub.listen():
                    if item.get("type") != "message":
                        continue
                    try:
                        data = json.loads(item["data"])
                    except ValueError:
                        log.exception("cluster: a message that is not JSON")
                        continue
                    for one in data if isinstance(data, list) else (data,):
                        try:
                            self._dispatch(one)
                        except Exception:
                            log.exception("cluster: a message could not be handled")
            except asyncio.CancelledError:
                raise
            except Exception:  # Redis restarted: subscribe again
                log.exception("cluster: the inbox was cut off, subscribing again")
                await asyncio.sleep(1.0)
                with contextlib.suppress(Exception):
                    await self._pubsub.subscribe(self.inbox(self.me), self.everyone)

    def _dispatch(self, data: dict[str, Any]) -> None:
        sender = data.get("from")
        if sender == self.me or not isinstance(sender, str):
            return
        kind = data.get("k")
        if kind == "text":
            user = data["user"]
            if data.get("prompt"):
                self.prompt_home[user] = sender
            self.hub.send_here(user, data["text"])
        elif kind == "conn_text":
            client = self._conns.get(data["conn"])
            if client is not None:
                if data.get("prompt"):
                    self.prompt_home[client.user_id] = sender
                client.post(data["text"])
        elif kind == "mjai_out":  # a batch a room's process made for a socket here
            client = self._conns.get(data["conn"])
            if client is not None and hasattr(client, "relayed"):
                client.relayed(data["text"], sender, bool(data.get("asks")))
        elif kind == "mjai_in":  # the bot's answer to a batch made here
            rc = self._remote_conns.get((sender, data["conn"]))
            if rc is not None and hasattr(rc, "received"):
                rc.received(data.get("text"), data.get("problem"))
        elif kind == "command":
            rc = self._remote_conn(data)
            self.remote.setdefault(data["user"], set()).add(sender)
            self._in_order((sender, data["conn"]), self.manager.remote_command(rc, data["msg"]))
        elif kind == "answer":
            rc = self._remote_conn(data)
            self.remote.setdefault(data["user"], set()).add(sender)
            self.manager.remote_answer(rc, data["seq"], data["action"])
        elif kind == "connected":
            user = data["user"]
            if self.manager.has_something_for(user):
                self.remote.setdefault(user, set()).add(sender)
                self.manager.remote_connected(self._remote_conn(data))
            if self.quiz is not None and self.quiz.has_something_for(user):
                self.remote.setdefault(user, set()).add(sender)
                self.quiz.remote_connected(self._remote_conn(data))
        elif kind == "gone_conn":
            self._remote_conn_gone((sender, data["conn"]))
        elif kind == "gone_user":
            processes = self.remote.get(data["user"])
            if processes is not None:
                processes.discard(sender)
                if not processes:
                    del self.remote[data["user"]]
            if self.quiz is not None and self.quiz.has_something_for(data["user"]):
                self.quiz.remote_gone(data["user"])
        elif kind in ("adopted", "where"):
            # The fronts of the room's players tell its (new) owner where their sockets are.
            for user in data.get("users", ()):
                if kind == "adopted" and self.prompt_home.get(user) is not None:
                    self.prompt_home[user] = sender
                for client in list(self.hub.clients.get(user, ())):
                    self.send_to(sender, {"k": "connected", **self._conn_fields(client)})
        elif kind == "quiz" and self.quiz is not None:
            self.quiz.from_cluster(sender, data)
        elif kind == "room_closed":
            self._in_order(("room", data["room"]), self.manager.room_closed(data["room"]))

    def _in_order(self, key: tuple[Any, Any], work: Awaitable[Any]) -> None:
        previous = self._chains.get(key)

        async def run() -> None:
            if previous is not None:
                with contextlib.suppress(Exception):
                    await previous
            try:
                await work
            except Exception:
                log.exception("cluster: forwarded work failed")
            finally:
                if self._chains.get(key) is task:
                    del self._chains[key]

        task = asyncio.get_running_loop().create_task(run())
        self._chains[key] = task


def _runs(batch: list[tuple[str, str]]) -> list[tuple[str, list[str]]]:
    """Consecutive messages to one channel, together: they go as one PUBLISH (a room telling
    the players of another process one event is one message there, not four), and the order
    across channels stays the order they were sent in."""
    runs: list[tuple[str, list[str]]] = []
    for channel, text in batch:
        if runs and runs[-1][0] == channel:
            runs[-1][1].append(text)
        else:
            runs.append((channel, [text]))
    return runs


def _as_list(texts: list[str]) -> str:
    """Several payloads (JSON objects already encoded) as one JSON array."""
    return "[" + ",".join(texts) + "]"


def cluster_for(settings: Any, db: Any) -> Cluster | None:
    """The cluster ``settings`` ask for (``room_leases``; ``auto``: one when ``redis_url`` is
    set), else ``None``: the one-process server. Refused (``ValueError``) when leases are asked
    for without the Redis that carries the messages between processes."""
    kind = settings.room_leases
    if kind == "off" or (kind == "auto" and not settings.redis_url):
        return None
    if not settings.redis_url:
        raise ValueError(f"room_leases={kind} needs redis_url: Redis relays between processes")
    leases = leases_for(settings, db)
    assert isinstance(leases, RedisLeases | DatabaseLeases)
    return Cluster(settings.redis_url, settings.redis_prefix, leases)
