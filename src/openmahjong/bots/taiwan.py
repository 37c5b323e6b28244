"""A Taiwan 16-tile bot: wins whenever the rules let it, otherwise throws the tile that leaves
its hand nearest to ready (shanten over five sets and a pair, ``hand.shanten.regular_shanten``),
the most unseen tiles that would bring it nearer breaking ties, and the seed the rest.

Calls: a pung or chow when the call (with the best discard after it) lowers the shanten; a
pung of a dragon, the seat wind or the prevalent wind when it does not raise it (each is a tai).
Concealed and added kongs when they leave the shanten as it is; never a melded kong. It only
picks among the view's ``legal_actions``, so it is always legal.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from openmahjong.hand.shanten import regular_shanten
from openmahjong.table.actions import PASS, Action, Ankan, Chi, Discard, Kakan, Pon, Ron, Tsumo
from openmahjong.tiles import DRAGONS, index34, kind

__all__ = ["TaiwanBot", "TAIWAN_BOTS"]


def _counts(tiles: Sequence[int]) -> list[int]:
    c = [0] * 34
    for t in tiles:
        c[index34(t)] += 1
    return c


def _shanten(tiles: Sequence[int]) -> int:
    return regular_shanten(_counts(tiles))


def _best_after_discard(tiles: Sequence[int]) -> int:
    """The lowest shanten reachable by throwing one of ``tiles`` (17 - 3k of them)."""
    best = 99
    for k in set(kind(t) for t in tiles):
        rest = list(tiles)
        rest.remove(next(t for t in rest if kind(t) == k))
        best = min(best, _shanten(rest))
    return best


class TaiwanBot:
    def __init__(self, seed: int = 0) -> None:
        self.random = random.Random(seed)

    def act(self, view: Any) -> Action:
        legal: Sequence[Action] = view.legal_actions
        for action in legal:
            if isinstance(action, Tsumo | Ron):
                return action
        hand = list(view.hand)
        if view.phase == "turn":
            return self._turn(view, hand, legal)
        return self._react(view, hand, legal)

    # ------------------------------------------------------------------ own turn
    def _turn(self, view: Any, hand: list[int], legal: Sequence[Action]) -> Action:
        now = _best_after_discard(hand)
        for action in legal:
            if isinstance(action, Ankan | Kakan):
                tiles = action.tiles if isinstance(action, Ankan) else (action.tile,)
                rest = list(hand)
                for t in tiles:
                    rest.remove(t)
                if _shanten(rest) <= now:
                    return action
        discards = [a for a in legal if isinstance(a, Discard)]
        return self._discard(view, hand, discards) if discards else legal[0]

    def _seen(self, view: Any) -> list[int]:
        seen = _counts(view.hand)
        for river in view.discards:
            for tile, _tsumogiri, _riichi, claimed_by in river:
                if claimed_by is None:
                    seen[index34(tile)] += 1
        for melds in view.melds:
            for m in melds:
                for t in m.tiles:
                    seen[index34(t)] += 1
        return seen

    def _discard(self, view: Any, hand: list[int], discards: list[Discard]) -> Action:
        by_kind: dict[int, Discard] = {}
        for a in discards:
            by_kind.setdefault(kind(a.tile), a)
        scored: dict[int, int] = {}
        for k, a in by_kind.items():
            rest = list(hand)
            rest.remove(a.tile)
            scored[k] = _shanten(rest)
        best = min(scored.values())
        tied = [k for k, s in scored.items() if s == best]
        if len(tied) > 1:
            seen = self._seen(view)
            useful: dict[int, int] = {}
            for k in tied:
                rest = list(hand)
                rest.remove(by_kind[k].tile)
                counts = _counts(rest)
                n = 0
                for i in range(34):
                    left = 4 - seen[i]
                    if left <= 0 or counts[i] >= 4:
                        continue
                    counts[i] += 1
                    if regular_shanten(counts) < best:
                        n += left
                    counts[i] -= 1
                useful[k] = n
            most = max(useful.values())
            tied = [k for k in tied if useful[k] == most]
        return by_kind[self.random.choice(sorted(tied))]

    # ------------------------------------------------------------------ claims
    def _react(self, view: Any, hand: list[int], legal: Sequence[Action]) -> Action:
        calls = [a for a in legal if isinstance(a, Pon | Chi)]
        if calls:
            now = _shanten(hand)
            table = view.table
            valued = {
                *DRAGONS,
                table.get("prevalent_wind"),
                view.seats_public[view.seat]["seat_wind"],
            }
            best: tuple[int, Action] | None = None
            for call in calls:
                rest = list(hand)
                for t in call.tiles:
                    rest.remove(t)
                after = _best_after_discard(rest)
                value_pung = isinstance(call, Pon) and kind(call.tiles[0]) in valued
                worth = after < now or (value_pung and after <= now)
                if worth and (best is None or after < best[0]):
                    best = (after, call)
            if best is not None:
                return best[1]
        for action in legal:
            if action == PASS:
                return action
        return legal[0]


TAIWAN_BOTS: Mapping[str, Callable[[int], TaiwanBot]] = {"taiwan": TaiwanBot}
