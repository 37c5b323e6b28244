"""``openmahjong stats rebuild``: recompute every statistic (and every rank and rating, when
the ranks package is there) from all stored game records, straight on the database.

The summaries are derived data: a rebuild replaces them whole in one transaction, so running
it twice leaves the same tables, and a failed one leaves the old ones untouched.
"""

from __future__ import annotations

import asyncio
import time
from typing import Annotated, Any

import typer

from openmahjong.cli import app as root_app
from openmahjong.cli.output import fail, out, plain, print_json

__all__ = ["rebuild"]

app = typer.Typer(help="Statistics computed from the stored game records.", no_args_is_help=True)
root_app.add_typer(app, name="stats")


async def _rebuild(database: str | None) -> dict[str, Any]:
    from openmahjong.server.settings import Settings
    from openmahjong.stats import rebuild as rebuild_stats
    from openmahjong.store.database import Database, DatabaseURLError

    try:
        settings = Settings() if database is None else Settings(database_url=database)
        db = Database(settings.database_url, schema=settings.database_schema)
    except DatabaseURLError as problem:
        fail(str(problem))
    try:
        await db.migrate()
        start = time.perf_counter()  # the rebuild itself, not the start-up and migrations
        async with db.session() as s:
            summary = await rebuild_stats(s)
        summary["seconds"] = round(time.perf_counter() - start, 3)
        return summary
    finally:
        await db.close()


@app.command("rebuild")
def rebuild(
    database: Annotated[
        str | None,
        typer.Option("--database", help="Database URL (default $OPENMAHJONG_DATABASE_URL)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
) -> None:
    """Recompute the statistics summaries (and ranks) from every stored record."""
    summary = asyncio.run(_rebuild(database))
    if as_json:
        print_json(summary)
        return
    out.print(
        f"statistics rebuilt from {summary['games']} counted games in {summary['seconds']} s: "
        f"{summary['counters']} counters, {summary['active_days']} active-day rows, "
        f"{summary['best_hands']} best hands"
    )
    ranks = summary.get("ranks")
    out.print("ranks: not installed" if ranks is None else f"ranks rebuilt: {plain(ranks)}")
