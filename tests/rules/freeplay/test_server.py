"""Free play in the server: the lobby lists it with its en/zh/ja names, and a whole game plays
over WebSockets with two people and two bots. The people keep their view from the events alone
(the start's ``view``, then ``FreeState`` and their own ``FreeHand``), as the web client does,
and move on their turn as the bot would; off their turn their prompt stands with no clock, and
one of them shows a tile and lays the last discard face up while another seat is on turn."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import httpx
import pytest
import pytest_asyncio

from openmahjong.rules.freeplay.ruleset import RULESET
from openmahjong.server.client import PlayClient, guest_token
from openmahjong.table.actions import action_from_dict, action_to_dict
from openmahjong.table.seat import Meld
from tests.rules.server_game import TABLE, lobby_entry
from tests.server.server_helpers import make_settings, running, serving_app


@pytest_asyncio.fixture
async def live(tmp_path: Path) -> AsyncIterator[str]:
    async with running(make_settings(tmp_path)) as started, serving_app(started) as address:
        yield address


@pytest.mark.asyncio
async def test_the_lobby_lists_it_with_its_names_and_presets(live):
    entry = await lobby_entry(live, "freeplay")
    assert "freeplay" in entry["presets"] and "freeplay-sixteen" in entry["presets"]
    text = str(entry.get("client", entry))
    assert "自由模式" in text and "Free play" in text and "フリー対局" in text
    assert {"tiles", "hand_size", "hands"} <= entry["options_schema"]["properties"].keys()
    assert entry["client"]["table"]["freeplay"] is True
    for lang in ("en", "zh", "ja"):  # every preset and every move has a name in each language
        messages = entry["client"]["messages"][lang]
        assert all(f"preset.{p}" in messages for p in entry["presets"]), lang
        assert all(key in messages for key in entry["client"]["words"].values()), lang


class Person:
    """A seated person: the view kept from the messages, moves made as the bot would."""

    def __init__(self, client: PlayClient, bold: bool) -> None:
        self.client = client
        self.view: dict[str, Any] | None = None
        self.bot = RULESET.bot(7)
        #: Makes the off-turn moves once.
        self.bold = bold
        self.showed = False
        self.tried = False
        self.claimed = False
        self.off_turn_moves = 0
        #: Off-turn moves sent, by prompt: one refused as stale (the turn came to the seat as it
        #: moved) is tried again at the next prompt off the turn.
        self.sent: dict[int, str] = {}
        self.refused: list[dict[str, Any]] = []

    def take(self, message: dict[str, Any]) -> None:
        if message["type"] == "view":
            self.view = dict(message["view"])
        elif message["type"] == "event" and self.view is not None:
            event = message["event"]
            if event["type"] == "FreeState":
                for name in (
                    "turn",
                    "hand_sizes",
                    "melds",
                    "discards",
                    "live_remaining",
                    "offered_tile",
                    "table",
                    "seats_public",
                ):
                    self.view[name] = event[name]
            elif event["type"] == "FreeHand" and event["seat"] == self.view["seat"]:
                self.view["hand"] = event["tiles"]
            elif event["type"] == "HandEnded":
                self.view["phase"] = "ended"

    def seen(self) -> SimpleNamespace:
        v = self.view
        assert v is not None
        return SimpleNamespace(
            seat=v["seat"],
            phase=v["phase"],
            turn=v["turn"],
            table=v["table"],
            hand=tuple(v["hand"]),
            hand_sizes=tuple(v["hand_sizes"]),
            melds=[[Meld(**m) for m in seat] for seat in v["melds"]],
            seats_public=v["seats_public"],
            live_remaining=v["live_remaining"],
        )

    def move(self, prompt: dict[str, Any]) -> dict[str, Any] | None:
        assert self.view is not None and prompt["choice"]["type"] == "free_play"
        if prompt["context"].get("optional"):
            assert "move_seconds" not in prompt["context"]  # no clock off the turn
            v = self.view
            if not self.bold or not v["table"]["dealt"] or v["phase"] == "ended":
                return None
            if not self.tried and v["hand"]:
                self.tried = True  # a tile it does not hold: refused with the reason
                missing = next(
                    t for t in (11, 12, 13, 14, 15, 16, 17, 18, 19) if t not in v["hand"]
                )
                return {"type": "free_discard", "tile": missing}
            if not self.showed and v["hand"]:
                self.showed = True
                self.sent[prompt["seq"]] = "showed"
                return {"type": "free_reveal", "tile": v["hand"][0], "show": True}
            if not self.claimed and v["offered_tile"] is not None:
                self.claimed = True
                self.sent[prompt["seq"]] = "claimed"
                return {"type": "free_meld", "tiles": [], "discard": True, "group": None}
            return None
        return dict(action_to_dict(self.bot.act(self.seen())))

    async def play(self) -> dict[str, Any]:
        while True:
            message = await self.client.next(lambda m: True, timeout=120)
            self.take(message)
            if message["type"] == "game_end":
                return message
            if message["type"] == "error":
                self.refused.append(message)
                if message.get("seq") in self.sent:
                    setattr(self, self.sent.pop(message["seq"]), False)
            if message["type"] == "accepted" and message["seq"] in self.sent:
                self.sent.pop(message["seq"])
                self.off_turn_moves += 1
            if message["type"] == "prompt":
                answer = self.move(message)
                if answer is not None and not message["context"].get("optional") and not self.bold:
                    await asyncio.sleep(0.01)  # a moment's thought: the other person moves then
                if answer is not None:
                    answer = {k: list(v) if isinstance(v, tuple) else v for k, v in answer.items()}
                    await self.client.send(
                        {"type": "reply", "seq": message["seq"], "action": answer}
                    )


@pytest.mark.asyncio
async def test_a_whole_game_over_websockets(live):
    async with httpx.AsyncClient(base_url=f"http://{live}") as http:
        tokens = [(await guest_token(http))[1] for _ in range(2)]
        made = await http.post(
            "/api/rooms",
            json={
                "name": "free",
                "ruleset": "freeplay",
                "preset": "freeplay",
                "rules": {"hands": 2},
                "table": TABLE,
            },
            headers={"Authorization": f"Bearer {tokens[0]}"},
        )
        assert made.status_code == 201, made.text
        room = made.json()["id"]
    clients = [PlayClient(f"ws://{live}/ws", token) for token in tokens]
    for client in clients:
        await client.connect()
        await client.send({"type": "join", "room": room})
        await client.send({"type": "ready", "room": room})
    owner = clients[0]
    for _ in range(2):
        await owner.send({"type": "add_bot", "room": room})
    await owner.next(lambda m: m["type"] == "room" and all(s and s["ready"] for s in m["seats"]))
    await owner.send({"type": "start", "room": room})
    people = [Person(c, bold=i == 1) for i, c in enumerate(clients)]
    ends = await asyncio.wait_for(asyncio.gather(*(p.play() for p in people)), 240)
    game = ends[0]["game"]
    for client in clients:
        await client.close()
    async with httpx.AsyncClient(base_url=f"http://{live}") as http:
        record = (await http.get(f"/api/games/{game}/record")).json()
    assert record["header"]["ruleset"] == "freeplay" and len(record["hands"]) == 2
    assert record["result"]["final_points"] == ends[0]["result"]["final_points"]
    # the bold person's moves off its turn are in the record
    moves = [action_from_dict(entry[2]).name for entry in record["actions"]]
    assert people[1].off_turn_moves == 2
    assert "free_reveal" in moves and "free_meld" in moves and "free_deal" in moves
    # the impossible move was refused with its reason (and changed nothing: the record
    # replays); a stale reply (the turn came to the seat as it moved) may be refused too
    illegal = [e for e in people[1].refused if e["code"] == "illegal_action"]
    assert len(illegal) == 1 and "you do not hold" in illegal[0]["params"]["reason"], illegal
    others = [e for p in people for e in p.refused if e not in illegal]
    assert all(e["code"] == "stale" for e in others), others
    again = RULESET.replay(record)
    assert list(again.state.points) == record["result"]["final_points"]
    assert json.loads(json.dumps(again.record(reveal=True)["actions"])) == record["actions"]
