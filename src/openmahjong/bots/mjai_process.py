"""Outside mjai programs at the table: a seat played by a local process over stdin/stdout.

:class:`MjaiProcess` runs one program for one match and speaks mjai.app's framing to it: each
line written to its standard input is a JSON array of mjai events (everything the seat has not
been sent yet), and the program answers each line with one line, a JSON object (an action, or
``{"type": "none"}``). :func:`play_with_outside` plays a match where some seats are such
programs and our bots fill the others; :class:`~openmahjong.bots.mjai_seat.MjaiSeat` turns
events and replies. The framing and the choices are documented in ``docs/bots.md``.

A reply that is not JSON, not an mjai action, not among the offered actions, or late (no line
within ``move_seconds``) gives the seat its default action; a program that exits or closes its
output plays default actions from then on. Each such decision is logged (logger
``openmahjong.mjai``) and counted by kind in :attr:`MjaiProcess.errors`.
"""

from __future__ import annotations

import json
import logging
import os
import queue
import shlex
import subprocess
import threading
import time
from collections import Counter
from collections.abc import Callable, Mapping
from typing import IO, Any

from openmahjong import tiles as T
from openmahjong.bots.mjai_seat import MjaiReply, MjaiSeat
from openmahjong.table.kernel import Phase

__all__ = ["MjaiProcess", "describe", "parse_seat_option", "play_with_outside"]

log = logging.getLogger("openmahjong.mjai")

#: The answer to ``start_game`` may take this long at least (bots load their model then;
#: mjai.app allows 10 s there too: ``mjai/player.py``, ``MjaiPlayerClient.react``).
START_SECONDS = 10.0

_EOF = None  # what the reader thread queues when the program closes its output


def parse_seat_option(text: str) -> tuple[int, str]:
    """``N=cmd:COMMAND`` (``--seat``) as (seat, command)."""
    seat, sep, rest = text.partition("=")
    if not sep or not seat.strip().isdigit() or not 0 <= int(seat) <= 3:
        raise ValueError(f"--seat {text!r}: expected N=cmd:COMMAND with N 0-3")
    if not rest.startswith("cmd:") or not rest[4:].strip():
        raise ValueError(f"--seat {text!r}: expected N=cmd:COMMAND (a program speaking mjai)")
    return int(seat), rest[4:].strip()


class MjaiProcess:
    """One outside program playing ``seat`` for one match (start it with :meth:`start`).

    ``command`` is split like a shell line (no shell runs it); ``{seat}`` in it becomes the
    seat number (mjai.app starts a bot as ``python bot.py SEAT``), and the environment gets
    ``OPENMAHJONG_SEAT``. ``stderr``: where the program's standard error goes (default:
    discarded).
    """

    def __init__(
        self,
        command: str,
        seat: int,
        *,
        move_seconds: float = 5.0,
        start_seconds: float | None = None,
        names: list[str] | None = None,
        stderr: IO[Any] | int | None = subprocess.DEVNULL,
    ) -> None:
        self.command = command
        self.seat = seat
        self.move_seconds = move_seconds
        self.start_seconds = (
            max(START_SECONDS, move_seconds) if start_seconds is None else start_seconds
        )
        self.adapter = MjaiSeat(seat, names)
        self.errors: Counter[str] = Counter()
        self.problems: list[str] = []  # one line per error, for the log
        self.decisions = 0
        self._stderr = stderr
        self._proc: subprocess.Popen[bytes] | None = None
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        self._owed = 0  # lines the program owes: replies to batches not yet answered
        self._dead = False
        self._table: Any = None

    # ------------------------------------------------------------------ the process

    def start(self) -> None:
        argv = shlex.split(self.command.replace("{seat}", str(self.seat)))
        if not argv:
            raise ValueError("empty command")
        env = {**os.environ, "OPENMAHJONG_SEAT": str(self.seat)}
        self._proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._stderr, env=env
        )
        threading.Thread(target=self._read, args=(self._proc.stdout,), daemon=True).start()
        self.tell(self.adapter.start_game(), self.start_seconds)

    def _read(self, stream: IO[bytes]) -> None:
        for line in stream:
            self._lines.put(line)
        self._lines.put(_EOF)

    def close(self) -> None:
        """End the program: close its input, give it a moment, then kill it."""
        proc = self._proc
        if proc is None:
            return
        try:
            if proc.stdin:
                proc.stdin.close()
        except OSError:
            pass
        try:
            proc.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()

    def __enter__(self) -> MjaiProcess:
        self.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def _exchange(self, batch: list[dict[str, Any]], seconds: float) -> bytes | str:
        """Send one batch; its answer line, or ``"timeout"`` / ``"crashed"``."""
        if self._dead or self._proc is None or self._proc.stdin is None:
            return "crashed"
        try:
            self._proc.stdin.write(json.dumps(batch, separators=(",", ":")).encode() + b"\n")
            self._proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            self._dead = True
            return "crashed"
        self._owed += 1
        deadline = time.monotonic() + seconds
        while True:
            try:
                line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                return "timeout"
            if line is _EOF:
                self._dead = True
                return "crashed"
            self._owed -= 1
            if self._owed == 0:
                return line
            # a late answer to an earlier batch: that batch was already given its default

    def tell(self, batch: list[dict[str, Any]], seconds: float | None = None) -> None:
        """Send a batch that asks no decision (``start_game``, a hand's end, ``end_game``);
        the program answers it (mjai.app reads a line for every batch) and the answer is
        dropped."""
        if batch:
            self._exchange(batch, self.move_seconds if seconds is None else seconds)

    # ------------------------------------------------------------------ decisions

    def decide(self, table: Any, offered: list[Any], label: str = "") -> MjaiReply:
        """Ask the program for the seat's decision at ``table`` among ``offered``."""
        automatic = self.adapter.automatic(offered)
        if automatic is not None:
            self._table = table
            return MjaiReply(automatic)
        self.decisions += 1
        reply = self._ask(self.adapter.events_for(table), offered)
        while reply.followup:
            reply = self._ask(reply.followup, offered)
        self._table = table
        if reply.error:
            self.errors[reply.error] += 1
            note = f"seat {self.seat} {label}: {reply.error}"
            note += f" ({reply.detail})" if reply.detail else ""
            note += f"; played {describe(reply.action)}"
            self.problems.append(note)
            log.warning("%s", note)
        return reply

    def _ask(self, batch: list[dict[str, Any]], offered: list[Any]) -> MjaiReply:
        answer = self._exchange(batch, self.move_seconds)
        if answer == "timeout":
            return self.adapter.fallback(offered, "timeout", f"no answer in {self.move_seconds} s")
        if answer == "crashed":
            code = self._proc.poll() if self._proc else None
            return self.adapter.fallback(offered, "crashed", f"the program ended (exit {code})")
        return self.adapter.action_from(answer, offered)

    def hand_over(self, table: Any) -> None:
        """The hand at ``table`` ended: send its last events (``hora``/``ryukyoku``,
        ``end_kyoku``) if this seat has been sent that hand at all."""
        self.tell(self.adapter.events_for(table))

    def game_over(self, final_points: list[int] | None) -> None:
        self.tell(self.adapter.end_game(final_points))


def play_with_outside(
    match: Any,
    outside: Mapping[int, MjaiProcess],
    bot_at: Callable[[int], Any],
    *,
    max_actions: int = 1_000_000,
    on_hand: Callable[[Any], None] | None = None,
) -> Any:
    """Play ``match`` to its end: ``outside`` seats by their (started) programs, the others by
    ``bot_at(seat)`` as :func:`~openmahjong.bots.driver.play_to_end` does. Every hand's end
    and the match's end are sent to each program."""
    turn = Phase.TURN
    hands = 0
    for _ in range(max_actions):
        if match.finished:
            final = match.record()["result"].get("final_points")
            for proc in outside.values():
                proc.game_over(final)
            return match
        table = match.table
        waiting = [table.turn] if table.phase is turn else table.waiting_for()
        seat = next((s for s in waiting if s in outside), waiting[0])
        legal = table.legal_actions(seat)
        if seat in outside:
            reply = outside[seat].decide(table, legal, label=_label(match))
            assert reply.action is not None
            if reply.error == "timeout" and reply.action == table.default_action(seat):
                match.timeout(seat)  # recorded as a timeout, like a person's
            else:
                match.act(seat, reply.action)
        else:
            one = len(legal) == 1
            match.act(seat, legal[0] if one else bot_at(seat).act(table.view(seat, events=False)))
        if match.table is not table or match.finished:
            for proc in outside.values():
                proc.hand_over(table)
        if on_hand is not None and len(match.results) != hands:
            hands = len(match.results)
            on_hand(match)
    raise RuntimeError(f"the match did not end within {max_actions} actions")


def describe(action: Any) -> str:
    """An action for the log, tiles in mjai names: ``discard 5mr``, ``pon 5p 5p``, ``pass``."""
    parts = [str(getattr(action, "name", action))]
    if hasattr(action, "tile"):
        parts.append(T.to_mjai(action.tile))
    for t in getattr(action, "tiles", ()):
        parts.append(T.to_mjai(t))
    if getattr(action, "riichi", False):
        parts.append("(riichi)")
    return " ".join(parts)


def _label(match: Any) -> str:
    try:
        return str(match.label())
    except Exception:  # a label is only for the log
        return ""
