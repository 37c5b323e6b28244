"""A free-play seat for the program: it keeps a table with bots moving, and nothing more.

On its turn (the table's convention: the seat after the last discard) it deals if nobody has,
lays a flower face up and draws from the back for it, draws from the front when its hand is
short of a tile, declares a self-drawn win when its hand (13-tile hands: sets and a pair, seven
pairs or thirteen orphans) is complete, declares a draw when the wall is empty, and otherwise
discards the tile whose discard leaves its hand nearest to ready (ties by the seed). It never
takes another seat's discard. Off its turn it passes (the table never asks it to move then).
A declared win takes one point from each other seat. It agrees to any result a seat proposes.
"""

from __future__ import annotations

import random
from typing import Any

from openmahjong.hand.shanten import RIICHI_FORMS, shanten_counts
from openmahjong.rules.freeplay.actions import (
    FreeAgree,
    FreeDeal,
    FreeDiscard,
    FreeDraw,
    FreeEndHand,
    FreeMeld,
    FreePass,
)
from openmahjong.table.actions import Action
from openmahjong.tiles import counts34, is_flower, kind

__all__ = ["FreeplayBot", "WIN_POINTS"]

#: What the bot takes from each other seat when it declares a win.
WIN_POINTS = 1


class FreeplayBot:
    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, view: Any) -> Action:
        seat = view.seat
        table = view.table
        proposal = table.get("proposal")
        if proposal is not None and view.phase != "ended":
            # The bot takes the players' word for a result, as a timeout would.
            return FreeAgree() if seat not in proposal["agreed"] else FreePass()
        if view.phase == "ended" or seat != view.turn:
            return FreePass()
        if not table.get("dealt"):
            return FreeDeal()
        hand = list(view.hand)
        flowers = [t for t in hand if is_flower(t)]
        if flowers:
            return FreeMeld(tiles=(flowers[0],))
        public = view.seats_public[seat] if seat < len(view.seats_public) else {}
        size = table.get("hand_size", 13)
        if len(hand) + 3 * self._sets(view, seat) <= size:
            if view.live_remaining == 0:
                return FreeEndHand(winner=None, deltas=(0,) * len(view.hand_sizes))
            return FreeDraw(back=public.get("last_move") == FreeMeld.name)
        if size == 13 and self._shanten(hand) == -1:
            n = len(view.hand_sizes)
            deltas = tuple(WIN_POINTS * (n - 1) if s == seat else -WIN_POINTS for s in range(n))
            return FreeEndHand(winner=seat, deltas=deltas)
        return FreeDiscard(tile=self._discard(hand))

    @staticmethod
    def _sets(view: Any, seat: int) -> int:
        """Groups of three or more laid face up (a flower's group is none)."""
        return sum(1 for g in view.melds[seat] if len(g.tiles) >= 3)

    @staticmethod
    def _shanten(tiles: list[int]) -> int:
        if len(tiles) > 14 or len(tiles) % 3 == 0:
            return 8
        return shanten_counts(counts34(tiles), forms=RIICHI_FORMS)

    def _discard(self, hand: list[int]) -> int:
        rng = random.Random(self.seed * 1_000_003 + len(hand) * 131 + sum(hand))
        best: tuple[Any, ...] | None = None
        choice = hand[-1]
        for tile in sorted(set(hand)):
            rest = list(hand)
            rest.remove(tile)
            k = kind(tile)
            near = sum(1 for t in hand if t != tile and abs(kind(t) - k) <= 2)
            key = (self._shanten(rest), near, rng.random())
            if best is None or key < best:
                best, choice = key, tile
        return choice
