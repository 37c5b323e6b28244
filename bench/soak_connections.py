"""Connection churn soak: does the server's memory level off under connect/hello/close cycles?

Run: .venv/bin/python bench/soak_connections.py [--cycles 10000] [--batches 20]
     [--concurrency 8] [--compression deflate|none]
     [--mix guest,same,no_token,bad_json,seated,abrupt] [--json FILE]

A fresh ``openmahjong serve`` starts on a new SQLite file (the guest limit and the socket caps
are off for it: every socket comes from this address, many on one account). Each
cycle opens ``/ws``, does one thing and closes; the kinds of cycle take turns (``--mix``):

* ``guest``: a fresh guest player (``POST /api/auth/guest``), hello with its token, welcome,
  close -- every cycle is a new user, so anything the server keeps per user shows;
* ``same``: hello with one guest's token, over and over;
* ``no_token``: hello without a token, refused (``not_signed_in``) and closed by the server;
* ``bad_json``: a first frame that is not JSON, refused and closed by the server;
* ``seated``: the guest seated at a table of three bots (long clocks), whose prompt is open:
  hello, wait for the prompt sent again, close mid-prompt;
* ``abrupt``: hello with the one guest's token, then the TCP connection is dropped without a
  close frame and without waiting for the welcome (a phone losing its network).

After each batch the server's resident memory (``VmRSS`` from ``/proc/<pid>/status``) is
sampled; the curve is printed, and the run *levels off* when, over the second half of the
cycles, the RSS rises by less than ``--max-slope`` MiB per 10 000 cycles (least-squares slope
of those samples; default 2). The growth over the second half in percent is printed too.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from _served import cpu_seconds, free_port, rss_mib, start_server
from openmahjong.server.client import PlayClient, guest_token
from openmahjong.server.protocol import PROTOCOL_VERSION

KINDS = ("guest", "same", "no_token", "bad_json", "seated", "abrupt")


#: A fresh guest per cycle and many sockets on one account, all from this address: the guest
#: limit and the socket caps are tested elsewhere.
SERVER_SETTINGS = {
    "GUEST_LIMIT": "0",
    "MAX_SOCKETS_PER_USER": "0",
    "MAX_SOCKETS_PER_ADDRESS": "0",
}


class Churn:
    """The cycles, against one server; counts what did not go as the protocol says."""

    def __init__(self, base: str, compression: str | None) -> None:
        self.base = base
        self.compression = compression
        self.ws_url = base.replace("http", "ws", 1) + "/ws"
        self.http = httpx.AsyncClient(base_url=base, timeout=30)
        self.same_token = ""
        self.seated_token = ""
        self.unexpected: dict[str, int] = {}

    async def set_up(self, kinds: list[str]) -> None:
        self.same_token = (await guest_token(self.http))[1]
        if "seated" in kinds:
            self.seated_token = await self._seat_at_table()

    async def _seat_at_table(self) -> str:
        """A guest at a table with three bots, the game started, waiting on its prompt."""
        _, token = await guest_token(self.http)
        table = {"move_seconds": 300, "bank_seconds": 300, "spectators": False}
        created = await self.http.post(
            "/api/rooms",
            json={"name": "soak", "ruleset": "riichi", "preset": "majsoul-tonpuu", "table": table},
            headers={"Authorization": f"Bearer {token}"},
        )
        created.raise_for_status()
        room = created.json()["id"]
        player = PlayClient(self.ws_url, token)
        player.keep_log = False
        await player.connect()
        try:
            await player.send({"type": "join", "room": room})
            for _ in range(3):
                await player.send({"type": "add_bot", "room": room})
            await player.send({"type": "ready", "room": room})
            await player.next(
                lambda m: m["type"] == "room" and all(s and s["ready"] for s in m["seats"])
            )
            await player.send({"type": "start", "room": room})
            await player.next("game_start")
            # Answer until a prompt is left open that the soak then never answers: any prompt
            # will do (a discard of our own turn, or a claim).
            await player.next("prompt", timeout=60)
        finally:
            await player.close()
        return token

    def _miss(self, what: str) -> None:
        self.unexpected[what] = self.unexpected.get(what, 0) + 1

    async def cycle(self, kind: str) -> None:
        hello: dict[str, object] = {"type": "hello", "protocol": PROTOCOL_VERSION}
        if kind == "guest":
            hello["token"] = (await guest_token(self.http))[1]
        elif kind in ("same", "abrupt"):
            hello["token"] = self.same_token
        elif kind == "seated":
            hello["token"] = self.seated_token
        first = "{not json" if kind == "bad_json" else json.dumps(hello)
        want = {"no_token": "error", "bad_json": "error"}.get(kind, "welcome")
        async with connect(self.ws_url, compression=self.compression, open_timeout=30) as ws:
            await ws.send(first)
            if kind == "abrupt":
                ws.transport.abort()
                return
            answer = json.loads(await ws.recv())
            if answer.get("type") != want:
                self._miss(f"{kind}: {answer.get('type')} {answer.get('code', '')}".strip())
                return
            if kind == "seated":  # the open prompt comes again after room, game and view
                async with asyncio.timeout(30):
                    while json.loads(await ws.recv()).get("type") != "prompt":
                        pass
            elif want == "error":  # the server closes a refused connection itself
                with contextlib.suppress(ConnectionClosed):
                    await ws.recv()
                    self._miss(f"{kind}: not closed after the error")

    async def batch(self, kinds: list[str], start: int, count: int, concurrency: int) -> None:
        todo = iter(range(start, start + count))

        async def worker() -> None:
            for i in todo:
                kind = kinds[i % len(kinds)]
                try:
                    await self.cycle(kind)
                except (OSError, ConnectionClosed, TimeoutError, httpx.HTTPError) as exc:
                    if kind == "abrupt" and isinstance(exc, ConnectionClosed):
                        continue  # our own abort, seen when the context manager closes
                    self._miss(f"{kind}: {type(exc).__name__}")

        await asyncio.gather(*(worker() for _ in range(concurrency)))


def second_half(cycles: list[int], rss: list[float]) -> tuple[float, float]:
    """Over the samples of the second half of the run: the least-squares slope of the RSS in
    MiB per 10 000 cycles, and the growth from its first sample to the last in percent."""
    half = [(c, r) for c, r in zip(cycles, rss, strict=True) if c >= cycles[-1] / 2]
    xs, ys = [c for c, _ in half], [r for _, r in half]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    spread = sum((x - mx) ** 2 for x in xs)
    slope = sum((x - mx) * (y - my) for x, y in half) / spread if spread else 0.0
    return slope * 10_000, (ys[-1] - ys[0]) / ys[0] * 100


async def soak(args: argparse.Namespace, pid: int, base: str) -> dict[str, object]:
    kinds = args.mix.split(",")
    churn = Churn(base, None if args.compression == "none" else args.compression)
    try:
        await churn.set_up(kinds)
        start_rss = rss_mib(pid)
        print(f"{'cycles':>8} {'rss MiB':>9} {'cycles/s':>9} {'server ms/cycle':>16}", flush=True)
        print(f"{0:>8} {start_rss:>9.1f}", flush=True)
        samples, at, done, cpu_used = [start_rss], [0], 0, 0.0
        per_batch = max(1, args.cycles // args.batches)
        while done < args.cycles:
            count = min(per_batch, args.cycles - done)
            began, cpu = time.monotonic(), cpu_seconds(pid)
            await churn.batch(kinds, done, count, args.concurrency)
            done += count
            rate = count / (time.monotonic() - began)
            used = cpu_seconds(pid) - cpu
            cpu_used += used
            await asyncio.sleep(args.settle)  # let the server finish closing the sockets
            samples.append(rss_mib(pid))
            at.append(done)
            print(
                f"{done:>8} {samples[-1]:>9.1f} {rate:>9.0f} {used / count * 1000:>16.2f}",
                flush=True,
            )
    finally:
        await churn.http.aclose()
    slope, growth = second_half(at, samples)
    return {
        "cycles": args.cycles,
        "mix": kinds,
        "concurrency": args.concurrency,
        "compression": args.compression,
        "rss_mib": [round(s, 1) for s in samples],
        "after_cycles": at,
        "server_cpu_ms_per_cycle": round(cpu_used / max(done, 1) * 1000, 3),
        "second_half_mib_per_10k": round(slope, 2),
        "second_half_growth_pct": round(growth, 2),
        "levels_off": slope < args.max_slope,
        "unexpected": churn.unexpected,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cycles", type=int, default=10_000)
    parser.add_argument("--batches", type=int, default=20)
    parser.add_argument("--concurrency", type=int, default=8, help="connections at a time")
    parser.add_argument("--mix", default=",".join(KINDS), help=f"cycle kinds from {KINDS}")
    parser.add_argument(
        "--compression",
        default="deflate",
        choices=("deflate", "none"),
        help="offer permessage-deflate as browsers do (default), or not",
    )
    parser.add_argument("--settle", type=float, default=0.5, help="seconds before each sample")
    parser.add_argument(
        "--max-slope", type=float, default=2.0, help="MiB per 10 000 cycles, second half"
    )
    parser.add_argument("--json", type=Path, default=None, help="also write the figures here")
    args = parser.parse_args()
    unknown = set(args.mix.split(",")) - set(KINDS)
    if unknown:
        parser.error(f"unknown cycle kinds {sorted(unknown)}: use {KINDS}")
    with tempfile.TemporaryDirectory(prefix="om-soak-") as folder:
        port = free_port()
        server = start_server(
            f"sqlite:///{Path(folder) / 'soak.db'}", port, Path(folder) / "log", SERVER_SETTINGS
        )
        try:
            report = asyncio.run(soak(args, server.pid, f"http://127.0.0.1:{port}"))
        finally:
            server.terminate()
            server.wait(timeout=30)
            tail = (Path(folder) / "log").read_text().splitlines()[-5:]
    verdict = "levels off" if report["levels_off"] else "still rising"
    print(
        f"{verdict}: {report['second_half_mib_per_10k']} MiB per 10 000 cycles over the second "
        f"half (at most {args.max_slope}), {report['second_half_growth_pct']} %; peak "
        f"{max(report['rss_mib'])} MiB; server CPU {report['server_cpu_ms_per_cycle']} ms a "
        f"cycle; unexpected answers: {report['unexpected'] or 'none'}"
    )
    if tail and report["unexpected"]:
        print("server log tail:\n  " + "\n  ".join(tail))
    if args.json is not None:
        args.json.write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
