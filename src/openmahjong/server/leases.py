"""Room ownership by lease (docs/deploy.md "Room ownership"): of several server processes on one
database, only the holder of a live room's lease runs its game task.

A lease is (room id -> owner, expiry). ``acquire`` takes a lease that is free, expired or
already ours; ``renew`` extends the leases still ours and says which; ``release`` gives one
up. Every one of them is a single atomic step in the store, so of two processes reaching for
the same expired lease exactly one gets it:

* ``RedisLeases``: ``SET key owner NX PX ttl`` to take a free key (an expired key is gone),
  a Lua script that extends or deletes the key only while it still names us;
* ``DatabaseLeases``: the ``room_leases`` table, taken over by a conditional ``UPDATE``
  (``WHERE expires_at < now OR owner = me``) or a first ``INSERT`` (the primary key refuses
  the second);
* ``NoLeases``: one process alone (the default without Redis): every room is its own.

The action log's primary key ``(game_id, seq)`` stays the last fence: should a stalled owner
write after its lease was taken, its action conflicts with the new owner's and is refused.
"""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any, Protocol

from sqlalchemy import delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from openmahjong.store.models import RoomLease, utcnow

__all__ = [
    "DatabaseLeases",
    "Leases",
    "NoLeases",
    "RedisLeases",
    "leases_for",
    "new_owner",
]


def new_owner() -> str:
    """This process' name in the lease store: unique per start, so a restarted process never
    mistakes the leases of its killed predecessor for its own."""
    return uuid.uuid4().hex


class Leases(Protocol):
    owner: str
    #: How long a lease holds without renewal; the owner renews well within it.
    seconds: float

    async def acquire(self, room_id: int) -> bool: ...

    async def renew(self, room_ids: set[int]) -> set[int]: ...

    async def release(self, room_id: int) -> None: ...

    async def holder(self, room_id: int) -> str | None: ...

    async def holders(self, room_ids: list[int]) -> dict[int, str]: ...

    async def close(self) -> None: ...


class NoLeases:
    """One server process: it owns every room, nothing is stored."""

    shared = False

    def __init__(self, seconds: float = 10.0) -> None:
        self.owner = "this-process"
        self.seconds = seconds

    async def acquire(self, room_id: int) -> bool:
        return True

    async def renew(self, room_ids: set[int]) -> set[int]:
        return set(room_ids)

    async def release(self, room_id: int) -> None:
        return None

    async def holder(self, room_id: int) -> str | None:
        return self.owner

    async def holders(self, room_ids: list[int]) -> dict[int, str]:
        return dict.fromkeys(room_ids, self.owner)

    async def close(self) -> None:
        return None


# Extend (or delete) the key only while it still names this owner: a lease another process
# took after ours expired is left alone.
_RENEW = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
    return redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 0
"""
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
    return redis.call('DEL', KEYS[1])
end
return 0
"""


class RedisLeases:
    """Leases as Redis keys ``<prefix>room:<id>`` holding the owner, expiring by themselves."""

    shared = True

    def __init__(
        self, url: str, seconds: float, prefix: str = "om:lease:", owner: str = ""
    ) -> None:
        from redis.asyncio import Redis

        self.redis: Any = Redis.from_url(url, decode_responses=True)
        self.seconds = seconds
        self.prefix = prefix
        self.owner = owner or new_owner()
        self._renew = self.redis.register_script(_RENEW)
        self._release = self.redis.register_script(_RELEASE)

    def key(self, room_id: int) -> str:
        return f"{self.prefix}room:{room_id}"

    @property
    def _ttl_ms(self) -> int:
        return max(1, round(self.seconds * 1000))

    async def acquire(self, room_id: int) -> bool:
        key = self.key(room_id)
        if await self.redis.set(key, self.owner, nx=True, px=self._ttl_ms):
            return True
        # Already ours (a second start in this process): extend it like a renewal.
        return bool(await self._renew(keys=[key], args=[self.owner, self._ttl_ms]))

    async def renew(self, room_ids: set[int]) -> set[int]:
        order = sorted(room_ids)
        if not order:
            return set()
        # One round trip for them all: a process holds hundreds of rooms.
        async with self.redis.pipeline(transaction=False) as pipe:
            for room_id in order:
                await self._renew(
                    keys=[self.key(room_id)], args=[self.owner, self._ttl_ms], client=pipe
                )
            extended = await pipe.execute()
        return {room_id for room_id, ok in zip(order, extended, strict=True) if ok}

    async def release(self, room_id: int) -> None:
        await self._release(keys=[self.key(room_id)], args=[self.owner])

    async def holder(self, room_id: int) -> str | None:
        return await self.redis.get(self.key(room_id))

    async def holders(self, room_ids: list[int]) -> dict[int, str]:
        """The rooms among ``room_ids`` someone holds, and who: one round trip for them all."""
        if not room_ids:
            return {}
        owners = await self.redis.mget([self.key(r) for r in room_ids])
        return {r: o for r, o in zip(room_ids, owners, strict=True) if o is not None}

    async def close(self) -> None:
        await self.redis.aclose()


class DatabaseLeases:
    """Leases as rows of ``room_leases`` in the server's own database (PostgreSQL shared by
    the processes). Expiry is read against each process' wall clock: keep the machines'
    clocks in sync (NTP) and the lease well above their drift."""

    shared = True

    def __init__(self, db: Any, seconds: float, owner: str = "") -> None:
        self.db = db
        self.seconds = seconds
        self.owner = owner or new_owner()

    async def acquire(self, room_id: int) -> bool:
        now = utcnow()
        until = now + timedelta(seconds=self.seconds)
        async with self.db.session() as s:
            taken = await s.execute(
                update(RoomLease)
                .where(
                    RoomLease.room_id == room_id,
                    (RoomLease.expires_at < now) | (RoomLease.owner == self.owner),
                )
                .values(owner=self.owner, expires_at=until)
            )
            if taken.rowcount:  # type: ignore[attr-defined]
                return True
        try:
            async with self.db.session() as s:
                await s.execute(
                    insert(RoomLease).values(room_id=room_id, owner=self.owner, expires_at=until)
                )
        except IntegrityError:  # held by another process, and not expired
            return False
        return True

    async def renew(self, room_ids: set[int]) -> set[int]:
        if not room_ids:
            return set()
        until = utcnow() + timedelta(seconds=self.seconds)
        async with self.db.session() as s:
            rows = await s.execute(
                update(RoomLease)
                .where(RoomLease.room_id.in_(room_ids), RoomLease.owner == self.owner)
                .values(expires_at=until)
                .returning(RoomLease.room_id)
            )
            return {row[0] for row in rows}

    async def release(self, room_id: int) -> None:
        async with self.db.session() as s:
            await s.execute(
                delete(RoomLease).where(RoomLease.room_id == room_id, RoomLease.owner == self.owner)
            )

    async def holder(self, room_id: int) -> str | None:
        async with self.db.session() as s:
            row = await s.get(RoomLease, room_id)
            if row is None or row.expires_at < utcnow():
                return None
            return row.owner

    async def holders(self, room_ids: list[int]) -> dict[int, str]:
        if not room_ids:
            return {}
        async with self.db.session() as s:
            rows = await s.execute(
                select(RoomLease.room_id, RoomLease.owner).where(
                    RoomLease.room_id.in_(room_ids), RoomLease.expires_at >= utcnow()
                )
            )
            return {room_id: owner for room_id, owner in rows}

    async def close(self) -> None:
        return None


def leases_for(settings: Any, db: Any) -> Leases:
    """The lease store ``settings`` ask for: ``room_leases`` (``auto``: Redis when
    ``redis_url`` is set, else none, the one-process default)."""
    kind = settings.room_leases
    if kind == "auto":
        kind = "redis" if settings.redis_url else "off"
    if kind == "redis":
        if not settings.redis_url:
            raise ValueError("room_leases=redis needs redis_url")
        return RedisLeases(
            settings.redis_url, settings.lease_seconds, settings.redis_prefix + "lease:"
        )
    if kind == "database":
        return DatabaseLeases(db, settings.lease_seconds)
    return NoLeases(settings.lease_seconds)
