"""An independent mjai consumer for tests: Mortal's rule engine (libriichi) from the ``mjai``
package, fed one event at a time.

The ``mjai`` package (mjai.app's simulator, AGPL-3.0) ships libriichi compiled as
``mjai/mlibriichi*.so``. Its ``PlayerState`` keeps one seat's view of a hand and, for every
action a seat takes, ``validate_reaction`` says whether that action was legal at that moment
(the tile is in the hand, a chi or pon takes the last discard of the right seat, a riichi is
allowed, a win is possible, nine terminals are held...). The package pins an old ``mahjong``
and imports ``loguru`` at the top, so it is installed without its dependencies
(``pip install --no-deps mjai``, the Makefile's dev install) and the compiled module is loaded
from its file here, without running the package's ``__init__``.

:class:`Consumer` plays a log through four ``PlayerState`` the way libriichi's own arena
(``libriichi/src/arena/board.rs``) drives them: every action is validated by its actor's state
*before* the announcements that precede it (``dora``, ``reach_accepted``) are broadcast, so
an announcement between a discard and the call on it does not wipe the caller's options.

:func:`board_order_problems` checks what ``PlayerState`` does not: that ``dora`` and
``reach_accepted`` sit exactly where libriichi's arena writes them.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

ACTIONS = {"dahai", "reach", "chi", "pon", "daiminkan", "kakan", "ankan", "hora"}
ANNOUNCEMENTS = {"dora", "reach_accepted"}


def load_libriichi() -> Any:
    """libriichi from the installed ``mjai`` package; skips the test when it is absent."""
    spec = importlib.util.find_spec("mjai")
    if spec is None or not spec.submodule_search_locations:
        pytest.skip("the mjai package is not installed (make's dev install adds it, --no-deps)")
    found = sorted(
        p for loc in spec.submodule_search_locations for p in Path(loc).glob("mlibriichi*.so")
    )
    if not found:
        pytest.skip("the mjai package has no compiled mlibriichi for this platform")
    loader = importlib.machinery.ExtensionFileLoader("mlibriichi", str(found[0]))
    module_spec = importlib.util.spec_from_file_location("mlibriichi", found[0], loader=loader)
    assert module_spec is not None
    module = importlib.util.module_from_spec(module_spec)
    loader.exec_module(module)
    return module


class Rejected(AssertionError):
    """libriichi refused an event: its line number, the event and libriichi's reason."""


def _reason(problem: BaseException) -> str:
    # libriichi's errors carry a Rust backtrace after the first line.
    return str(problem).split("\n", 1)[0]


class Consumer:
    """Four libriichi seats; :meth:`feed` takes the log's events one by one."""

    def __init__(self, libriichi: Any) -> None:
        self._make = libriichi.state.PlayerState
        self.states = [self._make(s) for s in range(4)]
        self.pending: list[dict[str, Any]] = []
        self.turn: int | None = None  # the seat that drew or called last
        self.events = 0
        self.actions_validated = 0

    def _update(self, event: dict[str, Any], line: int) -> None:
        text = json.dumps(event)
        for s, state in enumerate(self.states):
            try:
                state.update(text)
            except BaseException as problem:  # pyo3 raises PanicException on a broken state
                raise Rejected(
                    f"line {line}: seat {s} cannot apply {text}: {_reason(problem)}"
                ) from None

    def _validate(self, seat: int, event: dict[str, Any], line: int) -> None:
        text = json.dumps(event)
        try:
            self.states[seat].validate_reaction(text)
        except BaseException as problem:
            raise Rejected(
                f"line {line}: seat {seat} may not {text}: {_reason(problem)}\n"
                f"{self.states[seat].brief_info()}"
            ) from None
        self.actions_validated += 1

    def feed(self, event: dict[str, Any], line: int = 0) -> None:
        self.events += 1
        kind = event["type"]
        if kind in ANNOUNCEMENTS:
            self.pending.append(event)
            return
        if kind == "start_kyoku":
            self.states = [self._make(s) for s in range(4)]
            self.turn = None
        if kind in ACTIONS:
            self._validate(int(event["actor"]), event, line)
        elif kind == "ryukyoku" and event.get("reason") == "kyushukyuhai":
            # Nine terminals: the seat that just drew declares it.
            assert self.turn is not None, f"line {line}: nine terminals before any draw"
            self._validate(self.turn, {"type": "ryukyoku"}, line)
        for announcement in self.pending:
            self._update(announcement, line)
        self.pending = []
        if kind in ("tsumo", "chi", "pon", "daiminkan"):
            self.turn = int(event["actor"])
        if kind in ("hora", "ryukyoku"):
            return  # the arena does not broadcast these: the hand is over
        if kind in ("start_game", "end_kyoku", "end_game"):
            return
        self._update(event, line)


def consume(lines: list[dict[str, Any]], libriichi: Any) -> Consumer:
    """Feed a whole log; raises :class:`Rejected` at the first event libriichi refuses."""
    consumer = Consumer(libriichi)
    for n, event in enumerate(lines, start=1):
        consumer.feed(event, n)
    return consumer


# --------------------------------------------------------------------------- event order


def board_order_problems(lines: list[dict[str, Any]]) -> list[str]:
    """Where ``dora`` or ``reach_accepted`` is not where libriichi's arena puts it.

    The arena (``BoardState::step`` in ``libriichi/src/arena/board.rs``):

    * a riichi is accepted just before the next draw or the call on the riichi discard (so
      ``reach_accepted`` precedes ``chi``/``pon``/``daiminkan``), never when the discard is
      won on;
    * a closed kan shows its dora right after ``ankan``; an open or added kan at its caller's
      next discard, before ``dahai``; a second kan before that discard shows the first one's
      dora first (before an ``ankan``; before the replacement ``tsumo`` of a ``kakan``, since
      an added kan can still be robbed). A robbed ``kakan`` shows none.
    """
    problems: list[str] = []
    expected: list[str] = []  # the log's events with the doras placed where the arena would
    actual: list[str] = []
    at_discard = at_tsumo = False
    declared: int | None = None  # a ``reach`` whose discard has not come yet
    riichi: int | None = None  # a riichi discard not yet accepted, by this seat
    accepted_before: set[int] = set()
    last = ""
    for n, e in enumerate(lines, start=1):
        kind = e["type"]
        if kind == "dora":
            actual.append("dora")
            continue
        if kind == "reach_accepted":
            seat = int(e["actor"])
            if riichi != seat:
                problems.append(f"line {n}: reach_accepted of seat {seat} after {last}")
            else:
                accepted_before.add(seat)
            continue
        if kind == "start_kyoku":
            at_discard = at_tsumo = False
            riichi = declared = None
        if riichi is not None:
            if kind in ("tsumo", "chi", "pon", "daiminkan") and riichi not in accepted_before:
                problems.append(f"line {n}: {kind} before the riichi of seat {riichi} is accepted")
            if kind == "hora" and riichi in accepted_before:
                problems.append(f"line {n}: the riichi discard is won on, yet accepted")
            riichi = None
        tag = f"{kind}@{n}"
        if kind == "tsumo" and at_tsumo:
            expected.append("dora")
            at_tsumo = False
        if kind == "dahai" and at_discard:
            expected.append("dora")
            at_discard = False
        if kind == "ankan" and at_discard:
            expected.append("dora")
            at_discard = False
        if kind in ("daiminkan", "kakan") and at_discard:
            at_tsumo = True
        expected.append(tag)
        actual.append(tag)
        if kind == "ankan":
            expected.append("dora")
        if kind in ("daiminkan", "kakan"):
            at_discard = True
        if kind == "reach":
            declared = int(e["actor"])
        elif kind == "dahai" and declared == int(e["actor"]):
            riichi, declared = declared, None
            accepted_before.discard(riichi)
        last = kind
    if expected != actual:
        for i, (a, b) in enumerate(zip(expected, actual, strict=False)):
            if a != b:
                where = next((x for x in (expected[i - 1 : i] or ["start"])), "start")
                problems.append(f"dora order: after {where} the arena writes {a}, the log {b}")
                break
        else:
            problems.append(f"dora count: the arena writes {len(expected)}, the log {len(actual)}")
    return problems
