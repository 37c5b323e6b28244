"""The bot every declared ruleset gets: shanten over the declaration's winning shapes.

It wins whenever offered (the rules offer only legal wins); otherwise it throws the tile that
leaves its hand nearest to ready (``hand.shanten.shanten_counts`` over the declared forms), the
fewest neighbours breaking ties and the seed the rest; it calls a pung or a chow when the call
lowers its shanten, declares no kong and passes every other claim. Its choices are a pure
function of ``(seed, view)``: it only picks among the view's ``legal_actions``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from openmahjong.hand.shanten import shanten_counts
from openmahjong.table.actions import PASS, Action, Chi, Discard, Pon, Ron, Tsumo
from openmahjong.tiles import counts34, kind

__all__ = ["DeclaredBot"]


class DeclaredBot:
    def __init__(self, seed: int, forms: Sequence[str] = ("regular", "seven_pairs")) -> None:
        self.seed = seed
        self.forms = tuple(forms)

    def _shanten(self, tiles: Sequence[int]) -> int:
        return shanten_counts(counts34([kind(t) for t in tiles]), self.forms)

    def act(self, view: Any) -> Action:
        legal: Sequence[Action] = view.legal_actions
        for action in legal:
            if isinstance(action, Tsumo | Ron):
                return action
        hand = list(view.hand)
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            return self._discard(hand, discards)
        return self._react(hand, legal)

    def _discard(self, hand: list[int], discards: list[Discard]) -> Action:
        rng = random.Random(self.seed * 1_000_003 + len(hand) * 131 + sum(hand))

        def key(action: Discard) -> tuple[int, int, float]:
            rest = list(hand)
            rest.remove(action.tile)
            k = kind(action.tile)
            near = sum(1 for t in rest if k < 40 and t < 40 and 0 < abs(kind(t) - k) <= 2)
            same = sum(1 for t in rest if kind(t) == k)
            return (self._shanten(rest), 2 * same + near, rng.random())

        return min(discards, key=key)

    def _react(self, hand: list[int], legal: Sequence[Action]) -> Action:
        now = self._shanten(hand)
        best: tuple[int, int] | None = None
        choice: Action = PASS if PASS in legal else legal[0]
        for i, a in enumerate(legal):
            if not isinstance(a, Chi | Pon):
                continue
            rest = list(hand)
            for t in a.tiles:
                rest.remove(t)
            after = min(self._shanten(rest[:j] + rest[j + 1 :]) for j in range(len(rest)))
            if after < now and (best is None or (after, i) < best):
                best, choice = (after, i), a
        return choice
