"""Server load: tables of four bot clients over real WebSockets against a real server.

Run: .venv/bin/python bench/server_load.py [--tables 10,25,50,100,200] [--hands 1] [--think 0]
     [--json FILE]

For each table count a fresh ``openmahjong serve`` starts on a new SQLite file (client and
server share this machine, as the issue asks), ``openmahjong.cli.loadtest.run_loadtest`` plays
the tables, and the figures are printed: tables, games finished, hands, actions, errors,
latency p50/p99 (ms, prompt to the client's own discard broadcast, think time excluded),
actions per second, and the server's CPU seconds per action. The largest table count with
p99 <= 100 ms and no errors is reported at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from openmahjong.cli.loadtest import run_loadtest


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _start(database: str, port: int, log: Path) -> subprocess.Popen[bytes]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("OPENMAHJONG_")}
    env["OPENMAHJONG_GUEST_LIMIT"] = "0"  # four guests per table, all from this address
    process = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from openmahjong.cli import app; app()",
            "serve",
            "--port",
            str(port),
            "--database",
            database,
            "--log-level",
            "warning",
        ],
        stdout=log.open("ab"),
        stderr=subprocess.STDOUT,
        env=env,
    )
    end = time.monotonic() + 60
    while time.monotonic() < end:
        if process.poll() is not None:
            raise SystemExit("server exited:\n" + log.read_text())
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=2).status_code == 200:
                return process
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    process.kill()
    raise SystemExit("server did not start:\n" + log.read_text())


def measure(tables: int, hands: int, think: float, folder: Path) -> dict[str, object]:
    port = _free_port()
    database = f"sqlite:///{folder / f'load-{tables}.db'}"
    server = _start(database, port, folder / "server.log")
    try:
        before = _cpu_seconds(server.pid)
        result = asyncio.run(
            run_loadtest(f"http://127.0.0.1:{port}", tables, hands=hands, think=think)
        )
        used = _cpu_seconds(server.pid) - before
    finally:
        server.terminate()
        server.wait(timeout=30)
    report = result.report()
    report["think_s"] = think
    report["server_cpu_s"] = round(used, 2)
    report["server_cpu_ms_per_action"] = (
        round(used / result.actions * 1000, 2) if result.actions else None
    )
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="10,25,50,100,200")
    parser.add_argument("--hands", type=int, default=1)
    parser.add_argument("--think", type=float, default=0.0)
    parser.add_argument("--json", type=Path, default=None, help="also write the figures here")
    args = parser.parse_args()
    counts = [int(n) for n in args.tables.split(",")]
    rows = []
    print(f"cpus {os.cpu_count()}, load average {os.getloadavg()[0]:.2f} at start")
    with tempfile.TemporaryDirectory() as tmp:
        for n in counts:
            row = measure(n, args.hands, args.think, Path(tmp))
            rows.append(row)
            lat = row["latency_ms"]
            assert isinstance(lat, dict)
            print(
                f"tables {n:4d}  hands {row['hands']:4}  actions {row['actions']:6}  "
                f"errors {row['errors']}  p50 {lat['p50']} ms  p99 {lat['p99']} ms  "
                f"{row['actions_per_second']} actions/s  "
                f"server {row['server_cpu_ms_per_action']} ms CPU/action",
                flush=True,
            )
    holding = [
        r["tables"]
        for r in rows
        if r["errors"] == 0 and (r["latency_ms"]["p99"] or 1e9) <= 100  # type: ignore[index]
    ]
    print(f"largest table count with p99 <= 100 ms and no errors: {max(holding, default=None)}")
    print(f"load average {os.getloadavg()[0]:.2f} at the end")
    if args.json is not None:
        args.json.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
