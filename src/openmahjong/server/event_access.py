"""Who may see and change an event (docs/events.md, "Who may do what"): one place the
application, review and management routes all ask."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from openmahjong.server.errors import ApiError
from openmahjong.server.sanctions import require_organiser_rights
from openmahjong.store.event_models import Event, EventStatus
from openmahjong.store.models import Role, User

__all__ = [
    "is_event_admin",
    "load_event",
    "require_applicant",
    "require_event_admin",
    "require_manager",
    "require_registered",
    "visible_to",
]


def is_event_admin(user: User | None) -> bool:
    return user is not None and Role(user.role).includes(Role.EVENT_ADMIN)


def is_applicant(user: User | None, event: Event) -> bool:
    return user is not None and event.organiser_id == user.id


def visible_to(user: User | None, event: Event) -> bool:
    """Approved events are public; the others only to their applicant and event admins."""
    return event.status == EventStatus.APPROVED or is_applicant(user, event) or is_event_admin(user)


async def load_event(db: AsyncSession, event_id: int, user: User | None) -> Event:
    """The event, or 404 when there is none or ``user`` may not see it (an unreviewed name
    does not leak)."""
    event = await db.get(Event, event_id)
    if event is None or not visible_to(user, event):
        raise ApiError(404, "no_such_event", f"no event {event_id}", params={"event": event_id})
    return event


def require_registered(user: User) -> None:
    """Guests and bot accounts cannot apply for or organise events."""
    if user.is_guest or user.is_bot:
        raise ApiError(
            403,
            "organiser_account",
            "a guest or bot account cannot apply for or organise an event: register first",
        )


def require_event_admin(user: User) -> None:
    if not is_event_admin(user):
        raise ApiError(
            403,
            "forbidden",
            f"this needs the event_admin role; you are {user.role}",
            params={"role": Role.EVENT_ADMIN.value, "yours": user.role},
        )


async def require_applicant(db: AsyncSession, user: User, event: Event) -> None:
    """The applicant's own routes (edit, submit, notes): not an event admin's."""
    if not is_applicant(user, event):
        raise ApiError(403, "forbidden", "only the event's applicant can do this")
    require_registered(user)
    await require_organiser_rights(db, user)


async def require_manager(db: AsyncSession, user: User, event: Event) -> None:
    """The management panel: the organiser of an approved event (rights not revoked), or an
    event admin."""
    if is_event_admin(user):
        pass
    elif is_applicant(user, event):
        await require_organiser_rights(db, user)
    else:
        raise ApiError(403, "forbidden", "only the event's organiser or an event admin can do this")
    if event.status != EventStatus.APPROVED:
        raise ApiError(
            409,
            "event_state",
            f"the event is {event.status}: it is managed once approved",
            params={"state": event.status},
        )
