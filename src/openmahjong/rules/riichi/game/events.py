"""Riichi's events: the shared ones with Riichi's fields, and the ones only Riichi has.

The shared events (:mod:`openmahjong.table.events`) carry what every ruleset has. Riichi adds
the repeat counter and riichi sticks to the hand's start, the riichi flag to a discard, han, fu
and limit to a win, and its own riichi declarations and dora reveals. A subclass of a shared
event keeps the shared name on the wire (``wire_type``), so clients read ``HandStarted``,
``Discarded`` and ``Won`` with the same keys as before and code reading the shared fields
(``isinstance(e, Discarded)``) sees Riichi's events too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from openmahjong.table.events import Discarded, Event, HandStarted, Won

__all__ = [
    "RiichiHandStarted",
    "RiichiDiscarded",
    "RiichiAccepted",
    "DoraRevealed",
    "RiichiWon",
]


@dataclass(frozen=True, kw_only=True)
class RiichiHandStarted(HandStarted):
    wire_type = "HandStarted"

    #: The repeat counter (honba).
    honba: int
    #: Riichi sticks on the table (1000 points each).
    sticks: int
    dora_indicators: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class RiichiDiscarded(Discarded):
    wire_type = "Discarded"

    #: The discard declares riichi (turned sideways).
    riichi: bool = False


@dataclass(frozen=True, kw_only=True)
class RiichiAccepted(Event):
    """A riichi declaration stood (its discard was not won on): the stick is on the table."""

    seat: int
    double: bool
    #: Sticks on the table after this one.
    sticks: int


@dataclass(frozen=True, kw_only=True)
class DoraRevealed(Event):
    indicator: int


@dataclass(frozen=True, kw_only=True)
class RiichiWon(Won):
    wire_type = "Won"

    han: int
    fu: int
    yaku: tuple[Any, ...]
    #: Yakuman multiple (0: not a yakuman).
    yakuman: int
    #: mangan, haneman, ... or ``None`` below the limits.
    limit: str | None
    #: Shown for a riichi winner only.
    ura_indicators: tuple[int, ...] = ()
    #: The hand's basic points (before the payer multiples and rounding).
    basic_points: int = 0
    #: Repeat counters and riichi sticks this win collected (the winner nearest the discarder
    #: takes them at a double ron), and the points they came to: ``total`` plus these is what
    #: the winner gains.
    honba: int = 0
    sticks: int = 0
    honba_points: int = 0
    stick_points: int = 0
    #: Each table seat's change from this win (honba and sticks included).
    payments: tuple[int, ...] = ()
