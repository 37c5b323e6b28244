"""Counting attempts per key within a time window: failed logins and password changes, and
the accounts and guests one client creates (signup throttling).

``MemoryLimiter`` keeps the counts in this process, a sliding window of hit times.
``RedisLimiter`` keeps them in Redis (a fixed window per key, which expires by itself), so every
server process behind a proxy sees the same counts. Both take a ``clock`` so tests can move
time without sleeping.
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable
from typing import Any, Protocol

__all__ = ["Limiter", "MemoryLimiter", "RedisLimiter", "limiter_for"]


class Limiter(Protocol):
    async def retry_after(self, key: str, limit: int) -> float | None:
        """Seconds until ``key`` may try again (``limit`` hits per window), or ``None``."""

    async def hit(self, key: str) -> None:
        """Count one attempt for ``key`` (a failed login, an account created)."""

    async def reset(self, key: str) -> None:
        """Forget ``key``'s hits (e.g. after a successful login)."""

    async def close(self) -> None: ...


#: Keys one ``MemoryLimiter`` holds at most (a few hundred bytes each).
MAX_KEYS = 50_000


class MemoryLimiter:
    """Hit times per key, within the window. A key whose hits have all left the window is
    dropped when it is next asked about, or by the sweep that runs at most once a window (most
    failed-login keys name one guessed account and are never asked about again); past
    ``max_keys`` keys hit within one window (an attacker rotating addresses), the key created
    longest ago makes room."""

    def __init__(
        self,
        window: float,
        clock: Callable[[], float] = time.monotonic,
        max_keys: int = MAX_KEYS,
    ) -> None:
        self.window = window
        self.clock = clock
        self.max_keys = max_keys
        self._hits: dict[str, deque[float]] = {}
        self._swept_at = clock()

    def _recent(self, key: str) -> deque[float]:
        now = self.clock()
        times = self._hits.get(key)
        if times is None:
            return deque()
        while times and times[0] <= now - self.window:
            times.popleft()
        if not times:
            del self._hits[key]
        return times

    def _sweep(self) -> None:
        now = self.clock()
        if now - self._swept_at < self.window:
            return
        self._swept_at = now
        gone = [key for key, times in self._hits.items() if times[-1] <= now - self.window]
        for key in gone:
            del self._hits[key]

    async def retry_after(self, key: str, limit: int) -> float | None:
        times = self._recent(key)
        if len(times) < limit:
            return None
        # Free again when enough hits have left the window to be under the limit.
        return max(0.0, times[-limit] + self.window - self.clock())

    async def hit(self, key: str) -> None:
        self._sweep()
        times = self._recent(key)
        if key not in self._hits and len(self._hits) >= self.max_keys:
            del self._hits[next(iter(self._hits))]
        times.append(self.clock())
        self._hits[key] = times

    async def reset(self, key: str) -> None:
        self._hits.pop(key, None)

    async def close(self) -> None:
        self._hits.clear()


class RedisLimiter:
    def __init__(self, url: str, window: float, prefix: str = "om:limit:") -> None:
        from redis.asyncio import Redis

        self.redis: Any = Redis.from_url(url)
        self.window = window
        self.prefix = prefix

    async def retry_after(self, key: str, limit: int) -> float | None:
        full = self.prefix + key
        count = await self.redis.get(full)
        if count is None or int(count) < limit:
            return None
        ttl = await self.redis.pttl(full)
        return max(0.0, ttl / 1000) if ttl and ttl > 0 else float(self.window)

    async def hit(self, key: str) -> None:
        full = self.prefix + key
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.incr(full)
            # The window starts at the first hit; later hits do not extend it.
            pipe.expire(full, math.ceil(self.window), nx=True)
            await pipe.execute()

    async def reset(self, key: str) -> None:
        await self.redis.delete(self.prefix + key)

    async def close(self) -> None:
        await self.redis.aclose()


def limiter_for(redis_url: str | None, window: float) -> Limiter:
    """A limiter with ``window`` seconds: in Redis when a URL is given, else in this process."""
    if redis_url:
        return RedisLimiter(redis_url, window)
    return MemoryLimiter(window)
