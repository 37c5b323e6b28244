"""Migration 0005 adds ``users.name_skeleton`` (unique) and fills it for the accounts already
stored, oldest first: a newer name that looks like an older one, and every guest, get none."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio
import sqlalchemy as sa
from alembic import command
from alembic.script import ScriptDirectory
from sqlalchemy.exc import IntegrityError

from openmahjong.server.security import name_key, name_skeleton
from openmahjong.store import Database
from openmahjong.store.migrate import alembic_config
from openmahjong.store.models import UTCDateTime, utcnow
from openmahjong.store.testing import create_schema, drop_schema, postgres_or_reason

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
# Oldest first: the Cyrillic "аlice01" (its а is U+0430) and "aIice01" look like "alice01".
NAMES = [
    (1, "alice01", False),
    (2, "\u0430lice01", False),
    (3, "guest-0a1b2c3d", True),
    (4, "aIice01", False),
    (5, "coco", False),
]


@pytest_asyncio.fixture(params=["sqlite", "postgresql"])
async def empty(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Database]:
    """A database with no schema yet (the test migrates it step by step)."""
    if request.param == "sqlite":
        db = Database(f"sqlite+aiosqlite:///{tmp_path / 'old.db'}")
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


async def _migrate(db: Database, revision: str, *, down: bool = False) -> None:
    step = command.downgrade if down else command.upgrade
    async with db.engine.begin() as connection:
        await connection.run_sync(lambda c: step(alembic_config(c), revision))


def _before() -> str:
    before = ScriptDirectory.from_config(alembic_config()).get_revision("0005").down_revision
    assert isinstance(before, str)
    return before


async def test_old_names_get_their_skeletons_oldest_first(empty: Database):
    await _migrate(empty, _before())
    now = utcnow()
    async with empty.engine.begin() as c:
        await c.execute(
            sa.insert(USERS),
            [
                {"id": uid, "name": name, "name_key": name_key(name), "role": "player",
                 "is_guest": guest, "created_at": now}
                for uid, name, guest in NAMES
            ],
        )  # fmt: skip
    await _migrate(empty, "0005")
    async with empty.engine.connect() as c:
        rows = await c.execute(sa.text("SELECT id, name_skeleton FROM users ORDER BY id"))
        shapes = dict(rows.all())
    assert shapes == {1: name_skeleton("alice01"), 2: None, 3: None, 4: None, 5: "coco"}
    # The index is unique: a second account with a taken skeleton cannot be stored.
    with pytest.raises(IntegrityError):
        async with empty.engine.begin() as c:
            await c.execute(
                sa.text(
                    "INSERT INTO users (id, name, name_key, name_skeleton, role, is_guest, "
                    "created_at) VALUES (6, 'c0co', 'c0co', 'coco', 'player', false, :now)"
                ),
                {"now": now},
            )
    # And back: the column goes, the accounts stay.
    await _migrate(empty, _before(), down=True)
    async with empty.engine.connect() as c:
        count = await c.scalar(sa.text("SELECT count(*) FROM users"))
        columns = await c.run_sync(lambda sync: sa.inspect(sync).get_columns("users"))
    assert count == len(NAMES)
    names = {col["name"] for col in columns}
    assert "name_key" in names and "name_skeleton" not in names
