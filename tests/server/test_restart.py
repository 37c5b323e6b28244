"""Nothing is lost across restarts: data written, app rebuilt or process killed, data there.

The in-process tests run on SQLite and PostgreSQL; the process tests start the real
``openmahjong serve`` (uvicorn on a free port), kill it with SIGKILL and start it again. What
waits for a game (matchmaking lines, lobby seats) is checked both ways too.
"""

from __future__ import annotations

import re
import signal
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import timedelta
from pathlib import Path

import httpx
import pytest
import pytest_asyncio
from fastapi import FastAPI
from server_helpers import (
    PASSWORD,
    Server,
    client_for,
    make_settings,
    register,
    running,
    serving_app,
)
from sqlalchemy import select

from openmahjong.server import Settings
from openmahjong.server.client import PlayClient, guest_token
from openmahjong.store import Database
from openmahjong.store import games as g
from openmahjong.store.models import LobbySeat, QueueEntry
from openmahjong.store.testing import create_schema, drop_schema, postgres_or_reason


@pytest_asyncio.fixture(params=["sqlite", "postgresql"])
async def durable_settings(request, tmp_path: Path) -> AsyncIterator[Settings]:
    if request.param == "sqlite":
        yield make_settings(tmp_path)
        return
    url, reason = await postgres_or_reason()
    if url is None:
        pytest.skip(reason)
    schema = await create_schema(url)
    try:
        yield make_settings(tmp_path, database_url=url, database_schema=schema)
    finally:
        await drop_schema(url, schema)


@pytest.mark.asyncio
async def test_accounts_sessions_and_games_survive_a_new_app(durable_settings):
    async with running(durable_settings) as app, client_for(app) as c:
        user = (await register(c, "persistent"))["user"]
        cookie = c.cookies.get("om_session")
        async with app.state.om.db.session() as s:
            game = await g.create_game(
                s,
                ruleset="riichi",
                header={},
                seats=[
                    g.SeatEntry(i, f"p{i}", user_id=user["id"] if i == 0 else None)
                    for i in range(4)
                ],
                commitment="1",
                salt="2",
                master_seed="3",
            )
            await g.append_action(s, game.id, 1, 0, {"type": "discard", "tile": 11})
            live_id = game.id

    async with running(durable_settings) as app, client_for(app) as c:
        c.cookies.set("om_session", cookie)
        assert (await c.get("/api/auth/me")).json()["id"] == user["id"]  # session kept
        async with app.state.om.db.session() as s:
            assert [x.id for x in await g.live_games(s)] == [live_id]
            assert len(await g.actions(s, live_id)) == 1
            await g.append_action(s, live_id, 2, 1, {"type": "pass"})
            await g.finish_game(s, live_id, [g.SeatResult(i, 25000, i + 1) for i in range(4)])
        login = await c.post("/api/auth/login", json={"name": "persistent", "password": PASSWORD})
        assert login.status_code == 200

    async with running(durable_settings) as app, client_for(app) as c:
        listed = (await c.get("/api/games?player=persistent")).json()["games"]
        assert [x["id"] for x in listed] == [live_id]
        record = (await c.get(f"/api/games/{live_id}/record")).json()
        assert [a[1]["type"] for a in record["actions"]] == ["discard", "pass"]


@pytest.fixture
def servers():
    started: list[Server] = []
    yield started
    for server in started:
        if server.process.poll() is None:
            server.process.kill()
            server.process.wait(timeout=10)


@pytest.mark.asyncio
async def test_real_server_killed_and_restarted_keeps_everything(tmp_path, servers):
    database = f"sqlite:///{tmp_path / 'live.db'}"
    log = tmp_path / "server.log"
    first = Server(database, log)
    servers.append(first)
    first.wait_ready()
    async with httpx.AsyncClient(base_url=first.url) as c:
        assert (await c.get("/")).status_code == 200
        assert (await c.get("/docs")).status_code == 200
        user = (await register(c, "survivor"))["user"]
        sent = await c.post("/api/auth/email", json={"email": "survivor@example.org"})
        assert sent.status_code == 202
    first.kill()  # no shutdown, no goodbye: like a crash
    # Without SMTP the code went to the server log, where the operator finds it.
    match = re.search(r"email code for survivor to survivor@example.org: (\d{6})", log.read_text())
    assert match, log.read_text()

    second = Server(database, log)
    servers.append(second)
    second.wait_ready()
    async with httpx.AsyncClient(base_url=second.url) as c:
        login = await c.post("/api/auth/login", json={"name": "survivor", "password": PASSWORD})
        assert login.status_code == 200 and login.json()["user"]["id"] == user["id"]
        verified = await c.post("/api/auth/email/verify", json={"code": match.group(1)})
        assert verified.json()["email"] == "survivor@example.org"
    second.process.send_signal(signal.SIGINT)
    assert second.process.wait(timeout=15) == 0
    assert "applied migrations 0001" in log.read_text()


def test_serve_reports_a_bad_database_clearly(tmp_path):
    from typer.testing import CliRunner

    from openmahjong.cli import app as cli

    missing = f"sqlite:///{tmp_path / 'missing' / 'x.db'}"
    result = CliRunner().invoke(cli, ["serve", "--database", missing])
    assert result.exit_code == 2
    assert "the folder for the SQLite file does not exist" in result.stderr
    assert "Traceback" not in result.stderr
    unsupported = CliRunner().invoke(cli, ["serve", "--database", "mysql://u@h/db"])
    assert unsupported.exit_code == 2 and "is not supported" in unsupported.stderr


@pytest.mark.asyncio
async def test_expired_sessions_are_removed_at_startup(tmp_path):
    settings = make_settings(tmp_path)
    async with running(settings) as app, client_for(app) as c:
        await register(c, "expiring")
        async with app.state.om.db.session() as s:
            from sqlalchemy import update

            from openmahjong.store.models import AuthSession, utcnow

            await s.execute(update(AuthSession).values(expires_at=utcnow()))
        assert (await c.get("/api/auth/me")).status_code == 401  # expired: refused at once
    async with running(settings) as app, app.state.om.db.session() as s:
        from sqlalchemy import func, select

        assert await s.scalar(select(func.count()).select_from(AuthSession)) == 0


# ---------------------------------------------------------------- what waits for a game

QUEUE = {"type": "queue", "ruleset": "riichi", "preset": "majsoul-tonpuu"}
LINE = ("riichi", "majsoul-tonpuu", False, "bronze")  # (ruleset, preset, casual, tier)


@asynccontextmanager
async def serving(settings: Settings) -> AsyncIterator[tuple[FastAPI, str]]:
    """A new app on ``settings``' database, served by uvicorn on a free port in this loop."""
    async with running(settings) as app, serving_app(app) as address:
        yield app, address


async def guests(address: str, n: int) -> list[str]:
    """Bearer tokens of ``n`` new guest players."""
    async with httpx.AsyncClient(base_url=f"http://{address}") as http:
        return [(await guest_token(http))[1] for _ in range(n)]


async def connected(address: str, *tokens: str) -> list[PlayClient]:
    out = []
    for token in tokens:
        client = PlayClient(f"ws://{address}/ws", token)
        await client.connect()
        out.append(client)
    return out


async def close_all(clients: list[PlayClient]) -> None:
    for client in clients:
        await client.close()


def in_line(app: FastAPI) -> list[str]:
    return [user.name for user, _since in app.state.rooms.queues.get(LINE, [])]


async def stored_places(db: Database) -> list[QueueEntry]:
    async with db.session() as s:
        return list(await s.scalars(select(QueueEntry).order_by(QueueEntry.joined_at)))


async def backdate_places(db: Database, seconds: float) -> None:
    """Every stored place in line, as if taken ``seconds`` earlier."""
    async with db.session() as s:
        for entry in await s.scalars(select(QueueEntry)):
            entry.joined_at -= timedelta(seconds=seconds)


@pytest.mark.asyncio
async def test_matchmaking_lines_survive_restarts_in_order_and_bot_fill_counts_the_wait(
    durable_settings,
):
    people_only = durable_settings
    with_bots = durable_settings.model_copy(update={"matchmaking_bot_fill_seconds": 900})
    async with serving(people_only) as (app, address):
        first, second, third = await guests(address, 3)
        clients = await connected(address, first, second)
        for client in clients:
            await client.send(QUEUE)
            await client.next("queued")
        assert (await clients[0].next("queued"))["waiting"] == 2
        order = in_line(app)
        assert len(order) == 2
        await close_all(clients)

    async with serving(people_only) as (app, address):
        assert in_line(app) == order  # the same line, the same order
        clients = await connected(address, first, second)
        for client in clients:  # told at once on connecting: still waiting
            queued = await client.next("queued")
            said = (queued["ruleset"], queued["preset"], queued["casual"], queued["tier"])
            assert (*said, queued["waiting"]) == (*LINE, 2)
        (late,) = await connected(address, third)
        await late.send(QUEUE)
        assert (await late.next("queued"))["waiting"] == 3
        assert in_line(app)[:2] == order and len(in_line(app)) == 3
        await clients[0].next(lambda m: m["type"] == "queued" and m["waiting"] == 3)
        await clients[0].send(QUEUE)  # again, as a client does on reconnecting: kept
        assert (await clients[0].next("queued"))["waiting"] == 3
        assert in_line(app)[:2] == order
        await close_all([*clients, late])
        # The first in line queued long before the bot-fill time of the next server.
        await backdate_places(app.state.om.db, 1000)

    async with serving(with_bots) as (app, address):
        # The wait already exceeds the fill time: the table forms at once, one bot added.
        clients = await connected(address, first, second, third)
        starts = [await c.next("game_start") for c in clients]
        assert in_line(app) == []
        assert await stored_places(app.state.om.db) == []
        assert len({s["game"] for s in starts}) == 1
        assert len({s["seat"] for s in starts}) == 3
        state = next(m for m in reversed(clients[0].log) if m["type"] == "room")
        assert sum(seat["bot"] for seat in state["seats"]) == 1
        await close_all(clients)


def seats_of(state: dict) -> list[tuple[str, bool, bool] | None]:
    return [None if s is None else (s["name"], s["bot"], s["ready"]) for s in state["seats"]]


@pytest.mark.asyncio
async def test_lobby_seats_and_ready_flags_survive_a_restart(durable_settings):
    async with serving(durable_settings) as (app, address):
        tokens = await guests(address, 3)
        owner, guest, passer = await connected(address, *tokens)
        async with httpx.AsyncClient(base_url=f"http://{address}") as http:
            created = await http.post(
                "/api/rooms",
                json={"name": "lobby", "ruleset": "riichi", "preset": "majsoul-tonpuu"},
                headers={"Authorization": f"Bearer {tokens[0]}"},
            )
        room = created.json()["id"]
        for command in (
            {"type": "join", "room": room},
            {"type": "ready", "room": room},
            {"type": "add_bot", "room": room},
            {"type": "add_bot", "room": room},
        ):
            await owner.send(command)
            await owner.next("room")
        await passer.send({"type": "join", "room": room})
        await passer.next("room")
        await owner.send({"type": "kick", "room": room, "seat": 2})  # the second bot goes
        await guest.send({"type": "join", "room": room})
        await passer.send({"type": "leave", "room": room})
        before = await owner.next(
            lambda m: m["type"] == "room" and [bool(s) for s in m["seats"]] == [1, 1, 1, 0]
        )
        names = [owner.user["name"], "bot-1", guest.user["name"]]
        assert seats_of(before) == [
            (names[0], False, True),
            (names[1], True, True),
            (names[2], False, False),
            None,
        ]
        await close_all([owner, guest, passer])

    async with serving(durable_settings) as (app, address):
        owner, guest = await connected(address, tokens[0], tokens[1])
        for client in (owner, guest):  # told at once on connecting: the room as it was
            assert seats_of(await client.next("room")) == seats_of(before)
        await guest.send(QUEUE)  # still seated, so not free to queue
        assert (await guest.next("error"))["code"] == "seated_elsewhere"
        await guest.send({"type": "ready", "room": room})
        await owner.send({"type": "add_bot", "room": room})
        await owner.next(
            lambda m: m["type"] == "room" and all(s and s["ready"] for s in m["seats"])
        )
        await owner.send({"type": "start", "room": room})
        starts = [await c.next("game_start") for c in (owner, guest)]
        assert starts[0]["game"] == starts[1]["game"]
        async with app.state.om.db.session() as s:  # a game took the seats: no lobby stored
            assert list(await s.scalars(select(LobbySeat))) == []
        await close_all([owner, guest])


@pytest.mark.asyncio
async def test_killed_server_keeps_its_lines_and_lobbies(tmp_path, servers):
    path = tmp_path / "waiting.db"
    log = tmp_path / "server.log"
    first = Server(f"sqlite:///{path}", log)
    servers.append(first)
    first.wait_ready()
    address = first.url.removeprefix("http://")
    tokens = await guests(address, 3)
    clients = await connected(address, *tokens)
    waiting, owner = clients[:2], clients[2]
    for client in waiting:
        await client.send(QUEUE)
    await waiting[1].next(lambda m: m["type"] == "queued" and m["waiting"] == 2)
    async with httpx.AsyncClient(base_url=first.url) as http:
        created = await http.post(
            "/api/rooms",
            json={"name": "kept", "ruleset": "riichi", "preset": "majsoul-tonpuu"},
            headers={"Authorization": f"Bearer {tokens[2]}"},
        )
    room = created.json()["id"]
    for command in ({"type": "join", "room": room}, {"type": "add_bot", "room": room}):
        await owner.send(command)
    before = await owner.next(lambda m: m["type"] == "room" and m["seats"][1] is not None)
    first.kill()  # no shutdown: like a crash
    await close_all(clients)
    db = Database(f"sqlite+aiosqlite:///{path}")
    try:  # they queued long before the next server's bot-fill time
        await backdate_places(db, 1000)
    finally:
        await db.close()

    second = Server(f"sqlite:///{path}", log, matchmaking_bot_fill_seconds=900)
    servers.append(second)
    second.wait_ready()
    address = second.url.removeprefix("http://")
    clients = await connected(address, *tokens)
    waiting, owner = clients[:2], clients[2]
    starts = [await c.next("game_start") for c in waiting]  # bot fill was due: a table
    assert starts[0]["game"] == starts[1]["game"] and starts[0]["seat"] != starts[1]["seat"]
    assert seats_of(await owner.next("room")) == seats_of(before)
    await close_all(clients)
