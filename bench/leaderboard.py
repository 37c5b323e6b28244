"""The leaderboard query's latency over a seeded database: p50 and p99 per board.

    python bench/leaderboard.py [--players 20000] [--games 100000] [--runs 200]
                                [--concurrency 8] [--database URL [--schema NAME]]

Seeds (once per database file) players, finished games and their rank events and ratings
straight into the tables (bulk inserts, no engine), then times ``ranks.leaderboard`` for each
board kind (rank and rating, all time / week / month, with and without a preset, first and a
deep page) and prints p50 / p99 in milliseconds. Under load: ``--concurrency`` workers ask at
once, each query in its own session, and a query's time includes its wait for a connection,
as a request's would (``--concurrency 1``: one at a time). SQLite by default (a file in
/tmp); pass a PostgreSQL URL (and an existing, empty schema to seed) to measure there. No
assertion: a measurement to read.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time
from datetime import UTC, datetime, timedelta

from sqlalchemy import func, insert, select, text

from openmahjong.ranks.ladder import MAJSOUL
from openmahjong.ranks.leaderboard import leaderboard
from openmahjong.store import Database
from openmahjong.store.models import Game, RankEvent, Rating, User

PRESETS = ["majsoul-tonpuu", "majsoul-hanchan"]


async def seed(db: Database, players: int, games: int, rng: random.Random) -> None:
    async with db.session() as s:
        if (await s.scalar(select(func.count()).select_from(Game))) or 0:
            return
        now = datetime.now(UTC)
        await s.execute(
            insert(User), [{"name": f"b{i}", "name_key": f"b{i}"} for i in range(1, players + 1)]
        )
        ids = list(range(1, players + 1))
        chunk = 5000
        for start in range(0, games, chunk):
            rows, events = [], []
            for gid in range(start + 1, min(games, start + chunk) + 1):
                when = now - timedelta(minutes=rng.randrange(60 * 24 * 120))
                preset = rng.choice(PRESETS)
                rows.append(
                    {
                        "id": gid,
                        "ruleset": "riichi",
                        "preset": preset,
                        "status": "finished",
                        "tier": "gold",
                        "commitment": "1",
                        "salt": "00",
                        "master_seed": "ab",
                        "header": {},
                        "started_at": when,
                        "finished_at": when,
                    }
                )
                for place, uid in enumerate(rng.sample(ids, 4), start=1):
                    events.append(
                        {
                            "game_id": gid,
                            "user_id": uid,
                            "ruleset": "riichi",
                            "preset": preset,
                            "tier": "gold",
                            "finished_at": when,
                            "placement": place,
                            "rank_before": "expert-1",
                            "rank_after": "expert-1",
                            "points_after": 0,
                            "rank_delta": (60, 20, -10, -60)[place - 1],
                            "mu_after": 25.0,
                            "sigma_after": 8.0,
                        }
                    )
            await s.execute(insert(Game), rows)
            await s.execute(insert(RankEvent), events)
        ratings = []
        for uid in ids:
            step = rng.randrange(len(MAJSOUL.steps))
            mu, sigma = rng.gauss(25, 4), rng.uniform(1.5, 8.3)
            ratings.append(
                {
                    "user_id": uid,
                    "ruleset": "riichi",
                    "category": "default",
                    "rank": MAJSOUL.steps[step].key,
                    "rank_step": step,
                    "rank_points": rng.randrange(MAJSOUL.steps[step].bar or 2000),
                    "mu": mu,
                    "sigma": sigma,
                    "rating": mu - 3 * sigma,
                    "games_played": 1,
                    "ranked_games": 1,
                }
            )
        await s.execute(insert(Rating), ratings)


BOARDS = [
    {"by": "rank", "period": "all"},
    {"by": "rank", "period": "all", "page": 40},
    {"by": "rating", "period": "all"},
    {"by": "rank", "period": "week"},
    {"by": "rank", "period": "month", "preset": "majsoul-hanchan"},
    {"by": "rating", "period": "week", "preset": "majsoul-tonpuu"},
]


async def timed(db: Database, board: dict, runs: int, concurrency: int) -> tuple[list[float], int]:
    """``runs`` queries of ``board`` by ``concurrency`` workers at once: each one's time in ms
    (from asking for a session to the answer) and the board's total."""
    left = iter(range(runs))
    times: list[float] = []
    total = 0

    async def worker() -> None:
        nonlocal total
        for _ in left:
            t0 = time.perf_counter()
            async with db.sessions() as s:
                got = await leaderboard(s, "riichi", **board)
            times.append((time.perf_counter() - t0) * 1000)
            total = got["total"]

    await asyncio.gather(*(worker() for _ in range(concurrency)))
    return times, total


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=20000)
    parser.add_argument("--games", type=int, default=100000)
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--database", default=None)
    parser.add_argument("--schema", default=None, help="PostgreSQL: the schema to use")
    args = parser.parse_args()
    url = args.database or (
        f"sqlite+aiosqlite:////tmp/openmahjong-leaderboard-{args.players}-{args.games}.db"
    )
    db = Database(url, schema=args.schema)
    await db.migrate()
    started = time.perf_counter()
    await seed(db, args.players, args.games, random.Random(21))
    if db.dialect == "postgresql":
        # Bulk-loaded tables have no planner statistics until autovacuum gets to them; without
        # them PostgreSQL takes ratings for one row and runs the period aggregate once per
        # rating (minutes a query). A live database is analysed as it grows.
        async with db.engine.connect() as c:
            await c.execute(text("ANALYZE"))
    print(f"database {url}: seeded in {time.perf_counter() - started:.1f} s")
    print(f"{args.runs} queries a board, {args.concurrency} at once")
    print(f"{'board':<52} {'p50 ms':>8} {'p99 ms':>8} {'rows':>6}")
    for board in BOARDS:
        times, total = await timed(db, board, args.runs, args.concurrency)
        times.sort()
        p50 = statistics.median(times)
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
        label = ", ".join(f"{k}={v}" for k, v in board.items())
        print(f"{label:<52} {p50:8.2f} {p99:8.2f} {total:6d}")
    await db.close()


if __name__ == "__main__":
    asyncio.run(main())
