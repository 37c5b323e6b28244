"""Opening the database: one async engine and session factory per server process.

URLs are SQLAlchemy URLs. Plain driver-less forms are accepted and given the async driver
(``sqlite:///x.db`` -> ``sqlite+aiosqlite:///x.db``, ``postgresql://`` or ``postgres://`` ->
``postgresql+asyncpg://``), so an operator can paste the URL their provider shows.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import event, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

__all__ = ["DEFAULT_DATABASE_URL", "Database", "DatabaseURLError", "normalize_url"]

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///./openmahjong.db"
#: PostgreSQL advisory lock key held while migrating ("openmahjong" in a 63-bit number).
_MIGRATION_LOCK = 0x6F6D6A5F6D6967

_ASYNC_DRIVERS = {"sqlite": "sqlite+aiosqlite", "postgresql": "postgresql+asyncpg"}


class DatabaseURLError(ValueError):
    """The database URL cannot be used; the message says why and what would work."""


def normalize_url(text: str) -> URL:
    """Parse ``text`` and pick the async driver this package ships with."""
    try:
        url = make_url(text)
    except ArgumentError:
        raise DatabaseURLError(
            f"{text!r} is not a database URL: use sqlite+aiosqlite:///path/to/file.db or "
            "postgresql+asyncpg://user:password@host:5432/dbname"
        ) from None
    # Read the name ourselves: asking SQLAlchemy would load a dialect that may not exist.
    backend, _, driver = url.drivername.partition("+")
    if backend == "postgres":  # the spelling some hosting providers print
        backend = "postgresql"
    if backend not in _ASYNC_DRIVERS:
        raise DatabaseURLError(
            f"database {backend!r} is not supported: use SQLite (sqlite+aiosqlite:///file.db) "
            "or PostgreSQL (postgresql+asyncpg://...)"
        )
    wanted = _ASYNC_DRIVERS[backend]
    if driver and f"{backend}+{driver}" != wanted:
        raise DatabaseURLError(
            f"driver {driver!r} is not async or not installed: use {wanted}:// in the URL"
        )
    url = url.set(drivername=wanted)
    if backend == "sqlite":
        database = url.database or ""
        if database in ("", ":memory:"):
            raise DatabaseURLError(
                "an in-memory SQLite database would vanish with the process and cannot be "
                "shared between connections: give a file, e.g. sqlite+aiosqlite:///./openmahjong.db"
            )
        parent = Path(database).expanduser().resolve().parent
        if not parent.is_dir():
            raise DatabaseURLError(f"the folder for the SQLite file does not exist: {parent}")
    return url


def sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    # SQLite leaves foreign keys off unless asked, per connection.
    cursor.execute("PRAGMA foreign_keys=ON")
    # Readers do not block the writer (the server reads records while games write actions).
    cursor.execute("PRAGMA journal_mode=WAL")
    # With WAL, NORMAL syncs at checkpoints instead of every commit: a killed server loses
    # nothing (committed data is in the WAL file); only a power cut may lose the last commits.
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


class Database:
    """An async engine plus a session factory, and the schema migrations for it.

    ``schema`` (PostgreSQL only) puts every table in that schema via the search path; tests use
    it to get a fresh, private schema per run.
    """

    def __init__(self, url: str, *, schema: str | None = None, echo: bool = False) -> None:
        self.url = normalize_url(url)
        self.schema = schema
        connect_args: dict[str, Any] = {}
        if self.dialect == "sqlite":
            if schema:
                raise DatabaseURLError("a database schema can only be chosen on PostgreSQL")
            # Wait for a writer instead of failing at once with "database is locked".
            connect_args["timeout"] = 30
        elif schema:
            connect_args["server_settings"] = {"search_path": schema}
        self.engine: AsyncEngine = create_async_engine(
            self.url, echo=echo, connect_args=connect_args, pool_pre_ping=True
        )
        if self.dialect == "sqlite":
            event.listen(self.engine.sync_engine, "connect", sqlite_pragmas)
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)

    @property
    def dialect(self) -> str:
        return self.url.get_backend_name()

    def describe(self) -> str:
        """The URL with any password hidden, for logs and messages."""
        shown = self.url.render_as_string(hide_password=True)
        return f"{shown} (schema {self.schema})" if self.schema else shown

    @asynccontextmanager
    async def session(self) -> AsyncIterator[AsyncSession]:
        """A session that commits when the block succeeds and rolls back when it raises."""
        async with self.sessions() as session, session.begin():
            yield session

    async def migrate(self) -> list[str]:
        """Bring the schema up to the newest migration; returns the revisions applied."""
        from openmahjong.store.migrate import upgrade

        async with self.engine.begin() as connection:
            if self.dialect == "postgresql":
                # Several server processes may start at once: one migrates, the others wait
                # here and then find nothing left to do. Released when the transaction ends.
                await connection.execute(
                    text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK}
                )
            return await connection.run_sync(upgrade)

    async def close(self) -> None:
        await self.engine.dispose()
