"""Sichuan's events (JSON by ``openmahjong.table.events.event_to_dict``). The exchange's
events are the shared ones (:mod:`openmahjong.table.exchange`), listed here too."""

from __future__ import annotations

from dataclasses import dataclass

from openmahjong.table.events import Event, Won
from openmahjong.table.exchange import ExchangeChosen, TilesExchanged, TilesExchangedPublic

__all__ = [
    "ExchangeChosen",
    "TilesExchanged",
    "TilesExchangedPublic",
    "VoidsDeclared",
    "SichuanWon",
    "KanBonus",
    "DrawRecheck",
    "EVENTS",
]


@dataclass(frozen=True, kw_only=True)
class VoidsDeclared(Event):
    """Every seat's void suit, revealed at once (index: seat)."""

    voids: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class SichuanWon(Won):
    """A win (``total``: its points). ``yaku``: (key, han, kind) with kind base/bonus;
    ``order``: 1 for the hand's first winner; ``payments``: the per-seat deltas it caused."""

    yaku: tuple[tuple[str, int, str], ...]
    han: int
    order: int
    payments: tuple[int, ...]
    robbed_kan: bool = False


@dataclass(frozen=True, kw_only=True)
class KanBonus(Event):
    """A kan's instant bonus (``kind``: minkan, ankan, kakan); ``cancelled``: the added kan was
    robbed and this event pays the bonus back (``deltas`` then undo the first ones)."""

    seat: int
    kind: str
    deltas: tuple[int, ...]
    cancelled: bool = False


@dataclass(frozen=True, kw_only=True)
class DrawRecheck(Event):
    """The exhaustive draw's recheck of the seats still playing (a seat that has won counts as
    ready and clear). ``deltas``: the penalties paid; ``refunds``: kan bonuses paid back."""

    ready: tuple[bool, ...]
    void_clear: tuple[bool, ...]
    deltas: tuple[int, ...]
    refunds: tuple[int, ...]


#: The ruleset's events beyond the shared ones (``BaseRuleset.events``).
EVENTS: tuple[type[Event], ...] = (
    ExchangeChosen,
    TilesExchanged,
    TilesExchangedPublic,
    VoidsDeclared,
    SichuanWon,
    KanBonus,
    DrawRecheck,
)
