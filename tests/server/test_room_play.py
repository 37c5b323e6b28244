"""Rooms at play over real sockets: uvicorn in this event loop, websockets clients.

Whole games between four clients, timeouts, reconnection, call protection as the D seat sees
it, a tactical interruption, refused replies, and the leak check over every message one seat
received.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import pytest
from fake_clock import FakeClock

from openmahjong import fairness
from openmahjong.server.client import PlayClient, guest_token, simple_choice

pytestmark = pytest.mark.asyncio


FAST = {
    "move_seconds": 5,
    "bank_seconds": 5,
    "call_protection": False,
    "spectator_delay": 0,
}


async def make_room(live: str, token: str, table: dict[str, Any], **extra: Any) -> int:
    async with httpx.AsyncClient(base_url=f"http://{live}") as http:
        body = {"name": "t", "ruleset": "riichi", "preset": "majsoul-tonpuu", "table": table}
        body.update(extra)
        r = await http.post("/api/rooms", json=body, headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 201, r.text
        return r.json()["id"]


async def players(live: str, n: int) -> list[PlayClient]:
    out = []
    async with httpx.AsyncClient(base_url=f"http://{live}") as http:
        for _ in range(n):
            _uid, token = await guest_token(http)
            client = PlayClient(f"ws://{live}/ws", token)
            await client.connect()
            out.append(client)
    return out


async def seat_everyone(room: int, clients: list[PlayClient], bots: int = 0) -> None:
    owner = clients[0]
    for c in clients:
        await c.send({"type": "join", "room": room})
        await c.send({"type": "ready", "room": room})
    for _ in range(bots):
        await owner.send({"type": "add_bot", "room": room})
    # Every join/ready/add_bot is answered by a room state: wait for the full, ready room.
    await owner.next(lambda m: m["type"] == "room" and all(s and s["ready"] for s in m["seats"]))
    await owner.send({"type": "start", "room": room})


def check_no_leak(seat: int | None, messages: list[dict[str, Any]]) -> None:
    """Nothing in ``messages`` (all one seat received) shows another seat's concealed tiles,
    the wall, the master seed before the game ended, or another seat's claim options."""
    end = next(i for i, m in enumerate(messages) if m["type"] == "game_end")
    seed = messages[end]["master_seed"]
    assert seed
    before = json.dumps(messages[:end])
    assert seed not in before and str(fairness.parse_master_seed(seed)) not in before

    def walk(value: Any, where: str) -> None:
        if isinstance(value, dict):
            for key in ("wall", "window", "asking", "dead_wall"):
                assert key not in value, f"{where}: {key}"
            kind = value.get("type")
            if kind == "Dealt":
                assert value["seat"] == seat, f"{where}: another seat's deal"
            if kind == "Drew" and value["seat"] != seat:
                assert value["tile"] is None, f"{where}: another seat's draw"
            for key, inner in value.items():
                walk(inner, f"{where}.{key}")
        elif isinstance(value, list):
            for i, inner in enumerate(value):
                walk(inner, f"{where}[{i}]")

    for i, m in enumerate(messages):
        walk(m, f"message {i} ({m['type']})")
        if m["type"] == "prompt":
            assert m["context"]["seat"] == seat  # only this seat's own options
        if m["type"] == "view":
            assert m["seat"] == m["view"]["seat"] == seat
            if seat is None:  # a spectator's view of each hand's start: no hand, no own state
                assert m["view"]["hand"] == [] and m["view"]["own"] == {}
            else:
                assert m["view"]["hand_sizes"][seat] == len(m["view"]["hand"])


async def test_four_clients_play_a_whole_game_and_nothing_leaks(live):
    clients = await players(live, 4)
    (watcher,) = await players(live, 1)
    room = await make_room(live, clients[0].token, FAST)
    await watcher.send({"type": "join", "room": room, "spectate": True})
    await seat_everyone(room, clients)
    starts = [await c.next("game_start") for c in clients]
    ends = await asyncio.gather(*(c.autoplay() for c in clients))
    watched = await watcher.next("game_end")
    assert watched["master_seed"] == ends[0]["master_seed"]
    assert next(m for m in watcher.log if m["type"] == "game_start")["seat"] is None
    assert not any(m["type"] == "prompt" for m in watcher.log)
    public = [m["event"]["type"] for m in watcher.log if m["type"] == "event"]
    assert "Discarded" in public and "Dealt" not in public
    check_no_leak(None, watcher.log)
    await watcher.close()
    game = starts[0]["game"]
    assert sorted(s["seat"] for s in starts) == [0, 1, 2, 3]
    assert {e["master_seed"] for e in ends} == {ends[0]["master_seed"]}
    seed = fairness.parse_master_seed(ends[0]["master_seed"])
    assert format(fairness.commitment(seed, starts[0]["salt"]), "064x") == starts[0]["commitment"]
    for client, start in zip(clients, starts, strict=True):
        check_no_leak(start["seat"], client.log)
    async with httpx.AsyncClient(base_url=f"http://{live}") as http:
        listed = (await http.get("/api/games")).json()["games"]
        assert game in [g["id"] for g in listed]
        record = (await http.get(f"/api/games/{game}/record")).json()
        assert record["header"]["master_seed"] == ends[0]["master_seed"]
        assert len(record["actions"]) > 40
    for c in clients:
        await c.close()


async def test_a_spectator_who_watches_again_gets_the_game_once(live):
    """A spectator who comes back (a reconnect; after a restart the room has forgotten it)
    joins to watch again: one fresh start and the public log, and none of the old channel's
    delayed messages a second time."""
    (human,) = await players(live, 1)
    (watcher,) = await players(live, 1)
    room = await make_room(live, human.token, {**FAST, "spectator_delay": 1})
    await watcher.send({"type": "join", "room": room, "spectate": True})
    await seat_everyone(room, [human], bots=3)
    start = await watcher.next("game_start")
    for _ in range(4):  # some play, so the spectator's channel holds delayed messages
        prompt = await human.next("prompt")
        await human.send(
            {"type": "reply", "seq": prompt["seq"], "action": simple_choice(prompt["actions"])}
        )
    await watcher.close()
    back = PlayClient(watcher.ws_url, watcher.token)
    await back.connect()
    await back.send({"type": "join", "room": room, "spectate": True})
    again = await back.next("game_start")
    assert again["game"] == start["game"] and again["seat"] is None
    await human.autoplay()
    end = await back.next("game_end", timeout=60)
    assert end["game"] == start["game"]
    assert sum(m["type"] == "game_start" for m in back.log) == 1
    # Every discard of the game reached the spectator once, after the one start.
    seen = [m["event"] for m in back.log if m["type"] == "event"]
    async with httpx.AsyncClient(base_url=f"http://{live}") as http:
        record = (await http.get(f"/api/games/{start['game']}/record")).json()
    discards = [e for e in record["actions"] if e[2]["type"] == "discard"]
    assert sum(e["type"] == "Discarded" for e in seen) == len(discards)
    check_no_leak(None, back.log)
    await back.close()
    await human.close()


async def _log_entries(app, game: int) -> list[Any]:
    from openmahjong.store import games as g

    async with app.state.om.db.session() as s:
        return await g.actions(s, game)


async def test_room_commands_refused_with_a_reason(live):
    owner, guest, third = await players(live, 3)
    room = await make_room(live, owner.token, FAST, password="open sesame")
    await guest.send({"type": "join", "room": room})
    assert (await guest.next("error"))["code"] == "wrong_password"
    await guest.send({"type": "join", "room": room, "password": "open sesame"})
    await guest.next("room")
    await guest.send({"type": "start", "room": room})
    assert (await guest.next("error"))["code"] == "forbidden"
    await guest.send({"type": "add_bot", "room": room})
    assert (await guest.next("error"))["code"] == "forbidden"
    await owner.send({"type": "join", "room": room, "password": "open sesame"})
    await owner.send({"type": "start", "room": room})
    assert (await owner.next("error"))["code"] == "seats_free"
    for _ in range(2):
        await owner.send({"type": "add_bot", "room": room})
    await owner.send({"type": "start", "room": room})
    assert (await owner.next("error"))["code"] == "not_ready"
    await third.send({"type": "join", "room": room, "password": "open sesame"})
    assert (await third.next("error"))["code"] == "room_full"
    await owner.send({"type": "kick", "room": room, "seat": 0})  # the guest joined first
    kicked = await guest.next(lambda m: m["type"] == "room" and m["seats"][0] is None)
    assert all(s is None or s["user_id"] != guest.user["id"] for s in kicked["seats"])
    await third.send({"type": "join", "room": 999999})
    assert (await third.next("error"))["code"] == "no_such_room"
    await third.send({"type": "ready", "room": room})
    assert (await third.next("error"))["code"] == "not_in_room"
    for c in (owner, guest, third):
        await c.close()


async def test_timeouts_auto_play_and_stale_and_illegal_replies_are_refused(app, live):
    clock = app.state.rooms.clock = FakeClock()  # the room times on a clock moved by hand
    (human,) = await players(live, 1)
    table = {**FAST, "move_seconds": 0.2, "bank_seconds": 0.1}
    room = await make_room(live, human.token, table)
    await seat_everyone(room, [human], bots=3)
    start = await human.next("game_start")
    first = await human.next("prompt")
    await clock.advance(0.31)  # past the move time and the bank, on the room's clock
    second = await human.next("prompt")  # the first ran out: the server played for us
    assert second["seq"] > first["seq"]
    await human.send({"type": "reply", "seq": first["seq"], "action": first["actions"][0]})
    stale = await human.next("error")
    assert stale["code"] == "stale" and stale["seq"] == first["seq"]
    entries = await _log_entries(app, start["game"])
    assert any(e.timeout and e.seat == start["seat"] for e in entries)
    # The second runs out too (its bank is spent: the move time alone).
    await clock.advance(0.21)
    # A prompt we answer in time (the room's clock stands still): an action it did not offer
    # is refused.
    third = await human.next("prompt")
    await human.send(
        {"type": "reply", "seq": third["seq"], "action": {"type": "discard", "tile": 999}}
    )
    refused = await human.next(lambda m: m["type"] in ("error", "prompt"))
    assert refused["type"] == "error" and refused["code"] == "illegal_action"
    await human.close()


async def test_one_player_and_three_bots_reconnect_mid_hand_and_finish(live):
    (human,) = await players(live, 1)
    room = await make_room(live, human.token, FAST)
    await seat_everyone(room, [human], bots=3)
    start = await human.next("game_start")
    for _ in range(3):
        prompt = await human.next("prompt")
        await human.send(
            {"type": "reply", "seq": prompt["seq"], "action": simple_choice(prompt["actions"])}
        )
    waiting = await human.next("prompt")
    await human.close()  # gone mid-hand with a decision open

    back = PlayClient(human.ws_url, human.token)
    await back.connect()
    state = await back.next("room")
    assert state["game"] == start["game"] and state["status"] == "playing"
    again = await back.next("game_start")
    assert again["seat"] == start["seat"] and again["commitment"] == start["commitment"]
    view = (await back.next("view"))["view"]
    assert view["seat"] == start["seat"] and len(view["hand"]) in (13, 14)
    assert view["events"], "the full view carries the hand's events"
    prompt = await back.next("prompt")
    assert prompt["seq"] == waiting["seq"] and prompt["actions"] == waiting["actions"]
    choice = simple_choice(prompt["actions"])
    await back.send({"type": "reply", "seq": prompt["seq"], "action": choice})
    assert (await back.next(lambda m: m["type"] in ("accepted", "error")))["type"] == "accepted"
    # Play the hand out (the next hand starts with a full view), then the game.
    fresh = await back.autoplay(until="view")
    assert fresh["game"] == start["game"] and len(fresh["view"]["hand"]) in (13, 14)
    end = await back.autoplay()
    assert end["game"] == start["game"]
    check_no_leak(start["seat"], back.log)
    await back.close()


async def test_a_failing_step_rebuilds_the_table_from_its_log_and_the_game_goes_on(
    app, live, caplog
):
    (human,) = await players(live, 1)
    room = await make_room(live, human.token, {**FAST, "move_seconds": 30, "bank_seconds": 0})
    await seat_everyone(room, [human], bots=3)
    start = await human.next("game_start")
    await human.next("view")
    broken = app.state.rooms.rooms[room].game.match

    def act_fails(seat, action):  # the next action, once: a bug in the core, say
        raise RuntimeError("injected failure")

    broken.act = act_fails
    rebuilt = await human.autoplay(until="view")  # the rebuilt table's full view
    assert rebuilt["game"] == start["game"] and rebuilt["seat"] == start["seat"]
    assert app.state.rooms.rooms[room].game.match is not broken
    end = await human.autoplay()
    assert end["game"] == start["game"] and not end["result"].get("aborted")
    assert "failed (1 in a row)" in caplog.text and "injected failure" in caplog.text
    async with httpx.AsyncClient(base_url=f"http://{live}") as http:
        record = (await http.get(f"/api/games/{start['game']}/record")).json()
    # The action whose apply raised was stored first: the replay took it, nothing is missing.
    entries = await _log_entries(app, start["game"])
    assert [e.seq for e in entries] == list(range(1, len(entries) + 1))
    assert len(record["actions"]) == len(entries) and record["header"]["master_seed"]
    await human.close()


async def test_a_table_that_keeps_failing_ends_as_aborted_with_its_record(app, live, monkeypatch):
    from openmahjong.server import room as room_module

    monkeypatch.setattr(room_module, "RETRY_SECONDS", 0.0)
    (human,) = await players(live, 1)
    room = await make_room(live, human.token, {**FAST, "move_seconds": 30, "bank_seconds": 0})
    await seat_everyone(room, [human], bots=3)
    start = await human.next("game_start")
    match = app.state.rooms.rooms[room].game.match

    def act_fails(self, seat, action):  # every match, the replayed ones too
        raise RuntimeError("injected failure")

    monkeypatch.setattr(type(match), "act", act_fails)
    end = await human.autoplay()
    assert end["game"] == start["game"]
    assert end["result"]["aborted"] is True and "injected failure" in end["result"]["reason"]
    seed = fairness.parse_master_seed(end["master_seed"])
    assert format(fairness.commitment(seed, start["salt"]), "064x") == start["commitment"]
    async with httpx.AsyncClient(base_url=f"http://{live}") as http:
        record = (await http.get(f"/api/games/{start['game']}/record")).json()
        assert record["header"]["master_seed"] == end["master_seed"]
        assert record["result"]["aborted"] is True
        assert len(record["actions"]) == len(await _log_entries(app, start["game"]))
    # The room is open again: the player may sit down for another game.
    await human.send({"type": "join", "room": room})
    state = await human.next(lambda m: m["type"] == "room" and m["status"] == "open")
    assert any(s and s["user_id"] == human.user["id"] for s in state["seats"])
    await human.close()


async def test_a_live_game_that_cannot_be_resumed_is_stored_as_aborted(app, live, monkeypatch):
    """At startup a live game that fails to replay must not stay "live" forever, holding its
    room: it is ended as aborted and the room opens again."""
    from openmahjong.server.directory import RoomManager
    from openmahjong.server.room import Room
    from openmahjong.store import games as g
    from openmahjong.store.models import Game
    from openmahjong.store.models import Room as RoomRow

    (human,) = await players(live, 1)
    room = await make_room(live, human.token, FAST)
    await seat_everyone(room, [human], bots=3)
    start = await human.next("game_start")
    await human.close()

    async def broken(self, data):
        raise RuntimeError("log does not replay")

    monkeypatch.setattr(Room, "resume", broken)
    restarted = RoomManager(app.state.om, app.state.rooms.hub)  # a new process's view
    assert await restarted.resume_live() == 0
    async with app.state.om.db.session() as s:
        game = await s.get(Game, start["game"])
        assert game.status == "aborted"
        assert game.record["result"]["reason"] == "could not be resumed"
        assert (await s.get(RoomRow, room)).status == "open"
        assert start["game"] not in [x.id for x in await g.live_games(s)]


# Seat 0 (the first dealer) discards 3s; seat 1 may chi it, seat 2 may pon it, seat 3 nothing.
RIGGED_HANDS = [
    "6m7m8m7p8p9s1z2z3z4z5z6z7z3s",
    "4s5s2m5m8m2p5p8p1z1z2z2z7s",
    "3s3s3m6m3p6p8s3z3z4z4z5z5z",
    "4m7m4p7p2s6s1m1p9m9p6z6z7z",
]
THREE_SOU = 33


@pytest.fixture
def rigged(monkeypatch):
    """Every room's first hand is dealt from RIGGED_HANDS (the seed still seats the players)."""
    from openmahjong.server.room import Room
    from openmahjong.table.rig import rigged_wall

    original = Room._new_match
    wall = rigged_wall(RIGGED_HANDS)

    def new_match(self, *args, **kwargs):
        match = original(self, *args, **kwargs)
        match._walls = lambda _n: wall
        match.table = match._deal()
        return match

    monkeypatch.setattr(Room, "_new_match", new_match)


async def _rigged_table(live: str, table: dict[str, Any]) -> dict[int, PlayClient]:
    clients = await players(live, 4)
    room = await make_room(live, clients[0].token, table)
    await seat_everyone(room, clients)
    by_seat = {}
    for c in clients:
        by_seat[(await c.next("game_start"))["seat"]] = c
    dealer = by_seat[0]
    prompt = await dealer.next("prompt")
    discard = {"type": "discard", "tile": THREE_SOU, "riichi": False}
    assert discard in prompt["actions"]
    await dealer.send({"type": "reply", "seq": prompt["seq"], "action": discard})
    return by_seat


def _of(actions: list[dict[str, Any]], kind: str) -> dict[str, Any]:
    return next(a for a in actions if a["type"] == kind)


async def test_tactical_call_pon_interrupts_a_chi(live, rigged):
    table = {**FAST, "tactical_calls": True}
    seats = await _rigged_table(live, table)
    chi_prompt = await seats[1].next("prompt")
    pon_prompt = await seats[2].next("prompt")
    assert {a["type"] for a in pon_prompt["actions"]} == {"pon", "pass"}
    await seats[2].send({"type": "reply", "seq": pon_prompt["seq"], "action": {"type": "pass"}})
    await seats[2].next("accepted")
    chi = _of(chi_prompt["actions"], "chi")
    await seats[1].send({"type": "reply", "seq": chi_prompt["seq"], "action": chi})
    # The chi stands as a claim: the seat that passed holds a pon and is asked again, alone,
    # on its own tactical clock.
    again = await seats[2].next("prompt")
    assert again["seq"] > pon_prompt["seq"] and again["context"]["tactical"] is True
    assert {a["type"] for a in again["actions"]} == {"pon", "pass"}
    await seats[2].send(
        {"type": "reply", "seq": again["seq"], "action": _of(again["actions"], "pon")}
    )
    for c in seats.values():
        called = await c.next(lambda m: m["type"] == "event" and m["event"]["type"] == "Called")
        assert called["event"]["seat"] == 2 and called["event"]["kind"] == "pon"
    for c in seats.values():
        await c.close()


async def test_call_protection_as_the_d_seat_sees_it(app, live, rigged):
    clock = app.state.rooms.clock = FakeClock()  # held messages wait for it to be moved
    table = {
        **FAST,
        "tactical_calls": False,
        "call_protection": True,
        "protection_delay": 3.0,
        "catch_up_first": 0.2,
        "catch_up_second": 0.2,
    }
    seats = await _rigged_table(live, table)
    d = seats[3]

    def discards_by(client: PlayClient, seat: int) -> list[int]:
        return [
            i
            for i, m in enumerate(client.log)
            if m["type"] == "event"
            and m["event"]["type"] == "Discarded"
            and m["event"]["seat"] == seat
        ]

    chi_prompt = await seats[1].next("prompt")
    pon_prompt = await seats[2].next("prompt")
    # B and C see the discard (with their prompts); D's copy waits the protection delay on
    # the room's clock, which has not moved.
    assert discards_by(seats[1], 0) and discards_by(seats[2], 0)
    assert discards_by(d, 0) == []
    await seats[2].send(
        {"type": "reply", "seq": pon_prompt["seq"], "action": _of(pon_prompt["actions"], "pon")}
    )
    # C acted: D sees the discard at once (C's pon is not shown while B still decides).
    shown = await d.next(lambda m: m["type"] == "event" and m["event"]["type"] == "Discarded")
    assert shown["event"]["seat"] == 0 and shown["event"]["tile"] == THREE_SOU
    await seats[1].send({"type": "reply", "seq": chi_prompt["seq"], "action": {"type": "pass"}})
    turn = await seats[2].next("prompt")
    await seats[2].send(
        {"type": "reply", "seq": turn["seq"], "action": simple_choice(turn["actions"])}
    )
    assert not any(m["type"] == "event" and m["event"]["type"] == "Called" for m in d.log)
    await clock.advance(0.5)  # past both catch-up delays: D sees the pon, then C's discard
    await d.next(
        lambda m: (
            m["type"] == "event" and m["event"]["type"] == "Discarded" and m["event"]["seat"] == 2
        )
    )
    kinds = [
        (m["event"]["type"], m["event"].get("seat"))
        for m in d.log
        if m["type"] == "event" and m["event"]["type"] in ("Discarded", "Called")
    ]
    assert kinds == [("Discarded", 0), ("Called", 2), ("Discarded", 2)]
    # Across sockets: D got the first discard only after the claimants had their prompts,
    # and the pon only after the claimant itself saw it.
    first = discards_by(d, 0)[0]
    assert d.arrived[first] > seats[2].arrived[seats[2].log.index(pon_prompt)]
    called_at = {
        seat: c.arrived[
            next(
                i
                for i, m in enumerate(c.log)
                if m["type"] == "event" and m["event"]["type"] == "Called"
            )
        ]
        for seat, c in seats.items()
    }
    assert called_at[3] > called_at[2]
    for c in seats.values():
        await c.close()
