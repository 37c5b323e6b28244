"""A Riichi match: a sequence of hands, dealer repeats, honba, extension, and the end.

The match logic is a pure transition, :func:`advance` (state + hand result -> next state), so
each rule is testable without playing hands. :class:`RiichiMatch` drives real hands with it:
walls come from the fairness scheme (``shuffled_wall("riichi", master_seed, round_index)``)
unless a test passes its own walls.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from openmahjong.fairness import (
    commitment,
    format_master_seed,
    parse_master_seed,
    seat_order,
    shuffled_wall,
)
from openmahjong.rules.riichi.game.options import PRESETS, GameOptions
from openmahjong.rules.riichi.game.round import HandResult, new_hand
from openmahjong.table.actions import Action, Discard, action_from_dict, action_to_dict
from openmahjong.table.errors import IllegalAction
from openmahjong.table.events import Discarded, Event
from openmahjong.table.kernel import Phase, Table

__all__ = [
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


#: The envelope every openmahjong record shares (``store.games`` writes the same one).
RECORD_FORMAT = "openmahjong"
RECORD_VERSION = 1


def hand_label(index: int, honba: int) -> str:
    """Short label of a hand: ``E2-1`` is East 2 with one honba."""
    return f"{'ESWN'[index // 4]}{index % 4 + 1}-{honba}"


def _entry(n: int, seat: int, action: Action, notes: dict[str, Any] | None,
           timed_out: bool) -> list[Any]:
    """One action as a record entry: ``[round_index, seat, action, *flags]``."""
    data = action_to_dict(action)
    if notes:
        data.update(notes)
    return [n, seat, data] + (["timeout"] if timed_out else [])


def actions_digest(entries: Sequence[Sequence[Any]]) -> str:
    """First 16 hex digits of SHA-256 over the entries' canonical JSON. A record keeps one per
    hand (``digests``), so an edited action shows up even when the edited hand happens to end
    the same way."""
    text = json.dumps([list(e) for e in entries], separators=(",", ":"), sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


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


class RiichiMatch:
    def __init__(
        self,
        options: GameOptions,
        master_seed: int | None = None,
        *,
        walls: Callable[[int], Sequence[int]] | None = None,
        players: Sequence[str] | None = None,
        salt: str | None = None,
    ) -> None:
        if walls is None:
            if master_seed is None:
                raise ValueError("a match needs a master seed (or, in tests, a wall source)")

            def walls(n: int) -> Sequence[int]:
                return shuffled_wall("riichi", master_seed, n, red_fives=options.red_fives)

        self.options = options
        self.master_seed = master_seed
        self.salt = salt
        #: Players in the order they joined; seats come from the master seed (fairness scheme).
        self.player_entry_order = list(players) if players is not None else None
        if players is not None and len(players) != 4:
            raise ValueError(f"a Riichi match seats 4 players, got {len(players)}")
        if players is not None and master_seed is not None:
            self.players: list[str] | None = seat_order(master_seed, list(players))
        else:
            self.players = list(players) if players is not None else None
        self._walls = walls
        self.state = MatchState(points=(options.starting_points,) * 4)
        self.results: list[HandResult] = []
        #: One summary per finished hand (``hand_summary``).
        self.hands: list[dict[str, Any]] = []
        #: Per finished hand, the digest of its action entries (``actions_digest``).
        self.digests: list[str] = []
        #: ``[round_index, seat, action, annotations, timed_out]`` per action.
        self.log: list[list[Any]] = []
        self._hand_start = 0
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
        return self._apply(seat, action, timed_out=False)

    def timeout(self, seat: int) -> list[Event]:
        """The seat ran out of time: the table plays its default action, marked in the log."""
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
        self.log.append([self.state.round_index, seat, action, notes, timed_out])
        if table.phase == Phase.ENDED:
            result = table.result
            self.results.append(result)
            entries = [_entry(*e) for e in self.log[self._hand_start:]]
            self.hands.append(hand_summary(self.state, result, len(entries)))
            self.digests.append(actions_digest(entries))
            self._hand_start = len(self.log)
            self.state = advance(self.state, result, self.options)
            if not self.state.ended:
                self.table = self._deal()
        return events

    def ranking(self) -> list[int]:
        return ranking(self.state.final_points or self.state.points)

    def record(
        self,
        *,
        reveal: bool | None = None,
        started_at: str | None = None,
        ended_at: str | None = None,
    ) -> dict[str, Any]:
        """The match as our JSON record (``docs/records.md``).

        ``reveal``: include the master seed (default: once the match is over). ``started_at`` /
        ``ended_at`` are the shell's timestamps (the core has no clock); ``None`` leaves them out
        as nulls, which keeps self-play records byte-identical for one seed.
        """
        if reveal is None:
            reveal = self.finished
        seed = self.master_seed
        header: dict[str, Any] = {
            "ruleset": "riichi",
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
        actions = [_entry(*e) for e in self.log]
        document: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "header": header,
            "actions": actions,
            "hands": list(self.hands),
            "digests": list(self.digests),
        }
        if self.finished:
            final = self.state.final_points
            order = ranking(final)
            document["result"] = {
                "final_points": list(final),
                "ranking": order,
                "places": [order.index(s) + 1 for s in range(4)],
            }
        return document


def _master_seed(value: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str):
        return parse_master_seed(value)
    raise ValueError("the record has no master seed (it is revealed when the game ends)")


def replay_match(record: dict[str, Any]) -> RiichiMatch:
    """Replay a record (our envelope, or the older flat ``{options, master_seed, actions}``).

    Every action goes through ``act`` (or ``timeout``) again, so an action that does not fit
    raises ``IllegalAction``; :mod:`openmahjong.cli.replay` reports where.
    """
    header = record.get("header", record)
    match = RiichiMatch(
        GameOptions(**header["options"]),
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


def split_entry(entry: Sequence[Any]) -> tuple[int, dict[str, Any], list[str]]:
    """``[round_index, seat, action, *flags]`` (match records) or ``[seat, action, *flags]``
    (hand and store logs) -> ``(seat, action, flags)``."""
    if len(entry) >= 3 and isinstance(entry[2], dict):
        return entry[1], entry[2], list(entry[3:])
    if len(entry) >= 2 and isinstance(entry[1], dict):
        return entry[0], entry[1], list(entry[2:])
    raise ValueError(f"an action entry is [round, seat, action] or [seat, action], not {entry!r}")
