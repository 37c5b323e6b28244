"""``PlayClient.autoplay`` answers a parametric choice that lists no actions (Asura's and
Sichuan's exchange: ``actions: []``, ``choice`` set) with the choice's suggested tiles, instead of
failing on an empty list; a prompt with neither is a clear error."""

from __future__ import annotations

import httpx
import pytest

from openmahjong.server.client import prompt_answer, simple_choice


def test_a_choice_without_actions_is_answered_with_its_suggestion():
    prompt = {
        "type": "prompt",
        "seq": 7,
        "actions": [],
        "choice": {"type": "exchange", "count": 3, "same_suit": False, "suggested": [11, 45, 29]},
    }
    assert prompt_answer(prompt) == {"type": "exchange", "tiles": [11, 45, 29]}


def test_listed_actions_still_go_to_the_chooser():
    actions = [{"type": "discard", "tile": 12}, {"type": "tsumo"}]
    prompt = {"type": "prompt", "seq": 3, "actions": actions}
    assert prompt_answer(prompt) == {"type": "tsumo"}
    assert prompt_answer(prompt, lambda a: a[0]) == {"type": "discard", "tile": 12}
    assert prompt_answer(prompt) == simple_choice(actions)


def test_a_prompt_with_nothing_to_answer_is_refused():
    with pytest.raises(ValueError, match="no action and no choice"):
        prompt_answer({"type": "prompt", "seq": 4, "actions": []})


@pytest.mark.asyncio
async def test_autoplay_plays_a_whole_asura_game(app, client):
    from server_helpers import serving_app

    from openmahjong.server.client import PlayClient, guest_token

    table = {"move_seconds": 60, "bank_seconds": 60, "call_protection": False}
    async with serving_app(app) as live, httpx.AsyncClient(base_url=f"http://{live}") as http:
        _uid, token = await guest_token(http)
        body = {"name": "a", "ruleset": "riichi", "preset": "majsoul-asura", "table": table}
        headers = {"Authorization": f"Bearer {token}"}
        made = await http.post("/api/rooms", json=body, headers=headers)
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
        exchanges: list[dict] = []

        def seen(prompt: dict) -> None:
            if prompt.get("choice"):
                exchanges.append(prompt)

        end = await person.autoplay(on_prompt=seen)
        await person.close()
        assert end["type"] == "game_end"
        record = (await http.get(f"/api/games/{game}/record")).json()
        seat = record["header"]["players"].index(made.json()["owner"]["name"])
        mine = [a[2] for a in record["actions"] if a[1] == seat and a[2]["type"] == "exchange"]
        # Every hand's exchange was answered, each with the suggestion the prompt carried. A
        # game of a fresh seed may end early (a player below zero): the hands it had count.
        assert len(mine) == len(exchanges) == len(record["hands"]) >= 1
        assert [m["tiles"] for m in mine] == [p["choice"]["suggested"] for p in exchanges]
