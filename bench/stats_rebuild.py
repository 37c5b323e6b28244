"""``openmahjong stats rebuild`` over 100,000 stored games: its time and peak memory.

    .venv/bin/python bench/stats_rebuild.py [--games 100000] [--cache DIR]

The games are self-played, but playing 100,000 matches would take the bots about a day, so a
smaller set of distinct self-played records (Riichi East and South games, MCR one-round games,
Sichuan games; ``--distinct`` of each kind) is played once and written again and again under
distinct game ids, with seats drawn from ``--players`` accounts (some bot seats), finish times
spread over 90 days and one game in fifty casual (which the rebuild must skip). The database
is cached under the temp dir (``--cache``), keyed by its size, so a second run only times.

The rebuild runs in a child process (``--child``), so its peak resident memory
(``ru_maxrss``) is the rebuild's own. The ranks' rebuild is timed apart from the statistics'
(``--with-ranks``), since it is the ranks package's work.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

KINDS = (  # (ruleset, preset, option changes, share of the stored games)
    ("riichi", "majsoul-tonpuu", {}, 0.45),
    ("riichi", "majsoul-hanchan", {}, 0.15),
    ("mcr", "mcr-1round", {}, 0.1),
    ("sichuan", "majsoul-bloodshed", {}, 0.3),
)


def distinct_records(cache: Path, per_kind: int) -> list[tuple[str, str, float, list[Any]]]:
    from openmahjong.stats.seeding import play_records

    path = cache / f"records-{per_kind}.json"
    if path.exists():
        return json.loads(path.read_text())
    out = []
    for ruleset, preset, changes, share in KINDS:
        start = time.perf_counter()
        records = play_records(ruleset, per_kind, seed=21, preset=preset, **changes)
        print(f"  played {per_kind} {preset} in {time.perf_counter() - start:.1f} s", flush=True)
        out.append((ruleset, preset, share, records))
    path.write_text(json.dumps(out))
    return out


async def build(db_path: Path, games: int, players: int, kinds: list[Any]) -> None:
    import sqlalchemy as sa

    from openmahjong.store import Database
    from openmahjong.store.models import Game, GameSeat, User

    db = Database(f"sqlite+aiosqlite:///{db_path}")
    await db.migrate()
    rng = random.Random(21)
    now = datetime(2026, 12, 1, tzinfo=UTC)
    async with db.engine.begin() as c:
        await c.execute(
            sa.insert(User),
            [
                {"id": n, "name": f"p{n}", "name_key": f"p{n}", "created_at": now}
                for n in range(1, players + 1)
            ],
        )
    weights = [k[2] for k in kinds]
    chunk = 1000
    for start in range(0, games, chunk):
        game_rows, seat_rows = [], []
        for gid in range(start + 1, min(games, start + chunk) + 1):
            ruleset, preset, _share, records = rng.choices(kinds, weights)[0]
            record = rng.choice(records)
            finished = now - timedelta(days=rng.random() * 90)
            started = finished - timedelta(minutes=rng.uniform(10, 50))
            header = {k: v for k, v in record["header"].items() if k != "master_seed"}
            people = rng.sample(range(1, players + 1), 4)
            bots = [rng.random() < 0.08 for _ in range(4)]
            game_rows.append(
                {
                    "id": gid,
                    "ruleset": ruleset,
                    "preset": preset,
                    "status": "finished",
                    "has_bots": any(bots),
                    "supplied_seed": False,
                    "casual": gid % 50 == 0,
                    "commitment": header["commitment"],
                    "salt": header["salt"],
                    "master_seed": record["header"]["master_seed"],
                    "header": header,
                    "record": {**record, "header": {**record["header"], "game_id": gid}},
                    "started_at": started,
                    "finished_at": finished,
                }
            )
            for seat in range(4):
                seat_rows.append(
                    {
                        "game_id": gid,
                        "seat": seat,
                        "user_id": None if bots[seat] else people[seat],
                        "display_name": "bot" if bots[seat] else f"p{people[seat]}",
                        "is_bot": bots[seat],
                        "final_score": record["result"]["final_points"][seat],
                        "placement": record["result"]["places"][seat],
                    }
                )
        async with db.engine.begin() as c:
            await c.execute(sa.insert(Game), game_rows)
            await c.execute(sa.insert(GameSeat), seat_rows)
        if (start // chunk) % 10 == 0:
            print(f"  stored {start + len(game_rows)} games", flush=True)
    await db.close()


async def child(db_path: Path, with_ranks: bool) -> None:
    from openmahjong.stats import rebuild
    from openmahjong.store import Database

    db = Database(f"sqlite+aiosqlite:///{db_path}")
    start = time.perf_counter()
    async with db.session() as s:
        summary = await rebuild(s, with_ranks=with_ranks)
    summary["seconds"] = round(time.perf_counter() - start, 1)
    await db.close()
    print(json.dumps(summary, default=str))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--distinct", type=int, default=12, help="Distinct records per kind.")
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument(
        "--cache", type=Path, default=Path(tempfile.gettempdir()) / "openmahjong-stats-bench"
    )
    parser.add_argument("--with-ranks", action="store_true", help="Also rebuild the ranks.")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        asyncio.run(child(args.child, args.with_ranks))
        return
    args.cache.mkdir(parents=True, exist_ok=True)
    db_path = args.cache / f"stats-{args.games}-{args.distinct}-{args.players}.db"
    if not db_path.exists():
        print(f"generating {args.games} stored games into {db_path}", flush=True)
        start = time.perf_counter()
        kinds = distinct_records(args.cache, args.distinct)
        partial = db_path.with_suffix(".partial")
        partial.unlink(missing_ok=True)
        asyncio.run(build(partial, args.games, args.players, kinds))
        partial.rename(db_path)
        print(f"  generated in {time.perf_counter() - start:.0f} s", flush=True)
    size = db_path.stat().st_size / 2**30
    command = [sys.executable, __file__, "--child", str(db_path)]
    if args.with_ranks:
        command.append("--with-ranks")
    done = subprocess.run(command, check=True, capture_output=True, text=True)
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    peak = usage.ru_maxrss / 1024
    # CPU time too: on a shared machine the wall time says more about the neighbours.
    cpu = usage.ru_utime + usage.ru_stime
    print(
        f"stats rebuild: {summary['games']} counted games ({args.games} stored, {size:.1f} GiB "
        f"SQLite) in {summary['seconds']} s ({cpu:.0f} s of CPU), peak RSS {peak:.0f} MiB; "
        f"{summary['counters']} counters, {summary['best_hands']} best hands"
        + (f", ranks {summary['ranks']}" if args.with_ranks else "")
    )


if __name__ == "__main__":
    main()
