"""``/ws/mjai``: a bot account plays the seats it was invited to, speaking mjai.

An outside AI (a program written for mjai.app, Mortal, the ``mjai`` package's bots) connects
with its account's bearer token and is spoken to as mjai.app speaks to it: each server message
is a *batch*, a JSON array of mjai events, and the bot answers every batch with exactly one JSON
object, in order. A batch that ends where the seat must decide carries a prompt of the room;
the answer becomes one of the offered actions through :class:`~openmahjong.bots.mjai_seat.
MjaiSeat` (the conversion lives there, not here). Other batches (``hello``, ``error``,
``queued``, the ``end_game`` batch) ask for nothing: their answer is ``{"type": "none"}`` or a
command (``queue``, ``unqueue``), which the bot may also send whenever it owes no answer.

To the room the connection is one more socket of the account (a :class:`play.Client`): the
room prompts the seat through the hub with the same clocks as a person's, and a reply that
cannot be played gets the default action at once, counted and told in an ``error`` batch.
While the account has no connection, the room's own bot plays the seat (``room.py``,
``SeatSlot.remote``); the next connection starts from ``start_game`` and the current hand's
``start_kyoku``. docs/protocol.md "/ws/mjai" is the reference.

With several processes the socket may be on one process and the room on another: the room's
process runs the seat half (``server/mjai_seat_player.py``) and sends its batches here ready-
made; this process writes them and sends each answer back (``server/mjai_relay.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import deque
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import BaseModel, ValidationError

import openmahjong
from openmahjong.rules.registry import rulesets
from openmahjong.server.deps import session_for_token
from openmahjong.server.mjai_seat_player import (
    Batch,
    MjaiSeatPlayer,
    batch_text,
    error_batch,
    mjai_message,
)
from openmahjong.server.play import CLOSE_CODES, MAX_MESSAGE_BYTES, Client, Hub, run_capped
from openmahjong.server.protocol import Prompt, Queue, Queued, Unqueue
from openmahjong.server.state import ServerState
from openmahjong.store.models import User

__all__ = ["MjaiConnection", "router"]

log = logging.getLogger("openmahjong.server.mjai_play")

router = APIRouter()

#: Close codes of this endpoint beyond play's (``CLOSE_CODES``).
REPLACED_CODE = 4000
NOT_A_BOT_CODE = 4403


class _Refused(Exception):
    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params


class MjaiConnection(Client):
    """One bot account's ``/ws/mjai`` socket: the hub's messages in, mjai batches out.

    The batches of a room this process runs come from its own seat half (``player``); those
    of a room another process runs come from that process' seat half (``server/mjai_relay.py``)
    and are written as they come (:meth:`relayed`). ``owed`` keeps every batch sent and not yet
    answered, in order, so the bot's next message is the answer to the oldest, wherever it
    goes."""

    speaks_mjai = True

    def __init__(self, websocket: WebSocket, user: User, hub: Hub, rooms: Any) -> None:
        super().__init__(websocket, user.id)
        self.user = user
        self.hub = hub
        self.rooms = rooms
        self.owed: deque[Batch] = deque()  # batches sent, oldest first, not yet answered
        self.player = MjaiSeatPlayer(user.id, hub, rooms, self.send_batch)
        self.replaced = False

    @property
    def errors(self) -> int:
        return self.player.errors

    def retire(self) -> None:
        """Replaced by a newer connection of the account: nothing more is sent, and the socket
        closes (``REPLACED_CODE``)."""
        self.replaced = True
        self.cut_off = True
        if self.writer is not None:
            self.writer.cancel()
        asyncio.get_running_loop().create_task(self._close_replaced())

    async def _close_replaced(self) -> None:
        with contextlib.suppress(RuntimeError, WebSocketDisconnect):
            await self.websocket.close(code=REPLACED_CODE, reason="replaced")

    # ------------------------------------------------------------------ out
    def send_batch(self, events: list[dict[str, Any]], batch: Batch | None = None) -> None:
        if super().post(batch_text(events)):
            self.owed.append(batch or Batch())

    def relayed(self, text: str, process: str, asks: bool) -> None:
        """A batch another process' seat half made: written as it is; an answer it asks for
        goes back there."""
        if super().post(text):
            self.owed.append(Batch(remote=process) if asks else Batch())

    def post(self, message: BaseModel | str) -> bool:
        """A message of the room or the hub, as mjai (most need nothing: the events are read
        from the table when the seat is asked)."""
        if self.cut_off or (self.writer is not None and self.writer.done()):
            return False
        try:
            model = mjai_message(message)
        except (ValueError, KeyError):
            log.exception("bot %s: a message could not be read", self.user_id)
            return not self.cut_off
        if isinstance(model, Queued):
            self.send_batch([{"type": "queued", **model.model_dump(exclude={"type"})}])
        elif model is not None:
            self.player.take(model)
        return not self.cut_off

    # ------------------------------------------------------------------ in
    async def received(self, text: str | None, problem: str | None) -> None:
        """One message from the bot: the answer to the oldest batch waiting, else a command.
        ``problem``: why it cannot be read (too large, binary); ``text`` is then ``None``."""
        batch = self.owed.popleft() if self.owed else None
        if batch is not None and batch.remote is not None:
            self._forward(batch.remote, text, problem)
            return
        data: Any = None
        if problem is None:
            assert text is not None
            try:
                data = json.loads(text)
            except (ValueError, RecursionError):
                problem = "not JSON"
        if batch is not None and batch.asks:
            self.player.reply(batch, data, problem)
        elif problem is not None:
            self.send_batch(error_batch("bad_message", f"message refused: {problem}"))
        elif isinstance(data, dict) and data.get("type") in ("queue", "unqueue"):
            await self._command(data)
        elif batch is None:
            kind = data.get("type") if isinstance(data, dict) else None
            self.send_batch(
                error_batch("unexpected", f"no batch waits for an answer (got {str(kind)[:32]!r})")
            )
        # else: the answer to a batch that asked for nothing

    def _forward(self, process: str, text: str | None, problem: str | None) -> None:
        """The answer to a batch another process' seat half asked: sent there as it came."""
        relay = self.hub.relay
        if relay is None:
            return
        relay.send_to(
            process,
            {
                "k": "mjai_in",
                "user": self.user_id,
                "conn": relay.conn_id(self),
                "text": text,
                "problem": problem,
            },
        )

    async def _command(self, data: dict[str, Any]) -> None:
        from openmahjong.server.room import RoomError

        try:
            command = (
                Queue.model_validate(data)
                if data["type"] == "queue"
                else Unqueue.model_validate(data)
            )
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p)[:32] for p in first["loc"]) or data["type"]
            problem = f"{data['type']}: {where}: {first['msg']}"
            self.send_batch(error_batch("invalid_message", problem))
            return
        if self.rooms is None:
            self.send_batch(error_batch("no_rooms", "this server runs no rooms"))
            return
        if isinstance(command, Queue) and not _speaks_mjai(command.ruleset):
            self.send_batch(
                error_batch(
                    "no_mjai",
                    f"mjai does not describe {command.ruleset}",
                    params={"ruleset": command.ruleset},
                )
            )
            return
        try:
            await self.rooms.command(self.user, command, self)
        except RoomError as refused:
            self.send_batch(error_batch(refused.code, refused.message, params=refused.params))


def _speaks_mjai(ruleset: str) -> bool:
    """Whether outside AIs can play ``ruleset`` over mjai (a name no ruleset has is left to the
    queue, which refuses it as unknown)."""
    known = rulesets().get(ruleset)
    return known is None or "mjai" in known.outside_formats


async def _read(websocket: WebSocket) -> tuple[str | None, str | None]:
    """The next message's text, or why it cannot be read."""
    frame = await websocket.receive()
    if frame["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(frame.get("code", 1000))
    text = frame.get("text")
    if text is None:
        return None, "messages are JSON text frames, not binary"
    if len(text.encode()) > MAX_MESSAGE_BYTES:
        return None, f"a message has at most {MAX_MESSAGE_BYTES} bytes"
    return text, None


async def _sign_in(websocket: WebSocket, state: ServerState) -> User:
    """The bot account of the handshake's ``Authorization: Bearer`` token."""
    header = websocket.headers.get("authorization") or ""
    scheme, _, token = header.partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token or len(token) > 256:
        raise _Refused("not_signed_in", "connect with the header 'Authorization: Bearer <token>'")
    async with state.db.sessions() as db:
        auth = await session_for_token(db, token)
        user = await db.get(User, auth.user_id) if auth is not None else None
    if user is None:
        raise _Refused("not_signed_in", "the session is unknown or has expired: sign in again")
    if not user.is_bot:
        raise _Refused("not_a_bot_account", "only bot accounts play over /ws/mjai: use /ws")
    return user


async def _refuse(
    websocket: WebSocket, code: str, message: str, params: dict[str, Any] | None = None
) -> None:
    await websocket.send_text(batch_text(error_batch(code, message, params=params or {})))
    close = NOT_A_BOT_CODE if code == "not_a_bot_account" else CLOSE_CODES.get(code, 4400)
    await websocket.close(code=close, reason=code)


@router.websocket("/ws/mjai")
async def mjai_play(websocket: WebSocket) -> None:
    """A bot account's mjai connection; see docs/protocol.md "/ws/mjai"."""
    await run_capped(websocket, _session, _refuse)  # the same per-address cap as /ws


async def _session(websocket: WebSocket, state: ServerState, hub: Hub) -> None:
    try:
        try:
            user = await _sign_in(websocket, state)
            # A new mjai connection replaces the account's older one (a bot restarted before
            # the server noticed the old socket was dead); the cap counts the others.
            for old in list(hub.clients.get(user.id, ())):
                if isinstance(old, MjaiConnection):
                    old.retire()
            cap = state.settings.max_sockets_per_user
            others = [c for c in hub.clients.get(user.id, ()) if not getattr(c, "replaced", False)]
            if cap and len(others) >= cap:
                raise _Refused(
                    "too_many_connections",
                    f"this account has {cap} connections open already: close one first",
                )
        except _Refused as refused:
            await _refuse(websocket, refused.code, refused.message, refused.params)
            return
        except Exception:
            log.exception("an mjai connection failed before its hello")
            await _refuse(websocket, "internal", "the server failed: try again later")
            return
        rooms = getattr(websocket.app.state, "rooms", None)
        connection = MjaiConnection(websocket, user, hub, rooms)
        connection.start()
        connection.send_batch(
            [
                {
                    "type": "hello",
                    "protocol": "mjai",
                    "server": f"openmahjong {openmahjong.__version__}",
                    "user": {"id": user.id, "name": user.name},
                }
            ]
        )
        hub._add(connection)
        if rooms is not None:  # seated: the game (start_game) to this connection
            rooms.connected(user.id, connection)
        ledger = hub.ledgers.get(user.id)
        pending = ledger.open if ledger is not None else None
        if pending is not None:  # the question still waiting, with the hand so far
            connection.post(
                Prompt(seq=pending.seq, actions=pending.actions, context=pending.context)
            )
        if hub.relay is not None:  # a room another process runs: its seat half starts there
            hub.relay.socket_opened(connection)
        try:
            while True:
                if connection.replaced:
                    return
                try:
                    text, problem = await _read(websocket)
                except RuntimeError:  # closed by us (replaced): no more frames to read
                    return
                try:
                    await connection.received(text, problem)
                except Exception:
                    log.exception("bot %s: a message failed", user.id)
                    failed = "the server failed on that message"
                    connection.send_batch(error_batch("internal", failed))
        finally:
            hub._drop(connection)
            if hub.relay is not None:
                hub.relay.socket_closed(connection)
            await connection.stop()
            if rooms is not None and not hub.connected(user.id):
                rooms.bot_account_gone(user.id)
    except WebSocketDisconnect:
        return
