"""The time a room reads: one clock object, injected, so a test can move time by hand.

Everything a room times (prompt deadlines, banks, call protection, catch-up delays, the
spectator delay, the matchmaking bot fill) reads ``clock.monotonic()`` and waits with
``clock.sleep(seconds)``. The server runs on :data:`SYSTEM_CLOCK`; tests give the room manager
a clock of their own (``tests/server/fake_clock.py``) and advance it, so no timing test waits
on real time.
"""

from __future__ import annotations

import asyncio
import time
from typing import Protocol

__all__ = ["SYSTEM_CLOCK", "Clock", "SystemClock"]


class Clock(Protocol):
    def monotonic(self) -> float:
        """Seconds on a clock that never goes back."""
        ...

    async def sleep(self, seconds: float) -> None:
        """Return once ``seconds`` have passed on this clock."""
        ...


class SystemClock:
    """The process's own monotonic clock and the event loop's sleep."""

    def monotonic(self) -> float:
        return time.monotonic()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)


SYSTEM_CLOCK: Clock = SystemClock()
