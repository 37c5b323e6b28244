"""The two counters behave alike: in-process, and Redis (skipped when unreachable); through
Redis, every server process sees the same signup counts."""

from __future__ import annotations

import secrets

import pytest
from server_helpers import PASSWORD, client_for, make_settings, running

from openmahjong.server.ratelimit import MemoryLimiter, RedisLimiter

pytestmark = pytest.mark.asyncio

REDIS_URL = "redis://127.0.0.1:6379/0"


async def _redis_or_skip() -> RedisLimiter:
    limiter = RedisLimiter(REDIS_URL, window=60, prefix=f"om:test:{secrets.token_hex(4)}:")
    try:
        await limiter.redis.ping()
    except Exception as exc:
        await limiter.close()
        pytest.skip(f"Redis unreachable at {REDIS_URL}: {exc}")
    return limiter


async def _counts_then_blocks_then_resets(limiter) -> None:
    assert await limiter.retry_after("k", 3) is None
    for _ in range(2):
        await limiter.hit("k")
    assert await limiter.retry_after("k", 3) is None
    await limiter.hit("k")
    wait = await limiter.retry_after("k", 3)
    assert wait is not None and 0 <= wait <= 60
    assert await limiter.retry_after("other", 3) is None  # keys are separate
    assert await limiter.retry_after("k", 4) is None  # a larger limit is not reached yet
    await limiter.reset("k")
    assert await limiter.retry_after("k", 3) is None


async def test_memory_limiter():
    await _counts_then_blocks_then_resets(MemoryLimiter(60))


async def test_memory_limiter_window_slides():
    now = [0.0]
    limiter = MemoryLimiter(60, clock=lambda: now[0])
    await limiter.hit("k")
    now[0] = 30
    await limiter.hit("k")
    assert await limiter.retry_after("k", 2) == 30  # the first failure leaves at t=60
    now[0] = 61
    assert await limiter.retry_after("k", 2) is None
    assert await limiter.retry_after("k", 1) is not None  # the second still counts


async def test_redis_limiter():
    limiter = await _redis_or_skip()
    try:
        await _counts_then_blocks_then_resets(limiter)
    finally:
        await limiter.redis.delete(limiter.prefix + "k")
        await limiter.close()


async def test_signups_counted_in_redis_hold_across_two_servers(tmp_path):
    probe = await _redis_or_skip()
    # A fresh address per run: Redis keeps the counts for the whole window.
    address = f"2001:db8::{secrets.token_hex(2)}:{secrets.token_hex(2)}"
    where = {"X-Forwarded-For": address}
    limits = {"redis_url": REDIS_URL, "trust_proxy": True, "signup_limit": 2, "guest_limit": 1}
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
    try:
        async with (
            running(make_settings(tmp_path / "a", **limits)) as first,
            running(make_settings(tmp_path / "b", **limits)) as second,
            client_for(first) as a,
            client_for(second) as b,
        ):
            for name, client in (("uma", a), ("vic", b)):
                body = {"name": name, "password": PASSWORD}
                answer = await client.post("/api/auth/register", json=body, headers=where)
                assert answer.status_code == 201
            body = {"name": "wes", "password": PASSWORD}
            refused = await a.post("/api/auth/register", json=body, headers=where)
            assert refused.status_code == 429
            error = refused.json()["error"]
            assert error["code"] == "rate_limited"
            assert error["message"].startswith("too many new accounts from your address")
            assert 3500 < error["retry_after"] <= 3600
            assert (await b.post("/api/auth/guest", headers=where)).status_code == 201
            guest = await a.post("/api/auth/guest", headers=where)
            assert guest.status_code == 429 and "guest players" in guest.json()["error"]["message"]
    finally:
        await probe.redis.delete(f"om:limit:signup:{address}", f"om:limit:guest:{address}")
        await probe.close()


async def test_memory_limiter_forgets_keys_nobody_asks_about_again():
    # Failed logins are keyed by name and address: a key per name tried, and most are never
    # tried again. Their hits leave the window, and so must the keys.
    now = [0.0]
    limiter = MemoryLimiter(60, clock=lambda: now[0])
    for i in range(1000):
        await limiter.hit(f"login:guess{i}:10.0.0.1")
    assert len(limiter._hits) == 1000
    now[0] = 61
    await limiter.hit("login:alice:10.0.0.2")
    assert list(limiter._hits) == ["login:alice:10.0.0.2"]


async def test_memory_limiter_holds_at_most_max_keys():
    limiter = MemoryLimiter(60, clock=lambda: 0.0, max_keys=10)
    for i in range(25):
        await limiter.hit(f"guest:10.0.0.{i}")
    assert len(limiter._hits) == 10
    # The keys created longest ago make room; the newest still count.
    assert await limiter.retry_after("guest:10.0.0.24", 1) is not None
    assert await limiter.retry_after("guest:10.0.0.0", 1) is None
