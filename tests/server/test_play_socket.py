"""The play WebSocket over a real socket: uvicorn in this event loop, the websockets client.

Prompts are pushed through the hub exactly as a room will push them.
"""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest
from server_helpers import PASSWORD, register
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from openmahjong.server.prompts import PromptLedger, PromptRejected
from openmahjong.server.protocol import PROTOCOL_VERSION

pytestmark = pytest.mark.asyncio

DISCARDS = [{"type": "discard", "tile": t, "riichi": False} for t in (11, 25, 41)]


async def _token(live: str, name: str) -> tuple[int, str]:
    async with httpx.AsyncClient(base_url=f"http://{live}") as c:
        user = (await register(c, name))["user"]
        login = await c.post(
            "/api/auth/login", json={"name": name, "password": PASSWORD, "session": "bearer"}
        )
        return user["id"], login.json()["token"]


async def _send(ws, message) -> dict:
    await ws.send(message if isinstance(message, str) else json.dumps(message))
    return json.loads(await ws.recv())


async def _hello(ws, token: str) -> dict:
    return await _send(ws, {"type": "hello", "protocol": PROTOCOL_VERSION, "token": token})


async def test_hello_welcome_ping(live):
    user_id, token = await _token(live, "sockuser")
    async with connect(f"ws://{live}/ws") as ws:
        welcome = await _hello(ws, token)
        assert welcome == {
            "type": "welcome",
            "protocol": PROTOCOL_VERSION,
            "server_version": welcome["server_version"],
            "user": {"id": user_id, "name": "sockuser", "is_guest": False},
        }
        assert await _send(ws, {"type": "ping", "id": 7}) == {"type": "pong", "id": 7}


async def test_cookie_sign_in_and_foreign_origin(live):
    async with httpx.AsyncClient(base_url=f"http://{live}") as c:
        await register(c, "cookieuser")
        cookie = f"om_session={c.cookies.get('om_session')}"
    hello = {"type": "hello", "protocol": PROTOCOL_VERSION}
    async with connect(f"ws://{live}/ws", additional_headers={"Cookie": cookie}) as ws:
        assert (await _send(ws, hello))["user"]["name"] == "cookieuser"
    headers = {"Cookie": cookie, "Origin": "http://evil.example"}
    async with connect(f"ws://{live}/ws", additional_headers=headers) as ws:
        refused = await _send(ws, hello)
        assert refused["code"] == "forbidden_origin"
        with pytest.raises(ConnectionClosed) as closed:
            await ws.recv()
        assert closed.value.rcvd.code == 4403


@pytest.mark.parametrize(
    ("first", "code", "close"),
    [
        ({"type": "hello", "protocol": 99, "token": "x"}, "protocol", 4400),
        ({"type": "ping"}, "protocol", 4400),
        ({"type": "hello", "protocol": PROTOCOL_VERSION}, "not_signed_in", 4401),
        ({"type": "hello", "protocol": PROTOCOL_VERSION, "token": "forged"}, "not_signed_in", 4401),
        ("{not json", "bad_json", 4400),
        ({"type": "shout"}, "unknown_type", 4400),
    ],
)
async def test_a_bad_start_is_refused_and_closed(live, first, code, close):
    async with connect(f"ws://{live}/ws") as ws:
        error = await _send(ws, first)
        assert error["type"] == "error" and error["code"] == code and error["message"]
        with pytest.raises(ConnectionClosed) as closed:
            await ws.recv()
        assert closed.value.rcvd.code == close


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ("[1, 2]", "bad_json"),
        ("{oops", "bad_json"),
        ({"type": "shout"}, "unknown_type"),
        ({"type": "reply", "seq": "one", "action": {}}, "invalid_message"),
        ({"type": "reply", "seq": 1}, "invalid_message"),
        ({"type": "ping", "extra": True}, "invalid_message"),
        ({"type": "hello", "protocol": PROTOCOL_VERSION}, "protocol"),
        ({"type": "reply", "seq": 1, "action": {"type": "pass"}}, "unknown_prompt"),
    ],
)
async def test_bad_messages_get_a_reason_and_the_connection_stays(live, message, code):
    _user_id, token = await _token(live, "badmsg")
    async with connect(f"ws://{live}/ws") as ws:
        await _hello(ws, token)
        error = await _send(ws, message)
        assert error["type"] == "error" and error["code"] == code and error["message"]
        assert (await _send(ws, {"type": "ping"}))["type"] == "pong"


async def test_prompts_are_numbered_and_answered_once(app, live):
    hub = app.state.hub
    user_id, token = await _token(live, "player1")
    async with connect(f"ws://{live}/ws") as ws:
        await _hello(ws, token)
        first = hub.prompt(user_id, DISCARDS, {"game": 1, "seat": 0})
        sent = json.loads(await ws.recv())
        assert sent == {
            "type": "prompt",
            "seq": 1,
            "actions": DISCARDS,
            "context": {"game": 1, "seat": 0},
        }
        illegal = {
            "type": "reply",
            "seq": 1,
            "action": {"type": "discard", "tile": 12, "riichi": False},
        }
        assert (await _send(ws, illegal))["code"] == "illegal_action"
        assert not first.answer.done()
        accepted = await _send(ws, {"type": "reply", "seq": 1, "action": DISCARDS[1]})
        assert accepted == {"type": "accepted", "seq": 1}
        assert await first.answer == DISCARDS[1]
        duplicate = await _send(ws, {"type": "reply", "seq": 1, "action": DISCARDS[1]})
        assert (duplicate["code"], duplicate["seq"]) == ("duplicate", 1)

        second = hub.prompt(user_id, DISCARDS)
        assert json.loads(await ws.recv())["seq"] == 2
        third = hub.prompt(user_id, [{"type": "pass"}])  # the room moved on
        assert json.loads(await ws.recv())["seq"] == 3
        assert second.answer.cancelled()
        stale = await _send(ws, {"type": "reply", "seq": 2, "action": DISCARDS[0]})
        assert stale["code"] == "stale" and "open prompt is 3" in stale["message"]
        assert (await _send(ws, {"type": "reply", "seq": 3, "action": {"type": "pass"}}))[
            "type"
        ] == "accepted"
        assert await third.answer == {"type": "pass"}


async def test_reconnecting_gets_the_open_prompt_again(app, live):
    hub = app.state.hub
    user_id, token = await _token(live, "flaky")
    async with connect(f"ws://{live}/ws") as ws:
        await _hello(ws, token)
        pending = hub.prompt(user_id, DISCARDS)
        await ws.recv()
    async with connect(f"ws://{live}/ws") as ws:
        await _hello(ws, token)
        again = json.loads(await ws.recv())
        assert again["type"] == "prompt" and again["seq"] == pending.seq
        assert (await _send(ws, {"type": "reply", "seq": pending.seq, "action": DISCARDS[2]}))[
            "type"
        ] == "accepted"
    assert await pending.answer == DISCARDS[2]


async def test_ledger_rules_without_a_socket():
    ledger = PromptLedger()
    with pytest.raises(ValueError):
        ledger.issue([])
    p1 = ledger.issue(DISCARDS)
    ledger.close()
    with pytest.raises(PromptRejected, match="no prompt is open") as stale:
        ledger.answer(p1.seq, DISCARDS[0])
    assert stale.value.code == "stale"
    p2 = ledger.issue(DISCARDS)
    assert p2.seq == 2 and ledger.answer(2, DISCARDS[0]) is p2
    for seq, code in ((2, "duplicate"), (1, "stale"), (5, "unknown_prompt")):
        with pytest.raises(PromptRejected) as rejected:
            ledger.answer(seq, DISCARDS[0])
        assert rejected.value.code == code


class StuckSocket:
    """A connection whose network never takes a frame."""

    def __init__(self) -> None:
        self.closed_with: int | None = None

    async def send_text(self, _text: str) -> None:
        await asyncio.Event().wait()

    async def close(self, code: int, reason: str = "") -> None:
        self.closed_with = code


async def test_a_client_too_far_behind_is_cut_off_without_blocking_senders():
    from openmahjong.server.play import CLOSE_CODES, OUTBOX_LIMIT, Client, Hub
    from openmahjong.server.protocol import Pong

    socket_ = StuckSocket()
    client = Client(socket_, user_id=1)  # type: ignore[arg-type]
    client.start()
    hub = Hub()
    hub._add(client)
    # Posting never waits; the writer has not taken anything yet, so the outbox fills up.
    taken = [hub.send(1, Pong(id=i)) for i in range(OUTBOX_LIMIT + 2)]
    assert taken == [1] * OUTBOX_LIMIT + [0, 0]
    await asyncio.sleep(0)  # let the scheduled close run
    assert socket_.closed_with == CLOSE_CODES["too_slow"]
    assert hub.send(1, Pong(id="late")) == 0
    await client.stop()


async def test_silence_binary_and_oversized_messages(live, monkeypatch):
    from openmahjong.server import play

    monkeypatch.setattr(play, "HELLO_SECONDS", 0.2)
    async with connect(f"ws://{live}/ws") as ws:  # says nothing at all
        error = json.loads(await ws.recv())
        assert error["code"] == "timeout"
        with pytest.raises(ConnectionClosed) as closed:
            await ws.recv()
        assert closed.value.rcvd.code == 4408

    _user_id, token = await _token(live, "noisy")
    async with connect(f"ws://{live}/ws") as ws:
        await _hello(ws, token)
        await ws.send(b"\x00\x01")
        assert json.loads(await ws.recv())["code"] == "bad_json"
        huge = json.dumps({"type": "ping", "id": "x" * (play.MAX_MESSAGE_BYTES + 1)})
        assert (await _send(ws, huge))["code"] == "too_large"
        assert (await _send(ws, {"type": "ping", "id": 1}))["type"] == "pong"
