"""Alembic environment for openmahjong.

Two ways in: the server passes an open connection in ``config.attributes["connection"]``
(see ``openmahjong.store.migrate``); a developer running the ``alembic`` command gets an engine
built from ``OPENMAHJONG_DATABASE_URL`` (or ``sqlalchemy.url``), SQLite by default.
"""

from __future__ import annotations

import asyncio
import os

from alembic import context
from sqlalchemy.engine import Connection

from openmahjong.store.database import DEFAULT_DATABASE_URL, Database
from openmahjong.store.models import Base

config = context.config
target_metadata = Base.metadata


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        compare_type=True,
        # SQLite cannot ALTER most things; batch mode rebuilds the table instead.
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


def _url() -> str:
    return (
        config.get_main_option("sqlalchemy.url")
        or os.environ.get("OPENMAHJONG_DATABASE_URL")
        or DEFAULT_DATABASE_URL
    )


async def _run_standalone() -> None:
    database = Database(_url())
    try:
        async with database.engine.connect() as connection:
            await connection.run_sync(_run)
            await connection.commit()
    finally:
        await database.close()


shared = config.attributes.get("connection")
if shared is not None:
    _run(shared)
elif context.is_offline_mode():
    context.configure(url=_url(), target_metadata=target_metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    asyncio.run(_run_standalone())
