"""The issue 21 benchmarks run, at a small size, and measure what they say: the statistics and
ranks rebuild counts every stored game but the casual ones (one in fifty) and rates them, and
the leaderboard bench answers every board under concurrent load with the seeded player count.
The figures at the issue's size are in docs/statistics.md and docs/ranks.md."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, *args], cwd=ROOT, check=True, capture_output=True, text=True, timeout=600
    )
    return done.stdout


def test_the_stats_rebuild_bench_counts_all_but_the_casual_games_and_rates_them(tmp_path):
    out = _run(
        "bench/stats_rebuild.py", "--games", "200", "--distinct", "1", "--players", "40",
        "--with-ranks", "--cache", str(tmp_path),
    )  # fmt: skip
    line = out.strip().splitlines()[-1]
    found = re.search(r"stats rebuild: (\d+) counted games \((\d+) stored", line)
    assert found, out
    assert (int(found[1]), int(found[2])) == (196, 200)  # games 50, 100, 150, 200 are casual
    assert re.search(r"peak RSS \d+ MiB", line) and re.search(r"\(\d+ s of CPU\)", line), line
    assert "'games': 196" in line.split("ranks", 1)[1], line


def test_the_leaderboard_bench_answers_every_board_under_load(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path / 'lb.db'}"
    out = _run(
        "bench/leaderboard.py", "--players", "60", "--games", "300", "--runs", "12",
        "--concurrency", "4", "--database", url,
    )  # fmt: skip
    assert "12 queries a board, 4 at once" in out, out
    rows = {}
    for line in out.splitlines():
        found = re.match(r"(by=.+?)\s+(\d+\.\d+)\s+(\d+\.\d+)\s+(\d+)$", line)
        if found:
            p50, p99 = float(found[2]), float(found[3])
            assert 0 < p50 <= p99, line
            rows[found[1]] = int(found[4])
    assert len(rows) == 6, out
    # The all-time boards list every seeded player; a period board only those who played in it.
    assert rows["by=rank, period=all"] == rows["by=rating, period=all"] == 60
    assert 0 < rows["by=rank, period=week"] <= 60
