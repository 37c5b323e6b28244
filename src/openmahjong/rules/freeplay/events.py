"""What a free-play table tells its seats (JSON by ``table.events.event_to_dict``).

Each move is told as :class:`FreeMoved` (a draw's tile only to the drawer), then the table as
everyone sees it (:class:`FreeState`) and each seat's own hand (:class:`FreeHand`, to that seat
only): a client keeps its view by taking them as they come, whatever the move was. A declared
win is :class:`FreeplayWon`; every hand ends with the shared ``HandEnded``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from openmahjong.table.events import Event, Won

__all__ = ["FreeMoved", "FreeState", "FreeHand", "FreeplayWon", "EVENTS"]


@dataclass(frozen=True, kw_only=True)
class FreeMoved(Event):
    """Seat ``seat`` made move ``move`` (an action name): ``tiles`` are the tiles it moved
    (empty for others when it drew), ``source`` the pond's seat or the group it took from or
    added to, ``back`` whether a draw came from the back of the wall."""

    seat: int
    move: str
    tiles: tuple[int, ...] = ()
    source: int | None = None
    back: bool = False

    def redacted(self) -> Event:
        return replace(self, tiles=(), private_to=None)


@dataclass(frozen=True, kw_only=True)
class FreeState(Event):
    """The table as everyone sees it after a move, in the shapes of a seat's view: the seat on
    turn, hand sizes, groups, ponds, the live wall, and ``table`` / ``seats_public`` (the tiles
    each seat shows, the last discard, whether the hand is dealt...)."""

    turn: int
    hand_sizes: tuple[int, ...]
    melds: tuple[tuple[Any, ...], ...]
    discards: tuple[tuple[tuple[int, bool, bool, int | None], ...], ...]
    live_remaining: int
    offered_tile: int | None
    table: dict[str, Any] = field(default_factory=dict)
    seats_public: tuple[dict[str, Any], ...] = ()


@dataclass(frozen=True, kw_only=True)
class FreeHand(Event):
    """Seat ``seat``'s hand after a move, in the order its tiles came (private to the seat)."""

    seat: int
    tiles: tuple[int, ...]


@dataclass(frozen=True, kw_only=True)
class FreeplayWon(Won):
    """A win the players declared: ``hand`` is the winner's hand, now shown, ``tile`` the last
    tile it took (its hand's last when it took none this hand), ``total`` its points."""


EVENTS: tuple[type[Event], ...] = (FreeMoved, FreeState, FreeHand, FreeplayWon)
