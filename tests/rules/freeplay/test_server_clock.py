"""Free play's clocks in a room, on a clock the test moves by hand: two people who never answer
and two bots. A person off the turn is asked with no clock and nothing is ever played for them;
on the turn their clock runs, and when it runs out the table plays a pass for them (the deal,
before it), marked as a timeout; the turn goes on to the bots, who move at once."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import pytest_asyncio

from openmahjong.rules.freeplay.ruleset import RULESET
from openmahjong.server.client import PlayClient, guest_token
from tests.server.fake_clock import FakeClock
from tests.server.server_helpers import make_settings, running, serving_app

TABLE = {"move_seconds": 3, "bank_seconds": 2, "call_protection": False, "spectator_delay": 0}


@pytest_asyncio.fixture
async def served(tmp_path: Path) -> AsyncIterator[tuple[Any, str]]:
    async with running(make_settings(tmp_path)) as app, serving_app(app) as address:
        yield app, address


@pytest.mark.asyncio
async def test_off_the_turn_no_clock_on_it_a_timeout_passes(served):
    app, address = served
    clock = app.state.rooms.clock = FakeClock()
    async with httpx.AsyncClient(base_url=f"http://{address}") as http:
        tokens = [(await guest_token(http))[1] for _ in range(2)]
        made = await http.post(
            "/api/rooms",
            json={"name": "clock", "ruleset": "freeplay", "preset": "freeplay", "table": TABLE},
            headers={"Authorization": f"Bearer {tokens[0]}"},
        )
        room = made.json()["id"]
    people = [PlayClient(f"ws://{address}/ws", token) for token in tokens]
    for person in people:
        await person.connect()
        await person.send({"type": "join", "room": room})
        await person.send({"type": "ready", "room": room})
    for _ in range(2):
        await people[0].send({"type": "add_bot", "room": room})
    await people[0].next(
        lambda m: m["type"] == "room" and all(s and s["ready"] for s in m["seats"])
    )
    await people[0].send({"type": "start", "room": room})
    seats = [(await p.next("game_start"))["seat"] for p in people]
    for _ in range(40):  # nobody answers: 40 s pass, a second at a time
        await clock.advance(1)
    game = app.state.rooms.rooms[room].game
    log = game.match.log
    timed = [(entry[1], entry[2]) for entry in log if entry[4]]
    assert len(timed) >= 4  # 5 s a turn: several turns of each person went by
    # Each person timed out on its own turns, and on no other: replayed, each timed-out move
    # was the seat on turn's, a pass (or the deal).
    assert {seat for seat, _ in timed} == set(seats), timed
    match = RULESET.new_match(
        game.match.player_entry_order, game.master_seed, game.salt, game.match.options
    )
    for _hand, seat, action, _notes, timed_out in log:
        if timed_out:
            assert match.free_table.turn == seat
            assert action.name in ("free_pass", "free_deal")
        match.act(seat, action)
    # Off the turn a prompt carries no clock.
    prompts = [m for p in people for m in p.log if m["type"] == "prompt"]
    assert any(m["context"].get("optional") for m in prompts)
    for m in prompts:
        assert ("move_seconds" in m["context"]) != bool(m["context"].get("optional")), m
    for person in people:
        await person.close()
