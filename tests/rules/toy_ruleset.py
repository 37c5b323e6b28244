"""A ruleset that lives only in the tests: "toy", a two-suit game.

It is what a third-party package would write, built from the shared pieces only (the turn
kernel and its ``RoundPolicy``, ``Match``, the kit's ``BaseRuleset`` and ``Presets``, a
``WallRuleset``), so that ``test_third_party_ruleset.py`` can show that self-play, record
checks, the server and the lobby take a ruleset no line of ``src/`` names.

The rules: 72 tiles, the characters and dots 1-9 four times each (no honors, no red fives, no
dead wall); four players, the dealer starts with 14; no calls; a hand of four sets and a pair
wins, by self-draw (everyone else pays ``win_points``) or on a discard (the discarder pays three
times that). The dealer moves on every hand; the game is ``hands`` hands.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from openmahjong.fairness import WallRuleset
from openmahjong.hand.decompose import is_complete_regular
from openmahjong.rules.contract import Bot
from openmahjong.rules.kit import BaseRuleset, Presets
from openmahjong.table import Discard, Ron, RoundPolicy, Table, Tsumo
from openmahjong.table.actions import Action
from openmahjong.table.events import HandEnded, Won
from openmahjong.table.match import Match
from openmahjong.table.policy import Trigger
from openmahjong.tiles import counts34

__all__ = ["NAME", "TOY", "ToyBot", "ToyMatch", "ToyOptions", "WALL"]

NAME = "toy"
#: 1-9 characters (11-19) and 1-9 dots (21-29).
KINDS = tuple(range(11, 20)) + tuple(range(21, 30))

#: Registered with the ruleset (``registry.register``), never by importing this module.
WALL = WallRuleset(
    name=NAME,
    size=72,
    hand_number="hand_index",
    dealer_extra=True,
    note="characters and dots 1-9, four each, in code order",
    kinds=KINDS,
)


class ToyOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = "custom"
    #: Hands in a game (the dealer moves on after each).
    hands: int = Field(4, ge=1, le=8)
    starting_points: int = Field(100, ge=0)
    #: What each other player pays for a self-drawn win (a discarder pays three times this).
    win_points: int = Field(10, ge=1)


PRESETS: Presets[ToyOptions] = Presets(
    {
        "toy-quick": ToyOptions(name="toy-quick", hands=2),
        "toy-full": ToyOptions(name="toy-full", hands=4),
    },
    {"QUICK": "toy-quick"},
)


def is_winning(tiles: Iterable[int]) -> bool:
    return is_complete_regular(counts34(tiles))


@dataclass(frozen=True)
class ToyWin:
    seat: int
    from_seat: int | None
    tile: int
    total: int


@dataclass(frozen=True)
class ToyHandResult:
    reason: str
    deltas: tuple[int, ...]
    points: tuple[int, ...]
    wins: tuple[ToyWin, ...] = ()


class ToyPolicy(RoundPolicy):
    dead_wall = 0

    def __init__(self, options: ToyOptions) -> None:
        self.options = options

    def turn_actions(self, table: Table, seat: int) -> list[Action]:
        hand = table.seats[seat].hand
        actions: list[Action] = [Discard(t) for t in sorted(set(hand))]
        if table.drew and is_winning(hand):
            actions.append(Tsumo())
        return actions

    def reaction_options(self, table: Table, seat: int, trigger: Trigger) -> list[Action]:
        if trigger.kind == "discard" and is_winning([*table.seats[seat].hand, trigger.tile]):
            return [Ron()]
        return []

    def settle_tsumo(self, table: Table, seat: int) -> None:
        assert table.last_drawn is not None
        self._win(table, seat, table.last_drawn, None)

    def settle_wins(self, table: Table, trigger: Trigger, winners: list[int]) -> None:
        self._win(table, winners[0], trigger.tile, trigger.seat)  # the nearest claimant wins

    def exhausted(self, table: Table) -> None:
        self._end(table, "exhaustive", (0,) * table.n, ())

    def _win(self, table: Table, seat: int, tile: int, from_seat: int | None) -> None:
        pay = self.options.win_points
        deltas = [0] * table.n
        for other in range(table.n):
            if other != seat and from_seat is None:
                deltas[other] -= pay
            elif other == from_seat:
                deltas[other] -= 3 * pay
        deltas[seat] = -sum(deltas)
        hand = list(table.seats[seat].hand) + ([] if from_seat is None else [tile])
        table.emit(
            Won(
                seat=seat,
                from_seat=from_seat,
                tile=tile,
                hand=tuple(sorted(hand)),
                total=deltas[seat],
            )
        )
        self._end(table, "win", tuple(deltas), (ToyWin(seat, from_seat, tile, deltas[seat]),))

    def _end(
        self, table: Table, reason: str, deltas: tuple[int, ...], wins: tuple[ToyWin, ...]
    ) -> None:
        points = tuple(s.points + d for s, d in zip(table.seats, deltas, strict=True))
        for s, p in zip(table.seats, points, strict=True):
            s.points = p
        table.emit(
            HandEnded(reason=reason, deltas=deltas, points=points, sticks=0, dealer_continues=False)
        )
        table.end(ToyHandResult(reason, deltas, points, wins))


@dataclass(frozen=True)
class ToyState:
    points: tuple[int, ...]
    #: The hand being played, from 1 (the fairness scheme's hand number).
    hand_index: int = 1
    ended: bool = False

    @property
    def dealer(self) -> int:
        return (self.hand_index - 1) % len(self.points)


class ToyMatch(Match[ToyState, ToyHandResult]):
    ruleset = NAME
    presets = PRESETS
    wall = WALL

    def _initial_state(self) -> ToyState:
        return ToyState(points=(self.options.starting_points,) * self.seats)

    def _deal(self) -> Table:
        state = self.state
        wall = self._walls(state.hand_index)
        return Table(ToyPolicy(self.options), wall, dealer=state.dealer, points=state.points)

    def hand_number(self) -> int:
        return self.state.hand_index

    def label(self) -> str:
        return f"T{self.state.hand_index}"

    def _summarise(self, result: ToyHandResult, actions: int) -> dict[str, Any]:
        return {
            "label": self.label(),
            "dealer": self.state.dealer,
            "reason": result.reason,
            "deltas": list(result.deltas),
            "points": list(result.points),
            "wins": [
                {"seat": w.seat, "from_seat": w.from_seat, "tile": w.tile, "total": w.total}
                for w in result.wins
            ],
            "actions": actions,
        }

    def _advance(self, result: ToyHandResult) -> ToyState:
        last = self.state.hand_index >= self.options.hands
        return replace(
            self.state, points=result.points, hand_index=self.state.hand_index + 1, ended=last
        )

    def _final_points(self) -> Sequence[int]:
        return self.state.points


class ToyBot:
    """Wins when it can, passes every other claim, and throws the tile that fits its hand
    least (fewest copies and neighbours), the seed's random choice among equals."""

    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)

    def act(self, view: Any) -> Action:
        legal: Sequence[Action] = view.legal_actions
        for action in legal:
            if isinstance(action, Tsumo | Ron):
                return action
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            return legal[0]  # the pass
        hand = view.hand

        def fit(tile: int) -> int:
            same = sum(2 for t in hand if t == tile)
            near = sum(1 for t in hand if t // 10 == tile // 10 and 0 < abs(t - tile) <= 2)
            return same + near

        worst = min(fit(a.tile) for a in discards)
        return self.random.choice([a for a in discards if fit(a.tile) == worst])


class ToyRuleset(BaseRuleset[ToyOptions, ToyMatch]):
    def bot(self, seed: int) -> Bot:
        return ToyBot(seed)

    def is_ready(self, concealed: Iterable[int]) -> bool:
        hand = list(concealed)
        return any(is_winning([*hand, kind]) for kind in KINDS)

    def is_winning_shape(self, concealed: Iterable[int]) -> bool:
        return is_winning(concealed)


TOY = ToyRuleset(match_type=ToyMatch, options_schema=ToyOptions, presets=PRESETS)
