"""Migration 0006 adds ``users.is_bot``: the accounts already stored are people's (false), a new
row without the column set is too, and the downgrade takes the column away again."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio
import sqlalchemy as sa
from alembic import command

from openmahjong.store import Database
from openmahjong.store.migrate import alembic_config
from openmahjong.store.models import UTCDateTime, utcnow

pytestmark = pytest.mark.asyncio

USERS = sa.table(
    "users",
    sa.column("id", sa.Integer),
    sa.column("name", sa.String),
    sa.column("name_key", sa.String),
    sa.column("role", sa.String),
    sa.column("is_guest", sa.Boolean),
    sa.column("created_at", UTCDateTime()),
)


@pytest_asyncio.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    database = Database(f"sqlite+aiosqlite:///{tmp_path / 'old.db'}")
    try:
        yield database
    finally:
        await database.close()


async def _migrate(db: Database, revision: str, *, down: bool = False) -> None:
    step = command.downgrade if down else command.upgrade
    async with db.engine.begin() as connection:
        await connection.run_sync(lambda c: step(alembic_config(c), revision))


async def _columns(db: Database) -> set[str]:
    async with db.engine.connect() as c:
        rows = await c.execute(sa.text("PRAGMA table_info(users)"))
        return {row[1] for row in rows}


async def test_accounts_stored_before_are_people_and_the_column_goes_back(db: Database):
    await _migrate(db, "0005")
    assert "is_bot" not in await _columns(db)
    row = {"name": "alice01", "name_key": "alice01", "role": "player", "is_guest": False}
    async with db.engine.begin() as c:
        await c.execute(sa.insert(USERS), [{"id": 1, **row, "created_at": utcnow()}])
    await _migrate(db, "0006")
    async with db.engine.begin() as c:
        await c.execute(
            sa.insert(USERS),
            [{"id": 2, **row, "name": "bob01", "name_key": "bob01", "created_at": utcnow()}],
        )
        flags = dict((await c.execute(sa.text("SELECT id, is_bot FROM users"))).all())
    assert flags == {1: False, 2: False}
    await _migrate(db, "0005", down=True)
    assert "is_bot" not in await _columns(db)
