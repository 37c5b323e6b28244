"""Changsha's events (JSON by ``openmahjong.table.events.event_to_dict``)."""

from __future__ import annotations

from dataclasses import dataclass

from openmahjong.table.events import Event, Won

__all__ = ["StartingWin", "KanTurned", "BirdsTurned", "ChangshaWon", "EVENTS"]


@dataclass(frozen=True, kw_only=True)
class StartingWin(Event):
    """A starting-hand win (起手胡), paid before play: the seat shows its dealt ``hand``."""

    seat: int
    patterns: tuple[str, ...]
    hand: tuple[int, ...]
    deltas: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class KanTurned(Event):
    """A kan turned two tiles from the back of the wall (开杠): ``kept`` went into the hand
    (the one that wins, if either does), the other was laid among the seat's discards."""

    seat: int
    tiles: tuple[int, int]
    kept: int


@dataclass(frozen=True, kw_only=True)
class BirdsTurned(Event):
    """The bird draw (扎鸟): the tiles turned and the seat each points at."""

    tiles: tuple[int, ...]
    seats: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class ChangshaWon(Won):
    """A win: ``patterns`` (the big wins; empty for a small win), ``value`` per payer before the
    birds, and ``payments`` (per-seat deltas after the birds)."""

    patterns: tuple[str, ...]
    value: int
    payments: tuple[int, ...]
    robbed_kan: bool = False


EVENTS: tuple[type[Event], ...] = (StartingWin, KanTurned, BirdsTurned, ChangshaWon)
