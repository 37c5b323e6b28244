"""One MCR hand on the shared turn kernel: the Chinese Official rules as a ``RoundPolicy``.

Build a hand with :func:`new_hand`; play it through ``table.act(seat, action)``; read
``table.result`` (a :class:`McrHandResult`) once ``table.phase == "ended"``.

Rules (``docs/mcr-game.md``): 144 tiles with eight flowers; no dead wall, so kong and flower
replacements come from the back of the wall; the dealer takes 14; flowers are laid out and
replaced automatically, at the deal (dealer first, then in turn order, until nobody holds one)
and whenever one is drawn; chow only from the player on the left; pung; kongs (concealed, melded,
added) with a replacement from the back; an added kong may be robbed, a concealed one may not; no
furiten; a win needs 8 fans before flowers; the nearest of several claimants wins (head bump).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from openmahjong.rules.mcr.game.options import McrOptions
from openmahjong.rules.mcr.game.shape import mcr_shanten
from openmahjong.rules.mcr.scoring import BelowMinimum, NotAWin, Win, score_win
from openmahjong.rules.mcr.scoring import Meld as ScoringMeld
from openmahjong.table.actions import Action, Ron, Tsumo
from openmahjong.table.chinese import ChineseTablePolicy
from openmahjong.table.claims import ArbitrationMode
from openmahjong.table.events import Event, HandEnded, Won
from openmahjong.table.kernel import Phase, Table
from openmahjong.table.policy import Trigger
from openmahjong.table.seat import SeatState, seat_wind
from openmahjong.tiles import counts34, is_flower, kind, sort_key

__all__ = [
    "McrSeat",
    "McrPolicy",
    "McrWin",
    "McrHandResult",
    "FlowerRevealed",
    "McrWon",
    "FalseWinPenalised",
    "new_hand",
    "seat_wind",
    "BASE",
]

#: What every other player pays on top of the fan total (the discarder or, on a self-draw,
#: everybody pays fan + 8; the other two pay 8 on a discard win).
BASE = 8

_MODES = {
    # Wins are resolved by the policy (nearest legal claimant first), so the kernel hands it
    # every win claimed on the tile.
    "standard": ArbitrationMode(multi_win=True),
    "tactical": ArbitrationMode(multi_win=True, reask_passers=True),
    "upgrade": ArbitrationMode(multi_win=True, allow_upgrade=True),
}


@dataclass(frozen=True, kw_only=True)
class FlowerRevealed(Event):
    """A flower laid out (public); the replacement that follows is a private ``Drew``."""

    seat: int
    tile: int


@dataclass(frozen=True, kw_only=True)
class McrWon(Won):
    """A win with MCR's fans (``total``: the fans with flowers, what each payer's share adds
    to the base)."""

    fans: tuple[tuple[str, int, int], ...]
    fan_total: int
    flowers: int
    robbed_kong: bool = False


@dataclass(frozen=True, kw_only=True)
class FalseWinPenalised(Event):
    seat: int
    penalty: int
    #: The winning hand declared, shown to everybody.
    hand: tuple[int, ...]


@dataclass
class McrSeat:
    """MCR's per-seat state (kept in ``SeatState.extra``)."""

    flowers: list[int] = field(default_factory=list)

    def validate(self, seat: SeatState) -> None:
        assert all(is_flower(t) for t in self.flowers), "a non-flower among the flowers"
        assert not any(is_flower(t) for t in seat.hand), f"seat {seat.index} holds a flower"


@dataclass(frozen=True)
class McrWin:
    seat: int
    #: The discarder or kong declarer paying fan + 8; ``None`` for a self-draw.
    from_seat: int | None
    tile: int
    win: Win
    robbed_kong: bool = False


@dataclass(frozen=True)
class McrHandResult:
    """``reason``: ``win`` or ``exhaustive``. ``deltas`` include false-win penalties."""

    reason: str
    deltas: tuple[int, ...]
    points: tuple[int, ...]
    wins: tuple[McrWin, ...] = ()
    #: Seats that paid a false-win penalty, in order.
    false_wins: tuple[int, ...] = ()


class McrPolicy(ChineseTablePolicy):
    def __init__(
        self,
        options: McrOptions,
        *,
        prevalent_wind: int = 41,
        hand_number: int = 1,
        start_points: Sequence[int] = (0, 0, 0, 0),
    ) -> None:
        super().__init__(
            prevalent_wind=prevalent_wind, hand_number=hand_number, start_points=start_points
        )
        self.options = options
        self.arbitration = _MODES[options.claim_mode]
        self.penalties = [0, 0, 0, 0]
        self.false_wins: list[int] = []

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _x(table: Table, seat: int) -> McrSeat:
        extra = table.seats[seat].extra
        assert isinstance(extra, McrSeat)
        return extra

    @property
    def declare_freely(self) -> bool:
        return self.options.false_win == "penalty"

    def visible_copies(self, table: Table, tile: int, *, skip_offered: bool = False) -> int:
        """Copies of ``tile``'s kind everybody can see: discards still lying in the rivers and
        exposed melds (a concealed kong is face down)."""
        k = kind(tile)
        n = 0
        for s in table.seats:
            n += sum(1 for d in s.discards if d.claimed_by is None and kind(d.tile) == k)
            n += sum(1 for m in s.melds if m.kind != "ankan" for t in m.tiles if kind(t) == k)
        if skip_offered:
            n -= 1
        return n

    def score(
        self, table: Table, seat: int, tile: int, *, self_drawn: bool, robbing: bool = False
    ) -> Win:
        """Score ``seat`` winning on ``tile``; raises ``NotAWin`` / ``BelowMinimum``."""
        st = table.seats[seat]
        concealed = list(st.hand) if self_drawn else st.hand + [tile]
        if mcr_shanten(counts34(concealed)) != -1:
            raise NotAWin("the tiles make no winning shape")
        on_discard = not self_drawn and not robbing
        fourth = not robbing and self.visible_copies(table, tile, skip_offered=on_discard) == 3
        return score_win(
            concealed,
            tile,
            [ScoringMeld(m.kind, m.tiles) for m in st.melds],
            self_drawn=self_drawn,
            fourth_tile=fourth,
            kong=self.after_kong if self_drawn else robbing,
            last_tile=table.wall.live_remaining == 0 and not robbing,
            seat_wind=seat_wind(seat, table.dealer),
            prevalent_wind=self.prevalent_wind,
            flowers=len(self._x(table, seat).flowers),
        )

    def try_score(
        self, table: Table, seat: int, tile: int, *, self_drawn: bool, robbing: bool = False
    ) -> Win | None:
        try:
            return self.score(table, seat, tile, self_drawn=self_drawn, robbing=robbing)
        except (NotAWin, BelowMinimum):
            return None

    # ------------------------------------------------------------------ the table's hooks
    def may_win(
        self, table: Table, seat: int, tile: int, *, self_drawn: bool, robbing: bool
    ) -> bool:
        """Under ``false_win="penalty"`` a win may always be declared (a false one is fined)."""
        return self.declare_freely or (
            self.try_score(table, seat, tile, self_drawn=self_drawn, robbing=robbing) is not None
        )

    def flowers(self, table: Table, seat: int) -> list[int]:
        return self._x(table, seat).flowers

    def flower_event(self, seat: int, tile: int) -> Event:
        return FlowerRevealed(seat=seat, tile=tile)

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
            except (NotAWin, BelowMinimum) as problem:
                return f"not a legal win: {problem}"
        return None

    # ------------------------------------------------------------------ consequences
    def on_start(self, table: Table) -> None:
        for s in table.seats:
            s.extra = McrSeat()
            s.points = self.start_points[s.index]

    def _penalise(self, table: Table, seat: int, hand: Sequence[int]) -> None:
        fine = self.options.false_win_penalty
        for s in range(4):
            if s != seat:
                self.penalties[s] += fine
                self.penalties[seat] -= fine
        self.false_wins.append(seat)
        table.emit(FalseWinPenalised(seat=seat, penalty=fine * 3, hand=tuple(hand)))

    def _win(
        self,
        table: Table,
        seat: int,
        tile: int,
        win: Win,
        from_seat: int | None,
        robbed: bool,
    ) -> None:
        deltas = list(self.penalties)
        for s in range(4):
            if s == seat:
                continue
            pay = win.total + BASE if from_seat is None or s == from_seat else BASE
            deltas[s] -= pay
            deltas[seat] += pay
        hand = list(table.seats[seat].hand) + ([] if from_seat is None else [tile])
        table.emit(
            McrWon(
                seat=seat,
                from_seat=from_seat,
                tile=tile,
                hand=tuple(sorted(hand, key=sort_key)),
                fans=tuple((e.zh, e.value, e.count) for e in win.fans),
                fan_total=win.fan_total,
                flowers=win.flowers,
                total=win.total,
                robbed_kong=robbed,
            )
        )
        self._end(table, "win", deltas, (McrWin(seat, from_seat, tile, win, robbed),))

    def _end(
        self, table: Table, reason: str, deltas: Sequence[int], wins: tuple[McrWin, ...] = ()
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
        table.end(McrHandResult(reason, tuple(deltas), points, wins, tuple(self.false_wins)))

    def settle_tsumo(self, table: Table, seat: int) -> None:
        tile = table.last_drawn
        assert tile is not None
        win = self.try_score(table, seat, tile, self_drawn=True)
        if win is None:  # only offered this way under false_win="penalty"
            self._penalise(table, seat, table.seats[seat].hand)
            return
        self._win(table, seat, tile, win, None, False)

    def settle_wins(self, table: Table, trigger: Trigger, winners: list[int]) -> None:
        robbing = trigger.kind == "kakan"
        if trigger.kind == "discard":
            # The kernel has marked the discard claimed; score it as it lay when offered.
            table.seats[trigger.seat].discards[-1].claimed_by = None
        chosen: tuple[int, Win] | None = None
        for seat in winners:  # nearest first
            win = self.try_score(table, seat, trigger.tile, self_drawn=False, robbing=robbing)
            if win is None:
                self._penalise(table, seat, table.seats[seat].hand + [trigger.tile])
            elif chosen is None:
                chosen = (seat, win)  # head bump: farther legal claimants lose the tile
        if chosen is None:
            table.continue_unclaimed(trigger)
            return
        seat, win = chosen
        if trigger.kind == "discard":
            table.seats[trigger.seat].discards[-1].claimed_by = seat
        self._win(table, seat, trigger.tile, win, trigger.seat, robbing)

    def exhausted(self, table: Table) -> None:
        self._end(table, "exhaustive", list(self.penalties))

    # ------------------------------------------------------------------ views
    def table_public(self, table: Table) -> dict[str, Any]:
        return {
            "prevalent_wind": self.prevalent_wind,
            "hand_number": self.hand_number,
            "dealer": table.dealer,
            "offer": table.trigger.kind if table.trigger is not None else None,
            "false_win": self.options.false_win,
        }

    def seat_public(self, table: Table, seat: int) -> dict[str, Any]:
        extra = table.seats[seat].extra
        return {
            "flowers": tuple(extra.flowers) if isinstance(extra, McrSeat) else (),
            "seat_wind": seat_wind(seat, table.dealer),
        }


def new_hand(
    wall: Sequence[int],
    options: McrOptions | None = None,
    *,
    dealer: int = 0,
    prevalent_wind: int = 41,
    hand_number: int = 1,
    points: Sequence[int] = (0, 0, 0, 0),
) -> Table:
    """Deal one MCR hand from a full 144-tile wall (index 0 dealt first)."""
    if len(wall) != 144:
        raise ValueError(f"an MCR wall has 144 tiles, not {len(wall)}")
    policy = McrPolicy(
        options or McrOptions(),
        prevalent_wind=prevalent_wind,
        hand_number=hand_number,
        start_points=points,
    )
    return Table(policy, wall, dealer=dealer, points=tuple(points))
