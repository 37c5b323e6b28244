"""Crash recovery of a table: the real ``openmahjong serve`` is killed with SIGKILL mid-hand,
started again on the same database, and the player reconnects into the same game, with the
prompt numbers going on and the bank it had left."""

from __future__ import annotations

import asyncio

import httpx
import pytest
from test_restart import Server, servers  # noqa: F401  (the fixture)

from openmahjong.server.client import PlayClient, guest_token, simple_choice

pytestmark = pytest.mark.asyncio


async def test_killed_server_resumes_the_table_and_the_player_reconnects(
    tmp_path,
    servers,  # noqa: F811
):
    database = f"sqlite:///{tmp_path / 'tables.db'}"
    log = tmp_path / "server.log"
    first = Server(database, log)
    servers.append(first)
    first.wait_ready()
    async with httpx.AsyncClient(base_url=first.url) as http:
        _uid, token = await guest_token(http)
        # A short move time, so that a slow first reply spends some of the bank.
        table = {"move_seconds": 1, "bank_seconds": 60, "call_protection": False}
        created = await http.post(
            "/api/rooms",
            json={"name": "crash", "ruleset": "riichi", "preset": "majsoul-tonpuu", "table": table},
            headers={"Authorization": f"Bearer {token}"},
        )
        room = created.json()["id"]
    ws = first.url.replace("http", "ws") + "/ws"
    player = PlayClient(ws, token)
    await player.connect()
    await player.send({"type": "join", "room": room})
    await player.send({"type": "ready", "room": room})
    for _ in range(3):
        await player.send({"type": "add_bot", "room": room})
    await player.next(lambda m: m["type"] == "room" and all(s for s in m["seats"]))
    await player.send({"type": "start", "room": room})
    start = await player.next("game_start")
    # Think long on an own turn (1 s of move time, then at least 1.5 s of the bank), until a
    # prompt shows the bank spent. A new hand refills every bank, so a hand that ends before
    # the next prompt (a bot's win) means thinking long again in the next one.
    open_prompt = None
    for _ in range(60):
        prompt = await player.next("prompt")
        if prompt["context"]["bank_seconds"] <= 58.5:
            open_prompt = prompt
            break
        if any(a["type"] == "discard" for a in prompt["actions"]):
            await asyncio.sleep(2.5)
        await player.send(
            {"type": "reply", "seq": prompt["seq"], "action": simple_choice(prompt["actions"])}
        )
    assert open_prompt is not None, "no prompt ever showed a spent bank"
    bank = open_prompt["context"]["bank_seconds"]
    first.kill()  # mid-hand, a decision open: no shutdown at all
    await player.close()

    second = Server(database, log)
    servers.append(second)
    second.wait_ready()
    back = PlayClient(second.url.replace("http", "ws") + "/ws", token)
    await back.connect()
    again = await back.next("game_start")
    assert again["game"] == start["game"] and again["seat"] == start["seat"]
    assert again["commitment"] == start["commitment"] and again["salt"] == start["salt"]
    view = (await back.next("view"))["view"]
    assert view["seat"] == start["seat"]
    resumed = await back.next("prompt")
    # The same decision: the table was rebuilt by replaying the stored actions.
    assert resumed["actions"] == open_prompt["actions"]
    # The clocks and numbers go on: the bank left, and a number above the old prompt's, whose
    # late reply is refused as stale.
    assert resumed["context"]["bank_seconds"] == bank
    assert resumed["seq"] > open_prompt["seq"]
    await back.send(
        {"type": "reply", "seq": open_prompt["seq"], "action": open_prompt["actions"][0]}
    )
    assert (await back.next("error"))["code"] == "stale"
    await back.send(
        {"type": "reply", "seq": resumed["seq"], "action": simple_choice(resumed["actions"])}
    )
    end = await back.autoplay()
    assert end["game"] == start["game"]
    async with httpx.AsyncClient(base_url=second.url) as http:
        record = (await http.get(f"/api/games/{start['game']}/record")).json()
        assert record["header"]["master_seed"] == end["master_seed"]
        assert record["header"]["commitment"] == start["commitment"]
    await back.close()
    assert "resumed 1 live games" in log.read_text()
