"""A free-play game: hands in a row on :class:`~openmahjong.rules.freeplay.table.FreeTable`.

The deal moves one seat on every hand (seat 0 deals the first). Points move only by the
results the players declare. The game ends after ``options.hands`` hands, or (``hands`` 0) with
the first hand declared ``last``; a hand declared ``last`` ends any game early.

Walls come from the fairness scheme, like every ruleset's: the ``freeplay`` wall (136 tiles,
registered here) or, for the other tile sets, the same scheme over 144 tiles (the flowers
appended, as MCR's) or 108 (the suits), shuffled with ``round_index`` (1, 2, 3, ... for every
hand) as the hand number; ``openmahjong seed verify --ruleset freeplay [--preset ...]``
rebuilds them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, cast

from openmahjong.fairness import WallRuleset, register_wall
from openmahjong.rules.freeplay.options import PRESETS, FreeplayOptions
from openmahjong.rules.freeplay.table import FreeResult, FreeTable
from openmahjong.table.kernel import Table
from openmahjong.table.match import Match
from openmahjong.tiles import ALL_KINDS, FLOWERS, SUITED

__all__ = ["WALL", "WALLS", "FreeplayState", "FreeplayMatch", "hand_summary", "wall_for"]

WALL: WallRuleset = register_wall(
    WallRuleset(
        name="freeplay",
        size=136,
        hand_number="round_index",
        dealer_extra=False,
        note="34 kinds x4 in code order; with 144 tiles the 8 flowers 51..58 appended, with "
        "108 the 27 suited kinds x4 only; every seat is dealt its hand, the dealer then draws",
        kinds=ALL_KINDS,
    )
)
#: The wall of each tile set (not registered: one ruleset, one registered wall).
WALLS: dict[int, WallRuleset] = {
    136: WALL,
    144: replace(WALL, size=144, extra=FLOWERS),
    108: replace(WALL, size=108, kinds=SUITED),
}


def wall_for(options: FreeplayOptions) -> WallRuleset:
    """The wall of a table with ``options``: its tiles, and the hand each seat is dealt."""
    wall = WALLS[options.tiles]
    return (
        wall if options.hand_size == wall.hand_size else replace(wall, hand_size=options.hand_size)
    )


@dataclass(frozen=True)
class FreeplayState:
    points: tuple[int, ...]
    dealer: int = 0
    #: The hand being played, 1-based (the fairness scheme's ``round_index``).
    hand_index: int = 1
    ended: bool = False


def hand_summary(
    result: FreeResult, actions: int, *, hand_number: int, dealer: int
) -> dict[str, Any]:
    """What a record keeps of a hand (``replay check`` compares every field)."""
    wins = []
    if result.winner is not None:
        wins.append(
            {
                "seat": result.winner,
                "from_seat": result.from_seat,
                "tile": result.tile,
                "tsumo": result.from_seat is None,
                "value": result.deltas[result.winner],
            }
        )
    return {
        "label": f"H{hand_number}",
        "hand_number": hand_number,
        "dealer": dealer,
        "reason": result.reason,
        "wins": wins,
        "deltas": list(result.deltas),
        "points": list(result.points),
        "last": result.last,
        "actions": actions,
    }


class FreeplayMatch(Match[FreeplayState, FreeResult]):
    ruleset = "freeplay"
    presets = PRESETS
    wall = WALL

    options: FreeplayOptions

    @classmethod
    def wall_for(cls, options: FreeplayOptions) -> WallRuleset:
        """The wall a table with ``options`` deals from (the seed tool's ``--preset``)."""
        return wall_for(options)

    def _seeded_wall(self, master_seed: int, hand_number: int) -> Sequence[int]:
        return wall_for(self.options).shuffled(master_seed, hand_number)

    def _initial_state(self) -> FreeplayState:
        return FreeplayState(points=(self.options.starting_points,) * self.seats)

    def _deal(self) -> Table:
        s = self.state
        table = FreeTable(
            self.options,
            self._walls(s.hand_index),
            dealer=s.dealer,
            points=s.points,
            hand_number=s.hand_index,
        )
        # Not the kernel's Table, but everything the match and the server read of one
        # (act, timeout, view, waiting_for, phase, result...): docs/freeplay.md.
        return cast(Table, table)

    @property
    def free_table(self) -> FreeTable:
        table: Any = self.table
        assert isinstance(table, FreeTable)
        return table

    def optional_seats(self) -> frozenset[int]:
        return self.free_table.optional_seats()

    def hand_number(self) -> int:
        return self.state.hand_index

    def label(self) -> str:
        return f"H{self.state.hand_index}"

    def label_data(self) -> dict[str, Any]:
        return {"number": self.state.hand_index, "hands": self.options.hands}

    def _summarise(self, result: FreeResult, actions: int) -> dict[str, Any]:
        s = self.state
        return hand_summary(result, actions, hand_number=s.hand_index, dealer=s.dealer)

    def _advance(self, result: FreeResult) -> FreeplayState:
        s = self.state
        hands = self.options.hands
        return replace(
            s,
            points=result.points,
            dealer=(s.dealer + 1) % self.seats,
            hand_index=s.hand_index + 1,
            ended=result.last or (hands > 0 and s.hand_index >= hands),
        )

    def _final_points(self) -> Sequence[int]:
        return self.state.points

    def _settlement(self, final_points: Sequence[int]) -> dict[str, Any]:
        return {"hands_played": len(self.results)}
