"""A player-supplied master seed (duplicate play) lets the room's owner know every wall: the
room and game messages say so, the stored game and its record are flagged, such games never
count in a player's statistics, and matchmaking tables never have one."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import httpx
import pytest
from server_helpers import make_settings, register
from sqlalchemy import select
from test_room_play import make_room, players

from openmahjong.server.room import SeatSlot
from openmahjong.store import games as g
from openmahjong.store.models import Game, Room

pytestmark = pytest.mark.asyncio

SEED = "5eed" * 16
T0 = datetime(2026, 3, 1, 12, tzinfo=UTC)
QUEUE = {"type": "queue", "ruleset": "riichi", "preset": "majsoul-tonpuu"}


async def _stored_game(app, game_id: int) -> Game:
    async with app.state.om.db.session() as s:
        game = await s.get(Game, game_id)
        assert game is not None
        return game


async def _fill_and_start(owner, joiner, room: int) -> None:
    for c in (owner, joiner):
        await c.send({"type": "ready", "room": room})
    for _ in range(2):
        await owner.send({"type": "add_bot", "room": room})
    await owner.next(lambda m: m["type"] == "room" and all(s and s["ready"] for s in m["seats"]))
    await owner.send({"type": "start", "room": room})


@pytest.mark.parametrize("supplied", [True, False])
async def test_room_and_game_start_messages_say_whether_the_seed_was_supplied(app, live, supplied):
    owner, joiner = await players(live, 2)
    extra = {"master_seed": SEED} if supplied else {}
    room = await make_room(live, owner.token, {"move_seconds": 30}, **extra)
    await owner.send({"type": "join", "room": room})
    await joiner.send({"type": "join", "room": room})
    # The joiner's first room state, in the lobby before anyone is ready, already says it.
    state = await joiner.next("room")
    assert state["supplied_seed"] is supplied and state["status"] == "open"
    await _fill_and_start(owner, joiner, room)
    starts = [await c.next("game_start") for c in (owner, joiner)]
    assert [s["supplied_seed"] for s in starts] == [supplied, supplied]
    playing = [m for m in joiner.log if m["type"] == "room" and m["status"] == "playing"]
    assert playing and all(m["supplied_seed"] is supplied for m in playing)
    game = await _stored_game(app, starts[0]["game"])
    assert game.supplied_seed is supplied and game.counts_for_stats is False  # still live
    assert (game.master_seed == SEED) is supplied
    for c in (owner, joiner):
        await c.close()


async def test_a_spectator_is_told_too(live):
    owner, watcher = await players(live, 2)
    room = await make_room(live, owner.token, {}, master_seed=SEED)
    await watcher.send({"type": "join", "room": room, "spectate": True})
    assert (await watcher.next("room"))["supplied_seed"] is True
    for c in (owner, watcher):
        await c.close()


# ------------------------------------------------------------------ records and statistics


async def _finished(app, seats, *, supplied: bool, hour: int, places=(1, 2, 3, 4)) -> int:
    async with app.state.om.db.session() as s:
        game = await g.create_game(
            s,
            ruleset="riichi",
            preset="majsoul-tonpuu",
            header={"options": {}},
            seats=seats,
            commitment="ab" * 32,
            salt="00ff",
            master_seed=SEED,
            supplied_seed=supplied,
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


def _seats(user: dict) -> list[g.SeatEntry]:
    return [g.SeatEntry(0, user["name"], user_id=user["id"])] + [
        g.SeatEntry(i, f"cpu{i}", is_bot=True) for i in (1, 2, 3)
    ]


async def test_records_flag_supplied_seeds_and_statistics_leave_them_out(app, client):
    alice = (await register(client, "alice"))["user"]
    fair = await _finished(app, _seats(alice), supplied=False, hour=0, places=(4, 1, 2, 3))
    known = await _finished(app, _seats(alice), supplied=True, hour=1, places=(1, 2, 3, 4))

    listed = (await client.get("/api/games")).json()["games"]
    assert {x["id"]: x["supplied_seed"] for x in listed} == {fair: False, known: True}
    only = (await client.get("/api/games?supplied_seed=true")).json()["games"]
    assert [x["id"] for x in only] == [known]
    without = (await client.get("/api/games?supplied_seed=false")).json()["games"]
    assert [x["id"] for x in without] == [fair]
    assert (await client.get(f"/api/games/{known}")).json()["supplied_seed"] is True

    record = (await client.get(f"/api/games/{known}/record")).json()
    assert record["header"]["supplied_seed"] is True
    record = (await client.get(f"/api/games/{fair}/record")).json()
    assert record["header"]["supplied_seed"] is False

    page = (await client.get(f"/api/players/{alice['id']}")).json()
    stats = page["stats"]
    # Only the fair game counts: one game, placed fourth; the other is listed apart.
    assert stats["games"] == 1 and stats["placements"] == {"4": 1}
    assert stats["average_placement"] == 4
    assert stats["by_ruleset"]["riichi"]["games"] == 1
    assert stats["supplied_seed_games"] == 1
    recent = {x["id"]: x["supplied_seed"] for x in page["recent_games"]}
    assert recent == {fair: False, known: True}


async def test_a_record_stored_before_the_flag_existed_gets_it_from_the_game(app, client):
    alice = (await register(client, "alice"))["user"]
    known = await _finished(app, _seats(alice), supplied=True, hour=0)
    async with app.state.om.db.session() as s:
        game = await s.get(Game, known)
        old = dict(game.record)
        old["header"] = {k: v for k, v in old["header"].items() if k != "supplied_seed"}
        game.record = old
    record = (await client.get(f"/api/games/{known}/record")).json()
    assert record["header"]["supplied_seed"] is True


async def test_counts_for_stats_is_the_one_rule():
    fair = Game(status="finished", supplied_seed=False)
    known = Game(status="finished", supplied_seed=True)
    live = Game(status="live", supplied_seed=False)
    assert [x.counts_for_stats for x in (fair, known, live)] == [True, False, False]


# ------------------------------------------------------------------ matchmaking


@pytest.fixture
def settings(tmp_path):
    return make_settings(tmp_path, matchmaking_bot_fill_seconds=0)


async def test_matchmaking_tables_never_have_a_supplied_seed(app, live):
    (alone,) = await players(live, 1)
    await alone.send({**QUEUE, "master_seed": SEED})  # no such field: refused, not queued
    assert (await alone.next("error"))["code"] == "invalid_message"
    assert app.state.rooms.queues.get(("riichi", "majsoul-tonpuu", False, "bronze"), []) == []
    await alone.send(QUEUE)
    start = await alone.next("game_start")
    state = next(m for m in reversed(alone.log) if m["type"] == "room")
    assert start["supplied_seed"] is False and state["supplied_seed"] is False
    game = await _stored_game(app, start["game"])
    assert game.supplied_seed is False and game.master_seed != SEED
    async with app.state.om.db.session() as s:
        room = await s.get(Room, game.room_id)
        assert room is not None and "master_seed" not in room.options
    await alone.close()


async def test_a_seeded_room_refuses_to_start_a_matchmaking_table(app, live):
    """The last guard: whatever path led there, a table formed from the queue never starts
    with a room's own seed, and nothing is stored."""
    (owner,) = await players(live, 1)
    room_id = await make_room(live, owner.token, {}, master_seed=SEED)
    room = await app.state.rooms.get(room_id)
    slots = [SeatSlot(name=f"bot-{i}", bot=True, ready=True) for i in range(4)]
    with pytest.raises(ValueError, match="supplied"):
        await room._begin(slots, from_queue=[owner.user["id"]])
    assert room.game is None
    async with app.state.om.db.session() as s:
        assert list(await s.scalars(select(Game))) == []
    await owner.close()


async def test_queued_players_cannot_sit_in_a_seeded_room_meanwhile(live):
    owner, queuer = await players(live, 2)
    room = await make_room(live, owner.token, {}, master_seed=SEED)
    await queuer.send(QUEUE)
    # With the bot fill at 0 s the queuer may already have a matchmaking table: either way
    # they are not let into the seeded room.
    await asyncio.sleep(0)
    await queuer.send({"type": "join", "room": room})
    refused = await queuer.next("error")
    assert refused["code"] in ("queued", "seated_elsewhere")
    async with httpx.AsyncClient(base_url=f"http://{live}") as http:
        seats = (await http.get(f"/api/rooms/{room}")).json()
    assert seats["supplied_seed"] is True
    for c in (owner, queuer):
        await c.close()
