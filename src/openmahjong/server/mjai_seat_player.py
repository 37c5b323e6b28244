"""The seat half of an outside AI's ``/ws/mjai`` connection: it runs where the room runs.

The room's messages to the bot account (``prompt``, ``game_start``, ``game_end``) become mjai
batches read from the room's live table (:class:`~openmahjong.bots.mjai_seat.MjaiSeat` does
the conversion), and the bot's answer to a prompt's batch becomes one of the offered actions,
given to the account's prompt ledger. Where the batches go is the caller's: the socket itself
when it is on this process (``server/mjai_play.py``), or the process holding it
(``server/mjai_relay.py``), which sends them on and forwards the answers back.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from openmahjong.bots.mjai_seat import MjaiSeat
from openmahjong.server.prompts import PromptRejected
from openmahjong.server.protocol import GameEnd, GameStart, Message, Prompt, Queued
from openmahjong.table.actions import Action, action_from_dict

__all__ = ["Batch", "MjaiSeatPlayer", "batch_text", "error_batch", "mjai_message"]

log = logging.getLogger("openmahjong.server.mjai_play")


@dataclass
class Batch:
    """A batch sent and not yet answered: for a prompt (its number and offered actions), or
    asking for nothing (``seq`` ``None``). ``remote``: the process whose seat half sent it
    (the answer goes there)."""

    seq: int | None = None
    offered: list[Action] | None = None
    actions: list[dict[str, Any]] | None = None
    remote: str | None = None

    @property
    def asks(self) -> bool:
        return self.seq is not None


def batch_text(events: list[dict[str, Any]]) -> str:
    return json.dumps(events, separators=(",", ":"), ensure_ascii=False)


def error_batch(code: str, message: str, **extra: Any) -> list[dict[str, Any]]:
    """An mjai batch of one error; ``params`` (the values the message names) is always there."""
    return [{"type": "error", "code": code, "message": message, "params": {}, **extra}]


#: The hub's messages an mjai socket reads, by the start of their JSON text.
_READ: dict[str, type[Message]] = {
    '{"type":"prompt"': Prompt,
    '{"type":"game_start"': GameStart,
    '{"type":"game_end"': GameEnd,
    '{"type":"queued"': Queued,
}


def mjai_message(message: BaseModel | str) -> BaseModel | None:
    """The message as a model when an mjai socket has a use for it, else ``None`` (the room's
    state, views and events: the batches are read from the table when the seat is asked)."""
    if not isinstance(message, str):
        return message
    for start, kind in _READ.items():
        if message.startswith(start):
            model: Message = kind.model_validate(json.loads(message))
            return model
    return None


class MjaiSeatPlayer:
    """The batches of one bot account's seat, from the rooms of this process (``rooms``)."""

    def __init__(
        self,
        user_id: int,
        hub: Any,
        rooms: Any,
        send: Callable[[list[dict[str, Any]], Batch | None], None],
    ) -> None:
        self.user_id = user_id
        self.hub = hub
        self.rooms = rooms
        self.send = send
        self.seat: MjaiSeat | None = None
        self.game: Any = None  # the room's game being played (``room._Game``)
        self.room_id: int | None = None
        self.unsent: list[dict[str, Any]] = []  # events that go with the next batch
        #: Replies that could not be played as given (the default was played instead).
        self.errors = 0

    def take(self, message: BaseModel) -> None:
        """A room message: a prompt, the game's start or its end (others are not the seat's)."""
        try:
            if isinstance(message, Prompt):
                self._prompted(message)
            elif isinstance(message, GameStart):
                self._game_started(message)
            elif isinstance(message, GameEnd):
                self._game_ended(message)
        except Exception:  # a bug of ours must not reach the room that sent the message
            log.exception("bot %s: a %s message failed", self.user_id, type(message).__name__)

    def _room_game(self, room_id: Any, game_id: Any) -> tuple[Any, Any]:
        room = self.rooms.rooms.get(room_id) if self.rooms is not None else None
        game = room.game if room is not None else None
        if game is None or game.id != game_id:
            return room, None
        return room, game

    def _game_started(self, message: GameStart) -> None:
        room, game = self._room_game(message.room, message.game)
        if game is None or message.seat is None:
            return  # not a game of this process' rooms
        if self.game is game and self.seat is not None and self.seat.seat == message.seat:
            return  # the same game announced again (a state refresh)
        names = [game.seats[room._player_at(game, i)].name for i in range(room.size)]
        self.game, self.room_id = game, room.id
        self.seat = MjaiSeat(message.seat, names)
        self.unsent = self.seat.start_game()

    def _prompted(self, message: Prompt) -> None:
        context = message.context
        room_id, game_id, seat = context.get("room"), context.get("game"), context.get("seat")
        room, game = self._room_game(room_id, game_id)
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
        self.send(events, Batch(message.seq, offered, message.actions))

    def _game_ended(self, message: GameEnd) -> None:
        if self.seat is None or self.game is None or self.game.id != message.game:
            return
        points = message.result.get("final_points")
        final = self.seat.end_game(points, self.game.match.table)
        self.send([*self.unsent, *final], None)
        self.seat, self.game, self.unsent = None, None, []

    # ------------------------------------------------------------------ answers
    def _answer(
        self, seq: int, offered: list[Action], actions: list[dict[str, Any]], action: Action
    ) -> None:
        """Answer prompt ``seq`` with ``action`` (one of ``offered``), in the prompt's own form."""
        chosen = actions[offered.index(action)]
        try:
            self.hub.ledger(self.user_id).answer(seq, chosen)
        except PromptRejected as late:  # timed out or no longer asked: the table went on
            log.info("bot %s: reply to prompt %s not used: %s", self.user_id, seq, late.message)

    def reply(self, batch: Batch, data: Any, problem: str | None) -> None:
        """The bot's answer (``data``, or why it could not be read) to a prompt's batch."""
        assert batch.offered is not None and batch.actions is not None and batch.seq is not None
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
            self.send(reply.followup, batch)
            return
        if reply.error is not None:
            self.errors += 1
            log.info(
                "bot %s: %s (%s): the default is played", self.user_id, reply.error, reply.detail
            )
            self.send(
                error_batch(
                    reply.error,
                    f"{reply.detail}: the default action was played",
                    errors=self.errors,
                ),
                None,
            )
        self._answer(batch.seq, batch.offered, batch.actions, reply.action)
