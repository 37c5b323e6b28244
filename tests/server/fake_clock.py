"""A clock a test moves by hand, for a room manager (``openmahjong.server.clock.Clock``).

``sleep`` returns once the test has moved the clock to the sleeper's time; nothing waits on
real time. ``advance`` moves the clock in small steps and lets the event loop run at each
reading, so a delayed message goes out at the first reading at or after its due time. The
clock counts whole microseconds, so a reading is the nearest float to a round number (1000.3,
never 1000.2999999999) however many steps led to it, as the room's own sums are.
"""

from __future__ import annotations

import asyncio

#: The clock moves in hundredths of a second (in microseconds).
STEP = 10_000
#: A sleeper due this close to a reading (float rounding) wakes at it.
EPSILON = 1e-9


class FakeClock:
    def __init__(self, start: float = 1000.0) -> None:
        self._ticks = round(start * 1_000_000)
        self._sleepers: list[tuple[float, asyncio.Future[None]]] = []

    @property
    def now(self) -> float:
        return self._ticks / 1_000_000

    def monotonic(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        if seconds <= 0:
            await asyncio.sleep(0)
            return
        woken = asyncio.get_running_loop().create_future()
        self._sleepers.append((self.now + seconds, woken))
        await woken

    def _wake_due(self) -> None:
        now = self.now
        due = [(at, f) for at, f in self._sleepers if at <= now + EPSILON]
        self._sleepers = [(at, f) for at, f in self._sleepers if at > now + EPSILON]
        for _at, woken in due:
            if not woken.done():
                woken.set_result(None)

    async def settle(self) -> None:
        """Let the event loop run what is ready (the tasks woken at this reading)."""
        for _ in range(5):
            await asyncio.sleep(0)

    async def advance_to(self, to: float) -> None:
        """Move the clock to ``to`` in steps, letting woken tasks run at each reading."""
        target = round(to * 1_000_000)
        while self._ticks < target:
            self._ticks = min(target, self._ticks + STEP)
            self._wake_due()
            await self.settle()

    async def advance(self, seconds: float) -> None:
        await self.advance_to(self.now + seconds)
