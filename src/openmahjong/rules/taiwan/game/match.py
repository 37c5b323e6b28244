"""A Taiwan match: one (一圈) to four (一將) wind rounds; the deal passes to the next seat when
the dealer loses it, and the dealer keeps it (連莊) after their own win or a drawn hand.

Players keep their seats all game; the seat winds (and so the seat flowers) move with the deal:
the dealer sits East. A wind round ends when the deal has gone round the table once. Walls come
from the fairness scheme: the ``taiwan`` wall (144 tiles, the eight flowers appended) shuffled
with ``round_index`` (1, 2, 3 ... every hand, repeats included) as the hand number, so ``openmahjong
seed verify --ruleset taiwan`` rebuilds every wall.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from openmahjong.fairness import WallRuleset, register_wall
from openmahjong.rules.taiwan.game.options import PRESETS, TaiwanOptions
from openmahjong.rules.taiwan.game.record import hand_summary
from openmahjong.rules.taiwan.game.round import HAND_SIZE, WALL_SIZE, TaiwanHandResult, new_hand
from openmahjong.table.kernel import Table
from openmahjong.table.match import Match
from openmahjong.tiles import ALL_KINDS, FLOWERS

__all__ = ["WALL", "TaiwanMatchState", "TaiwanMatch", "advance", "hand_label", "replay_match"]

WALL: WallRuleset = register_wall(
    WallRuleset(
        name="taiwan",
        size=WALL_SIZE,
        hand_number="round_index",
        dealer_extra=True,
        note="34 kinds x4 in code order, then the 8 flowers 51..58; 16 tiles a seat",
        kinds=ALL_KINDS,
        extra=FLOWERS,
        hand_size=HAND_SIZE,
    )
)


@dataclass(frozen=True)
class TaiwanMatchState:
    #: Points per seat (players keep their seats).
    points: tuple[int, ...]
    dealer: int = 0
    #: 0 East .. 3 North.
    wind_round: int = 0
    #: 連莊: hands in a row the dealer has kept the deal.
    repeats: int = 0
    #: The hand being played, 1-based (the fairness scheme's ``round_index``).
    hand_index: int = 1
    ended: bool = False

    @property
    def prevalent_wind(self) -> int:
        return 41 + self.wind_round


def hand_label(state: TaiwanMatchState) -> str:
    """``E1``, ``E1-2`` (the second repeat of East 1's dealer) ... ``N4``."""
    label = f"{'ESWN'[state.wind_round]}{state.dealer + 1}"
    return f"{label}-{state.repeats}" if state.repeats else label


def advance(state: TaiwanMatchState, result: TaiwanHandResult, rounds: int) -> TaiwanMatchState:
    points = tuple(p + d for p, d in zip(state.points, result.deltas, strict=True))
    nxt = replace(state, points=points, hand_index=state.hand_index + 1)
    if result.dealer_continues:
        return replace(nxt, repeats=state.repeats + 1)
    dealer = (state.dealer + 1) % 4
    wind_round = state.wind_round + (1 if dealer == 0 else 0)
    return replace(nxt, dealer=dealer, repeats=0, wind_round=wind_round, ended=wind_round >= rounds)


class TaiwanMatch(Match[TaiwanMatchState, TaiwanHandResult]):
    ruleset = "taiwan"
    presets = PRESETS
    wall = WALL

    options: TaiwanOptions

    def _initial_state(self) -> TaiwanMatchState:
        return TaiwanMatchState(points=(self.options.starting_points,) * self.seats)

    def _deal(self) -> Table:
        s = self.state
        return new_hand(
            self._walls(s.hand_index),
            self.options,
            dealer=s.dealer,
            prevalent_wind=s.prevalent_wind,
            hand_number=s.hand_index,
            repeats=s.repeats,
            points=s.points,
        )

    def hand_number(self) -> int:
        return self.state.hand_index

    def label(self) -> str:
        return hand_label(self.state)

    def label_data(self) -> dict[str, Any]:
        s = self.state
        return {"wind": s.prevalent_wind, "number": s.dealer + 1, "honba": s.repeats}

    def _summarise(self, result: TaiwanHandResult, actions: int) -> dict[str, Any]:
        s = self.state
        return hand_summary(
            result,
            actions,
            label=hand_label(s),
            dealer=s.dealer,
            hand_number=s.hand_index,
            wind_round=s.wind_round,
            repeats=s.repeats,
        )

    def _advance(self, result: TaiwanHandResult) -> TaiwanMatchState:
        return advance(self.state, result, self.options.rounds)

    def _final_points(self) -> Sequence[int]:
        return self.state.points

    def _settlement(self, final_points: Sequence[int]) -> dict[str, Any]:
        return {"hands_played": len(self.results)}


def replay_match(record: dict[str, Any]) -> TaiwanMatch:
    """Replay a match record: every action goes through ``act`` (or ``timeout``) again."""
    from openmahjong.rules.taiwan.game.ruleset import RULESET  # it imports this module

    return RULESET.replay(record)
