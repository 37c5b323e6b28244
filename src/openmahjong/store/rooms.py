"""Rooms in the database: the table a game is played at, with the settings it was created with,
and what waits for a game (lobby seats, matchmaking lines).

Timers are live state owned by the room's task; the database keeps what must outlive a
restart: the room, its options (ruleset settings, timers, call protection ...), its status, the
games played there (``games.room_id``), the seats taken in its lobby while it is open, and the
players waiting in matchmaking lines.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from openmahjong.store.models import (
    Game,
    LobbySeat,
    QueueEntry,
    Room,
    RoomStatus,
    User,
    utcnow,
)

__all__ = [
    "RoomClosed",
    "create_room",
    "games_at",
    "join_queue",
    "leave_queue",
    "list_rooms",
    "open_lobbies",
    "queue_entries",
    "save_lobby",
    "set_status",
]


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
    if status != RoomStatus.OPEN:  # a game took the seats, or nobody will sit here again
        await save_lobby(session, room_id, [])
    if status == RoomStatus.CLOSED and room.closed_at is None:
        room.closed_at = utcnow()
    await session.flush()
    return room


async def games_at(session: AsyncSession, room_id: int) -> list[Game]:
    """Games played in a room, oldest first."""
    result = await session.scalars(select(Game).where(Game.room_id == room_id).order_by(Game.id))
    return list(result)


async def save_lobby(session: AsyncSession, room_id: int, seats: Sequence[LobbySeat]) -> None:
    """Make ``seats`` (rows of this room, taken seats only) the whole of the room's lobby."""
    await session.execute(delete(LobbySeat).where(LobbySeat.room_id == room_id))
    session.add_all(seats)
    await session.flush()


async def open_lobbies(session: AsyncSession) -> dict[Room, list[LobbySeat]]:
    """The taken lobby seats of every open room that has any, by room, in seat order."""
    rows = await session.execute(
        select(Room, LobbySeat)
        .join(LobbySeat, LobbySeat.room_id == Room.id)
        .where(Room.status == RoomStatus.OPEN.value)
        .order_by(Room.id, LobbySeat.seat)
    )
    lobbies: dict[Room, list[LobbySeat]] = {}
    for room, seat in rows:
        lobbies.setdefault(room, []).append(seat)
    return lobbies


async def join_queue(
    session: AsyncSession,
    user_id: int,
    ruleset: str,
    preset: str,
    joined_at: datetime,
    casual: bool = False,
    tier: str | None = None,
) -> None:
    """Put a player at the end of a matchmaking line (``casual``: the preset's unranked line;
    ``tier``: the ranked line's room tier), out of any line they were in."""
    await leave_queue(session, [user_id])
    entry = QueueEntry(
        user_id=user_id,
        ruleset=ruleset,
        preset=preset,
        joined_at=joined_at,
        casual=casual,
        tier=None if casual else tier,
    )
    session.add(entry)
    await session.flush()


async def leave_queue(session: AsyncSession, user_ids: Iterable[int]) -> None:
    """Take players out of the line they wait in (seated, or they left it)."""
    await session.execute(delete(QueueEntry).where(QueueEntry.user_id.in_(list(user_ids))))


async def queue_entries(session: AsyncSession) -> list[tuple[QueueEntry, User]]:
    """Every player waiting in a matchmaking line, first come first, with their account."""
    rows = await session.execute(
        select(QueueEntry, User)
        .join(User, User.id == QueueEntry.user_id)
        .order_by(QueueEntry.joined_at, QueueEntry.id)
    )
    return [(entry, user) for entry, user in rows]
