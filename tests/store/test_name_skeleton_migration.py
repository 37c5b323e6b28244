"""Migration 0005 adds ``users.name_skeleton`` (unique) and fills it for the accounts already
stored, oldest first: a newer name that looks like an older one, and every guest, get none."""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from openmahjong.server.security import name_key, name_skeleton
from openmahjong.store import Database
from openmahjong.store.models import utcnow
from tests.store.migration_steps import USERS, migrate, revision_before

pytestmark = pytest.mark.asyncio

# Oldest first: the Cyrillic "аlice01" (its а is U+0430) and "aIice01" look like "alice01".
NAMES = [
    (1, "alice01", False),
    (2, "\u0430lice01", False),
    (3, "guest-0a1b2c3d", True),
    (4, "aIice01", False),
    (5, "coco", False),
]


async def test_old_names_get_their_skeletons_oldest_first(empty: Database):
    await migrate(empty, revision_before("0005"))
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
    await migrate(empty, "0005")
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
    await migrate(empty, revision_before("0005"), down=True)
    async with empty.engine.connect() as c:
        count = await c.scalar(sa.text("SELECT count(*) FROM users"))
        columns = await c.run_sync(lambda sync: sa.inspect(sync).get_columns("users"))
    assert count == len(NAMES)
    names = {col["name"] for col in columns}
    assert "name_key" in names and "name_skeleton" not in names
