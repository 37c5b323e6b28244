"""``openmahjong loadtest``: many tables of four bot clients playing over real WebSockets.

Each table is four guest players (``POST /api/auth/guest``) who open a room, sit, get ready and
play with a rule-free chooser (win when offered, pass claims, discard the drawn tile) until the
game ends or ``--hands`` hands are over. Latency is measured on the clients, for every discard:
from the prompt arriving to the client's own ``Discarded`` event arriving, that is the reply
sent, stored, applied by the core and broadcast back (the bot's think time is nil).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from dataclasses import dataclass, field
from typing import Annotated, Any

import typer

from openmahjong.cli import app
from openmahjong.cli.output import fail

__all__ = ["LoadResult", "run_loadtest"]


@dataclass
class LoadResult:
    tables: int
    games_finished: int = 0
    hands: int = 0
    actions: int = 0
    errors: int = 0
    latencies: list[float] = field(default_factory=list)
    seconds: float = 0.0
    error_samples: list[str] = field(default_factory=list)

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
                "samples": len(self.latencies),
            },
            "seconds": round(self.seconds, 2),
            "actions_per_second": round(self.actions / self.seconds, 1) if self.seconds else None,
            "error_samples": self.error_samples[:5],
        }


def _error(result: LoadResult, text: str) -> None:
    result.errors += 1
    if len(result.error_samples) < 20:
        result.error_samples.append(text[:300])


async def _play_seat(
    client: Any, result: LoadResult, hands: int, seat: int, think: float = 0.0
) -> None:
    from openmahjong.server.client import simple_choice

    waiting_since: list[float] = []
    prompt_at: dict[int, float] = {}

    def hook(message: dict[str, Any], now: float) -> None:
        kind = message.get("type")
        if kind == "prompt":
            prompt_at[message["seq"]] = now
        elif kind == "event":
            event = message["event"]
            if event.get("type") == "Discarded" and event.get("seat") == seat and waiting_since:
                result.latencies.append(now - waiting_since.pop())

    client.hook = hook
    played = 0
    while True:
        message = await client.next(lambda m: True, timeout=600)
        kind = message["type"]
        if kind == "prompt":
            action = simple_choice(message["actions"])
            shown = prompt_at.pop(message["seq"], time.monotonic())
            if think > 0:
                await asyncio.sleep(think)
            if action["type"] == "discard":
                # The think time is the player's, not the server's: it is not counted.
                waiting_since[:] = [shown + (time.monotonic() - shown if think > 0 else 0.0)]
            await client.send({"type": "reply", "seq": message["seq"], "action": action})
            result.actions += 1
        elif kind == "event" and message["event"].get("type") == "HandEnded":
            played += 1
            if seat == 0:
                result.hands += 1
            if hands and played >= hands:
                return
        elif kind == "game_end":
            if seat == 0:
                result.games_finished += 1
            return
        elif kind == "error":
            _error(result, f"seat {seat}: {message.get('code')}: {message.get('message')}")


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


async def _table(
    http: Any,
    ws_url: str,
    ruleset: str,
    preset: str,
    hands: int,
    result: LoadResult,
    think: float = 0.0,
) -> None:
    from openmahjong.server.client import PlayClient, guest_token

    clients = []
    try:
        tokens = [await _retry(lambda: guest_token(http)) for _ in range(4)]
        table = {
            "move_seconds": 60,
            "bank_seconds": 0,
            "call_protection": False,
            "spectators": False,
        }
        created = await _retry(
            lambda: http.post(
                "/api/rooms",
                json={"name": "load", "ruleset": ruleset, "preset": preset, "table": table},
                headers={"Authorization": f"Bearer {tokens[0][1]}"},
            )
        )
        if created.status_code != 201:
            _error(result, f"create room: {created.status_code} {created.text}")
            return
        room = created.json()["id"]
        for _uid, token in tokens:
            client = PlayClient(ws_url, token)
            client.keep_log = False
            await client.connect()
            clients.append(client)
            await client.send({"type": "join", "room": room})
            await client.send({"type": "ready", "room": room})
        owner = clients[0]
        await owner.next(
            lambda m: m["type"] == "room" and all(s and s["ready"] for s in m["seats"]),
            timeout=120,
        )
        await owner.send({"type": "start", "room": room})
        seats = [(await c.next("game_start", timeout=120))["seat"] for c in clients]
        await asyncio.gather(
            *(_play_seat(c, result, hands, s, think) for c, s in zip(clients, seats, strict=True))
        )
    except Exception as exc:  # a broken table is an error of the run, not a crash of it
        _error(result, f"{type(exc).__name__}: {exc}")
    finally:
        for c in clients:
            with contextlib.suppress(Exception):  # closing a dead socket
                await c.close()


async def run_loadtest(
    url: str,
    tables: int,
    *,
    ruleset: str = "riichi",
    preset: str | None = None,
    hands: int = 0,
    think: float = 0.0,
) -> LoadResult:
    """Play ``tables`` tables at once against the server at ``url`` (http://host:port)."""
    import httpx

    preset = preset or {"riichi": "majsoul-tonpuu"}.get(ruleset, "")
    ws_url = url.replace("https://", "wss://").replace("http://", "ws://").rstrip("/") + "/ws"
    result = LoadResult(tables=tables)
    limits = httpx.Limits(max_connections=64)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as http:
        start = time.monotonic()
        await asyncio.gather(
            *(_table(http, ws_url, ruleset, preset, hands, result, think) for _ in range(tables))
        )
        result.seconds = time.monotonic() - start
    return result


@app.command()
def loadtest(
    url: Annotated[str, typer.Option("--url", help="The server, e.g. http://127.0.0.1:8000")],
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
            help="Seconds each client waits before replying "
            "(not counted in the latency); 0 answers at once.",
        ),
    ] = 0.0,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
) -> None:
    """Tables of four bot clients over real WebSockets (as guests); reports tables, games
    finished, actions, errors and latency (p50, p99 in ms, prompt to own discard broadcast)."""
    try:
        result = asyncio.run(
            run_loadtest(url, tables, ruleset=ruleset, preset=preset, hands=hands, think=think)
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
        f"latency p50 {lat['p50']} ms  p99 {lat['p99']} ms  ({lat['samples']} discards)  "
        f"{report['seconds']} s, {report['actions_per_second']} actions/s"
    )
    for sample in report["error_samples"]:
        typer.echo(f"  error: {sample}")
