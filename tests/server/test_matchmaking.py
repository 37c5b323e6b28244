"""Matchmaking over the play socket: a full queue starts a table; with the operator's bot fill,
a lone player gets bots after the wait; every place in line is stored, and a refused command
changes nothing, in memory or stored. (Lines across restarts: test_restart.py.)"""

from __future__ import annotations

import asyncio

import httpx
import pytest
from fake_clock import FakeClock
from server_helpers import make_settings
from sqlalchemy import select
from test_room_play import make_room, players

from openmahjong.server.client import simple_choice
from openmahjong.store.models import QueueEntry

pytestmark = pytest.mark.asyncio


@pytest.fixture
def settings(tmp_path, request):
    """Bot fill after 0.3 s, or (parametrized, indirect) the fill time given."""
    return make_settings(tmp_path, matchmaking_bot_fill_seconds=getattr(request, "param", 0.3))


QUEUE = {"type": "queue", "ruleset": "riichi", "preset": "majsoul-tonpuu"}


async def test_four_in_the_queue_sit_at_one_table(app, live):
    app.state.rooms.clock = FakeClock()  # the bot fill's 0.3 s never comes: people only
    clients = await players(live, 4)
    for c in clients:
        await c.send(QUEUE)
    starts = await asyncio.gather(*(c.next("game_start") for c in clients))
    assert len({s["game"] for s in starts}) == 1
    assert sorted(s["seat"] for s in starts) == [0, 1, 2, 3]
    state = next(m for m in clients[0].log if m["type"] == "room")
    assert not any(seat["bot"] for seat in state["seats"])
    for c in clients:
        await c.close()


async def test_a_lone_player_gets_bots_after_the_wait_and_can_leave_the_queue(app, live):
    clock = app.state.rooms.clock = FakeClock()
    (alone, quitter) = await players(live, 2)
    await quitter.send(QUEUE)
    assert (await quitter.next("queued"))["waiting"] == 1
    await quitter.send({"type": "unqueue"})
    assert (await quitter.next("queued"))["ruleset"] is None
    await alone.send(QUEUE)
    assert (await alone.next("queued"))["waiting"] == 1
    await clock.advance(0.29)
    assert not any(m["type"] == "game_start" for m in alone.log)  # not before the fill time
    await clock.advance(0.02)  # past the bot fill time, on the room manager's clock
    start = await alone.next("game_start")
    state = next(m for m in reversed(alone.log) if m["type"] == "room")
    assert sum(seat["bot"] for seat in state["seats"]) == 3
    # The table runs on the same clock: the bots' turns before ours (call protection) need it
    # to move, or the first prompt waits for ever when a bot deals.
    keep_time = asyncio.create_task(_keep_moving(clock))
    try:
        prompt = await alone.next("prompt")
        await alone.send(
            {"type": "reply", "seq": prompt["seq"], "action": simple_choice(prompt["actions"])}
        )
        answer = await alone.next(lambda m: m["type"] in ("accepted", "error"))
        assert answer["type"] == "accepted"
    finally:
        keep_time.cancel()
    assert start["seat"] in range(4)
    await alone.send({"type": "queue", "ruleset": "riichi", "preset": "nope"})
    assert (await alone.next("error"))["code"] in ("unknown_preset", "seated_elsewhere")
    for c in (alone, quitter):
        await c.close()


async def _keep_moving(clock: FakeClock) -> None:
    while True:
        await clock.advance(0.05)
        await asyncio.sleep(0.005)


async def places(app) -> list[tuple[int, str, str, object]]:
    """The stored places in line: who, which line, since when."""
    async with app.state.om.db.session() as s:
        entries = await s.scalars(select(QueueEntry).order_by(QueueEntry.id))
        return [(e.user_id, e.ruleset, e.preset, e.joined_at) for e in entries]


@pytest.mark.parametrize("settings", [None], indirect=True)  # people only: no table forms
async def test_refused_queue_commands_change_nothing_and_places_are_stored(app, live):
    queuer, owner = await players(live, 2)
    await queuer.send({**QUEUE, "preset": "nope"})
    assert (await queuer.next("error"))["code"] == "unknown_preset"
    assert await places(app) == []
    await queuer.send(QUEUE)
    assert (await queuer.next("queued"))["waiting"] == 1
    stored = await places(app)
    assert [p[:3] for p in stored] == [(queuer.user["id"], "riichi", "majsoul-tonpuu")]

    await queuer.send(QUEUE)  # twice (a client reconnecting): the same place and its time
    assert (await queuer.next("queued"))["waiting"] == 1
    room = await make_room(live, owner.token, {})
    await queuer.send({"type": "join", "room": room})  # a seat while queued: refused
    assert (await queuer.next("error"))["code"] == "queued"
    await owner.send({"type": "join", "room": room})
    await owner.next("room")
    await owner.send(QUEUE)  # queueing while seated: refused
    assert (await owner.next("error"))["code"] == "seated_elsewhere"
    assert await places(app) == stored
    assert [
        u.id for u, _ in app.state.rooms.queues[("riichi", "majsoul-tonpuu", False, "bronze")]
    ] == [queuer.user["id"]]

    await queuer.send({**QUEUE, "preset": "majsoul-hanchan"})  # another line: moved there
    assert (await queuer.next("queued"))["preset"] == "majsoul-hanchan"
    assert [p[1:3] for p in await places(app)] == [("riichi", "majsoul-hanchan")]
    await queuer.send({"type": "unqueue"})
    assert (await queuer.next("queued"))["ruleset"] is None
    assert await places(app) == []
    for c in (queuer, owner):
        await c.close()


async def test_closing_a_room_stands_its_lobby_up_so_they_may_queue(app, live):
    owner, guest = await players(live, 2)
    room = await make_room(live, owner.token, {})
    for c in (owner, guest):
        await c.send({"type": "join", "room": room})
        await c.next(lambda m, c=c: m["type"] == "room" and _seated(m, c))
    async with httpx.AsyncClient(base_url=f"http://{live}") as http:
        r = await http.delete(
            f"/api/rooms/{room}", headers={"Authorization": f"Bearer {guest.token}"}
        )
        assert r.status_code == 403  # not the owner: refused, nothing changes
        assert room in app.state.rooms.rooms
        r = await http.delete(
            f"/api/rooms/{room}", headers={"Authorization": f"Bearer {owner.token}"}
        )
        assert r.status_code == 200, r.text
    for c in (owner, guest):
        closed = await c.next(lambda m: m["type"] == "room" and m["status"] == "closed")
        assert closed["room"] == room and closed["seats"] == [None] * 4
    assert room not in app.state.rooms.rooms
    await guest.send(QUEUE)  # no longer seated anywhere
    assert (await guest.next("queued"))["waiting"] == 1
    await owner.send({"type": "join", "room": room})
    assert (await owner.next("error"))["code"] == "room_closed"
    for c in (owner, guest):
        await c.close()


def _seated(state: dict, client) -> bool:  # noqa: ANN001
    return any(s and s["user_id"] == client.user["id"] for s in state["seats"])
