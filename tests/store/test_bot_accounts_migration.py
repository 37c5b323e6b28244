"""Migration 0006 adds ``users.is_bot``: the accounts already stored are people's (false), a new
row without the column set is too, and the downgrade takes the column away again."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from openmahjong.store import Database
from openmahjong.store.models import utcnow
from tests.store.migration_steps import USERS, columns, migrate

pytestmark = pytest.mark.asyncio


async def test_accounts_stored_before_are_people_and_the_column_goes_back(empty: Database):
    await migrate(empty, "0005")
    assert "is_bot" not in await columns(empty, "users")
    row = {"name": "alice01", "name_key": "alice01", "role": "player", "is_guest": False}
    async with empty.engine.begin() as c:
        await c.execute(sa.insert(USERS), [{"id": 1, **row, "created_at": utcnow()}])
    await migrate(empty, "0006")
    async with empty.engine.begin() as c:
        await c.execute(
            sa.insert(USERS),
            [{"id": 2, **row, "name": "bob01", "name_key": "bob01", "created_at": utcnow()}],
        )
        flags = dict((await c.execute(sa.text("SELECT id, is_bot FROM users"))).all())
    assert flags == {1: False, 2: False}
    await migrate(empty, "0005", down=True)
    assert "is_bot" not in await columns(empty, "users")
