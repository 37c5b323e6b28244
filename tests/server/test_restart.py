"""Nothing is lost across restarts: data written, app rebuilt or process killed, data there.

The in-process test runs on SQLite and PostgreSQL; the process test starts the real
``openmahjong serve`` (uvicorn on a free port), kills it with SIGKILL and starts it again.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
import pytest_asyncio
from server_helpers import (
    FAST_HASH,
    PASSWORD,
    client_for,
    free_port,
    make_settings,
    register,
    running,
)

from openmahjong.server import Settings
from openmahjong.store import games as g
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


class Server:
    """``openmahjong serve`` in a child process, its output in a file."""

    def __init__(self, database: str, log: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = {k: v for k, v in os.environ.items() if not k.startswith("OPENMAHJONG_")}
        env.update({f"OPENMAHJONG_{k.upper()}": str(v) for k, v in FAST_HASH.items()})
        self.log = log
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-c",
                "from openmahjong.cli import app; app()",
                "serve",
                "--port",
                str(self.port),
                "--database",
                database,
            ],
            stdout=log.open("ab"),
            stderr=subprocess.STDOUT,
            env=env,
        )

    def wait_ready(self, deadline_s: float = 30) -> None:
        # Waiting for readiness, not measuring it: the deadline only stops a hung test.
        end = time.monotonic() + deadline_s
        while time.monotonic() < end:
            if self.process.poll() is not None:
                raise AssertionError("server exited:\n" + self.log.read_text())
            try:
                if httpx.get(self.url + "/api/health", timeout=2).json() == {"status": "ok"}:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise AssertionError("server did not come up:\n" + self.log.read_text())

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)


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
