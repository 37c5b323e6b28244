"""One free-play hand: the table the match and the server drive, in the kernel's shapes.

Every seat may move at any time, so the table is in the kernel's ``special`` phase for the
whole hand, each seat with a :class:`FreeChoice` (``table/choices.py``) that accepts any
physically possible move; nothing is listed (``legal_actions`` is empty). The seat on turn is a
convention only (a discard passes it on, a draw or a claim takes it): it is the one seat the
table *waits for* (a bot there moves, a clock there runs and a timeout plays a pass or the
deal); the others may move but need not (:meth:`FreeTable.optional_seats`).

A declared result is a proposal when ``options.agreement`` is on: the table then waits for
every seat that has not agreed (with a clock; a timeout agrees), takes no other move, and ends
the hand when the last seat agrees; one refusal withdraws it and play goes on.

A move that is not possible raises ``IllegalAction`` saying why, and nothing changes: every
check is made before the first tile moves.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from openmahjong.rules.freeplay.actions import (
    GROUP,
    MOVES,
    POND,
    FreeAgree,
    FreeDeal,
    FreeDiscard,
    FreeDraw,
    FreeEndHand,
    FreeMeld,
    FreePass,
    FreeReveal,
    FreeTake,
)
from openmahjong.rules.freeplay.events import FreeHand, FreeMoved, FreeplayWon, FreeState
from openmahjong.rules.freeplay.options import FreeplayOptions
from openmahjong.table.actions import Action, action_to_dict
from openmahjong.table.choices import ChoiceRule
from openmahjong.table.errors import IllegalAction
from openmahjong.table.events import Event, HandEnded
from openmahjong.table.kernel import Phase, SeatView
from openmahjong.table.seat import Meld, seat_wind
from openmahjong.tiles import format as tile_text

__all__ = ["SEATS", "FreeTable", "FreeResult", "FreeChoice", "GROUP_KIND", "MAX_POINTS"]

SEATS = 4
#: The kind of a group laid face up (``Meld.kind``): free play names no chi, pon or kong.
GROUP_KIND = "group"
#: The largest points a declared result may give or take from one seat.
MAX_POINTS = 10_000_000
MOVE_NAMES: tuple[str, ...] = tuple(m.name for m in MOVES)


@dataclass(frozen=True)
class FreeResult:
    """A hand's declared result. ``points`` are every seat's points after ``deltas``."""

    reason: str
    winner: int | None
    from_seat: int | None
    tile: int
    deltas: tuple[int, ...]
    points: tuple[int, ...]
    last: bool


class FreeChoice(ChoiceRule):
    """A seat's standing choice: any free-play move the table finds possible."""

    name = "free_play"

    def __init__(self, table: FreeTable, seat: int) -> None:
        self.table = table
        self.seat = seat

    @property
    def names(self) -> tuple[str, ...]:
        return MOVE_NAMES

    def why_not(self, action: Action) -> str | None:
        return self.table.why_not(self.seat, action)

    def default(self) -> Action:
        return self.table.default_action(self.seat)

    def describe(self) -> dict[str, Any]:
        return {"type": self.name, "moves": list(MOVE_NAMES), "seat": self.seat}


def _tile(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat(value: Any) -> bool:
    return _tile(value) and 0 <= value < SEATS


def _name(tile: Any) -> str:
    try:
        return tile_text([tile])
    except (TypeError, ValueError):
        return repr(tile)


class FreeTable:
    """One hand of free play from ``wall`` (shuffled, not yet dealt)."""

    def __init__(
        self,
        options: FreeplayOptions,
        wall: Sequence[int],
        *,
        dealer: int = 0,
        points: Sequence[int] = (0, 0, 0, 0),
        hand_number: int = 1,
    ) -> None:
        self.options = options
        self.initial_wall = tuple(wall)
        #: The live wall, front first (the deal and front draws take from index 0).
        self.wall = list(wall)
        self.dealer = dealer
        self.turn = dealer
        self.points = tuple(points)
        self.hand_number = hand_number
        self.dealt = False
        self.hands: list[list[int]] = [[] for _ in range(SEATS)]
        self.groups: list[list[Meld]] = [[] for _ in range(SEATS)]
        self.ponds: list[list[int]] = [[] for _ in range(SEATS)]
        #: Tiles of each hand shown face up (a sub-multiset of the hand).
        self.shown: list[list[int]] = [[] for _ in range(SEATS)]
        #: The seat whose pond ends with the table's last discard (none once it is taken).
        self.last_discard: int | None = None
        #: The last tile each seat took into its hand (drawn or taken back).
        self.last_taken: list[int | None] = [None] * SEATS
        self.last_move: list[str | None] = [None] * SEATS
        self.back_drawn = 0
        self.phase = Phase.SPECIAL
        self.rules: dict[int, ChoiceRule] = {s: FreeChoice(self, s) for s in range(SEATS)}
        #: The kernel's reaction window and its trigger: free play never opens one.
        self.window: Any = None
        self.trigger: Any = None
        self.events: list[Event] = []
        self.log: list[tuple[int, Action]] = []
        self.timeouts: set[int] = set()
        self.result: FreeResult | None = None
        #: The result a seat declared, waiting for the others to agree (``options.agreement``).
        self.proposal: FreeEndHand | None = None
        self.proposer: int | None = None
        self.agreed: set[int] = set()

    # ------------------------------------------------------------------ who is asked
    @property
    def n(self) -> int:
        return SEATS

    def legal_actions(self, seat: int) -> list[Action]:
        """Nothing is listed: every move goes through the seat's choice (``rules``)."""
        return []

    def waiting_for(self) -> list[int]:
        """Every seat while the hand goes on: the seats that must move first (the seat on
        turn; the seats yet to agree to a proposed result), then the others, from the turn."""
        if self.phase == Phase.ENDED:
            return []
        optional = self.optional_seats()
        seats = [(self.turn + k) % SEATS for k in range(SEATS)]
        return sorted(seats, key=optional.__contains__)

    def optional_seats(self) -> frozenset[int]:
        """The seats that may move but need not: all but the one on turn; while a result is
        proposed, the seats that agreed (they may still refuse), so every other seat is asked
        with a clock, bots too."""
        if self.phase == Phase.ENDED:
            return frozenset()
        if self.proposal is not None:
            return frozenset(self.agreed)
        return frozenset(s for s in range(SEATS) if s != self.turn)

    def default_action(self, seat: int) -> Action:
        """What a seat that ran out of time plays: agreement to a proposed result (silence
        consents; a seat that objects has the whole clock to refuse), the deal (on turn before
        it), else a pass (from the seat on turn it hands the turn on; from any other seat
        nothing moves)."""
        if self.proposal is not None:
            return FreeAgree()
        if not self.dealt and seat == self.turn:
            return FreeDeal()
        return FreePass()

    # ------------------------------------------------------------------ checks
    def why_not(self, seat: int, action: Action) -> str | None:
        """``None`` when ``seat`` can physically make ``action`` now, else why not."""
        if self.phase == Phase.ENDED:
            return "the hand is over"
        if not _seat(seat):
            return f"{seat!r} is not a seat"
        if self.proposal is not None or isinstance(action, FreeAgree):
            return self._why_not_answer(seat, action)
        if isinstance(action, FreePass):
            return None
        if isinstance(action, FreeEndHand):
            return self._why_not_end(action)
        if isinstance(action, FreeDeal):
            return "the tiles are dealt already" if self.dealt else None
        if not self.dealt:
            return "deal the tiles first"
        hand = self.hands[seat]
        if isinstance(action, FreeDraw):
            if not isinstance(action.back, bool):
                return "back is true or false"
            return None if self.wall else "the wall is empty"
        if isinstance(action, FreeDiscard):
            return self._not_held(hand, [action.tile])
        if isinstance(action, FreeReveal):
            return self._why_not_reveal(seat, action)
        if isinstance(action, FreeMeld):
            return self._why_not_meld(seat, action)
        if isinstance(action, FreeTake):
            return self._why_not_take(seat, action)
        return f"{action!r} is not a free-play move"

    @staticmethod
    def _not_held(hand: Sequence[int], tiles: Sequence[Any]) -> str | None:
        have = Counter(hand)
        for t in tiles:
            if not _tile(t) or have[t] <= 0:
                return f"you do not hold {_name(t)}" + (" that many times" if t in hand else "")
            have[t] -= 1
        return None

    def _why_not_reveal(self, seat: int, action: FreeReveal) -> str | None:
        if not isinstance(action.show, bool):
            return "show is true or false"
        if action.tile is None:
            return None
        reason = self._not_held(self.hands[seat], [action.tile])
        if reason:
            return reason
        shown = self.shown[seat].count(action.tile)
        if action.show and shown >= self.hands[seat].count(action.tile):
            return f"every {_name(action.tile)} you hold is shown already"
        if not action.show and shown == 0:
            return f"no {_name(action.tile)} of yours is shown"
        return None

    def _why_not_meld(self, seat: int, action: FreeMeld) -> str | None:
        if not isinstance(action.tiles, tuple) or not isinstance(action.discard, bool):
            return "a group is a list of tiles, and discard is true or false"
        if not action.tiles and not action.discard:
            return "a group needs at least one tile"
        reason = self._not_held(self.hands[seat], action.tiles)
        if reason:
            return reason
        if action.discard and self.last_discard is None:
            return "there is no discard to take"
        group = action.group
        if group is not None and not (_tile(group) and 0 <= group < len(self.groups[seat])):
            return f"you have no group {group!r}"
        return None

    def _why_not_take(self, seat: int, action: FreeTake) -> str | None:
        if not _tile(action.tile):
            return f"{action.tile!r} is not a tile"
        if action.source == POND:
            if not _seat(action.index):
                return f"{action.index!r} is not a seat"
            if action.tile not in self.ponds[action.index]:
                return f"{_name(action.tile)} is not in seat {action.index}'s pond"
            return None
        if action.source == GROUP:
            if not _tile(action.index) or not 0 <= action.index < len(self.groups[seat]):
                return f"you have no group {action.index!r}"
            if action.tile not in self.groups[seat][action.index].tiles:
                return f"{_name(action.tile)} is not in that group"
            return None
        return f"a tile is taken from a {POND!r} or a {GROUP!r}, not {action.source!r}"

    def _why_not_answer(self, seat: int, action: Action) -> str | None:
        """While a result is proposed only answers to it are taken."""
        if self.proposal is None:
            return "no result is proposed"
        if not isinstance(action, FreeAgree):
            return f"seat {self.proposer} proposed a result: agree to it or refuse it first"
        if not isinstance(action.agree, bool):
            return "agree is true or false"
        if action.agree and seat in self.agreed:
            return "you agreed already"
        return None

    def _why_not_end(self, action: FreeEndHand) -> str | None:
        if action.winner is not None and not _seat(action.winner):
            return f"{action.winner!r} is not a seat"
        if action.winner is not None and not self._tiles_of(action.winner):
            return f"seat {action.winner} holds no tile to win with"
        if action.from_seat is not None and not _seat(action.from_seat):
            return f"{action.from_seat!r} is not a seat"
        if action.winner is None and action.from_seat is not None:
            return "a draw is off nobody's tile"
        if action.from_seat is not None and action.from_seat == action.winner:
            return "a win off your own tile is a self-draw: leave from_seat empty"
        deltas = action.deltas
        if not isinstance(deltas, tuple) or len(deltas) != SEATS:
            return f"points are {SEATS} numbers, one per seat"
        if not all(_tile(d) and abs(d) <= MAX_POINTS for d in deltas):
            return f"points are whole numbers of at most {MAX_POINTS:,}"
        if not isinstance(action.last, bool):
            return "last is true or false"
        return None

    # ------------------------------------------------------------------ playing
    def act(self, seat: int, action: Action) -> list[Event]:
        """Make one move; returns the events it caused (unredacted)."""
        reason = self.why_not(seat, action)
        if reason is not None:
            raise IllegalAction(reason)
        start = len(self.events)
        self.log.append((seat, action))
        self.last_move[seat] = action.name
        optional_before = self.optional_seats()
        proposal_before = self.proposal
        changed = self._move(seat, action)
        if self.phase != Phase.ENDED:
            self._tidy_shown()
            self._emit_state(changed)
            # A seat that now must move, or now need not, is asked anew (a clock, or none);
            # a result proposed or withdrawn is a new question for every seat.
            renew = optional_before ^ self.optional_seats()
            if self.proposal is not proposal_before:
                renew = frozenset(range(SEATS))
            for s in renew:
                self.rules[s] = FreeChoice(self, s)
        return self.events[start:]

    def timeout(self, seat: int) -> list[Event]:
        """The seat ran out of time: its :meth:`default_action`, recorded as a timeout."""
        action = self.default_action(seat)
        self.timeouts.add(len(self.log))
        try:
            return self.act(seat, action)
        except IllegalAction:
            self.timeouts.discard(len(self.log))
            raise

    def _next(self, seat: int) -> int:
        return (seat + 1) % SEATS

    def _move(self, seat: int, action: Action) -> tuple[int, ...]:
        """Apply a checked move; returns the seats whose hands changed."""
        hand = self.hands[seat]
        if isinstance(action, FreeDeal):
            size = self.options.hand_size
            for s in range(SEATS):
                self.hands[s] = self.wall[size * s : size * (s + 1)]
            del self.wall[: size * SEATS]
            self.dealt = True
            self.turn = self.dealer
            self._moved(seat, action)
            return tuple(range(SEATS))
        if isinstance(action, FreeDraw):
            tile = self.wall.pop() if action.back else self.wall.pop(0)
            self.back_drawn += action.back
            hand.append(tile)
            self.last_taken[seat] = tile
            self.turn = seat
            self.events.append(
                FreeMoved(
                    seat=seat, move=action.name, tiles=(tile,), back=action.back, private_to=seat
                )
            )
            return (seat,)
        if isinstance(action, FreeDiscard):
            hand.remove(action.tile)
            self.ponds[seat].append(action.tile)
            self.last_discard = seat
            self.turn = self._next(seat)
            self._moved(seat, action, (action.tile,))
            return (seat,)
        if isinstance(action, FreeReveal):
            if action.tile is None:
                self.shown[seat] = list(hand) if action.show else []
            elif action.show:
                self.shown[seat].append(action.tile)
            else:
                self.shown[seat].remove(action.tile)
            shown = tuple(hand) if action.tile is None else (action.tile,)
            self._moved(seat, action, shown if action.show or action.tile else ())
            return ()
        if isinstance(action, FreeMeld):
            return self._meld(seat, action)
        if isinstance(action, FreeTake):
            return self._take(seat, action)
        if isinstance(action, FreePass):
            if seat == self.turn:
                self.turn = self._next(seat)
            self._moved(seat, action)
            return ()
        if isinstance(action, FreeAgree):
            self._answer(seat, action)
            return ()
        assert isinstance(action, FreeEndHand)
        self._moved(seat, action)
        if self.options.agreement:
            self.proposal, self.proposer, self.agreed = action, seat, {seat}
        else:
            self._end(action)
        return ()

    def _answer(self, seat: int, action: FreeAgree) -> None:
        proposal = self.proposal
        assert proposal is not None
        self._moved(seat, action)
        if not action.agree:
            self.proposal, self.proposer, self.agreed = None, None, set()
            return
        self.agreed.add(seat)
        if len(self.agreed) == SEATS:
            self._end(proposal)

    def _meld(self, seat: int, action: FreeMeld) -> tuple[int, ...]:
        hand = self.hands[seat]
        for t in action.tiles:
            hand.remove(t)
        tiles = list(action.tiles)
        called: int | None = None
        source: int | None = None
        if action.discard:
            assert self.last_discard is not None
            source = self.last_discard
            called = self.ponds[source].pop()
            self.last_discard = None
            tiles.append(called)
            self.turn = seat
        groups = self.groups[seat]
        if action.group is None:
            groups.append(Meld(GROUP_KIND, tuple(tiles), called, source))
        else:
            old = groups[action.group]
            groups[action.group] = Meld(
                GROUP_KIND,
                old.tiles + tuple(tiles),
                old.called_tile if called is None else called,
                old.from_seat if source is None else source,
            )
        where = action.group if action.group is not None else len(groups) - 1
        self.events.append(FreeMoved(seat=seat, move=action.name, tiles=tuple(tiles), source=where))
        return (seat,)

    def _take(self, seat: int, action: FreeTake) -> tuple[int, ...]:
        if action.source == POND:
            pond = self.ponds[action.index]
            at = len(pond) - 1 - pond[::-1].index(action.tile)
            del pond[at]
            if self.last_discard == action.index and at == len(pond):
                self.last_discard = None
            self.turn = seat
        else:
            groups = self.groups[seat]
            old = groups[action.index]
            rest = list(old.tiles)
            rest.remove(action.tile)
            if rest:
                called = old.called_tile if old.called_tile in rest else None
                groups[action.index] = Meld(
                    GROUP_KIND, tuple(rest), called, old.from_seat if called else None
                )
            else:
                del groups[action.index]
        self.hands[seat].append(action.tile)
        self.last_taken[seat] = action.tile
        self.events.append(
            FreeMoved(seat=seat, move=action.name, tiles=(action.tile,), source=action.index)
        )
        return (seat,)

    def _end(self, action: FreeEndHand) -> None:
        winner = action.winner
        points = tuple(p + d for p, d in zip(self.points, action.deltas, strict=True))
        tile = 0
        if winner is not None:
            # The last tile the winner took, else the last it holds (the check made sure it
            # holds one, in its hand or its groups).
            taken = self.last_taken[winner]
            tile = taken if taken is not None else self._tiles_of(winner)[-1]
            self.events.append(
                FreeplayWon(
                    seat=winner,
                    from_seat=action.from_seat,
                    tile=tile,
                    hand=tuple(self.hands[winner]),
                    total=action.deltas[winner],
                )
            )
        reason = "win" if winner is not None else "draw"
        self.events.append(
            HandEnded(
                reason=reason,
                deltas=action.deltas,
                points=points,
                sticks=0,
                dealer_continues=False,
            )
        )
        self.points = points
        self.phase = Phase.ENDED
        self.rules = {}
        self.proposal, self.proposer, self.agreed = None, None, set()
        self.result = FreeResult(
            reason, winner, action.from_seat, tile, action.deltas, points, action.last
        )

    def _tiles_of(self, seat: int) -> list[int]:
        """The tiles a seat holds: its groups' in order, then its hand's."""
        return [t for g in self.groups[seat] for t in g.tiles] + self.hands[seat]

    def _moved(self, seat: int, action: Action, tiles: tuple[int, ...] = ()) -> None:
        self.events.append(FreeMoved(seat=seat, move=action.name, tiles=tiles))

    def _tidy_shown(self) -> None:
        """A shown tile that left the hand is no longer shown."""
        for s in range(SEATS):
            if not self.shown[s]:
                continue
            have = Counter(self.hands[s])
            kept = []
            for t in self.shown[s]:
                if have[t] > 0:
                    have[t] -= 1
                    kept.append(t)
            self.shown[s] = kept

    def _emit_state(self, changed: tuple[int, ...]) -> None:
        self.events.append(
            FreeState(
                turn=self.turn,
                hand_sizes=self._hand_sizes(),
                melds=self._melds(),
                discards=self._discards(),
                live_remaining=len(self.wall),
                offered_tile=self._offered(),
                table=self.table_public(),
                seats_public=self.seats_public(),
            )
        )
        for s in changed:
            self.events.append(FreeHand(seat=s, tiles=tuple(self.hands[s]), private_to=s))

    # ------------------------------------------------------------------ views
    def _hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(h) for h in self.hands)

    def _melds(self) -> tuple[tuple[Meld, ...], ...]:
        return tuple(tuple(g) for g in self.groups)

    def _discards(self) -> tuple[tuple[tuple[int, bool, bool, int | None], ...], ...]:
        return tuple(tuple((t, False, False, None) for t in pond) for pond in self.ponds)

    def _offered(self) -> int | None:
        if self.last_discard is None:
            return None
        return self.ponds[self.last_discard][-1]

    def table_public(self) -> dict[str, Any]:
        o = self.options
        return {
            "freeplay": True,
            "dealt": self.dealt,
            "dealer": self.dealer,
            "hand_number": self.hand_number,
            "hands": o.hands,
            "hand_size": o.hand_size,
            "tiles": len(self.initial_wall),
            "last_discard": self.last_discard,
            "back_drawn": self.back_drawn,
            "agreement": o.agreement,
            "proposal": self._proposal_public(),
        }

    def _proposal_public(self) -> dict[str, Any] | None:
        """The result waiting for agreement, and the seats that agreed so far (its proposer
        among them)."""
        p = self.proposal
        if p is None:
            return None
        return {
            "seat": self.proposer,
            "winner": p.winner,
            "from_seat": p.from_seat,
            "deltas": list(p.deltas),
            "last": p.last,
            "agreed": sorted(self.agreed),
        }

    def seats_public(self) -> tuple[dict[str, Any], ...]:
        return tuple(
            {
                "revealed": list(self.shown[s]),
                "last_move": self.last_move[s],
                "seat_wind": seat_wind(s, self.dealer),
            }
            for s in range(SEATS)
        )

    def events_for(self, seat: int | None) -> list[Event]:
        out = []
        for e in self.events:
            seen = e.visible_to(seat)
            if seen is not None:
                out.append(seen)
        return out

    def view(self, seat: int | None, *, events: bool = True) -> SeatView:
        rule = self.rules.get(seat) if seat is not None else None
        return SeatView(
            seat=seat,
            phase=str(self.phase),
            turn=self.turn,
            hand=tuple(self.hands[seat]) if seat is not None else (),
            hand_sizes=self._hand_sizes(),
            melds=self._melds(),
            discards=self._discards(),
            points=self.points,
            live_remaining=len(self.wall),
            offered_tile=self._offered(),
            legal_actions=(),
            table=self.table_public(),
            seats_public=self.seats_public(),
            events=tuple(self.events_for(seat)) if events else (),
            own={},
            choice=rule.describe() if rule is not None else None,
        )

    def action_log(self) -> list[list[Any]]:
        """``[seat, action]`` per move, with ``"timeout"`` for the ones a timeout played."""
        return [
            [s, action_to_dict(a)] + (["timeout"] if i in self.timeouts else [])
            for i, (s, a) in enumerate(self.log)
        ]

    def validate(self) -> None:
        """Every tile of the wall is somewhere, once: the wall, a hand, a pond or a group."""
        held = list(self.wall)
        for s in range(SEATS):
            held += self.hands[s] + self.ponds[s]
            held += [t for g in self.groups[s] for t in g.tiles]
        if Counter(held) != Counter(self.initial_wall):
            raise AssertionError("free play lost or made a tile")
