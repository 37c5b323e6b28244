"""Server load: tables of four bot clients over real WebSockets against a real server.

Run: .venv/bin/python bench/server_load.py [--tables 10,25,50,100,200] [--hands 1]
     [--think 1.0] [--jitter 0.5] [--ramp 5] [--processes 1] [--json FILE]

For each table count a fresh ``openmahjong serve`` starts on a new SQLite file (client and
server share this machine, as the issue asks; the guest limit is off for it),
``openmahjong.cli.loadtest.run_loadtest`` plays the tables (players think ``--think`` seconds
on average per reply, games start over ``--ramp`` seconds; ``--think 0`` is the throughput
test), and the figures are printed: tables, hands, actions, errors, latency p50/p99/max (ms,
reply sent to the client's own discard broadcast, think time excluded), actions per second,
the server's and the load client's CPU per action, and the load average. The largest table
count with p99 <= 100 ms and no errors is reported at the end.

``--processes N`` (N > 1) starts N servers as one cluster (docs/deploy.md) on PostgreSQL
(``$OPENMAHJONG_BENCH_POSTGRES``, default the local ``test`` database, a fresh schema per
count) and Redis (``$OPENMAHJONG_BENCH_REDIS``, default the local one, a fresh key prefix);
each table's players spread over the processes, and the server CPU is theirs summed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from _served import cpu_seconds, free_port, start_server
from openmahjong.cli.loadtest import run_loadtest

#: Four guests and four sockets per table, all from this address: the per-address allowances
#: for people would stop a load test.
SERVER_SETTINGS = {"GUEST_LIMIT": "0", "MAX_SOCKETS_PER_ADDRESS": "0"}


def _servers(tables: int, args: argparse.Namespace, folder: Path) -> tuple[list, list[str], Any]:
    """The server processes of one measurement, their URLs, and what drops their schema."""
    if args.processes <= 1:
        port = free_port()
        database = f"sqlite:///{folder / f'load-{tables}.db'}"
        server = start_server(database, port, folder / "server.log", SERVER_SETTINGS)
        return [server], [f"http://127.0.0.1:{port}"], None
    from openmahjong.store.testing import create_schema, drop_schema

    url = os.environ.get("OPENMAHJONG_BENCH_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")
    schema = asyncio.run(create_schema(url, "om_bench"))
    settings = {
        **SERVER_SETTINGS,
        "DATABASE_SCHEMA": schema,
        "REDIS_URL": os.environ.get("OPENMAHJONG_BENCH_REDIS", "redis://127.0.0.1:6379/0"),
        "REDIS_PREFIX": f"{schema}:",
    }
    servers, urls = [], []
    for i in range(args.processes):  # one after the other: the first applies the migrations
        port = free_port()
        servers.append(start_server(url, port, folder / f"server-{i}.log", settings))
        urls.append(f"http://127.0.0.1:{port}")
    return servers, urls, lambda: asyncio.run(drop_schema(url, schema))


def measure(tables: int, args: argparse.Namespace, folder: Path) -> dict[str, object]:
    servers, urls, cleanup = _servers(tables, args, folder)
    try:
        before = sum(cpu_seconds(s.pid) for s in servers), cpu_seconds(os.getpid())
        result = asyncio.run(
            run_loadtest(
                urls,
                tables,
                hands=args.hands,
                think=args.think,
                jitter=args.jitter,
                ramp=args.ramp,
            )
        )
        # Set-up and play together: the CPU per action is an upper bound.
        server_used = sum(cpu_seconds(s.pid) for s in servers) - before[0]
        client_used = cpu_seconds(os.getpid()) - before[1]
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(timeout=30)
        if cleanup is not None:
            cleanup()
    report = result.report()
    for name, used in (("server", server_used), ("client", client_used)):
        report[f"{name}_cpu_s"] = round(used, 2)
        report[f"{name}_cpu_ms_per_action"] = (
            round(used / result.actions * 1000, 2) if result.actions else None
        )
    report["load_average"] = round(os.getloadavg()[0], 2)
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="10,25,50,100,200")
    parser.add_argument("--hands", type=int, default=1)
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds per reply")
    parser.add_argument("--jitter", type=float, default=0.5, help="think spread, +- fraction")
    parser.add_argument("--ramp", type=float, default=5.0, help="seconds to start all games")
    parser.add_argument("--processes", type=int, default=1, help="server processes (a cluster)")
    parser.add_argument("--json", type=Path, default=None, help="also write the figures here")
    args = parser.parse_args()
    counts = [int(n) for n in args.tables.split(",")]
    rows = []
    print(
        f"cpus {os.cpu_count()}, load average {os.getloadavg()[0]:.2f} at start; think "
        f"{args.think} s +- {args.jitter:.0%}, ramp {args.ramp} s, hands {args.hands}, "
        f"server processes {args.processes}"
    )
    with tempfile.TemporaryDirectory() as tmp:
        for n in counts:
            row = measure(n, args, Path(tmp))
            rows.append(row)
            lat = row["latency_ms"]
            assert isinstance(lat, dict)
            print(
                f"tables {n:4d}  hands {row['hands']:4}  actions {row['actions']:6}  "
                f"errors {row['errors']}  p50 {lat['p50']} ms  p99 {lat['p99']} ms  "
                f"max {lat['max']} ms  {row['actions_per_second']} actions/s  "
                f"CPU/action server {row['server_cpu_ms_per_action']} ms, "
                f"client {row['client_cpu_ms_per_action']} ms  load {row['load_average']}",
                flush=True,
            )
            for sample in row["error_samples"]:  # type: ignore[attr-defined]
                print(f"    error: {sample}")
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
