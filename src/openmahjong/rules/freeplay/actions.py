"""Free play's moves, one typed action each (registered, so records name and read them).

Nothing about rules is checked, only what is physically possible: the tile a move names must be
where the move says (in your hand, in that pond, in that group), the wall must hold a tile to
draw. Names carry a ``free_`` prefix: the shared actions (``discard``, ``pass``...) keep theirs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from openmahjong.table.actions import Action, register_action

__all__ = [
    "MOVES",
    "FreeDeal",
    "FreeDraw",
    "FreeDiscard",
    "FreeReveal",
    "FreeMeld",
    "FreeTake",
    "FreePass",
    "FreeEndHand",
    "FreeAgree",
    "POND",
    "GROUP",
]

#: Where a taken tile comes from (``FreeTake.source``).
POND = "pond"
GROUP = "group"


@dataclass(frozen=True, slots=True)
class FreeDeal(Action):
    """Deal the shuffled wall: each seat takes its hand from the front, in seat order."""

    name: ClassVar[str] = "free_deal"


@dataclass(frozen=True, slots=True)
class FreeDraw(Action):
    """Take a tile from the front of the wall, or (``back``) from its back, as for a
    replacement after a kong or a flower."""

    name: ClassVar[str] = "free_draw"
    back: bool = False


@dataclass(frozen=True, slots=True)
class FreeDiscard(Action):
    """Put ``tile`` from your hand into your pond; by convention the turn goes on."""

    name: ClassVar[str] = "free_discard"
    tile: int


@dataclass(frozen=True, slots=True)
class FreeReveal(Action):
    """Show (``show``) or hide again one tile of your hand, or (``tile`` null) the whole hand."""

    name: ClassVar[str] = "free_reveal"
    tile: int | None
    show: bool = True


@dataclass(frozen=True, slots=True)
class FreeMeld(Action):
    """Lay ``tiles`` from your hand face up in front of you, with the last discard of the table
    too when ``discard`` is set: a new group, or added to your group number ``group``."""

    name: ClassVar[str] = "free_meld"
    tiles: tuple[int, ...]
    discard: bool = False
    group: int | None = None


@dataclass(frozen=True, slots=True)
class FreeTake(Action):
    """Take ``tile`` into your hand: from the pond of seat ``index`` (``source`` "pond"; its
    latest copy), or from your own group number ``index`` (``source`` "group")."""

    name: ClassVar[str] = "free_take"
    tile: int
    source: str
    index: int


@dataclass(frozen=True, slots=True)
class FreePass(Action):
    """Nothing moves. From the seat on turn: the turn goes on to the next seat (what a seat
    that runs out of time plays)."""

    name: ClassVar[str] = "free_pass"


@dataclass(frozen=True, slots=True)
class FreeEndHand(Action):
    """Declare the hand's result: ``winner`` (null: a draw) and, if the win was off somebody's
    tile, ``from_seat``; ``deltas`` are the points as the players typed them, one per seat
    (nothing checks that they add up). ``last``: the game ends with this hand. With
    ``options.agreement`` this proposes the result, and the hand ends once every seat agrees
    (:class:`FreeAgree`); without it the hand ends at once."""

    name: ClassVar[str] = "free_end"
    winner: int | None
    deltas: tuple[int, ...]
    from_seat: int | None = None
    last: bool = False


@dataclass(frozen=True, slots=True)
class FreeAgree(Action):
    """Answer the result a seat proposed: agree (``agree``), or refuse it, which withdraws the
    proposal and play goes on (the proposing seat's refusal takes its own proposal back)."""

    name: ClassVar[str] = "free_agree"
    agree: bool = True


MOVES: tuple[type[Action], ...] = (
    FreeDeal,
    FreeDraw,
    FreeDiscard,
    FreeReveal,
    FreeMeld,
    FreeTake,
    FreePass,
    FreeEndHand,
    FreeAgree,
)
for _move in MOVES:
    register_action(_move)
