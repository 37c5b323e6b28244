"""A ruleset's game in a real server, written once for every ruleset's server test: the lobby's
entry for it, and a whole game in a room over WebSockets with people answering simple choices
and the ruleset's own bots in the other seats, ending with the record the server wrote."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

import httpx

from openmahjong.server.client import PlayClient, guest_token, simple_choice

#: Clocks long enough that nobody times out on a loaded machine.
TABLE = {"move_seconds": 60, "bank_seconds": 60, "call_protection": False, "spectator_delay": 0}

__all__ = ["TABLE", "PlayedGame", "lobby_entry", "play_game"]


@dataclass
class PlayedGame:
    game: str
    #: Every message the room's owner received, in order.
    owner_log: list[dict[str, Any]]
    #: Each person's ``game_end`` message.
    ends: list[dict[str, Any]]
    #: The record ``GET /api/games/{game}/record`` serves at the end.
    record: dict[str, Any]

    def events(self, kind: str) -> list[dict[str, Any]]:
        """The owner's events of one type (``HandEnded``...)."""
        events = [m["event"] for m in self.owner_log if m["type"] == "event"]
        return [e for e in events if e["type"] == kind]


async def lobby_entry(address: str, ruleset: str) -> dict[str, Any]:
    """What the lobby form reads for ``ruleset`` (``GET /api/rooms/rulesets``)."""
    async with httpx.AsyncClient(base_url=f"http://{address}") as http:
        entry: dict[str, Any] = (await http.get("/api/rooms/rulesets")).json()[ruleset]
    return entry


async def play_game(
    address: str,
    ruleset: str,
    preset: str,
    *,
    rules: dict[str, Any] | None = None,
    people: int = 2,
    bots: int = 2,
) -> PlayedGame:
    """Make a room, seat ``people`` guests and ``bots`` of the ruleset's bots, start it, play it
    to the end, and fetch its record."""
    async with httpx.AsyncClient(base_url=f"http://{address}") as http:
        tokens = [(await guest_token(http))[1] for _ in range(people)]
        body: dict[str, Any] = {"name": ruleset, "ruleset": ruleset, "preset": preset}
        made = await http.post(
            "/api/rooms",
            json={**body, "rules": rules or {}, "table": TABLE},
            headers={"Authorization": f"Bearer {tokens[0]}"},
        )
        assert made.status_code == 201, made.text
        room = made.json()["id"]
    clients = [PlayClient(f"ws://{address}/ws", token) for token in tokens]
    for client in clients:
        await client.connect()
        await client.send({"type": "join", "room": room})
        await client.send({"type": "ready", "room": room})
    owner = clients[0]
    for _ in range(bots):
        await owner.send({"type": "add_bot", "room": room})
    await owner.next(lambda m: m["type"] == "room" and all(s and s["ready"] for s in m["seats"]))
    await owner.send({"type": "start", "room": room})
    starts = [await c.next("game_start") for c in clients]
    ends = await asyncio.gather(*(c.autoplay(simple_choice) for c in clients))
    game = starts[0]["game"]
    assert {e["game"] for e in ends} == {game}
    for client in clients:
        await client.close()
    async with httpx.AsyncClient(base_url=f"http://{address}") as http:
        record = (await http.get(f"/api/games/{game}/record")).json()
    assert record["header"]["ruleset"] == ruleset
    assert record["result"]["final_points"] == ends[0]["result"]["final_points"]
    return PlayedGame(game, owner.log, list(ends), record)
