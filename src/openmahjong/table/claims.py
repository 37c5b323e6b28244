"""Claim arbitration as pure functions over an immutable reaction window.

A window offers each eligible seat its options (every option is an :class:`Action`; ``Pass`` is
always added). Seats answer in any order; :func:`answer` returns a new window. When nobody is
being asked any more the window is settled and :func:`resolve` names the outcome:

* wins first: every winning claim (``multi_win``) or only the one nearest the source seat in
  turn order (head bump);
* otherwise the highest-priority call (pon or open kan before chi), nearest seat on a tie.

Modes (``ArbitrationMode``) change who is asked again:

* ``reask_passers`` (tactical calls, platform guide section 5): when a claim is made, a seat that
  passed but holds an option of higher priority than the best standing claim is asked again,
  offered only those higher options. A claimant may not change its action.
* ``allow_upgrade`` (MIL 2024): a claimant whose claim has been outranked, and who holds a
  higher option than the new best claim, is asked again: upgrade, keep, or pass. Any explicit
  pass withdraws that seat from the contest for this tile (passers are never re-asked, even
  if ``reask_passers`` is also set).

A seat is re-asked only when the best standing claim has risen since it last answered.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from mypy_extensions import mypyc_attr

from openmahjong.table.actions import NO_CLAIM, PASS, WIN_PRIORITY, Action, Pass
from openmahjong.table.errors import IllegalAction

__all__ = [
    "ArbitrationMode",
    "STANDARD",
    "HEAD_BUMP",
    "TACTICAL",
    "UPGRADE",
    "Window",
    "Resolution",
    "open_window",
    "answer",
    "resolve",
    "distance",
]


@dataclass(frozen=True)
class ArbitrationMode:
    multi_win: bool = True
    reask_passers: bool = False
    allow_upgrade: bool = False


STANDARD = ArbitrationMode()
HEAD_BUMP = ArbitrationMode(multi_win=False)
TACTICAL = ArbitrationMode(reask_passers=True)
UPGRADE = ArbitrationMode(allow_upgrade=True)


# A plain Python class even where this module is compiled (mypyc): its instances are built
# by filling ``__dict__`` directly, which a native class does not have.
@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class Window:
    #: The seat whose tile is offered (the discarder, or the kan declarer for a robbing window).
    source: int
    tile: int
    mode: ArbitrationMode
    seats: int
    #: Every claim each eligible seat held when the window opened (Pass not included).
    options: Mapping[int, tuple[Action, ...]]
    #: The latest answer of each seat that has answered.
    answers: Mapping[int, Action] = field(default_factory=dict)
    #: Seats being asked now, with what they may choose (Pass included).
    asking: Mapping[int, tuple[Action, ...]] = field(default_factory=dict)
    #: The best standing claim priority each seat had seen when it last answered.
    seen_at: Mapping[int, int] = field(default_factory=dict)
    #: Free-form tag for the kernel: "discard", "kakan", "ankan", ...
    trigger: str = "discard"

    @property
    def settled(self) -> bool:
        return not self.asking

    def choices(self, seat: int) -> tuple[Action, ...]:
        """What ``seat`` may answer now (empty when it is not being asked)."""
        return self.asking.get(seat, ())


@dataclass(frozen=True)
class Resolution:
    winners: tuple[tuple[int, Action], ...] = ()
    call: tuple[int, Action] | None = None


#: Everybody passed (shared: a resolution is immutable).
_NOBODY = Resolution()


def distance(source: int, seat: int, seats: int) -> int:
    """How many turns after ``source`` the seat plays (1 = next in turn order)."""
    return (seat - source) % seats


def open_window(
    source: int,
    tile: int,
    options: Mapping[int, Sequence[Action]],
    mode: ArbitrationMode = STANDARD,
    *,
    seats: int = 4,
    trigger: str = "discard",
) -> Window:
    claims: dict[int, tuple[Action, ...]] = {}
    for s, opts in options.items():
        held = tuple([a for a in opts if a.priority > NO_CLAIM])
        if held and s != source:
            claims[s] = held
    # Filled like ``_with``: a window opens on about one discard in four of every game.
    return _filled(
        {
            "source": source,
            "tile": tile,
            "mode": mode,
            "seats": seats,
            "options": claims,
            "answers": {},
            "asking": {s: opts + (PASS,) for s, opts in claims.items()},
            "seen_at": {},
            "trigger": trigger,
        }
    )


def _filled(fields: dict[str, object]) -> Window:
    """``Window(**fields)`` without the frozen ``__init__`` (``fields`` names every field)."""
    new = object.__new__(Window)
    new.__dict__.update(fields)
    return new


def _with(window: Window, **changes: object) -> Window:
    """A copy of ``window`` with ``changes``, as ``dataclasses.replace`` makes it at a fraction
    of the cost (replace re-reads the fields and re-runs the frozen ``__init__``, which sets
    each of the nine fields through ``object.__setattr__``; every answer makes a new window)."""
    new = object.__new__(Window)
    new.__dict__.update(window.__dict__, **changes)
    return new


def _best(answers: Mapping[int, Action]) -> int:
    """The highest priority among the answers (0 when all passed), by a plain loop: cheaper
    than ``max`` over a generator for the one to three answers a window holds."""
    best = NO_CLAIM
    for a in answers.values():
        if a.priority > best:
            best = a.priority
    return best


def _offers(choices: tuple[Action, ...], action: Action) -> bool:
    """``action in choices``, the very object first (the answer is usually one of them, most
    often ``PASS``, and ``in`` would compare it with each choice before)."""
    for a in choices:
        if a is action:
            return True
    return action in choices


def answer(window: Window, seat: int, action: Action) -> Window:
    """Record ``seat``'s answer; raise :class:`IllegalAction` (window unchanged) if not allowed."""
    choices = window.asking.get(seat)
    if choices is None:
        previous = window.answers.get(seat)
        if previous is not None and previous.is_claim:
            raise IllegalAction(
                f"seat {seat} has already declared {previous.name}: a claimant may not change "
                "its action"
            )
        if previous is not None:
            raise IllegalAction(f"seat {seat} has already passed on this tile")
        raise IllegalAction(f"seat {seat} has no claim on this tile")
    if not _offers(choices, action):
        offered = ", ".join(a.name for a in choices)
        raise IllegalAction(f"seat {seat} may answer only one of: {offered}; not {action!r}")
    asking = {s: o for s, o in window.asking.items() if s != seat}
    answers = {**window.answers, seat: action}
    best = _best(answers)
    seen = {**window.seen_at, seat: best}
    answered = _with(window, answers=answers, asking=asking, seen_at=seen)
    # Nobody is asked again while no claim stands (every answer so far a pass).
    return answered if best == NO_CLAIM else _reopen(answered)


def _reopen(w: Window) -> Window:
    best = _best(w.answers)
    if best == 0:
        return w
    asking = dict(w.asking)
    for seat, opts in w.options.items():
        if seat in asking or w.seen_at.get(seat, 0) >= best:
            continue
        higher = tuple(a for a in opts if a.priority > best)
        if not higher:
            continue
        previous = w.answers.get(seat)
        if isinstance(previous, Pass):
            if w.mode.allow_upgrade or not w.mode.reask_passers:
                continue  # an explicit pass is final (and, with upgrades, a withdrawal)
            asking[seat] = higher + (PASS,)
        elif previous is not None and previous.priority < best and w.mode.allow_upgrade:
            asking[seat] = higher + (previous, PASS)
    return _with(w, asking=asking)


def resolve(window: Window) -> Resolution:
    """The outcome of a settled window."""
    if not window.settled:
        raise IllegalAction("the reaction window is still waiting for answers")
    claims = [(s, a) for s, a in window.answers.items() if a.priority > NO_CLAIM]
    if not claims:
        return _NOBODY
    top = max(a.priority for _, a in claims)
    best = sorted(
        ((s, a) for s, a in claims if a.priority == top),
        key=lambda sa: distance(window.source, sa[0], window.seats),
    )
    if top == WIN_PRIORITY:
        return Resolution(winners=tuple(best if window.mode.multi_win else best[:1]))
    return Resolution(call=best[0])
