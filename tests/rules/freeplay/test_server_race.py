"""Two people reach for the same discard at once, over the server: both lay the last discard
face up in the same instant. One of them gets it; the other's move is refused with the table's
reason (``illegal_action``, "there is no discard to take"), whether the room saw it before or
after the first was played; nothing fails in the room, and the game goes on to its end."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import pytest_asyncio

from openmahjong.rules.freeplay.ruleset import RULESET
from openmahjong.server.client import PlayClient, guest_token
from tests.rules.freeplay.test_server import Person
from tests.rules.server_game import TABLE
from tests.server.server_helpers import make_settings, running, serving_app

GRAB = {"type": "free_meld", "tiles": [], "discard": True, "group": None}


@pytest_asyncio.fixture
async def live(tmp_path: Path) -> AsyncIterator[str]:
    async with running(make_settings(tmp_path)) as started, serving_app(started) as address:
        yield address


class Racer(Person):
    """A person who plays its turns as the bot would, and once grabs the last discard together
    with the other person (``race``)."""

    def __init__(self, client: PlayClient, race: dict[str, Any]) -> None:
        super().__init__(client, bold=False)
        self.race = race
        self.open: dict[str, Any] | None = None

    async def play(self) -> dict[str, Any]:
        while True:
            message = await self.client.next(lambda m: True, timeout=120)
            self.take(message)
            if message["type"] == "game_end":
                return message
            if message["type"] == "error":
                self.refused.append(message)
            if message["type"] != "prompt":
                continue
            self.open = message
            if message["context"].get("optional"):
                continue
            other = self.race["people"][1 - self.race["people"].index(self)]
            v = self.view
            assert v is not None
            ready = v["table"]["dealt"] and v["offered_tile"] is not None and v["phase"] != "ended"
            if (
                not self.race["done"]
                and ready
                and other.open
                and other.open["context"].get("optional")
            ):
                self.race["done"] = True
                self.race["tile"] = v["offered_tile"]
                mine = {"type": "reply", "seq": message["seq"], "action": GRAB}
                theirs = {"type": "reply", "seq": other.open["seq"], "action": GRAB}
                self.race["seats"] = (v["seat"], other.view["seat"] if other.view else None)
                await asyncio.gather(self.client.send(mine), other.client.send(theirs))
                continue
            answer = self.move(message)
            if answer is not None:
                answer = {k: list(x) if isinstance(x, tuple) else x for k, x in answer.items()}
                await self.client.send({"type": "reply", "seq": message["seq"], "action": answer})


@pytest.mark.asyncio
async def test_two_people_grab_the_same_discard(live, caplog):
    caplog.set_level(logging.ERROR, logger="openmahjong.server.room")
    async with httpx.AsyncClient(base_url=f"http://{live}") as http:
        tokens = [(await guest_token(http))[1] for _ in range(2)]
        made = await http.post(
            "/api/rooms",
            json={
                "name": "race",
                "ruleset": "freeplay",
                "preset": "freeplay",
                "rules": {"hands": 1},
                "table": TABLE,
            },
            headers={"Authorization": f"Bearer {tokens[0]}"},
        )
        room = made.json()["id"]
    clients = [PlayClient(f"ws://{live}/ws", token) for token in tokens]
    for client in clients:
        await client.connect()
        await client.send({"type": "join", "room": room})
        await client.send({"type": "ready", "room": room})
    for _ in range(2):
        await clients[0].send({"type": "add_bot", "room": room})
    await clients[0].next(
        lambda m: m["type"] == "room" and all(s and s["ready"] for s in m["seats"])
    )
    await clients[0].send({"type": "start", "room": room})
    race: dict[str, Any] = {"done": False, "people": []}
    people = [Racer(c, race) for c in clients]
    race["people"].extend(people)
    ends = await asyncio.wait_for(asyncio.gather(*(p.play() for p in people)), 240)
    for client in clients:
        await client.close()
    assert race["done"], "the two people never had a discard to reach for together"
    async with httpx.AsyncClient(base_url=f"http://{live}") as http:
        record = (await http.get(f"/api/games/{ends[0]['game']}/record")).json()
    grabs = [e for e in record["actions"] if e[2]["type"] == "free_meld" and e[2]["discard"]]
    assert len(grabs) == 1 and grabs[0][1] in race["seats"], grabs
    refused = [e for p in people for e in p.refused if e["code"] == "illegal_action"]
    assert len(refused) == 1, [p.refused for p in people]
    assert "there is no discard to take" in refused[0]["params"]["reason"]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
    again = RULESET.replay(record)
    assert list(again.state.points) == record["result"]["final_points"]
