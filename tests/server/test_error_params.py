"""Every error carries a stable ``code`` and ``params`` (the values its message names), so a
client can word it in its own language: socket ``error`` messages and API error bodies."""

from __future__ import annotations

import httpx
import pytest
from test_room_play import FAST, make_room, players

pytestmark = pytest.mark.asyncio


async def test_socket_errors_carry_code_and_params(live):
    (player,) = await players(live, 1)
    await player.send({"type": "join", "room": 987654})
    error = await player.next("error")
    assert error["code"] == "no_such_room" and error["params"] == {"room": 987654}
    await player.send({"type": "reply", "seq": 5, "action": {"type": "pass"}})
    error = await player.next("error")
    assert error["code"] == "unknown_prompt" and error["params"] == {"seq": 5}
    await player.send({"type": "dance"})
    error = await player.next("error")
    assert error["code"] == "unknown_type" and error["params"]["type"] == "dance"
    assert "continue" in error["params"]["expected"]
    room = await make_room(live, player.token, {**FAST, "spectators": False})
    await player.send({"type": "join", "room": room, "spectate": True})
    error = await player.next("error")
    assert error["code"] == "no_spectators" and error["params"] == {"room": room}
    await player.send({"type": "ping", "id": 1})
    await player.next("pong")
    await player.close()


async def test_api_errors_carry_code_and_params(client: httpx.AsyncClient):
    missing = await client.get("/api/rooms/987654")
    assert missing.status_code == 404
    assert missing.json()["error"]["code"] == "no_such_room"
    assert missing.json()["error"]["params"] == {"room": 987654}
    await client.post("/api/auth/guest")
    bad = await client.post("/api/rooms", json={"name": "t", "ruleset": "riichi", "preset": "nope"})
    body = bad.json()["error"]
    assert body["code"] == "unknown_preset"
    assert body["params"]["ruleset"] == "riichi" and body["params"]["preset"] == "nope"
    assert "majsoul-hanchan" in body["params"]["choices"]
    malformed = (await client.post("/api/rooms", json={"name": 5})).json()["error"]
    assert malformed["code"] == "invalid_request" and malformed["params"]["field"]
    unknown = (await client.get("/api/no-such-page")).json()["error"]
    assert unknown["params"] == {}
