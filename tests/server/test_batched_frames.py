"""Batched frames (``hello.batch``): what waits for a socket at once goes in one frame, a JSON
array of the messages in their order; the welcome always comes alone, and a client that did not
ask gets one message a frame as before."""

from __future__ import annotations

import asyncio
import json

import pytest
from test_play_socket import _token
from websockets.asyncio.client import connect

from openmahjong.server.protocol import PROTOCOL_VERSION, Pong

pytestmark = pytest.mark.asyncio


async def _hello(ws, token: str, **extra) -> dict:
    await ws.send(
        json.dumps({"type": "hello", "protocol": PROTOCOL_VERSION, "token": token, **extra})
    )
    return json.loads(await ws.recv())


async def test_what_waits_goes_in_one_frame_in_order(app, live):
    hub = app.state.hub
    user_id, token = await _token(live, "batcher")
    async with connect(f"ws://{live}/ws") as ws:
        welcome = await _hello(ws, token, batch=True)
        assert welcome["type"] == "welcome"  # alone, not in an array
        for i in range(5):  # queued in one turn of the loop: the writer finds them all waiting
            hub.send(user_id, Pong(id=i))
        frame = json.loads(await ws.recv())
        assert frame == [{"type": "pong", "id": i} for i in range(5)]
        hub.send(user_id, Pong(id="alone"))  # one message waiting: a plain object
        assert json.loads(await ws.recv()) == {"type": "pong", "id": "alone"}


async def test_a_client_that_did_not_ask_gets_one_message_a_frame(app, live):
    hub = app.state.hub
    user_id, token = await _token(live, "plainone")
    async with connect(f"ws://{live}/ws") as ws:
        await _hello(ws, token)
        for i in range(3):
            hub.send(user_id, Pong(id=i))
        frames = [json.loads(await ws.recv()) for _ in range(3)]
        assert frames == [{"type": "pong", "id": i} for i in range(3)]
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(ws.recv(), 0.3)


async def test_the_welcome_comes_alone_before_the_catch_up(app, live):
    hub = app.state.hub
    user_id, token = await _token(live, "rejoiner")
    async with connect(f"ws://{live}/ws") as ws:
        await _hello(ws, token)
        pending = hub.prompt(user_id, [{"type": "pass"}])
        await ws.recv()
    async with connect(f"ws://{live}/ws") as ws:
        assert (await _hello(ws, token, batch=True))["type"] == "welcome"
        again = json.loads(await ws.recv())
        again = again if isinstance(again, list) else [again]
        assert [m["type"] for m in again] == ["prompt"] and again[0]["seq"] == pending.seq
