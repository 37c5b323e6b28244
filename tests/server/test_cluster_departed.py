"""A process that dies without a word (SIGKILL) sends no ``gone_conn``: the survivors learn it is
gone from its alive mark in Redis running out (server/cluster.py ``forget_departed``) and stop
relaying to its sockets. A process that only stalled past its mark tells the others again where
its sockets are (``heartbeat``) and its players play on. Two real processes, as in
test_cluster.py (whose fixture and tables these tests use).
"""

from __future__ import annotations

import asyncio
import signal
from collections import Counter

import pytest
from test_cluster import REDIS_URL, Cluster, KilledTable, _checked, _finished_games
from test_cluster import cluster as cluster  # noqa: F401 - the fixture

pytestmark = pytest.mark.asyncio


async def _processes(cluster: Cluster) -> set[str]:
    """The ids of the processes listening to their inbox."""
    from redis.asyncio import Redis

    redis = Redis.from_url(REDIS_URL, decode_responses=True)
    try:
        inboxes = await redis.pubsub_channels(f"{cluster.prefix}proc:*")
    finally:
        await redis.aclose()
    return {inbox.rsplit(":", 1)[1] for inbox in inboxes}


async def _holder(cluster: Cluster, room: int) -> str:
    from redis.asyncio import Redis

    redis = Redis.from_url(REDIS_URL, decode_responses=True)
    try:
        return str(await redis.get(f"{cluster.prefix}lease:room:{room}"))
    finally:
        await redis.aclose()


async def _logged(server, text: str, seconds: float = 60) -> None:
    for _ in range(int(seconds / 0.1)):
        if text in server.log.read_text():
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"{text!r} never logged:\n{server.log.read_text()[-4000:]}")


class Inboxes:
    """Every message published to a process' inbox, counted by process, from now on."""

    def __init__(self, cluster: Cluster) -> None:
        from redis.asyncio import Redis

        self.redis = Redis.from_url(REDIS_URL, decode_responses=True)
        self.pattern = f"{cluster.prefix}proc:*"
        self.counts: Counter[str] = Counter()

    async def __aenter__(self) -> Inboxes:
        self.pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await self.pubsub.psubscribe(self.pattern)
        self.task = asyncio.create_task(self._count())
        return self

    async def _count(self) -> None:
        async for item in self.pubsub.listen():
            if item.get("type") == "pmessage":
                self.counts[item["channel"].rsplit(":", 1)[1]] += 1

    async def __aexit__(self, *exc: object) -> None:
        self.task.cancel()
        await self.pubsub.aclose()
        await self.redis.aclose()


async def test_a_killed_process_is_forgotten_and_nothing_more_is_relayed_to_it(cluster):
    """The room runs on ``a``, three of its seats on ``b``; ``b`` is killed and its players come
    back to ``a``. Once ``a`` has found ``b`` gone, nothing it publishes goes to ``b``'s inbox
    (before, every message for those players went there too, to the end of the game)."""
    a, b = cluster.servers
    table = KilledTable(cluster, a, [b])  # seat 0 on a: a runs the room; seats 1-3 on b
    try:
        room = await table.start()
        owner = await _holder(cluster, room)
        (dead,) = await _processes(cluster) - {owner}
        b.kill()
        await _logged(a, f"process {dead} is gone")
        async with Inboxes(cluster) as inboxes:
            table.doomed = b  # the seats on b reconnect to a
            ends = await table.come_back(a)
            await asyncio.sleep(0.5)  # what was published last has reached the counter
        assert len({e["game"] for e in ends}) == 1
        assert inboxes.counts[dead] == 0, inboxes.counts
    finally:
        await table.close()
    await _checked(cluster, await _finished_games(cluster))


async def test_a_process_that_stalled_past_its_mark_tells_where_its_sockets_are(cluster):
    """``b`` holds three seats of a room ``a`` runs and is stopped (SIGSTOP) until ``a`` takes it
    for gone; resumed, it finds its mark run out and announces its sockets again: ``a`` sends
    their players the table and the open prompts, and the game is played to its end."""
    a, b = cluster.servers
    table = KilledTable(cluster, a, [b])
    try:
        room = await table.start()
        owner = await _holder(cluster, room)
        (stalled,) = await _processes(cluster) - {owner}
        b.process.send_signal(signal.SIGSTOP)
        try:
            await _logged(a, f"process {stalled} is gone")
        finally:
            b.process.send_signal(signal.SIGCONT)
        ends = await asyncio.wait_for(asyncio.gather(*table.plays), 300)
        assert len({e["game"] for e in ends}) == 1
    finally:
        await table.close()
    await _checked(cluster, await _finished_games(cluster))
