"""Typed events: what happened, in order. Each knows who may see it.

An event with ``private_to=None`` is public. A private event is shown whole to its owner and, to
everybody else, as ``redacted()`` (or not at all when that returns ``None``). A draw, for
example, is public as "seat 2 drew a tile" but only seat 2 learns which tile.

Only what every ruleset has lives here. A ruleset adds its own events, or subclasses of these
with its own fields (Riichi's honba, han and fu, riichi declarations and dora:
:mod:`openmahjong.rules.riichi.game.events`; MCR's fans: :mod:`openmahjong.rules.mcr.game.round`).
A subclass may keep the name clients know (``wire_type``), so the JSON stays the same.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any, ClassVar, TypeVar

__all__ = [
    "Event",
    "HandStarted",
    "Dealt",
    "Drew",
    "Discarded",
    "Called",
    "Won",
    "Revealed",
    "HandEnded",
    "built_event",
    "event_to_dict",
]


@dataclass(frozen=True, kw_only=True)
class Event:
    #: The ``type`` clients see (:func:`event_to_dict`); empty: the class name. A ruleset's
    #: subclass of a shared event sets the shared name, so clients read both the same way.
    wire_type: ClassVar[str] = ""

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
    points: tuple[int, ...]


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


@dataclass(frozen=True, kw_only=True)
class Called(Event):
    """A meld made: ``kind`` is chi, pon, minkan, ankan or kakan."""

    seat: int
    kind: str
    tiles: tuple[int, ...]
    called_tile: int | None = None
    from_seat: int | None = None


@dataclass(frozen=True, kw_only=True)
class Won(Event):
    """A win; each ruleset's subclass adds how it scored (Riichi: han and fu; MCR: fans)."""

    seat: int
    from_seat: int | None
    #: The winning tile.
    tile: int
    #: The concealed tiles with the winning tile.
    hand: tuple[int, ...]
    #: The hand's value before payments (Riichi: points; MCR: fans with flowers).
    total: int


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


E = TypeVar("E", bound=Event)


def built_event(cls: type[E], values: dict[str, Any]) -> E:
    """``cls(**values)`` for an event made on a hot path (every draw and discard): ``values``
    (naming every field, ``private_to`` included) becomes the instance dict, skipping the frozen
    dataclass ``__init__``, which sets each field through ``object.__setattr__``."""
    obj = object.__new__(cls)
    obj.__dict__.update(values)
    return obj


def event_to_dict(event: Event) -> dict[str, Any]:
    """``{"type": ..., **fields}``: what the server sends (``docs/protocol.md``)."""
    cls = type(event)
    data: dict[str, Any] = {"type": cls.wire_type or cls.__name__}
    data.update(asdict(event))
    return data
