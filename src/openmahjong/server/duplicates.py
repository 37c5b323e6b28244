"""Duplicate sets over HTTP: create one, look at it, close it.

A set is one master seed and salt that every table opened with its key plays, so hand ``n``
deals the same wall at every table. The commitment is public from the start; the seed, the
tables' records and their results stay sealed until the set closes (its closing time passed,
the organiser's close sets it to now, and its last table has ended). After that the set shows
its seed and every table side by side, hand by hand (docs/duplicates.md).
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, WithJsonSchema
from sqlalchemy import select

from openmahjong import fairness
from openmahjong.rules.registry import get_ruleset, preset_name
from openmahjong.server.bounded import RuleChanges
from openmahjong.server.deps import CurrentUser, DbSession
from openmahjong.server.errors import ApiError
from openmahjong.server.security import clean_room_name
from openmahjong.store import duplicates as store
from openmahjong.store.models import Game, GameSeat, GameStatus, Role, User, utcnow
from openmahjong.store.record_models import DuplicateSet

__all__ = ["router"]

router = APIRouter(prefix="/api/duplicates", tags=["duplicates"])

DuplicateKey = Annotated[str, Path(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]


#: The longest ISO 8601 time a request may name (with a fraction and an offset it is ~32).
TIME_CHARS = 40


def _short_time(value: Any) -> Any:
    """Refuse an over-long time text before it is parsed (the schema says ``maxLength``)."""
    if isinstance(value, str) and len(value) > TIME_CHARS:
        raise ValueError(f"a time is at most {TIME_CHARS} characters")
    return value


BoundedTime = Annotated[
    datetime,
    BeforeValidator(_short_time),
    WithJsonSchema({"type": "string", "format": "date-time", "maxLength": TIME_CHARS}),
]


#: The latest a set may close: ten years ahead (as a sanction's end).
MAX_OPEN = timedelta(days=3650)


class DuplicateIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=64, examples=["Friday duplicate"])
    ruleset: str = Field(max_length=32, examples=["riichi"])
    preset: str = Field(max_length=64, examples=["majsoul-hanchan"])
    rules: RuleChanges = Field(default_factory=dict)
    #: No table starts after this time (UTC); the set closes once its last table ends.
    #: Unset: open until the organiser closes it.
    closes_at: BoundedTime | None = None


class SeatOut(BaseModel):
    seat: int
    name: str
    player_id: int | None
    is_bot: bool
    #: Null while the set is sealed.
    score: int | None = None
    placement: int | None = None


class TableOut(BaseModel):
    game_id: int
    room_id: int | None
    status: str
    started_at: datetime
    finished_at: datetime | None
    seats: list[SeatOut]
    #: After close: the game's own commitment is the set's (the seed checks it).
    commitment_ok: bool | None = None
    record_url: str | None = None
    check_url: str | None = None


class WinOut(BaseModel):
    seat: int
    name: str
    from_seat: int | None
    #: Who dealt in (null: self-drawn).
    from_name: str | None = None
    #: The hand's value as the ruleset's summary gives it (Riichi: points before honba).
    value: int | None
    #: Han (Riichi) or fan (MCR, Sichuan) when the summary says.
    han: int | None = None


class HandAtTable(BaseModel):
    game_id: int
    label: str | None
    reason: str | None
    deltas: list[int]
    wins: list[WinOut]


class HandRow(BaseModel):
    #: 1-based: hand ``n`` dealt the same wall at every table.
    hand: int
    tables: list[HandAtTable | None]


class DuplicateOut(BaseModel):
    key: str
    name: str
    organiser: str | None
    ruleset: str
    preset: str
    rules: dict[str, Any]
    state: store.SetState
    created_at: datetime
    closes_at: datetime | None
    #: Public from the start: SHA-256 of the seed and salt, as every game of the set shows.
    commitment: str
    salt: str
    #: Null until the set is closed.
    master_seed: str | None = None
    tables: list[TableOut]
    #: After close: every hand, each table's outcome on that same wall.
    hands: list[HandRow] = Field(default_factory=list)


async def _set(db: DbSession, key: str) -> DuplicateSet:
    found = await db.get(DuplicateSet, key)
    if found is None:
        raise ApiError(404, "no_such_duplicate", f"no duplicate set {key}", params={"key": key})
    return found


def _seating_name(players: list[str], summary: dict[str, Any], seat: int) -> str:
    seating = summary.get("seating")
    player = seating[seat] if isinstance(seating, list) and seat < len(seating) else seat
    return players[player] if 0 <= player < len(players) else f"seat {seat + 1}"


def _hand_at(game: Game, players: list[str], summary: dict[str, Any]) -> HandAtTable:
    """One table's hand; ``players``: the table's names by starting seat (``game_seats``),
    which a summary's ``seating`` (MCR) maps its table seats to."""
    wins = []
    for w in summary.get("wins") or []:
        seat = int(w.get("seat", 0))
        han = w.get("han", w.get("fan_total", w.get("fan")))
        dealer_in = w.get("from_seat")
        wins.append(
            WinOut(
                seat=seat,
                name=_seating_name(players, summary, seat),
                from_seat=dealer_in,
                from_name=(
                    None if dealer_in is None else _seating_name(players, summary, int(dealer_in))
                ),
                value=w.get("total"),
                han=han if isinstance(han, int) else None,
            )
        )
    return HandAtTable(
        game_id=game.id,
        label=str(summary["label"]) if "label" in summary else None,
        reason=summary.get("reason"),
        deltas=[int(d) for d in summary.get("deltas") or []],
        wins=wins,
    )


def _hand_rows(games: list[Game], names: dict[int, list[str]]) -> list[HandRow]:
    """Hand ``n`` of every table side by side (the same wall: ``n``-th hand of each match)."""
    per_game = [list((g.record or {}).get("hands") or []) for g in games]
    count = max((len(h) for h in per_game), default=0)
    return [
        HandRow(
            hand=n + 1,
            tables=[
                _hand_at(g, names[g.id], hands[n]) if n < len(hands) else None
                for g, hands in zip(games, per_game, strict=True)
            ],
        )
        for n in range(count)
    ]


async def _out(db: DbSession, row: DuplicateSet) -> DuplicateOut:
    state = await store.set_state(db, row)
    closed = state == store.SetState.CLOSED
    games = await store.set_games(db, row.key)
    seats: dict[int, list[GameSeat]] = {g.id: [] for g in games}
    if games:
        found = await db.scalars(
            select(GameSeat).where(GameSeat.game_id.in_(list(seats))).order_by(GameSeat.seat)
        )
        for s in found:
            seats[s.game_id].append(s)
    seed = fairness.parse_master_seed(row.master_seed)
    tables = []
    for g in games:
        tables.append(
            TableOut(
                game_id=g.id,
                room_id=g.room_id,
                status=g.status,
                started_at=g.started_at,
                finished_at=g.finished_at if closed else None,
                seats=[
                    SeatOut(
                        seat=s.seat,
                        name=s.display_name,
                        player_id=s.user_id,
                        is_bot=s.is_bot,
                        score=s.final_score if closed else None,
                        placement=s.placement if closed else None,
                    )
                    for s in seats[g.id]
                ],
                commitment_ok=(
                    g.commitment == fairness.format_commitment(fairness.commitment(seed, g.salt))
                    and g.master_seed == row.master_seed
                    if closed
                    else None
                ),
                record_url=f"/api/games/{g.id}/record" if closed else None,
                check_url=f"/api/games/{g.id}/check" if closed else None,
            )
        )
    organiser = await db.get(User, row.organiser_id) if row.organiser_id is not None else None
    finished = [g for g in games if closed and g.status == GameStatus.FINISHED.value]
    return DuplicateOut(
        key=row.key,
        name=row.name,
        organiser=organiser.name if organiser is not None else None,
        ruleset=row.ruleset,
        preset=row.preset,
        rules=row.rules,
        state=state,
        created_at=row.created_at,
        closes_at=row.closes_at,
        commitment=row.commitment,
        salt=row.salt,
        master_seed=row.master_seed if closed else None,
        tables=tables,
        hands=_hand_rows(
            finished, {g: [s.display_name for s in seated] for g, seated in seats.items()}
        ),
    )


def _resolve(body: DuplicateIn) -> tuple[str, dict[str, Any]]:
    """The canonical preset and the resolved rules (as a room of the set will hold them)."""
    from openmahjong.server.rooms import RoomIn, _resolve_rules

    room = RoomIn(name=body.name, ruleset=body.ruleset, preset=body.preset, rules=body.rules)
    # The same checks and errors as a room's; stored as JSON, compared as JSON.
    rules = json.loads(json.dumps(_resolve_rules(room)))
    return preset_name(get_ruleset(body.ruleset), body.preset), rules


@router.post("", status_code=201, response_model=DuplicateOut)
async def create_duplicate(body: DuplicateIn, db: DbSession, user: CurrentUser) -> DuplicateOut:
    """Create a set: any signed-in account that is neither a guest nor a bot, and whose
    organiser rights are not revoked. Answers the key to open tables with and the commitment;
    the seed stays secret until the set closes."""
    if user.is_guest or user.is_bot:
        raise ApiError(
            403, "organiser_account", "a guest or bot account cannot organise a duplicate set"
        )
    from openmahjong.server.sanctions import require_organiser_rights

    await require_organiser_rights(db, user)
    name = clean_room_name(body.name)
    if name is None:
        raise ApiError(422, "bad_duplicate_name", "a set's name needs visible characters")
    if body.closes_at is not None:
        if body.closes_at.tzinfo is None:
            raise ApiError(422, "bad_closes_at", "closes_at needs a time zone (e.g. ...Z)")
        if body.closes_at <= utcnow():
            raise ApiError(422, "bad_closes_at", "closes_at must be in the future")
        # Within the stored range too (year 9999 west of UTC is year 10000 in UTC).
        if body.closes_at - utcnow() > MAX_OPEN:
            raise ApiError(422, "bad_closes_at", "closes_at must be within ten years")
    preset, rules = _resolve(body)
    row = await store.create_set(
        db,
        name=name,
        organiser_id=user.id,
        ruleset=body.ruleset,
        preset=preset,
        rules=rules,
        closes_at=body.closes_at,
    )
    out = await _out(db, row)
    await db.commit()
    return out


@router.get("", response_model=list[DuplicateOut])
async def my_duplicates(
    db: DbSession,
    user: CurrentUser,
    limit: Annotated[int, Query(ge=1, le=100)] = 20,
) -> list[DuplicateOut]:
    """The sets the signed-in account organised, newest first."""
    rows = await db.scalars(
        select(DuplicateSet)
        .where(DuplicateSet.organiser_id == user.id)
        .order_by(DuplicateSet.created_at.desc())
        .limit(limit)
    )
    return [await _out(db, r) for r in rows]


@router.get("/{key}", response_model=DuplicateOut)
async def get_duplicate(key: DuplicateKey, db: DbSession) -> DuplicateOut:
    """The set: its state, commitment and tables (who sits, whether playing). After it
    closes: the master seed, each table's result and every hand side by side."""
    return await _out(db, await _set(db, key))


@router.post("/{key}/close", response_model=DuplicateOut)
async def close_duplicate(key: DuplicateKey, db: DbSession, user: CurrentUser) -> DuplicateOut:
    """Close the set now (its organiser or an admin): no new table starts; the seed and the
    records are published once the tables still playing have ended."""
    row = await _set(db, key)
    if row.organiser_id != user.id and not Role(user.role).includes(Role.ADMIN):
        raise ApiError(403, "forbidden", "only the set's organiser or an admin can close it")
    await store.close_set(db, row)
    out = await _out(db, row)
    await db.commit()
    return out
