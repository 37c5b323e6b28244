"""Typed events: what happened, in order. Each knows who may see it.

An event with ``private_to=None`` is public. A private event is shown whole to its owner and, to
everybody else, as ``redacted()`` (or not at all when that returns ``None``). A draw, for
example, is public as "seat 2 drew a tile" but only seat 2 learns which tile.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any

__all__ = [
    "Event",
    "HandStarted",
    "Dealt",
    "Drew",
    "Discarded",
    "Called",
    "DoraRevealed",
    "RiichiAccepted",
    "Won",
    "Revealed",
    "HandEnded",
    "event_to_dict",
]


@dataclass(frozen=True, kw_only=True)
class Event:
    private_to: int | None = None

    def visible_to(self, seat: int | None) -> Event | None:
        """This event as ``seat`` may see it (``None``: a spectator, who sees public facts)."""
        if self.private_to is None or self.private_to == seat:
            return self
        return self.redacted()

    def redacted(self) -> Event | None:
        return None


@dataclass(frozen=True, kw_only=True)
class HandStarted(Event):
    dealer: int
    round_wind: int
    hand_number: int
    honba: int
    sticks: int
    points: tuple[int, ...]
    dora_indicators: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class Dealt(Event):
    seat: int
    tiles: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class Drew(Event):
    seat: int
    tile: int | None
    rinshan: bool = False

    def redacted(self) -> Event:
        return replace(self, tile=None, private_to=None)


@dataclass(frozen=True, kw_only=True)
class Discarded(Event):
    seat: int
    tile: int
    tsumogiri: bool
    riichi: bool = False


@dataclass(frozen=True, kw_only=True)
class Called(Event):
    """A meld made: ``kind`` is chi, pon, minkan, ankan or kakan."""

    seat: int
    kind: str
    tiles: tuple[int, ...]
    called_tile: int | None = None
    from_seat: int | None = None


@dataclass(frozen=True, kw_only=True)
class DoraRevealed(Event):
    indicator: int


@dataclass(frozen=True, kw_only=True)
class RiichiAccepted(Event):
    seat: int
    double: bool
    sticks: int


@dataclass(frozen=True, kw_only=True)
class Won(Event):
    seat: int
    from_seat: int | None
    tile: int
    hand: tuple[int, ...]
    han: int
    fu: int
    yaku: tuple[Any, ...]
    yakuman: int
    limit: str | None
    total: int
    ura_indicators: tuple[int, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Revealed(Event):
    """At an exhaustive draw: ``tiles`` is the shown hand, empty when not shown."""

    seat: int
    tenpai: bool
    tiles: tuple[int, ...] = ()


@dataclass(frozen=True, kw_only=True)
class HandEnded(Event):
    """``reason``: win, exhaustive, nagashi, nine_terminals, four_winds, four_riichi,
    four_kans, triple_ron."""

    reason: str
    deltas: tuple[int, ...]
    points: tuple[int, ...]
    sticks: int
    dealer_continues: bool
    tenpai: tuple[bool, ...] = ()


def event_to_dict(event: Event) -> dict[str, Any]:
    data = {"type": type(event).__name__}
    data.update(asdict(event))
    return data
