"""Matchmaking over the play socket: a full queue starts a table; with the operator's bot fill,
a lone player gets bots after the wait."""

from __future__ import annotations

import asyncio

import pytest
from server_helpers import make_settings
from test_room_play import players

from openmahjong.server.client import simple_choice

pytestmark = pytest.mark.asyncio


@pytest.fixture
def settings(tmp_path):
    return make_settings(tmp_path, matchmaking_bot_fill_seconds=0.3)


QUEUE = {"type": "queue", "ruleset": "riichi", "preset": "majsoul-tonpuu"}


async def test_four_in_the_queue_sit_at_one_table(live):
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


async def test_a_lone_player_gets_bots_after_the_wait_and_can_leave_the_queue(live):
    (alone, quitter) = await players(live, 2)
    await quitter.send(QUEUE)
    assert (await quitter.next("queued"))["waiting"] == 1
    await quitter.send({"type": "unqueue"})
    assert (await quitter.next("queued"))["ruleset"] is None
    await alone.send(QUEUE)
    assert (await alone.next("queued"))["waiting"] == 1
    start = await alone.next("game_start")
    state = next(m for m in reversed(alone.log) if m["type"] == "room")
    assert sum(seat["bot"] for seat in state["seats"]) == 3
    prompt = await alone.next("prompt")
    await alone.send(
        {"type": "reply", "seq": prompt["seq"], "action": simple_choice(prompt["actions"])}
    )
    assert (await alone.next(lambda m: m["type"] in ("accepted", "error")))["type"] == "accepted"
    assert start["seat"] in range(4)
    await alone.send({"type": "queue", "ruleset": "riichi", "preset": "nope"})
    assert (await alone.next("error"))["code"] in ("unknown_preset", "seated_elsewhere")
    for c in (alone, quitter):
        await c.close()
