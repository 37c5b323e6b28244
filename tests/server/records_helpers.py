"""Shared by the records tests (bulk archives, favourites and notes, duplicate sets): an app
on SQLite or on a fresh PostgreSQL schema, and finished games stored with real records."""

from __future__ import annotations

import functools
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from server_helpers import make_settings

from openmahjong.server import Settings
from openmahjong.store import games as g
from openmahjong.store.testing import create_schema, drop_schema, postgres_or_reason


@asynccontextmanager
async def settings_on(kind: str, tmp_path: Path, **overrides: Any) -> AsyncIterator[Settings]:
    """Server settings on a fresh SQLite file, or a fresh PostgreSQL schema (skipped, saying
    why, when no PostgreSQL answers)."""
    if kind == "sqlite":
        yield make_settings(tmp_path, **overrides)
        return
    url, reason = await postgres_or_reason()
    if url is None:
        pytest.skip(reason)
    schema = await create_schema(url)
    try:
        yield make_settings(tmp_path, database_url=url, database_schema=schema, **overrides)
    finally:
        await drop_schema(url, schema)


@functools.cache
def riichi_record(seed: int, preset: str = "majsoul-tonpuu") -> dict[str, Any]:
    """A whole Riichi match played by bots (the same seed, the same record)."""
    from openmahjong.bots.selfplay import play_match
    from openmahjong.rules.riichi.game.options import preset as make_preset

    match = play_match(make_preset(preset), seed, salt="00" * 16)
    return match.record(reveal=True)


async def store_finished(
    db: Any,
    record: dict[str, Any],
    *,
    finished_at: datetime,
    ruleset: str = "riichi",
    preset: str | None = "majsoul-tonpuu",
    seats: list[g.SeatEntry] | None = None,
) -> int:
    """Store ``record`` as a game that ended at ``finished_at``: its actions one by one, then
    finished with the record (as a room does)."""
    header = {k: v for k, v in record["header"].items() if k != "master_seed"}
    async with db.session() as s:
        game = await g.create_game(
            s,
            ruleset=ruleset,
            preset=preset,
            header=header,
            seats=seats or [g.SeatEntry(i, f"cpu{i}", is_bot=True) for i in range(4)],
            commitment=header.get("commitment") or "ab" * 32,
            salt=header.get("salt") or "00",
            master_seed=record["header"]["master_seed"],
            started_at=finished_at,
        )
        for seq, entry in enumerate(record["actions"], start=1):
            timeout = len(entry) > 3 and entry[3] == "timeout"
            await g.append_action(s, game.id, seq, entry[1], entry[2], timeout=timeout)
        result = record.get("result") or {}
        points = result.get("final_points") or [0, 0, 0, 0]
        places = result.get("places") or [1, 2, 3, 4]
        await g.finish_game(
            s,
            game.id,
            [g.SeatResult(i, int(points[i]), int(places[i])) for i in range(len(places))],
            finished_at=finished_at,
            record=record,
        )
        return game.id
