"""The play protocol's messages: JSON objects with a ``type``, validated by these models.

docs/protocol.md documents each one with an example. ``PROTOCOL_VERSION`` changes whenever a
message changes incompatibly; the client names the version it speaks in ``hello``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    StringConstraints,
    TypeAdapter,
    model_serializer,
)

from openmahjong.server.bounded import ActionDict
from openmahjong.server.ids import MAX_ROW_ID

__all__ = [
    "PROTOCOL_VERSION",
    "Accepted",
    "AddBot",
    "ClientMessage",
    "Continue",
    "GameEnd",
    "GameEvent",
    "GameStart",
    "HandEnd",
    "Join",
    "Kick",
    "Leave",
    "Ready",
    "RoomCommand",
    "RoomState",
    "SeatInfo",
    "Start",
    "View",
    "Error",
    "Hello",
    "Ping",
    "Queue",
    "QueueCommand",
    "Queued",
    "Unqueue",
    "Pong",
    "Prompt",
    "Reply",
    "ServerMessage",
    "Welcome",
    "client_message",
]

PROTOCOL_VERSION = 1

Action = dict[str, Any]


class Message(BaseModel):
    model_config = ConfigDict(extra="forbid")


# ------------------------------------------------------------------ client -> server
# Every field is bounded (docs/security.md): a message out of bounds is refused with
# ``invalid_message`` and nothing else happens.

#: A room, like every row id, fits a signed 64-bit integer.
RoomNumber = Annotated[int, Field(ge=1, le=MAX_ROW_ID)]
#: What a ping may carry to be echoed in its pong.
PingId = (
    Annotated[int, Field(ge=-MAX_ROW_ID, le=MAX_ROW_ID)]
    | Annotated[str, StringConstraints(max_length=64)]
)


class Hello(Message):
    """First message on a connection: the protocol version, and a bearer token unless the
    browser's session cookie already came with the WebSocket handshake."""

    type: Literal["hello"]
    protocol: int = Field(ge=0, le=2**31 - 1)
    token: str | None = Field(None, max_length=256)
    client: str | None = Field(None, max_length=64, description="Client name and version.")
    batch: bool = Field(
        False,
        description="The client reads frames holding a JSON array of messages: what waits "
        "for the socket at once goes in one frame (docs/protocol.md).",
    )


class Ping(Message):
    type: Literal["ping"]
    id: PingId | None = None


class Reply(Message):
    """The answer to prompt ``seq``: one of the actions that prompt offered, exactly."""

    type: Literal["reply"]
    seq: int = Field(ge=1, le=MAX_ROW_ID)
    action: ActionDict


class Join(Message):
    """Take a free seat in room ``room`` (or watch it, ``spectate``)."""

    type: Literal["join"]
    room: RoomNumber
    password: str | None = Field(None, max_length=128)
    spectate: bool = False


class Leave(Message):
    type: Literal["leave"]
    room: RoomNumber


class Ready(Message):
    type: Literal["ready"]
    room: RoomNumber
    ready: bool = True


class AddBot(Message):
    """The room's owner seats a bot in the first free seat: one of ours, or (``account``,
    a bot account's name) an outside AI that plays it over ``/ws/mjai``."""

    type: Literal["add_bot"]
    room: RoomNumber
    account: str | None = Field(None, min_length=1, max_length=64)


class Kick(Message):
    """The room's owner frees ``seat`` (a player or a bot) before the game starts."""

    type: Literal["kick"]
    room: RoomNumber
    seat: int = Field(ge=0, le=7)


class Start(Message):
    """The room's owner starts the game: every seat taken, every player ready."""

    type: Literal["start"]
    room: RoomNumber


class Continue(Message):
    """The player has read the hand's result: the table need not wait for them (``hand_end``)."""

    type: Literal["continue"]
    room: RoomNumber
    game: int = Field(ge=1, le=MAX_ROW_ID)


class Queue(Message):
    """Wait for a table: matchmaking per ruleset and preset (the preset sets the game length).
    ``casual``: the preset's unranked line (Mahjong Soul's Casual Room): no rank requirement,
    and its games never count for statistics, ratings or ranks."""

    type: Literal["queue"]
    ruleset: str = Field(max_length=32)
    preset: str = Field(max_length=64)
    casual: bool = False
    #: The ranked line's room tier (docs/ranks.md): a rank below its gate is refused with
    #: ``rank_too_low``. Ignored for the casual line.
    tier: Literal["bronze", "silver", "gold", "jade", "throne"] = "bronze"


class Unqueue(Message):
    type: Literal["unqueue"]


RoomCommand = Join | Leave | Ready | AddBot | Kick | Start | Continue
QueueCommand = Queue | Unqueue
AnyClientMessage = (
    Hello | Ping | Reply | Join | Leave | Ready | AddBot | Kick | Start | Continue | Queue | Unqueue
)

ClientMessage = Annotated[AnyClientMessage, Field(discriminator="type")]
_client_adapter: TypeAdapter[AnyClientMessage] = TypeAdapter(ClientMessage)


def client_message(data: Any) -> AnyClientMessage:
    """Validate one decoded JSON message from a client (raises pydantic.ValidationError)."""
    return _client_adapter.validate_python(data)


CLIENT_TYPES = (
    "hello",
    "ping",
    "reply",
    "join",
    "leave",
    "ready",
    "add_bot",
    "kick",
    "start",
    "continue",
    "queue",
    "unqueue",
)


# ------------------------------------------------------------------ server -> client


class UserInfo(Message):
    id: int
    name: str
    is_guest: bool


class Welcome(Message):
    type: Literal["welcome"] = "welcome"
    protocol: int = PROTOCOL_VERSION
    server_version: str
    user: UserInfo


class Pong(Message):
    type: Literal["pong"] = "pong"
    id: int | str | None = None


class Prompt(Message):
    """Your turn to choose: reply with one of ``actions`` and this ``seq``; or, when ``choice``
    is set (a parametric choice such as Sichuan's exchange of three tiles), with an action of
    type ``choice["type"]`` that the choice's rule accepts (``actions`` may then be empty)."""

    type: Literal["prompt"] = "prompt"
    seq: int
    actions: list[Action]
    #: What the prompt is about (e.g. the game and seat); the room fills it in.
    context: dict[str, Any] = Field(default_factory=dict)
    #: The open choice's description (``ChoiceRule.describe()``); absent on other prompts.
    choice: dict[str, Any] | None = None

    @model_serializer(mode="wrap")
    def _without_empty_choice(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        if data.get("choice") is None:  # a listed prompt reads as it always did
            data.pop("choice", None)
        return data


class Accepted(Message):
    type: Literal["accepted"] = "accepted"
    seq: int


class Error(Message):
    """Something the client sent was refused; nothing was applied. ``seq`` names the prompt
    the refused reply was for, when there was one."""

    type: Literal["error"] = "error"
    code: str
    message: str
    seq: int | None = None
    #: The values ``message`` names, by name (``{"room": 12}``), for a client that words the
    #: error itself from ``code`` (docs/protocol.md lists the codes and their params).
    params: dict[str, Any] = Field(default_factory=dict)


class SeatInfo(Message):
    seat: int
    name: str
    user_id: int | None = None
    bot: bool = False
    ready: bool = False
    connected: bool = False


class RoomState(Message):
    """A room's lobby: who sits where, who is ready, whether a game is being played."""

    type: Literal["room"] = "room"
    room: int
    name: str
    ruleset: str
    preset: str | None
    owner_id: int | None
    status: str
    seats: list[SeatInfo | None]
    spectators: int = 0
    game: int | None = None
    #: The room's owner supplied the master seed (duplicate play) and may know every wall:
    #: its games never count for statistics, ratings or ranks. Clients warn before a player sits.
    supplied_seed: bool = False
    #: A table of a casual (unranked) matchmaking line: its games never count either.
    casual: bool = False


class GameStart(Message):
    """A game begins (or, after a reconnect or a server restart, is going on): your seat
    (``None`` for a spectator), the players by seat, and the commitment to the master seed."""

    type: Literal["game_start"] = "game_start"
    room: int
    game: int
    seat: int | None
    players: list[str]
    commitment: str
    salt: str
    #: As in ``room``: a player supplied this game's master seed; the game does not count.
    supplied_seed: bool = False


class View(Message):
    """Everything your seat may know now (the engine's ``view(seat)``), events included."""

    type: Literal["view"] = "view"
    room: int
    game: int
    seat: int | None
    view: dict[str, Any]
    #: The current hand's label as data (``Match.label_data``), e.g. Riichi's
    #: ``{"wind": 41, "number": 4, "honba": 1}`` for East 4 with one repeat.
    label: dict[str, Any] = Field(default_factory=dict)


class GameEvent(Message):
    """One thing that happened at the table, as your seat may see it."""

    type: Literal["event"] = "event"
    room: int
    game: int
    event: dict[str, Any]


class HandEnd(Message):
    """A hand ended: the table waits ``seconds`` at most for the seats in ``waiting`` to send
    ``continue`` before the next hand starts (sent again each time a player continues)."""

    type: Literal["hand_end"] = "hand_end"
    room: int
    game: int
    #: The hand that ended, 0-based (the record's ``hands`` index).
    hand: int
    #: Seconds left before the next hand starts anyway.
    seconds: float
    #: Table seats (as seated in the hand that ended) still to continue; empty: it goes on.
    waiting: list[int]
    #: The ended hand's label as data (``Match.label_data``): Riichi ``wind``, ``number``,
    #: ``honba``; MCR ``wind``, ``number``.
    label: dict[str, Any] = Field(default_factory=dict)
    #: The record's summary of the hand (``hands[hand]``): what it came to, per ruleset.
    summary: dict[str, Any] = Field(default_factory=dict)


class GameEnd(Message):
    """The game is over: the result, and the master seed that checks the commitment."""

    type: Literal["game_end"] = "game_end"
    room: int
    game: int
    #: Null for a table of a duplicate set: the seed is published when the set closes
    #: (``GET /api/duplicates/{key}``, docs/duplicates.md).
    master_seed: str | None
    #: The duplicate set the game played (its key), if any.
    duplicate_key: str | None = None
    result: dict[str, Any]
    #: The players' names by starting seat (the record's ``players``), for the result and
    #: the seed check.
    players: list[str] = Field(default_factory=list)
    #: The commitment and salt the game started with (``game_start``), to check the seed.
    commitment: str | None = None
    salt: str | None = None


class Queued(Message):
    """You wait in the matchmaking queue ``ruleset``/``preset`` (``waiting`` players in it);
    ``ruleset`` null: you left it."""

    type: Literal["queued"] = "queued"
    ruleset: str | None
    preset: str | None
    waiting: int = 0
    #: The preset's casual (unranked) line.
    casual: bool = False
    #: The ranked line's room tier; null for the casual line or when out of line.
    tier: str | None = None
    #: Bots fill the table once its first player has waited this long (the operator's
    #: ``matchmaking_bot_fill_seconds``); null: people only. The web client shows the wait.
    bot_fill_seconds: float | None = None


ServerMessage = (
    Welcome
    | Pong
    | Prompt
    | Accepted
    | Error
    | RoomState
    | GameStart
    | View
    | GameEvent
    | HandEnd
    | GameEnd
    | Queued
)
