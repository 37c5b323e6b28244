"""A simple Changsha bot: wins whenever it can, discards by shanten, never calls.

Like the other bots it reads one seat's view (``Table.view``) and returns one of its
``legal_actions``; its choices are a pure function of ``(seed, view)`` (the seed breaks ties).

* **Wins**: a self-draw or a discard, whenever offered (the rules offer only legal wins).
* **Discards**: the tile whose discard leaves the lowest shanten (four sets and a pair, or seven
  pairs), ties to the tile with fewest neighbours in the hand, then by the seed.
* **Calls**: a chi or pon when the hand after it (and its best discard) is nearer to ready than
  before; never an open kan; declares no kan of its own (a kan locks the hand).
"""

from __future__ import annotations

import random
from typing import Any

from openmahjong.hand.shanten import SICHUAN_FORMS, shanten_counts
from openmahjong.table.actions import PASS, Action, Chi, Discard, Pon, Ron, Tsumo
from openmahjong.tiles import counts34, kind

__all__ = ["ChangshaBot"]


class ChangshaBot:
    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, view: Any) -> Action:
        legal = list(view.legal_actions)
        for a in legal:
            if isinstance(a, (Tsumo, Ron)):
                return a
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            return self._react(view, legal)
        hand = list(view.hand)
        rng = random.Random(self.seed * 1_000_003 + len(hand) * 131 + sum(hand))
        best: tuple[Any, ...] | None = None
        choice = discards[0]
        for a in discards:
            rest = list(hand)
            rest.remove(a.tile)
            shanten = shanten_counts(counts34(rest), forms=SICHUAN_FORMS)
            k = kind(a.tile)
            near = sum(1 for t in hand if t != a.tile and 0 < abs(kind(t) - k) <= 2)
            key = (shanten, near, rng.random())
            if best is None or key < best:
                best, choice = key, a
        return choice

    @staticmethod
    def _shanten(tiles: list[int]) -> int:
        return shanten_counts(counts34(tiles), forms=SICHUAN_FORMS)

    def _react(self, view: Any, legal: list[Action]) -> Action:
        """A chi or pon that brings the hand nearer to ready (the best one), else pass."""
        hand = list(view.hand)
        now = self._shanten(hand)
        best: tuple[int, int] | None = None
        choice: Action = PASS if PASS in legal else legal[0]
        for i, a in enumerate(legal):
            if not isinstance(a, (Chi, Pon)):
                continue
            rest = list(hand)
            for t in a.tiles:
                rest.remove(t)
            after = min(
                self._shanten([x for j, x in enumerate(rest) if j != k]) for k in range(len(rest))
            )
            if after < now and (best is None or (after, i) < best):
                best, choice = (after, i), a
        return choice
