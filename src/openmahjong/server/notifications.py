"""In-app notifications (docs/events.md, "Notifications"): a message to one account, always
written as a row, and emailed as well when SMTP is configured and the account has a verified
address.

``notify`` only adds the row and queues the email on the session; the route sends the queue
with ``send_queued`` after its commit, so a request that fails sends nothing, and a mail server
that is down does not undo a decision already stored (the failure is logged).
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Query
from pydantic import BaseModel
from sqlalchemy import func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from openmahjong.server.deps import CurrentUser, DbSession
from openmahjong.server.errors import ApiError
from openmahjong.server.ids import NotificationId
from openmahjong.server.mail import Mailer
from openmahjong.store.event_models import Notification
from openmahjong.store.models import User, utcnow

__all__ = ["notify", "router", "send_queued"]

log = logging.getLogger("openmahjong.server.notifications")

router = APIRouter(prefix="/api/notifications", tags=["notifications"])

_OUTBOX = "openmahjong.outbox"
TEXT_MAX = 1000
LINK_MAX = 200


def notify(
    db: AsyncSession,
    user: User,
    kind: str,
    text: str,
    params: dict[str, Any] | None = None,
    link: str | None = None,
) -> Notification:
    """Write ``user``'s notification (``kind`` with ``params`` for the client's words, ``text``
    the English words), and queue an email when the account has a verified address. The
    caller commits, then calls :func:`send_queued`."""
    row = Notification(
        user_id=user.id,
        kind=kind,
        params=params or {},
        text=text[:TEXT_MAX],
        link=link[:LINK_MAX] if link else None,
        created_at=utcnow(),
    )
    db.add(row)
    if user.email and user.email_verified_at is not None and not user.is_bot:
        body = f"Hello {user.name},\n\n{text}\n"
        if link:
            body += f"\nOpen it on the site: {link}\n"
        db.info.setdefault(_OUTBOX, []).append((user.email, f"openmahjong: {text[:120]}", body))
    return row


async def send_queued(db: AsyncSession, mailer: Mailer) -> int:
    """Send the emails :func:`notify` queued on ``db`` (after the commit); answers how many
    went out. Nothing is sent without SMTP: the in-app row is the notification then."""
    queued: list[tuple[str, str, str]] = db.info.pop(_OUTBOX, [])
    if not mailer.configured:
        return 0
    sent = 0
    for address, subject, body in queued:
        try:
            await mailer.send_text(address, subject, body)
            sent += 1
        except Exception:  # a mail server down must not turn a stored decision into a 500
            log.exception("notification email to %s failed", address)
    return sent


class NotificationOut(BaseModel):
    id: int
    kind: str
    params: dict[str, Any]
    text: str
    link: str | None
    created_at: datetime
    read_at: datetime | None


class NotificationsOut(BaseModel):
    unread: int
    items: list[NotificationOut]


def _out(row: Notification) -> NotificationOut:
    return NotificationOut(
        id=row.id,
        kind=row.kind,
        params=row.params or {},
        text=row.text,
        link=row.link,
        created_at=row.created_at,
        read_at=row.read_at,
    )


async def _unread(db: AsyncSession, user: User) -> int:
    count = await db.scalar(
        select(func.count())
        .select_from(Notification)
        .where(Notification.user_id == user.id, Notification.read_at.is_(None))
    )
    return int(count or 0)


@router.get("", response_model=NotificationsOut)
async def my_notifications(
    db: DbSession,
    user: CurrentUser,
    unread: Annotated[bool, Query(description="Only the unread ones.")] = False,
    limit: Annotated[int, Query(ge=1, le=100)] = 30,
) -> NotificationsOut:
    """The signed-in account's notifications, newest first, and how many are unread (the
    site header's count)."""
    query = select(Notification).where(Notification.user_id == user.id)
    if unread:
        query = query.where(Notification.read_at.is_(None))
    rows = await db.scalars(query.order_by(Notification.id.desc()).limit(limit))
    return NotificationsOut(unread=await _unread(db, user), items=[_out(r) for r in rows])


@router.post("/read-all", response_model=NotificationsOut)
async def read_all(db: DbSession, user: CurrentUser) -> NotificationsOut:
    """Mark every notification of the account read."""
    await db.execute(
        update(Notification)
        .where(Notification.user_id == user.id, Notification.read_at.is_(None))
        .values(read_at=utcnow())
    )
    await db.commit()
    return NotificationsOut(unread=0, items=[])


@router.post("/{notification_id}/read", response_model=NotificationOut)
async def read_one(
    notification_id: NotificationId, db: DbSession, user: CurrentUser
) -> NotificationOut:
    """Mark one notification read (another account's is a 404, as a missing one)."""
    row = await db.get(Notification, notification_id)
    if row is None or row.user_id != user.id:
        raise ApiError(
            404,
            "no_such_notification",
            f"no notification {notification_id}",
            params={"notification": notification_id},
        )
    if row.read_at is None:
        row.read_at = utcnow()
    out = _out(row)
    await db.commit()
    return out
