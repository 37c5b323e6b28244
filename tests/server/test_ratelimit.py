"""The two failure counters behave alike: in-process, and Redis (skipped when unreachable)."""

from __future__ import annotations

import secrets

import pytest

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
        await limiter.failed("k")
    assert await limiter.retry_after("k", 3) is None
    await limiter.failed("k")
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
    await limiter.failed("k")
    now[0] = 30
    await limiter.failed("k")
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
