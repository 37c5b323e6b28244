"""Who may sit where in an event's room (docs/events.md, "Event rooms and their seats").

An event room's options carry ``event`` (the event's id) and ``assigned``: lobby seat by lobby
seat, the account that seat is kept for, or None for a free seat. A kept seat is its player's
alone; a free seat is open to the event's participants, and to bots the room's owner adds.
Where at the table (which wind) a seat plays is drawn as in every room.
"""

from __future__ import annotations

from sqlalchemy import select

from openmahjong.server.parts import RoomParts
from openmahjong.server.seats import RoomError
from openmahjong.store.event_models import EventParticipant
from openmahjong.store.models import User

__all__ = ["free_seat", "seat_for"]


def free_seat(room: RoomParts) -> int:
    """The first empty lobby seat kept for nobody (a bot's, or anyone's in a normal room)."""
    kept = room.assigned
    empty = [i for i, slot in enumerate(room.lobby) if slot is None]
    for i in empty:
        if kept is None or i >= len(kept) or kept[i] is None:
            return i
    if empty:
        raise RoomError(
            "seat_assigned",
            f"the free seats of room {room.id} are kept for the event's assigned players",
            room=room.id,
        )
    raise RoomError("room_full", f"room {room.id} has no free seat", room=room.id)


async def seat_for(room: RoomParts, user: User) -> int:
    """The lobby seat ``user`` takes on joining: their kept seat in an event room, else a
    free one (in an event room only for a participant)."""
    if room.event_id is None:
        return free_seat(room)
    kept = room.assigned or []
    if user.id in kept:
        seat = kept.index(user.id)
        if seat < len(room.lobby) and room.lobby[seat] is None:
            return seat
    seat = free_seat(room)  # refused first when no seat is left for anyone but its player
    async with room.manager.state.db.session() as s:
        registered = await s.scalar(
            select(EventParticipant.user_id).where(
                EventParticipant.event_id == room.event_id, EventParticipant.user_id == user.id
            )
        )
    if registered is None:
        raise RoomError(
            "not_a_participant",
            f"room {room.id} is an event's room: its free seats are for the event's participants",
            room=room.id,
            event=room.event_id,
        )
    return seat
