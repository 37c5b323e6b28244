"""A Qingque match: 1-4 wind rounds of four hands, the seat changes drawn from the hand seed.

As open_mahjong_unity plays it (``gamestate/game_mmcr/QingqueGameState.py``,
``gamestate/public/next_game_round.py``, ``gamestate/public/init_game_tiles.py``):

- ``current_round`` counts the hands of the game from 1 (there is no repeat dealership, so it
  never stands still); it is the hand number of the fairness scheme's hand seed
  (``fairness.hand_seed``), the wall of hand ``n`` is ``WALL.shuffled(master_seed, n)``;
- table seat 0 is the dealer of every hand; after each hand every player moves back one seat
  (``back_current_num``): the player on seat 1 deals next;
- at ``current_round`` 5, 9 and 13 (the first hand of the South, West and North rounds), after
  that move, the four players in the order of the seats they held in the hand before are
  shuffled with ``random.Random(hand_seed(master_seed, current_round))`` and take seats 0-3 in
  the shuffled order (``_next_game_round_with_dealer(shuffle_on_wind_change=True)``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from openmahjong.fairness import WallRuleset, hand_seed, register_wall
from openmahjong.rules.mcr.game.round import McrHandResult
from openmahjong.rules.qingque.game.options import PRESETS, QingqueOptions
from openmahjong.rules.qingque.game.round import new_hand
from openmahjong.table.kernel import Table
from openmahjong.table.match import Match
from openmahjong.tiles import ALL_KINDS

__all__ = ["WALL", "SEAT_CHANGE_HANDS", "QingqueMatchState", "QingqueMatch", "seats_after"]

#: The Qingque wall: the 34 kinds x4, no flowers (the source's ``init_qingque_tiles``).
WALL = register_wall(
    WallRuleset(
        name="qingque",
        size=136,
        hand_number="current_round",
        dealer_extra=True,
        note="34 kinds x4 in code order, no flowers",
        kinds=ALL_KINDS,
    )
)

#: The hands (``current_round``) before which the seats are drawn again.
SEAT_CHANGE_HANDS = (5, 9, 13)


def seats_after(
    master_seed: int | None, seating: Sequence[int], next_round: int
) -> tuple[int, ...]:
    """The players at seats 0-3 for hand ``next_round``, given those of the hand before."""
    rotated = tuple(seating[(i + 1) % 4] for i in range(4))
    if next_round in SEAT_CHANGE_HANDS and master_seed is not None:
        order = list(seating)
        random.Random(hand_seed(master_seed, next_round)).shuffle(order)
        return tuple(order)
    return rotated


@dataclass(frozen=True)
class QingqueMatchState:
    #: Points per player (0..3 in ``players`` order).
    points: tuple[int, ...]
    #: The hand's number in the game, from 1 (the source's ``current_round``).
    current_round: int = 1
    #: The player at each table seat; seat 0 deals.
    seating: tuple[int, ...] = (0, 1, 2, 3)
    ended: bool = False
    history: tuple[str, ...] = field(default_factory=tuple)

    @property
    def wind_round(self) -> int:
        return (self.current_round - 1) // 4

    @property
    def prevalent_wind(self) -> int:
        return 41 + self.wind_round

    def seat_points(self) -> tuple[int, ...]:
        return tuple(self.points[p] for p in self.seating)


def hand_label(current_round: int) -> str:
    return f"{'ESWN'[(current_round - 1) // 4]}{(current_round - 1) % 4 + 1}"


class QingqueMatch(Match[QingqueMatchState, McrHandResult]):
    ruleset = "qingque"
    presets = PRESETS
    wall = WALL
    options: QingqueOptions

    def _initial_state(self) -> QingqueMatchState:
        return QingqueMatchState(points=(self.options.starting_points,) * 4)

    def _deal(self) -> Table:
        s = self.state
        return new_hand(
            self._walls(s.current_round),
            self.options,
            dealer=0,
            prevalent_wind=s.prevalent_wind,
            hand_number=s.current_round,
            points=s.seat_points(),
        )

    def hand_number(self) -> int:
        return self.state.current_round

    def label(self) -> str:
        return hand_label(self.state.current_round)

    def label_data(self) -> dict[str, Any]:
        return {"wind": self.state.prevalent_wind, "number": (self.state.current_round - 1) % 4 + 1}

    def _summarise(self, result: McrHandResult, actions: int) -> dict[str, Any]:
        s = self.state
        return {
            "label": hand_label(s.current_round),
            "current_round": s.current_round,
            "wind_round": s.wind_round,
            "dealer": 0,
            "seating": list(s.seating),
            "reason": result.reason,
            "deltas": list(result.deltas),
            "points": list(result.points),
            "false_wins": list(result.false_wins),
            "wins": [
                {
                    "seat": w.seat,
                    "player": s.seating[w.seat],
                    "from_seat": w.from_seat,
                    "tile": w.tile,
                    "fan": w.win.fan,  # type: ignore[attr-defined]
                    "exact": w.win.exact,  # type: ignore[attr-defined]
                    "base": w.win.base_points,  # type: ignore[attr-defined]
                    "fans": [[f.zh, f.value] for f in w.win.fans],
                    "robbed_kong": w.robbed_kong,
                }
                for w in result.wins
            ],
            "actions": actions,
        }

    def _advance(self, result: McrHandResult) -> QingqueMatchState:
        s = self.state
        points = list(s.points)
        for seat, delta in enumerate(result.deltas):
            points[s.seating[seat]] += delta
        nxt = replace(
            s,
            points=tuple(points),
            history=s.history + (f"{hand_label(s.current_round)}: {result.reason}",),
        )
        if s.current_round >= 4 * self.options.rounds:
            return replace(nxt, ended=True)
        following = s.current_round + 1
        return replace(
            nxt,
            current_round=following,
            seating=seats_after(self.master_seed, s.seating, following),
        )

    def _final_points(self) -> Sequence[int]:
        return self.state.points

    def player_at(self, seat: int) -> int:
        return self.state.seating[seat]

    def seat_of(self, player: int) -> int:
        return self.state.seating.index(player)
