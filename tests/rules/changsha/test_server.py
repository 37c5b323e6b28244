"""Changsha in the server: the lobby lists it from ``client_info`` (its en/zh/ja names), and a
whole game plays over WebSockets with two people (simple choices) and two of its bots."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
import pytest_asyncio

from openmahjong.rules.changsha.game.ruleset import RULESET
from openmahjong.server.client import PlayClient, guest_token, simple_choice
from tests.server.server_helpers import make_settings, running, serving_app

TABLE = {"move_seconds": 60, "bank_seconds": 60, "call_protection": False, "spectator_delay": 0}


@pytest_asyncio.fixture
async def live(tmp_path: Path) -> AsyncIterator[str]:
    async with running(make_settings(tmp_path)) as started, serving_app(started) as address:
        yield address


@pytest.mark.asyncio
async def test_the_lobby_lists_it_with_its_names_and_presets(live):
    async with httpx.AsyncClient(base_url=f"http://{live}") as http:
        entry = (await http.get("/api/rooms/rulesets")).json()["changsha"]
    assert sorted(entry["presets"]) == ["changsha-four-birds", "changsha-standard"]
    info = entry.get("client", entry)
    text = str(info)
    assert "长沙麻将" in text and "Changsha" in text and "長沙麻雀" in text
    assert {"hands", "birds", "starting_wins"} <= entry["options_schema"]["properties"].keys()


@pytest.mark.asyncio
async def test_a_whole_game_over_websockets(live):
    async with httpx.AsyncClient(base_url=f"http://{live}") as http:
        tokens = [(await guest_token(http))[1] for _ in range(2)]
        made = await http.post(
            "/api/rooms",
            json={
                "name": "changsha",
                "ruleset": "changsha",
                "preset": "changsha-standard",
                "rules": {"hands": 2},
                "table": TABLE,
            },
            headers={"Authorization": f"Bearer {tokens[0]}"},
        )
        assert made.status_code == 201, made.text
        room = made.json()["id"]
    people = [PlayClient(f"ws://{live}/ws", token) for token in tokens]
    for person in people:
        await person.connect()
        await person.send({"type": "join", "room": room})
        await person.send({"type": "ready", "room": room})
    owner = people[0]
    for _ in range(2):
        await owner.send({"type": "add_bot", "room": room})
    await owner.next(lambda m: m["type"] == "room" and all(s and s["ready"] for s in m["seats"]))
    await owner.send({"type": "start", "room": room})
    starts = [await p.next("game_start") for p in people]
    ends = await asyncio.gather(*(p.autoplay(simple_choice) for p in people))
    game = starts[0]["game"]
    assert {e["game"] for e in ends} == {game}
    ended = [m for m in owner.log if m["type"] == "event" and m["event"]["type"] == "HandEnded"]
    assert len(ended) == 2
    for person in people:
        await person.close()
    async with httpx.AsyncClient(base_url=f"http://{live}") as http:
        record = (await http.get(f"/api/games/{game}/record")).json()
    assert record["header"]["ruleset"] == "changsha"
    assert list(RULESET.replay(record).state.points) == record["result"]["final_points"]
