"""Public game records over HTTP: the list of finished games, one record and its check, a
player's page.

Every finished game is public (platform guide §1.5). A live game's record is not served: its
actions are public at the table, but the record also carries the master seed once complete,
and serving half a record invites mistakes; it appears here the moment the game ends.
"""

from __future__ import annotations

import asyncio
from dataclasses import asdict
from datetime import datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel
from sqlalchemy import select

from openmahjong.rules.registry import rulesets
from openmahjong.server.deps import DbSession
from openmahjong.server.errors import ApiError
from openmahjong.server.ids import MAX_ROW_ID, BeforeId, GameId, PlayerId
from openmahjong.server.security import name_key
from openmahjong.store import duplicates as store_duplicates
from openmahjong.store import games as store_games
from openmahjong.store.models import Game, GameSeat, GameStatus, Rating, User

__all__ = ["router"]

router = APIRouter(prefix="/api", tags=["records"])


class SeatOut(BaseModel):
    seat: int
    name: str
    player_id: int | None
    is_bot: bool
    score: int | None
    placement: int | None


class GameOut(BaseModel):
    id: int
    ruleset: str
    preset: str | None
    status: str
    has_bots: bool
    #: A player supplied the master seed (duplicate play) and so knew every wall: the game is
    #: public like any other but never counts for statistics, ratings or ranks.
    supplied_seed: bool
    #: Played in a casual (unranked) matchmaking line: never counts either.
    casual: bool = False
    started_at: datetime
    finished_at: datetime | None
    seats: list[SeatOut]
    #: Where the full record is.
    record_url: str


class GameList(BaseModel):
    games: list[GameOut]
    #: Pass as ``before`` to get the next (older) page; ``None`` on the last page.
    next_before: int | None


class MismatchOut(BaseModel):
    hand: str
    what: str


class FairnessOut(BaseModel):
    """What the record's fairness fields proved (``None``: not checked)."""

    seed_revealed: bool | None
    commitment: bool | None
    seating: bool | None


class RecordCheckOut(BaseModel):
    """``formats.verify.verify_record`` of the stored record (``openmahjong replay check``)."""

    game: int
    format: str | None
    status: Literal["ok", "mismatch", "skipped", "error"]
    ok: bool
    hands: int
    hands_matched: int
    mismatches: list[MismatchOut]
    fairness: FairnessOut
    skipped: str | None
    error: str | None


class RatingOut(BaseModel):
    ruleset: str
    category: str
    rating: float
    rank: str
    rank_points: int
    games_played: int


class PlayerOut(BaseModel):
    id: int
    name: str
    is_guest: bool
    created_at: datetime
    stats: dict[str, Any]
    ratings: list[RatingOut]
    recent_games: list[GameOut]


def _seat_out(s: GameSeat) -> SeatOut:
    return SeatOut(
        seat=s.seat,
        name=s.display_name,
        player_id=s.user_id,
        is_bot=s.is_bot,
        score=s.final_score,
        placement=s.placement,
    )


async def _games_out(db: DbSession, found: list[Game]) -> list[GameOut]:
    ids = [g.id for g in found]
    seats: dict[int, list[SeatOut]] = {i: [] for i in ids}
    if ids:
        rows = await db.scalars(
            select(GameSeat).where(GameSeat.game_id.in_(ids)).order_by(GameSeat.seat)
        )
        for s in rows:
            seats[s.game_id].append(_seat_out(s))
    return [
        GameOut(
            id=g.id,
            ruleset=g.ruleset,
            preset=g.preset,
            status=g.status,
            has_bots=g.has_bots,
            supplied_seed=g.supplied_seed,
            casual=g.casual,
            started_at=g.started_at,
            finished_at=g.finished_at,
            seats=seats[g.id],
            record_url=f"/api/games/{g.id}/record",
        )
        for g in found
    ]


async def _player_id(db: DbSession, player: str) -> int | None:
    """``player`` is an account id or an account name (digits in other scripts are a name)."""
    if player.isascii() and player.isdigit():
        if len(player) > 19 or int(player) > MAX_ROW_ID:
            problem = "no account has an id that large"
            field = {"field": "player", "problem": problem}
            raise ApiError(
                422, "invalid_request", f"player: {problem}", params=field, fields=[field]
            )
        return int(player)
    return await db.scalar(select(User.id).where(User.name_key == name_key(player)))


@router.get("/games", response_model=GameList)
async def list_games(
    db: DbSession,
    limit: Annotated[int, Query(ge=1, le=100, description="At most this many games.")] = 20,
    player: Annotated[str | None, Query(max_length=64, description="Account id or name.")] = None,
    ruleset: Annotated[str | None, Query(max_length=32)] = None,
    before: BeforeId = None,
    supplied_seed: Annotated[
        bool | None,
        Query(description="true: only games whose seed a player supplied; false: only the others."),
    ] = None,
) -> GameList:
    """Finished games, newest first; each says whether a player supplied its seed."""
    player_id = None
    if player is not None:
        player_id = await _player_id(db, player)
        if player_id is None:
            return GameList(games=[], next_before=None)
    found = await store_games.list_finished(
        db,
        limit=limit,
        player_id=player_id,
        ruleset=ruleset,
        before_id=before,
        supplied_seed=supplied_seed,
    )
    out = await _games_out(db, found)
    return GameList(games=out, next_before=out[-1].id if len(out) == limit else None)


async def _finished(db: DbSession, game_id: int) -> Game:
    game = await store_games.get_game(db, game_id)
    if game is None:
        raise ApiError(404, "no_such_game", f"no game {game_id}", params={"game": game_id})
    if game.status == GameStatus.LIVE.value:
        raise ApiError(
            409,
            "game_in_progress",
            f"game {game_id} is still being played",
            params={"game": game_id},
        )
    sealed = await store_duplicates.is_sealed(db, game_id)
    if sealed is not None:
        # Its record shows walls other tables of the set still play (docs/duplicates.md).
        raise ApiError(
            409,
            "duplicate_sealed",
            f"game {game_id} played duplicate set {sealed}, which is not closed yet: its "
            "record is published when the set closes",
            params={"game": game_id, "key": sealed},
        )
    return game


@router.get("/games/{game_id}", response_model=GameOut)
async def game_summary(game_id: GameId, db: DbSession) -> GameOut:
    """One game's summary (seats, scores, placements)."""
    return (await _games_out(db, [await _finished(db, game_id)]))[0]


@router.get(
    "/games/{game_id}/record",
    responses={
        200: {
            "description": "Our record (JSON); tenhou.net/6 JSON; or mjai as JSON lines",
            "content": {"application/json": {}, "application/x-ndjson": {}},
        }
    },
)
async def game_record(
    game_id: GameId,
    db: DbSession,
    format: Annotated[Literal["json", "tenhou6", "mjai"], Query()] = "json",  # noqa: A002
) -> Response:
    """The complete record: ours (header with the master seed revealed, and actions), or
    exported to tenhou.net/6 or mjai by ``openmahjong.formats.convert``."""
    game = await _finished(db, game_id)
    if game.record is None:
        raise ApiError(
            404, "no_record", f"game {game_id} ended without a record", params={"game": game_id}
        )
    if format == "json":
        return JSONResponse(_with_flag(game))
    from openmahjong.formats.convert import export_record
    from openmahjong.formats.riichi_import import FormatError

    # The exporter walks the engine's per-hand summaries of a ruleset the format describes
    # (``Ruleset.outside_formats``): any other game would come out as an empty or wrong log.
    ruleset = rulesets().get(game.ruleset)
    if ruleset is None or format not in ruleset.outside_formats:
        raise ApiError(
            422,
            "export_unsupported",
            f"{format} does not describe {game.ruleset} games",
            params={"format": format, "ruleset": game.ruleset},
        )
    if not game.record.get("hands"):
        raise ApiError(
            422,
            "export_failed",
            f"game {game_id}'s record has no per-hand summaries (it was rebuilt from the action "
            "log), and the exporters need them",
            params={"game": game_id, "format": format},
        )
    try:
        text = export_record(game.record, format)
    except (FormatError, KeyError, ValueError, TypeError) as exc:
        raise ApiError(
            422,
            "export_failed",
            f"game {game_id} cannot be written as {format}: {exc}",
            params={"game": game_id, "format": format},
        ) from None
    media = "application/json" if format == "tenhou6" else "application/x-ndjson"
    filename = f"openmahjong-{game_id}.{'json' if format == 'tenhou6' else 'mjai.jsonl'}"
    return Response(
        text,
        media_type=media,
        headers={"Content-Disposition": f'inline; filename="{filename}"'},
    )


@router.get("/games/{game_id}/check", response_model=RecordCheckOut)
async def game_check(game_id: GameId, db: DbSession) -> RecordCheckOut:
    """Replay the game's record through the engine and compare, as ``openmahjong replay
    check`` does (the same function): hands matched, mismatches, commitment and seating."""
    from openmahjong.formats.verify import verify_record

    game = await _finished(db, game_id)
    if game.record is None:
        raise ApiError(
            404, "no_record", f"game {game_id} ended without a record", params={"game": game_id}
        )
    # A whole match replayed is CPU work: off the event loop.
    report = await asyncio.to_thread(verify_record, game.record, f"game {game_id}")
    return RecordCheckOut(
        game=game_id,
        format=report.format,
        status=report.status,
        ok=report.ok,
        hands=report.hands,
        hands_matched=report.hands_matched,
        mismatches=[MismatchOut(hand=m.hand, what=m.what) for m in report.mismatches],
        fairness=FairnessOut(**asdict(report.fairness)),
        skipped=report.skipped,
        error=report.error,
    )


def _with_flag(game: Game) -> dict[str, Any]:
    """The stored record, its header saying whether the seed was supplied: records stored
    before the flag existed (migration 0004) get it from the game."""
    record = game.record or {}
    header = record.get("header") or {}
    flags = {"supplied_seed": game.supplied_seed, "casual": game.casual}
    if all(header.get(k) == v for k, v in flags.items()):
        return record
    return {**record, "header": {**header, **flags}}


@router.get("/players/{player_id}", response_model=PlayerOut)
async def player(
    player_id: PlayerId,
    db: DbSession,
    games: Annotated[int, Query(ge=0, le=100, description="Recent games to include.")] = 10,
) -> PlayerOut:
    """A player's public page: stats, ratings and recent games. No email or role. The stats
    count only the games that count (``Game.counts_for_stats``); the recent games list every
    finished game, each saying whether a player supplied its seed."""
    user = await db.get(User, player_id)
    if user is None:
        raise ApiError(
            404, "no_such_player", f"no player {player_id}", params={"player": player_id}
        )
    ratings = await db.scalars(
        select(Rating).where(Rating.user_id == user.id).order_by(Rating.ruleset, Rating.category)
    )
    recent = await store_games.player_games(db, user.id, limit=games) if games else []
    return PlayerOut(
        id=user.id,
        name=user.name,
        is_guest=user.is_guest,
        created_at=user.created_at,
        stats=await store_games.player_stats(db, user.id),
        ratings=[
            RatingOut(
                ruleset=r.ruleset,
                category=r.category,
                rating=r.rating,
                rank=r.rank,
                rank_points=r.rank_points,
                games_played=r.games_played,
            )
            for r in ratings
        ],
        recent_games=await _games_out(db, recent),
    )
