"""Rooms in the database: the table a game is played at, with the settings it was created with.

Seats, readiness and timers are live state owned by the room's task; the database keeps what
must outlive a restart: the room, its options (ruleset settings, timers, call protection ...),
its status and the games played there (``games.room_id``).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from openmahjong.store.models import Game, Room, RoomStatus, utcnow

__all__ = ["RoomClosed", "create_room", "games_at", "list_rooms", "set_status"]


class RoomClosed(ValueError):
    """A closed room stays closed: open a new one."""


async def create_room(
    session: AsyncSession,
    *,
    name: str,
    ruleset: str,
    owner_id: int | None,
    preset: str | None = None,
    options: dict[str, Any] | None = None,
    password_hash: str | None = None,
) -> Room:
    room = Room(
        name=name,
        ruleset=ruleset,
        preset=preset,
        options=dict(options or {}),
        owner_id=owner_id,
        status=RoomStatus.OPEN.value,
        password_hash=password_hash,
    )
    session.add(room)
    await session.flush()
    return room


async def list_rooms(
    session: AsyncSession,
    *,
    ruleset: str | None = None,
    statuses: tuple[RoomStatus, ...] = (RoomStatus.OPEN, RoomStatus.PLAYING),
    limit: int = 50,
) -> list[Room]:
    """Rooms in the given states (default: not closed), newest first."""
    query = select(Room).where(Room.status.in_([s.value for s in statuses]))
    if ruleset is not None:
        query = query.where(Room.ruleset == ruleset)
    query = query.order_by(Room.created_at.desc(), Room.id.desc()).limit(limit)
    return list(await session.scalars(query))


async def set_status(session: AsyncSession, room_id: int, status: RoomStatus) -> Room:
    room = await session.get(Room, room_id)
    if room is None:
        raise LookupError(f"no room {room_id}")
    if room.status == RoomStatus.CLOSED.value and status != RoomStatus.CLOSED:
        raise RoomClosed(f"room {room_id} is closed")
    room.status = status.value
    if status == RoomStatus.CLOSED and room.closed_at is None:
        room.closed_at = utcnow()
    await session.flush()
    return room


async def games_at(session: AsyncSession, room_id: int) -> list[Game]:
    """Games played in a room, oldest first."""
    result = await session.scalars(select(Game).where(Game.room_id == room_id).order_by(Game.id))
    return list(result)
