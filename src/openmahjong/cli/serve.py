"""``openmahjong serve``: run the game server (HTTP API, WebSocket play, the browser client).

Options override the ``OPENMAHJONG_*`` environment (see docs/server.md). The database is
migrated before the server starts listening, so a bad URL or an unreachable database is
reported as one clear line instead of a traceback from inside the server.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING, Annotated

import typer

from openmahjong.cli import app
from openmahjong.cli.output import err, fail, plain

if TYPE_CHECKING:
    from openmahjong.server.settings import Settings


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
    handler.setFormatter(logging.Formatter("%(levelname)-9s %(name)s: %(message)s"))
    logger.addHandler(handler)
    logger.setLevel(level.upper())
    logger.propagate = False


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
        applied = asyncio.run(_migrate(settings))
    except DatabaseURLError as exc:
        fail(f"--database: {exc}")
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
