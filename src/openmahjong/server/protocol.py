"""The play protocol's messages: JSON objects with a ``type``, validated by these models.

docs/protocol.md documents each one with an example. ``PROTOCOL_VERSION`` changes whenever a
message changes incompatibly; the client names the version it speaks in ``hello``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

__all__ = [
    "PROTOCOL_VERSION",
    "Accepted",
    "ClientMessage",
    "Error",
    "Hello",
    "Ping",
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


class Hello(Message):
    """First message on a connection: the protocol version, and a bearer token unless the
    browser's session cookie already came with the WebSocket handshake."""

    type: Literal["hello"]
    protocol: int
    token: str | None = Field(None, max_length=256)
    client: str | None = Field(None, max_length=64, description="Client name and version.")


class Ping(Message):
    type: Literal["ping"]
    id: int | str | None = None


class Reply(Message):
    """The answer to prompt ``seq``: one of the actions that prompt offered, exactly."""

    type: Literal["reply"]
    seq: int = Field(ge=1)
    action: Action


ClientMessage = Annotated[Hello | Ping | Reply, Field(discriminator="type")]
_client_adapter: TypeAdapter[Hello | Ping | Reply] = TypeAdapter(ClientMessage)


def client_message(data: Any) -> Hello | Ping | Reply:
    """Validate one decoded JSON message from a client (raises pydantic.ValidationError)."""
    return _client_adapter.validate_python(data)


CLIENT_TYPES = ("hello", "ping", "reply")


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
    """Your turn to choose: reply with one of ``actions`` and this ``seq``."""

    type: Literal["prompt"] = "prompt"
    seq: int
    actions: list[Action]
    #: What the prompt is about (e.g. the game and seat); the room fills it in.
    context: dict[str, Any] = Field(default_factory=dict)


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


ServerMessage = Welcome | Pong | Prompt | Accepted | Error
