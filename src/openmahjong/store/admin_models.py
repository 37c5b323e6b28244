"""What admins keep about accounts: extra roles, sanctions and the audit log.

``users.role`` stays the ladder the server checks routes against (player, event_admin, admin);
the roles here sit beside it and do not stack (an organiser may run events, a sponsor has a
larger download quota). Sanctions end by themselves at ``ends_at`` (or when an admin lifts them);
nothing is ever deleted from the audit log.
"""

from __future__ import annotations

import enum
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, Integer, String, and_, or_
from sqlalchemy.orm import Mapped, mapped_column
from sqlalchemy.sql.elements import ColumnElement

from openmahjong.store.models import Base, UTCDateTime, utcnow

__all__ = ["AccountRole", "AuditEntry", "Sanction", "SanctionKind", "UserRole"]


class AccountRole(enum.StrEnum):
    """The roles an admin grants. ``admin`` is ``users.role``; the others are ``user_roles``."""

    ADMIN = "admin"
    ORGANISER = "organiser"
    SPONSOR = "sponsor"


class SanctionKind(enum.StrEnum):
    #: A note the player sees on their account page; nothing is refused.
    WARNING = "warning"
    #: No events, duplicate sets or organised rooms until it ends.
    ORGANISER_REVOKED = "organiser_revoked"
    #: No sign-in, no seat, no place in a line until it ends.
    BAN = "ban"


class UserRole(Base):
    __tablename__ = "user_roles"

    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    role: Mapped[str] = mapped_column(String(16), primary_key=True)
    granted_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    granted_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class Sanction(Base):
    __tablename__ = "sanctions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(24))
    reason: Mapped[str] = mapped_column(String(500))
    created_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    #: None: until an admin lifts it.
    ends_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    lifted_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    lifted_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))

    @classmethod
    def active_at(cls, now: datetime) -> ColumnElement[bool]:
        """In force at ``now``: not lifted, and no end or an end still to come."""
        return and_(cls.lifted_at.is_(None), or_(cls.ends_at.is_(None), cls.ends_at > now))

    def active(self, now: datetime) -> bool:
        return self.lifted_at is None and (self.ends_at is None or self.ends_at > now)


class AuditEntry(Base):
    """One admin action: who did what to whom, why and when. Names are kept beside the ids so
    an entry still reads right after an account is gone."""

    __tablename__ = "audit_log"
    __table_args__ = (Index("ix_audit_log_target_id", "target_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    actor_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    #: The admin's name, or "cli" for the command line.
    actor_name: Mapped[str] = mapped_column(String(32))
    target_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    target_name: Mapped[str | None] = mapped_column(String(32))
    #: e.g. "role.grant", "role.revoke", "sanction.ban", "sanction.lift", "rank_credit.grant".
    action: Mapped[str] = mapped_column(String(32))
    reason: Mapped[str] = mapped_column(String(500))
    #: What the action needs beyond that (the role, the end date, the rank...).
    detail: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, index=True)
