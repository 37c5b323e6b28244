"""Group commit of the action logs of every live table.

A room writes each action before anyone hears of it (docs/server.md "Stored before shown"), so
the time a write takes is part of every move's latency. ``ActionLog.append`` returns once the
action is committed; the actions that arrive while one transaction commits go together in the
next one: one multi-row INSERT per transaction however many tables are playing.

How a batch reaches the database matters on a busy machine, where every hand-over between
threads waits for the scheduler:

* **SQLite**: the batch is written by one thread of our own with a plain (synchronous)
  SQLAlchemy connection: one hand-over there and one back per batch. Through the async driver
  every statement (cursor, insert, commit) would be a round trip to its thread.
* **PostgreSQL**: the async engine on a connection the log keeps open (no pool checkout and
  no liveness ping per transaction), in autocommit: the batch is one ``executemany``, which
  asyncpg sends as one implicit transaction (all rows or none) in one round trip, with no
  ``BEGIN`` and ``COMMIT`` of their own. asyncpg runs on the event loop itself.

Each room is the only writer of its live game and numbers its actions from the stored log, so
the numbers follow on and the fast path is a bare INSERT (it does not look at the game's
status: the room that writes is the one that finishes the game); the primary key refuses a
number stored twice, and then the careful path (``games.append_action``, one action at a time
with all its checks) decides which action fails.
"""

from __future__ import annotations

import asyncio
import contextlib
from concurrent.futures import ThreadPoolExecutor
from typing import Any, cast

from sqlalchemy import Engine, Table, create_engine, event, insert
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection

from openmahjong.store import games
from openmahjong.store.database import Database, sqlite_pragmas
from openmahjong.store.models import GameAction, utcnow

__all__ = ["ActionLog"]

_INSERT = insert(cast(Table, GameAction.__table__))

# (game_id, seq, seat, action, timeout, clock, future resolved once committed)
_Entry = tuple[int, int, int | None, dict[str, Any], bool, Any, "asyncio.Future[None]"]


class ActionLog:
    """Appends actions of many games, committing them in batches (see the module doc)."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._pending: list[_Entry] = []
        self._task: asyncio.Task[None] | None = None
        self._connection: AsyncConnection | None = None  # PostgreSQL
        self._sync_engine: Engine | None = None  # SQLite
        self._thread: ThreadPoolExecutor | None = None
        #: Transactions committed and actions written.
        self.batches = 0
        self.written = 0

    async def append(
        self,
        game_id: int,
        seq: int,
        seat: int | None,
        action: dict[str, Any],
        *,
        timeout: bool = False,
        clock: dict[str, Any] | None = None,
    ) -> None:
        """Store action ``seq`` of ``game_id``; returns once it is committed. Raises what
        ``games.append_action`` raises when the action cannot be stored."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((game_id, seq, seat, action, timeout, clock, done))
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._flush())
        await done

    async def close(self) -> None:
        connection, self._connection = self._connection, None
        if connection is not None:
            with contextlib.suppress(Exception):  # a connection that already failed
                await connection.close()
        if self._thread is not None:
            thread, self._thread = self._thread, None
            await asyncio.get_running_loop().run_in_executor(thread, self._dispose_sync)
            thread.shutdown(wait=True)

    async def _flush(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                await self._insert_all(batch)
            except IntegrityError:
                await self._one_by_one(batch)
                continue
            except Exception as exc:  # the commit failed: nothing of the batch stands
                for *_rest, done in batch:
                    if not done.done():
                        done.set_exception(exc)
                continue
            self.batches += 1
            self.written += len(batch)
            for *_rest, done in batch:
                if not done.done():
                    done.set_result(None)

    async def _insert_all(self, batch: list[_Entry]) -> None:
        now = utcnow()
        rows = [
            {
                "game_id": game_id,
                "seq": seq,
                "seat": seat,
                "action": action,
                "timeout": timeout,
                "created_at": now,
                "clock": clock,
            }
            for game_id, seq, seat, action, timeout, clock, _done in batch
        ]
        if self.db.dialect == "sqlite":
            if self._thread is None:
                self._thread = ThreadPoolExecutor(1, thread_name_prefix="action-log")
            await asyncio.get_running_loop().run_in_executor(self._thread, self._write_sync, rows)
            return
        if self._connection is None:
            connection = await self.db.engine.connect()
            self._connection = await connection.execution_options(isolation_level="AUTOCOMMIT")
        try:
            # No BEGIN and COMMIT around it: asyncpg's executemany is one implicit transaction
            # (all rows or none), so a batch costs one round trip instead of three.
            await self._connection.execute(_INSERT, rows)
            await self._connection.commit()  # ends SQLAlchemy's autobegun scope; sends nothing
        except IntegrityError:
            with contextlib.suppress(Exception):
                await self._connection.rollback()
            raise  # nothing of the batch stands; the connection is fine
        except Exception:
            await self.close()  # the next batch opens a new connection
            raise

    def _write_sync(self, rows: list[dict[str, Any]]) -> None:
        """In the log's own thread: one transaction on the SQLite file."""
        if self._sync_engine is None:
            url = self.db.url.set(drivername="sqlite")
            self._sync_engine = create_engine(url, connect_args={"timeout": 30})
            event.listen(self._sync_engine, "connect", sqlite_pragmas)
        with self._sync_engine.begin() as connection:
            connection.execute(_INSERT, rows)

    def _dispose_sync(self) -> None:
        if self._sync_engine is not None:
            self._sync_engine.dispose()
            self._sync_engine = None

    async def _one_by_one(self, batch: list[_Entry]) -> None:
        for game_id, seq, seat, action, timeout, clock, done in batch:
            try:
                async with self.db.session() as s:
                    await games.append_action(
                        s, game_id, seq, seat, action, timeout=timeout, clock=clock
                    )
            except Exception as exc:
                if not done.done():
                    done.set_exception(exc)
                continue
            self.written += 1
            if not done.done():
                done.set_result(None)
