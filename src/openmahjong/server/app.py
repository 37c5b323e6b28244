"""The FastAPI application factory.

``create_app(settings)`` builds a fresh application: nothing happens at import, and a test can
build as many apps as it likes (two apps on one database is how restart persistence is tested).
Startup applies pending migrations, then the admin names from the settings.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

import openmahjong
from openmahjong.server import (
    account_api,
    accounts,
    admin_api,
    bookmarks,
    bulk,
    duplicates,
    event_run,
    events,
    mjai_play,
    notifications,
    play,
    quiz_api,
    ranks_api,
    records,
    rooms,
    stats_api,
    tools_api,
)
from openmahjong.server.apidocs import install_docs
from openmahjong.server.bodylimit import MAX_BODY_BYTES, BodyLimit
from openmahjong.server.cluster import cluster_for
from openmahjong.server.directory import RoomManager
from openmahjong.server.errors import install_error_handlers
from openmahjong.server.quiz_cluster import SharedQuiz
from openmahjong.server.quiz_live import QuizService
from openmahjong.server.settings import Settings
from openmahjong.server.state import ServerState

__all__ = ["create_app"]

log = logging.getLogger("openmahjong.server")


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings if settings is not None else Settings()
    state = ServerState.from_settings(settings)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        if settings.migrate_on_start:
            applied = await state.db.migrate()
            if applied:
                log.info("database %s: applied migrations %s", state.db.describe(), applied)
        await accounts.apply_configured_admins(state)
        purged = await accounts.purge_expired(state)
        if purged:
            log.info("removed %d expired sessions and email codes", purged)
        resumed = await _app.state.rooms.start()
        _app.state.quiz.start()
        if resumed:
            log.info("resumed %d live games from the database", resumed)
        log.info("openmahjong server ready, database %s", state.db.describe())
        try:
            yield
        finally:
            await _app.state.quiz.close()
            await _app.state.rooms.close()
            await state.close()

    app = FastAPI(
        title="openmahjong",
        version=openmahjong.__version__,
        description="Real-time mahjong tables, accounts and public game records.",
        lifespan=lifespan,
        docs_url=None,  # served from local files instead of a CDN (apidocs.py)
        redoc_url=None,
    )
    app.state.om = state
    app.state.hub = play.Hub()
    app.state.rooms = RoomManager(state, app.state.hub)
    # Several processes on one Redis (docs/deploy.md); none configured: this one holds all.
    app.state.rooms.cluster = cluster_for(settings, state.db)
    app.state.quiz = QuizService(state, app.state.hub)
    if app.state.rooms.cluster is not None:  # the quiz's lines, codes and matches shared too
        app.state.quiz.shared = SharedQuiz(app.state.quiz, app.state.rooms.cluster)
    install_error_handlers(app)
    # Bodies over the cap are a 413 before any handler or model reads them (docs/security.md).
    app.add_middleware(BodyLimit, max_bytes=MAX_BODY_BYTES)

    @app.get("/api/health", tags=["server"])
    async def health() -> dict[str, str]:
        """Liveness: answers as soon as the server accepts requests."""
        return {"status": "ok"}

    @app.get("/api/info", tags=["server"])
    async def info() -> dict[str, object]:
        """What this server speaks: its version, the play protocol version, its rulesets."""
        from openmahjong.rules.registry import rulesets
        from openmahjong.server.protocol import PROTOCOL_VERSION

        return {
            "name": "openmahjong",
            "version": openmahjong.__version__,
            "protocol": PROTOCOL_VERSION,
            "websocket": "/ws",
            "rulesets": sorted(rulesets()),
        }

    app.include_router(accounts.router)
    app.include_router(accounts.admin)
    app.include_router(account_api.router)
    app.include_router(admin_api.router)
    app.include_router(records.router)
    app.include_router(stats_api.router)
    app.include_router(ranks_api.router)
    app.include_router(ranks_api.admin)
    app.include_router(bulk.router)
    app.include_router(bookmarks.router)
    app.include_router(duplicates.router)
    app.include_router(rooms.router)
    app.include_router(play.router)
    app.include_router(mjai_play.router)
    app.include_router(tools_api.router)
    app.include_router(quiz_api.router)
    app.include_router(events.router)
    app.include_router(event_run.router)
    app.include_router(notifications.router)
    install_docs(app)

    # The browser client, last: API routes and /docs are matched before this catch-all.
    web = settings.static_dir
    if web.is_dir():
        app.mount("/", StaticFiles(directory=web, html=True), name="web")
    return app
