"""A Qingque bot: wins whenever the rules let it, otherwise throws the tile that leaves its hand
nearest to ready (shanten over four sets and a pair or seven pairs, Qingque's two shapes), the
fewest useful neighbours breaking ties and the seed the rest. It calls a pung when the call
lowers its shanten, never chows or kongs (simple, and always legal: it only picks among the
view's ``legal_actions``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from openmahjong.hand.shanten import SICHUAN_FORMS, shanten_counts
from openmahjong.table.actions import PASS, Action, Discard, Pon, Ron, Tsumo
from openmahjong.tiles import counts34

__all__ = ["QingqueBot", "QINGQUE_BOTS"]


def _shanten(tiles: Sequence[int]) -> int:
    # Qingque's shapes are the regular hand and seven pairs: the forms Sichuan counts too.
    return shanten_counts(counts34(tiles), forms=SICHUAN_FORMS)


class QingqueBot:
    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)

    def act(self, view: Any) -> Action:
        legal: Sequence[Action] = view.legal_actions
        for action in legal:
            if isinstance(action, Tsumo | Ron):
                return action
        hand = list(view.hand)
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            return self._discard(hand, discards)
        pons = [a for a in legal if isinstance(a, Pon)]
        if pons:
            rest = list(hand)
            for t in pons[0].tiles:
                rest.remove(t)
            after = min(_shanten(rest[:i] + rest[i + 1 :]) for i in range(len(rest)))
            if after < _shanten(hand):
                return pons[0]
        for action in legal:
            if action == PASS:
                return action
        return legal[0]

    def _discard(self, hand: list[int], discards: list[Discard]) -> Action:
        def key(action: Discard) -> tuple[int, int]:
            rest = list(hand)
            rest.remove(action.tile)
            near = sum(
                1
                for t in rest
                if t < 40 and t // 10 == action.tile // 10 and abs(t - action.tile) <= 2
            )
            return (_shanten(rest), near)

        scored = [(key(a), a) for a in discards]
        best = min(k for k, _ in scored)
        return self.random.choice([a for k, a in scored if k == best])


QINGQUE_BOTS: Mapping[str, Callable[[int], QingqueBot]] = {"qingque": QingqueBot}
