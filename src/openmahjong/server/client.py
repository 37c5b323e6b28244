"""A small play-protocol client: what the load test and the server tests play through.

``PlayClient`` opens ``/ws``, says hello with a bearer token and keeps every message it
receives, in order, in ``log`` (the leak test reads it). ``autoplay`` answers each prompt with
:func:`simple_choice`, a rule-free chooser: win when offered, otherwise pass a claim, otherwise
discard the tile just drawn (the last discard offered); a choice prompt with no actions (an
exchange) with the choice's suggested tiles (:func:`prompt_answer`).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from openmahjong.server.protocol import PROTOCOL_VERSION

__all__ = ["PlayClient", "guest_token", "prompt_answer", "simple_choice"]

Message = dict[str, Any]


def simple_choice(actions: list[Message]) -> Message:
    for a in actions:
        if a["type"] in ("tsumo", "ron"):
            return a
    for a in actions:
        if a["type"] == "pass":
            return a
    plain = [a for a in actions if a["type"] == "discard" and not a.get("riichi")]
    if plain:
        return plain[-1]
    return actions[0]


def prompt_answer(
    prompt: Message, choose: Callable[[list[Message]], Message] = simple_choice
) -> Message:
    """The reply's action to a prompt: ``choose`` among its actions; a parametric choice that
    lists none (``actions: []``, ``choice`` set: Sichuan's and Asura's exchange) is answered with
    the choice's ``suggested`` tiles, what the server itself plays at a timeout."""
    actions = prompt.get("actions") or []
    choice = prompt.get("choice")
    if not actions and choice:
        return {"type": choice["type"], "tiles": list(choice.get("suggested") or [])}
    if not actions:
        raise ValueError(f"prompt {prompt.get('seq')} offers no action and no choice")
    return choose(actions)


async def guest_token(http: httpx.AsyncClient) -> tuple[int, str]:
    """A fresh guest player and its bearer token."""
    response = await http.post("/api/auth/guest", json={"session": "bearer"})
    response.raise_for_status()
    data = response.json()
    return data["user"]["id"], data["token"]


class PlayClient:
    def __init__(self, ws_url: str, token: str, *, batch: bool = True) -> None:
        self.ws_url = ws_url
        self.token = token
        #: Ask for batched frames (``hello.batch``: what waits for the socket comes as one
        #: JSON array); every message is taken one by one all the same.
        self.batch = batch
        self.ws: ClientConnection | None = None
        self.log: list[Message] = []
        self.inbox: asyncio.Queue[Message] = asyncio.Queue()
        self.user: Message | None = None
        self._reader: asyncio.Task[None] | None = None
        #: Per received message, the monotonic time it arrived (same index as ``log``).
        self.arrived: list[float] = []
        #: Keep every message in ``log`` (the load test turns this off).
        self.keep_log = True
        #: Raw messages this says yes to are dropped undecoded (the load test skips the events
        #: it does not time: client and server share the machine's cores).
        self.ignore: Callable[[str], bool] | None = None
        #: Set by :meth:`listen`: takes every message, with its arrival time, instead of ``inbox``.
        self._handler: Callable[[Message, float], None] | None = None
        #: Answer each ``hand_end`` with ``continue`` at once (a test of the hold turns it off).
        self.auto_continue = True
        self._continued: set[tuple[int, int]] = set()

    async def connect(self) -> Message:
        # No per-message compression: small JSON messages, and the CPU is better spent playing.
        self.ws = await connect(self.ws_url, max_size=2**22, compression=None)
        hello = {"type": "hello", "protocol": PROTOCOL_VERSION, "token": self.token}
        await self.ws.send(json.dumps({**hello, "batch": True} if self.batch else hello))
        welcome = json.loads(await self.ws.recv())
        if welcome.get("type") != "welcome":
            raise RuntimeError(f"refused: {welcome}")
        self.user = welcome["user"]
        self._reader = asyncio.get_running_loop().create_task(self._read())
        return welcome

    async def _read(self) -> None:
        assert self.ws is not None
        with contextlib.suppress(Exception):
            async for text in self.ws:
                now = time.monotonic()
                if self.ignore is not None and self.ignore(str(text)):
                    continue
                data = json.loads(text)
                for message in data if isinstance(data, list) else (data,):
                    self._take(message, now)

    def _take(self, message: Message, now: float) -> None:
        if self.auto_continue and message.get("type") == "hand_end":
            self._continue(message)
        if self.keep_log:
            self.log.append(message)
            self.arrived.append(now)
        if self._handler is not None:
            self._handler(message, now)
        else:
            self.inbox.put_nowait(message)

    def _continue(self, hand_end: Message) -> None:
        """Continue once per hand (an updated ``hand_end`` is not answered again)."""
        key = (hand_end["game"], hand_end["hand"])
        if key in self._continued or not hand_end["waiting"] or self.ws is None:
            return
        self._continued.add(key)
        message = {"type": "continue", "room": hand_end["room"], "game": hand_end["game"]}
        asyncio.get_running_loop().create_task(self.ws.send(json.dumps(message)))

    def listen(self, handler: Callable[[Message, float], None]) -> None:
        """From now on ``handler(message, arrived)`` takes every message as it arrives instead
        of ``inbox`` (what already waits there goes first): no queue, no task per message."""
        while not self.inbox.empty():
            handler(self.inbox.get_nowait(), time.monotonic())
        self._handler = handler

    async def send(self, message: Message) -> None:
        assert self.ws is not None
        await self.ws.send(json.dumps(message))

    async def next(self, want: str | Callable[[Message], bool], timeout: float = 20.0) -> Message:
        """The next message of type ``want`` (or matching it); earlier others are skipped."""
        match = (lambda m: m.get("type") == want) if isinstance(want, str) else want
        async with asyncio.timeout(timeout):
            while True:
                message = await self.inbox.get()
                if match(message):
                    return message

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader

    async def autoplay(
        self,
        choose: Callable[[list[Message]], Message] = simple_choice,
        *,
        until: str = "game_end",
        on_prompt: Callable[[Message], Any] | None = None,
    ) -> Message:
        """Answer every prompt until a message of type ``until`` arrives; return it."""
        while True:
            message = await self.next(lambda m: m["type"] in ("prompt", until), timeout=120)
            if message["type"] == until:
                return message
            if on_prompt is not None:
                on_prompt(message)
            answer = prompt_answer(message, choose)
            await self.send({"type": "reply", "seq": message["seq"], "action": answer})
