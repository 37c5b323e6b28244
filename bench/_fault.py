"""The fault run of ``server_load.py --kill-after`` (docs/deploy.md "Benchmarks").

Not a bench itself (``make bench`` skips files starting with ``_``). Tables of four guests play
whole games against the processes of one cluster, as ``openmahjong loadtest`` plays them
(staggered starts, think times, each table's seats spread over the processes), but every
player here survives its socket: when the process holding it dies, the player connects again
to the next process of its list that answers (what a proxy in front of the cluster does) and
plays on from what that process sends (the room, the view, the open prompt: a reply still
being thought over when the socket dropped is not sent, the player answers what it is asked
on the new socket, as a browser that reconnects shows the prompt it is sent). One process is
killed with SIGKILL mid-run; :func:`verify` then checks every table against the database.

Each player keeps, per prompt number, when it sent its reply and when the reply was
``accepted``; the action log keeps, per stored action, the prompt number it answered (the
``clock``'s ``prompts``: the acting player's last prompt when the action was written). So a
table's stored actions can be compared with what its players sent and were told:

* no stored action answers a prompt nobody replied to, and none answers one prompt twice;
* every accepted reply is stored, except one the killed process accepted and died before
  writing: its decision is asked again by the process that adopts the room.

Latency is what ``loadtest`` measures (a discard's reply sent to the player's own
``Discarded`` arriving) with one addition: a discard in flight when the table moves ends when
the player next sees the table (the ``view`` the new owner sends), which is the wait a person
would see. A table's *stall* is its longest wait between two signs of play (a prompt, a
discard, a view) at any of its seats.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from openmahjong.cli.loadtest import SETUP_AT_ONCE, ThinkTime, _retry, _untimed
from openmahjong.server.client import PlayClient, guest_token, prompt_answer

__all__ = ["FaultRun", "run_fault", "verify"]

#: A player that cannot reach any process this long after its socket dropped gives up.
RECONNECT_SECONDS = 120.0
#: A table with no sign of play this long is stuck (an error), and stops.
STUCK_SECONDS = 180.0


def percentile(values: list[float], q: float) -> float | None:
    """The ``q`` percentile of ``values`` (seconds) in ms, as ``LoadResult.percentile``."""
    if not values:
        return None
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * len(ordered) + 0.5) - 1))
    return round(ordered[index] * 1000, 2)


@dataclass
class Discard:
    sent: float
    latency: float
    #: Ended by a ``view`` (the table sent again after a fail-over), not the own discard.
    resync: bool = False


class _Socket(PlayClient):
    """A ``PlayClient`` that says when its socket dropped (not when it is closed here)."""

    def __init__(self, url: str, token: str, dropped: Callable[[_Socket], None]) -> None:
        super().__init__(url, token)
        self.keep_log = False
        self.dropped = dropped
        self.closing = False

    async def _read(self) -> None:
        await super()._read()  # ends, without raising, when the socket closes
        if not self.closing:
            self.dropped(self)

    async def close(self) -> None:
        self.closing = True
        await super().close()


class Player:
    """One guest at one table, across however many sockets it takes."""

    def __init__(self, run: FaultRun, table: Table, token: str, urls: list[str]) -> None:
        self.run, self.table, self.token, self.urls = run, table, token, urls
        self.at = 0  # ``urls[self.at]`` holds the current socket
        self.socket: _Socket | None = None
        self.user_id: int | None = None
        self.seat: int | None = None
        self.game: int | None = None
        self.commitments: set[str] = set()
        self.game_end: dict[str, Any] | None = None
        self.open_seq: int | None = None
        #: Prompt number -> when its reply was first sent / when it was accepted.
        self.sent: dict[int, float] = {}
        self.acked: dict[int, float] = {}
        self.resent: set[int] = set()
        self.pending_discard: float | None = None
        self.reconnects = 0
        self.done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._tasks: set[asyncio.Task[Any]] = set()

    # ------------------------------------------------------------------ sockets
    async def connect(self) -> None:
        socket = _Socket(self.urls[self.at], self.token, self.dropped)
        welcome = await socket.connect()
        self.user_id = welcome["user"]["id"]
        self.socket = socket

    def dropped(self, socket: _Socket) -> None:
        if socket is not self.socket or self.done.done():
            return
        self.socket = None
        # What was asked on the old socket is not answered on the next: the process reached
        # next asks what is still open (at once, or once it has taken the room over).
        self.open_seq = None
        self.run.drops += 1
        self._spawn(self._reconnect(time.monotonic()))

    async def _reconnect(self, since: float) -> None:
        index = self.at
        while time.monotonic() - since < RECONNECT_SECONDS and not self.done.done():
            index = (index + 1) % len(self.urls)
            socket = _Socket(self.urls[index], self.token, self.dropped)
            socket.ignore = _untimed
            try:
                await socket.connect()
            except Exception:  # refused (the dead process), or closed at once: the next one
                await asyncio.sleep(0.1)
                continue
            # No await from here to ``listen``: nothing the socket reads is missed.
            self.at, self.socket = index, socket
            self.reconnects += 1
            self.run.reconnect_seconds.append(time.monotonic() - since)
            socket.listen(self.on_message)
            return
        if not self.done.done():
            self.run.error(f"room {self.table.room}: user {self.user_id} could not reconnect")
            self.finish()

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._settled)

    def _settled(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        # A send on a socket that went is lost: the prompt is asked again after the reconnect.
        if not task.cancelled() and task.exception() is not None:
            self.run.failed_sends += 1

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        if self.socket is not None:
            with contextlib.suppress(Exception):
                await self.socket.close()

    def finish(self) -> None:
        if not self.done.done():
            self.done.set_result(None)

    # ------------------------------------------------------------------ messages
    def on_message(self, message: dict[str, Any], now: float) -> None:
        kind = message.get("type")
        if kind == "prompt":
            self.table.progress(now)
            seq = message["seq"]
            self.open_seq = seq
            action = prompt_answer(message)
            # Asked again after a reconnect, the reply unconfirmed: it may be lost, send it
            # again at once (the ledger refuses a second copy as a duplicate).
            again = seq in self.sent and seq not in self.acked
            delay = 0.0 if again else self.table.think.draw()
            asyncio.get_running_loop().call_later(delay, self._reply, seq, action)
        elif kind == "accepted":
            self.acked.setdefault(message["seq"], now)
        elif kind == "event":
            event = message["event"]
            if event.get("type") == "Discarded":
                self.table.progress(now)
                if event.get("seat") == self.seat and self.pending_discard is not None:
                    self.run.discards.append(
                        Discard(self.pending_discard, now - self.pending_discard)
                    )
                    self.pending_discard = None
        elif kind == "view":
            self.table.progress(now)
            if self.pending_discard is not None:  # the table, sent again: the wait is over
                self.run.discards.append(
                    Discard(self.pending_discard, now - self.pending_discard, resync=True)
                )
                self.pending_discard = None
        elif kind == "game_start":
            self.seat, self.game = message["seat"], message["game"]
            self.commitments.add(message["commitment"])
        elif kind == "game_end":
            self.game_end = message
            self.finish()
        elif kind == "error":
            seq = message.get("seq")
            if message.get("code") in ("duplicate", "stale") and seq in self.resent:
                self.run.refused_repeats += 1  # a reply sent again that had arrived after all
            else:
                text = f"{message.get('code')}: {message.get('message')}"
                self.run.error(f"room {self.table.room} seat {self.seat}: {text}")

    def _reply(self, seq: int, action: dict[str, Any]) -> None:
        if self.done.done() or seq != self.open_seq:
            return  # the game ended, or a newer prompt stands
        socket = self.socket
        if socket is None:
            return  # reconnecting: what is still open is asked again on the new socket
        now = time.monotonic()
        if seq in self.sent:
            self.resent.add(seq)
            self.run.resent += 1
        else:
            self.sent[seq] = now
        if action.get("type") == "discard" and self.pending_discard is None:
            self.pending_discard = now
        self.run.replies += 1
        # A send on a socket that is going is lost or refused: the reconnect asks again.
        self._spawn(socket.send({"type": "reply", "seq": seq, "action": action}))


@dataclass
class Table:
    index: int
    room: int
    think: ThinkTime
    players: list[Player] = field(default_factory=list)
    last_progress: float | None = None
    stall: float = 0.0
    stall_end: float | None = None

    def progress(self, now: float) -> None:
        if self.last_progress is not None and now - self.last_progress > self.stall:
            self.stall, self.stall_end = now - self.last_progress, now
        self.last_progress = now


@dataclass
class FaultRun:
    tables: list[Table] = field(default_factory=list)
    discards: list[Discard] = field(default_factory=list)
    replies: int = 0
    resent: int = 0
    refused_repeats: int = 0
    failed_sends: int = 0
    drops: int = 0
    reconnect_seconds: list[float] = field(default_factory=list)
    errors: int = 0
    error_samples: list[str] = field(default_factory=list)
    started: float = 0.0
    killed_at: float | None = None
    #: Room -> the lease holder just before the kill, and once the rooms moved.
    holders_before: dict[int, str] = field(default_factory=dict)
    holders_after: dict[int, str] = field(default_factory=dict)
    seconds: float = 0.0

    def error(self, text: str) -> None:
        self.errors += 1
        if len(self.error_samples) < 20:
            self.error_samples.append(text[:300])


async def _set_up(
    run: FaultRun,
    http: Any,
    urls: list[str],
    index: int,
    think: ThinkTime,
    ruleset: str,
    preset: str,
) -> Table:
    """Four guests at a new room, seat *i* on ``urls[i % len(urls)]``, seated and ready."""
    tokens = [(await _retry(lambda: guest_token(http)))[1] for _ in range(4)]
    table_settings = {
        "move_seconds": 60,
        "bank_seconds": 0,
        "call_protection": False,
        "spectators": False,
    }
    created = await _retry(
        lambda: http.post(
            "/api/rooms",
            json={"name": "fault", "ruleset": ruleset, "preset": preset, "table": table_settings},
            headers={"Authorization": f"Bearer {tokens[0]}"},
        )
    )
    if created.status_code != 201:
        raise RuntimeError(f"create room: {created.status_code} {created.text}")
    table = Table(index, created.json()["id"], think)
    try:
        for i, token in enumerate(tokens):
            own = urls[i % len(urls) :] + urls[: i % len(urls)]  # its process first
            player = Player(run, table, token, own)
            await player.connect()
            table.players.append(player)
            assert player.socket is not None
            await player.socket.send({"type": "join", "room": table.room})
            await player.socket.send({"type": "ready", "room": table.room})
        first = table.players[0].socket
        assert first is not None
        await first.next(
            lambda m: m["type"] == "room" and all(s and s["ready"] for s in m["seats"]),
            timeout=120,
        )
    except BaseException:
        for player in table.players:
            await player.close()
        raise
    return table


async def _play(run: FaultRun, table: Table, start_at: float) -> None:
    try:
        await asyncio.sleep(max(0.0, start_at - time.monotonic()))
        first = table.players[0].socket
        assert first is not None
        await first.send({"type": "start", "room": table.room})
        for player in table.players:
            socket = player.socket
            assert socket is not None
            start = await socket.next("game_start", timeout=120)
            player.on_message(start, time.monotonic())
            socket.ignore = _untimed
            socket.listen(player.on_message)
        table.last_progress = time.monotonic()
        everyone = asyncio.gather(*(p.done for p in table.players))
        while not everyone.done():
            await asyncio.wait([everyone], timeout=1.0)
            quiet = time.monotonic() - (table.last_progress or 0.0)
            if not everyone.done() and quiet > STUCK_SECONDS:
                everyone.cancel()
                raise TimeoutError(f"no sign of play for {quiet:.0f} s")
    except Exception as exc:  # a broken table is an error of the run, not a crash of it
        run.error(f"room {table.room}: {type(exc).__name__}: {exc}")
    finally:
        for player in table.players:
            await player.close()


async def run_fault(
    urls: list[str],
    tables: int,
    *,
    kill_after: float,
    kill: Callable[[], None],
    holders: Callable[[list[int]], Any],
    lease_seconds: float,
    think: float = 1.0,
    jitter: float = 0.5,
    ramp: float = 5.0,
    ruleset: str = "riichi",
    preset: str = "",
    seed: int = 0,
) -> FaultRun:
    """Play ``tables`` whole games on the cluster at ``urls`` (http://host:port each); call
    ``kill()`` ``kill_after`` seconds after the first game starts. ``holders(rooms)`` reads
    the rooms' lease holders (before the kill, and ``2 * lease_seconds`` after it)."""
    import httpx

    from openmahjong.server.runtime import settle_gc

    run = FaultRun()
    ws_all = [u.replace("http://", "ws://").rstrip("/") + "/ws" for u in urls]
    rng = random.Random(seed)
    gate = asyncio.Semaphore(SETUP_AT_ONCE)

    async def set_up_one(index: int) -> Table | None:
        # Table by table the first seat's process turns: it takes the room.
        own = ws_all[index % len(ws_all) :] + ws_all[: index % len(ws_all)]
        think_time = ThinkTime(think, jitter, random.Random(rng.random()))
        async with gate:
            try:
                return await _set_up(run, http, own, index, think_time, ruleset, preset)
            except Exception as exc:
                run.error(f"set-up: {type(exc).__name__}: {exc}")
                return None

    limits = httpx.Limits(max_connections=SETUP_AT_ONCE)
    async with httpx.AsyncClient(base_url=urls[0], timeout=60, limits=limits) as http:
        ready = await asyncio.gather(*(set_up_one(i) for i in range(tables)))
    run.tables = [t for t in ready if t is not None]
    settle_gc()
    run.started = time.monotonic()

    async def killer() -> None:
        await asyncio.sleep(max(0.0, run.started + kill_after - time.monotonic()))
        rooms = [t.room for t in run.tables]
        run.holders_before = await holders(rooms)
        kill()
        run.killed_at = time.monotonic()
        await asyncio.sleep(2 * lease_seconds)
        run.holders_after = await holders(rooms)

    killing = asyncio.get_running_loop().create_task(killer())
    await asyncio.gather(
        *(
            _play(run, table, run.started + i * ramp / max(1, len(run.tables)))
            for i, table in enumerate(run.tables)
        )
    )
    run.seconds = time.monotonic() - run.started
    if not killing.done():  # every game ended before the kill's after-look: not waited for
        killing.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await killing
    return run


# ---------------------------------------------------------------------- the checks
async def verify(run: FaultRun, database_url: str, schema: str | None) -> dict[str, Any]:
    """Every table against the database: the game finished, its log numbered 1..n, each stored
    action a reply its player sent (once), each accepted reply stored unless the killed
    process accepted it and died; the record replayed (``replay check``'s ``verify_record``)
    and the commitment checked against the revealed seed (``seed verify``'s
    ``verification``). Returns the figures and ``problems``, one line each."""
    from sqlalchemy import select

    from openmahjong import fairness
    from openmahjong.cli.seed import verification
    from openmahjong.formats.verify import verify_record
    from openmahjong.store import Database
    from openmahjong.store.models import Game, GameAction, GameSeat

    problems: list[str] = []
    figures = {
        "tables": len(run.tables),
        "finished": 0,
        "replayed": 0,
        "commitments_verified": 0,
        "stored_actions": 0,
        "timeouts": 0,
        "replies_accepted": 0,
        "accepted_not_stored": 0,
        "stored_not_accepted": 0,
        "tables_moved": 0,
    }
    moved = {
        room
        for room, holder in run.holders_before.items()
        if room in run.holders_after and run.holders_after[room] != holder
    }
    killed_owners = set(run.holders_before.values()) - set(run.holders_after.values())
    figures["tables_moved"] = len(moved)
    figures["rooms_held_by_killed"] = sum(h in killed_owners for h in run.holders_before.values())
    figures["owners_at_kill"] = sorted(Counter(run.holders_before.values()).values())
    db = Database(database_url, schema=schema)
    try:
        for table in run.tables:
            where = f"room {table.room}"
            games = {p.game for p in table.players}
            if len(games) != 1 or None in games:
                problems.append(f"{where}: the players saw games {sorted(map(str, games))}")
                continue
            game_id = next(iter(games))
            assert game_id is not None
            where += f" game {game_id}"
            async with db.session() as s:
                game = await s.get(Game, game_id)
                rows = list(
                    await s.execute(
                        select(
                            GameAction.seq, GameAction.seat, GameAction.timeout, GameAction.clock
                        )
                        .where(GameAction.game_id == game_id)
                        .order_by(GameAction.seq)
                    )
                )
                seat_users = dict(
                    (
                        await s.execute(
                            select(GameSeat.seat, GameSeat.user_id).where(
                                GameSeat.game_id == game_id
                            )
                        )
                    ).all()
                )
            if game is None or game.status != "finished":
                problems.append(f"{where}: {game.status if game else 'missing'}, not finished")
                continue
            if any(p.game_end is None for p in table.players):
                problems.append(f"{where}: a player never saw the game end")
                continue
            figures["finished"] += 1
            seqs = [row.seq for row in rows]
            if seqs != list(range(1, len(seqs) + 1)):
                problems.append(f"{where}: the action log is not numbered 1..{len(seqs)}")
            figures["stored_actions"] += len(rows)
            # (user, prompt number) of each stored action; the riichi tables played here
            # keep each player at one seat, so the row's seat is the player's index.
            stored: list[tuple[int, int]] = []
            for row in rows:
                if row.timeout:
                    figures["timeouts"] += 1
                    continue
                prompts = (row.clock or {}).get("prompts") or []
                user = seat_users.get(row.seat)
                if user is None or row.seat >= len(prompts) or prompts[row.seat] is None:
                    problems.append(f"{where}: action {row.seq} names no prompt")
                    continue
                stored.append((user, prompts[row.seat]))
            if len(set(stored)) != len(stored):
                problems.append(f"{where}: a prompt's answer was stored twice")
            by_user = {p.user_id: p for p in table.players}
            sent = {(p.user_id, seq) for p in table.players for seq in p.sent}
            acked = {(p.user_id, seq) for p in table.players for seq in p.acked}
            figures["replies_accepted"] += len(acked)
            phantom = set(stored) - sent
            if phantom:
                problems.append(f"{where}: {len(phantom)} stored actions no player sent")
            figures["stored_not_accepted"] += len(set(stored) - acked)
            lost = acked - set(stored)
            figures["accepted_not_stored"] += len(lost)
            for user, seq in sorted(lost):
                when = by_user[user].acked[seq]
                from_killed = table.room not in run.holders_before or (
                    run.holders_before[table.room] in killed_owners
                )
                before_kill = run.killed_at is not None and when <= run.killed_at + 1.0
                if not (from_killed and before_kill):
                    problems.append(
                        f"{where}: user {user}'s reply to prompt {seq} was accepted "
                        f"{when - run.started:.1f} s in and never stored"
                    )
            report = verify_record(game.record, where)
            if report.ok and report.hands == report.hands_matched > 0:
                figures["replayed"] += 1
            else:
                problems.append(f"{where}: replay check {report.status}: {report.mismatches}")
            end = table.players[0].game_end or {}
            shown = {c for p in table.players for c in p.commitments}
            if len(shown) != 1 or end.get("commitment") not in shown:
                problems.append(f"{where}: commitments shown {sorted(shown)}")
            try:
                seed = fairness.parse_master_seed(str(end.get("master_seed")))
                claimed = fairness.parse_commitment(next(iter(shown)))
                checked = verification(
                    seed, str(end.get("salt")), "riichi", 1, ["p1", "p2", "p3", "p4"], claimed
                )
                verified = checked["commitment_matches"] is True
            except (ValueError, StopIteration):
                verified = False
            if verified and report.fairness.commitment is True:
                figures["commitments_verified"] += 1
            else:
                problems.append(f"{where}: the commitment does not verify")
    finally:
        await db.close()
    figures["problems"] = problems
    return figures
