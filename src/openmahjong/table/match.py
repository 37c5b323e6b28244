"""What every ruleset's match shares: seating by the master seed, the action log, per-hand
summaries and digests, timeouts, and the JSON record envelope (``docs/records.md``).

A ruleset's match subclasses :class:`Match` and supplies only its own state machine: the first
state, how a hand is dealt, the hand number its log entries carry, a hand's summary, the
transition after a hand, and the final points. Replaying a record (:func:`replay_into`) pushes
every action through ``act`` / ``timeout`` again, so an action that does not fit raises
``IllegalAction``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from openmahjong.fairness import (
    WallRuleset,
    commitment,
    format_commitment,
    format_master_seed,
    parse_master_seed,
    seat_order,
)
from openmahjong.table.actions import Action, Discard, action_from_dict, action_to_dict
from openmahjong.table.errors import IllegalAction
from openmahjong.table.events import Discarded, Event
from openmahjong.table.kernel import Phase, Table

__all__ = [
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "Match",
    "actions_digest",
    "master_seed_of",
    "ranking",
    "record_entry",
    "replay_into",
    "split_entry",
]

RECORD_FORMAT = "openmahjong"
RECORD_VERSION = 1

_ENDED = Phase.ENDED  # read once per action (see the kernel's note on enum lookups)
#: The notes a discard's log entry carries (shared: entries only ever read them).
_TSUMOGIRI_NOTES = {flag: {"tsumogiri": flag} for flag in (False, True)}


class Finishable(Protocol):
    """What the shared match reads of a ruleset's match state (a frozen dataclass will do)."""

    @property
    def ended(self) -> bool: ...


State = TypeVar("State", bound=Finishable)
Result = TypeVar("Result")
Walls = Callable[[int], Sequence[int]]


def record_entry(
    n: int, seat: int, action: Action, notes: dict[str, Any] | None, timed_out: bool
) -> list[Any]:
    """One action as a record entry: ``[hand number, seat, action, *flags]``."""
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


def split_entry(entry: Sequence[Any]) -> tuple[int, dict[str, Any], list[str]]:
    """``[hand number, seat, action, *flags]`` (match records) or ``[seat, action, *flags]``
    (hand and store logs) -> ``(seat, action, flags)``."""
    if len(entry) >= 3 and isinstance(entry[2], dict):
        return entry[1], entry[2], list(entry[3:])
    if len(entry) >= 2 and isinstance(entry[1], dict):
        return entry[0], entry[1], list(entry[2:])
    raise ValueError(f"an action entry is [round, seat, action] or [seat, action], not {entry!r}")


def ranking(points: Sequence[int]) -> list[int]:
    """Indices (seats or players) from first to last by points; a tie goes to the lower index
    (the earlier starting seat, or player A before B)."""
    return sorted(range(len(points)), key=lambda i: (-points[i], i))


def master_seed_of(value: Any) -> int:
    """A record's master seed (64 hex digits, or an int) as an int."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str):
        return parse_master_seed(value)
    raise ValueError("the record has no master seed (it is revealed when the game ends)")


class Match(Generic[State, Result]):
    """A sequence of hands on the turn kernel, for one ruleset (subclass and fill the hooks)."""

    #: The registry name written into records.
    ruleset: ClassVar[str]
    #: The ruleset's named presets (a record names its preset when the options are one).
    presets: ClassVar[Mapping[str, Any]]
    #: Seats at the table.
    seats: ClassVar[int] = 4
    #: The ruleset's wall (registered with ``fairness.register_wall``).
    wall: ClassVar[WallRuleset]

    def __init__(
        self,
        options: Any,
        master_seed: int | None = None,
        *,
        walls: Walls | None = None,
        players: Sequence[str] | None = None,
        salt: str | None = None,
    ) -> None:
        """Walls come from the fairness scheme (:meth:`_seeded_wall`) unless a test passes its
        own ``walls(hand_number)``."""
        if walls is None and master_seed is None:
            raise ValueError("a match needs a master seed (or, in tests, a wall source)")
        if players is not None and len(players) != self.seats:
            raise ValueError(
                f"a {self.ruleset} match seats {self.seats} players, got {len(players)}"
            )
        self.options = options
        self.master_seed = master_seed
        self.salt = salt
        #: Players in the order they joined; seats come from the master seed (fairness scheme).
        self.player_entry_order = list(players) if players is not None else None
        if players is not None and master_seed is not None:
            self.players: list[str] | None = seat_order(master_seed, list(players))
        else:
            self.players = list(players) if players is not None else None
        if walls is not None:
            self._walls = walls  # type: ignore[method-assign, assignment]
        self.state: State = self._initial_state()
        self.results: list[Result] = []
        #: One summary per finished hand (``_summarise``).
        self.hands: list[dict[str, Any]] = []
        #: ``[hand number, seat, action, notes, timed_out]`` per action.
        self.log: list[list[Any]] = []
        self._hand_start = 0
        #: Per finished hand, the length of ``log`` when it ended.
        self._hand_ends: list[int] = []
        self._digests: list[str] = []
        self.table: Table = self._deal()

    def _walls(self, hand_number: int) -> Sequence[int]:
        """The wall of a hand: seeded, unless a test passed its own ``walls`` (a method rather
        than a closure over ``self``, so a finished match is freed at once by reference
        counting instead of waiting for the garbage collector)."""
        assert self.master_seed is not None
        return self._seeded_wall(self.master_seed, hand_number)

    # ------------------------------------------------------------------ the ruleset's hooks

    def _seeded_wall(self, master_seed: int, hand_number: int) -> Sequence[int]:
        """The shuffled wall of a hand from the master seed (the fairness scheme); a ruleset
        whose options change its wall (Riichi's red fives) says how."""
        return self.wall.shuffled(master_seed, hand_number)

    def _initial_state(self) -> State:
        raise NotImplementedError

    def _deal(self) -> Table:
        """The table of the hand ``self.state`` says comes next."""
        raise NotImplementedError

    def hand_number(self) -> int:
        """The number log entries carry (Riichi: ``round_index``; MCR: the hand's index)."""
        raise NotImplementedError

    def label(self) -> str:
        """The current hand's short label for people and reports (Riichi ``E2-1``, MCR ``S3``)."""
        raise NotImplementedError

    def label_data(self) -> dict[str, Any]:
        """The current hand's label as data for a client to word in its language: Riichi
        ``{"wind": 41, "number": 4, "honba": 1}`` (East 4, one repeat), MCR ``{"wind": 42,
        "number": 1}``. Empty when the ruleset gives none."""
        return {}

    def player_at(self, seat: int) -> int:
        """The player (index into ``players``) at a table seat now: the same index, unless the
        ruleset moves players between seats (MCR, between wind rounds)."""
        return seat

    def seat_of(self, player: int) -> int:
        """The table seat of a player now (the inverse of :meth:`player_at`)."""
        return player

    def optional_seats(self) -> frozenset[int]:
        """Seats of ``table.waiting_for()`` that may act but need not: the room asks them with
        no clock and never makes a bot there move (free play: every seat but the one on turn).
        Empty for a ruleset whose table waits for every seat it asks."""
        return frozenset()

    def _summarise(self, result: Result, actions: int) -> dict[str, Any]:
        raise NotImplementedError

    def _advance(self, result: Result) -> State:
        raise NotImplementedError

    def _final_points(self) -> Sequence[int]:
        raise NotImplementedError

    def _ended(self) -> bool:
        return self.state.ended

    # ------------------------------------------------------------------ playing

    @property
    def finished(self) -> bool:
        return self._ended()

    def act(self, seat: int, action: Action) -> list[Event]:
        return self._apply(seat, action, timed_out=False)

    def timeout(self, seat: int) -> list[Event]:
        """The seat ran out of time: the table plays its default action, marked in the log."""
        if self.finished:
            raise IllegalAction("the match is over")
        action = self.table.default_action(seat)
        if action is None:
            raise IllegalAction(f"seat {seat} has nothing to do now ({self.table.phase} phase)")
        return self._apply(seat, action, timed_out=True)

    def _apply(self, seat: int, action: Action, *, timed_out: bool) -> list[Event]:
        if self.finished:
            raise IllegalAction("the match is over")
        table = self.table
        events = table.timeout(seat) if timed_out else table.act(seat, action)
        notes: dict[str, Any] | None = None
        if isinstance(action, Discard):
            for e in events:
                if isinstance(e, Discarded):
                    notes = _TSUMOGIRI_NOTES[e.tsumogiri]
                    break
        self.log.append([self.hand_number(), seat, action, notes, timed_out])
        if table.phase == _ENDED:
            result = table.result
            self.results.append(result)
            self.hands.append(self._summarise(result, len(self.log) - self._hand_start))
            self._hand_start = len(self.log)
            self._hand_ends.append(self._hand_start)
            self.state = self._advance(result)
            if not self.finished:
                self.table = self._deal()
        return events

    @property
    def digests(self) -> list[str]:
        """Per finished hand, the digest of its action entries (``actions_digest``). Worked out
        when first read (a record, a replay check): self-play that keeps no record skips the
        JSON encoding and hashing of every action."""
        done = self._digests
        for i in range(len(done), len(self._hand_ends)):
            start = self._hand_ends[i - 1] if i else 0
            entries = [record_entry(*e) for e in self.log[start : self._hand_ends[i]]]
            done.append(actions_digest(entries))
        return done

    def ranking(self) -> list[int]:
        """Seats (or players) best first: points, then the starting order breaks ties."""
        return ranking(self._final_points())

    # ------------------------------------------------------------------ the record

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
        name = self.options.name
        header: dict[str, Any] = {
            "ruleset": self.ruleset,
            "preset": name if name in self.presets else None,
            "options": self.options.model_dump(),
            "players": self.players,
            "player_entry_order": self.player_entry_order,
            "commitment": (
                format_commitment(commitment(seed, self.salt))
                if seed is not None and self.salt is not None
                else None
            ),
            "salt": self.salt,
            "master_seed": format_master_seed(seed) if reveal and seed is not None else None,
            "started_at": started_at,
            "ended_at": ended_at,
        }
        document: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "header": header,
            "actions": [record_entry(*e) for e in self.log],
            "hands": list(self.hands),
            "digests": list(self.digests),
        }
        if self.finished:
            order = self.ranking()
            document["result"] = {
                "final_points": list(self._final_points()),
                "ranking": order,
                "places": [order.index(s) + 1 for s in range(len(order))],
                **self._settlement(self._final_points()),
            }
        return document

    def _settlement(self, final_points: Sequence[int]) -> dict[str, Any]:
        """What a finished record's ``result`` adds after the places: nothing, unless the
        ruleset settles the final points further (Riichi's return points, oka and uma)."""
        return {}


class Playable(Protocol):
    """What a record's actions are pushed through: a match, or a single hand's table."""

    def act(self, seat: int, action: Action, /) -> Any: ...

    def timeout(self, seat: int, /) -> Any: ...


P = TypeVar("P", bound=Playable)


def replay_into(target: P, record: Mapping[str, Any]) -> P:
    """Push a record's actions (match entries or a hand's ``[seat, action, *flags]``) through
    a freshly made match or table; returns it."""
    for entry in record["actions"]:
        seat, data, flags = split_entry(entry)
        if "timeout" in flags:
            target.timeout(seat)
        else:
            target.act(seat, action_from_dict(data))
    return target
