"""Events (issue 23): applications, their two-way notes, participants, event rooms, and the
in-app notifications that tell an organiser what the reviewers decided.

An event's ``status`` is its review state (docs/events.md, "The review"):
``draft -> pending -> approved | rejected | changes_requested``, and ``changes_requested ->
pending`` again on resubmission. Whether an approved event is running is its own pair of
times, ``opened_at`` and ``closed_at``, set by event admins (the seed: the planned dates are
the applicant's, the admins decide when it actually opens and closes).

Imported by ``openmahjong.store`` so the tables are on ``Base.metadata`` (migration 0013).
"""

from __future__ import annotations

import enum
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from openmahjong.store.models import Base, UTCDateTime, utcnow

__all__ = [
    "Event",
    "EventNote",
    "EventParticipant",
    "EventRoom",
    "EventStatus",
    "Notification",
]


class EventStatus(enum.StrEnum):
    DRAFT = "draft"
    PENDING = "pending"
    CHANGES_REQUESTED = "changes_requested"
    APPROVED = "approved"
    REJECTED = "rejected"


class Event(Base):
    __tablename__ = "events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: The applicant, and once approved the event's organiser.
    organiser_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), index=True
    )
    name: Mapped[str] = mapped_column(String(120))
    status: Mapped[str] = mapped_column(String(24), default=EventStatus.DRAFT.value, index=True)
    planned_start: Mapped[datetime] = mapped_column(UTCDateTime())
    #: None: a recurring event without a planned end.
    planned_end: Mapped[datetime | None] = mapped_column(UTCDateTime())
    #: Public: must hold the registration contact details.
    description: Mapped[str] = mapped_column(Text)
    #: Real name or usual ID, and a contact reachable within 24 hours: shown to reviewers.
    organiser_name: Mapped[str] = mapped_column(String(64))
    contact: Mapped[str] = mapped_column(String(200))
    #: For real-name verification only: event admins see it, nobody else ever does.
    phone: Mapped[str] = mapped_column(String(32))
    rules_accepted_at: Mapped[datetime] = mapped_column(UTCDateTime())
    #: The public page the organiser edits once approved: rules, prizes, schedule, announcements.
    page: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    registration_open: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    submitted_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    decided_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    decided_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    #: Set by event admins: when the approved event actually runs.
    opened_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    closed_at: Mapped[datetime | None] = mapped_column(UTCDateTime())


class EventNote(Base):
    """One entry of an event's two-way history: appended in order, never edited or deleted."""

    __tablename__ = "event_notes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    author_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    #: What happened: save, submit, resubmit, note, approve, reject, request_changes, open,
    #: close, revoke.
    kind: Mapped[str] = mapped_column(String(24))
    text: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class EventParticipant(Base):
    __tablename__ = "event_participants"

    event_id: Mapped[int] = mapped_column(
        ForeignKey("events.id", ondelete="CASCADE"), primary_key=True
    )
    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    registered_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class EventRoom(Base):
    """A room opened for an event: its games count towards the event's results."""

    __tablename__ = "event_rooms"

    room_id: Mapped[int] = mapped_column(
        ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True
    )
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    #: Seat by seat, the user id that seat is kept for, or None for a free seat.
    assigned: Mapped[list[int | None]] = mapped_column(JSON, default=list)


class Notification(Base):
    """An in-app message to one account (always written; email as well when configured)."""

    __tablename__ = "notifications"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    #: A code the client words in each language (e.g. ``event_approved``), with its params.
    kind: Mapped[str] = mapped_column(String(32))
    params: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    #: The English words, for email and for clients that do not know the code.
    text: Mapped[str] = mapped_column(String(1000))
    #: A client address to open (e.g. ``#/events/3/manage``).
    link: Mapped[str | None] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    read_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
