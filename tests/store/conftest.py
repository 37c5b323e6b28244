"""A database for each storage test: a fresh SQLite file, or a fresh PostgreSQL schema;
``database`` is migrated to the newest revision, ``empty`` has no schema yet (the migration
tests step it through revisions with :mod:`tests.store.migration_steps`).

PostgreSQL tests skip, saying why, only when no server answers at 127.0.0.1:5432 (CI has one).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
import pytest_asyncio

from openmahjong.store import Database
from openmahjong.store.testing import create_schema, drop_schema, postgres_or_reason


@asynccontextmanager
async def _fresh(kind: str, tmp_path: Path) -> AsyncIterator[Database]:
    if kind == "sqlite":
        db = Database(f"sqlite+aiosqlite:///{tmp_path / 'store.db'}")
        try:
            yield db
        finally:
            await db.close()
        return
    url, reason = await postgres_or_reason()
    if url is None:
        pytest.skip(reason)
    schema = await create_schema(url)
    db = Database(url, schema=schema)
    try:
        yield db
    finally:
        await db.close()
        await drop_schema(url, schema)


@pytest_asyncio.fixture(params=["sqlite", "postgresql"])
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Database]:
    async with _fresh(request.param, tmp_path) as db:
        await db.migrate()
        yield db


@pytest_asyncio.fixture(params=["sqlite", "postgresql"])
async def empty(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Database]:
    async with _fresh(request.param, tmp_path) as db:
        yield db
