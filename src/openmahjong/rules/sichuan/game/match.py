"""A Sichuan Bloody match: four hands, the first winner deals next, a bust ends it at once.

Seats never change: seat 0 (the first in the seat order the master seed draws) deals the first
hand. Afterwards the *first* winner of the hand just played deals the next one; when nobody won,
the dealer stays. A hand that ends with a seat's points below zero (``bust``) ends the match
there. Otherwise the match lasts ``options.hands`` hands (four in Mahjong Soul's room), every
seat starting with ``options.starting_points``.

Walls come from the fairness scheme: the ``sichuan`` wall of :mod:`openmahjong.fairness`,
shuffled with ``round_index`` (1, 2, 3, ... for every hand played) as the hand number. The same
hand seed picks the hand's exchange direction (``WallRuleset.exchange_direction``), so ``seed
verify --ruleset sichuan`` shows the direction of every hand.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from openmahjong.fairness import WALL_RULESETS, WallRuleset
from openmahjong.rules.sichuan.game.options import PRESETS, SichuanOptions
from openmahjong.rules.sichuan.game.record import hand_summary
from openmahjong.rules.sichuan.game.round import SichuanHandResult, new_hand
from openmahjong.table.kernel import Table
from openmahjong.table.match import Match, Walls, ranking

__all__ = [
    "WALL",
    "DIRECTIONS",
    "HandOutcome",
    "SichuanMatchState",
    "advance",
    "hand_label",
    "ranking",
    "SichuanMatch",
    "replay_match",
]

#: Sichuan's wall, declared by the fairness module itself (the seed tool lists it by name).
WALL: WallRuleset = WALL_RULESETS["sichuan"]
#: The exchange directions, in the order the hand seed picks them.
DIRECTIONS: tuple[str, ...] = WALL.exchange_directions


class HandOutcome(Protocol):
    """What the match reads of a hand's result (``SichuanHandResult`` has it)."""

    @property
    def deltas(self) -> Sequence[int]: ...

    @property
    def first_winner(self) -> int | None: ...

    @property
    def bust(self) -> bool: ...


@dataclass(frozen=True)
class SichuanMatchState:
    #: Points per seat (seats never change in a Sichuan match).
    points: tuple[int, ...]
    dealer: int = 0
    #: The hand being played, 1-based: the fairness scheme's ``round_index`` and the number
    #: record entries carry.
    hand_index: int = 1
    ended: bool = False
    #: Whether the match ended early because a seat's points fell below zero.
    bust: bool = False
    history: tuple[str, ...] = field(default_factory=tuple)


def hand_label(hand_index: int) -> str:
    """A hand's short label for people and reports: ``H1`` .. ``H4``."""
    return f"H{hand_index}"


def advance(state: SichuanMatchState, result: HandOutcome, hands: int) -> SichuanMatchState:
    """The match after one hand of ``hands``: the first winner deals next (the dealer stays
    when nobody won); a bust, or the last hand, ends the match."""
    points = tuple(p + d for p, d in zip(state.points, result.deltas, strict=True))
    dealer = state.dealer if result.first_winner is None else result.first_winner
    note = f"{hand_label(state.hand_index)}: " + (
        "bust" if result.bust else f"first winner {result.first_winner}"
    )
    return replace(
        state,
        points=points,
        dealer=dealer,
        hand_index=state.hand_index + 1,
        ended=result.bust or state.hand_index >= hands,
        bust=result.bust,
        history=state.history + (note,),
    )


#: Which exchange direction a hand plays, given its number (tests may pass their own).
Directions = Callable[[int], str]


class SichuanMatch(Match[SichuanMatchState, SichuanHandResult]):
    ruleset = "sichuan"
    presets = PRESETS
    #: Its hand number for the fairness scheme is round_index (every hand counts).
    wall = WALL

    def __init__(
        self,
        options: SichuanOptions,
        master_seed: int | None = None,
        *,
        walls: Walls | None = None,
        players: Sequence[str] | None = None,
        salt: str | None = None,
        directions: Directions | None = None,
    ) -> None:
        """``directions(hand_number)`` only for tests that pass their own ``walls``; otherwise
        the hand seed picks the direction (``WallRuleset.exchange_direction``)."""
        if directions is None and master_seed is None:
            directions = _clockwise
        self._directions = directions
        super().__init__(options, master_seed, walls=walls, players=players, salt=salt)

    def direction(self, hand_number: int) -> str:
        """The exchange direction of hand ``hand_number`` (1-based)."""
        if self._directions is not None:
            return self._directions(hand_number)
        assert self.master_seed is not None
        direction = WALL.exchange_direction(self.master_seed, hand_number)
        assert direction is not None
        return direction

    def _initial_state(self) -> SichuanMatchState:
        return SichuanMatchState(points=(self.options.starting_points,) * self.seats)

    def _deal(self) -> Table:
        s = self.state
        return new_hand(
            self.options,
            self._walls(s.hand_index),
            dealer=s.dealer,
            points=s.points,
            hand_number=s.hand_index,
            direction=self.direction(s.hand_index),
        )

    def hand_number(self) -> int:
        return self.state.hand_index

    def label(self) -> str:
        return hand_label(self.state.hand_index)

    def label_data(self) -> dict[str, Any]:
        """The hand's number and how many the match has (no wind: Sichuan has no rounds of
        winds, and seats never change)."""
        return {"number": self.state.hand_index, "hands": self.options.hands}

    def _summarise(self, result: SichuanHandResult, actions: int) -> dict[str, Any]:
        s = self.state
        return hand_summary(
            result,
            actions,
            label=self.label(),
            dealer=s.dealer,
            hand_number=s.hand_index,
            direction=self.direction(s.hand_index),
        )

    def _advance(self, result: SichuanHandResult) -> SichuanMatchState:
        return advance(self.state, result, self.options.hands)

    def _final_points(self) -> Sequence[int]:
        return self.state.points

    def _settlement(self, final_points: Sequence[int]) -> dict[str, Any]:
        """A Sichuan record's result also says whether a bust ended the match early."""
        return {"bust": self.state.bust, "hands_played": len(self.results)}


def _clockwise(hand_number: int) -> str:
    return DIRECTIONS[0]


def replay_match(record: dict[str, Any]) -> SichuanMatch:
    """Replay a match record: every action goes through ``act`` (or ``timeout``) again."""
    from openmahjong.rules.sichuan.game.ruleset import RULESET  # it imports this module

    return RULESET.replay(record)
