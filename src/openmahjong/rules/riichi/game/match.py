"""A Riichi match: a sequence of hands, dealer repeats, honba, extension, and the end.

The match logic is a pure transition, :func:`advance` (state + hand result -> next state), so
each rule is testable without playing hands. :class:`RiichiMatch` drives real hands with it:
walls come from the fairness scheme (:data:`WALL`, shuffled with ``round_index`` as the hand
number) unless a test passes its own walls.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from openmahjong.fairness import WallRuleset, register_wall
from openmahjong.rules.riichi.game.options import PRESETS, GameOptions
from openmahjong.rules.riichi.game.round import HandResult, new_hand
from openmahjong.rules.riichi.game.settlement import settlement_document
from openmahjong.table.kernel import Table
from openmahjong.table.match import (
    RECORD_FORMAT,
    RECORD_VERSION,
    Match,
    actions_digest,
    master_seed_of,
    ranking,
    split_entry,
)
from openmahjong.tiles import ALL_KINDS

__all__ = [
    "WALL",
    "MatchState",
    "advance",
    "ranking",
    "RiichiMatch",
    "replay_match",
    "label",
    "hand_label",
    "hand_summary",
    "actions_digest",
    "split_entry",
    "RECORD_FORMAT",
    "RECORD_VERSION",
]

WIND_NAMES = ("East", "South", "West", "North")

#: The Riichi wall of the fairness scheme (``docs/fairness.md``).
WALL = register_wall(
    WallRuleset(
        name="riichi",
        size=136,
        hand_number="round_index",
        dealer_extra=True,
        note="34 kinds x4 in code order; with red fives one 15/25/35 is removed and "
        "105/205/305 appended at the end",
        kinds=ALL_KINDS,
        red_fives=True,
    )
)
#: The same wall for Battle of Asura tables, whose hands also exchange three tiles: the hand
#: seed picks the direction as for Sichuan (docs/riichi-asura.md). Not registered (it is the
#: riichi wall); ``seed verify --ruleset riichi --preset majsoul-asura`` reads it through
#: :meth:`RiichiMatch.wall_for`.
ASURA_WALL = replace(WALL, exchange_directions=("clockwise", "counterclockwise", "across"))


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


def advance_asura(state: MatchState, result: HandResult, options: GameOptions) -> MatchState:
    """The Battle of Asura match after one hand (docs/riichi-asura.md): no dealer repeats and
    no honba; an abortive draw plays the same hand again; a bust ends the match; from the last
    base hand on, first place at the requirement ends it (in the extension a win reaching it
    ended the hand at once)."""
    points = tuple(result.points)
    sticks = result.sticks
    note = f"{label(state.label)}-{state.honba}: {result.reason}"
    if min(points) < 0:
        return _finish(state, points, sticks, note + ", bust")
    if result.abortive:
        return replace(
            state,
            points=points,
            sticks=sticks,
            honba=0,
            round_index=state.round_index + 1,
            history=state.history + (note,),
        )
    if state.label >= options.length - 1 and max(points) >= options.first_place_requirement:
        return _finish(state, points, sticks, note + ", first place has the requirement")
    if state.label >= options.length + 3:
        return _finish(state, points, sticks, note + ", last possible hand")
    return replace(
        state,
        points=points,
        sticks=sticks,
        label=state.label + 1,
        honba=0,
        round_index=state.round_index + 1,
        history=state.history + (note,),
    )


def advance(state: MatchState, result: HandResult, options: GameOptions) -> MatchState:
    """The match after one hand ends."""
    if options.asura:
        return advance_asura(state, result, options)
    points = tuple(result.points)
    sticks = result.sticks
    base_last = options.length - 1  # East 4 (tonpuu) or South 4 (hanchan)
    max_label = options.length + 3  # South 4 (tonpuu) or West 4 (hanchan)
    note = f"{label(state.label)}-{state.honba}: {result.reason}"
    if min(points) < 0:
        return _finish(state, points, sticks, note + ", bust")
    leader = ranking(points)[0]
    top = points[leader]
    reached = top >= options.first_place_requirement
    if result.dealer_continues:
        if state.label > base_last and reached:
            # Extension (sudden death): any settlement that gives first place the requirement
            # ends the match, a dealer continuation included.
            return _finish(state, points, sticks, note + ", first place has the requirement")
        if (
            state.label >= base_last
            and leader == state.dealer
            and reached
            and (options.all_last_abort_stops or not result.abortive)
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
    if state.label >= base_last and reached:
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


#: The envelope every openmahjong record shares (``store.games`` writes the same one).
def hand_label(index: int, honba: int) -> str:
    """Short label of a hand: ``E2-1`` is East 2 with one honba."""
    return f"{'ESWN'[index // 4]}{index % 4 + 1}-{honba}"


def hand_summary(state: MatchState, result: HandResult, actions: int) -> dict[str, Any]:
    """What a hand came to, as plain JSON data (records keep one per hand; a replay derives
    it again and must find the same)."""
    return {
        "label": hand_label(state.label, state.honba),
        "round_index": state.round_index,
        "dealer": state.dealer,
        "honba": state.honba,
        "sticks_at_start": state.sticks,
        "reason": result.reason,
        "deltas": list(result.deltas),
        "points": list(result.points),
        "sticks": result.sticks,
        "dealer_continues": result.dealer_continues,
        "tenpai": list(result.tenpai),
        "wins": [
            {
                "seat": w.seat,
                "from_seat": w.from_seat,
                "tile": w.tile,
                "han": w.win.han,
                "fu": w.win.fu,
                "yakuman": w.win.yakuman,
                "total": w.win.total,
                "yaku": [[name, han] for name, han in w.win.yaku],
            }
            for w in result.wins
        ],
        "actions": actions,
    }


class RiichiMatch(Match[MatchState, HandResult]):
    ruleset = "riichi"
    presets = PRESETS
    wall = WALL

    def _seeded_wall(self, master_seed: int, hand_number: int) -> Sequence[int]:
        return WALL.shuffled(master_seed, hand_number, red_fives=self.options.red_fives)

    def _initial_state(self) -> MatchState:
        return MatchState(points=(self.options.starting_points,) * 4)

    def _deal(self) -> Table:
        s = self.state
        if self.options.asura:  # the exchange's direction; sudden death in the extension
            asura: dict[str, Any] = {"direction": self.direction(s.round_index)}
            if s.label > self.options.length - 1:
                asura["sudden_death"] = self.options.first_place_requirement
        else:
            asura = {}
        return new_hand(
            self._walls(s.round_index),
            self.options,
            dealer=s.dealer,
            round_wind=s.round_wind,
            hand_number=s.round_index,
            honba=s.honba,
            sticks=s.sticks,
            points=s.points,
            **asura,
        )

    def direction(self, hand_number: int) -> str | None:
        """A Battle of Asura hand's exchange direction, from its hand seed (``None`` for other
        tables, and for tests dealing their own walls: clockwise)."""
        if not self.options.asura:
            return None
        if self.master_seed is None:
            return ASURA_WALL.exchange_directions[0]
        return ASURA_WALL.exchange_direction(self.master_seed, hand_number)

    @classmethod
    def wall_for(cls, options: GameOptions) -> WallRuleset:
        """The wall a table with ``options`` deals from, as the seed tool describes it: with
        ``asura``, each hand's exchange direction too."""
        return ASURA_WALL if options.asura else WALL

    def hand_number(self) -> int:
        return self.state.round_index

    def label(self) -> str:
        return hand_label(self.state.label, self.state.honba)

    def label_data(self) -> dict[str, Any]:
        """Round wind, the dealer's number within it (1-4) and the repeat counter."""
        st = self.state
        return {"wind": st.round_wind, "number": st.label % 4 + 1, "honba": st.honba}

    def _summarise(self, result: HandResult, actions: int) -> dict[str, Any]:
        summary = hand_summary(self.state, result, actions)
        if self.options.asura:
            summary["direction"] = self.direction(self.state.round_index)
        return summary

    def _advance(self, result: HandResult) -> MatchState:
        return advance(self.state, result, self.options)

    def _final_points(self) -> Sequence[int]:
        return self.state.final_points or self.state.points

    def _settlement(self, final_points: Sequence[int]) -> dict[str, Any]:
        """The record's ``result`` also has the final ``settlement`` (return points, oka and
        uma as the preset's platform pays them: ``settlement.py``)."""
        return {"settlement": settlement_document(final_points, self.options)}


# Older names of the shared record helpers (they live in ``openmahjong.table.match`` now).
_master_seed = master_seed_of


def replay_match(record: dict[str, Any]) -> RiichiMatch:
    """Replay a record (our envelope, or the older flat ``{options, master_seed, actions}``):
    the ruleset's ``replay`` (``openmahjong.rules.kit.replay_record``).

    Every action goes through ``act`` (or ``timeout``) again, so an action that does not fit
    raises ``IllegalAction``; :mod:`openmahjong.cli.replay` reports where.
    """
    from openmahjong.rules.riichi.game.ruleset import RULESET  # it imports this module

    return RULESET.replay(record)
