"""``GET /api/rooms`` lists live rooms only, with seats taken and spectators: a room whose
game ended and that nobody sits in (a finished bot game) is no longer offered."""

from __future__ import annotations

import httpx
import pytest
from test_room_play import FAST, make_room, players, seat_everyone

pytestmark = pytest.mark.asyncio


async def _listed(live: str) -> dict[int, dict]:
    async with httpx.AsyncClient(base_url=f"http://{live}") as http:
        response = await http.get("/api/rooms")
        assert response.status_code == 200, response.text
        return {r["id"]: r for r in response.json()}


async def test_live_rooms_are_listed_with_seats_and_finished_ones_are_not(live):
    (owner, watcher) = await players(live, 2)
    waiting = await make_room(live, owner.token, FAST)
    room = await make_room(live, owner.token, FAST)
    listed = await _listed(live)
    assert listed[waiting]["seated"] == 0 and listed[waiting]["seats"] == 4
    await owner.send({"type": "join", "room": room})
    await owner.next(lambda m: m["type"] == "room" and m["room"] == room)
    await watcher.send({"type": "join", "room": room, "spectate": True})
    await watcher.next(lambda m: m["type"] == "room" and m["spectators"] == 1)
    entry = (await _listed(live))[room]
    assert (entry["seated"], entry["seats"], entry["spectators"]) == (1, 4, 1)
    await seat_everyone(room, [owner], bots=3)
    await owner.next("game_start")
    assert (await _listed(live))[room]["status"] == "playing"
    await owner.autoplay()  # game_end comes after the room is stored open again
    listed = await _listed(live)
    assert room not in listed  # played out, nobody sits there: not offered as open
    assert waiting in listed  # never played: still waiting for players
    async with httpx.AsyncClient(base_url=f"http://{live}") as http:
        assert (await http.get(f"/api/rooms/{room}")).json()["status"] == "open"
    await owner.close()
    await watcher.close()
