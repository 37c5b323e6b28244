"""A Riichi match: a sequence of hands, dealer repeats, honba, extension, and the end.

The match logic is a pure transition, :func:`advance` (state + hand result -> next state), so
each rule is testable without playing hands. :class:`RiichiMatch` drives real hands with it:
walls come from the fairness scheme (``shuffled_wall("riichi", master_seed, round_index)``)
unless a test passes its own walls.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from openmahjong.fairness import shuffled_wall
from openmahjong.rules.riichi.game.options import GameOptions
from openmahjong.rules.riichi.game.round import HandResult, new_hand
from openmahjong.table.actions import Action, action_from_dict
from openmahjong.table.events import Event
from openmahjong.table.kernel import Phase, Table

__all__ = ["MatchState", "advance", "ranking", "RiichiMatch", "replay_match", "label"]

WIND_NAMES = ("East", "South", "West", "North")


@dataclass(frozen=True)
class MatchState:
    points: tuple[int, ...]
    #: Hand label index: 0 = East 1, 3 = East 4, 4 = South 1, ... (the dealer is ``label % 4``).
    label: int = 0
    honba: int = 0
    sticks: int = 0
    #: Every hand played, repeats included, 1-based (the hand seed's ``round_index``).
    round_index: int = 1
    ended: bool = False
    #: Final points after leftover sticks went to first place (set when ``ended``).
    final_points: tuple[int, ...] = ()
    history: tuple[str, ...] = field(default_factory=tuple)

    @property
    def dealer(self) -> int:
        return self.label % 4

    @property
    def round_wind(self) -> int:
        return 41 + self.label // 4


def label(index: int) -> str:
    return f"{WIND_NAMES[index // 4]} {index % 4 + 1}"


def ranking(points: Sequence[int]) -> list[int]:
    """Seats from first to last; ties go to the earlier starting seat (initial East first)."""
    return sorted(range(len(points)), key=lambda s: (-points[s], s))


def _finish(state: MatchState, points: tuple[int, ...], sticks: int, note: str) -> MatchState:
    final = list(points)
    final[ranking(points)[0]] += 1000 * sticks  # leftover sticks go to first place
    return replace(
        state,
        points=points,
        sticks=0,
        ended=True,
        final_points=tuple(final),
        history=state.history + (note,),
    )


def advance(state: MatchState, result: HandResult, options: GameOptions) -> MatchState:
    """The match after one hand ends."""
    points = tuple(result.points)
    sticks = result.sticks
    base_last = options.length - 1  # East 4 (tonpuu) or South 4 (hanchan)
    max_label = options.length + 3  # South 4 (tonpuu) or West 4 (hanchan)
    note = f"{label(state.label)}-{state.honba}: {result.reason}"
    if min(points) < 0:
        return _finish(state, points, sticks, note + ", bust")
    leader = ranking(points)[0]
    top = points[leader]
    if result.dealer_continues:
        if (
            state.label >= base_last
            and leader == state.dealer
            and top >= (options.first_place_requirement)
        ):
            return _finish(state, points, sticks, note + ", leading dealer stops")
        return replace(
            state,
            points=points,
            sticks=sticks,
            honba=state.honba + 1,
            round_index=state.round_index + 1,
            history=state.history + (note,),
        )
    if state.label >= base_last and top >= options.first_place_requirement:
        return _finish(state, points, sticks, note + ", first place has the requirement")
    if state.label >= max_label:
        return _finish(state, points, sticks, note + ", last possible hand")
    dealer_won = any(w.seat == state.dealer for w in result.wins)
    non_dealer_win = result.reason == "win" and not dealer_won
    return replace(
        state,
        points=points,
        sticks=sticks,
        label=state.label + 1,
        honba=0 if non_dealer_win else state.honba + 1,
        round_index=state.round_index + 1,
        history=state.history + (note,),
    )


class RiichiMatch:
    def __init__(
        self,
        options: GameOptions,
        master_seed: int | None = None,
        *,
        walls: Callable[[int], Sequence[int]] | None = None,
    ) -> None:
        if walls is None:
            if master_seed is None:
                raise ValueError("a match needs a master seed (or, in tests, a wall source)")

            def walls(n: int) -> Sequence[int]:
                return shuffled_wall("riichi", master_seed, n, red_fives=options.red_fives)

        self.options = options
        self.master_seed = master_seed
        self._walls = walls
        self.state = MatchState(points=(options.starting_points,) * 4)
        self.results: list[HandResult] = []
        self.log: list[list[Any]] = []
        self.table: Table = self._deal()

    def _deal(self) -> Table:
        s = self.state
        return new_hand(
            self._walls(s.round_index),
            self.options,
            dealer=s.dealer,
            round_wind=s.round_wind,
            hand_number=s.round_index,
            honba=s.honba,
            sticks=s.sticks,
            points=s.points,
        )

    @property
    def finished(self) -> bool:
        return self.state.ended

    def act(self, seat: int, action: Action) -> list[Event]:
        events = self.table.act(seat, action)
        self.log.append([self.state.round_index, seat, action])
        if self.table.phase == Phase.ENDED:
            result = self.table.result
            self.results.append(result)
            self.state = advance(self.state, result, self.options)
            if not self.state.ended:
                self.table = self._deal()
        return events

    def ranking(self) -> list[int]:
        return ranking(self.state.final_points or self.state.points)

    def record(self) -> dict[str, Any]:
        from openmahjong.table.actions import action_to_dict

        return {
            "ruleset": "riichi",
            "options": self.options.model_dump(),
            "master_seed": self.master_seed,
            "actions": [[n, s, action_to_dict(a)] for n, s, a in self.log],
        }


def replay_match(record: dict[str, Any]) -> RiichiMatch:
    match = RiichiMatch(GameOptions(**record["options"]), record["master_seed"])
    for _, seat, data in record["actions"]:
        match.act(seat, action_from_dict(data))
    return match
