"""Battle of Asura (``majsoul-asura``) in a room: one person answering each hand's exchange
choice (any three tiles) and three Riichi bots, which choose their own exchanges; the game ends
and its stored record checks ok hand by hand."""

from __future__ import annotations

import httpx
import pytest

pytestmark = pytest.mark.asyncio


async def test_a_whole_asura_game_in_a_room_with_three_bots(app, client):
    from server_helpers import serving_app

    from openmahjong.server.client import PlayClient, guest_token, simple_choice

    table = {
        "move_seconds": 60,
        "bank_seconds": 60,
        "call_protection": False,
        "hand_end_seconds": 0,
    }
    async with serving_app(app) as live, httpx.AsyncClient(base_url=f"http://{live}") as http:
        _uid, token = await guest_token(http)
        body = {"name": "a", "ruleset": "riichi", "preset": "majsoul-asura", "table": table}
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
            m = await person.next(lambda m: m["type"] in ("prompt", "game_end"), timeout=180)
            if m["type"] == "game_end":
                break
            if m["actions"]:
                answer = simple_choice(m["actions"])
            else:  # the exchange: any three tiles, offered as a choice
                choice = m["choice"]
                assert choice["type"] == "exchange" and choice["same_suit"] is False
                answer = {"type": "exchange", "tiles": choice["suggested"]}
                choices += 1
            await person.send({"type": "reply", "seq": m["seq"], "action": answer})
        await person.close()
        check = (await http.get(f"/api/games/{game}/check")).json()
        assert check["ok"] and check["hands"] == check["hands_matched"] >= 4, check
        assert choices == check["hands"]  # one exchange a hand
