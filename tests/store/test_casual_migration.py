"""Migration 0007 adds ``queue_entries.casual`` and ``games.casual``: places in line stored before
it are in the ranked line (false), and the downgrade takes both columns away again."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from openmahjong.store import Database
from openmahjong.store.models import UTCDateTime, utcnow
from tests.store.migration_steps import USERS, columns, migrate

pytestmark = pytest.mark.asyncio

QUEUE = sa.table(
    "queue_entries",
    sa.column("id", sa.Integer),
    sa.column("user_id", sa.Integer),
    sa.column("ruleset", sa.String),
    sa.column("preset", sa.String),
    sa.column("joined_at", UTCDateTime()),
)


async def test_places_stored_before_are_ranked_and_the_columns_go_back(empty: Database):
    await migrate(empty, "0006")
    assert "casual" not in await columns(empty, "queue_entries")
    assert "casual" not in await columns(empty, "games")
    user = {"id": 1, "name": "alice01", "name_key": "alice01", "role": "player"}
    async with empty.engine.begin() as c:
        await c.execute(sa.insert(USERS), [{**user, "is_guest": False, "created_at": utcnow()}])
        place = {"id": 1, "user_id": 1, "ruleset": "riichi", "preset": "majsoul-tonpuu"}
        await c.execute(sa.insert(QUEUE), [{**place, "joined_at": utcnow()}])
    await migrate(empty, "0007")
    assert "casual" in await columns(empty, "games")
    async with empty.engine.begin() as c:
        flags = dict((await c.execute(sa.text("SELECT id, casual FROM queue_entries"))).all())
    assert flags == {1: False}
    await migrate(empty, "0006", down=True)
    assert "casual" not in await columns(empty, "queue_entries")
    assert "casual" not in await columns(empty, "games")
