"""``openmahjong admin grant-credit``: a rank credit from the command line, refused (changing
nothing) without an admin or above the cap."""

from __future__ import annotations

import asyncio

from sqlalchemy import func, select
from typer.testing import CliRunner

from openmahjong.cli import app
from openmahjong.store import Database
from openmahjong.store.models import RankCredit, Rating, Role, User

runner = CliRunner()


def _seed(url: str) -> None:
    async def go() -> None:
        db = Database(url)
        await db.migrate()
        async with db.session() as s:
            s.add(User(name="boss", name_key="boss", role=Role.ADMIN.value))
            s.add(User(name="pat", name_key="pat"))
        await db.close()

    asyncio.run(go())


def _state(url: str) -> tuple[int, list[tuple[str, str, int]]]:
    async def go():
        db = Database(url)
        async with db.session() as s:
            credits = await s.scalar(select(func.count()).select_from(RankCredit))
            rows = [(r.ruleset, r.rank, r.rank_points) for r in await s.scalars(select(Rating))]
        await db.close()
        return credits, rows

    return asyncio.run(go())


def test_grant_credit_from_the_cli(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path / 'cli.db'}"
    _seed(url)
    base = ["admin", "grant-credit", "pat", "--database", url, "--certificate", "CMA L1 #9"]
    refused = runner.invoke(app, [*base, "--by", "pat", "--rank", "level-1", "--reason", "x"])
    assert refused.exit_code != 0 and "only an admin" in refused.output
    above = runner.invoke(app, [*base, "--by", "boss", "--rank", "dan-2", "--reason", "x"])
    assert above.exit_code != 0 and "up to level-1" in above.output
    assert _state(url) == (0, [])
    done = runner.invoke(
        app, [*base, "--by", "boss", "--rank", "level-1", "--reason", "checked the register"]
    )
    assert done.exit_code == 0, done.output
    assert "pat received rank credit level-1 on mcr from boss" in done.output
    assert _state(url) == (1, [("mcr", "level-1", 180)])
