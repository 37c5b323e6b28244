"""``/ws/mjai`` across two real server processes (issue 24): an outside AI whose socket is on
one process plays a room the other process runs. The room's process makes the batches from
its live table and sends them over the relay; the socket's process writes them and sends each
answer back (server/mjai_relay.py). The processes, the database schema and the Redis prefix
come from ``test_cluster``'s fixture; the bot's side is ``test_mjai_ws``'s."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from test_cluster import cluster  # noqa: F401 - the two-process fixture
from test_mjai_ws import FAST, MjaiBot, bot_account, owner_with_room, record_of, seat_and_start

pytestmark = pytest.mark.asyncio


def live(url: str) -> str:
    return url.removeprefix("http://")


async def test_an_mjai_bot_on_one_process_plays_a_room_the_other_runs(cluster):  # noqa: F811
    room_side, socket_side = (live(s.url) for s in cluster.servers)
    _id, token = await bot_account(socket_side, "relaybot1")
    bot = MjaiBot(socket_side, token)
    hello = await bot.connect()
    assert hello[0]["type"] == "hello"
    await bot.send({"type": "none"})
    owner, room = await owner_with_room(room_side, FAST)
    await seat_and_start(owner, room, "relaybot1")
    playing = await owner.next(lambda m: m["type"] == "room" and m["status"] == "playing")

    me: list[int] = []
    discards: list[dict[str, Any]] = []

    def brain(batch: list[dict[str, Any]]) -> str:
        """Discard what it drew, pass everything else; count its discards."""
        for e in batch:
            if e["type"] == "start_game":
                me[:] = [e["id"]]
        last = batch[-1]
        if last["type"] == "tsumo" and last["actor"] == me[0]:
            discards.append(last)
            return json.dumps(
                {"type": "dahai", "actor": me[0], "pai": last["pai"], "tsumogiri": True}
            )
        return '{"type":"none"}'

    last = await asyncio.wait_for(bot.play(brain), 600)
    await owner.close()
    await bot.close()
    assert last[-1]["type"] == "end_game" and len(last[-1]["scores"]) == 4
    events = [e for b in bot.batches for e in b]
    kinds = [e["type"] for e in events]
    assert kinds.count("start_game") == 1, "the seat half started the game once"
    assert kinds.count("start_kyoku") == kinds.count("end_kyoku") >= 4
    assert not [e for e in events if e["type"] == "error"], "every answer was played as given"
    record = await record_of(room_side, playing["game"])
    assert record["header"]["players"][me[0]] == "relaybot1"
    assert len(record["hands"]) == kinds.count("start_kyoku")
    # Every discard of its seat is one the bot sent over the other process (our bot never
    # stood in: the room knew its socket was there).
    stored = [a for a in record["actions"] if a[1] == me[0] and a[2]["type"] == "discard"]
    assert len(stored) == len(discards) > 20
    logs = cluster.logs()
    assert "Traceback" not in logs, logs[-4000:]
