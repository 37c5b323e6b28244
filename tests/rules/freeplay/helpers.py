"""A free-play table on a rigged wall, and its state as one comparable value."""

from __future__ import annotations

from typing import Any

from openmahjong.rules.freeplay.actions import FreeAgree, FreeEndHand
from openmahjong.rules.freeplay.options import FreeplayOptions
from openmahjong.rules.freeplay.table import SEATS, FreeTable
from openmahjong.table.events import Event
from openmahjong.tiles import ALL_KINDS, parse


def rigged(hands: list[str], rest: str = "", **options: Any) -> FreeTable:
    """A 136-tile table whose seats 0..3 are dealt ``hands`` (13 tiles each, in notation) and
    whose live wall then starts with ``rest``; the other tiles follow in code order."""
    dealt = [parse(h) for h in hands]
    front = [t for h in dealt for t in h] + parse(rest)
    left = [k for k in ALL_KINDS for _ in range(4)]
    for t in front:
        left.remove(t)
    return FreeTable(FreeplayOptions(**options), front + left)


def state(table: FreeTable) -> Any:
    """Everything a move may change."""
    return (
        table.phase,
        table.turn,
        table.dealt,
        list(table.wall),
        [list(h) for h in table.hands],
        [list(g) for g in table.groups],
        [list(p) for p in table.ponds],
        [list(s) for s in table.shown],
        table.last_discard,
        table.proposal,
        sorted(table.agreed),
        len(table.log),
        len(table.events),
    )


def settle(game: Any, seat: int, result: FreeEndHand) -> list[Event]:
    """``seat`` declares ``result`` on ``game`` (a table or a match) and the other seats agree
    in seat order: the events of the last agreement, which ends the hand."""
    game.act(seat, result)
    events: list[Event] = []
    for other in range(SEATS):
        if other != seat:
            events = game.act(other, FreeAgree())
    return events
