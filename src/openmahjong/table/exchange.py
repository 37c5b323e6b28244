"""The exchange of three tiles before the first discard, shared by the rulesets that play it.

Sichuan Bloody (three tiles of one suit) and Riichi's Battle of Asura (any three tiles) both
open a hand this way: every seat chooses three tiles from its dealt hand, and when all four
have chosen the tiles travel at once in the hand's direction (drawn from the hand seed, so seed
verification shows it). This module holds what they share:

- :class:`Exchange`, the action (name ``"exchange"`` in records);
- :class:`ExchangeRule`, the seat's choice rule (``ChoiceRule``: checked, not listed);
- :data:`DIRECTIONS` and :func:`receiver`, where a seat's tiles go;
- :func:`pass_tiles`, the pass itself, with its events :class:`ExchangeChosen` (a seat chose)
  and :class:`TilesExchanged` (what a seat gave and received; the others see only the
  direction).

A ruleset keeps its own stage bookkeeping (what comes after the pass) and says how a seat that
timed out chooses (``suggest``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from openmahjong.table.actions import Action, register_action
from openmahjong.table.choices import ChoiceRule
from openmahjong.table.events import Event
from openmahjong.tiles import suit

__all__ = [
    "DIRECTIONS",
    "Exchange",
    "ExchangeRule",
    "ExchangeChosen",
    "TilesExchanged",
    "TilesExchangedPublic",
    "EXCHANGE_EVENTS",
    "receiver",
    "record_choice",
    "pass_tiles",
]

#: How the exchanged tiles travel. Play passes from a seat to seat + 1, which is
#: counter-clockwise seen from above (as in every mahjong game); so counter-clockwise passes
#: to seat + 1 (the next player), clockwise to seat + 3 (the previous one), across to seat + 2.
DIRECTIONS: dict[str, int] = {"counterclockwise": 1, "clockwise": 3, "across": 2}


def receiver(seat: int, direction: str) -> int:
    """The seat that receives ``seat``'s three tiles."""
    return (seat + DIRECTIONS[direction]) % 4


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    """Pass these three tiles (from the hand) in the hand's exchange direction."""

    name: ClassVar[str] = "exchange"
    tiles: tuple[int, int, int]


register_action(Exchange)


class ExchangeRule(ChoiceRule):
    """Three tiles from the seat's hand (the dealer's 14th included); with ``same_suit``, of
    one suit. ``suggest(hand)`` is the timeout's pick (and the client's suggestion)."""

    name = "exchange"

    def __init__(
        self,
        hand: Sequence[int],
        *,
        same_suit: bool,
        suggest: Callable[[tuple[int, ...]], tuple[int, int, int]],
    ) -> None:
        self.hand = tuple(hand)
        self.same_suit = same_suit
        self._suggest = suggest
        self._suggested: tuple[int, int, int] | None = None

    def why_not(self, action: Action) -> str | None:
        what = "three tiles of one suit" if self.same_suit else "three tiles"
        if not isinstance(action, Exchange):
            return f"choose {what} to pass (exchange), not {action.name}"
        tiles = action.tiles
        if not isinstance(tiles, tuple) or len(tiles) != 3:
            return "an exchange passes exactly three tiles"
        if not all(isinstance(t, int) for t in tiles):
            return "an exchange names three tile codes"
        missing = Counter(tiles) - Counter(self.hand)
        if missing:
            return f"you do not hold {sorted(missing.elements())} to pass"
        if self.same_suit and len({suit(t) for t in tiles}) != 1:
            return "the three tiles passed must be of one suit"
        return None

    def suggested(self) -> tuple[int, int, int]:
        if self._suggested is None:
            self._suggested = self._suggest(self.hand)
        return self._suggested

    def default(self) -> Action:
        return Exchange(self.suggested())

    def describe(self) -> dict[str, Any]:
        return {
            "type": "exchange",
            "count": 3,
            "same_suit": self.same_suit,
            "suggested": list(self.suggested()),
        }


@dataclass(frozen=True, kw_only=True)
class ExchangeChosen(Event):
    """A seat chose its three tiles; the others learn only that it has chosen."""

    seat: int
    tiles: tuple[int, ...]

    def redacted(self) -> Event:
        return ExchangeChosen(seat=self.seat, tiles=(), private_to=None)


@dataclass(frozen=True, kw_only=True)
class TilesExchangedPublic(Event):
    """What the others see of a seat's exchange: that it happened, and which way."""

    wire_type = "TilesExchanged"

    seat: int
    direction: str


@dataclass(frozen=True, kw_only=True)
class TilesExchanged(Event):
    """``seat`` gave ``given`` and received ``received`` (private to the seat)."""

    seat: int
    given: tuple[int, ...]
    received: tuple[int, ...]
    direction: str

    def redacted(self) -> Event:
        return TilesExchangedPublic(seat=self.seat, direction=self.direction)


#: The events a ruleset that exchanges lists among its own (``BaseRuleset.events``).
EXCHANGE_EVENTS: tuple[type[Event], ...] = (ExchangeChosen, TilesExchanged, TilesExchangedPublic)


def record_choice(
    chosen: dict[int, Exchange],
    seat: int,
    action: Exchange,
    emit: Callable[[Event], None],
) -> bool:
    """Keep a seat's choice and tell it (the others learn only that it chose): True once all
    four have chosen, when the tiles pass."""
    chosen[seat] = action
    emit(ExchangeChosen(seat=seat, tiles=action.tiles, private_to=seat))
    return len(chosen) == 4


def pass_tiles(
    hands: Sequence[list[int]],
    chosen: dict[int, Exchange],
    direction: str,
    emit: Callable[[Event], None],
) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Pass every seat's chosen tiles at once: each leaves its hand and joins its receiver's
    (appended in the giver's order). Emits one private :class:`TilesExchanged` per seat and
    returns ``(given, received)`` per seat."""
    n = len(hands)
    if direction not in DIRECTIONS:
        raise ValueError(f"the exchange goes {' / '.join(DIRECTIONS)}, not {direction!r}")
    for s in range(n):
        for t in chosen[s].tiles:
            hands[s].remove(t)
    moved: list[tuple[tuple[int, ...], tuple[int, ...]]] = [((), ())] * n
    for s in range(n):
        to = receiver(s, direction)
        tiles = tuple(chosen[s].tiles)
        hands[to].extend(tiles)
        moved[s] = (tiles, moved[s][1])
        moved[to] = (moved[to][0], tiles)
    for s in range(n):
        given, received = moved[s]
        emit(
            TilesExchanged(
                seat=s, given=given, received=received, direction=direction, private_to=s
            )
        )
    return moved
