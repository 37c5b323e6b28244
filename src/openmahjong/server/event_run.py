"""Running an approved event (docs/events.md, "Running the event"): the public page's texts,
registration, the participant list, the event's rooms with their seats assigned or free, and
the results table with its CSV.

Who may do what is ``event_access``'s (``require_manager`` for the panel: the organiser or an
event admin, once approved); the rooms are opened by ``rooms.open_room``, the path of
``POST /api/rooms``; who may sit in them is ``event_seats``'; the table is ``event_results``'.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Path
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from openmahjong.rules.registry import get_ruleset
from openmahjong.server import event_results
from openmahjong.server import event_rules as rules
from openmahjong.server.bounded import RuleChanges
from openmahjong.server.deps import CurrentUser, DbSession, State
from openmahjong.server.errors import ApiError
from openmahjong.server.event_access import load_event, require_manager
from openmahjong.server.events import EventOut, OptionalUser, event_out, phase
from openmahjong.server.ids import EventId
from openmahjong.server.rooms import RoomIn, TableSettings, open_room
from openmahjong.server.security import name_key
from openmahjong.store.event_models import Event, EventParticipant, EventRoom, EventStatus
from openmahjong.store.models import Game, GameSeat, Room, User, utcnow

__all__ = ["public_parts", "router"]

router = APIRouter(prefix="/api/events", tags=["events"])

#: Each text of the public page (rules, prizes, schedule, announcements).
PAGE_TEXT_MAX = 5000
PAGE_KEYS = ("rules", "prizes", "schedule", "announcements")

UserName = Annotated[str, Path(min_length=1, max_length=64, description="An account's name.")]


# --- bodies and answers ---------------------------------------------------------------------


class PageIn(BaseModel):
    """The public page's texts (plain text; a key left out is empty)."""

    model_config = ConfigDict(extra="forbid")

    rules: str = Field(default="", max_length=PAGE_TEXT_MAX)
    prizes: str = Field(default="", max_length=PAGE_TEXT_MAX)
    schedule: str = Field(default="", max_length=PAGE_TEXT_MAX)
    announcements: str = Field(default="", max_length=PAGE_TEXT_MAX)


class RegistrationIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    open: bool


class ParticipantIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=64)


class EventRoomIn(BaseModel):
    """An event room: as ``POST /api/rooms`` (no password: the seats say who plays), and
    ``seats``, lobby seat by lobby seat, a participant's name (kept for them) or null (free).
    Left out: every seat free."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=64, examples=["Round 1, table 1"])
    ruleset: str = Field(max_length=32, examples=["mcr"])
    preset: str = Field(max_length=64, examples=["mcr-4rounds"])
    rules: RuleChanges = Field(default_factory=dict)
    table: TableSettings = Field(default_factory=TableSettings)
    seats: list[Annotated[str, Field(min_length=1, max_length=64)] | None] | None = Field(
        default=None, max_length=8
    )


class Participant(BaseModel):
    name: str
    registered_at: datetime


class ParticipantsOut(BaseModel):
    event: int
    registration_open: bool
    #: In the order they registered (or were added).
    participants: list[Participant]


class GameSeatOut(BaseModel):
    seat: int
    name: str
    bot: bool
    #: The final points and the place, once the game finished.
    score: int | None
    placement: int | None


class EventGameOut(BaseModel):
    id: int
    status: str
    started_at: datetime
    finished_at: datetime | None
    seats: list[GameSeatOut]


class EventRoomOut(BaseModel):
    id: int
    name: str
    ruleset: str
    preset: str | None
    status: str
    #: Lobby seat by lobby seat: the name of the player it is kept for, or null (free).
    seats: list[str | None]
    games: list[EventGameOut]


class ResultRow(BaseModel):
    rank: int
    player: str
    games: int
    total: float
    average_placement: float
    firsts: int
    best: float
    ruleset: str


# --- helpers --------------------------------------------------------------------------------


async def _managed(db: AsyncSession, event_id: int, user: User) -> Event:
    event = await load_event(db, event_id, user)
    await require_manager(db, user, event)
    return event


def _state_error(event: Event, wanted: str) -> ApiError:
    state = phase(event) or event.status
    return ApiError(
        409,
        "event_state",
        f"the event is {state}: {wanted}",
        params={"state": state, "event": event.id},
    )


def _registration_closed(event: Event) -> ApiError:
    return ApiError(
        409,
        "registration_closed",
        "registration for this event is closed",
        params={"event": event.id},
    )


async def _account(db: AsyncSession, name: str) -> User:
    found = await db.scalar(select(User).where(User.name_key == name_key(name)))
    if found is None:
        raise ApiError(404, "no_such_user", f"no account {name[:32]}", params={"user": name[:32]})
    return found


def _player_account(user: User) -> None:
    """Only people with an account of their own take part: no guests, no bot accounts."""
    if user.is_bot:
        raise ApiError(422, "bot_account", f"{user.name} is a bot account: it cannot take part")
    if user.is_guest:
        raise ApiError(422, "guest_account", f"{user.name} is a guest: register to take part")


async def _participants(db: AsyncSession, event: Event) -> ParticipantsOut:
    rows = await db.execute(
        select(User.name, EventParticipant.registered_at)
        .join(User, User.id == EventParticipant.user_id)
        .where(EventParticipant.event_id == event.id)
        .order_by(EventParticipant.registered_at, User.id)
    )
    return ParticipantsOut(
        event=event.id,
        registration_open=event.registration_open,
        participants=[Participant(name=n, registered_at=t) for n, t in rows.all()],
    )


async def _is_participant(db: AsyncSession, event: Event, user_id: int) -> bool:
    found = await db.get(EventParticipant, (event.id, user_id))
    return found is not None


async def _add(db: AsyncSession, event: Event, user: User) -> None:
    if not await _is_participant(db, event, user.id):
        db.add(EventParticipant(event_id=event.id, user_id=user.id, registered_at=utcnow()))
        await db.commit()


async def _remove(db: AsyncSession, event: Event, user: User) -> None:
    if not await _is_participant(db, event, user.id):
        raise ApiError(
            404,
            "not_a_participant",
            f"{user.name} is not on the event's participant list",
            params={"event": event.id, "user": user.name},
        )
    await db.execute(
        delete(EventParticipant).where(
            EventParticipant.event_id == event.id, EventParticipant.user_id == user.id
        )
    )
    await db.commit()


async def _assigned_ids(db: AsyncSession, event: Event, body: EventRoomIn) -> list[int | None]:
    """``body.seats`` as account ids, each a participant, none twice, one per seat (left out:
    every seat free)."""
    try:
        size = get_ruleset(body.ruleset).seats
    except ValueError:
        return []  # open_room refuses the ruleset in its own words
    if body.seats is None:
        return [None] * size
    if len(body.seats) != size:
        raise ApiError(
            422,
            "event_seats",
            f"{body.ruleset} has {size} seats: give {size} names or nulls",
            params={"field": "seats", "seats": size},
        )
    ids: list[int | None] = []
    for name in body.seats:
        if name is None:
            ids.append(None)
            continue
        user = await _account(db, name)
        if not await _is_participant(db, event, user.id):
            raise ApiError(
                422,
                "not_a_participant",
                f"{user.name} is not on the event's participant list: add them first",
                params={"field": "seats", "event": event.id, "user": user.name},
            )
        if user.id in ids:
            raise ApiError(
                422,
                "event_seats",
                f"{user.name} is given two seats",
                params={"field": "seats", "seats": size, "user": user.name},
            )
        ids.append(user.id)
    return ids


async def _rooms(db: AsyncSession, event: Event) -> list[EventRoomOut]:
    links = list(
        await db.scalars(
            select(EventRoom).where(EventRoom.event_id == event.id).order_by(EventRoom.room_id)
        )
    )
    if not links:
        return []
    ids = [link.room_id for link in links]
    rooms = {r.id: r for r in await db.scalars(select(Room).where(Room.id.in_(ids)))}
    games = list(await db.scalars(select(Game).where(Game.room_id.in_(ids)).order_by(Game.id)))
    seats = await db.scalars(
        select(GameSeat)
        .where(GameSeat.game_id.in_([g.id for g in games]))
        .order_by(GameSeat.game_id, GameSeat.seat)
    )
    by_game: dict[int, list[GameSeatOut]] = {}
    for s in seats:
        by_game.setdefault(s.game_id, []).append(
            GameSeatOut(
                seat=s.seat,
                name=s.display_name,
                bot=s.is_bot,
                score=s.final_score,
                placement=s.placement,
            )
        )
    kept = {uid for link in links for uid in (link.assigned or []) if uid is not None}
    names = dict((await db.execute(select(User.id, User.name).where(User.id.in_(kept)))).all())
    out = []
    for link in links:
        room = rooms.get(link.room_id)
        if room is None:
            continue
        out.append(
            EventRoomOut(
                id=room.id,
                name=room.name,
                ruleset=room.ruleset,
                preset=room.preset,
                status=room.status,
                seats=[names.get(uid) if uid is not None else None for uid in link.assigned],
                games=[
                    EventGameOut(
                        id=g.id,
                        status=g.status,
                        started_at=g.started_at,
                        finished_at=g.finished_at,
                        seats=by_game.get(g.id, []),
                    )
                    for g in games
                    if g.room_id == room.id
                ],
            )
        )
    return out


async def _results(db: AsyncSession, event: Event) -> list[dict[str, Any]]:
    return event_results.results_table(await event_results.event_games(db, event.id))


async def public_parts(db: AsyncSession, event: Event) -> dict[str, Any]:
    """An approved event's rooms and results, for its public page (``events.public_extras``)."""
    rooms = [r.model_dump(mode="json") for r in await _rooms(db, event)]
    return {"rooms": rooms, "results": await _results(db, event)}


# --- the organiser's panel ------------------------------------------------------------------


@router.put("/{event_id}/page", response_model=EventOut, response_model_exclude_unset=True)
async def edit_page(event_id: EventId, body: PageIn, db: DbSession, user: CurrentUser) -> EventOut:
    """The public page's texts (rules, prizes, schedule, announcements), stored cleaned and
    shown as text; the whole page is replaced."""
    event = await _managed(db, event_id, user)
    event.page = {key: rules.clean_text(getattr(body, key)) for key in PAGE_KEYS}
    event.updated_at = utcnow()
    await db.commit()
    return await event_out(db, event, user)


@router.post("/{event_id}/registration", response_model=EventOut, response_model_exclude_unset=True)
async def set_registration(
    event_id: EventId, body: RegistrationIn, db: DbSession, user: CurrentUser
) -> EventOut:
    """Open or close registration; a finished event does not open it again."""
    event = await _managed(db, event_id, user)
    if body.open and phase(event) == "finished":
        raise _state_error(event, "a finished event takes no more registrations")
    event.registration_open = body.open
    event.updated_at = utcnow()
    await db.commit()
    return await event_out(db, event, user)


@router.get("/{event_id}/participants", response_model=ParticipantsOut)
async def list_participants(
    event_id: EventId, db: DbSession, user: OptionalUser
) -> ParticipantsOut:
    """Whoever may see the event: the participants' account names (public, as on a results
    table) and when each registered."""
    event = await load_event(db, event_id, user)
    return await _participants(db, event)


@router.post("/{event_id}/participants", response_model=ParticipantsOut)
async def add_participant(
    event_id: EventId, body: ParticipantIn, db: DbSession, user: CurrentUser
) -> ParticipantsOut:
    """The organiser puts an account on the list (registration open or not); already there:
    nothing changes."""
    event = await _managed(db, event_id, user)
    player = await _account(db, body.name)
    _player_account(player)
    await _add(db, event, player)
    return await _participants(db, event)


@router.delete("/{event_id}/participants/{name}", response_model=ParticipantsOut)
async def remove_participant(
    event_id: EventId, name: UserName, db: DbSession, user: CurrentUser
) -> ParticipantsOut:
    """The organiser takes an account off the list (404 ``not_a_participant`` when it is not
    on it). Its games stay in the results; a seat kept for it stays kept."""
    event = await _managed(db, event_id, user)
    await _remove(db, event, await _account(db, name))
    return await _participants(db, event)


# --- players registering --------------------------------------------------------------------


async def _registrable(db: AsyncSession, event_id: int, user: User) -> Event:
    event = await load_event(db, event_id, user)
    if event.status != EventStatus.APPROVED:
        raise _state_error(event, "players register once the event is approved")
    if user.is_bot:
        raise ApiError(403, "bot_account", "a bot account does not register for events")
    if user.is_guest:
        raise ApiError(403, "guest_account", "register an account to take part in an event")
    if not event.registration_open:
        raise _registration_closed(event)
    return event


@router.post("/{event_id}/register", response_model=ParticipantsOut)
async def register(event_id: EventId, db: DbSession, user: CurrentUser) -> ParticipantsOut:
    """The signed-in player registers while registration is open (409
    ``registration_closed`` otherwise); registered already: nothing changes."""
    event = await _registrable(db, event_id, user)
    await _add(db, event, user)
    return await _participants(db, event)


@router.delete("/{event_id}/register", response_model=ParticipantsOut)
async def unregister(event_id: EventId, db: DbSession, user: CurrentUser) -> ParticipantsOut:
    """The signed-in player withdraws while registration is open (once it closes, the
    organiser removes players)."""
    event = await _registrable(db, event_id, user)
    await _remove(db, event, user)
    return await _participants(db, event)


# --- rooms and results ----------------------------------------------------------------------


@router.post("/{event_id}/rooms", status_code=201, response_model=EventRoomOut)
async def create_event_room(
    event_id: EventId, body: EventRoomIn, db: DbSession, state: State, user: CurrentUser
) -> EventRoomOut:
    """An event room, opened as ``POST /api/rooms`` opens one (any ruleset and preset; the
    owner adds bots to free seats as in any room), its games counted in the results. Seats
    kept for a participant are theirs alone (``seat_assigned`` to anyone else); free seats
    are for the event's participants. A finished event opens no rooms."""
    event = await _managed(db, event_id, user)
    if phase(event) == "finished":
        raise _state_error(event, "a finished event opens no rooms")
    assigned = await _assigned_ids(db, event, body)
    room_body = RoomIn(
        name=body.name, ruleset=body.ruleset, preset=body.preset, rules=body.rules, table=body.table
    )
    room = await open_room(
        room_body, state, db, user, extra_options={"event": event.id, "assigned": assigned}
    )
    db.add(EventRoom(room_id=room.id, event_id=event.id, assigned=assigned))
    await db.commit()
    return next(r for r in await _rooms(db, event) if r.id == room.id)


@router.get("/{event_id}/rooms", response_model=list[EventRoomOut])
async def list_event_rooms(
    event_id: EventId, db: DbSession, user: OptionalUser
) -> list[EventRoomOut]:
    """Whoever may see the event: its rooms, oldest first, with the seats kept and their games."""
    event = await load_event(db, event_id, user)
    return await _rooms(db, event)


@router.get("/{event_id}/results", response_model=list[ResultRow])
async def results(event_id: EventId, db: DbSession, user: OptionalUser) -> list[dict[str, Any]]:
    """Whoever may see the event: the results table from its rooms' finished games."""
    event = await load_event(db, event_id, user)
    return await _results(db, event)


@router.get("/{event_id}/results.csv", response_class=Response)
async def results_csv(event_id: EventId, db: DbSession, user: OptionalUser) -> Response:
    """The results table as CSV (a header row; text cells safe from formula injection)."""
    event = await load_event(db, event_id, user)
    text = event_results.results_csv(await _results(db, event))
    return Response(
        content=text.encode("utf-8"),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="event-{event.id}-results.csv"'},
    )
