"""An MCR match: 1-4 wind rounds of four hands, the seat changes between rounds, the record.

Table seats are the wind positions of the current round: seat 0 sits East when the round starts
and deals its first hand, seat ``h`` deals hand ``h + 1``. Players (``A``..``D``, the order the
master seed seats them in) change positions between wind rounds as the MCR rules lay out
(:data:`SEATING`). There is no repeat dealership: every round has exactly four hands. Walls come
from the fairness scheme with ``current_round`` = the hand number within the wind round (1-4).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from openmahjong.fairness import commitment, format_master_seed, seat_order, shuffled_wall
from openmahjong.rules.mcr.game.options import PRESETS, McrOptions
from openmahjong.rules.mcr.game.round import McrHandResult, new_hand
from openmahjong.rules.riichi.game.match import (
    RECORD_FORMAT,
    RECORD_VERSION,
    _master_seed,
    split_entry,
)
from openmahjong.table.actions import Action, Discard, action_from_dict, action_to_dict
from openmahjong.table.errors import IllegalAction
from openmahjong.table.events import Discarded, Event
from openmahjong.table.kernel import Phase, Table

__all__ = [
    "SEATING",
    "McrMatchState",
    "advance",
    "ranking",
    "McrMatch",
    "replay_match",
    "hand_label",
]

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


def ranking(points: Sequence[int]) -> list[int]:
    """Players first to last; a tie goes to the earlier player (A before B ...)."""
    return sorted(range(len(points)), key=lambda p: (-points[p], p))


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


class McrMatch:
    def __init__(
        self,
        options: McrOptions,
        master_seed: int | None = None,
        *,
        walls: Callable[[int], Sequence[int]] | None = None,
        players: Sequence[str] | None = None,
        salt: str | None = None,
    ) -> None:
        if walls is None:
            if master_seed is None:
                raise ValueError("a match needs a master seed (or, in tests, a wall source)")

            def walls(current_round: int) -> Sequence[int]:
                return shuffled_wall("mcr", master_seed, current_round)

        if players is not None and len(players) != 4:
            raise ValueError(f"an MCR match seats 4 players, got {len(players)}")
        self.options = options
        self.master_seed = master_seed
        self.salt = salt
        self.player_entry_order = list(players) if players is not None else None
        if players is not None and master_seed is not None:
            self.players: list[str] | None = seat_order(master_seed, list(players))
        else:
            self.players = list(players) if players is not None else None
        self._walls = walls
        self.state = McrMatchState(points=(options.starting_points,) * 4)
        self.results: list[McrHandResult] = []
        self.hands: list[dict[str, Any]] = []
        #: ``[hand_index, seat, action, notes, timed_out]`` per action.
        self.log: list[list[Any]] = []
        self._hand_start = 0
        self.table: Table = self._deal()

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

    @property
    def finished(self) -> bool:
        return self.state.ended

    def player_at(self, seat: int) -> int:
        """The player (0 = A .. 3 = D) at a table seat in the current wind round."""
        return self.state.seating[seat]

    def seat_of(self, player: int) -> int:
        """The table seat of a player (0 = A .. 3 = D) in the current wind round. A server that
        keeps one connection per player routes prompts through this: seats change between
        wind rounds, players do not."""
        return self.state.seating.index(player)

    def act(self, seat: int, action: Action) -> list[Event]:
        return self._apply(seat, action, timed_out=False)

    def timeout(self, seat: int) -> list[Event]:
        if self.state.ended:
            raise IllegalAction("the match is over")
        action = self.table.default_action(seat)
        if action is None:
            raise IllegalAction(f"seat {seat} has nothing to do now ({self.table.phase} phase)")
        return self._apply(seat, action, timed_out=True)

    def _apply(self, seat: int, action: Action, *, timed_out: bool) -> list[Event]:
        if self.state.ended:
            raise IllegalAction("the match is over")
        table = self.table
        events = table.timeout(seat) if timed_out else table.act(seat, action)
        notes: dict[str, Any] | None = None
        if isinstance(action, Discard):
            for e in events:
                if isinstance(e, Discarded):
                    notes = {"tsumogiri": e.tsumogiri}
                    break
        self.log.append([self.state.hand_index, seat, action, notes, timed_out])
        if table.phase == Phase.ENDED:
            result = table.result
            assert isinstance(result, McrHandResult)
            self.results.append(result)
            self.hands.append(hand_summary(self.state, result, len(self.log) - self._hand_start))
            self._hand_start = len(self.log)
            self.state = advance(self.state, result, self.options)
            if not self.state.ended:
                self.table = self._deal()
        return events

    def ranking(self) -> list[int]:
        return ranking(self.state.points)

    def record(
        self,
        *,
        reveal: bool | None = None,
        started_at: str | None = None,
        ended_at: str | None = None,
    ) -> dict[str, Any]:
        """The match in the shared record envelope (``docs/records.md``, ``docs/mcr-game.md``).
        Points and places are per player (A..D, ``players`` order); seats per hand are in each
        hand's ``seating``."""
        if reveal is None:
            reveal = self.finished
        seed = self.master_seed
        header: dict[str, Any] = {
            "ruleset": "mcr",
            "preset": self.options.name if self.options.name in PRESETS else None,
            "options": self.options.model_dump(),
            "players": self.players,
            "player_entry_order": self.player_entry_order,
            "commitment": (
                format(commitment(seed, self.salt), "064x")
                if seed is not None and self.salt is not None
                else None
            ),
            "salt": self.salt,
            "master_seed": format_master_seed(seed) if reveal and seed is not None else None,
            "started_at": started_at,
            "ended_at": ended_at,
        }
        actions = []
        for n, seat, action, notes, timed_out in self.log:
            data = action_to_dict(action)
            if notes:
                data.update(notes)
            actions.append([n, seat, data] + (["timeout"] if timed_out else []))
        document: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "header": header,
            "actions": actions,
            "hands": list(self.hands),
        }
        if self.finished:
            final = self.state.points
            order = ranking(final)
            document["result"] = {
                "final_points": list(final),
                "ranking": order,
                "places": [order.index(p) + 1 for p in range(4)],
            }
        return document


def replay_match(record: dict[str, Any]) -> McrMatch:
    """Replay a match record: every action goes through ``act`` (or ``timeout``) again."""
    header = record.get("header", record)
    match = McrMatch(
        McrOptions(**header["options"]),
        _master_seed(header.get("master_seed")),
        players=header.get("player_entry_order"),
        salt=header.get("salt"),
    )
    for entry in record["actions"]:
        seat, data, flags = split_entry(entry)
        if "timeout" in flags:
            match.timeout(seat)
        else:
            match.act(seat, action_from_dict(data))
    return match
