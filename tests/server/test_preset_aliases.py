"""The profile's preset names (MAJSOUL_TONPUU, MAJSOUL_HANCHAN) over the HTTP API and the
matchmaking queue: accepted as aliases, stored under the canonical name (one line per preset,
whatever name a player used). The alias table and its lookup: tests/rules/riichi. And the final
settlement as the API gives it (game_end, the record endpoint)."""

from __future__ import annotations

import httpx
import pytest
from server_helpers import make_settings, register
from sqlalchemy import select
from test_room_play import FAST, make_room, players, seat_everyone

from openmahjong.rules.riichi.game import preset
from openmahjong.rules.riichi.game.settlement import settle
from openmahjong.store.models import QueueEntry, Room

pytestmark = pytest.mark.asyncio


@pytest.fixture
def settings(tmp_path):
    return make_settings(tmp_path, matchmaking_bot_fill_seconds=None)


async def test_a_room_created_with_an_alias_stores_the_canonical_preset(app, client):
    await register(client, "alias-host")
    response = await client.post(
        "/api/rooms", json={"name": "East", "ruleset": "riichi", "preset": "MAJSOUL_TONPUU"}
    )
    assert response.status_code == 201, response.text
    room = response.json()
    assert room["preset"] == "majsoul-tonpuu"
    assert room["rules"]["name"] == "majsoul-tonpuu" and room["rules"]["length"] == 4
    async with app.state.om.db.session() as s:
        assert (await s.get(Room, room["id"])).preset == "majsoul-tonpuu"
    response = await client.post(
        "/api/rooms",
        json={"name": "South", "ruleset": "riichi", "preset": "MAJSOUL_HANCHAN",
              "rules": {"red_fives": False}},
    )  # fmt: skip
    assert response.status_code == 201, response.text
    assert response.json()["preset"] == "majsoul-hanchan"
    assert response.json()["rules"]["length"] == 8


async def test_the_listing_names_canonical_presets_and_their_aliases(client):
    listed = (await client.get("/api/rooms/rulesets")).json()["riichi"]
    assert "MAJSOUL_TONPUU" not in listed["presets"] and "majsoul-tonpuu" in listed["presets"]
    assert listed["aliases"] == {
        "MAJSOUL_TONPUU": "majsoul-tonpuu",
        "MAJSOUL_HANCHAN": "majsoul-hanchan",
    }


async def test_an_unknown_name_is_still_refused(client):
    await register(client, "alias-host2")
    response = await client.post(
        "/api/rooms", json={"name": "East", "ruleset": "riichi", "preset": "MAJSOUL_EAST"}
    )
    assert response.status_code == 422
    assert response.json()["error"]["code"] == "unknown_preset"


async def test_queueing_with_an_alias_joins_the_canonical_line(app, live):
    first, second = await players(live, 2)
    await first.send({"type": "queue", "ruleset": "riichi", "preset": "MAJSOUL_TONPUU"})
    queued = await first.next("queued")
    assert (queued["preset"], queued["waiting"]) == ("majsoul-tonpuu", 1)
    await second.send({"type": "queue", "ruleset": "riichi", "preset": "majsoul-tonpuu"})
    assert (await second.next("queued"))["waiting"] == 2  # the same line
    assert list(app.state.rooms.queues) == [("riichi", "majsoul-tonpuu", False, "bronze")]
    async with app.state.om.db.session() as s:
        stored = [e.preset for e in await s.scalars(select(QueueEntry))]
    assert stored == ["majsoul-tonpuu", "majsoul-tonpuu"]
    for c in (first, second):
        await c.close()


async def test_game_end_and_the_record_endpoint_carry_the_final_settlement(live):
    """#16 item 6 over the API: a room's game (one player, three bots, a tonpuu) ends with the
    settlement in ``game_end`` and in ``GET /api/games/{id}/record``."""
    (human,) = await players(live, 1)
    room = await make_room(live, human.token, FAST, preset="MAJSOUL_TONPUU")
    await seat_everyone(room, [human], bots=3)
    start = await human.next("game_start")
    end = await human.autoplay()
    settled = end["result"]["settlement"]
    points = end["result"]["final_points"]
    assert settled["scores"] == [t / 10 for t in settle(points, preset("majsoul-tonpuu"))]
    assert settled["uma"] == [15, 5, -5, -15] and settled["return_points"] == 25000
    async with httpx.AsyncClient(base_url=f"http://{live}") as http:
        record = (await http.get(f"/api/games/{start['game']}/record")).json()
    assert record["header"]["preset"] == "majsoul-tonpuu"
    assert record["result"]["settlement"] == settled
    await human.close()
