"""A live server for the browser tests: the web client at ``/`` and the tools API.

The real application (``openmahjong.server.create_app``, with its error handlers and static
mount) is preferred. If it does not serve the tools routes yet, the tools router is added and
moved ahead of the static catch-all at ``/``. Only if the real app cannot be built at all does a
bare FastAPI app with the tools router and the static client stand in.
"""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path

import uvicorn
from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from openmahjong.server.tools_api import router

WEB = Path(__file__).resolve().parents[2] / "src" / "openmahjong" / "web"


def _serves_tools(app: FastAPI) -> bool:
    # Ask the schema: recent FastAPI keeps included routers as nested entries in app.routes.
    return "/api/tools/analyze" in app.openapi().get("paths", {})


def make_app(workdir: Path) -> tuple[FastAPI, str]:
    """The app to test and which one it is (``create_app`` or ``tools-only``)."""
    try:
        from openmahjong.server import Settings, create_app

        settings = Settings(
            database_url=f"sqlite+aiosqlite:///{workdir / 'web.db'}", static_dir=WEB
        )
        app = create_app(settings)
        if _serves_tools(app):
            return app, "create_app"
        # Routes match in order and the client is mounted last at "/": put the tools first.
        before = len(app.router.routes)
        app.include_router(router)
        app.router.routes[:] = app.router.routes[before:] + app.router.routes[:before]
        return app, "create_app + tools router"
    except Exception:  # noqa: BLE001 - any failure here just means: use the small app
        pass
    app = FastAPI(title="openmahjong web tools (test)")
    app.include_router(router)
    app.mount("/", StaticFiles(directory=WEB, html=True), name="web")
    return app, "tools-only"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    """uvicorn in a background thread, stopped by :meth:`stop`."""

    def __init__(self, app: FastAPI) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(
            app, host="127.0.0.1", port=self.port, log_level="warning", lifespan="on"
        )
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
