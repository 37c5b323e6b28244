"""The storage layer on SQLite and PostgreSQL: migrations, accounts, the game log, records."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from openmahjong.store import Base, Database, Game, GameAction, Rating, Room, User
from openmahjong.store import games as g
from openmahjong.store.migrate import current_revision, head_revision

pytestmark = pytest.mark.asyncio

SEATS = [g.SeatEntry(i, f"p{i}") for i in range(4)]


def _header() -> dict:
    return {"options": {"preset": "MAJSOUL_HANCHAN"}, "player_entry_order": [0, 1, 2, 3]}


async def _new_game(db: Database, seats=SEATS, ruleset: str = "riichi", **kw) -> int:
    async with db.session() as s:
        game = await g.create_game(
            s,
            ruleset=ruleset,
            header=_header(),
            seats=seats,
            commitment="123456789",
            salt="0123456789abcdef",
            master_seed="ab" * 32,
            **kw,
        )
        return game.id


async def test_migrated_schema_is_the_models_schema(database: Database):
    def diff(connection):
        return compare_metadata(MigrationContext.configure(connection), Base.metadata)

    async with database.engine.connect() as conn:
        assert await conn.run_sync(current_revision) == head_revision()
        assert await conn.run_sync(diff) == []


async def test_migrating_again_applies_nothing(database: Database):
    assert await database.migrate() == []


async def test_names_are_unique_ignoring_case(database: Database):
    async with database.session() as s:
        s.add(User(name="Alice", name_key="alice"))
    with pytest.raises(IntegrityError):
        async with database.session() as s:
            s.add(User(name="ALICE", name_key="alice"))
    async with database.session() as s:
        assert await s.scalar(select(func.count()).select_from(User)) == 1


async def test_times_read_back_as_aware_utc(database: Database):
    async with database.session() as s:
        s.add(User(name="bob", name_key="bob"))
    async with database.session() as s:
        user = await s.scalar(select(User))
        assert user.created_at.tzinfo is not None
        assert user.created_at.utcoffset() == timedelta(0)
        assert abs(datetime.now(UTC) - user.created_at) < timedelta(minutes=5)


async def test_action_log_is_append_only_and_in_order(database: Database):
    game_id = await _new_game(database)
    async with database.session() as s:
        await g.append_action(s, game_id, 1, 0, {"type": "discard", "tile": 11, "riichi": False})
        await g.append_action(s, game_id, 2, 1, {"type": "pass"}, timeout=True)
    for bad_seq in (2, 1, 4):  # a duplicate, an old number, a gap
        async with database.session() as s:
            with pytest.raises(g.ActionOutOfOrder):
                await g.append_action(s, game_id, bad_seq, 2, {"type": "pass"})
    async with database.session() as s:
        log = await g.actions(s, game_id)
    assert [(a.seq, a.seat, a.action["type"], a.timeout) for a in log] == [
        (1, 0, "discard", False),
        (2, 1, "pass", True),
    ]


async def test_an_action_keeps_the_room_clock_it_was_stored_with(database: Database):
    """What a restarted room needs (banks, hand, prompt numbers) comes back with the log; an
    action stored without a clock reads back as none (SQL NULL, not JSON null)."""
    game_id = await _new_game(database)
    clock = {"banks": [20.0, 17.25, 20.0, 0.0], "hand": 2, "prompts": [41, None, 39, 40]}
    async with database.session() as s:
        await g.append_action(s, game_id, 1, 0, {"type": "pass"})
        await g.append_action(s, game_id, 2, 1, {"type": "pass"}, clock=clock)
    async with database.session() as s:
        live = await g.load_live(s, game_id)
        unset = await s.scalar(
            select(func.count()).where(GameAction.game_id == game_id, GameAction.clock.is_(None))
        )
    assert [a.clock for a in live.actions] == [None, clock]
    assert unset == 1


async def test_primary_key_refuses_a_second_row_with_the_same_number(database: Database):
    game_id = await _new_game(database)
    async with database.session() as s:
        s.add(GameAction(game_id=game_id, seq=1, seat=0, action={"type": "pass"}))
    with pytest.raises(IntegrityError):
        async with database.session() as s:
            s.add(GameAction(game_id=game_id, seq=1, seat=0, action={"type": "pass"}))


async def test_live_header_never_holds_the_master_seed(database: Database):
    async with database.session() as s:
        with pytest.raises(ValueError, match="master_seed"):
            await g.create_game(
                s,
                ruleset="riichi",
                header={"master_seed": "00"},
                seats=SEATS,
                commitment="1",
                salt="s",
                master_seed="00",
            )


async def test_finishing_writes_results_and_the_full_record(database: Database):
    seats = [*SEATS[:3], g.SeatEntry(3, "bot", is_bot=True)]
    game_id = await _new_game(database, seats=seats)
    async with database.session() as s:
        await g.append_action(s, game_id, 1, 0, {"type": "discard", "tile": 41, "riichi": False})
        await g.append_action(s, game_id, 2, None, {"type": "pass"}, timeout=True)
        game = await g.get_game(s, game_id)
        assert game.record is None and "master_seed" not in game.header
        assert [live.id for live in await g.live_games(s)] == [game_id]
    results = [
        g.SeatResult(i, score, place)
        for i, (score, place) in enumerate([(41000, 1), (29000, 2), (20000, 3), (10000, 4)])
    ]
    async with database.session() as s:
        await g.finish_game(s, game_id, results)
    async with database.session() as s:
        game = await g.get_game(s, game_id)
        assert await g.live_games(s) == []
        with pytest.raises(g.GameNotLive):
            await g.append_action(s, game_id, 3, 0, {"type": "pass"})
    record = game.record
    assert game.status == "finished" and game.has_bots
    assert record["format"] == "openmahjong" and record["version"] == 1
    header = record["header"]
    assert header["master_seed"] == "ab" * 32 and header["game_id"] == game_id
    assert header["ended_at"] is not None and header["has_bots"] is True
    assert header["commitment"] == "123456789" and header["salt"] == "0123456789abcdef"
    assert header["ruleset"] == "riichi" and header["options"] == {"preset": "MAJSOUL_HANCHAN"}
    assert record["actions"] == [
        [0, {"type": "discard", "tile": 41, "riichi": False}],
        [None, {"type": "pass"}, "timeout"],
    ]
    assert [
        (r["seat"], r["score"], r["placement"], r["is_bot"]) for r in record["result"]["seats"]
    ] == [(0, 41000, 1, False), (1, 29000, 2, False), (2, 20000, 3, False), (3, 10000, 4, True)]


async def _finished_game(db: Database, seats, ruleset: str, when: datetime, places) -> int:
    game_id = await _new_game(db, seats=seats, ruleset=ruleset, started_at=when)
    async with db.session() as s:
        await g.finish_game(
            s,
            game_id,
            [g.SeatResult(i, 25000, p) for i, p in enumerate(places)],
            finished_at=when + timedelta(minutes=30),
        )
    return game_id


async def test_finished_games_newest_first_with_filters_and_player_stats(database: Database):
    async with database.session() as s:
        alice = User(name="alice", name_key="alice")
        s.add(alice)
        await s.flush()
        alice_id = alice.id
    with_alice = [g.SeatEntry(0, "alice", user_id=alice_id), *SEATS[1:]]
    t0 = datetime(2026, 1, 1, tzinfo=UTC)
    old = await _finished_game(database, with_alice, "riichi", t0, [2, 1, 3, 4])
    mid = await _finished_game(database, SEATS, "mcr", t0 + timedelta(hours=1), [1, 2, 3, 4])
    new = await _finished_game(database, with_alice, "mcr", t0 + timedelta(hours=2), [1, 2, 3, 4])
    await _new_game(database, seats=with_alice)  # live: never listed
    async with database.session() as s:
        assert [x.id for x in await g.list_finished(s)] == [new, mid, old]
        assert [x.id for x in await g.list_finished(s, limit=2)] == [new, mid]
        assert [x.id for x in await g.list_finished(s, player_id=alice_id)] == [new, old]
        assert [x.id for x in await g.list_finished(s, ruleset="mcr")] == [new, mid]
        assert [x.id for x in await g.list_finished(s, before_id=mid)] == [old]
        stats = await g.player_stats(s, alice_id)
    assert stats["games"] == 2
    assert stats["placements"] == {"1": 1, "2": 1}
    assert stats["average_placement"] == 1.5
    assert stats["by_ruleset"]["riichi"]["placements"] == {"2": 1}


async def test_rooms_and_ratings_round_trip(database: Database):
    async with database.session() as s:
        user = User(name="carol", name_key="carol")
        s.add(user)
        await s.flush()
        room = Room(
            name="east",
            ruleset="riichi",
            preset="MAJSOUL_TONPUU",
            owner_id=user.id,
            options={"move_seconds": 5, "bank_seconds": 20, "call_protection": True},
        )
        s.add(room)
        s.add(Rating(user_id=user.id, ruleset="riichi", category="hanchan", rating=1612.5))
        await s.flush()
        room_id, user_id = room.id, user.id
    async with database.session() as s:
        room = await s.get(Room, room_id)
        assert room.status == "open" and room.options["call_protection"] is True
        rating = await s.get(Rating, (user_id, "riichi", "hanchan"))
        assert rating.rating == 1612.5 and rating.games_played == 0 and rating.rank == "novice"


async def test_data_survives_reopening_the_database(database: Database):
    game_id = await _new_game(database)
    async with database.session() as s:
        await g.append_action(s, game_id, 1, 0, {"type": "discard", "tile": 12, "riichi": False})
    await database.close()
    reopened = Database(database.url.render_as_string(hide_password=False), schema=database.schema)
    try:
        assert await reopened.migrate() == []
        async with reopened.session() as s:
            assert [live.id for live in await g.live_games(s)] == [game_id]
            assert [a.action["tile"] for a in await g.actions(s, game_id)] == [12]
            assert (await s.get(Game, game_id)).status == "live"
    finally:
        await reopened.close()


async def test_load_live_gives_what_a_restart_replays(database: Database):
    game_id = await _new_game(database)
    async with database.session() as s:
        assert (await g.load_live(s, game_id)).next_seq == 1
        for seq in (1, 2, 3):
            await g.append_action(s, game_id, seq, seq % 4, {"type": "pass"})
    async with database.session() as s:
        live = await g.load_live(s, game_id)
        assert live.game.master_seed == "ab" * 32 and [x.seat for x in live.seats] == [0, 1, 2, 3]
        assert [a.seq for a in live.actions] == [1, 2, 3] and live.next_seq == 4
        await g.finish_game(s, game_id, [])
    async with database.session() as s:
        with pytest.raises(g.GameNotLive):
            await g.load_live(s, game_id)
        with pytest.raises(LookupError):
            await g.load_live(s, 999)


async def test_racing_writers_store_an_action_once(database: Database):
    game_id = await _new_game(database)

    async def write(tile: int) -> str:
        try:
            async with database.session() as s:
                await g.append_action(s, game_id, 1, 0, {"type": "discard", "tile": tile})
        except g.ActionOutOfOrder:
            return "refused"
        return "stored"

    outcomes = await asyncio.gather(*(write(t) for t in (11, 12, 13, 14)))
    assert sorted(outcomes) == ["refused", "refused", "refused", "stored"]
    async with database.session() as s:
        assert len(await g.actions(s, game_id)) == 1


def _all_revisions() -> list[str]:
    from alembic.script import ScriptDirectory

    from openmahjong.store.migrate import alembic_config

    script = ScriptDirectory.from_config(alembic_config())
    return [rev.revision for rev in reversed(list(script.walk_revisions()))]


async def test_servers_starting_together_migrate_once(tmp_path):
    from openmahjong.store.testing import create_schema, drop_schema, postgres_or_reason

    url, reason = await postgres_or_reason()
    if url is None:
        pytest.skip(reason)
    schema = await create_schema(url)
    servers = [Database(url, schema=schema) for _ in range(3)]
    try:
        # Without the lock they deadlock on the catalog; the wait only turns a hang into a failure.
        applied = await asyncio.wait_for(asyncio.gather(*(db.migrate() for db in servers)), 60)
        # One server applies every revision, the other two find nothing left to do.
        assert sorted(applied) == [[], [], _all_revisions()]
    finally:
        for db in servers:
            await db.close()
        await drop_schema(url, schema)
