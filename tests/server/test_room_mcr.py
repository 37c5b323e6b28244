"""An MCR table through the same room: seats change between wind rounds, and the room routes
each player's prompts and events through the match's seating (``player_at`` / ``seat_of``).
MCR comes from the ruleset registry (its entry point), like every ruleset."""

from __future__ import annotations

import httpx
import pytest
from test_room_play import FAST, check_no_leak, players, seat_everyone

pytestmark = pytest.mark.asyncio


async def test_one_player_and_three_bots_play_two_mcr_rounds(live):
    (human,) = await players(live, 1)
    async with httpx.AsyncClient(base_url=f"http://{live}") as http:
        created = await http.post(
            "/api/rooms",
            json={"name": "mcr", "ruleset": "mcr", "preset": "mcr-2rounds", "table": FAST},
            headers={"Authorization": f"Bearer {human.token}"},
        )
        assert created.status_code == 201, created.text
        room = created.json()["id"]
    await seat_everyone(room, [human], bots=3)
    await human.next("game_start")
    end = await human.autoplay()
    assert end["master_seed"] and "final_points" in end["result"]
    seats = {m["view"]["seat"] for m in human.log if m["type"] == "view"}
    assert len(seats) == 2  # the player changed seats between the two wind rounds
    prompts = [m for m in human.log if m["type"] == "prompt"]
    assert all(p["context"]["seat"] in seats for p in prompts)
    # Each view is of the seat the player holds in that hand, and nothing of others leaks.
    for m in human.log:
        if m["type"] == "view":
            check_no_leak(m["seat"], [m, end])
    await human.close()
    # A game with bots is stored and listed like any other, marked as having bots.
    async with httpx.AsyncClient(base_url=f"http://{live}") as http:
        (listed,) = (await http.get("/api/games", params={"ruleset": "mcr"})).json()["games"]
        assert listed["id"] == end["game"] and listed["has_bots"]
        bots = [s["is_bot"] for s in listed["seats"]]
        assert sorted(bots) == [False, True, True, True]
        (mine,) = [s for s in listed["seats"] if not s["is_bot"]]
        assert mine["player_id"] == human.user["id"]
        assert all(s["player_id"] is None for s in listed["seats"] if s["is_bot"])
        record = (await http.get(listed["record_url"])).json()
        assert record["header"]["has_bots"] is True
        assert [s["is_bot"] for s in record["result"]["seats"]] == bots
