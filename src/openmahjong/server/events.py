"""Events over HTTP (docs/events.md): the application, its two-way notes, the review by event
admins, opening and closing, and the public pages.

Who may do what is asked of ``event_access`` (one place for every event route); the rules an
application must meet are ``event_rules`` (pure functions). The management panel (the page,
registration, participants, rooms, results) is ``event_run``'s; the public view asks it for an
approved event's rooms and results through :func:`public_extras`.
"""

from __future__ import annotations

import importlib
import importlib.util
from datetime import datetime
from typing import Annotated, Any, Literal, cast

from fastapi import APIRouter, Depends, Path, Query
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import CursorResult, case, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from openmahjong.server import event_rules as rules
from openmahjong.server.deps import CurrentUser, DbSession, State, optional_session
from openmahjong.server.duplicates import BoundedTime
from openmahjong.server.errors import ApiError
from openmahjong.server.event_access import (
    is_applicant,
    is_event_admin,
    load_event,
    require_applicant,
    require_event_admin,
    require_registered,
)
from openmahjong.server.ids import EventId, UserId
from openmahjong.server.notifications import notify, send_queued
from openmahjong.server.sanctions import require_organiser_rights
from openmahjong.server.security import name_key
from openmahjong.store.event_models import (
    Event,
    EventNote,
    EventParticipant,
    EventRoom,
    EventStatus,
)
from openmahjong.store.models import AuthSession, Game, GameSeat, Role, User, utcnow

__all__ = ["OptionalUser", "event_out", "move", "phase", "public_extras", "router"]

events_router = APIRouter(prefix="/api/events", tags=["events"])
users_router = APIRouter(prefix="/api/users", tags=["events"])

#: Applications an account may have unresolved at once (draft, pending, changes requested):
#: enough for a season's events, too few to flood the reviewers.
MAX_OPEN_APPLICATIONS = 10
#: The hard caps of the body, above the rules' own limits so the rules word the refusal.
_NAME_CAP, _TEXT_CAP, _LINE_CAP = 400, 8000, 600

Phase = Literal["upcoming", "running", "finished"]
Decision = Literal["approve", "reject", "request_changes"]
_UNRESOLVED = (EventStatus.DRAFT, EventStatus.PENDING, EventStatus.CHANGES_REQUESTED)
_EDITABLE = (EventStatus.DRAFT.value, EventStatus.CHANGES_REQUESTED.value)


async def _optional_user(
    db: DbSession, auth: Annotated[AuthSession | None, Depends(optional_session)]
) -> User | None:
    """The signed-in account, or None for a visitor (the public pages answer both)."""
    return None if auth is None else await db.get(User, auth.user_id)


OptionalUser = Annotated[User | None, Depends(_optional_user)]


# --- bodies ---------------------------------------------------------------------------------


class ApplicationIn(BaseModel):
    """An application; every field is judged by the rules (``POST /check`` answers them all),
    so a missing one is a problem at its field, not a malformed body."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(
        default="", max_length=_NAME_CAP, examples=["Gugu Gaga MCR Mahjong Group Tournament"]
    )
    planned_start: BoundedTime | None = None
    planned_end: BoundedTime | None = None
    description: str = Field(default="", max_length=_TEXT_CAP)
    organiser_name: str = Field(default="", max_length=_LINE_CAP)
    contact: str = Field(default="", max_length=_LINE_CAP)
    phone: str = Field(default="", max_length=_LINE_CAP)
    notes: str = Field(default="", max_length=rules.NOTES_MAX)
    accept_rules: bool = False
    #: True: send for review (pending); false: save a draft.
    submit: bool = True


class EventPatch(BaseModel):
    """Changes to an application; a field left out stays. ``planned_end: null`` removes the
    end (a recurring event)."""

    model_config = ConfigDict(extra="forbid")

    name: str | None = Field(default=None, max_length=_NAME_CAP)
    planned_start: BoundedTime | None = None
    planned_end: BoundedTime | None = None
    description: str | None = Field(default=None, max_length=_TEXT_CAP)
    organiser_name: str | None = Field(default=None, max_length=_LINE_CAP)
    contact: str | None = Field(default=None, max_length=_LINE_CAP)
    phone: str | None = Field(default=None, max_length=_LINE_CAP)
    notes: str = Field(default="", max_length=rules.NOTES_MAX)


class SubmitIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    notes: str = Field(default="", max_length=rules.NOTES_MAX)


class NoteIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    text: str = Field(min_length=1, max_length=rules.NOTES_MAX)


class ReviewIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    decision: Decision
    #: Required to reject or request changes: the applicant reads it.
    reason: str = Field(default="", max_length=rules.NOTES_MAX)


# --- answers --------------------------------------------------------------------------------


class Problem(BaseModel):
    field: str
    code: str
    message: str
    params: dict[str, Any]


class CheckOut(BaseModel):
    problems: list[Problem]


class NoteOut(BaseModel):
    kind: str
    #: The account's name (null: removed).
    author: str | None
    #: Written by an event admin rather than the applicant.
    reviewer: bool
    text: str
    at: datetime


class Viewer(BaseModel):
    """What the asking account may do with the event (the pages show their buttons by it)."""

    applicant: bool
    event_admin: bool
    can_edit: bool
    can_submit: bool
    can_review: bool
    can_manage: bool


class EventOut(BaseModel):
    """An event as the asker may see it. The public keys are always there; ``contact``,
    ``notes`` and the review times only for the applicant and event admins; ``phone`` only for
    event admins (a key left out, never a null)."""

    id: int
    name: str
    status: str
    #: upcoming, running or finished once approved; null before.
    phase: Phase | None
    organiser: str | None
    organiser_name: str
    planned_start: datetime
    planned_end: datetime | None
    opened_at: datetime | None
    closed_at: datetime | None
    description: str
    page: dict[str, Any]
    registration_open: bool
    participants: int
    rooms: list[dict[str, Any]] = Field(default_factory=list)
    results: list[dict[str, Any]] = Field(default_factory=list)
    viewer: Viewer | None = None
    contact: str | None = None
    created_at: datetime | None = None
    submitted_at: datetime | None = None
    decided_at: datetime | None = None
    notes: list[NoteOut] | None = None
    phone: str | None = None


class EventSummary(BaseModel):
    id: int
    name: str
    status: str
    phase: Phase | None
    organiser: str | None
    organiser_name: str
    planned_start: datetime
    planned_end: datetime | None
    opened_at: datetime | None
    closed_at: datetime | None
    registration_open: bool
    participants: int


class PlayedEvent(EventSummary):
    #: On the participant list.
    registered: bool
    #: Games the account sat in at the event's rooms.
    games: int


class RulesOut(BaseModel):
    event_rules: list[str]
    name_rule: str
    name_examples: dict[str, list[str]]
    fields: dict[str, str]
    limits: dict[str, Any]


# --- helpers --------------------------------------------------------------------------------


def phase(event: Event) -> Phase | None:
    """An approved event is upcoming until opened, running until closed, then finished."""
    if event.status != EventStatus.APPROVED:
        return None
    if event.closed_at is not None:
        return "finished"
    return "running" if event.opened_at is not None else "upcoming"


async def public_extras(db: AsyncSession, event: Event) -> dict[str, Any]:
    """An approved event's ``rooms`` and ``results`` for its public page, from
    ``event_run.public_parts(db, event)`` (an awaitable answering a dict with those keys)
    when that module provides it; empty otherwise."""
    if event.status != EventStatus.APPROVED:
        return {}
    if importlib.util.find_spec("openmahjong.server.event_run") is None:
        return {}
    module = importlib.import_module("openmahjong.server.event_run")
    parts = getattr(module, "public_parts", None)
    if parts is None:
        return {}
    found = await parts(db, event)
    return {k: found[k] for k in ("rooms", "results") if k in found}


def _state_error(event: Event, wanted: str) -> ApiError:
    state = phase(event) or event.status
    return ApiError(
        409,
        "event_state",
        f"the event is {state}: {wanted}",
        params={"state": state, "event": event.id},
    )


async def move(db: AsyncSession, event: Event, wanted: str, **values: Any) -> None:
    """Change ``event`` only if it is still in the state it was read in: of two reviewers
    deciding at once one wins, the other gets the 409 ``event_state`` (``wanted`` says what
    was wanted). The values are set on ``event`` too."""
    same = [
        Event.id == event.id,
        Event.status == event.status,
        Event.opened_at.is_(None) if event.opened_at is None else Event.opened_at.is_not(None),
        Event.closed_at.is_(None) if event.closed_at is None else Event.closed_at.is_not(None),
    ]
    result = cast(
        "CursorResult[Any]",
        await db.execute(
            update(Event).where(*same).values(**values).execution_options(synchronize_session=False)
        ),
    )
    if result.rowcount != 1:
        event_id = event.id  # read before the rollback expires it
        await db.rollback()
        fresh = await db.get(Event, event_id, populate_existing=True)
        if fresh is None:
            raise ApiError(404, "no_such_event", f"no event {event_id}", params={"event": event_id})
        raise _state_error(fresh, wanted)
    for key, value in values.items():
        setattr(event, key, value)


def _refusal(problems: list[rules.Problem]) -> ApiError:
    """The first problem as the error, its field in ``params`` (``POST /check`` lists them
    all: the error shape has no room for a list)."""
    first = problems[0]
    return ApiError(422, first["code"], first["message"], params=first["params"])


def _application(body: ApplicationIn | Event, accepted: bool) -> rules.Application:
    return rules.Application(
        name=rules.clean_line(body.name),
        planned_start=body.planned_start,
        planned_end=body.planned_end,
        description=rules.clean_text(body.description),
        organiser_name=rules.clean_line(body.organiser_name),
        contact=rules.clean_line(body.contact),
        phone=rules.clean_line(body.phone),
        accept_rules=accepted,
    )


def _note(db: AsyncSession, event: Event, author: User, kind: str, text: str = "") -> None:
    db.add(
        EventNote(
            event_id=event.id,
            author_id=author.id,
            kind=kind,
            text=rules.clean_text(text),
            created_at=utcnow(),
        )
    )


async def _names(db: AsyncSession, ids: set[int]) -> dict[int, str]:
    if not ids:
        return {}
    rows = await db.execute(select(User.id, User.name).where(User.id.in_(ids)))
    return {uid: name for uid, name in rows.all()}


async def _participant_counts(db: AsyncSession, ids: list[int]) -> dict[int, int]:
    if not ids:
        return {}
    rows = await db.execute(
        select(EventParticipant.event_id, func.count())
        .where(EventParticipant.event_id.in_(ids))
        .group_by(EventParticipant.event_id)
    )
    return {eid: int(n) for eid, n in rows.all()}


def _viewer(user: User | None, event: Event) -> Viewer:
    applicant = is_applicant(user, event)
    admin = is_event_admin(user)
    editable = event.status in _EDITABLE
    approved = event.status == EventStatus.APPROVED
    return Viewer(
        applicant=applicant,
        event_admin=admin,
        can_edit=applicant and editable,
        can_submit=applicant and editable,
        can_review=admin and not applicant and event.status == EventStatus.PENDING,
        can_manage=approved and (applicant or admin),
    )


async def _notes(db: AsyncSession, event: Event) -> list[NoteOut]:
    rows = list(
        await db.scalars(
            select(EventNote).where(EventNote.event_id == event.id).order_by(EventNote.id)
        )
    )
    names = await _names(db, {r.author_id for r in rows if r.author_id is not None})
    return [
        NoteOut(
            kind=r.kind,
            author=names.get(r.author_id) if r.author_id is not None else None,
            reviewer=r.author_id != event.organiser_id,
            text=r.text,
            at=r.created_at,
        )
        for r in rows
    ]


async def event_out(
    db: AsyncSession, event: Event, user: User | None, *, with_extras: bool = True
) -> EventOut:
    """The event as ``user`` may see it (``load_event`` already said they may see it)."""
    names = await _names(db, {event.organiser_id} if event.organiser_id is not None else set())
    counts = await _participant_counts(db, [event.id])
    values: dict[str, Any] = {
        "id": event.id,
        "name": event.name,
        "status": event.status,
        "phase": phase(event),
        "organiser": names.get(event.organiser_id) if event.organiser_id else None,
        "organiser_name": event.organiser_name,
        "planned_start": event.planned_start,
        "planned_end": event.planned_end,
        "opened_at": event.opened_at,
        "closed_at": event.closed_at,
        "description": event.description,
        "page": event.page or {},
        "registration_open": event.registration_open,
        "participants": counts.get(event.id, 0),
    }
    if with_extras:
        values.update(await public_extras(db, event))
    if user is not None:
        values["viewer"] = _viewer(user, event)
    if is_applicant(user, event) or is_event_admin(user):
        values.update(
            contact=event.contact,
            created_at=event.created_at,
            submitted_at=event.submitted_at,
            decided_at=event.decided_at,
            notes=await _notes(db, event),
        )
    if is_event_admin(user):
        values["phone"] = event.phone
    return EventOut(**values)


async def _summaries(db: AsyncSession, events: list[Event]) -> list[EventSummary]:
    names = await _names(db, {e.organiser_id for e in events if e.organiser_id is not None})
    counts = await _participant_counts(db, [e.id for e in events])
    return [
        EventSummary(
            id=e.id,
            name=e.name,
            status=e.status,
            phase=phase(e),
            organiser=names.get(e.organiser_id) if e.organiser_id else None,
            organiser_name=e.organiser_name,
            planned_start=e.planned_start,
            planned_end=e.planned_end,
            opened_at=e.opened_at,
            closed_at=e.closed_at,
            registration_open=e.registration_open,
            participants=counts.get(e.id, 0),
        )
        for e in events
    ]


async def _notify_applicant(
    db: AsyncSession, event: Event, kind: str, words: str, **params: Any
) -> None:
    if event.organiser_id is None:
        return
    applicant = await db.get(User, event.organiser_id)
    if applicant is not None:
        notify(
            db,
            applicant,
            kind,
            words,
            {"event": event.id, "name": event.name, **params},
            f"#/events/{event.id}/manage",
        )


async def _notify_reviewers(db: AsyncSession, event: Event, resubmitted: bool) -> None:
    admins = await db.scalars(
        select(User).where(User.role.in_([Role.EVENT_ADMIN.value, Role.ADMIN.value]))
    )
    verb = "resubmitted" if resubmitted else "submitted"
    for admin in admins:
        if admin.id != event.organiser_id:
            notify(
                db,
                admin,
                "event_submitted",
                f"The event application '{event.name}' was {verb} for review.",
                {"event": event.id, "name": event.name, "resubmitted": resubmitted},
                "#/events/review",
            )


# --- the application ------------------------------------------------------------------------


@events_router.get("/rules", response_model=RulesOut)
async def event_rules_text() -> RulesOut:
    """The platform's event rules, the name rule with its examples, and each field's help,
    for the application form."""
    return RulesOut(**rules.rules_text())


@events_router.post("/check", response_model=CheckOut)
async def check_application(body: ApplicationIn) -> CheckOut:
    """Every problem of an application at once, saving nothing (the form checks as the user
    types). No account needed: the rules are public."""
    problems = rules.check_application(_application(body, body.accept_rules), utcnow())
    return CheckOut(problems=[Problem(**p) for p in problems])


@events_router.post("", status_code=201, response_model=EventOut, response_model_exclude_unset=True)
async def apply(body: ApplicationIn, db: DbSession, state: State, user: CurrentUser) -> EventOut:
    """Apply for an event (``submit: true``, pending review) or save a draft (``submit:
    false``). A registered account whose organiser rights are not revoked; every rule is
    checked either way (422 with the first problem; ``POST /check`` lists them all)."""
    require_registered(user)
    await require_organiser_rights(db, user)
    app = _application(body, body.accept_rules)
    problems = rules.check_application(app, utcnow())
    if problems:
        raise _refusal(problems)
    unresolved = await db.scalar(
        select(func.count())
        .select_from(Event)
        .where(Event.organiser_id == user.id, Event.status.in_([s.value for s in _UNRESOLVED]))
    )
    if (unresolved or 0) >= MAX_OPEN_APPLICATIONS:
        raise ApiError(
            409,
            "too_many_applications",
            f"you have {MAX_OPEN_APPLICATIONS} applications waiting: finish or withdraw one first",
            params={"max": MAX_OPEN_APPLICATIONS},
        )
    now = utcnow()
    assert app.planned_start is not None  # the rules refused a missing start
    event = Event(
        organiser_id=user.id,
        name=app.name,
        status=(EventStatus.PENDING if body.submit else EventStatus.DRAFT).value,
        planned_start=app.planned_start,
        planned_end=app.planned_end,
        description=app.description,
        organiser_name=app.organiser_name,
        contact=app.contact,
        phone=app.phone,
        rules_accepted_at=now,
        page={},
        registration_open=False,
        created_at=now,
        updated_at=now,
        submitted_at=now if body.submit else None,
    )
    db.add(event)
    await db.flush()
    _note(db, event, user, "submit" if body.submit else "save", body.notes)
    if body.submit:
        await _notify_reviewers(db, event, resubmitted=False)
    await db.commit()
    await send_queued(db, state.mailer)
    return await event_out(db, event, user)


@events_router.get("/mine", response_model=list[EventSummary])
async def my_events(
    db: DbSession, user: CurrentUser, limit: Annotated[int, Query(ge=1, le=100)] = 50
) -> list[EventSummary]:
    """The signed-in account's applications and events, in every state, newest first."""
    rows = await db.scalars(
        select(Event)
        .where(Event.organiser_id == user.id)
        .order_by(Event.created_at.desc(), Event.id.desc())
        .limit(limit)
    )
    return await _summaries(db, list(rows))


@events_router.get("/review", response_model=list[EventOut], response_model_exclude_unset=True)
async def review_queue(
    db: DbSession,
    user: CurrentUser,
    status: Annotated[
        Literal["pending", "changes_requested", "approved", "rejected"] | None, Query()
    ] = None,
    limit: Annotated[int, Query(ge=1, le=200)] = 100,
) -> list[EventOut]:
    """Event admins: the applications sent for review (drafts are their applicant's own),
    pending first, then waiting for changes, then decided; oldest submission first."""
    require_event_admin(user)
    query = select(Event).where(Event.status != EventStatus.DRAFT.value)
    if status is not None:
        query = query.where(Event.status == status)
    order = case(
        (Event.status == EventStatus.PENDING.value, 0),
        (Event.status == EventStatus.CHANGES_REQUESTED.value, 1),
        else_=2,
    )
    rows = await db.scalars(query.order_by(order, Event.submitted_at, Event.id).limit(limit))
    return [await event_out(db, e, user, with_extras=False) for e in rows]


# --- public pages ---------------------------------------------------------------------------


@events_router.get("", response_model=list[EventSummary])
async def list_events(
    db: DbSession,
    phase_: Annotated[Phase | None, Query(alias="phase")] = None,
    limit: Annotated[int, Query(ge=1, le=100)] = 50,
    offset: Annotated[int, Query(ge=0, le=10000)] = 0,
) -> list[EventSummary]:
    """Approved events: running first, then upcoming, then finished; within each, the latest
    planned start first. ``phase`` keeps one of them."""
    query = select(Event).where(Event.status == EventStatus.APPROVED.value)
    if phase_ == "running":
        query = query.where(Event.opened_at.is_not(None), Event.closed_at.is_(None))
    elif phase_ == "upcoming":
        query = query.where(Event.opened_at.is_(None), Event.closed_at.is_(None))
    elif phase_ == "finished":
        query = query.where(Event.closed_at.is_not(None))
    order = case(
        (Event.closed_at.is_not(None), 2),
        (Event.opened_at.is_not(None), 0),
        else_=1,
    )
    rows = await db.scalars(
        query.order_by(order, Event.planned_start.desc(), Event.id.desc())
        .limit(limit)
        .offset(offset)
    )
    return await _summaries(db, list(rows))


@events_router.get("/{event_id}", response_model=EventOut, response_model_exclude_unset=True)
async def get_event(event_id: EventId, db: DbSession, user: OptionalUser) -> EventOut:
    """The event's page: public for an approved event (with its rooms and results); an
    unapproved one only to its applicant and event admins (404 to others). The applicant and
    event admins also get the contact and the notes history; event admins the phone."""
    event = await load_event(db, event_id, user)
    return await event_out(db, event, user)


# --- the applicant's changes ----------------------------------------------------------------

_DATE_FIELDS = frozenset({"planned_start", "planned_end", "notes"})


@events_router.patch("/{event_id}", response_model=EventOut, response_model_exclude_unset=True)
async def edit_event(
    event_id: EventId, body: EventPatch, db: DbSession, user: CurrentUser
) -> EventOut:
    """The applicant changes the application: every field while it is a draft or changes are
    requested; the planned dates at any time before it is rejected. The whole application is
    checked again; a ``notes`` text goes to the history with the save."""
    event = await load_event(db, event_id, user)
    await require_applicant(db, user, event)
    changed = body.model_fields_set - {"notes"}
    if event.status not in _EDITABLE and (
        not changed <= _DATE_FIELDS or event.status == EventStatus.REJECTED
    ):
        raise _state_error(event, "only the planned dates can change now")
    merged = ApplicationIn(
        name=body.name if body.name is not None else event.name,
        planned_start=body.planned_start if "planned_start" in changed else event.planned_start,
        planned_end=body.planned_end if "planned_end" in changed else event.planned_end,
        description=body.description if body.description is not None else event.description,
        organiser_name=(
            body.organiser_name if body.organiser_name is not None else event.organiser_name
        ),
        contact=body.contact if body.contact is not None else event.contact,
        phone=body.phone if body.phone is not None else event.phone,
    )
    app = _application(merged, True)
    problems = rules.check_application(app, utcnow())
    if problems:
        raise _refusal(problems)
    if not changed and not body.notes.strip():
        return await event_out(db, event, user)
    assert app.planned_start is not None
    event.name = app.name
    event.planned_start = app.planned_start
    event.planned_end = app.planned_end
    event.description = app.description
    event.organiser_name = app.organiser_name
    event.contact = app.contact
    event.phone = app.phone
    event.updated_at = utcnow()
    _note(db, event, user, "save", body.notes)
    await db.commit()
    return await event_out(db, event, user)


@events_router.post(
    "/{event_id}/submit", response_model=EventOut, response_model_exclude_unset=True
)
async def submit_event(
    event_id: EventId,
    db: DbSession,
    state: State,
    user: CurrentUser,
    body: SubmitIn | None = None,
) -> EventOut:
    """Send a draft for review, or resubmit after changes were requested (to ``pending``)."""
    event = await load_event(db, event_id, user)
    await require_applicant(db, user, event)
    wanted = "only a draft or an application with changes requested can be submitted"
    if event.status not in _EDITABLE:
        raise _state_error(event, wanted)
    resubmitted = event.status == EventStatus.CHANGES_REQUESTED
    now = utcnow()
    await move(
        db, event, wanted, status=EventStatus.PENDING.value, submitted_at=now, updated_at=now
    )
    _note(db, event, user, "resubmit" if resubmitted else "submit", body.notes if body else "")
    await _notify_reviewers(db, event, resubmitted)
    await db.commit()
    await send_queued(db, state.mailer)
    return await event_out(db, event, user)


@events_router.post(
    "/{event_id}/notes", status_code=201, response_model=EventOut,
    response_model_exclude_unset=True,
)  # fmt: skip
async def add_note(
    event_id: EventId, body: NoteIn, db: DbSession, state: State, user: CurrentUser
) -> EventOut:
    """A note in the two-way history, by the applicant or an event admin, in any state. A
    reviewer's note is sent to the applicant as a notification."""
    event = await load_event(db, event_id, user)
    if not is_event_admin(user):
        await require_applicant(db, user, event)
    text = rules.clean_text(body.text)
    if not text:
        raise ApiError(422, "event_note_empty", "a note needs some text", params={"field": "text"})
    _note(db, event, user, "note", text)
    if not is_applicant(user, event):
        await _notify_applicant(
            db, event, "event_note", f"A reviewer wrote on '{event.name}': {text}", text=text
        )
    await db.commit()
    await send_queued(db, state.mailer)
    return await event_out(db, event, user)


# --- the review -----------------------------------------------------------------------------

_DECIDED = {
    "approve": (EventStatus.APPROVED, "event_approved", "Your event '{name}' was approved."),
    "reject": (
        EventStatus.REJECTED,
        "event_rejected",
        "Your event '{name}' was rejected: {reason}",
    ),
    "request_changes": (
        EventStatus.CHANGES_REQUESTED,
        "event_changes_requested",
        "Changes were requested to your event '{name}': {reason}",
    ),
}


@events_router.post(
    "/{event_id}/review", response_model=EventOut, response_model_exclude_unset=True
)
async def review_event(
    event_id: EventId, body: ReviewIn, db: DbSession, state: State, user: CurrentUser
) -> EventOut:
    """Event admins decide on a pending application: approve, reject (final) or request
    changes; a reason is required for the last two. The decision goes to the history with its
    reason and to the applicant as a notification (and an email when configured)."""
    require_event_admin(user)
    event = await load_event(db, event_id, user)
    wanted = "only a pending application can be reviewed"
    if event.status != EventStatus.PENDING:
        raise _state_error(event, wanted)
    if is_applicant(user, event):
        raise ApiError(403, "forbidden", "an event admin does not review their own application")
    reason = rules.clean_text(body.reason)
    if body.decision != "approve" and not reason:
        raise ApiError(
            422,
            "event_reason_required",
            "give the applicant a reason to reject or to request changes",
            params={"field": "reason", "decision": body.decision},
        )
    status, kind, words = _DECIDED[body.decision]
    now = utcnow()
    decided = (
        {}
        if status == EventStatus.CHANGES_REQUESTED
        else {"decided_at": now, "decided_by": user.id}
    )
    await move(db, event, wanted, status=status.value, updated_at=now, **decided)
    _note(db, event, user, body.decision, reason)
    await _notify_applicant(
        db, event, kind, words.format(name=event.name, reason=reason), reason=reason
    )
    await db.commit()
    await send_queued(db, state.mailer)
    return await event_out(db, event, user)


@events_router.post("/{event_id}/open", response_model=EventOut, response_model_exclude_unset=True)
async def open_event(event_id: EventId, db: DbSession, user: CurrentUser) -> EventOut:
    """Event admins: an approved event starts running (the planned dates are only the
    applicant's plan)."""
    require_event_admin(user)
    event = await load_event(db, event_id, user)
    wanted = "only an approved event that has not opened can open"
    if phase(event) != "upcoming":
        raise _state_error(event, wanted)
    now = utcnow()
    await move(db, event, wanted, opened_at=now, updated_at=now)
    _note(db, event, user, "open")
    await db.commit()
    return await event_out(db, event, user)


@events_router.post("/{event_id}/close", response_model=EventOut, response_model_exclude_unset=True)
async def close_event(event_id: EventId, db: DbSession, user: CurrentUser) -> EventOut:
    """Event admins: a running event is finished; its page and results stay."""
    require_event_admin(user)
    event = await load_event(db, event_id, user)
    wanted = "only a running event can close"
    if phase(event) != "running":
        raise _state_error(event, wanted)
    now = utcnow()
    await move(db, event, wanted, closed_at=now, updated_at=now, registration_open=False)
    _note(db, event, user, "close")
    await db.commit()
    return await event_out(db, event, user)


# --- a player's events ----------------------------------------------------------------------

players_router = APIRouter(prefix="/api/players", tags=["events"])
UserName = Annotated[str, Path(min_length=1, max_length=64, description="An account's name.")]


@users_router.get("/{name}/events", response_model=list[PlayedEvent])
async def user_events(name: UserName, db: DbSession) -> list[PlayedEvent]:
    """The approved events an account registered for or played in (a game at one of the
    event's rooms), latest planned start first: the profile's events."""
    player = await db.scalar(select(User).where(User.name_key == name_key(name)))
    if player is None:
        raise ApiError(404, "no_such_user", f"no account {name[:32]}", params={"user": name[:32]})
    return await _events_of(db, player)


@players_router.get("/{player_id}/events", response_model=list[PlayedEvent])
async def player_events(player_id: UserId, db: DbSession) -> list[PlayedEvent]:
    """The same list by the account's id: the profile page's, which knows the id."""
    player = await db.get(User, player_id)
    if player is None:
        raise ApiError(404, "no_such_user", f"no account {player_id}", params={"user": player_id})
    return await _events_of(db, player)


async def _events_of(db: AsyncSession, player: User) -> list[PlayedEvent]:
    registered = set(
        await db.scalars(
            select(EventParticipant.event_id).where(EventParticipant.user_id == player.id)
        )
    )
    played_rows = await db.execute(
        select(EventRoom.event_id, func.count(func.distinct(Game.id)))
        .join(Game, Game.room_id == EventRoom.room_id)
        .join(GameSeat, GameSeat.game_id == Game.id)
        .where(GameSeat.user_id == player.id)
        .group_by(EventRoom.event_id)
    )
    played = {eid: int(n) for eid, n in played_rows.all()}
    ids = registered | set(played)
    if not ids:
        return []
    events = await db.scalars(
        select(Event)
        .where(Event.id.in_(ids), Event.status == EventStatus.APPROVED.value)
        .order_by(Event.planned_start.desc(), Event.id.desc())
    )
    return [
        PlayedEvent(**s.model_dump(), registered=s.id in registered, games=played.get(s.id, 0))
        for s in await _summaries(db, list(events))
    ]


#: What app.py includes: the events routes and the profile's events.
router = APIRouter()
router.include_router(events_router)
router.include_router(users_router)
router.include_router(players_router)
