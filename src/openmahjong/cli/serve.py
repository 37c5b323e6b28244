"""``openmahjong serve``: run the game server (HTTP API, WebSocket play, the browser client).

Options override the ``OPENMAHJONG_*`` environment (see docs/server.md). The database is
migrated before the server starts listening, so a bad URL or an unreachable database is
reported as one clear line instead of a traceback from inside the server.

``--workers N`` (N > 1) runs N server processes on one host:port under uvicorn's own supervisor
(docs/deploy.md, "Running several processes"). The migrations run once, here, before any worker
starts. Each worker is a fresh interpreter (uvicorn spawns them) that builds its application
from the import string :data:`APP_FACTORY`, so the options reach it as ``OPENMAHJONG_*``
variables and every worker reads the same ``Settings`` as this process.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import functools
import os
from collections.abc import Iterator
from typing import TYPE_CHECKING, Annotated, Any

import typer

from openmahjong.cli import app
from openmahjong.cli.output import err, fail, plain

if TYPE_CHECKING:
    from sqlalchemy.engine import URL

    from openmahjong.server.settings import Settings

#: What each ``--workers`` process imports and calls (uvicorn's ``factory=True``) for its app.
APP_FACTORY = "openmahjong.server.app:create_app"

#: The HTTP protocol a worker loads by name: ``server_config`` builds its protocol class per
#: settings at run time, and such a class cannot be sent to a spawned process.
WORKER_PROTOCOL = "openmahjong.cli.serve:WorkerProtocol"

_LOG_FORMAT = "%(levelname)-9s %(name)s: %(message)s"


async def _migrate(settings: Settings) -> list[str]:
    from openmahjong.store.database import Database

    db = Database(settings.database_url, schema=settings.database_schema)
    try:
        return await db.migrate()
    finally:
        await db.close()


def _log_to_stderr(level: str) -> None:
    """Show the server's own log lines (email codes without SMTP, startup) next to uvicorn's."""
    import logging

    logger = logging.getLogger("openmahjong")
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter(_LOG_FORMAT))
    logger.addHandler(handler)
    logger.setLevel(level.upper())
    logger.propagate = False


def _workers_problem(workers: int, settings: Settings, url: URL) -> str | None:
    """Why ``--workers`` cannot run with these settings, as one line; ``None`` when it can."""
    if workers == 1:
        return None
    problems = []
    if not settings.redis_url:
        problems.append(
            "set OPENMAHJONG_REDIS_URL (the processes share room leases and relay sockets "
            "to each other through Redis)"
        )
    if url.drivername.startswith("sqlite"):
        problems.append(
            "use PostgreSQL (--database postgresql+asyncpg://...): several processes cannot "
            "share a SQLite file"
        )
    if settings.room_leases == "off":
        problems.append(
            "OPENMAHJONG_ROOM_LEASES=off would let every process run every room: use auto, "
            "redis or database"
        )
    if not problems:
        return None
    return f"--workers {workers} needs a shared store: " + "; ".join(problems)


def _worker_environment(settings: Settings) -> dict[str, str]:
    """The variables a worker needs on top of this process's environment: the options given on
    the command line, and no migrations at startup (they ran once, before the workers)."""
    return {
        "OPENMAHJONG_HOST": settings.host,
        "OPENMAHJONG_PORT": str(settings.port),
        "OPENMAHJONG_DATABASE_URL": settings.database_url,
        "OPENMAHJONG_MIGRATE_ON_START": "false",
    }


@contextlib.contextmanager
def _exported(variables: dict[str, str]) -> Iterator[None]:
    """``variables`` in ``os.environ`` (spawned workers inherit it) until the block ends."""
    saved = {name: os.environ.get(name) for name in variables}
    os.environ.update(variables)
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def _worker_log_config(level: str) -> dict[str, Any]:
    """uvicorn's logging setup plus the ``openmahjong`` logger (what ``_log_to_stderr`` does for
    one process). uvicorn applies it in each worker, where our own handlers do not exist."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config["formatters"]["openmahjong"] = {"format": "%(process)d " + _LOG_FORMAT}
    config["handlers"]["openmahjong"] = {
        "class": "logging.StreamHandler",
        "formatter": "openmahjong",
        "stream": "ext://sys.stderr",
    }
    config["loggers"]["openmahjong"] = {
        "handlers": ["openmahjong"],
        "level": level.upper(),
        "propagate": False,
    }
    return config


@functools.cache
def _worker_settings() -> Settings:
    from openmahjong.server import Settings

    return Settings()


def __getattr__(name: str) -> Any:
    # ``WorkerProtocol`` is built on first use (a worker loading WORKER_PROTOCOL), so the CLI's
    # other commands do not import the web stack with this module.
    if name != "WorkerProtocol":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from openmahjong.server.listener import HeadTimeoutProtocol

    class WorkerProtocol(HeadTimeoutProtocol):
        """``server_config``'s protocol, its head deadline read from the worker's settings."""

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            self.head_timeout = _worker_settings().header_timeout_seconds
            super().connection_made(transport)

    WorkerProtocol.__module__ = __name__
    globals()[name] = WorkerProtocol
    return WorkerProtocol


def _serve_workers(settings: Settings, workers: int, log_level: str) -> None:
    """Run ``workers`` processes on one socket under uvicorn's supervisor until Ctrl-C/SIGTERM.

    The configuration is ``server_config``'s, as for one process, with the app given as
    :data:`APP_FACTORY` (each worker builds its own) and the protocol as :data:`WORKER_PROTOCOL`.
    """
    from uvicorn.config import STARTUP_FAILURE
    from uvicorn.supervisors.multiprocess import Multiprocess

    from openmahjong.server.listener import server_config

    config = server_config(
        APP_FACTORY,  # type: ignore[arg-type]
        settings,
        host=settings.host,
        port=settings.port,
        log_level=log_level,
    )
    config.factory = True
    config.workers = workers
    config.http = WORKER_PROTOCOL
    config.log_config = _worker_log_config(log_level)
    config.configure_logging()
    with _exported(_worker_environment(settings)):
        sock = config.bind_socket()
        supervisor = Multiprocess(config, sockets=[sock])
        try:
            supervisor.run()
        finally:
            sock.close()
    # uvicorn's supervisor stops when a worker fails before serving (its app, or the socket).
    if any(process.exitcode == STARTUP_FAILURE for process in supervisor.processes):
        raise typer.Exit(code=3)


@app.command()
def serve(
    host: Annotated[
        str | None,
        typer.Option(
            "--host", help="Address to listen on (default $OPENMAHJONG_HOST, else 127.0.0.1)."
        ),
    ] = None,
    port: Annotated[
        int | None,
        typer.Option(
            "--port", help="TCP port to listen on (default $OPENMAHJONG_PORT, else 8000)."
        ),
    ] = None,
    database: Annotated[
        str | None,
        typer.Option(
            "--database",
            help="Database URL (default $OPENMAHJONG_DATABASE_URL, else the SQLite file "
            "./openmahjong.db); postgresql+asyncpg://user@host/db for PostgreSQL.",
        ),
    ] = None,
    log_level: Annotated[
        str, typer.Option("--log-level", help="debug, info, warning or error.")
    ] = "info",
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            help="Server processes sharing this host:port (default 1). More than one needs "
            "PostgreSQL and OPENMAHJONG_REDIS_URL: the processes share the database, the room "
            "leases and the socket relay (docs/deploy.md).",
        ),
    ] = 1,
) -> None:
    """Run the game server until Ctrl-C."""
    # Imported here so the other commands do not pay for the web stack at startup.
    import uvicorn
    from pydantic import ValidationError

    from openmahjong.server import Settings, create_app
    from openmahjong.server.listener import server_config
    from openmahjong.store.database import DatabaseURLError, normalize_url

    if port is not None and not 0 < port < 65536:
        fail(f"--port must be between 1 and 65535, got {port}")
    if log_level not in ("debug", "info", "warning", "error"):
        fail(f"--log-level {log_level!r}: use debug, info, warning or error")
    if workers < 1:
        fail(f"--workers must be at least 1, got {workers}")
    try:
        given = {"database_url": database, "host": host, "port": port}
        overrides = {name: value for name, value in given.items() if value is not None}
        settings = Settings(**overrides)  # type: ignore[arg-type]
    except ValidationError as exc:
        problems = "; ".join(
            f"OPENMAHJONG_{'_'.join(str(p) for p in e['loc']).upper()}: {e['msg']}"
            for e in exc.errors()
        )
        fail(f"bad setting: {problems}")
    try:
        url = normalize_url(settings.database_url)
    except DatabaseURLError as exc:
        fail(f"--database: {exc}")
    problem = _workers_problem(workers, settings, url)
    if problem is not None:
        fail(problem)  # before the migrations: a refused start changes nothing
    try:
        applied = asyncio.run(_migrate(settings))
    except (OSError, ConnectionError) as exc:
        fail(f"cannot reach the database {settings.database_url}: {exc}")
    except Exception as exc:  # driver errors differ per database; report, do not trace
        fail(f"cannot open the database {settings.database_url}: {type(exc).__name__}: {exc}")
    shown = url.render_as_string(hide_password=True)
    if settings.database_schema:
        shown += f" schema {settings.database_schema}"
    if applied:
        err.print(f"database {plain(shown)}: applied migrations {', '.join(applied)}")
    host, port = settings.host, settings.port
    if workers > 1:
        err.print(
            f"openmahjong serving on http://{plain(host)}:{port}/ with {workers} worker "
            f"processes  (database {plain(shown)})"
        )
        _serve_workers(settings, workers, log_level)
        return
    err.print(f"openmahjong serving on http://{plain(host)}:{port}/  (database {plain(shown)})")
    _log_to_stderr(log_level)
    config = server_config(
        create_app(settings), settings, host=host, port=port, log_level=log_level
    )
    server = uvicorn.Server(config)
    # As uvicorn.run does: Ctrl-C is the normal way to stop, and a server that never started
    # (the port is taken, say) exits with uvicorn's startup-failure status.
    with contextlib.suppress(KeyboardInterrupt):
        server.run()
    if not server.started:
        raise typer.Exit(code=3)
