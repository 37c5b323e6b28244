"""What the admin commands that work straight on the database share: a session on the
migrated database (closed after), and finding an account by name or ending with a clear error.
Imports stay inside: ``openmahjong --help`` should not load the database layer."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING

from openmahjong.cli.output import fail

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncSession

    from openmahjong.store.models import User


@asynccontextmanager
async def database_session(database: str | None) -> AsyncIterator[AsyncSession]:
    """A session on ``database`` (default: the server's settings), migrated first."""
    from openmahjong.server.settings import Settings
    from openmahjong.store.database import Database

    settings = Settings() if database is None else Settings(database_url=database)
    db = Database(settings.database_url, schema=settings.database_schema)
    try:
        await db.migrate()
        async with db.sessions() as session:
            yield session
    finally:
        await db.close()


async def account_named(session: AsyncSession, name: str) -> User:
    """The account called ``name`` (as sign-in compares names), or a user error."""
    from sqlalchemy import select

    from openmahjong.server.security import name_key
    from openmahjong.store.models import User

    user = await session.scalar(select(User).where(User.name_key == name_key(name)))
    if user is None:
        fail(f"no account named {name!r}")
    return user
