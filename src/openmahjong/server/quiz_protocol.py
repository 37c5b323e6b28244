"""The fan quiz's messages on the play WebSocket (docs/protocol.md, "The fan quiz").

Client messages are ``quiz_*`` objects validated here, every field bounded like the tables'
messages; the server answers with ``quiz_queued``, ``quiz_room``, ``quiz_match`` and
``quiz_left`` (plain JSON built by ``server/quiz_live.py``) or an ``error``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

__all__ = [
    "QUIZ_TYPES",
    "QuizCommand",
    "QuizCreate",
    "QuizGuess",
    "QuizJoin",
    "QuizLeave",
    "QuizQueue",
    "quiz_message",
]

Pool = Literal["riichi", "mcr+riichi"]


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid")


class QuizQueue(_Message):
    """Wait in a pool's matchmaking queue (ranked; signed-in players only)."""

    type: Literal["quiz_queue"]
    pool: Pool = "mcr+riichi"


class QuizCreate(_Message):
    """Open a private room (unrated) with its rules; the answer names its code."""

    type: Literal["quiz_create"]
    pool: Pool = "mcr+riichi"
    guesses: Literal[6, 8, 10, 12] = 8
    seconds: Literal[40, 60, 80, 100] = 60
    related_hints: bool = True


class QuizJoin(_Message):
    type: Literal["quiz_join"]
    code: str = Field(min_length=1, max_length=12)


class QuizGuess(_Message):
    type: Literal["quiz_guess"]
    pattern: str = Field(min_length=1, max_length=64)


class QuizLeave(_Message):
    """Leave the queue or a room that has not started."""

    type: Literal["quiz_leave"]


QuizCommand = QuizQueue | QuizCreate | QuizJoin | QuizGuess | QuizLeave
QUIZ_TYPES = ("quiz_queue", "quiz_create", "quiz_join", "quiz_guess", "quiz_leave")

_adapter: TypeAdapter[QuizCommand] = TypeAdapter(
    Annotated[QuizCommand, Field(discriminator="type")]
)


def quiz_message(data: Any) -> QuizCommand:
    """Validate one decoded quiz message (raises pydantic.ValidationError)."""
    return _adapter.validate_python(data)
