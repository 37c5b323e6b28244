"""Casual matchmaking (Mahjong Soul's Casual Room): every preset has an unranked line beside its
ranked one. ``{"type": "queue", ..., "casual": true}`` waits in it; its tables are stored as
casual games, which never count for statistics, ratings or ranks (``Game.counts_for_stats``);
the two lines never mix, a restart keeps a casual place casual, and a bad request changes
nothing."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from fake_clock import FakeClock
from server_helpers import make_settings, register
from sqlalchemy import select
from test_room_play import players

from openmahjong.store import games as g
from openmahjong.store.models import Game, QueueEntry, Room

pytestmark = pytest.mark.asyncio

T0 = datetime(2026, 3, 1, 12, tzinfo=UTC)
RANKED = {"type": "queue", "ruleset": "riichi", "preset": "majsoul-tonpuu"}
CASUAL = {**RANKED, "casual": True}


@pytest.fixture
def settings(tmp_path, request):
    """Bot fill at once, or (parametrized, indirect) the fill time given (None: people only)."""
    return make_settings(tmp_path, matchmaking_bot_fill_seconds=getattr(request, "param", 0))


async def places(app) -> list[tuple[int, str, bool]]:
    async with app.state.om.db.session() as s:
        entries = await s.scalars(select(QueueEntry).order_by(QueueEntry.id))
        return [(e.user_id, e.preset, e.casual) for e in entries]


def waiting_in(app, *, casual: bool) -> list[int]:
    """Who waits in the riichi majsoul-tonpuu lines of that kind (lines are keyed by ruleset,
    preset and casual first; the ranked side may split further)."""
    lines = app.state.rooms.queues
    return [
        u.id
        for key, line in lines.items()
        if key[:3] == ("riichi", "majsoul-tonpuu", casual)
        for u, _since in line
    ]


async def test_a_casual_table_is_stored_casual_and_never_counts(app, live, client):
    (alone,) = await players(live, 1)
    await alone.send({**CASUAL, "preset": "majsoul-dorasan"})
    queued = await alone.next("queued")
    assert (queued["preset"], queued["casual"]) == ("majsoul-dorasan", True)
    start = await alone.next("game_start")
    async with app.state.om.db.session() as s:
        game = await s.get(Game, start["game"])
        assert game is not None and game.casual is True and game.preset == "majsoul-dorasan"
        room = await s.get(Room, game.room_id)
        assert room is not None and room.options["casual"] is True
        assert room.name == "riichi majsoul-dorasan (casual) (matchmaking)"
    # The room's document says so (the lobby's list badges it, and words the name).
    doc = (await client.get(f"/api/rooms/{room.id}")).json()
    assert (doc["casual"], doc["matchmaking"], doc["tier"]) == (True, True, None)
    listed = {r["id"]: r["casual"] for r in (await client.get("/api/rooms")).json()}
    assert listed[room.id] is True  # its game runs: listed
    assert await places(app) == []  # the place went with the storing of the game
    await alone.close()


async def test_a_ranked_table_is_not_casual(app, live, client):
    (alone,) = await players(live, 1)
    await alone.send(RANKED)
    assert (await alone.next("queued"))["casual"] is False
    start = await alone.next("game_start")
    async with app.state.om.db.session() as s:
        game = await s.get(Game, start["game"])
        assert game is not None and game.casual is False
    doc = (await client.get(f"/api/rooms/{game.room_id}")).json()
    assert (doc["casual"], doc["matchmaking"]) == (False, True)
    assert doc["tier"] is not None  # a ranked line's table carries its tier
    await alone.close()


@pytest.mark.parametrize("settings", [None], indirect=True)  # people only: no table forms
async def test_the_two_lines_never_mix_and_a_move_between_them_is_stored(app, live):
    app.state.rooms.clock = FakeClock()
    a, b, c = await players(live, 3)
    for who, message, waiting in ((a, CASUAL, 1), (b, RANKED, 1), (c, CASUAL, 2)):
        await who.send(message)  # one at a time: the order in line is the order asked
        assert (await who.next("queued"))["waiting"] == waiting
    assert waiting_in(app, casual=True) == [a.user["id"], c.user["id"]]
    assert waiting_in(app, casual=False) == [b.user["id"]]
    assert await places(app) == [
        (a.user["id"], "majsoul-tonpuu", True),
        (b.user["id"], "majsoul-tonpuu", False),
        (c.user["id"], "majsoul-tonpuu", True),
    ]
    await b.send(CASUAL)  # the ranked player moves to the end of the casual line
    moved = await b.next(lambda m: m["type"] == "queued" and m["casual"])
    assert moved["waiting"] == 3
    assert waiting_in(app, casual=False) == []
    assert [p[2] for p in await places(app)] == [True, True, True]
    a4 = (await players(live, 1))[0]
    await a4.send(CASUAL)  # the fourth: a casual table of four people
    starts = [await x.next("game_start") for x in (a, b, c, a4)]
    assert len({s["game"] for s in starts}) == 1
    async with app.state.om.db.session() as s:
        game = await s.get(Game, starts[0]["game"])
        assert game is not None and game.casual is True
    for x in (a, b, c, a4):
        await x.close()


@pytest.mark.parametrize("settings", [None], indirect=True)
async def test_a_restart_keeps_a_casual_place_casual(app, live):
    (waiting,) = await players(live, 1)
    await waiting.send(CASUAL)
    await waiting.next("queued")
    rooms = app.state.rooms
    rooms.queues.clear()  # what a restarted server starts from: only the stored places
    assert await rooms.restore_queues() == 1
    line = rooms.queued(waiting.user["id"])
    assert line is not None and line[:3] == ("riichi", "majsoul-tonpuu", True)
    await waiting.close()


@pytest.mark.parametrize("settings", [None], indirect=True)
@pytest.mark.parametrize(
    ("message", "code"),
    [
        ({**CASUAL, "casual": "maybe"}, "invalid_message"),
        ({**CASUAL, "preset": "nope"}, "unknown_preset"),
        ({**CASUAL, "ruleset": "go"}, "unknown_ruleset"),
    ],
)
async def test_a_bad_casual_request_changes_nothing(app, live, message, code):
    (queuer,) = await players(live, 1)
    await queuer.send(message)
    assert (await queuer.next("error"))["code"] == code
    assert await places(app) == [] and app.state.rooms.queues == {}
    await queuer.close()


# ------------------------------------------------------------------ records and statistics


def _seats(user: dict) -> list[g.SeatEntry]:
    return [g.SeatEntry(0, user["name"], user_id=user["id"])] + [
        g.SeatEntry(i, f"cpu{i}", is_bot=True) for i in (1, 2, 3)
    ]


async def _finished(app, seats, *, casual: bool, hour: int, places=(1, 2, 3, 4)) -> int:
    async with app.state.om.db.session() as s:
        game = await g.create_game(
            s,
            ruleset="riichi",
            preset="majsoul-tonpuu",
            header={"options": {}},
            seats=seats,
            commitment="ab" * 32,
            salt="00ff",
            master_seed="5eed" * 16,
            casual=casual,
            started_at=T0 + timedelta(hours=hour),
        )
        await g.append_action(s, game.id, 1, 0, {"type": "discard", "tile": 45, "riichi": False})
        await g.finish_game(
            s,
            game.id,
            [g.SeatResult(i, 30000 - 5000 * i, p) for i, p in enumerate(places)],
            finished_at=T0 + timedelta(hours=hour, minutes=30),
        )
        return game.id


async def test_casual_games_are_listed_flagged_and_left_out_of_statistics(app, client):
    alice = (await register(client, "alice"))["user"]
    ranked = await _finished(app, _seats(alice), casual=False, hour=0, places=(4, 1, 2, 3))
    casual = await _finished(app, _seats(alice), casual=True, hour=1, places=(1, 2, 3, 4))

    listed = (await client.get("/api/games")).json()["games"]
    assert {x["id"]: x["casual"] for x in listed} == {ranked: False, casual: True}
    assert (await client.get(f"/api/games/{casual}/record")).json()["header"]["casual"] is True
    assert (await client.get(f"/api/games/{ranked}/record")).json()["header"]["casual"] is False

    stats = (await client.get(f"/api/players/{alice['id']}")).json()["stats"]
    # Only the ranked game counts: one game, placed fourth; the casual one is counted apart.
    assert stats["games"] == 1 and stats["placements"] == {"4": 1}
    assert stats["casual_games"] == 1 and stats["supplied_seed_games"] == 0


async def test_counts_for_stats_leaves_casual_games_out():
    ranked = Game(status="finished", supplied_seed=False, casual=False)
    casual = Game(status="finished", supplied_seed=False, casual=True)
    assert [x.counts_for_stats for x in (ranked, casual)] == [True, False]
