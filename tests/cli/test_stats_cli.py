"""``openmahjong stats rebuild``: fills the statistics from the stored records, the same again
when run twice; a database URL it cannot use is one clear error (exit 2)."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

from typer.testing import CliRunner

from openmahjong import stats
from openmahjong.cli import app
from openmahjong.stats.seeding import play_records, store_record
from openmahjong.store import Database
from openmahjong.store.models import User


async def _seed(url: str) -> None:
    db = Database(url)
    await db.migrate()
    start = datetime(2026, 11, 30, 12, tzinfo=UTC)
    async with db.session() as s:
        for n in (1, 2):
            s.add(User(id=n, name=f"p{n}", name_key=f"p{n}"))
        await s.flush()
        seats = [("p1", 1, False), ("p2", 2, False), ("bot", None, True), ("bot", None, True)]
        for k, record in enumerate(play_records("sichuan", 2, seed=11)):
            end = start + timedelta(hours=k, minutes=20)
            # Stored without the game-end update, as games from before migration 0011 are.
            await store_record(s, record, seats, started_at=start, finished_at=end, count=False)
    await db.close()


async def _player(url: str) -> dict:
    db = Database(url)
    try:
        async with db.session() as s:
            return await stats.player_statistics(s, 1)
    finally:
        await db.close()


def test_rebuild_fills_the_statistics_and_repeats(tmp_path: Path):
    url = f"sqlite+aiosqlite:///{tmp_path / 'cli.db'}"
    asyncio.run(_seed(url))
    assert asyncio.run(_player(url))["rulesets"] == {}
    first = CliRunner().invoke(app, ["stats", "rebuild", "--database", url, "--json"])
    assert first.exit_code == 0, first.output
    summary = json.loads(first.output)
    assert summary["games"] == 2 and summary["best_hands"] > 0
    found = asyncio.run(_player(url))["rulesets"]["sichuan"]
    assert found["games"] == 2 and found["hands"] > 0
    again = CliRunner().invoke(app, ["stats", "rebuild", "--database", url, "--json"])
    assert again.exit_code == 0
    assert {k: v for k, v in json.loads(again.output).items() if k != "seconds"} == {
        k: v for k, v in summary.items() if k != "seconds"
    }
    assert asyncio.run(_player(url))["rulesets"]["sichuan"] == found
    text = CliRunner().invoke(app, ["stats", "rebuild", "--database", url])
    assert "statistics rebuilt from 2 counted games" in text.output


def test_a_database_url_it_cannot_use_is_a_clear_error():
    result = CliRunner().invoke(app, ["stats", "rebuild", "--database", "mysql://x/y"])
    assert result.exit_code == 2
    assert "not supported" in result.output


async def _ratings(url: str) -> list[tuple[int, str, int, float]]:
    from sqlalchemy import select

    from openmahjong.store.models import Rating

    db = Database(url)
    try:
        async with db.session() as s:
            rows = await s.scalars(select(Rating).order_by(Rating.user_id))
            return [(r.user_id, r.ruleset, r.games_played, r.sigma) for r in rows]
    finally:
        await db.close()


def test_rebuild_also_rates_the_players_from_the_records(tmp_path: Path):
    url = f"sqlite+aiosqlite:///{tmp_path / 'cli.db'}"
    asyncio.run(_seed(url))
    assert asyncio.run(_ratings(url)) == []
    result = CliRunner().invoke(app, ["stats", "rebuild", "--database", url, "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["ranks"]["games"] == 2
    rated = asyncio.run(_ratings(url))
    # Both people were rated by both games (the bot seats are not); uncertainty shrank from
    # openskill's 25/3.
    assert [(uid, ruleset, games) for uid, ruleset, games, _ in rated] == [
        (1, "sichuan", 2),
        (2, "sichuan", 2),
    ]
    assert all(sigma < 25 / 3 for *_, sigma in rated)
