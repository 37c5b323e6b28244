"""One recipient's ordered, delayed outbox (a seated player's, or one spectator socket's).

A delay (call protection, catch-up, the spectator delay) never reorders what one recipient
sees: a message goes out at its time, never before a message queued earlier.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from openmahjong.server.clock import SYSTEM_CLOCK, Clock

__all__ = ["CHANNEL_LIMIT", "Channel"]


#: Messages one channel may hold waiting for their time. A spectator's holds the public
#: events of its delay (at most one game's, a few thousand); past this it is dropped.
CHANNEL_LIMIT = 20_000


class Channel:
    """One recipient's ordered, delayed outbox: a message is sent at its time, never before a
    message queued earlier. ``send`` is the hub (it only queues to sockets), or one
    connection's ``post`` for a spectator.

    ``gone`` (spectators): called once the recipient refuses a message (its connection is cut
    off or closed) or ``CHANNEL_LIMIT`` messages wait; the channel then closes, dropping what
    it held, so nothing is ever buffered for a reader that does not read.

    ``clock``: what "now" is and how to wait (the room's clock, ``server/clock.py``)."""

    def __init__(
        self,
        send: Callable[[BaseModel | str], Any],
        gone: Callable[[], None] | None = None,
        clock: Clock = SYSTEM_CLOCK,
    ) -> None:
        self._send = send
        self._clock = clock
        self._gone = gone
        self._queue: deque[list[Any]] = deque()  # [when, message]
        self._last = 0.0
        #: Nothing queued from now on goes out before this time (catch-up delays).
        self.floor = 0.0
        self._task: asyncio.Task[None] | None = None
        self.closed = False

    def put(self, message: BaseModel | str, when: float | None = None) -> float:
        """Queue ``message`` (a model or its encoded JSON) for ``when`` (default: now); returns
        when it will go out."""
        now = self._clock.monotonic()
        if self.closed:
            return now
        at = max(when if when is not None else now, self.floor, self._last, now)
        self._last = at
        if not self._queue and at <= now:
            self._deliver(message)
        elif self._gone is not None and len(self._queue) >= CHANNEL_LIMIT:
            self._drop()
        else:
            self._queue.append([at, message])
            self._wake()
        return at

    def _deliver(self, message: BaseModel | str) -> None:
        if not self._send(message) and self._gone is not None:
            self._drop()

    def _drop(self) -> None:
        gone = self._gone
        self.close()
        if gone is not None:
            self._gone = None
            gone()

    def expedite(self) -> None:
        """Everything waiting goes out now (a claimant acted during the protection delay)."""
        now = self._clock.monotonic()
        for item in self._queue:
            item[0] = min(item[0], now)
        self._last = min(self._last, now)
        self._wake()

    @property
    def pending(self) -> int:
        return len(self._queue)

    def _wake(self) -> None:
        if self._task is not None and not self._task.done():
            self._task.cancel()
        self._task = asyncio.get_running_loop().create_task(self._drain())

    async def _drain(self) -> None:
        while self._queue:
            at, message = self._queue[0]
            delay = at - self._clock.monotonic()
            if delay > 0:
                await self._clock.sleep(delay)
                continue
            self._queue.popleft()
            self._deliver(message)

    def close(self) -> None:
        self.closed = True
        self._queue.clear()
        if self._task is not None:
            self._task.cancel()
