"""Stepping a database through migrations, for the tests of one migration each: go to the
revision before it, store rows as they were then, migrate, look."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import command
from alembic.script import ScriptDirectory

from openmahjong.store import Database
from openmahjong.store.migrate import alembic_config
from openmahjong.store.models import UTCDateTime

#: The users table as every revision since 0001 has it (the columns later ones add are left out).
USERS = sa.table(
    "users",
    sa.column("id", sa.Integer),
    sa.column("name", sa.String),
    sa.column("name_key", sa.String),
    sa.column("role", sa.String),
    sa.column("is_guest", sa.Boolean),
    sa.column("created_at", UTCDateTime()),
)


async def migrate(db: Database, revision: str, *, down: bool = False) -> None:
    """Upgrade (or downgrade) ``db`` to ``revision``."""
    step = command.downgrade if down else command.upgrade
    async with db.engine.begin() as connection:
        await connection.run_sync(lambda c: step(alembic_config(c), revision))


def revision_before(revision: str) -> str:
    before = ScriptDirectory.from_config(alembic_config()).get_revision(revision).down_revision
    assert isinstance(before, str)
    return before


async def columns(db: Database, table: str) -> set[str]:
    async with db.engine.connect() as connection:
        return await connection.run_sync(
            lambda c: {col["name"] for col in sa.inspect(c).get_columns(table)}
        )
