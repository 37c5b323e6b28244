"""A Changsha match: ``options.hands`` hands; the winner deals next (the first winner in turn
order after the discarder when several win one discard); after a draw the dealer stays.

Walls come from the fairness scheme: the ``changsha`` wall (registered here with
``fairness.register_wall``), shuffled with ``round_index`` (1, 2, 3, ... for every hand) as the
hand number, so ``openmahjong seed verify --ruleset changsha`` rebuilds every wall.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from openmahjong.fairness import WallRuleset, register_wall
from openmahjong.rules.changsha.game.options import PRESETS, ChangshaOptions
from openmahjong.rules.changsha.game.record import hand_summary
from openmahjong.rules.changsha.game.round import ChangshaHandResult, new_hand
from openmahjong.table.kernel import Table
from openmahjong.table.match import Match

__all__ = ["WALL", "ChangshaMatchState", "ChangshaMatch", "hand_label", "advance"]

#: The 27 suited kinds, four of each, in code order.
SUITED_KINDS = tuple(s * 10 + n for s in (1, 2, 3) for n in range(1, 10))

WALL: WallRuleset = register_wall(
    WallRuleset(
        name="changsha",
        size=108,
        hand_number="round_index",
        dealer_extra=True,
        note="the 27 suited kinds x4 in code order (no honors, no flowers)",
        kinds=SUITED_KINDS,
    )
)


@dataclass(frozen=True)
class ChangshaMatchState:
    points: tuple[int, ...]
    dealer: int = 0
    #: The hand being played, 1-based (the fairness scheme's ``round_index``).
    hand_index: int = 1
    ended: bool = False


def hand_label(hand_index: int) -> str:
    return f"H{hand_index}"


def advance(
    state: ChangshaMatchState, result: ChangshaHandResult, hands: int
) -> ChangshaMatchState:
    points = tuple(p + d for p, d in zip(state.points, result.deltas, strict=True))
    dealer = state.dealer if result.first_winner is None else result.first_winner
    return replace(
        state,
        points=points,
        dealer=dealer,
        hand_index=state.hand_index + 1,
        ended=state.hand_index >= hands,
    )


class ChangshaMatch(Match[ChangshaMatchState, ChangshaHandResult]):
    ruleset = "changsha"
    presets = PRESETS
    wall = WALL

    options: ChangshaOptions

    def _initial_state(self) -> ChangshaMatchState:
        return ChangshaMatchState(points=(self.options.starting_points,) * self.seats)

    def _deal(self) -> Table:
        s = self.state
        return new_hand(
            self.options,
            self._walls(s.hand_index),
            dealer=s.dealer,
            points=s.points,
            hand_number=s.hand_index,
        )

    def hand_number(self) -> int:
        return self.state.hand_index

    def label(self) -> str:
        return hand_label(self.state.hand_index)

    def label_data(self) -> dict[str, Any]:
        return {"number": self.state.hand_index, "hands": self.options.hands}

    def _summarise(self, result: ChangshaHandResult, actions: int) -> dict[str, Any]:
        s = self.state
        return hand_summary(
            result, actions, label=self.label(), dealer=s.dealer, hand_number=s.hand_index
        )

    def _advance(self, result: ChangshaHandResult) -> ChangshaMatchState:
        return advance(self.state, result, self.options.hands)

    def _final_points(self) -> Sequence[int]:
        return self.state.points

    def _settlement(self, final_points: Sequence[int]) -> dict[str, Any]:
        return {"hands_played": len(self.results)}


def replay_match(record: dict[str, Any]) -> ChangshaMatch:
    """Replay a match record: every action goes through ``act`` (or ``timeout``) again."""
    from openmahjong.rules.changsha.game.ruleset import RULESET  # it imports this module

    return RULESET.replay(record)
