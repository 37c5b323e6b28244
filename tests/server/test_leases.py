"""Room leases (server/leases.py): of two processes reaching for one room, exactly one owns it;
an expired lease is taken over exactly once; a lease is renewed and released only by its
owner. Against real Redis and real PostgreSQL (and SQLite for the database store)."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from openmahjong.server.leases import DatabaseLeases, RedisLeases
from openmahjong.store import Database
from openmahjong.store.models import Room
from openmahjong.store.testing import create_schema, drop_schema, postgres_or_reason

REDIS_URL = "redis://127.0.0.1:6379/0"
LEASE = 0.4  # seconds: short, so the tests see leases expire


async def _room(db: Database) -> int:
    async with db.session() as s:
        row = Room(name="leased", ruleset="riichi", preset=None, options={})
        s.add(row)
        await s.flush()
        return row.id


@pytest_asyncio.fixture(params=["redis", "postgresql", "sqlite"])
async def contenders(request, tmp_path) -> AsyncIterator[tuple[list, int]]:
    """Two lease stores of two would-be owners over one shared store, and a room id."""
    if request.param == "redis":
        prefix = f"om-test-{uuid.uuid4().hex}:lease:"
        stores = [RedisLeases(REDIS_URL, LEASE, prefix) for _ in range(2)]
        try:
            await stores[0].redis.ping()
        except Exception as exc:  # noqa: BLE001 - any failure to reach Redis skips
            pytest.skip(f"no Redis at {REDIS_URL}: {exc}")
        try:
            yield stores, 7
        finally:
            await stores[0].redis.delete(stores[0].key(7))
            for store in stores:
                await store.close()
        return
    if request.param == "sqlite":
        db = Database(f"sqlite+aiosqlite:///{tmp_path / 'leases.db'}")
        await db.migrate()
        try:
            yield [DatabaseLeases(db, LEASE) for _ in range(2)], await _room(db)
        finally:
            await db.close()
        return
    url, reason = await postgres_or_reason()
    if url is None:
        pytest.skip(reason)
    schema = await create_schema(url)
    dbs = [Database(url, schema=schema) for _ in range(2)]  # two processes: two pools
    try:
        await dbs[0].migrate()
        room = await _room(dbs[0])
        yield [DatabaseLeases(db, LEASE) for db in dbs], room
    finally:
        for db in dbs:
            await db.close()
        await drop_schema(url, schema)


@pytest.mark.asyncio
async def test_one_owner_at_a_time_and_an_expired_lease_is_taken_once(contenders):
    (a, b), room = contenders
    assert a.owner != b.owner
    # Both reach for the free lease at once: exactly one gets it.
    got = await asyncio.gather(a.acquire(room), b.acquire(room))
    assert sorted(got) == [False, True]
    owner, other = (a, b) if got[0] else (b, a)
    assert await other.acquire(room) is False
    assert await owner.acquire(room) is True  # already ours: kept
    # Renewed within its time, the lease outlives its first term.
    await asyncio.sleep(LEASE * 0.6)
    assert await owner.renew({room}) == {room}
    await asyncio.sleep(LEASE * 0.6)
    assert await other.acquire(room) is False
    assert await other.renew({room}) == set()  # not the other's to renew
    # The owner stops renewing (killed): once expired, taken by the other, exactly once.
    await asyncio.sleep(LEASE * 1.5)
    third = type(other).__new__(type(other))
    third.__dict__.update(other.__dict__, owner="third-" + other.owner)
    taken = await asyncio.gather(other.acquire(room), third.acquire(room))
    assert sorted(taken) == [False, True]
    winner = other if taken[0] else third
    # The old owner comes back: it lost the lease, cannot renew or release it.
    assert await owner.renew({room}) == set()
    await owner.release(room)
    assert await owner.acquire(room) is False
    # The winner releases: free at once, for anyone.
    await winner.release(room)
    assert await owner.acquire(room) is True


@pytest.mark.asyncio
async def test_holders_names_who_holds_each_room_in_one_call(contenders):
    (a, b), room = contenders
    assert await b.holders([room]) == {}
    assert await a.acquire(room)
    assert await b.holders([room]) == {room: a.owner}
    assert await b.holders([]) == {}
    await a.release(room)
    assert await b.holders([room]) == {}
