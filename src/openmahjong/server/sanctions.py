"""Sanctions in force, and what they refuse: a ban keeps an account from signing in, from a
seat and from a matchmaking line; organiser rights revoked keep it from organising.

A sanction ends by itself at its end date (every check compares with the clock), or when an
admin lifts it. When a ban starts, :func:`remove_banned` ends the account's sessions, takes it
out of its line and its lobby seats and closes its play sockets; a game already being played
goes on, with the seat's clock playing for it.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from openmahjong.server.errors import ApiError
from openmahjong.store.admin_models import AuditEntry, Sanction, SanctionKind
from openmahjong.store.models import AuthSession, User, utcnow

__all__ = [
    "active_sanction",
    "ban_message",
    "sanction_params",
    "banned_error",
    "organiser_refused",
    "record_audit",
    "remove_banned",
    "require_organiser_rights",
]

# A closed socket's code when its account is banned (4xxx: the application's own).
BANNED_CLOSE_CODE = 4403


async def active_sanction(
    db: AsyncSession, user_id: int, kind: SanctionKind, now: datetime | None = None
) -> Sanction | None:
    """The sanction of ``kind`` in force on the account, the one ending last (None: no end)."""
    rows = await db.scalars(
        select(Sanction).where(
            Sanction.user_id == user_id,
            Sanction.kind == kind.value,
            Sanction.active_at(now or utcnow()),
        )
    )
    found = list(rows)
    if not found:
        return None
    # An open-ended one outlasts every dated one.
    return max(found, key=lambda s: (s.ends_at is None, s.ends_at or s.created_at))


def ban_message(ban: Sanction) -> str:
    until = f"until {ban.ends_at:%Y-%m-%d %H:%M} UTC" if ban.ends_at else "until an admin lifts it"
    return f"this account is banned {until}: {ban.reason}"


def sanction_params(sanction: Sanction) -> dict[str, str]:
    # An open-ended one has no "until": the client then shows the English message, which says so.
    params = {"reason": sanction.reason}
    if sanction.ends_at is not None:
        params["until"] = sanction.ends_at.isoformat()
    return params


def banned_error(ban: Sanction) -> ApiError:
    return ApiError(
        403,
        "banned",
        ban_message(ban),
        params=sanction_params(ban),
    )


async def organiser_refused(db: AsyncSession, user: User) -> ApiError | None:
    """The refusal for an account whose organiser rights are revoked, else None."""
    revoked = await active_sanction(db, user.id, SanctionKind.ORGANISER_REVOKED)
    if revoked is None:
        return None
    until = f"{revoked.ends_at:%Y-%m-%d %H:%M} UTC" if revoked.ends_at else "an admin lifts it"
    return ApiError(
        403,
        "organiser_revoked",
        f"your organiser rights are revoked until {until}: {revoked.reason}",
        params=sanction_params(revoked),
    )


async def require_organiser_rights(db: AsyncSession, user: User) -> None:
    """Call before creating an event, a duplicate set or an organised room."""
    refused = await organiser_refused(db, user)
    if refused is not None:
        raise refused


def record_audit(
    db: AsyncSession,
    actor: User | None,
    target: User | None,
    action: str,
    reason: str,
    **detail: Any,
) -> AuditEntry:
    """Add an audit entry to ``db`` (committed with the action it records)."""
    entry = AuditEntry(
        actor_id=actor.id if actor is not None else None,
        actor_name=actor.name if actor is not None else "cli",
        target_id=target.id if target is not None else None,
        target_name=target.name if target is not None else None,
        action=action,
        reason=reason,
        detail={k: v for k, v in detail.items() if v is not None},
        created_at=utcnow(),
    )
    db.add(entry)
    return entry


async def end_sessions(db: AsyncSession, user_id: int) -> None:
    await db.execute(delete(AuthSession).where(AuthSession.user_id == user_id))


async def remove_banned(rooms: Any, hub: Any, user_id: int) -> None:
    """A ban started: out of the line, up from every lobby seat, every play socket closed."""
    if rooms is not None:
        await rooms.unqueue(user_id)
        for room_id in sorted(rooms.by_user.get(user_id, ())):
            room = rooms.rooms.get(room_id)
            if room is not None and room.game is None:
                await room.leave(user_id)
    if hub is not None:
        for client in list(hub.clients.get(user_id, ())):
            await close_client(client)


async def close_client(client: Any) -> None:
    import contextlib

    from starlette.websockets import WebSocketDisconnect

    with contextlib.suppress(RuntimeError, WebSocketDisconnect):
        await client.websocket.close(code=BANNED_CLOSE_CODE, reason="banned")
