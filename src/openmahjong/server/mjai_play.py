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
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import deque
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import BaseModel, ValidationError

import openmahjong
from openmahjong.bots.mjai_seat import MjaiSeat
from openmahjong.rules.registry import rulesets
from openmahjong.server.deps import session_for_token
from openmahjong.server.play import CLOSE_CODES, MAX_MESSAGE_BYTES, Client, Hub, run_capped
from openmahjong.server.prompts import PromptRejected
from openmahjong.server.protocol import (
    GameEnd,
    GameStart,
    Message,
    Prompt,
    Queue,
    Queued,
    Unqueue,
)
from openmahjong.server.state import ServerState
from openmahjong.store.models import User
from openmahjong.table.actions import Action, action_from_dict

__all__ = ["MjaiConnection", "router"]

log = logging.getLogger("openmahjong.server.mjai_play")

router = APIRouter()

#: Close codes of this endpoint beyond play's (``CLOSE_CODES``).
REPLACED_CODE = 4000
NOT_A_BOT_CODE = 4403


@dataclass
class _Batch:
    """A batch sent and not yet answered: for a prompt (its number and offered actions), or
    asking for nothing (``seq`` ``None``)."""

    seq: int | None = None
    offered: list[Action] | None = None
    actions: list[dict[str, Any]] | None = None


class _Refused(Exception):
    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params


def _batch_text(events: list[dict[str, Any]]) -> str:
    return json.dumps(events, separators=(",", ":"), ensure_ascii=False)


def _error(code: str, message: str, **extra: Any) -> list[dict[str, Any]]:
    """An mjai batch of one error; ``params`` (the values the message names) is always there."""
    return [{"type": "error", "code": code, "message": message, "params": {}, **extra}]


class MjaiConnection(Client):
    """One bot account's ``/ws/mjai`` socket: the hub's messages in, mjai batches out."""

    def __init__(self, websocket: WebSocket, user: User, hub: Hub, rooms: Any) -> None:
        super().__init__(websocket, user.id)
        self.user = user
        self.hub = hub
        self.rooms = rooms
        self.waiting: deque[_Batch] = deque()  # batches sent, oldest first, not yet answered
        self.seat: MjaiSeat | None = None
        self.game: Any = None  # the room's game being played (``room._Game``)
        self.room_id: int | None = None
        self.unsent: list[dict[str, Any]] = []  # events that go with the next batch
        #: Replies that could not be played as given (the default was played instead).
        self.errors = 0
        self.replaced = False

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
    def send_batch(self, events: list[dict[str, Any]], batch: _Batch | None = None) -> None:
        if super().post(_batch_text(events)):
            self.waiting.append(batch or _Batch())

    def post(self, message: BaseModel | str) -> bool:
        """A message of the room or the hub, as mjai (most need nothing: the events are read
        from the table when the seat is asked)."""
        if self.cut_off or (self.writer is not None and self.writer.done()):
            return False
        if isinstance(message, str):
            if not message.startswith(
                (
                    '{"type":"prompt"',
                    '{"type":"game_start"',
                    '{"type":"game_end"',
                    '{"type":"queued"',
                )
            ):
                return True
            data = json.loads(message)
            kind: dict[str, type[Message]] = {
                "prompt": Prompt,
                "game_start": GameStart,
                "game_end": GameEnd,
            }
            message = kind.get(data["type"], Queued).model_validate(data)
        try:
            if isinstance(message, Prompt):
                self._prompted(message)
            elif isinstance(message, GameStart):
                self._game_started(message)
            elif isinstance(message, GameEnd):
                self._game_ended(message)
            elif isinstance(message, Queued):
                self.send_batch([{"type": "queued", **message.model_dump(exclude={"type"})}])
        except Exception:  # a bug of ours must not reach the room that sent the message
            log.exception("bot %s: a %s message failed", self.user_id, type(message).__name__)
        return not self.cut_off

    def _room_game(self, room_id: int, game_id: int) -> tuple[Any, Any]:
        room = self.rooms.rooms.get(room_id) if self.rooms is not None else None
        game = room.game if room is not None else None
        if game is None or game.id != game_id:
            return room, None
        return room, game

    def _game_started(self, message: GameStart) -> None:
        room, game = self._room_game(message.room, message.game)
        if game is None or message.seat is None:
            return
        if self.game is game and self.seat is not None and self.seat.seat == message.seat:
            return  # the same game announced again (a state refresh)
        names = [game.seats[room._player_at(game, i)].name for i in range(room.size)]
        self.game, self.room_id = game, room.id
        self.seat = MjaiSeat(message.seat, names)
        self.unsent = self.seat.start_game()

    def _prompted(self, message: Prompt) -> None:
        context = message.context
        room_id, game_id, seat = context.get("room"), context.get("game"), context.get("seat")
        room, game = self._room_game(room_id, game_id)  # type: ignore[arg-type]
        if game is None:
            return
        if self.seat is None or self.game is not game or self.seat.seat != seat:
            self._game_started(
                GameStart(room=room.id, game=game.id, seat=seat, players=[], commitment="", salt="")
            )
        assert self.seat is not None
        offered = [action_from_dict(a) for a in message.actions]
        self.unsent += self.seat.events_for(game.match.table)
        automatic = MjaiSeat.automatic(offered)
        if automatic is None and not self.unsent:
            # The same decision asked again with nothing new (a tactical re-ask, a table
            # rebuilt after a failure): mjai cannot ask twice, so the default answers it.
            log.info("bot %s: prompt %s repeats a decision: the default", self.user_id, message.seq)
            automatic = self.seat.default(offered)
        if automatic is not None:  # mjai has no message for it: the events wait
            self._answer(message.seq, offered, message.actions, automatic)
            return
        events, self.unsent = self.unsent, []
        self.send_batch(events, _Batch(message.seq, offered, message.actions))

    def _game_ended(self, message: GameEnd) -> None:
        if self.seat is None or self.game is None or self.game.id != message.game:
            return
        points = message.result.get("final_points")
        final = self.seat.end_game(points, self.game.match.table)
        self.send_batch([*self.unsent, *final])
        self.seat, self.game, self.unsent = None, None, []

    # ------------------------------------------------------------------ in
    def _answer(
        self, seq: int, offered: list[Action], actions: list[dict[str, Any]], action: Action
    ) -> None:
        """Answer prompt ``seq`` with ``action`` (one of ``offered``), in the prompt's own form."""
        chosen = actions[offered.index(action)]
        try:
            self.hub.ledger(self.user_id).answer(seq, chosen)
        except PromptRejected as late:  # timed out or no longer asked: the table went on
            log.info("bot %s: reply to prompt %s not used: %s", self.user_id, seq, late.message)

    async def received(self, text: str | None, problem: str | None) -> None:
        """One message from the bot: the answer to the oldest batch waiting, else a command.
        ``problem``: why it cannot be read (too large, binary); ``text`` is then ``None``."""
        data: Any = None
        if problem is None:
            assert text is not None
            try:
                data = json.loads(text)
            except (ValueError, RecursionError):
                problem = "not JSON"
        batch = self.waiting.popleft() if self.waiting else None
        if batch is not None and batch.seq is not None:
            await self._reply(batch, data, problem)
        elif problem is not None:
            self.send_batch(_error("bad_message", f"message refused: {problem}"))
        elif isinstance(data, dict) and data.get("type") in ("queue", "unqueue"):
            await self._command(data)
        elif batch is None:
            kind = data.get("type") if isinstance(data, dict) else None
            self.send_batch(
                _error("unexpected", f"no batch waits for an answer (got {str(kind)[:32]!r})")
            )
        # else: the answer to a batch that asked for nothing

    async def _reply(self, batch: _Batch, data: Any, problem: str | None) -> None:
        assert batch.offered is not None and batch.actions is not None
        ledger = self.hub.ledgers.get(self.user_id)
        if (
            self.seat is None
            or ledger is None
            or ledger.open is None
            or ledger.open.seq != batch.seq
        ):
            log.info(
                "bot %s: a late reply to prompt %s (the table went on)", self.user_id, batch.seq
            )
            return
        if problem is not None:
            reply = self.seat.fallback(batch.offered, "not_json", problem)
        else:
            reply = self.seat.action_from(data, batch.offered)
        if reply.action is None:  # riichi: the bot has declared it, its discard comes next
            self.send_batch(reply.followup, batch)
            return
        if reply.error is not None:
            self.errors += 1
            log.info(
                "bot %s: %s (%s): the default is played", self.user_id, reply.error, reply.detail
            )
            self.send_batch(
                _error(
                    reply.error,
                    f"{reply.detail}: the default action was played",
                    errors=self.errors,
                )
            )
        self._answer(batch.seq, batch.offered, batch.actions, reply.action)  # type: ignore[arg-type]

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
            self.send_batch(_error("invalid_message", f"{data['type']}: {where}: {first['msg']}"))
            return
        if self.rooms is None:
            self.send_batch(_error("no_rooms", "this server runs no rooms"))
            return
        if isinstance(command, Queue) and not _speaks_mjai(command.ruleset):
            self.send_batch(
                _error(
                    "no_mjai",
                    f"mjai does not describe {command.ruleset}",
                    params={"ruleset": command.ruleset},
                )
            )
            return
        try:
            await self.rooms.command(self.user, command, self)
        except RoomError as refused:
            self.send_batch(_error(refused.code, refused.message, params=refused.params))


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
    await websocket.send_text(_batch_text(_error(code, message, params=params or {})))
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
                    connection.send_batch(_error("internal", "the server failed on that message"))
        finally:
            hub._drop(connection)
            await connection.stop()
            if rooms is not None and not hub.connected(user.id):
                rooms.bot_account_gone(user.id)
    except WebSocketDisconnect:
        return
