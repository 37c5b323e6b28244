"""``openmahjong loadtest``: many tables of four bot clients playing over real WebSockets.

Each table is four guest players (``POST /api/auth/guest``) who open a room, sit, get ready and
play with a rule-free chooser (win when offered, pass claims, discard the drawn tile) until the
game ends or ``--hands`` hands are over.

The model is tables of people, not a throughput test (docs/server.md "Load test"):

* **Set-up first**: every table's guests, room, sockets, seats and readiness are made before
  any game starts (at most ``SETUP_AT_ONCE`` tables at a time); that phase is not timed.
* **Staggered starts**: table *i* starts its game ``i * ramp / tables`` seconds after the
  first, so the tables do not move in lockstep.
* **Think time**: every reply waits a think time drawn uniformly from ``think * (1 +- jitter)``
  (mean ``think``); ``--think 0`` answers at once and measures throughput instead.

Latency is measured on the clients, for every discard: from the reply leaving the client to the
client's own ``Discarded`` event arriving, that is the reply sent, stored, applied by the core
and broadcast back (the think time is the player's and is not counted).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Annotated, Any

import typer

from openmahjong.cli import app
from openmahjong.cli.output import fail

__all__ = ["LoadResult", "ThinkTime", "run_loadtest"]

#: Tables being set up at once (guests, room, sockets): set-up is not what is measured.
SETUP_AT_ONCE = 16
#: A table still playing after this long is stuck: an error, and the run goes on.
TABLE_HOURS = 2


@dataclass
class LoadResult:
    tables: int
    games_finished: int = 0
    hands: int = 0
    actions: int = 0
    errors: int = 0
    latencies: list[float] = field(default_factory=list)
    seconds: float = 0.0
    setup_seconds: float = 0.0
    error_samples: list[str] = field(default_factory=list)
    settings: dict[str, float] = field(default_factory=dict)

    def percentile(self, q: float) -> float | None:
        if not self.latencies:
            return None
        ordered = sorted(self.latencies)
        index = min(len(ordered) - 1, max(0, round(q / 100 * len(ordered) + 0.5) - 1))
        return round(ordered[index] * 1000, 2)

    def report(self) -> dict[str, Any]:
        return {
            "tables": self.tables,
            "games_finished": self.games_finished,
            "hands": self.hands,
            "actions": self.actions,
            "errors": self.errors,
            "latency_ms": {
                "p50": self.percentile(50),
                "p99": self.percentile(99),
                "max": self.percentile(100),
                "samples": len(self.latencies),
            },
            "seconds": round(self.seconds, 2),
            "setup_seconds": round(self.setup_seconds, 2),
            "actions_per_second": round(self.actions / self.seconds, 1) if self.seconds else None,
            **self.settings,
            "error_samples": self.error_samples[:5],
        }


def _error(result: LoadResult, text: str) -> None:
    result.errors += 1
    if len(result.error_samples) < 20:
        result.error_samples.append(text[:300])


@dataclass
class ThinkTime:
    """A player's time to decide: uniform in ``mean * (1 - jitter) .. mean * (1 + jitter)``."""

    mean: float = 1.0
    jitter: float = 0.5
    rng: random.Random = field(default_factory=lambda: random.Random(0))

    def draw(self) -> float:
        if self.mean <= 0:
            return 0.0
        return self.mean * (1 + self.jitter * (2 * self.rng.random() - 1))


def _untimed(text: str) -> bool:
    """Events the load test neither times nor counts: skipped without decoding (the server's
    messages start with their type; anything else is decoded as usual)."""
    return (
        text.startswith('{"type":"event"')
        and '"Discarded"' not in text
        and '"HandEnded"' not in text
    )


class _Seat:
    """One bot player, driven by its messages as they arrive (no task per message): a prompt
    schedules the reply after a think time; its own discard coming back ends one latency."""

    def __init__(
        self, client: Any, seat: int, result: LoadResult, hands: int, think: ThinkTime
    ) -> None:
        self.client = client
        self.seat = seat
        self.result = result
        self.hands = hands
        self.think = think
        self.played = 0
        self.sent_at: float | None = None
        self.done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._sending: set[asyncio.Task[None]] = set()

    def on_message(self, message: dict[str, Any], now: float) -> None:
        kind = message.get("type")
        if kind == "prompt":
            from openmahjong.server.client import simple_choice

            action = simple_choice(message["actions"])
            loop = asyncio.get_running_loop()
            loop.call_later(self.think.draw(), self._reply, message["seq"], action)
        elif kind == "event":
            event = message["event"]
            if event.get("type") == "Discarded":
                if event.get("seat") == self.seat and self.sent_at is not None:
                    self.result.latencies.append(now - self.sent_at)
                    self.sent_at = None
            elif event.get("type") == "HandEnded":
                self.played += 1
                if self.seat == 0:
                    self.result.hands += 1
                if self.hands and self.played >= self.hands:
                    self._finish()
        elif kind == "game_end":
            if self.seat == 0:
                self.result.games_finished += 1
            self._finish()
        elif kind == "error":
            code, text = message.get("code"), message.get("message")
            _error(self.result, f"seat {self.seat}: {code}: {text}")

    def _reply(self, seq: int, action: dict[str, Any]) -> None:
        if self.done.done():
            return
        if action["type"] == "discard":
            self.sent_at = time.monotonic()
        self.result.actions += 1
        task = asyncio.get_running_loop().create_task(
            self.client.send({"type": "reply", "seq": seq, "action": action})
        )
        self._sending.add(task)
        task.add_done_callback(self._sent)

    def _sent(self, task: asyncio.Task[None]) -> None:
        self._sending.discard(task)
        if not task.cancelled() and task.exception() is not None and not self.done.done():
            self.done.set_exception(task.exception())  # type: ignore[arg-type]

    def _finish(self) -> None:
        if not self.done.done():
            self.done.set_result(None)


async def _retry(call: Any, attempts: int = 3) -> Any:
    """An HTTP set-up request again when a kept-alive connection was closed under it."""
    import httpx

    for attempt in range(attempts):
        try:
            return await call()
        except httpx.TransportError:
            if attempt == attempts - 1:
                raise
            await asyncio.sleep(0.2)
    raise AssertionError("unreachable")


async def _set_up(
    http: Any, ws_urls: list[str], ruleset: str, preset: str
) -> tuple[int, list[Any]]:
    """Four guests at a new room, connected (seat by seat to each of ``ws_urls`` in turn: the
    processes of a cluster), seated and ready; returns the room and clients."""
    from openmahjong.server.client import PlayClient, guest_token

    tokens = [await _retry(lambda: guest_token(http)) for _ in range(4)]
    table = {"move_seconds": 60, "bank_seconds": 0, "call_protection": False, "spectators": False}
    created = await _retry(
        lambda: http.post(
            "/api/rooms",
            json={"name": "load", "ruleset": ruleset, "preset": preset, "table": table},
            headers={"Authorization": f"Bearer {tokens[0][1]}"},
        )
    )
    if created.status_code != 201:
        raise RuntimeError(f"create room: {created.status_code} {created.text}")
    room = created.json()["id"]
    clients = []
    try:
        for i, (_uid, token) in enumerate(tokens):
            client = PlayClient(ws_urls[i % len(ws_urls)], token)
            client.keep_log = False
            await client.connect()
            clients.append(client)
            await client.send({"type": "join", "room": room})
            await client.send({"type": "ready", "room": room})
        await clients[0].next(
            lambda m: m["type"] == "room" and all(s and s["ready"] for s in m["seats"]),
            timeout=120,
        )
    except BaseException:
        await _close_all(clients)
        raise
    return room, clients


async def _close_all(clients: list[Any]) -> None:
    for c in clients:
        with contextlib.suppress(Exception):  # closing a dead socket
            await c.close()


async def _play(
    room: int,
    clients: list[Any],
    start_at: float,
    hands: int,
    think: ThinkTime,
    result: LoadResult,
) -> None:
    """Start the table's game at ``start_at`` (monotonic) and play it out."""
    try:
        await asyncio.sleep(max(0.0, start_at - time.monotonic()))
        await clients[0].send({"type": "start", "room": room})
        seats = []
        for c in clients:
            start = await c.next("game_start", timeout=120)
            c.ignore = _untimed
            seat = _Seat(c, start["seat"], result, hands, think)
            c.listen(seat.on_message)
            seats.append(seat)
        async with asyncio.timeout(TABLE_HOURS * 3600):  # a stuck table ends the run
            await asyncio.gather(*(s.done for s in seats))
    except Exception as exc:  # a broken table is an error of the run, not a crash of it
        _error(result, f"room {room}: {type(exc).__name__}: {exc}")
    finally:
        await _close_all(clients)


def _first_preset(ruleset: str) -> str:
    """The ruleset's first preset, its shortest game (rulesets list their presets shortest
    first); empty for a ruleset not installed here, which the server then names as unknown."""
    from openmahjong.rules.registry import rulesets

    known = rulesets().get(ruleset)
    return next(iter(known.presets), "") if known is not None else ""


async def run_loadtest(
    url: str | Sequence[str],
    tables: int,
    *,
    ruleset: str = "riichi",
    preset: str | None = None,
    hands: int = 0,
    think: float = 1.0,
    jitter: float = 0.5,
    ramp: float = 5.0,
    seed: int = 0,
) -> LoadResult:
    """Play ``tables`` tables at once against the server at ``url`` (http://host:port; or
    several, the processes of one cluster: each table's players connect to them in turn, and
    its room is made through the first)."""
    import httpx

    preset = preset or _first_preset(ruleset)
    urls = [url] if isinstance(url, str) else list(url)
    ws_all = [
        u.replace("https://", "wss://").replace("http://", "ws://").rstrip("/") + "/ws"
        for u in urls
    ]
    result = LoadResult(tables=tables)
    result.settings = {"think_s": think, "jitter": jitter, "ramp_s": ramp}
    rng = random.Random(seed)
    limits = httpx.Limits(max_connections=SETUP_AT_ONCE)
    gate = asyncio.Semaphore(SETUP_AT_ONCE)

    async def set_up_one(table: int) -> tuple[int, list[Any]] | None:
        # Table by table the first seat's process turns: it takes the room, so the rooms
        # spread over the processes.
        ws_urls = ws_all[table % len(ws_all) :] + ws_all[: table % len(ws_all)]
        async with gate:
            try:
                return await _set_up(http, ws_urls, ruleset, preset)
            except Exception as exc:
                _error(result, f"set-up: {type(exc).__name__}: {exc}")
                return None

    began = time.monotonic()
    async with httpx.AsyncClient(base_url=urls[0], timeout=60, limits=limits) as http:
        ready = [t for t in await asyncio.gather(*(set_up_one(i) for i in range(tables))) if t]
    result.setup_seconds = time.monotonic() - began
    # The client's own collector pauses would be timed as server latency: the same settings
    # as the server's (the set-up's objects frozen out, rare full collections).
    from openmahjong.server.runtime import settle_gc

    settle_gc()
    start = time.monotonic()
    await asyncio.gather(
        *(
            _play(
                room,
                clients,
                start + i * ramp / max(1, tables),
                hands,
                ThinkTime(think, jitter, random.Random(rng.random())),
                result,
            )
            for i, (room, clients) in enumerate(ready)
        )
    )
    result.seconds = time.monotonic() - start
    return result


@app.command()
def loadtest(
    url: Annotated[
        str,
        typer.Option(
            "--url",
            help="The server, e.g. http://127.0.0.1:8000; or the processes of one cluster, "
            "comma-separated (each table's players spread over them).",
        ),
    ],
    tables: Annotated[int, typer.Option("--tables", min=1, help="Tables played at once.")] = 10,
    ruleset: Annotated[str, typer.Option("--ruleset", help="Ruleset of every table.")] = "riichi",
    preset: Annotated[
        str | None, typer.Option("--preset", help="Preset (default: the ruleset's shortest).")
    ] = None,
    hands: Annotated[
        int,
        typer.Option(
            "--hands", min=0, help="Stop each table after this many hands (0: play the whole game)."
        ),
    ] = 0,
    think: Annotated[
        float,
        typer.Option(
            "--think",
            min=0,
            help="Mean seconds a player thinks before each reply (not counted in the latency); "
            "0 answers at once (a throughput test).",
        ),
    ] = 1.0,
    jitter: Annotated[
        float,
        typer.Option(
            "--jitter", min=0, max=1, help="Think times spread uniformly over mean * (1 +- this)."
        ),
    ] = 0.5,
    ramp: Annotated[
        float,
        typer.Option("--ramp", min=0, help="Seconds over which the tables' games start."),
    ] = 5.0,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
) -> None:
    """Tables of four bot clients over real WebSockets (as guests); reports tables, games
    finished, actions, errors and latency (p50, p99 in ms, reply sent to own discard broadcast).
    The server must allow the guests and their sockets, all from this address: run it with
    OPENMAHJONG_GUEST_LIMIT=0 and OPENMAHJONG_MAX_SOCKETS_PER_ADDRESS=0."""
    try:
        result = asyncio.run(
            run_loadtest(
                [u.strip() for u in url.split(",") if u.strip()],
                tables,
                ruleset=ruleset,
                preset=preset,
                hands=hands,
                think=think,
                jitter=jitter,
                ramp=ramp,
            )
        )
    except OSError as exc:
        fail(f"cannot reach {url}: {exc}")
    report = result.report()
    if as_json:
        typer.echo(json.dumps(report))
        return
    lat = report["latency_ms"]
    typer.echo(
        f"tables {report['tables']}  games finished {report['games_finished']}  "
        f"hands {report['hands']}  actions {report['actions']}  errors {report['errors']}"
    )
    typer.echo(
        f"latency p50 {lat['p50']} ms  p99 {lat['p99']} ms  max {lat['max']} ms  "
        f"({lat['samples']} discards)  {report['seconds']} s playing "
        f"(after {report['setup_seconds']} s set-up), {report['actions_per_second']} actions/s"
    )
    for sample in report["error_samples"]:
        typer.echo(f"  error: {sample}")
