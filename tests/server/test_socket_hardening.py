"""What an outside probe of the play socket found (issue 15), each reproduced here first.

* One account's sockets that each join a live game as spectators: every join replayed the
  public log to *every* socket of the account (quadratic). Now the catch-up goes to the joining
  socket only, and so does a reconnecting player's.
* Sockets per account and per client address are capped (``too_many_connections``, 4409).
* A connection that never reads is cut off with bounded queues behind it, spectator or player.
* After ``welcome`` an error never closes the connection (a room id of 10^30 used to drop it).
* Spectators get the ``HandStarted`` of every hand, not only of the one they joined in.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import pytest_asyncio
from server_helpers import make_settings, running, serving_app
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from openmahjong.server.client import PlayClient, guest_token
from openmahjong.server.protocol import PROTOCOL_VERSION

pytestmark = pytest.mark.asyncio

#: The human never answers in time for the test to notice: the game waits on its prompt.
PAUSED = {"move_seconds": 300, "bank_seconds": 0, "call_protection": False, "spectator_delay": 0}


@pytest_asyncio.fixture
async def served(tmp_path: Path, request) -> AsyncIterator[tuple[Any, str]]:
    """An app with the settings of ``@pytest.mark.parametrize('served', [{...}], indirect=True)``
    served by uvicorn in this event loop: ``(app, address)``."""
    overrides = getattr(request, "param", {})
    settings = make_settings(tmp_path, guest_limit=0, **overrides)
    async with running(settings) as app, serving_app(app) as address:
        yield app, address


async def _guest(live: str) -> str:
    async with httpx.AsyncClient(base_url=f"http://{live}") as http:
        _uid, token = await guest_token(http)
        return token


async def _sockets(live: str, token: str, n: int) -> list[PlayClient]:
    out = []
    for _ in range(n):
        client = PlayClient(f"ws://{live}/ws", token)
        await client.connect()
        out.append(client)
    return out


async def _room(live: str, token: str, table: dict[str, Any], preset="majsoul-tonpuu") -> int:
    async with httpx.AsyncClient(base_url=f"http://{live}") as http:
        body = {"name": "t", "ruleset": "riichi", "preset": preset, "table": table}
        r = await http.post("/api/rooms", json=body, headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 201, r.text
        return r.json()["id"]


async def _start_with_bots(owner: PlayClient, room: int, bots: int, *, seated: bool) -> None:
    if seated:
        await owner.send({"type": "join", "room": room})
        await owner.send({"type": "ready", "room": room})
    for _ in range(bots):
        await owner.send({"type": "add_bot", "room": room})
    if seated:  # every command is answered by a room state: wait for the full, ready room
        await owner.next(
            lambda m: m["type"] == "room" and all(s and s["ready"] for s in m["seats"])
        )
    # Not seated, the owner hears nothing of its add_bots; a socket's commands run in order,
    # so the start comes after them either way.
    await owner.send({"type": "start", "room": room})


async def _settle(client: PlayClient) -> list[dict[str, Any]]:
    """Everything ``client`` received up to now: a ping's pong comes after whatever the server
    queued for this socket before it read the ping."""
    await client.send({"type": "ping", "id": "settle"})
    await client.next(lambda m: m["type"] == "pong" and m["id"] == "settle")
    return [m for m in client.log if m["type"] != "pong"]


async def _paused_game(live: str) -> tuple[PlayClient, int]:
    """One human and three bots; the game waits on the human's prompt."""
    (human,) = await _sockets(live, await _guest(live), 1)
    room = await _room(live, human.token, PAUSED)
    await _start_with_bots(human, room, 3, seated=True)
    await human.next("prompt")
    return human, room


# ------------------------------------------------------------------ item 2: one replay per join
async def test_spectator_sockets_of_one_account_each_get_one_replay(served):
    """Before: the k-th join replayed the public log to all k sockets (N=6: 21 replays)."""
    _app, live = served
    human, room = await _paused_game(live)
    n = 6
    watchers = await _sockets(live, await _guest(live), n)
    for w in watchers:
        await w.send({"type": "join", "room": room, "spectate": True})
        await w.next("game_start")
    received = [await _settle(w) for w in watchers]
    starts = [sum(m["type"] == "game_start" for m in got) for got in received]
    assert starts == [1] * n
    # Each socket got exactly one catch-up: its room state, the start and the public log (the
    # hand's public view, then its events).
    first = received[0]
    events = [m for m in first if m["type"] == "event"]
    (view,) = [m for m in first if m["type"] == "view"]
    assert view["seat"] is None and view["view"]["events"][0]["type"] == "HandStarted"
    assert [len(got) for got in received] == [len(first)] * n
    assert len(first) == 3 + len(events)
    # The seated player heard the count of watching accounts, not of their sockets.
    state = await _settle(human)
    assert [m for m in state if m["type"] == "room"][-1]["spectators"] == 1
    for c in (*watchers, human):
        await c.close()


async def test_a_second_socket_that_did_not_join_sees_nothing_of_the_game(served):
    _app, live = served
    human, room = await _paused_game(live)
    joined, idle = await _sockets(live, await _guest(live), 2)
    await joined.send({"type": "join", "room": room, "spectate": True})
    await joined.next("game_start")
    assert await _settle(idle) == []
    # Leaving stops this socket's stream; the game goes on for the player.
    await joined.send({"type": "leave", "room": room})
    await joined.next(lambda m: m["type"] == "room")
    await joined.send({"type": "leave", "room": room})  # no longer watching from here
    assert (await joined.next("error"))["code"] == "not_in_room"
    for c in (joined, idle, human):
        await c.close()


async def test_a_player_reconnecting_on_many_sockets_gets_one_catch_up_on_each(served):
    """Before: every new socket of a seated player re-sent room, game_start and view to all the
    player's sockets."""
    _app, live = served
    human, _room_id = await _paused_game(live)
    more = await _sockets(live, human.token, 5)
    received = [await _settle(c) for c in more]
    for got in received:
        kinds = [m["type"] for m in got]
        assert kinds.count("game_start") == 1 and kinds.count("view") == 1, kinds
        assert kinds.count("room") == 1 and kinds.count("prompt") == 1, kinds
    for c in (*more, human):
        await c.close()


# ------------------------------------------------------------------ item 5: caps
async def _raw_refusal(live: str, hello: dict[str, Any] | None) -> tuple[dict[str, Any], int]:
    async with connect(f"ws://{live}/ws") as ws, asyncio.timeout(20):
        if hello is not None:
            await ws.send(json.dumps(hello))
        error = json.loads(await ws.recv())
        with pytest.raises(ConnectionClosed) as closed:
            await ws.recv()
        assert closed.value.rcvd is not None
        return error, closed.value.rcvd.code


@pytest.mark.parametrize("served", [{"max_sockets_per_user": 3}], indirect=True)
async def test_sockets_per_account_are_capped(served):
    """Before: 3,000 sockets on one guest token were all accepted."""
    _app, live = served
    token = await _guest(live)
    open_ = await _sockets(live, token, 3)
    hello = {"type": "hello", "protocol": PROTOCOL_VERSION, "token": token}
    error, code = await _raw_refusal(live, hello)
    assert error["type"] == "error" and error["code"] == "too_many_connections"
    assert code == 4409
    # Another account is not held back, and a closed socket frees its place.
    (other,) = await _sockets(live, await _guest(live), 1)
    await open_[0].close()
    for _ in range(100):  # the server sees the close when its handler ends
        try:
            (again,) = await _sockets(live, token, 1)
            break
        except RuntimeError:
            await asyncio.sleep(0.05)
    else:
        raise AssertionError("a closed socket's place was never freed")
    for c in (*open_[1:], other, again):
        await c.close()


@pytest.mark.parametrize("served", [{"max_sockets_per_address": 4}], indirect=True)
async def test_sockets_per_address_are_capped_before_hello(served):
    app, live = served
    held = [await connect(f"ws://{live}/ws") for _ in range(4)]  # none says hello yet
    try:
        error, code = await _raw_refusal(live, None)  # refused at once, no hello needed
        assert error["code"] == "too_many_connections" and code == 4409
    finally:
        for ws in held:
            await ws.close()
    for _ in range(100):
        if not app.state.hub.addresses:
            break
        await asyncio.sleep(0.05)
    assert app.state.hub.addresses == {}  # nothing kept per address once its sockets closed


@pytest.mark.parametrize("served", [{"max_sockets_per_user": 0}], indirect=True)
async def test_zero_means_no_cap(served):
    _app, live = served
    token = await _guest(live)
    many = await _sockets(live, token, 12)
    for c in many:
        await c.close()


# ------------------------------------------------------------------ item 5: slow consumers
class StuckSocket:
    """A connection whose network never takes a frame."""

    def __init__(self) -> None:
        self.closed_with: int | None = None

    async def send_text(self, _text: str) -> None:
        await asyncio.Event().wait()

    async def close(self, code: int, reason: str = "") -> None:
        self.closed_with = code


@pytest.mark.parametrize("delay", [0, 0.3])
async def test_a_spectator_that_never_reads_is_cut_off_with_bounded_queues(
    served, monkeypatch, delay
):
    """A bots-only game watched from a socket that takes nothing: its outbox stops at the
    limit, it is closed as too slow, and the room drops its channel, delayed messages and all
    (``delay``: the spectator delay, so they wait in the room's channel first)."""
    from openmahjong.server import play
    from openmahjong.server.protocol import Join
    from openmahjong.store.models import User

    monkeypatch.setattr(play, "OUTBOX_LIMIT", 40)
    app, live = served
    (owner,) = await _sockets(live, await _guest(live), 1)
    room_id = await _room(live, owner.token, {**PAUSED, "spectator_delay": delay})
    stuck = StuckSocket()
    client = play.Client(stuck, owner.user["id"])  # type: ignore[arg-type]
    client.start()
    async with app.state.om.db.session() as s:
        user = await s.get(User, owner.user["id"])
    watch = Join(type="join", room=room_id, spectate=True)
    await app.state.rooms.command(user, watch, client)
    room = app.state.rooms.rooms[room_id]
    channel = room.spectators[client]
    await _start_with_bots(owner, room_id, 4, seated=False)
    for _ in range(500):
        if stuck.closed_with is not None:
            break
        await asyncio.sleep(0.02)
    assert client.cut_off and stuck.closed_with == play.CLOSE_CODES["too_slow"]
    assert client.outbox.qsize() == play.OUTBOX_LIMIT
    # The room forgot the connection: nothing is queued or kept for it any more.
    assert client not in room.spectators and channel.pending == 0
    assert not any(client in r.spectators for r in app.state.rooms.rooms.values())
    await client.stop()
    await owner.close()


async def test_a_late_spectator_catches_up_from_the_current_hand(served):
    """Joining a long game replays the hand being played (from its public view), not the
    whole game: the catch-up stays far below the outbox limit however long the game ran."""
    _app, live = served
    (human,) = await _sockets(live, await _guest(live), 1)
    room = await _room(live, human.token, PAUSED, preset="majsoul-hanchan")
    await _start_with_bots(human, room, 3, seated=True)
    await human.next("view")  # the first hand's
    for _ in range(2):  # play two hands; the third waits on our prompt
        view = await human.autoplay(until="view")
    current = view["view"]["events"][0]
    assert current["type"] == "HandStarted"
    (watcher,) = await _sockets(live, await _guest(live), 1)
    await watcher.send({"type": "join", "room": room, "spectate": True})
    await watcher.next("game_start")
    caught_up = await _settle(watcher)
    (view,) = [m for m in caught_up if m["type"] == "view"]
    assert view["view"]["events"][0] == current  # the hand being played, no earlier one
    events = [m["event"] for m in caught_up if m["type"] == "event"]
    assert not any(e["type"] == "HandStarted" for e in events)
    await watcher.close()
    await human.close()


# ------------------------------------------------------------------ item 8: errors keep the socket
async def test_an_out_of_range_room_is_an_error_and_the_socket_stays(served):
    """Before: ``join`` with room 10^30 raised OverflowError in SQLite and dropped the socket
    without a close frame."""
    _app, live = served
    (c,) = await _sockets(live, await _guest(live), 1)
    for room in (10**30, 2**63, 2**63 - 1):
        await c.send({"type": "join", "room": room, "spectate": True})
        error = await c.next("error")
        assert error["code"] in ("no_such_room", "invalid_message"), error
    await c.send({"type": "ping", "id": 1})
    assert (await c.next("pong"))["id"] == 1
    await c.close()


async def test_the_room_lookup_refuses_ids_out_of_range(served):
    from openmahjong.server.room import RoomError

    app, _live = served
    for room in (10**30, 2**63, 0, -1):
        with pytest.raises(RoomError) as refused:
            await app.state.rooms.get(room)
        assert refused.value.code == "no_such_room"


async def test_an_unexpected_failure_of_a_command_is_an_error_not_a_drop(served, monkeypatch):
    app, live = served

    async def broken(*args, **kwargs):
        raise OverflowError("Python int too large to convert to SQLite INTEGER")

    monkeypatch.setattr(app.state.rooms, "command", broken)
    (c,) = await _sockets(live, await _guest(live), 1)
    await c.send({"type": "join", "room": 5})
    error = await c.next("error")
    assert error["code"] == "internal" and "SQLite" not in error["message"]
    await c.send({"type": "ping", "id": 2})
    assert (await c.next("pong"))["id"] == 2
    await c.close()


# ------------------------------------------------------------------ item 10: every hand's start
async def test_a_spectator_sees_the_start_of_every_hand(served):
    """Before: only the hand the spectator joined in had its ``HandStarted`` (dealer, honba,
    dora indicator); later hands began without one. Each hand now starts with a public view
    whose events begin with it."""
    _app, live = served
    (owner,) = await _sockets(live, await _guest(live), 1)
    (watcher,) = await _sockets(live, await _guest(live), 1)
    room = await _room(live, owner.token, PAUSED)
    await watcher.send({"type": "join", "room": room, "spectate": True})
    await watcher.next("room")
    await _start_with_bots(owner, room, 4, seated=False)
    start = await watcher.next("game_start")
    await watcher.next("game_end", timeout=120)
    async with httpx.AsyncClient(base_url=f"http://{live}") as http:
        record = (await http.get(f"/api/games/{start['game']}/record")).json()
    hands = record["hands"]
    assert len(hands) > 1
    seen = [m["view"]["events"][0] for m in watcher.log if m["type"] == "view"]
    assert all(e["type"] == "HandStarted" for e in seen)
    assert [(e["dealer"], e["honba"]) for e in seen] == [(h["dealer"], h["honba"]) for h in hands]
    assert all(e["dora_indicators"] for e in seen)
    await watcher.close()
    await owner.close()
