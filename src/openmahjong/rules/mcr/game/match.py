"""An MCR match: 1-4 wind rounds of four hands, the seat changes between rounds, the record.

Table seats are the wind positions of the current round: seat 0 sits East when the round starts
and deals its first hand, seat ``h`` deals hand ``h + 1``. Players (``A``..``D``, the order the
master seed seats them in) change positions between wind rounds as the MCR rules lay out
(:data:`SEATING`). There is no repeat dealership: every round has exactly four hands. Walls come
from the fairness scheme (:data:`WALL`) with ``current_round`` = the hand number within the wind
round (1-4).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from openmahjong.fairness import WallRuleset, register_wall
from openmahjong.rules.mcr.game.options import PRESETS, McrOptions
from openmahjong.rules.mcr.game.round import McrHandResult, new_hand
from openmahjong.table.kernel import Table
from openmahjong.table.match import Match, ranking
from openmahjong.tiles import ALL_KINDS, FLOWERS

__all__ = [
    "WALL",
    "SEATING",
    "McrMatchState",
    "advance",
    "ranking",
    "McrMatch",
    "replay_match",
    "hand_label",
]

#: The MCR wall of the fairness scheme (``docs/fairness.md``): the seed document's own.
WALL = register_wall(
    WallRuleset(
        name="mcr",
        size=144,
        hand_number="current_round",
        dealer_extra=True,
        note="34 kinds x4 in code order, then the 8 flowers 51..58 appended",
        kinds=ALL_KINDS,
        extra=FLOWERS,
    )
)

#: ``SEATING[wind_round][position]``: which player (0 = A .. 3 = D) sits East, South, West and
#: North when that wind round starts. Each player deals first in one round and sits in every
#: position once (East round ABCD; South BADC; West CDBA; North DCAB).
SEATING: tuple[tuple[int, int, int, int], ...] = (
    (0, 1, 2, 3),
    (1, 0, 3, 2),
    (2, 3, 1, 0),
    (3, 2, 0, 1),
)


@dataclass(frozen=True)
class McrMatchState:
    #: Points per player (A..D), not per seat.
    points: tuple[int, ...]
    #: 0 East, 1 South, 2 West, 3 North.
    wind_round: int = 0
    #: 0..3 within the wind round; the dealer's seat. ``current_round`` is ``hand + 1``.
    hand: int = 0
    #: Hands played so far, 1-based for the hand being played (record entries carry it).
    hand_index: int = 1
    ended: bool = False
    history: tuple[str, ...] = field(default_factory=tuple)

    @property
    def dealer(self) -> int:
        return self.hand

    @property
    def current_round(self) -> int:
        return self.hand + 1

    @property
    def prevalent_wind(self) -> int:
        return 41 + self.wind_round

    @property
    def seating(self) -> tuple[int, ...]:
        """Player at each table seat this round."""
        return SEATING[self.wind_round]

    def seat_points(self) -> tuple[int, ...]:
        return tuple(self.points[p] for p in self.seating)


def hand_label(wind_round: int, hand: int) -> str:
    return f"{'ESWN'[wind_round]}{hand + 1}"


def advance(state: McrMatchState, result: McrHandResult, options: McrOptions) -> McrMatchState:
    """The match after one hand: the next dealer, or the next wind round with its seat change."""
    points = list(state.points)
    for seat, delta in enumerate(result.deltas):
        points[state.seating[seat]] += delta
    note = f"{hand_label(state.wind_round, state.hand)}: {result.reason}"
    nxt = replace(
        state,
        points=tuple(points),
        hand_index=state.hand_index + 1,
        history=state.history + (note,),
    )
    if state.hand < 3:
        return replace(nxt, hand=state.hand + 1)
    if state.wind_round + 1 < options.rounds:
        return replace(nxt, wind_round=state.wind_round + 1, hand=0)
    return replace(nxt, ended=True)


def hand_summary(state: McrMatchState, result: McrHandResult, actions: int) -> dict[str, Any]:
    seating = state.seating
    return {
        "label": hand_label(state.wind_round, state.hand),
        "wind_round": state.wind_round,
        "current_round": state.current_round,
        "dealer": state.dealer,
        "seating": list(seating),
        "reason": result.reason,
        "deltas": list(result.deltas),
        "points": list(result.points),
        "false_wins": list(result.false_wins),
        "wins": [
            {
                "seat": w.seat,
                "player": seating[w.seat],
                "from_seat": w.from_seat,
                "tile": w.tile,
                "fan_total": w.win.fan_total,
                "flowers": w.win.flowers,
                "total": w.win.total,
                "fans": [[e.zh, e.value, e.count] for e in w.win.fans],
                "robbed_kong": w.robbed_kong,
            }
            for w in result.wins
        ],
        "actions": actions,
    }


class McrMatch(Match[McrMatchState, McrHandResult]):
    ruleset = "mcr"
    presets = PRESETS
    #: Its hand number for the fairness scheme is current_round (1-4 within the wind).
    wall = WALL

    def _initial_state(self) -> McrMatchState:
        return McrMatchState(points=(self.options.starting_points,) * 4)

    def _deal(self) -> Table:
        s = self.state
        return new_hand(
            self._walls(s.current_round),
            self.options,
            dealer=s.dealer,
            prevalent_wind=s.prevalent_wind,
            hand_number=s.current_round,
            points=s.seat_points(),
        )

    def hand_number(self) -> int:
        return self.state.hand_index

    def label(self) -> str:
        return hand_label(self.state.wind_round, self.state.hand)

    def label_data(self) -> dict[str, Any]:
        """The prevalent wind and the hand's number within its wind round (1-4)."""
        return {"wind": 41 + self.state.wind_round, "number": self.state.hand + 1}

    def _summarise(self, result: McrHandResult, actions: int) -> dict[str, Any]:
        return hand_summary(self.state, result, actions)

    def _advance(self, result: McrHandResult) -> McrMatchState:
        return advance(self.state, result, self.options)

    def _final_points(self) -> Sequence[int]:
        # Per player (A..D, ``players`` order); each hand's ``seating`` says who sat where.
        return self.state.points

    def player_at(self, seat: int) -> int:
        """The player (0 = A .. 3 = D) at a table seat in the current wind round."""
        return self.state.seating[seat]

    def seat_of(self, player: int) -> int:
        """The table seat of a player (0 = A .. 3 = D) in the current wind round. A server that
        keeps one connection per player routes prompts through this: seats change between
        wind rounds, players do not."""
        return self.state.seating.index(player)


def replay_match(record: dict[str, Any]) -> McrMatch:
    """Replay a match record: every action goes through ``act`` (or ``timeout``) again (the
    ruleset's ``replay``, ``openmahjong.rules.kit.replay_record``)."""
    from openmahjong.rules.mcr.game.ruleset import RULESET  # it imports this module

    return RULESET.replay(record)
