"""Ranks over HTTP: the ladders and their tier gates, a player's ranks and ratings, public
leaderboards, and the admins' rank credit with its audit log (docs/ranks.md)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Path, Query
from pydantic import BaseModel, Field
from sqlalchemy import select

from openmahjong.ranks import credit as rank_credit
from openmahjong.ranks.engine import PlayerState, default_state
from openmahjong.ranks.ladder import LADDERS, Standing, Tier, ladder_for
from openmahjong.ranks.leaderboard import PAGE_SIZE, leaderboard
from openmahjong.ranks.matching import tier_gates
from openmahjong.ranks.store import CATEGORY, describe
from openmahjong.rules.registry import get_ruleset
from openmahjong.server.deps import DbSession, require_role
from openmahjong.server.errors import ApiError
from openmahjong.server.ids import MAX_ROW_ID, PlayerId
from openmahjong.server.security import name_key
from openmahjong.store.models import RankCredit, Rating, Role, User

__all__ = ["admin", "router"]

router = APIRouter(prefix="/api", tags=["ranks"])
#: A ruleset's name in a path: bounded, so a long one is a 422, never echoed into a 404.
RulesetPath = Annotated[str, Path(max_length=32)]
admin = APIRouter(prefix="/api/admin", tags=["admin"])


def _ladder(ruleset: str) -> Any:
    try:
        return ladder_for(ruleset)
    except ValueError:
        raise ApiError(
            404,
            "no_ladder",
            f"{ruleset!r} has no rank ladder: one of {', '.join(sorted(LADDERS))}",
            params={"ruleset": ruleset},
        ) from None


class StepOut(BaseModel):
    key: str
    group: str
    level: int
    bar: int | None
    start: int
    last_penalty: dict[str, int]
    demotes: bool


class LadderOut(BaseModel):
    ruleset: str
    ladder: str
    steps: list[StepOut]
    #: Per tier, the lowest rank that may queue there (null: anyone).
    gates: dict[str, str | None]
    #: Per tier and length ("gold/south"), the rank points for 1st, 2nd, 3rd, 4th before the
    #: 4th-place loss of the player's level.
    room_bonus: dict[str, list[int]]
    #: Uma in thousands (1st..4th); null: the ladder counts placements only.
    uma: list[int] | None
    #: The open-ended top group's points by placement ("east"/"south"); null: none.
    top_deltas: dict[str, list[int]] | None
    credit_cap: str | None


@router.get("/ranks/{ruleset}", response_model=LadderOut)
async def ladder(ruleset: RulesetPath) -> LadderOut:
    """A ruleset's rank ladder: its levels, bars, starting points, the room bonuses and the
    tier gates of its ranked matchmaking lines."""
    lad = _ladder(ruleset)
    return LadderOut(
        ruleset=ruleset,
        ladder=lad.name,
        steps=[
            StepOut(
                key=s.key,
                group=s.group,
                level=s.level,
                bar=s.bar,
                start=s.start,
                last_penalty={k.value: v for k, v in s.last_penalty.items()},
                demotes=s.demotes,
            )
            for s in lad.steps
        ],
        gates=tier_gates(ruleset),
        room_bonus={f"{t.value}/{n.value}": list(v) for (t, n), v in lad.room_bonus.items()},
        uma=list(lad.uma) if lad.uma is not None else None,
        top_deltas=(
            {k.value: list(v) for k, v in lad.top_deltas.items()} if lad.top_deltas else None
        ),
        credit_cap=lad.credit_cap,
    )


class PlayerRankOut(BaseModel):
    ruleset: str
    rank: str
    group: str
    level: int
    points: int
    #: Points that promote (null: the top).
    bar: int | None
    start: int
    mu: float
    sigma: float
    #: mu - 3 sigma: what leaderboards and matchmaking order by.
    ordinal: float
    games: int
    ranked_games: int
    #: Per tier: whether this player may queue there, and the rank it needs.
    tiers: dict[str, dict[str, Any]]


class PlayerRanksOut(BaseModel):
    player_id: int
    ranks: list[PlayerRankOut]
    mcrpl_eligible: bool


def _player_rank(ruleset: str, state: PlayerState) -> PlayerRankOut:
    lad = ladder_for(ruleset)
    d = describe(state, ruleset)
    return PlayerRankOut(
        ruleset=ruleset,
        rank=d["rank"],
        group=d["group"],
        level=d["level"],
        points=d["points"],
        bar=d["bar"],
        start=d["start"],
        mu=round(d["mu"], 3),
        sigma=round(d["sigma"], 3),
        ordinal=round(d["ordinal"], 3),
        games=state.games,
        ranked_games=state.ranked_games,
        tiers={
            t.value: {"open": lad.may_queue(state.standing, t), "needs": lad.gate(t)} for t in Tier
        },
    )


@router.get("/players/{player_id}/ranks", response_model=PlayerRanksOut)
async def player_ranks(player_id: PlayerId, db: DbSession) -> PlayerRanksOut:
    """A player's rank and rating on every ruleset with a ladder (a ruleset never played shows
    the first rank and the default rating), with which ranked lines are open to them."""
    user = await db.get(User, player_id)
    if user is None:
        raise ApiError(
            404, "no_such_player", f"no player {player_id}", params={"player": player_id}
        )
    rows = {
        r.ruleset: r
        for r in await db.scalars(
            select(Rating).where(Rating.user_id == user.id, Rating.category == CATEGORY)
        )
    }
    out = []
    for ruleset in sorted(LADDERS):
        row = rows.get(ruleset)
        if row is None:
            state = default_state(ruleset)
        else:
            state = PlayerState(
                Standing(row.rank_step, row.rank_points),
                row.mu,
                row.sigma,
                row.games_played,
                row.ranked_games,
            )
        out.append(_player_rank(ruleset, state))
    return PlayerRanksOut(
        player_id=user.id,
        ranks=out,
        mcrpl_eligible=await rank_credit.is_mcrpl_eligible(db, user.id),
    )


class BoardEntry(BaseModel):
    place: int
    player_id: int
    name: str
    rank: str
    group: str
    level: int
    rank_points: int
    bar: int | None
    mu: float
    sigma: float
    rating: float
    #: Games of this board's preset and period, and the rank points they gave (null for the
    #: all-time board of every preset).
    games: int
    points_gained: int | None


class BoardOut(BaseModel):
    ruleset: str
    preset: str | None
    period: str
    by: str
    page: int
    page_size: int
    total: int
    pages: int
    entries: list[BoardEntry]


@router.get("/leaderboards/{ruleset}", response_model=BoardOut)
async def leaderboards(
    ruleset: RulesetPath,
    db: DbSession,
    preset: Annotated[str | None, Query(max_length=64)] = None,
    period: Literal["week", "month", "all"] = "all",
    by: Literal["rank", "rating"] = "rank",
    page: Annotated[int, Query(ge=1, le=100_000)] = 1,
    page_size: Annotated[int, Query(ge=1, le=100)] = PAGE_SIZE,
) -> BoardOut:
    """A public leaderboard: by rank (level, then rank points; players with a ranked game in
    the period) or by rating (mu - 3 sigma; players with a counted game), per preset and period
    (week: the last 7 days, month: the last 30, all), paged."""
    _ladder(ruleset)
    if preset is not None and preset not in get_ruleset(ruleset).presets:
        raise ApiError(
            404,
            "unknown_preset",
            f"{ruleset} has no preset {preset!r}",
            params={"ruleset": ruleset, "preset": preset},
        )
    board = await leaderboard(
        db, ruleset, preset=preset, period=period, by=by, page=page, page_size=page_size
    )
    return BoardOut(**board)


class CreditIn(BaseModel):
    """One rank credit: a player (by id or name), what is granted, on which verified
    certificate and why."""

    player_id: int | None = Field(default=None, ge=1, le=MAX_ROW_ID)
    player: str | None = Field(default=None, max_length=32)
    kind: Literal["rank", "mcrpl"]
    ruleset: str = Field(default="mcr", max_length=32)
    rank: str | None = Field(default=None, max_length=32)
    certificate: str = Field(max_length=200)
    reason: str = Field(max_length=500)


class CreditOut(BaseModel):
    id: int
    player_id: int
    granted_by: str
    ruleset: str
    kind: str
    rank: str | None
    certificate: str
    reason: str
    created_at: datetime


def _credit_out(row: RankCredit) -> CreditOut:
    return CreditOut(
        id=row.id,
        player_id=row.user_id,
        granted_by=row.granted_by_name,
        ruleset=row.ruleset,
        kind=row.kind,
        rank=row.rank,
        certificate=row.certificate,
        reason=row.reason,
        created_at=row.created_at,
    )


async def _find_player(db: DbSession, player_id: int | None, name: str | None) -> User:
    if (player_id is None) == (name is None):
        raise ApiError(422, "bad_player", "name the player by player_id or by player, not both")
    if player_id is not None:
        user = await db.get(User, player_id)
    else:
        assert name is not None
        user = await db.scalar(select(User).where(User.name_key == name_key(name)))
    if user is None:
        raise ApiError(
            404, "no_such_player", "no such player", params={"player": player_id or name}
        )
    return user


@admin.post("/rank-credit", response_model=CreditOut, status_code=201)
async def grant_rank_credit(
    body: CreditIn,
    db: DbSession,
    acting: Annotated[User, Depends(require_role(Role.ADMIN))],
) -> CreditOut:
    """Admins only: grant a verified certificate's rank credit (MCR: up to Level 1) or MCRPL
    eligibility; the grant is written to the audit log (who, whom, what, why)."""
    user = await _find_player(db, body.player_id, body.player)
    try:
        row = await rank_credit.grant(
            db,
            admin=acting,
            user=user,
            kind=body.kind,
            certificate=body.certificate,
            reason=body.reason,
            ruleset=body.ruleset,
            rank=body.rank,
        )
    except rank_credit.CreditError as exc:
        await db.rollback()
        raise ApiError(422, exc.code, exc.message) from None
    rank_credit.write_general_audit(
        db, acting, user, body.kind, body.ruleset, body.rank, body.certificate, body.reason
    )
    await db.commit()
    return _credit_out(row)


class CreditLog(BaseModel):
    total: int
    credits: list[CreditOut]


@admin.get("/rank-credit", response_model=CreditLog)
async def rank_credit_log(
    db: DbSession,
    _admin: Annotated[User, Depends(require_role(Role.ADMIN))],
    player_id: Annotated[int | None, Query(ge=1, le=MAX_ROW_ID)] = None,
) -> CreditLog:
    """Admins only: the rank credit audit log, newest first (one player's with ``player_id``)."""
    rows = await rank_credit.credits_of(db, player_id)
    return CreditLog(total=len(rows), credits=[_credit_out(r) for r in rows])
