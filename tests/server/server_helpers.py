"""Shared helpers of the server tests (imported by conftest.py and the test modules)."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import httpx
import uvicorn
from fastapi import FastAPI

from openmahjong.server import Settings, create_app
from openmahjong.server.listener import server_config

# argon2 at its cheapest: the tests check behaviour, not hashing cost.
FAST_HASH = {"argon2_time_cost": 1, "argon2_memory_kib": 64, "argon2_parallelism": 1}
PASSWORD = "dora-indicator-7"


def make_settings(tmp_path: Path, **overrides) -> Settings:
    values = {"database_url": f"sqlite+aiosqlite:///{tmp_path / 'server.db'}", **FAST_HASH}
    values.update(overrides)
    return Settings(**values)


@asynccontextmanager
async def running(settings: Settings) -> AsyncIterator[FastAPI]:
    app = create_app(settings)
    async with app.router.lifespan_context(app):
        yield app


def client_for(app: FastAPI) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://testserver")


async def register(client: httpx.AsyncClient, name: str, password: str = PASSWORD, **extra):
    response = await client.post(
        "/api/auth/register", json={"name": name, "password": password, **extra}
    )
    assert response.status_code == 201, response.text
    return response.json()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@asynccontextmanager
async def serving_app(app: FastAPI) -> AsyncIterator[str]:
    """``app`` served by a real uvicorn on a free port in this event loop; yields its address."""
    port = free_port()
    settings = app.state.om.settings
    config = server_config(app, settings, port=port, log_level="warning", lifespan="off")
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve())
    while not server.started:
        if task.done():
            task.result()
        await asyncio.sleep(0.01)
    try:
        yield f"127.0.0.1:{port}"
    finally:
        server.should_exit = True
        await task


class Server:
    """``openmahjong serve`` in a child process, its output in a file."""

    def __init__(self, database: str, log: Path, **settings: object) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = {k: v for k, v in os.environ.items() if not k.startswith("OPENMAHJONG_")}
        env.update(
            {f"OPENMAHJONG_{k.upper()}": str(v) for k, v in {**FAST_HASH, **settings}.items()}
        )
        # A server that hangs can be made to write every thread's stack to its log (SIGABRT).
        env["PYTHONFAULTHANDLER"] = "1"
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
