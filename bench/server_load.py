"""Server load: tables of four bot clients over real WebSockets against a real server.

Run: .venv/bin/python bench/server_load.py [--tables 10,25,50,100,200] [--hands 1]
     [--think 1.0] [--jitter 0.5] [--ramp 5] [--processes 1] [--json FILE]
     [--find-max [--step 100] [--max-tables 3000] [--resolution 100]]
     [--kill-after SECONDS [--lease-seconds 10]]

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

``--find-max`` ramps the count instead of taking a list: from the first ``--tables`` count
up by ``--step`` until a count has p99 > 100 ms or any error (or ``--max-tables`` is passed),
then, with ``--resolution`` below ``--step``, halves the step between the last count that held
and the first that did not. It prints the largest count that held for the ``--processes``.

``--kill-after SECONDS`` is the fault run (``--processes`` 2 or more, one ``--tables``
count): whole games (``--hands`` is ignored); the last process is killed with SIGKILL that long
after the first game starts; players whose socket was on it connect again to the next process
(a proxy's job) and every table plays on. The servers' ``lease_seconds`` is
``--lease-seconds``. At the end every table is checked (bench/_fault.py): finished, the action
log numbered 1..n, no action stored twice or without a reply, each accepted reply stored
(unless the killed process accepted it and died before writing it), the record replayed as
``openmahjong replay check`` does and the commitment verified as ``openmahjong seed verify``
does; and the spike is printed: p99 and max latency of the discards in flight at the kill or
sent within 2 x lease of it, the rest's, and the longest stall of any table. Exit 1 when a
check fails.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import sys
import tempfile
from pathlib import Path
from typing import Any

from _served import cpu_seconds, free_port, start_server
from openmahjong.cli.loadtest import run_loadtest

#: Four guests and four sockets per table, all from this address: the per-address allowances
#: for people would stop a load test.
SERVER_SETTINGS = {"GUEST_LIMIT": "0", "MAX_SOCKETS_PER_ADDRESS": "0"}
#: What a count must hold to count: p99 at most this (ms, ``--p99-ms``), and no error.
P99_LIMIT_MS = 100


class Cluster:
    """The server processes of one measurement, their URLs, and where they keep their data."""

    def __init__(self, tables: int, args: argparse.Namespace, folder: Path) -> None:
        self.servers: list[Any] = []
        self.urls: list[str] = []
        self.schema: str | None = None
        self.redis_url: str | None = None
        if args.processes <= 1:
            port = free_port()
            self.database = f"sqlite:///{folder / f'load-{tables}.db'}"
            log = folder / "server.log"
            self.servers.append(start_server(self.database, port, log, SERVER_SETTINGS))
            self.urls.append(f"http://127.0.0.1:{port}")
            return
        from openmahjong.store.testing import create_schema

        self.database = os.environ.get(
            "OPENMAHJONG_BENCH_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test"
        )
        self.schema = asyncio.run(create_schema(self.database, "om_bench"))
        self.redis_url = os.environ.get("OPENMAHJONG_BENCH_REDIS", "redis://127.0.0.1:6379/0")
        self.prefix = f"{self.schema}:"
        settings = {
            **SERVER_SETTINGS,
            "DATABASE_SCHEMA": self.schema,
            "REDIS_URL": self.redis_url,
            "REDIS_PREFIX": self.prefix,
            "LEASE_SECONDS": str(args.lease_seconds),
        }
        try:
            for i in range(args.processes):  # one after the other: the first migrates
                port = free_port()
                log = folder / f"server-{i}.log"
                self.servers.append(start_server(self.database, port, log, settings))
                self.urls.append(f"http://127.0.0.1:{port}")
        except BaseException:
            self.stop()
            raise

    def cpu(self) -> float:
        return sum(cpu_seconds(s.pid) for s in self.servers if s.poll() is None)

    async def holders(self, rooms: list[int]) -> dict[int, str]:
        """The rooms' lease holders, as the servers read them (``RedisLeases.holders``)."""
        from openmahjong.server.leases import RedisLeases

        assert self.redis_url is not None
        leases = RedisLeases(self.redis_url, 1.0, self.prefix + "lease:")
        try:
            return await leases.holders(rooms)
        finally:
            await leases.close()

    def stop(self) -> None:
        for server in self.servers:
            if server.poll() is None:
                server.terminate()
        for server in self.servers:
            server.wait(timeout=60)
        if self.schema is not None:
            from openmahjong.store.testing import drop_schema

            asyncio.run(drop_schema(self.database, self.schema))
            self.schema = None


def measure(tables: int, args: argparse.Namespace, folder: Path) -> dict[str, object]:
    cluster = Cluster(tables, args, folder)
    try:
        before = cluster.cpu(), cpu_seconds(os.getpid())
        result = asyncio.run(
            run_loadtest(
                cluster.urls,
                tables,
                hands=args.hands,
                think=args.think,
                jitter=args.jitter,
                ramp=args.ramp,
            )
        )
        # Set-up and play together: the CPU per action is an upper bound.
        server_used = cluster.cpu() - before[0]
        client_used = cpu_seconds(os.getpid()) - before[1]
    finally:
        cluster.stop()
    report = result.report()
    for name, used in (("server", server_used), ("client", client_used)):
        report[f"{name}_cpu_s"] = round(used, 2)
        report[f"{name}_cpu_ms_per_action"] = (
            round(used / result.actions * 1000, 2) if result.actions else None
        )
    report["load_average"] = round(os.getloadavg()[0], 2)
    return report


def held(row: dict[str, Any], limit_ms: float) -> bool:
    """No error and p99 within ``limit_ms``."""
    p99 = row["latency_ms"]["p99"]
    return row["errors"] == 0 and p99 is not None and p99 <= limit_ms


def print_row(row: dict[str, Any]) -> None:
    lat = row["latency_ms"]
    print(
        f"tables {row['tables']:4d}  hands {row['hands']:4}  actions {row['actions']:6}  "
        f"errors {row['errors']}  p50 {lat['p50']} ms  p99 {lat['p99']} ms  "
        f"max {lat['max']} ms  {row['actions_per_second']} actions/s  "
        f"CPU/action server {row['server_cpu_ms_per_action']} ms, "
        f"client {row['client_cpu_ms_per_action']} ms  load {row['load_average']}",
        flush=True,
    )
    for sample in row["error_samples"]:
        print(f"    error: {sample}")


def find_max(args: argparse.Namespace, folder: Path, rows: list[dict[str, Any]]) -> int | None:
    """Up by ``--step`` from the first count until one fails, then halve the step between
    the last that held and the first that failed down to ``--resolution``."""
    first = int(args.tables.split(",")[0])

    def attempt(n: int) -> bool:
        row = measure(n, args, folder)
        rows.append(row)
        print_row(row)
        return held(row, args.p99_ms)

    best: int | None = None
    failed: int | None = None
    n = first
    while n <= args.max_tables:
        if not attempt(n):
            failed = n
            break
        best = n
        n += args.step
    if best is None or failed is None:
        return best
    step = args.step
    while step > args.resolution:
        step = max(args.resolution, step // 2)
        n = best + step
        if n >= failed:
            continue
        if attempt(n):
            best = n
        else:
            failed = n
    return best


def fault_run(args: argparse.Namespace, folder: Path) -> int:
    """The fault run; returns the exit status (1: a check failed)."""
    import _fault
    from openmahjong.cli.loadtest import _first_preset

    tables = int(args.tables.split(",")[0])
    cluster = Cluster(tables, args, folder)
    doomed = cluster.servers[-1]

    def kill() -> None:
        os.kill(doomed.pid, signal.SIGKILL)
        doomed.wait(timeout=30)

    try:
        run = asyncio.run(
            _fault.run_fault(
                cluster.urls,
                tables,
                kill_after=args.kill_after,
                kill=kill,
                holders=cluster.holders,
                lease_seconds=args.lease_seconds,
                think=args.think,
                jitter=args.jitter,
                ramp=args.ramp,
                preset=_first_preset("riichi"),
            )
        )
        assert cluster.schema is not None
        checked = asyncio.run(_fault.verify(run, cluster.database, cluster.schema))
    finally:
        cluster.stop()
    return report_fault(run, checked, args)


def report_fault(run: Any, checked: dict[str, Any], args: argparse.Namespace) -> int:
    from _fault import percentile

    killed = run.killed_at
    window = 2 * args.lease_seconds
    near, away = [], []
    for d in run.discards:
        in_flight = killed is not None and d.sent <= killed <= d.sent + d.latency
        soon = killed is not None and killed <= d.sent <= killed + window
        (near if in_flight or soon else away).append(d.latency)
    stalled = max(run.tables, key=lambda t: t.stall, default=None)
    print(
        f"fault run: {len(run.tables)} tables on {args.processes} processes, lease "
        f"{args.lease_seconds} s; process {args.processes - 1} killed (SIGKILL) at "
        + (f"{killed - run.started:.1f} s" if killed is not None else "never (games over)")
        + f"; {run.seconds:.1f} s playing"
    )
    print(
        f"  tables finished {checked['finished']}/{checked['tables']}, records replayed "
        f"{checked['replayed']}, commitments verified {checked['commitments_verified']}; "
        f"rooms per process at the kill {checked['owners_at_kill']}, held by the killed one "
        f"{checked['rooms_held_by_killed']}, moved {checked['tables_moved']}"
    )
    print(
        f"  actions stored {checked['stored_actions']} (timeouts {checked['timeouts']}), "
        f"replies sent {run.replies} (again after a reconnect {run.resent}, refused as "
        f"repeats {run.refused_repeats}, lost on a closing socket "
        f"{run.failed_sends}), accepted {checked['replies_accepted']}; accepted "
        f"but not stored {checked['accepted_not_stored']} (the killed process accepted them "
        f"and died: asked again), stored before the acceptance arrived "
        f"{checked['stored_not_accepted']}"
    )
    reconnects = sorted(run.reconnect_seconds)
    print(
        f"  sockets dropped {run.drops}, reconnected {len(reconnects)} "
        f"(slowest {reconnects[-1]:.2f} s)"
        if reconnects
        else f"  sockets dropped {run.drops}, reconnected 0"
    )
    print(
        f"  latency around the kill (in flight, or sent within {window:g} s after): "
        f"{len(near)} discards, p99 {percentile(near, 99)} ms, max {percentile(near, 100)} ms; "
        f"the rest: {len(away)} discards, p50 {percentile(away, 50)} ms, "
        f"p99 {percentile(away, 99)} ms, max {percentile(away, 100)} ms"
    )
    if stalled is not None:
        ended = stalled.stall_end - run.started if stalled.stall_end is not None else 0.0
        over = sum(t.stall > window for t in run.tables)
        print(
            f"  longest stall: room {stalled.room}, {stalled.stall:.2f} s (ended "
            f"{ended:.1f} s in); tables stalled over {window:g} s: {over}"
        )
    print(f"  errors {run.errors}")
    for sample in run.error_samples[:5]:
        print(f"    error: {sample}")
    for problem in checked["problems"][:20]:
        print(f"    problem: {problem}")
    ok = not checked["problems"] and run.errors == 0 and killed is not None
    ok = ok and checked["finished"] == checked["tables"] == args_tables(args)
    print("fault run: " + ("every check passed" if ok else "FAILED"))
    if args.json is not None:
        data = {
            **{k: v for k, v in checked.items()},
            "killed_at_s": None if killed is None else round(killed - run.started, 2),
            "replies": run.replies,
            "resent": run.resent,
            "refused_repeats": run.refused_repeats,
            "drops": run.drops,
            "errors": run.errors,
            "error_samples": run.error_samples,
            "near_kill_ms": {"p99": percentile(near, 99), "max": percentile(near, 100)},
            "away_ms": {"p99": percentile(away, 99), "max": percentile(away, 100)},
            "longest_stall_s": round(stalled.stall, 2) if stalled else None,
        }
        args.json.write_text(json.dumps(data, indent=1))
    return 0 if ok else 1


def args_tables(args: argparse.Namespace) -> int:
    return int(args.tables.split(",")[0])


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0],
        epilog="Details: docs/deploy.md, section Benchmarks.",
    )
    parser.add_argument(
        "--tables", default="10,25,50,100,200", help="table counts, comma-separated"
    )
    parser.add_argument("--hands", type=int, default=1, help="hands per table (0: whole games)")
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds per reply")
    parser.add_argument("--jitter", type=float, default=0.5, help="think spread, +- fraction")
    parser.add_argument("--ramp", type=float, default=5.0, help="seconds to start all games")
    parser.add_argument("--processes", type=int, default=1, help="server processes (a cluster)")
    parser.add_argument("--json", type=Path, default=None, help="also write the figures here")
    parser.add_argument(
        "--find-max",
        action="store_true",
        help="ramp the table count from the first --tables count by --step until p99 > "
        "--p99-ms or an error; report the largest count that held",
    )
    parser.add_argument(
        "--p99-ms",
        type=float,
        default=P99_LIMIT_MS,
        help=f"the p99 a count must keep to hold (default {P99_LIMIT_MS}, the issue's goal)",
    )
    parser.add_argument("--step", type=int, default=100, help="--find-max: tables per step")
    parser.add_argument(
        "--max-tables", type=int, default=3000, help="--find-max: stop after this count"
    )
    parser.add_argument(
        "--resolution",
        type=int,
        default=None,
        help="--find-max: after the first failing count, halve the step down to this "
        "(default: --step, no halving)",
    )
    parser.add_argument(
        "--kill-after",
        type=float,
        default=None,
        metavar="SECONDS",
        help="the fault run: SIGKILL the last of --processes (2 or more) this long after the "
        "first game starts; whole games; every table checked at the end",
    )
    parser.add_argument(
        "--lease-seconds",
        type=float,
        default=10.0,
        help="the servers' room lease (--processes > 1); the server's default is 10",
    )
    args = parser.parse_args()
    if args.resolution is None:
        args.resolution = args.step
    if args.step < 1 or args.resolution < 1:
        parser.error("--step and --resolution are at least 1")
    if args.kill_after is not None:
        if args.processes < 2:
            parser.error("--kill-after needs --processes 2 or more")
        if args.find_max:
            parser.error("--kill-after and --find-max are separate runs")
        if args.kill_after <= args.ramp:
            parser.error("--kill-after must be past --ramp, when every game has started")
    print(
        f"cpus {os.cpu_count()}, load average {os.getloadavg()[0]:.2f} at start; think "
        f"{args.think} s +- {args.jitter:.0%}, ramp {args.ramp} s, "
        f"hands {0 if args.kill_after is not None else args.hands}, "
        f"server processes {args.processes}",
        flush=True,
    )
    with tempfile.TemporaryDirectory() as tmp:
        if args.kill_after is not None:
            status = fault_run(args, Path(tmp))
            print(f"load average {os.getloadavg()[0]:.2f} at the end")
            sys.exit(status)
        rows: list[dict[str, Any]] = []
        if args.find_max:
            best = find_max(args, Path(tmp), rows)
            print(
                f"find-max, {args.processes} process(es): largest table count with p99 <= "
                f"{args.p99_ms:g} ms and no errors: {best}"
            )
        else:
            for n in [int(n) for n in args.tables.split(",")]:
                row = measure(n, args, Path(tmp))
                rows.append(row)
                print_row(row)
            best = max((r["tables"] for r in rows if held(r, args.p99_ms)), default=None)
            print(f"largest table count with p99 <= {args.p99_ms:g} ms and no errors: {best}")
    print(f"load average {os.getloadavg()[0]:.2f} at the end")
    if args.json is not None:
        args.json.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
