"""The match of a declared ruleset: ``options.hands`` hands with the deal passing by the
declaration's rotation, the prevalent wind moving on every four passes of the deal.

Walls come from the fairness scheme: the declared ruleset's wall (registered by
``declare_ruleset`` with ``fairness.register_wall``) shuffled with ``round_index`` (1, 2, 3, ...
for every hand dealt) as the hand number, so ``openmahjong seed verify --ruleset NAME``
rebuilds every wall.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field

from openmahjong.rules.declarative.declaration import Declaration
from openmahjong.rules.declarative.round import DeclaredHandResult, new_hand
from openmahjong.table.kernel import Table
from openmahjong.table.match import Match

__all__ = ["DeclaredOptions", "DeclaredMatchState", "DeclaredMatch", "hand_label"]

_WINDS = "ESWN"


class DeclaredOptions(BaseModel):
    """The table options of every declared ruleset (its presets set them)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = "custom"
    #: Hands dealt in the match (a dealer's repeat counts as a hand).
    hands: int = Field(16, ge=1, le=64)
    starting_points: int = Field(0, ge=0, le=1_000_000)


@dataclass(frozen=True)
class DeclaredMatchState:
    points: tuple[int, ...]
    dealer: int = 0
    #: The hand being played, from 1 (the fairness scheme's ``round_index``).
    hand_index: int = 1
    #: How often the deal has passed (the prevalent wind moves on every four).
    passes: int = 0
    #: Hands the dealer has kept the deal in a row.
    repeat: int = 0
    ended: bool = False

    @property
    def prevalent_wind(self) -> int:
        return 41 + (self.passes // 4) % 4


def hand_label(state: DeclaredMatchState) -> str:
    """``E1``, ``E2``, ... ``S1``...; a kept deal adds its count (``E1-1``)."""
    base = f"{_WINDS[(state.passes // 4) % 4]}{state.passes % 4 + 1}"
    return f"{base}-{state.repeat}" if state.repeat else base


class DeclaredMatch(Match[DeclaredMatchState, DeclaredHandResult]):
    """Subclassed once per declaration by ``declare_ruleset`` (which sets the class
    attributes)."""

    declaration: ClassVar[Declaration]
    options: DeclaredOptions

    def _initial_state(self) -> DeclaredMatchState:
        return DeclaredMatchState(points=(self.options.starting_points,) * self.seats)

    def _deal(self) -> Table:
        s = self.state
        return new_hand(
            self.declaration,
            self._walls(s.hand_index),
            dealer=s.dealer,
            prevalent_wind=s.prevalent_wind,
            hand_number=s.hand_index,
            points=s.points,
        )

    def hand_number(self) -> int:
        return self.state.hand_index

    def label(self) -> str:
        return hand_label(self.state)

    def label_data(self) -> dict[str, Any]:
        s = self.state
        return {"wind": s.prevalent_wind, "number": s.passes % 4 + 1, "honba": s.repeat}

    def _summarise(self, result: DeclaredHandResult, actions: int) -> dict[str, Any]:
        s = self.state
        return {
            "label": hand_label(s),
            "hand_index": s.hand_index,
            "dealer": s.dealer,
            "prevalent_wind": s.prevalent_wind,
            "reason": result.reason,
            "deltas": list(result.deltas),
            "points": list(result.points),
            "wins": [
                {
                    "seat": w.seat,
                    "from_seat": w.from_seat,
                    "tile": w.tile,
                    "total": w.win.points,
                    "ruleset": self.ruleset,
                    "patterns": [[c.key, c.points, c.times] for c in w.win.patterns],
                    "payments": list(w.payments),
                    "robbed_kong": w.robbed_kong,
                }
                for w in result.wins
            ],
            "actions": actions,
        }

    def _advance(self, result: DeclaredHandResult) -> DeclaredMatchState:
        s = self.state
        rotation = self.declaration.rotation
        winner = result.winner
        keeps = (rotation == "dealer_wins" and winner == s.dealer) or (
            rotation == "dealer_wins_or_draw" and winner in (s.dealer, None)
        )
        nxt = replace(
            s,
            points=result.points,
            hand_index=s.hand_index + 1,
            ended=s.hand_index >= self.options.hands,
        )
        if keeps:
            return replace(nxt, repeat=s.repeat + 1)
        return replace(nxt, dealer=(s.dealer + 1) % self.seats, passes=s.passes + 1, repeat=0)

    def _final_points(self) -> Sequence[int]:
        return self.state.points

    def _settlement(self, final_points: Sequence[int]) -> dict[str, Any]:
        return {"hands_played": len(self.results)}
