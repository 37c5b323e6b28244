"""One hand of a declared ruleset on the shared turn kernel: :class:`DeclaredPolicy`.

The standard flow the platform guide (§9.4) calls reusable, parametrised by a
:class:`~openmahjong.rules.declarative.declaration.Declaration`: no dead wall (kong and flower
replacements come from the back of the wall); the dealer takes 14; flowers (when the tiles have
them) are laid out and replaced at the deal and whenever drawn; the next seat may chow a
discard (unless the declaration says no chows), anyone may pung or make an open kong; kongs on
one's turn (concealed, or added to a pung; an added kong may be robbed); a win on one's own
draw or on a discard whenever the declaration scores it as one; the nearest of several
claimants wins; the hand ends at the first win or when the wall is empty (exhaustive draw, no
payments).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from openmahjong.rules.declarative.declaration import Declaration, NotAWin, ScoredWin, score_win
from openmahjong.rules.declarative.hand import winning_shapes
from openmahjong.table.actions import Action, Ron, Tsumo
from openmahjong.table.chinese import ChineseTablePolicy
from openmahjong.table.claims import ArbitrationMode
from openmahjong.table.events import Event, HandEnded, Won
from openmahjong.table.kernel import Phase, Table
from openmahjong.table.policy import Trigger
from openmahjong.table.seat import Meld, SeatState, seat_wind
from openmahjong.tiles import is_flower, kind, sort_key

__all__ = [
    "DeclaredSeat",
    "DeclaredWin",
    "DeclaredHandResult",
    "DeclaredWon",
    "FlowerLaidOut",
    "DeclaredPolicy",
    "new_hand",
]


@dataclass(frozen=True, kw_only=True)
class FlowerLaidOut(Event):
    """A flower laid out (public); its replacement is a private ``Drew``."""

    seat: int
    tile: int


@dataclass(frozen=True, kw_only=True)
class DeclaredWon(Won):
    """A win of a declared ruleset: ``patterns`` as ``(key, points, times)``, ``points`` the
    hand's value (capped), ``payments`` each seat's change; ``ruleset`` names the declaration
    (the client words a pattern with its message ``<ruleset>.pattern.<key>``)."""

    wire_type = "Won"

    ruleset: str = ""
    patterns: tuple[tuple[str, int, int], ...] = ()
    points: int = 0
    payments: tuple[int, ...] = ()
    robbed_kong: bool = False


@dataclass
class DeclaredSeat:
    """Per-seat state (``SeatState.extra``): the flowers laid out."""

    flowers: list[int] = field(default_factory=list)

    def validate(self, seat: SeatState) -> None:
        assert all(is_flower(t) for t in self.flowers), "a non-flower among the flowers"
        assert not any(is_flower(t) for t in seat.hand), f"seat {seat.index} holds a flower"


@dataclass(frozen=True)
class DeclaredWin:
    seat: int
    #: The discarder (or the robbed kong's declarer); ``None`` for a self-draw.
    from_seat: int | None
    tile: int
    win: ScoredWin
    payments: tuple[int, ...]
    robbed_kong: bool = False


@dataclass(frozen=True)
class DeclaredHandResult:
    """``reason``: ``win`` or ``exhaustive``."""

    reason: str
    deltas: tuple[int, ...]
    points: tuple[int, ...]
    wins: tuple[DeclaredWin, ...] = ()

    @property
    def winner(self) -> int | None:
        return self.wins[0].seat if self.wins else None


class DeclaredPolicy(ChineseTablePolicy):
    # Wins are resolved here (nearest legal claimant first): the kernel hands over every one.
    arbitration = ArbitrationMode(multi_win=True)

    def __init__(
        self,
        declaration: Declaration,
        *,
        prevalent_wind: int = 41,
        hand_number: int = 1,
        start_points: Sequence[int] = (0, 0, 0, 0),
    ) -> None:
        super().__init__(
            prevalent_wind=prevalent_wind, hand_number=hand_number, start_points=start_points
        )
        self.declaration = declaration
        self.chows_allowed = declaration.chow
        #: Any call or kong made this hand (ends the first go-around).
        self.called = False
        self._waits: dict[int, tuple[tuple[int, ...], frozenset[int]]] = {}

    # ------------------------------------------------------------------ scoring
    @staticmethod
    def x(table: Table, seat: int) -> DeclaredSeat:
        extra = table.seats[seat].extra
        assert isinstance(extra, DeclaredSeat)
        return extra

    def _shape_waits(self, table: Table, seat: int, hand: Sequence[int]) -> frozenset[int]:
        """The kinds that give ``hand`` (13 - 3 x melds tiles) a winning shape, cached."""
        key = tuple(sorted(kind(t) for t in hand))
        cached = self._waits.get(seat)
        if cached is None or cached[0] != key:
            d = self.declaration
            melds = len(table.seats[seat].melds)
            found = frozenset(
                k
                for k in d.tiles.kinds
                if key.count(k) < 4
                and winning_shapes(
                    [*key, k], melds, d.forms, four_in_seven_pairs=d.four_in_seven_pairs
                )
            )
            cached = self._waits[seat] = (key, found)
        return cached[1]

    def score(
        self, table: Table, seat: int, tile: int, *, self_drawn: bool, robbing: bool = False
    ) -> ScoredWin:
        """Score ``seat`` winning on ``tile``; raises ``NotAWin`` (or ``BelowMinimum``)."""
        st = table.seats[seat]
        concealed = list(st.hand) if self_drawn else [*st.hand, tile]
        dealer = table.dealer
        no_calls = not self.called and all(not s.melds for s in table.seats)
        heavenly = self_drawn and seat == dealer and no_calls and not table.seats[dealer].discards
        earthly = (
            seat != dealer
            and no_calls
            and not st.discards
            and (
                self_drawn
                or (
                    not robbing
                    and len(table.seats[dealer].discards) == 1
                    and all(not s.discards for s in table.seats if s.index != dealer)
                )
            )
        )
        return score_win(
            self.declaration,
            concealed,
            [(m.kind, m.tiles) for m in st.melds],
            tile,
            self_drawn=self_drawn,
            robbing_kong=robbing,
            after_kong=self_drawn and self.after_kong,
            last_tile=table.wall.live_remaining == 0 and not robbing and not self.after_kong,
            heavenly=heavenly,
            earthly=earthly,
            seat_wind=seat_wind(seat, dealer),
            prevalent_wind=self.prevalent_wind,
            is_dealer=seat == dealer,
            flowers=tuple(self.x(table, seat).flowers),
        )

    def try_score(
        self, table: Table, seat: int, tile: int, *, self_drawn: bool, robbing: bool = False
    ) -> ScoredWin | None:
        hand = list(table.seats[seat].hand)
        if self_drawn:
            hand.remove(tile)
        if kind(tile) not in self._shape_waits(table, seat, hand):
            return None
        try:
            return self.score(table, seat, tile, self_drawn=self_drawn, robbing=robbing)
        except NotAWin:
            return None

    # ------------------------------------------------------------------ the table's hooks
    def may_win(
        self, table: Table, seat: int, tile: int, *, self_drawn: bool, robbing: bool
    ) -> bool:
        return self.try_score(table, seat, tile, self_drawn=self_drawn, robbing=robbing) is not None

    def flowers(self, table: Table, seat: int) -> list[int]:
        return self.x(table, seat).flowers

    def flower_event(self, seat: int, tile: int) -> Event:
        return FlowerLaidOut(seat=seat, tile=tile)

    # ------------------------------------------------------------------ legality
    def why_illegal(self, table: Table, seat: int, action: Action) -> str | None:
        not_chow = self.why_not_chow(table, seat, action)
        if not_chow is not None:
            return not_chow
        if isinstance(action, Tsumo | Ron):
            if isinstance(action, Tsumo):
                if table.phase != Phase.TURN or seat != table.turn or not table.drew:
                    return None
                tile, self_drawn, robbing = table.last_drawn, True, False
            else:
                if table.phase != Phase.REACTION or table.trigger is None:
                    return None
                tile, self_drawn = table.trigger.tile, False
                robbing = table.trigger.kind == "kakan"
            if tile is None:
                return None
            try:
                self.score(table, seat, tile, self_drawn=self_drawn, robbing=robbing)
            except NotAWin as problem:
                return f"not a legal win: {problem}"
        return None

    # ------------------------------------------------------------------ consequences
    def on_start(self, table: Table) -> None:
        for s in table.seats:
            s.extra = DeclaredSeat()
            s.points = self.start_points[s.index]

    def after_call(self, table: Table, seat: int, meld: Meld) -> None:
        super().after_call(table, seat, meld)
        self.called = True

    def kan_declared(self, table: Table, seat: int, meld: Meld) -> None:
        self.called = True

    def settle_tsumo(self, table: Table, seat: int) -> None:
        tile = table.last_drawn
        assert tile is not None
        win = self.score(table, seat, tile, self_drawn=True)
        self._win(table, seat, tile, win, None, False)

    def settle_wins(self, table: Table, trigger: Trigger, winners: list[int]) -> None:
        robbing = trigger.kind == "kakan"
        if trigger.kind == "discard":
            # The kernel has marked the discard claimed; score it as it lay when offered.
            table.seats[trigger.seat].discards[-1].claimed_by = None
        seat = winners[0]  # the nearest claimant (head bump); every win offered is legal
        win = self.score(table, seat, trigger.tile, self_drawn=False, robbing=robbing)
        if trigger.kind == "discard":
            table.seats[trigger.seat].discards[-1].claimed_by = seat
        if robbing:
            table.rob_kan(trigger)
        self._win(table, seat, trigger.tile, win, trigger.seat, robbing)

    def _win(
        self,
        table: Table,
        seat: int,
        tile: int,
        win: ScoredWin,
        from_seat: int | None,
        robbed: bool,
    ) -> None:
        deltas = self.declaration.payment.deltas(table.n, seat, win.points, from_seat)
        hand = list(table.seats[seat].hand) + ([] if from_seat is None else [tile])
        table.emit(
            DeclaredWon(
                seat=seat,
                from_seat=from_seat,
                tile=tile,
                hand=tuple(sorted(hand, key=sort_key)),
                total=win.points,
                ruleset=self.declaration.name,
                points=win.points,
                patterns=tuple((c.key, c.points, c.times) for c in win.patterns),
                payments=tuple(deltas),
                robbed_kong=robbed,
            )
        )
        self._end(
            table, "win", deltas, (DeclaredWin(seat, from_seat, tile, win, tuple(deltas), robbed),)
        )

    def _end(
        self, table: Table, reason: str, deltas: Sequence[int], wins: tuple[DeclaredWin, ...] = ()
    ) -> None:
        points = tuple(s.points + d for s, d in zip(table.seats, deltas, strict=True))
        for s, p in zip(table.seats, points, strict=True):
            s.points = p
        table.emit(
            HandEnded(
                reason=reason,
                deltas=tuple(deltas),
                points=points,
                sticks=0,
                dealer_continues=False,
            )
        )
        table.end(DeclaredHandResult(reason, tuple(deltas), points, wins))

    def exhausted(self, table: Table) -> None:
        self._end(table, "exhaustive", [0] * table.n)

    # ------------------------------------------------------------------ views
    def table_public(self, table: Table) -> dict[str, Any]:
        return {
            "prevalent_wind": self.prevalent_wind,
            "hand_number": self.hand_number,
            "dealer": table.dealer,
            "offer": table.trigger.kind if table.trigger is not None else None,
            "flowers": self.declaration.tiles.flowers,
        }

    def seat_public(self, table: Table, seat: int) -> dict[str, Any]:
        extra = table.seats[seat].extra
        return {
            "flowers": tuple(extra.flowers) if isinstance(extra, DeclaredSeat) else (),
            "seat_wind": seat_wind(seat, table.dealer),
        }


def new_hand(
    declaration: Declaration,
    wall: Sequence[int],
    *,
    dealer: int = 0,
    prevalent_wind: int = 41,
    hand_number: int = 1,
    points: Sequence[int] = (0, 0, 0, 0),
) -> Table:
    """Deal one hand of ``declaration`` from a full wall (index 0 dealt first: 13 tiles per
    seat in seat order, the dealer's 14th, then the live wall; replacements from the back)."""
    size = declaration.tiles.size
    if len(wall) != size:
        raise ValueError(f"a {declaration.name} wall has {size} tiles, not {len(wall)}")
    policy = DeclaredPolicy(
        declaration, prevalent_wind=prevalent_wind, hand_number=hand_number, start_points=points
    )
    return Table(policy, wall, dealer=dealer, points=tuple(points))
