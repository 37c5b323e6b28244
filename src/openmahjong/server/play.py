"""The play WebSocket (``/ws``) and the hub that rooms use to prompt players.

This is the transport skeleton: hello/welcome with the protocol version, authentication by the
session cookie or a bearer token, ping, and prompts with sequence numbers whose replies are
checked by a ``PromptLedger``. Rooms (an asyncio task per table, coming with the engines) call
``Hub.prompt`` and await the answer; everything about timing and rules lives there.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import BaseModel, ValidationError

import openmahjong
from openmahjong.server.deps import client_address, session_for_token
from openmahjong.server.prompts import PendingPrompt, PromptLedger, PromptRejected
from openmahjong.server.protocol import (
    CLIENT_TYPES,
    PROTOCOL_VERSION,
    Accepted,
    Error,
    Hello,
    Ping,
    Pong,
    Prompt,
    QueueCommand,
    RoomCommand,
    UserInfo,
    Welcome,
    client_message,
)
from openmahjong.server.quiz_protocol import QUIZ_TYPES, QuizCommand, quiz_message
from openmahjong.server.state import ServerState
from openmahjong.store.models import User

__all__ = ["CLOSE_CODES", "Hub", "encode", "router"]

log = logging.getLogger("openmahjong.server.play")

router = APIRouter()

#: Application close codes (4000-4999 are ours by the WebSocket spec).
CLOSE_CODES = {
    "protocol": 4400,
    "not_signed_in": 4401,
    "forbidden_origin": 4403,
    "timeout": 4408,
    "too_many_connections": 4409,
    "too_slow": 4429,
    # The server failed before the welcome (the database away, say): the standard code.
    "internal": 1011,
}
HELLO_SECONDS = 10.0
MAX_MESSAGE_BYTES = 64 * 1024


def encode(message: BaseModel) -> str:
    """A server message as the JSON text that goes on the wire."""
    return message.model_dump_json()


class _Refused(Exception):
    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params


#: Messages waiting for one slow connection before it is cut off (it may reconnect).
OUTBOX_LIMIT = 1000
#: A frame of a batching client holds what waits, up to about this many characters.
BATCH_CHARS = 256 * 1024


@dataclass(eq=False)
class Client:
    """One open connection. Senders queue messages and never wait for the network: a room
    broadcasting to four seats must not be held up by one slow phone."""

    websocket: WebSocket
    user_id: int
    outbox: asyncio.Queue[str] = field(default_factory=lambda: asyncio.Queue(OUTBOX_LIMIT))
    writer: asyncio.Task[None] | None = None
    cut_off: bool = False
    #: The client said ``batch`` in its hello: several waiting messages go in one frame.
    batch: bool = False

    def post(self, message: BaseModel | str) -> bool:
        """Queue ``message`` (a model, or its JSON already encoded); ``False`` (and the
        connection is closed) if it is too far behind."""
        if self.cut_off or (self.writer is not None and self.writer.done()):
            return False
        try:
            self.outbox.put_nowait(message if isinstance(message, str) else encode(message))
        except asyncio.QueueFull:
            self.cut_off = True
            log.warning("user %s: %d messages unsent, closing", self.user_id, OUTBOX_LIMIT)
            if self.writer is not None:
                self.writer.cancel()
            asyncio.get_running_loop().create_task(self._close(CLOSE_CODES["too_slow"]))
            return False
        return True

    def start(self) -> None:
        self.writer = asyncio.get_running_loop().create_task(self._pump())

    async def stop(self) -> None:
        if self.writer is not None:
            self.writer.cancel()
            # The writer ends cancelled, or failed on a dead socket: neither is our error.
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.writer

    async def _pump(self) -> None:
        # The first message (the welcome, or a refusal) goes alone, whatever the client reads.
        await self.websocket.send_text(await self.outbox.get())
        while True:
            text = await self.outbox.get()
            if self.batch and not self.outbox.empty():
                text = self._joined(text)
            await self.websocket.send_text(text)

    def _joined(self, first: str) -> str:
        """``first`` and what waits behind it, as one JSON array: a frame and a write per
        turn of the room rather than per message (a discard is about nine messages to a
        table's sockets). Only what already waits is taken, so nothing is held back."""
        texts, size = [first], len(first)
        while size < BATCH_CHARS and not self.outbox.empty():
            text = self.outbox.get_nowait()
            texts.append(text)
            size += len(text)
        return "[" + ",".join(texts) + "]"

    async def _close(self, code: int) -> None:
        with contextlib.suppress(RuntimeError, WebSocketDisconnect):
            await self.websocket.close(code=code, reason="too slow")


class Hub:
    """Who is connected, and each player's prompts.

    A player's ledger outlives their connections, so a reconnecting player is sent the prompt
    still open and sequence numbers never restart mid-game. It is forgotten once nothing can
    use it (:meth:`release`). Sending only queues: nothing here waits for a socket.
    """

    def __init__(self) -> None:
        self.clients: dict[int, set[Client]] = {}
        self.ledgers: dict[int, PromptLedger] = {}
        #: Whether a player sits in a room (the room manager sets this): the room may prompt
        #: them at any time, connected or not.
        self.seated: Callable[[int], bool] = lambda _user_id: False
        #: The highest prompt number a forgotten ledger had used.
        self._released_seq = 0
        #: Open play sockets per client address, signed in or not yet (the per-address cap).
        self.addresses: dict[str, int] = {}
        #: Several server processes (``server/cluster.py``): what goes to a player's sockets
        #: on other processes. ``None``: one process holds every socket.
        self.relay: Any = None

    def ledger(self, user_id: int) -> PromptLedger:
        ledger = self.ledgers.get(user_id)
        if ledger is None:
            # Numbered above every forgotten ledger, so the player's numbers still only rise
            # and a late reply can never name a prompt of a new series.
            ledger = self.ledgers[user_id] = PromptLedger(self._released_seq + 1)
        return ledger

    def release(self, user_id: int) -> None:
        """Forget the player's ledger when nothing can use it: no connection, no seat, no
        prompt open. Kept, every player who ever connected held one until a restart."""
        ledger = self.ledgers.get(user_id)
        if ledger is None or ledger.open is not None:
            return
        if self.connected(user_id) or self.seated(user_id):
            return
        self._released_seq = max(self._released_seq, ledger.last_seq)
        del self.ledgers[user_id]

    def connected(self, user_id: int) -> bool:
        return bool(self.clients.get(user_id))

    def open_address(self, address: str, cap: int) -> bool:
        """Count one more socket from ``address``; ``False`` (nothing counted) when it already
        holds ``cap`` (0: no cap)."""
        held = self.addresses.get(address, 0)
        if cap and held >= cap:
            return False
        self.addresses[address] = held + 1
        return True

    def close_address(self, address: str) -> None:
        held = self.addresses.get(address, 0) - 1
        if held > 0:
            self.addresses[address] = held
        else:
            self.addresses.pop(address, None)

    def send(self, user_id: int, message: BaseModel | str, *, prompt: bool = False) -> int:
        """Queue ``message`` to every connection of the player (here, and through the relay
        on other processes); returns how many here took it. A message sent to many is best
        encoded once (:func:`encode`) and passed as text."""
        if self.relay is not None and user_id in self.relay.remote:
            prompt = prompt or isinstance(message, Prompt)  # the reply is to come back here
            message = message if isinstance(message, str) else encode(message)
            self.relay.to_user(user_id, message, prompt=prompt)
        return self.send_here(user_id, message)

    def send_here(self, user_id: int, message: BaseModel | str) -> int:
        """``send`` to this process' connections of the player only."""
        clients = self.clients.get(user_id)
        if not clients:
            return 0
        if len(clients) > 1 and not isinstance(message, str):
            message = encode(message)
        return sum(client.post(message) for client in list(clients))

    def prompt(
        self, user_id: int, actions: list[dict[str, Any]], context: dict[str, Any] | None = None
    ) -> PendingPrompt:
        """Offer ``actions``; ``await prompt.answer`` gives the chosen one (cancelled if a newer
        prompt or ``ledger.close()`` supersedes it). A player who is not connected gets the
        prompt when they connect."""
        pending = self.ledger(user_id).issue(actions, context)
        self.send(user_id, _prompt_message(pending), prompt=True)
        return pending

    def _add(self, client: Client) -> None:
        self.clients.setdefault(client.user_id, set()).add(client)

    def _drop(self, client: Client) -> None:
        group = self.clients.get(client.user_id)
        if group is not None:
            group.discard(client)
            if not group:
                del self.clients[client.user_id]
                self.release(client.user_id)


def _prompt_message(pending: PendingPrompt) -> Prompt:
    return Prompt(
        seq=pending.seq, actions=pending.actions, context=pending.context, choice=pending.choice
    )


async def _receive(websocket: WebSocket) -> Any:
    """The next message, decoded; raises ``_Refused`` for anything that is not a JSON object."""
    frame = await websocket.receive()
    if frame["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(frame.get("code", 1000))
    text = frame.get("text")
    if text is None:
        raise _Refused("bad_json", "messages are JSON text frames, not binary")
    if len(text.encode()) > MAX_MESSAGE_BYTES:
        raise _Refused(
            "too_large", f"a message has at most {MAX_MESSAGE_BYTES} bytes", max=MAX_MESSAGE_BYTES
        )
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _Refused("bad_json", f"not valid JSON: {exc.msg} at {exc.pos}") from None
    except (ValueError, RecursionError):  # a number of 4 300+ digits; nesting past the stack
        raise _Refused("bad_json", "not valid JSON: a number too long or nested too deep") from None
    if not isinstance(data, dict):
        raise _Refused("bad_json", "a message is a JSON object with a 'type'")
    return data


def _parse(data: dict[str, Any]) -> Any:
    kind = data.get("type")
    if kind not in CLIENT_TYPES and kind not in QUIZ_TYPES:
        expected = list(CLIENT_TYPES) + list(QUIZ_TYPES)
        raise _Refused(
            "unknown_type",
            f"unknown message type {kind!r}: expected one of {expected}",
            type=str(kind)[:32],
            expected=expected,
        )
    try:
        # the fan quiz's messages (server/quiz_protocol.py) share the socket with the tables'
        return quiz_message(data) if kind in QUIZ_TYPES else client_message(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        # A dict key is part of the location: cut each part short, never echo a long key.
        where = ".".join(str(p)[:32] for p in first["loc"][1:]) or kind
        raise _Refused(
            "invalid_message",
            f"{kind}: {where}: {first['msg']}",
            type=kind,
            field=where,
            problem=first["msg"],
        ) from None


def _origin_allowed(websocket: WebSocket) -> bool:
    """A browser sends its cookie with a WebSocket handshake from any site, so a cookie-signed
    connection must come from a page of this server (the Origin's host is our Host)."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True  # not a browser
    return urlsplit(origin).netloc == websocket.headers.get("host")


async def _authenticate(state: ServerState, websocket: WebSocket, hello: Hello) -> User:
    token = hello.token
    by_cookie = token is None
    if by_cookie:
        token = websocket.cookies.get(state.settings.cookie_name)
    if token is None:
        raise _Refused("not_signed_in", "send a token in hello or connect with a session cookie")
    if by_cookie and not _origin_allowed(websocket):
        raise _Refused("forbidden_origin", "cookie sign-in only from this server's own pages")
    async with state.db.sessions() as db:
        auth = await session_for_token(db, token)
        user = await db.get(User, auth.user_id) if auth is not None else None
    if user is None:
        raise _Refused("not_signed_in", "the session is unknown or has expired: sign in again")
    return user


async def _refuse_and_close(
    websocket: WebSocket, code: str, message: str, params: dict[str, Any] | None = None
) -> None:
    """Before the welcome, any refusal ends the connection: the error, then a close code."""
    error = Error(code=code, message=message, params=params or {})
    await websocket.send_text(error.model_dump_json())
    close = CLOSE_CODES.get(code, CLOSE_CODES["protocol"])
    await websocket.close(code=close, reason=code)


@router.websocket("/ws")
async def play(websocket: WebSocket) -> None:
    """The play connection; see docs/protocol.md."""
    await run_capped(websocket, _session, _refuse_and_close)


async def run_capped(
    websocket: WebSocket,
    session: Callable[[WebSocket, ServerState, Hub], Awaitable[None]],
    refuse: Callable[[WebSocket, str, str, dict[str, Any]], Awaitable[None]],
) -> None:
    """Accept ``websocket`` and run ``session`` on it, within the per-address socket cap (every
    WebSocket route counts against the same cap); over it, ``refuse(websocket, code, message)``.
    Counted from the accept, before any hello: a socket that never signs in holds a place."""
    state: ServerState = websocket.app.state.om
    hub: Hub = websocket.app.state.hub
    await websocket.accept()
    address = client_address(websocket)
    cap = state.settings.max_sockets_per_address
    if not hub.open_address(address, cap):
        with contextlib.suppress(WebSocketDisconnect):
            message = f"your address has {cap} connections open already: close one first"
            await refuse(websocket, "too_many_connections", message, {"max": cap})
        return
    try:
        await session(websocket, state, hub)
    finally:
        hub.close_address(address)


async def _session(websocket: WebSocket, state: ServerState, hub: Hub) -> None:
    """An accepted socket: hello, sign-in and welcome, then its messages until it closes."""
    try:
        try:
            data = await asyncio.wait_for(_receive(websocket), HELLO_SECONDS)
            hello = _parse(data)
            if not isinstance(hello, Hello):
                raise _Refused("protocol", "the first message must be hello")
            if hello.protocol != PROTOCOL_VERSION:
                raise _Refused(
                    "protocol",
                    f"protocol {hello.protocol} is not spoken here: this server speaks "
                    f"{PROTOCOL_VERSION}",
                    protocol=hello.protocol,
                    speaks=PROTOCOL_VERSION,
                )
            user = await _authenticate(state, websocket, hello)
            # No await from this check to ``hub._add``: two sockets cannot both take the last
            # place.
            cap = state.settings.max_sockets_per_user
            if cap and len(hub.clients.get(user.id, ())) >= cap:
                raise _Refused(
                    "too_many_connections",
                    f"this account has {cap} connections open already: close one first",
                    max=cap,
                )
        except TimeoutError:
            message = f"no hello within {HELLO_SECONDS:g} s"
            await _refuse_and_close(websocket, "timeout", message, {"seconds": HELLO_SECONDS})
            return
        except _Refused as refused:
            await _refuse_and_close(websocket, refused.code, refused.message, refused.params)
            return
        except Exception:  # the database away, say: the client is told, then the socket closes
            log.exception("a connection failed before its welcome")
            await _refuse_and_close(websocket, "internal", "the server failed: try again later")
            return
        client = Client(websocket, user.id, batch=hello.batch)
        client.start()
        client.post(
            Welcome(
                server_version=openmahjong.__version__,
                user=UserInfo(id=user.id, name=user.name, is_guest=user.is_guest),
            )
        )
        hub._add(client)
        rooms = getattr(websocket.app.state, "rooms", None)
        if rooms is not None:  # seated in a game: the room, the game and the full view first
            rooms.connected(user.id, client)  # to this socket only: the others have them
        quiz = getattr(websocket.app.state, "quiz", None)
        if quiz is not None:  # in a quiz match, room or queue: where they stand
            quiz.connected(user.id, client)
        ledger = hub.ledgers.get(user.id)  # a connection alone makes none
        pending = ledger.open if ledger is not None else None
        if pending is not None:  # a reconnect: the question is still waiting
            client.post(_prompt_message(pending))
        if hub.relay is not None:  # the processes with something for this player hear of it
            hub.relay.socket_opened(client)
        try:
            await _serve(client, hub, user, rooms)
        finally:
            if rooms is not None:  # what this socket watched goes with it
                rooms.disconnected(client)
            hub._drop(client)
            if hub.relay is not None:
                hub.relay.socket_closed(client)
            if quiz is not None:
                quiz.disconnected(user.id)
            await client.stop()
    except WebSocketDisconnect:
        return


async def _serve(client: Client, hub: Hub, user: User, rooms: Any) -> None:
    """After the welcome nothing the client sends closes the connection: a refusal or a
    failure of ours is an ``error``, and the next message is read."""
    while True:
        try:
            message = _parse(await _receive(client.websocket))
        except _Refused as refused:
            client.post(Error(code=refused.code, message=refused.message, params=refused.params))
            continue
        try:
            await _handle(client, hub, user, rooms, message)
        except Exception:
            log.exception("user %s: a %s message failed", user.id, message.type)
            client.post(
                Error(
                    code="internal",
                    message=f"the server failed to carry out this {message.type}: try again",
                    params={"type": message.type},
                )
            )


async def _handle(client: Client, hub: Hub, user: User, rooms: Any, message: Any) -> None:
    from openmahjong.server.room import RoomError

    if isinstance(message, Ping):
        client.post(Pong(id=message.id))
    elif isinstance(message, Hello):
        client.post(Error(code="protocol", message="hello was already received"))
    elif isinstance(message, QuizCommand):
        quiz = getattr(client.websocket.app.state, "quiz", None)
        if quiz is None:
            client.post(Error(code="no_quiz", message="this server runs no fan quiz"))
            return
        await quiz.command(user, message, client)
    elif isinstance(message, RoomCommand | QueueCommand):
        if rooms is None:
            client.post(Error(code="no_rooms", message="this server runs no rooms"))
            return
        try:
            # The connection goes along: a catch-up (a spectator's replay, a refreshed
            # state) is for this socket, not every socket of the account.
            await rooms.command(user, message, client)
        except RoomError as refused:
            client.post(Error(code=refused.code, message=refused.message, params=refused.params))
    else:
        here = hub.ledgers.get(client.user_id)
        # A prompt sent by the room's process (another one): the reply goes there.
        elsewhere = (here is None or here.open is None) and hub.relay is not None
        if elsewhere and hub.relay.forward_answer(
            client.user_id, message.seq, message.action, client
        ):
            return
        try:
            hub.ledger(client.user_id).answer(message.seq, message.action)
        except PromptRejected as rejected:
            client.post(
                Error(
                    code=rejected.code,
                    message=rejected.message,
                    seq=message.seq,
                    params=rejected.params,
                )
            )
            return
        hub.send(client.user_id, Accepted(seq=message.seq))
