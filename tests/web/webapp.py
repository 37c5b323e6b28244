"""A live server for the browser tests: the real application (``create_app``) on a free port,
serving the web client at ``/`` and the tools API."""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path

import uvicorn
from fastapi import FastAPI

from openmahjong.server import Settings, create_app
from openmahjong.server.listener import server_config

WEB = Path(__file__).resolve().parents[2] / "src" / "openmahjong" / "web"


def make_app(workdir: Path, **overrides: object) -> tuple[FastAPI, str]:
    """The application under test, with its own SQLite file in ``workdir``; ``overrides`` are
    more ``Settings`` fields (e.g. ``matchmaking_bot_fill_seconds``)."""
    # One server serves the whole browser session from 127.0.0.1, like a load test: the
    # per-address allowances for people (20 sign-ups an hour, 64 sockets) would run out.
    per_address = {"signup_limit": 0, "guest_limit": 0, "max_sockets_per_address": 0}
    settings = Settings(
        database_url=f"sqlite+aiosqlite:///{workdir / 'web.db'}",
        web_dir=WEB,
        **{**per_address, **overrides},
    )
    return create_app(settings), "create_app"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    """uvicorn in a background thread, stopped by :meth:`stop`."""

    def __init__(self, app: FastAPI) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        settings = app.state.om.settings
        config = server_config(app, settings, port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def start(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.05)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
