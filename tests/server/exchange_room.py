"""A whole game in a room of a ruleset that opens each hand with the exchange (Sichuan
Bloody, Battle of Asura): one guest answering every prompt (the exchange's choice with its
suggestion, anything else with its simplest action) and three bots."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import httpx
from server_helpers import serving_app

from openmahjong.server.client import PlayClient, guest_token, simple_choice

#: Fast tables: no waits between hands, no call protection.
TABLE = {"move_seconds": 60, "bank_seconds": 60, "call_protection": False, "hand_end_seconds": 0}


@dataclass
class Played:
    #: The game's ``game_end`` message.
    end: dict[str, Any]
    #: How many exchange choices the guest answered.
    choices: int
    #: ``GET /api/games/{id}/check`` of the stored game.
    check: dict[str, Any]


async def play_exchange_room(
    app: Any,
    ruleset: str,
    preset: str,
    *,
    timeout: float,
    check_choice: Callable[[dict[str, Any]], None] = lambda choice: None,
) -> Played:
    """Play the game to its end; ``check_choice`` sees every exchange choice offered."""
    async with serving_app(app) as live, httpx.AsyncClient(base_url=f"http://{live}") as http:
        _uid, token = await guest_token(http)
        body = {"name": "x", "ruleset": ruleset, "preset": preset, "table": TABLE}
        made = await http.post(
            "/api/rooms", json=body, headers={"Authorization": f"Bearer {token}"}
        )
        assert made.status_code == 201, made.text
        room = made.json()["id"]
        person = PlayClient(f"ws://{live}/ws", token)
        await person.connect()
        await person.send({"type": "join", "room": room})
        await person.send({"type": "ready", "room": room})
        for _ in range(3):
            await person.send({"type": "add_bot", "room": room})
        await person.next(
            lambda m: m["type"] == "room" and all(s and s["ready"] for s in m["seats"])
        )
        await person.send({"type": "start", "room": room})
        game = (await person.next("game_start"))["game"]
        choices = 0
        while True:
            m = await person.next(lambda m: m["type"] in ("prompt", "game_end"), timeout=timeout)
            if m["type"] == "game_end":
                break
            if m["actions"]:
                answer = simple_choice(m["actions"])
            else:  # the exchange: a choice, not a list
                assert m["choice"]["type"] == "exchange"
                check_choice(m["choice"])
                answer = {"type": "exchange", "tiles": m["choice"]["suggested"]}
                choices += 1
            await person.send({"type": "reply", "seq": m["seq"], "action": answer})
        await person.close()
        check = (await http.get(f"/api/games/{game}/check")).json()
        return Played(end=m, choices=choices, check=check)
