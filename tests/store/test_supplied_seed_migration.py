"""Migration 0004 adds ``games.supplied_seed`` and derives it for the games already stored: a
game played in a room created with its own master seed is flagged, every other game is not."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from openmahjong.store import Database
from openmahjong.store.models import UTCDateTime, utcnow
from tests.store.migration_steps import columns, migrate

pytestmark = pytest.mark.asyncio

ROOMS = sa.table(
    "rooms",
    sa.column("id", sa.Integer),
    sa.column("name", sa.String),
    sa.column("ruleset", sa.String),
    sa.column("options", sa.JSON),
    sa.column("status", sa.String),
    sa.column("created_at", UTCDateTime()),
)
GAMES = sa.table(
    "games",
    sa.column("id", sa.Integer),
    sa.column("ruleset", sa.String),
    sa.column("status", sa.String),
    sa.column("room_id", sa.Integer),
    sa.column("has_bots", sa.Boolean),
    sa.column("commitment", sa.String),
    sa.column("salt", sa.String),
    sa.column("master_seed", sa.String),
    sa.column("header", sa.JSON),
    sa.column("started_at", UTCDateTime()),
)


async def test_existing_games_of_seeded_rooms_are_flagged(empty: Database):
    await migrate(empty, "0003")
    now = utcnow()
    rooms = [
        {"id": 1, "options": {"rules": {}, "master_seed": "ab" * 32}},
        {"id": 2, "options": {"rules": {}}},
        {"id": 3, "options": {"master_seed": None}},
    ]
    async with empty.engine.begin() as c:
        await c.execute(
            sa.insert(ROOMS),
            [{**r, "name": "r", "ruleset": "riichi", "status": "closed", "created_at": now}
             for r in rooms],
        )  # fmt: skip
        games = [(10, 1), (11, 1), (12, 2), (13, 3), (14, None)]
        await c.execute(
            sa.insert(GAMES),
            [
                {"id": gid, "room_id": room, "ruleset": "riichi", "status": "finished",
                 "has_bots": False, "commitment": "0", "salt": "0", "master_seed": "ab" * 32,
                 "header": {}, "started_at": now}
                for gid, room in games
            ],
        )  # fmt: skip
    assert (await empty.migrate())[0] == "0004"  # later revisions (0005...) follow it
    async with empty.engine.connect() as c:
        rows = await c.execute(sa.text("SELECT id, supplied_seed FROM games ORDER BY id"))
        flags = {gid: bool(flag) for gid, flag in rows}
    assert flags == {10: True, 11: True, 12: False, 13: False, 14: False}
    # A game stored from now on without saying gets the column's default.
    async with empty.engine.begin() as c:
        await c.execute(
            sa.insert(GAMES),
            {"id": 15, "room_id": None, "ruleset": "riichi", "status": "live",
             "has_bots": False, "commitment": "0", "salt": "0", "master_seed": "1",
             "header": {}, "started_at": now},
        )  # fmt: skip
        assert not await c.scalar(sa.text("SELECT supplied_seed FROM games WHERE id = 15"))


async def test_downgrade_removes_the_column(empty: Database):
    await migrate(empty, "head")
    await migrate(empty, "0003", down=True)
    assert "supplied_seed" not in await columns(empty, "games")
