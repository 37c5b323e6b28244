"""Rooms over HTTP: create a table with its rules and table settings, list, look at, close.

The ruleset comes from the registry (entry-point group ``openmahjong.rulesets``); the preset
must be one of its presets and ``rules`` changes are checked by the ruleset's own option schema,
so a room never holds options its engine would refuse. Table settings (timers, call protection
and its delays, tactical calls, spectators) are what the room task enforces around the engine.

Seats, readiness, bots and the start of play belong to the room task and the play protocol;
they are not here yet.
"""

from __future__ import annotations

import json
import logging
from dataclasses import asdict
from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from sqlalchemy import select

from openmahjong import fairness
from openmahjong.ranks.ladder import LADDERS
from openmahjong.rules.contract import Ruleset
from openmahjong.rules.registry import get_ruleset, preset_name, rulesets
from openmahjong.server.bounded import RuleChanges
from openmahjong.server.deps import CurrentUser, DbSession, State
from openmahjong.server.errors import ApiError
from openmahjong.server.ids import RoomId
from openmahjong.server.security import ROOM_NAME_MAX, clean_room_name, unprintable
from openmahjong.store import rooms as store_rooms
from openmahjong.store.models import Game, Role, Room, RoomStatus, User, utcnow
from openmahjong.tools.analysis import analysis_forms

__all__ = ["RoomIn", "RoomOut", "TableSettings", "open_room", "router"]

log = logging.getLogger(__name__)

router = APIRouter(prefix="/api/rooms", tags=["rooms"])


class TableSettings(BaseModel):
    """How the table is run around the rules: time, call protection, tactical calls, spectators.

    Defaults follow the platform guide (§4, §5): protection 1.3 s, catch-up 0.7 s and 0.5 s.
    """

    model_config = ConfigDict(extra="forbid")

    move_seconds: float = Field(default=5, gt=0, le=300, description="Time for each decision.")
    bank_seconds: float = Field(
        default=20, ge=0, le=3600, description="Extra time per hand, used once a move's runs out."
    )
    call_protection: bool = True
    protection_delay: float = Field(default=1.3, ge=0, le=10)
    catch_up_first: float = Field(default=0.7, ge=0, le=10)
    catch_up_second: float = Field(default=0.5, ge=0, le=10)
    tactical_calls: bool | None = Field(
        default=None,
        description="Tactical calls and the MIL claim upgrade. Unset: on while every seat is "
        "human, off as soon as a bot sits.",
    )
    hand_end_seconds: float = Field(
        default=10,
        ge=0,
        le=120,
        description="After a hand ends, the next one starts when every player pressed "
        "Continue, or after this many seconds.",
    )
    spectators: bool = True
    spectator_delay: float = Field(
        default=10, ge=0, le=600, description="Spectators see the table this many seconds late."
    )


class RoomIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=64, examples=["East wind, quick"])
    ruleset: str = Field(max_length=32, examples=["riichi"])
    preset: str = Field(max_length=64, examples=["majsoul-hanchan"])
    #: Changes to the preset, checked by the ruleset (e.g. ``{"red_fives": false}``).
    rules: RuleChanges = Field(default_factory=dict)
    table: TableSettings = Field(default_factory=TableSettings)
    password: str | None = Field(default=None, min_length=1, max_length=128)
    #: A player-supplied master seed (64 hex digits) for duplicate play; secret until the end.
    master_seed: str | None = Field(default=None, max_length=80)
    #: A duplicate set's key (``POST /api/duplicates``): the room's tables play the set's walls
    #: and must use its ruleset, preset and rules; spectators are off (docs/duplicates.md).
    duplicate_key: str | None = Field(default=None, min_length=1, max_length=32)


class Owner(BaseModel):
    id: int
    name: str


class RoomOut(BaseModel):
    id: int
    name: str
    ruleset: str
    preset: str | None
    #: The preset with the room's changes applied: what the engine will play.
    rules: dict[str, Any]
    table: TableSettings
    has_password: bool
    #: True when a player supplied the master seed (duplicate play); the seed itself stays secret.
    supplied_seed: bool
    #: The duplicate set whose walls the room's tables play, if any.
    duplicate_key: str | None = None
    #: A table of a casual (unranked) matchmaking line: its games never count.
    casual: bool = False
    #: A table the matchmaking lines opened (its name is made, not typed: clients word it from
    #: the ruleset, the preset and ``casual`` / ``tier``); ``tier`` is a ranked line's room.
    matchmaking: bool = False
    tier: str | None = None
    owner: Owner | None
    status: RoomStatus
    created_at: datetime
    #: Seats taken now (the lobby's, or the game's while one is played) of ``seats``.
    seated: int = 0
    seats: int = 0
    #: Accounts watching now.
    spectators: int = 0


def _resolve_rules(body: RoomIn) -> dict[str, Any]:
    try:
        ruleset = get_ruleset(body.ruleset)
    except ValueError as exc:
        raise ApiError(422, "unknown_ruleset", str(exc), params={"ruleset": body.ruleset}) from None
    presets = ruleset.presets
    if body.preset not in presets:
        choices = ", ".join(sorted(presets)) or "none"
        raise ApiError(
            422,
            "unknown_preset",
            f"{body.ruleset} has no preset {body.preset!r}: use {choices}",
            params={"ruleset": body.ruleset, "preset": body.preset, "choices": sorted(presets)},
        )
    try:
        resolved = ruleset.options(body.preset, **body.rules)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise ApiError(
            422,
            "bad_rules",
            f"rules.{where}: {first['msg']}",
            params={"field": f"rules.{where}", "problem": first["msg"]},
        ) from None
    except (ValueError, TypeError) as exc:
        raise ApiError(422, "bad_rules", str(exc)) from None
    return resolved.model_dump() if isinstance(resolved, BaseModel) else dict(resolved)


def _occupancy(
    request: Request, room: Room, elsewhere: dict[int, dict[str, int]] | None = None
) -> dict[str, int]:
    """Seats taken, seats and spectators of ``room`` now: from memory when this process holds
    it, else what its owner in the cluster published (``elsewhere``), else nobody."""
    live = getattr(request.app.state, "rooms", None)
    counts = live.counts(room.id) if live is not None else None
    if counts is None and elsewhere is not None:
        counts = elsewhere.get(room.id)
    if counts is not None:
        return counts
    try:
        seats = get_ruleset(room.ruleset).seats
    except ValueError:  # a ruleset no longer installed
        seats = 0
    return {"seated": 0, "seats": seats, "spectators": 0}


async def _counts_elsewhere(request: Request, rooms: list[Room]) -> dict[int, dict[str, int]]:
    """The counts other processes of a cluster published for the rooms not held here."""
    live = getattr(request.app.state, "rooms", None)
    cluster = getattr(live, "cluster", None)
    if live is None or cluster is None:
        return {}
    away = [r.id for r in rooms if r.id not in live.rooms]
    try:
        return await cluster.counts_elsewhere(away)
    except Exception:  # Redis away a moment: the list still answers, without those counts
        log.warning("room list: the cluster's counts could not be read", exc_info=True)
        return {}


async def _played(db: DbSession, room_ids: list[int]) -> set[int]:
    """The rooms among ``room_ids`` that have had a game."""
    if not room_ids:
        return set()
    query = select(Game.room_id).where(Game.room_id.in_(room_ids)).distinct()
    return {i for i in await db.scalars(query) if i is not None}


def _room_out(room: Room, owner: User | None, occupancy: dict[str, int] | None = None) -> RoomOut:
    options = room.options or {}
    return RoomOut(
        id=room.id,
        name=room.name,
        ruleset=room.ruleset,
        preset=room.preset,
        rules=options.get("rules", {}),
        table=TableSettings(**options.get("table", {})),
        has_password=room.password_hash is not None,
        supplied_seed=options.get("master_seed") is not None,
        duplicate_key=options.get("duplicate_key"),
        casual=bool(options.get("casual", False)),
        matchmaking=bool(options.get("matchmaking", room.name.endswith(" (matchmaking)"))),
        tier=options.get("tier"),
        owner=Owner(id=owner.id, name=owner.name) if owner is not None else None,
        status=RoomStatus(room.status),
        created_at=room.created_at,
        **(occupancy or {}),
    )


async def _owner(db: DbSession, room: Room) -> User | None:
    return await db.get(User, room.owner_id) if room.owner_id is not None else None


def ruleset_entry(ruleset: Ruleset) -> dict[str, Any]:
    """One ruleset as ``GET /api/rooms/rulesets`` lists it (docs/web-client.md, "Ruleset data")."""
    return {
        "seats": ruleset.seats,
        "presets": sorted(ruleset.presets),
        "aliases": dict(ruleset.preset_aliases),
        "options_schema": ruleset.options_schema.model_json_schema(),
        "wall": asdict(ruleset.wall_rules),
        "client": ruleset.client_info(),
        # The forms the hand analysis measures its hands by; empty: not offered there.
        "analysis_forms": list(analysis_forms(ruleset)),
        # The record exports the server writes (the replay page's tenhou.net/6 link).
        "outside_formats": sorted(ruleset.outside_formats),
        # It has a rank ladder, so ranked lines (GET /api/ranks/{ruleset}); docs/ranks.md.
        "ranked": ruleset.name in LADDERS,
    }


@router.get("/rulesets")
async def available_rulesets(state: State) -> dict[str, Any]:
    """The installed rulesets: what a room may be created with, and what the web client needs
    to show each one. The configured default ruleset comes first, the others in name order."""
    first = state.settings.default_ruleset
    listed = sorted(rulesets().items(), key=lambda item: (item[0] != first, item[0]))
    return {name: ruleset_entry(r) for name, r in listed}


@router.post("", status_code=201, response_model=RoomOut)
async def create_room(
    body: RoomIn, request: Request, state: State, db: DbSession, user: CurrentUser
) -> RoomOut:
    """Open a room with a ruleset, a preset (plus changes) and table settings."""
    room = await open_room(body, state, db, user)
    await db.commit()
    return _room_out(room, user, _occupancy(request, room))


async def open_room(
    body: RoomIn,
    state: State,
    db: DbSession,
    user: User,
    extra_options: dict[str, Any] | None = None,
) -> Room:
    """Check ``body`` and store its room, owned by ``user``, uncommitted: ``POST /api/rooms``
    and an event's rooms (``event_run``, whose ``extra_options`` keep the seats assigned)
    take this one path."""
    rules = _resolve_rules(body)
    options: dict[str, Any] = {"rules": rules, "table": body.table.model_dump()}
    options.update(extra_options or {})
    if body.master_seed is not None:
        try:
            seed = fairness.parse_master_seed(body.master_seed)
        except ValueError as exc:
            raise ApiError(422, "bad_master_seed", str(exc)) from None
        options["master_seed"] = fairness.format_master_seed(seed)
    if body.duplicate_key is not None:
        await _join_duplicate(db, body, rules, options)
    name = clean_room_name(body.name)  # plain text: clients show it as text, never as HTML
    if name is None:
        raise ApiError(
            422,
            "bad_room_name",
            f"a room name has 1 to {ROOM_NAME_MAX} visible characters",
            params={"max": ROOM_NAME_MAX},
        )
    if body.password is not None and any(unprintable(c) for c in body.password):
        raise ApiError(
            422, "bad_password", "a password cannot hold control or invisible characters"
        )
    password_hash = await state.passwords.hash(body.password) if body.password else None
    room = await store_rooms.create_room(
        db,
        name=name,
        ruleset=body.ruleset,
        preset=preset_name(get_ruleset(body.ruleset), body.preset),  # an alias: canonical
        owner_id=user.id,
        options=options,
        password_hash=password_hash,
    )
    return room


async def _join_duplicate(
    db: DbSession, body: RoomIn, rules: dict[str, Any], options: dict[str, Any]
) -> None:
    """Make ``options`` a table of the duplicate set ``body.duplicate_key``: the set must be
    open and the room's rules its rules (no ``rules``: the set's); nobody watches (spectators
    would see walls other tables have still to play)."""
    from openmahjong.store.record_models import DuplicateSet

    key = body.duplicate_key
    if body.master_seed is not None:
        raise ApiError(
            422,
            "duplicate_and_seed",
            "a duplicate set's table plays the set's seed: give duplicate_key or master_seed",
        )
    found = await db.get(DuplicateSet, key)
    if found is None:
        raise ApiError(404, "no_such_duplicate", f"no duplicate set {key}", params={"key": key})
    if found.closes_at is not None and found.closes_at <= utcnow():
        raise ApiError(
            409,
            "duplicate_closed",
            f"duplicate set {key} takes no more tables",
            params={"key": key},
        )
    preset = preset_name(get_ruleset(body.ruleset), body.preset)
    if not body.rules:  # the set's rules, whatever changes it was made with
        rules = options["rules"] = found.rules
    same = json.loads(json.dumps(rules)) == json.loads(json.dumps(found.rules))
    if (body.ruleset, preset) != (found.ruleset, found.preset) or not same:
        raise ApiError(
            422,
            "duplicate_rules_differ",
            f"duplicate set {key} plays {found.ruleset} {found.preset} with its own rules: "
            "open its tables with the same ruleset, preset and rules",
            params={"key": key, "ruleset": found.ruleset, "preset": found.preset},
        )
    options["duplicate_key"] = key
    options["table"] = {**options["table"], "spectators": False}


#: Rooms read per room listed: finished rooms are read and left out.
_LIST_READ_FACTOR = 4


@router.get("", response_model=list[RoomOut])
async def list_rooms(
    request: Request,
    db: DbSession,
    ruleset: Annotated[str | None, Query(max_length=32)] = None,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
) -> list[RoomOut]:
    """Live rooms, newest first, with their seats taken and spectators: a game is played
    there, or it is open and either no game was played there yet or someone sits in its
    lobby. A room whose game ended and that nobody sits in (a finished bot game) is not
    listed; ``GET /api/rooms/{id}`` still shows it."""
    found = await store_rooms.list_rooms(db, ruleset=ruleset, limit=limit * _LIST_READ_FACTOR)
    played = await _played(db, [r.id for r in found if r.status == RoomStatus.OPEN.value])
    elsewhere = await _counts_elsewhere(request, found)
    listed: list[tuple[Room, dict[str, int]]] = []
    for r in found:
        occupancy = _occupancy(request, r, elsewhere)
        if r.status == RoomStatus.OPEN.value and r.id in played and not occupancy["seated"]:
            continue
        listed.append((r, occupancy))
        if len(listed) == limit:
            break
    owners = {r.owner_id for r, _ in listed if r.owner_id is not None}
    users = {u.id: u for u in [await db.get(User, i) for i in owners] if u is not None}
    return [
        _room_out(r, users.get(r.owner_id) if r.owner_id else None, occupancy)
        for r, occupancy in listed
    ]


async def _room(db: DbSession, room_id: int) -> Room:
    room = await db.get(Room, room_id)
    if room is None:
        raise ApiError(404, "no_such_room", f"no room {room_id}", params={"room": room_id})
    return room


@router.get("/{room_id}", response_model=RoomOut)
async def get_room(room_id: RoomId, request: Request, db: DbSession) -> RoomOut:
    room = await _room(db, room_id)
    elsewhere = await _counts_elsewhere(request, [room])
    return _room_out(room, await _owner(db, room), _occupancy(request, room, elsewhere))


@router.delete("/{room_id}", response_model=RoomOut)
async def close_room(
    room_id: RoomId, request: Request, db: DbSession, user: CurrentUser
) -> RoomOut:
    """Close a room: its owner, or an admin."""
    room = await _room(db, room_id)
    if room.owner_id != user.id and not Role(user.role).includes(Role.ADMIN):
        raise ApiError(403, "forbidden", "only the room's owner or an admin can close it")
    if room.status == RoomStatus.PLAYING.value:
        raise ApiError(409, "room_playing", "a game is being played in this room")
    await store_rooms.set_status(db, room.id, RoomStatus.CLOSED)
    await db.commit()
    await request.app.state.rooms.room_closed(room.id)
    return _room_out(room, await _owner(db, room))
