"""Qingque in the server: the lobby lists it from ``client_info`` (its en/zh/ja names), and a
whole two-round game (the seat change before hand 5 included) plays over WebSockets with two
people (simple choices) and two of its bots."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
import pytest_asyncio

from openmahjong.rules.qingque.game.ruleset import RULESET
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
        entry = (await http.get("/api/rooms/rulesets")).json()["qingque"]
    assert sorted(entry["presets"]) == ["qingque-1round", "qingque-2rounds", "qingque-4rounds"]
    text = str(entry.get("client", entry))
    assert "青雀" in text and "Qingque" in text and "チンチュエ" in text
    assert "rounds" in entry["options_schema"]["properties"]


@pytest.mark.asyncio
async def test_a_whole_game_over_websockets(live):
    async with httpx.AsyncClient(base_url=f"http://{live}") as http:
        tokens = [(await guest_token(http))[1] for _ in range(2)]
        made = await http.post(
            "/api/rooms",
            json={
                "name": "qingque",
                "ruleset": "qingque",
                "preset": "qingque-2rounds",
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
    assert len(ended) == 8
    for person in people:
        await person.close()
    async with httpx.AsyncClient(base_url=f"http://{live}") as http:
        record = (await http.get(f"/api/games/{game}/record")).json()
    assert record["header"]["ruleset"] == "qingque"
    again = RULESET.replay(record)
    assert list(again.state.points) == record["result"]["final_points"]
    assert [h["current_round"] for h in again.hands] == list(range(1, 9))
