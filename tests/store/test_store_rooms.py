"""Rooms in the database, on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from openmahjong.store import Database, RoomStatus, User
from openmahjong.store import games as g
from openmahjong.store import rooms as r

pytestmark = pytest.mark.asyncio

OPTIONS = {
    "game_length": "hanchan",
    "move_seconds": 5,
    "bank_seconds": 20,
    "call_protection": {"on": True, "delay": 1.3, "catch_up": [0.7, 0.5]},
    "tactical_calls": False,
    "spectators": True,
}


async def test_rooms_list_change_state_and_keep_their_games(database: Database):
    async with database.session() as s:
        owner = User(name="host", name_key="host")
        s.add(owner)
        await s.flush()
        east = await r.create_room(
            s,
            name="East",
            ruleset="riichi",
            owner_id=owner.id,
            preset="MAJSOUL_HANCHAN",
            options=OPTIONS,
            password_hash="$argon2id$x",
        )
        south = await r.create_room(s, name="South", ruleset="mcr", owner_id=None)
        east_id, south_id = east.id, south.id
    async with database.session() as s:
        assert [x.id for x in await r.list_rooms(s)] == [south_id, east_id]
        assert [x.id for x in await r.list_rooms(s, ruleset="riichi")] == [east_id]
        room = (await r.list_rooms(s, ruleset="riichi"))[0]
        assert room.options == OPTIONS and room.password_hash == "$argon2id$x"
        await r.set_status(s, east_id, RoomStatus.PLAYING)
        game = await g.create_game(
            s,
            ruleset="riichi",
            header={},
            seats=[],
            commitment="1",
            salt="2",
            master_seed="3",
            room_id=east_id,
        )
        await r.set_status(s, south_id, RoomStatus.CLOSED)
    async with database.session() as s:
        assert [x.id for x in await r.list_rooms(s)] == [east_id]
        closed = await r.list_rooms(s, statuses=(RoomStatus.CLOSED,))
        assert [x.id for x in closed] == [south_id] and closed[0].closed_at is not None
        with pytest.raises(r.RoomClosed):
            await r.set_status(s, south_id, RoomStatus.OPEN)
        with pytest.raises(LookupError):
            await r.set_status(s, 999, RoomStatus.OPEN)
        assert [x.id for x in await r.games_at(s, east_id)] == [game.id]
