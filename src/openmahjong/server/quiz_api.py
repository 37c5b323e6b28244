"""The fan quiz over HTTP (docs/quiz.md, "Playing"): solo training rounds, the pool's
patterns for the pages' name completion, and the leaderboards per pool.

Solo training needs no account (guests and visitors train too); its round lives in the
server's memory under an unguessable id and records nothing. Rooms and matchmaking are on
the play WebSocket (``server/quiz_live.py``).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Path, Query, Request
from pydantic import BaseModel, ConfigDict, Field

from openmahjong.quiz import store as quiz_store
from openmahjong.quiz.catalogue import POOLS, patterns
from openmahjong.quiz.game import QuizError, RoundSettings
from openmahjong.server.deps import DbSession
from openmahjong.server.errors import ApiError
from openmahjong.server.ids import PlayerId
from openmahjong.server.quiz_live import QuizService

__all__ = ["router"]

router = APIRouter(prefix="/api/quiz", tags=["quiz"])

Pool = Literal["riichi", "mcr+riichi"]


#: A solo round's id in a path (ids are 16 characters; anything longer names no round).
RoundKey = Annotated[str, Path(max_length=64)]


class SoloIn(BaseModel):
    model_config = ConfigDict(extra="forbid")  # a misspelt setting is an error, not a default

    pool: Pool = "mcr+riichi"
    guesses: Literal[6, 8, 10, 12] = 8
    seconds: Literal[40, 60, 80, 100] = 60
    related_hints: bool = True


class GuessIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    pattern: str = Field(min_length=1, max_length=64)


def _service(request: Request) -> QuizService:
    service: QuizService = request.app.state.quiz
    return service


def _refused(error: QuizError, status: int = 409) -> ApiError:
    status = 404 if error.code == "unknown_round" else status
    if error.code in ("unknown_pattern", "not_in_pool"):
        status = 422
    return ApiError(status, error.code, error.message, params=error.params)


@router.post("/solo", status_code=201)
async def start_solo(body: SoloIn, request: Request) -> dict[str, Any]:
    """A new solo training round with the rules given; its id names it for the guesses."""
    service = _service(request)
    settings = RoundSettings(body.pool, body.guesses, body.seconds, body.related_hints)
    key, made = service.start_solo(settings)
    return {"id": key, **made.state(0, service.clock.monotonic())}


@router.post("/solo/{key}/guess")
async def solo_guess(key: RoundKey, body: GuessIn, request: Request) -> dict[str, Any]:
    """One guess at a solo round: its hints, and the round (the answer once it is over)."""
    service = _service(request)
    now = service.clock.monotonic()
    try:
        current = service.solo_round(key[:64])
        made = current.guess(0, body.pattern, now)
    except QuizError as refused:
        raise _refused(refused) from None
    return {"id": key, "guess": made.as_dict(), **current.state(0, now)}


@router.get("/solo/{key}")
async def solo_state(key: RoundKey, request: Request) -> dict[str, Any]:
    """A solo round as it stands (its time is read on the server's clock)."""
    service = _service(request)
    now = service.clock.monotonic()
    try:
        current = service.solo_round(key[:64])
    except QuizError as refused:
        raise _refused(refused) from None
    current.expire(now)
    return {"id": key, **current.state(0, now)}


@router.get("/patterns")
async def pool_patterns(pool: Pool = "mcr+riichi") -> dict[str, Any]:
    """Every pattern a pool accepts as a guess, with its names in en/zh/ja (name completion)."""
    return {"pool": pool, "patterns": [p.as_dict() for p in patterns(pool)]}


@router.get("/leaderboard")
async def quiz_leaderboard(
    db: DbSession,
    pool: Pool = "mcr+riichi",
    limit: Annotated[int, Query(ge=1, le=500)] = 100,
) -> dict[str, Any]:
    """A pool's players by Elo rating (matchmaking only). The pools in the order the pages
    show them: MCR + Riichi first."""
    return {
        "pool": pool,
        "pools": sorted(POOLS, key=lambda p: p != "mcr+riichi"),
        "players": await quiz_store.leaderboard(db, pool, limit),
    }


@router.get("/history/{user_id}")
async def quiz_history(user_id: PlayerId, db: DbSession) -> dict[str, Any]:
    """A player's latest ranked matches, newest first."""
    return {"user_id": user_id, "matches": await quiz_store.matches_of(db, user_id)}
