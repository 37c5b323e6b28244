"""Two real ``openmahjong serve`` processes on one PostgreSQL and one Redis (server/cluster.py,
docs/deploy.md): a table whose four sockets are on different processes, one matchmaking line
filled from both, and a process killed with SIGKILL mid-game whose rooms another process takes
over from the action log. Every game ends, its record replays and its commitment verifies.
"""

from __future__ import annotations

import asyncio
import signal
import subprocess
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
import pytest_asyncio
from server_helpers import Server
from sqlalchemy import select

from openmahjong.cli.loadtest import run_loadtest
from openmahjong.server.client import PlayClient, guest_token
from openmahjong.store import Database
from openmahjong.store.models import Game, GameAction
from openmahjong.store.testing import create_schema, drop_schema, postgres_or_reason

pytestmark = pytest.mark.asyncio

REDIS_URL = "redis://127.0.0.1:6379/0"
#: Short, so a killed process' rooms are taken over within seconds.
LEASE_SECONDS = 1.5


async def _redis_or_reason() -> str | None:
    from redis.asyncio import Redis

    redis = Redis.from_url(REDIS_URL)
    try:
        await redis.ping()
    except Exception as exc:  # noqa: BLE001 - any failure to reach Redis skips
        return f"no Redis at {REDIS_URL}: {exc}"
    finally:
        await redis.aclose()
    return None


class Cluster:
    def __init__(self, url: str, schema: str, folder: Path) -> None:
        self.url, self.schema, self.folder = url, schema, folder
        self.prefix = f"om-test-{uuid.uuid4().hex[:12]}:"
        self.servers: list[Server] = []

    def start(self) -> Server:
        server = Server(
            self.url,
            self.folder / f"server-{len(self.servers)}.log",
            database_schema=self.schema,
            redis_url=REDIS_URL,
            redis_prefix=self.prefix,
            lease_seconds=LEASE_SECONDS,
            guest_limit=0,
            max_sockets_per_address=0,
        )
        server.wait_ready()  # one at a time: the first applies the migrations
        self.servers.append(server)
        return server

    def ws(self, server: Server) -> str:
        return server.url.replace("http://", "ws://") + "/ws"

    def logs(self) -> str:
        return "\n".join(s.log.read_text() for s in self.servers)


@pytest_asyncio.fixture
async def cluster(tmp_path: Path) -> AsyncIterator[Cluster]:
    url, reason = await postgres_or_reason()
    if url is None:
        pytest.skip(reason)
    missing = await _redis_or_reason()
    if missing:
        pytest.skip(missing)
    schema = await create_schema(url)
    group = Cluster(url, schema, tmp_path)
    try:
        group.start()
        group.start()
        yield group
    finally:
        try:
            _stop_all(group.servers)
        finally:
            await drop_schema(url, schema)


#: A server given SIGTERM answers its sockets' close, stops its rooms and releases its leases
#: within its shutdown timeout (10 s) and a few seconds more, even on a loaded CI machine.
STOP_SECONDS = 60


def _stop_all(servers: list[Server]) -> None:
    """SIGTERM to every live server at once; one still running after ``STOP_SECONDS`` has its
    threads' stacks dumped to its log (faulthandler) and fails the test with them."""
    running = [s for s in servers if s.process.poll() is None]
    for server in running:
        server.process.terminate()
    hung = []
    for server in running:
        try:
            server.process.wait(timeout=STOP_SECONDS)
        except subprocess.TimeoutExpired:
            server.process.send_signal(signal.SIGABRT)
            server.process.wait(timeout=30)
            hung.append(server)
    if hung:
        tails = "\n".join(s.log.read_text()[-6000:] for s in hung)
        pytest.fail(f"{len(hung)} server(s) did not stop within {STOP_SECONDS} s:\n{tails}")


async def _checked(cluster: Cluster, game_ids: list[int]) -> None:
    """Each game finished, its action log numbered 1..n with no gap and no repeat, and its
    record replayed by the engine with the commitment verified."""
    db = Database(cluster.url, schema=cluster.schema)
    try:
        async with db.session() as s:
            for game_id in game_ids:
                game = await s.get(Game, game_id)
                assert game is not None and game.status == "finished", game_id
                seqs = list(
                    await s.scalars(
                        select(GameAction.seq)
                        .where(GameAction.game_id == game_id)
                        .order_by(GameAction.seq)
                    )
                )
                assert seqs == list(range(1, len(seqs) + 1))
    finally:
        await db.close()
    server = next(s for s in cluster.servers if s.process.poll() is None)
    async with httpx.AsyncClient(base_url=server.url, timeout=60) as http:
        for game_id in game_ids:
            check = (await http.get(f"/api/games/{game_id}/check")).json()
            assert check["ok"], check
            assert check["hands"] == check["hands_matched"] > 0
            assert check["fairness"]["commitment"] is True, check["fairness"]


async def _finished_games(cluster: Cluster) -> list[int]:
    db = Database(cluster.url, schema=cluster.schema)
    try:
        async with db.session() as s:
            return list(await s.scalars(select(Game.id).order_by(Game.id)))
    finally:
        await db.close()


async def test_tables_whose_four_sockets_are_on_two_processes_play_to_the_end(cluster):
    a, b = cluster.servers
    # Each table's players alternate between the processes; the rooms alternate owners.
    result = await run_loadtest([a.url, b.url], 2, hands=0, think=0, jitter=0, ramp=0)
    assert result.errors == 0, (result.error_samples, cluster.logs())
    assert result.actions > 100
    games = await _finished_games(cluster)
    assert len(games) == 2
    await _checked(cluster, games)


async def test_one_matchmaking_line_is_filled_from_both_processes(cluster):
    a, b = cluster.servers
    players = []
    async with httpx.AsyncClient(base_url=a.url, timeout=30) as http:
        for i in range(4):
            _uid, token = await guest_token(http)
            client = PlayClient(cluster.ws((a, b)[i % 2]), token)
            await client.connect()
            players.append(client)
    try:
        for client in players:
            await client.send(
                {"type": "queue", "ruleset": "riichi", "preset": "majsoul-tonpuu", "casual": True}
            )
            await client.next(lambda m: m["type"] == "queued" and m.get("ruleset") == "riichi")
        starts = [await c.next("game_start", timeout=30) for c in players]
        assert sorted(s["seat"] for s in starts) == [0, 1, 2, 3]
        assert len({s["game"] for s in starts}) == 1  # one table, not one per process
        ends = await asyncio.gather(*(c.autoplay() for c in players))
        assert len({e["game"] for e in ends}) == 1
    finally:
        for client in players:
            await client.close()
    await _checked(cluster, await _finished_games(cluster))


class KilledTable:
    """A table whose room is run by ``doomed`` (its first seat joins there first), its other
    seats on ``others`` in turn; played until a few prompts were answered."""

    def __init__(self, cluster: Cluster, doomed: Server, others: list[Server]) -> None:
        self.cluster, self.doomed, self.others = cluster, doomed, others
        self.servers = [doomed, *(others[i % len(others)] for i in range(3))]
        self.clients: list[PlayClient] = []
        self.plays: list[asyncio.Task] = []
        self.answered = asyncio.Event()
        self.count = 0

    async def start(self) -> int:
        async with httpx.AsyncClient(base_url=self.others[0].url, timeout=30) as http:
            self.tokens = [(await guest_token(http))[1] for _ in range(4)]
            created = await http.post(
                "/api/rooms",
                json={
                    "name": "doomed",
                    "ruleset": "riichi",
                    "preset": "majsoul-tonpuu",
                    "table": {"move_seconds": 60, "bank_seconds": 0, "call_protection": False},
                },
                headers={"Authorization": f"Bearer {self.tokens[0]}"},
            )
            assert created.status_code == 201, created.text
            self.room = created.json()["id"]
        for server, token in zip(self.servers, self.tokens, strict=True):
            client = PlayClient(self.cluster.ws(server), token)
            self.clients.append(client)
            await client.connect()
            await client.send({"type": "join", "room": self.room})
            await client.send({"type": "ready", "room": self.room})
        await self.clients[0].next(
            lambda m: m["type"] == "room" and all(s and s["ready"] for s in m["seats"])
        )
        await self.clients[0].send({"type": "start", "room": self.room})
        self.plays = [
            asyncio.create_task(c.autoplay(on_prompt=self._counted)) for c in self.clients
        ]
        await asyncio.wait_for(self.answered.wait(), 60)
        return self.room

    def _counted(self, _prompt: dict) -> None:
        self.count += 1
        if self.count >= 12:  # a few turns around the table
            self.answered.set()

    async def come_back(self, survivor: Server) -> list[dict]:
        """The doomed process' players reconnect to ``survivor`` (the proxy's job in a
        deployment) and everyone plays to the end."""
        for i, server in enumerate(self.servers):
            if server is self.doomed:
                self.plays[i].cancel()
                await self.clients[i].close()
                self.clients[i] = PlayClient(self.cluster.ws(survivor), self.tokens[i])
                await self.clients[i].connect()
                self.plays[i] = asyncio.create_task(self.clients[i].autoplay())
        return list(await asyncio.gather(*self.plays))

    async def close(self) -> None:
        for task in self.plays:
            task.cancel()
        for client in self.clients:
            await client.close()


async def test_a_process_killed_mid_game_is_taken_over_and_the_games_go_on(cluster):
    a, b = cluster.servers
    table = KilledTable(cluster, a, [b])
    try:
        room = await table.start()
        a.kill()
        ends = await table.come_back(b)
        assert len({e["game"] for e in ends}) == 1
    finally:
        await table.close()
    games = await _finished_games(cluster)
    assert len(games) == 1
    await _checked(cluster, games)
    assert f"room {room}: adopted" in b.log.read_text()


async def test_the_rooms_of_a_killed_process_are_taken_over_exactly_once(cluster):
    """Two survivors sweep for a dead third process' rooms at once: each room is adopted by
    exactly one of them, and its game ends once, its action log without a repeated number."""
    a, b = cluster.servers
    c = cluster.start()
    tables = [KilledTable(cluster, c, [a, b]), KilledTable(cluster, c, [b, a])]
    try:
        rooms = [await t.start() for t in tables]
        c.kill()
        await asyncio.gather(*(t.come_back(a) for t in tables))
    finally:
        for t in tables:
            await t.close()
    logs = a.log.read_text() + b.log.read_text()
    for room in rooms:
        assert logs.count(f"room {room}: adopted") == 1
    games = await _finished_games(cluster)
    assert len(games) == 2
    await _checked(cluster, games)


async def test_the_room_list_of_every_process_counts_the_seats_of_rooms_run_elsewhere(cluster):
    """A lobby held by one process: the other's ``GET /api/rooms`` and ``GET /api/rooms/{id}``
    show its seats taken (what the owner publishes each lease round), not an empty room."""
    a, b = cluster.servers
    async with httpx.AsyncClient(base_url=a.url, timeout=30) as http:
        tokens = [(await guest_token(http))[1] for _ in range(2)]
        created = await http.post(
            "/api/rooms",
            json={"name": "counted", "ruleset": "riichi", "preset": "majsoul-tonpuu"},
            headers={"Authorization": f"Bearer {tokens[0]}"},
        )
        assert created.status_code == 201, created.text
        room = created.json()["id"]
    clients = [PlayClient(cluster.ws(a), token) for token in tokens]
    try:
        for client in clients:  # both reach process a first: a runs the lobby
            await client.connect()
            await client.send({"type": "join", "room": room})
            await client.next(lambda m: m["type"] == "room" and m["room"] == room)
        async with httpx.AsyncClient(base_url=b.url, timeout=30) as http:
            seen = None
            for _ in range(40):  # a lease round is LEASE_SECONDS / 3
                listed = {r["id"]: r for r in (await http.get("/api/rooms")).json()}
                seen = listed.get(room)
                if seen is not None and seen["seated"] == 2:
                    break
                await asyncio.sleep(0.25)
            assert seen is not None and (seen["seated"], seen["seats"]) == (2, 4), seen
            one = (await http.get(f"/api/rooms/{room}")).json()
            assert (one["seated"], one["seats"]) == (2, 4)
    finally:
        for client in clients:
            await client.close()


async def test_a_lobby_of_a_killed_process_is_taken_over_with_its_seats(cluster):
    """Two players sit in a lobby run by a third process, which is killed: a survivor takes the
    room with its stored seats, lists it with them, and a player who reconnects is in it."""
    a, b = cluster.servers
    c = cluster.start()
    async with httpx.AsyncClient(base_url=c.url, timeout=30) as http:
        tokens = [(await guest_token(http))[1] for _ in range(2)]
        created = await http.post(
            "/api/rooms",
            json={"name": "left", "ruleset": "riichi", "preset": "majsoul-tonpuu"},
            headers={"Authorization": f"Bearer {tokens[0]}"},
        )
        room = created.json()["id"]
    clients = [PlayClient(cluster.ws(c), token) for token in tokens]
    for client in clients:
        await client.connect()
        await client.send({"type": "join", "room": room})
        await client.next(lambda m: m["type"] == "room" and m["room"] == room)
    c.kill()
    for client in clients:
        await client.close()
    back = PlayClient(cluster.ws(a), tokens[1])
    try:
        async with httpx.AsyncClient(base_url=a.url, timeout=30) as http:
            seen = None
            for _ in range(60):
                seen = (await http.get(f"/api/rooms/{room}")).json()
                if seen["seated"] == 2:
                    break
                await asyncio.sleep(0.25)
            assert (seen["seated"], seen["seats"]) == (2, 4), seen
        await back.connect()
        state = await back.next(lambda m: m["type"] == "room" and m["room"] == room, timeout=15)
        assert sum(s is not None for s in state["seats"]) == 2
    finally:
        await back.close()
    logs = a.log.read_text() + b.log.read_text()
    assert logs.count(f"room {room}: adopted") == 1
