"""One Taiwan 16-tile hand on the shared turn kernel.

Taiwan plays MCR's table (``rules.mcr.game.round``: 144 tiles with eight flowers laid out and
replaced from the back of the wall, chow from the left only, pung and kong from anyone, kongs
replaced from the back, an added kong may be robbed, the nearest of several claimants wins) with
16 tiles a hand (``hand_size``; the dealer takes 17) and its own ends:

* the last ``kept_tiles`` tiles (16) stay at the back of the wall unplayed: the hand is drawn
  when the rest is used up;
* a win is five sets and a pair, scored in tai (:mod:`openmahjong.rules.taiwan.scoring`), with
  no minimum unless ``min_tai`` says so; each payer pays ``base + tai * per_tai``, the dealer's
  tai (莊家 1 + 連莊 2n) added between the dealer and whoever pays the dealer or is paid by them;
* the flower wins: a player who lays out the eighth flower of their own wins 八仙過海 (paid by
  all three); a player holding seven flowers when another lays out the eighth wins 七搶一 (paid
  by that player). Either is offered as the only choice (``Tsumo``) of a special phase;
* the dealer keeps the deal after a win of their own or a drawn hand (``dealer_keeps_on_*``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from openmahjong.rules.mcr.game.round import FlowerRevealed, McrPolicy
from openmahjong.rules.mcr.scoring import NotAWin as McrNotAWin
from openmahjong.rules.taiwan.game.options import TaiwanOptions
from openmahjong.rules.taiwan.scoring import (
    NotAWin,
    Situation,
    TaiwanWin,
    dealer_tai,
    flower_win,
    payments,
    score_win,
)
from openmahjong.table.actions import Action, Tsumo
from openmahjong.table.errors import IllegalAction
from openmahjong.table.events import HandEnded, Won
from openmahjong.table.kernel import Table
from openmahjong.table.seat import seat_wind
from openmahjong.tiles import FLOWERS, is_flower, sort_key

__all__ = [
    "WALL_SIZE",
    "HAND_SIZE",
    "TaiwanWon",
    "TaiwanWinRecord",
    "TaiwanHandResult",
    "TaiwanPolicy",
    "new_hand",
]

WALL_SIZE = 144
HAND_SIZE = 16


@dataclass(frozen=True, kw_only=True)
class TaiwanWon(Won):
    """A Taiwan win: its tai ``(zh, en, tai)`` (the dealer's included when they count for
    anyone), the hand's own tai (``hand_tai``), and what each payer paid (seat, amount)."""

    tai: tuple[tuple[str, str, int], ...] = ()
    hand_tai: int = 0
    dealer_tai: int = 0
    payments: tuple[tuple[int, int], ...] = ()
    robbed_kong: bool = False
    #: ``eight_flowers`` / ``seven_rob_one`` for the flower wins, else empty.
    flower_win: str = ""


@dataclass(frozen=True)
class TaiwanWinRecord:
    seat: int
    #: The discarder, the kong's declarer or the eighth flower's holder; ``None``: all pay.
    from_seat: int | None
    tile: int
    win: TaiwanWin
    payments: tuple[tuple[int, int], ...]
    dealer_tai: int
    robbed_kong: bool = False
    flower_win: str = ""


@dataclass(frozen=True)
class TaiwanHandResult:
    """``reason``: ``win`` or ``exhaustive``; ``deltas`` include false-win penalties."""

    reason: str
    deltas: tuple[int, ...]
    points: tuple[int, ...]
    wins: tuple[TaiwanWinRecord, ...] = ()
    false_wins: tuple[int, ...] = ()
    dealer_continues: bool = False


class TaiwanPolicy(McrPolicy):
    hand_size = HAND_SIZE
    options: TaiwanOptions

    def __init__(
        self,
        options: TaiwanOptions,
        *,
        prevalent_wind: int = 41,
        hand_number: int = 1,
        start_points: Sequence[int] = (0, 0, 0, 0),
        repeats: int = 0,
    ) -> None:
        super().__init__(
            options,
            prevalent_wind=prevalent_wind,
            hand_number=hand_number,
            start_points=start_points,
        )
        #: 連莊: how many hands in a row this dealer has kept the deal.
        self.repeats = repeats
        #: The tiles left unplayed at the back of the wall.
        self.kept: tuple[int, ...] = ()
        #: A flower win waiting for its winner's ``Tsumo``: (winner, payer or None, which).
        self.flower_pending: tuple[int, int | None, str] | None = None

    # ------------------------------------------------------------------ scoring
    def situation(self, table: Table, seat: int, *, self_drawn: bool, robbing: bool) -> Situation:
        no_calls = all(not s.melds for s in table.seats)
        own_discards = len(table.seats[seat].discards)
        return Situation(
            self_drawn=self_drawn,
            seat_wind=seat_wind(seat, table.dealer),
            prevalent_wind=self.prevalent_wind,
            flowers=tuple(self._x(table, seat).flowers),
            replacement=self_drawn and table.rinshan,
            robbing=robbing,
            last_tile=table.wall.live_remaining == 0 and not robbing,
            heavenly=(
                self_drawn
                and seat == table.dealer
                and no_calls
                and all(not s.discards for s in table.seats)
            ),
            earthly=self_drawn and seat != table.dealer and no_calls and own_discards == 0,
            human=(
                not self_drawn
                and not robbing
                and seat != table.dealer
                and no_calls
                and own_discards == 0
            ),
        )

    def score(  # type: ignore[override]
        self, table: Table, seat: int, tile: int, *, self_drawn: bool, robbing: bool = False
    ) -> TaiwanWin:
        st = table.seats[seat]
        concealed = list(st.hand) if self_drawn else st.hand + [tile]
        try:
            win = score_win(
                concealed,
                tile,
                [(m.kind, m.tiles) for m in st.melds],
                self.situation(table, seat, self_drawn=self_drawn, robbing=robbing),
            )
        except NotAWin as e:
            raise McrNotAWin(str(e)) from e
        if win.total < self.options.min_tai:
            raise McrNotAWin(f"{win.total} tai, fewer than the table's {self.options.min_tai}")
        return win

    def try_score(  # type: ignore[override]
        self, table: Table, seat: int, tile: int, *, self_drawn: bool, robbing: bool = False
    ) -> TaiwanWin | None:
        try:
            return self.score(table, seat, tile, self_drawn=self_drawn, robbing=robbing)
        except McrNotAWin:
            return None

    # ------------------------------------------------------------------ the wall and flowers
    def on_start(self, table: Table) -> None:
        super().on_start(table)
        kept = self.options.kept_tiles
        live = table.wall.live
        if kept:
            self.kept = tuple(live[-kept:])
            del live[-kept:]

    def after_deal(self, table: Table) -> None:
        super().after_deal(table)
        self._check_flower_win(table)

    def after_draw(self, table: Table, seat: int, tile: int, rinshan: bool) -> None:
        if not rinshan:
            self.after_kong = False
        if not is_flower(tile):
            return
        table.seats[seat].hand.remove(tile)
        self._x(table, seat).flowers.append(tile)
        table.emit(FlowerRevealed(seat=seat, tile=tile))
        if self._check_flower_win(table):
            return
        if table.wall.live_remaining == 0:
            self.exhausted(table)  # no tile left to replace the flower
        else:
            table.replacement_draw(seat)

    def _check_flower_win(self, table: Table) -> bool:
        """Offer a flower win if the flowers laid out make one."""
        held = [len(self._x(table, s).flowers) for s in range(4)]
        found: tuple[int, int | None, str] | None = None
        for s in range(4):
            if held[s] == len(FLOWERS):
                found = (s, None, "eight_flowers")
            elif held[s] == len(FLOWERS) - 1:
                # The eighth is out: just drawn by another player, or already laid out when
                # this player's seventh came.
                others = [o for o in range(4) if o != s and held[o] == 1]
                if others:
                    found = (s, others[0], "seven_rob_one")
        if found is None:
            return False
        self.flower_pending = found
        table.start_special({found[0]: (Tsumo(),)})
        return True

    def apply_special(self, table: Table, seat: int, action: Action) -> None:
        pending = self.flower_pending
        if pending is None or not isinstance(action, Tsumo) or seat != pending[0]:
            raise IllegalAction(f"{action.name} is not handled by this ruleset")
        winner, payer, which = pending
        self.flower_pending = None
        flowers = self._x(table, winner).flowers
        self._win(table, winner, flowers[-1], flower_win(which), payer, False, which)

    # ------------------------------------------------------------------ settling
    def _win(  # type: ignore[override]
        self,
        table: Table,
        seat: int,
        tile: int,
        win: TaiwanWin,
        from_seat: int | None,
        robbed: bool,
        flower: str = "",
    ) -> None:
        payers = [s for s in range(4) if s != seat] if from_seat is None else [from_seat]
        owed = payments(
            win,
            winner=seat,
            payers=payers,
            dealer=table.dealer,
            repeats=self.repeats,
            base=self.options.base,
            per_tai=self.options.per_tai,
        )
        deltas = list(self.penalties)
        for payer, amount in owed.items():
            deltas[payer] -= amount
            deltas[seat] += amount
        extra = dealer_tai(self.repeats)
        counts_dealer = seat == table.dealer or table.dealer in payers
        listed = [(t.zh, t.en, t.total) for t in win.tai]
        if counts_dealer:
            listed += [(t.zh, t.en, t.total) for t in extra]
        dealer_total = sum(t.total for t in extra)
        hand = list(table.seats[seat].hand)
        if from_seat is not None and not flower:
            hand.append(tile)  # the discard or the robbed kong's tile
        paid = tuple(sorted(owed.items()))
        table.emit(
            TaiwanWon(
                seat=seat,
                from_seat=from_seat,
                tile=tile,
                hand=tuple(sorted(hand, key=sort_key)),
                total=win.total + (dealer_total if counts_dealer else 0),
                tai=tuple(listed),
                hand_tai=win.total,
                dealer_tai=dealer_total,
                payments=paid,
                robbed_kong=robbed,
                flower_win=flower,
            )
        )
        record = TaiwanWinRecord(
            seat, from_seat, tile, win, paid, dealer_total, robbed_kong=robbed, flower_win=flower
        )
        keeps = seat == table.dealer and self.options.dealer_keeps_on_win
        self._finish(table, "win", deltas, (record,), keeps)

    def _finish(
        self,
        table: Table,
        reason: str,
        deltas: Sequence[int],
        wins: tuple[TaiwanWinRecord, ...],
        dealer_continues: bool,
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
                dealer_continues=dealer_continues,
            )
        )
        table.end(
            TaiwanHandResult(
                reason, tuple(deltas), points, wins, tuple(self.false_wins), dealer_continues
            )
        )

    def exhausted(self, table: Table) -> None:
        self._finish(
            table, "exhaustive", list(self.penalties), (), self.options.dealer_keeps_on_draw
        )

    # ------------------------------------------------------------------ views
    def table_public(self, table: Table) -> dict[str, Any]:
        return {
            **super().table_public(table),
            "repeats": self.repeats,
            "kept_tiles": len(self.kept),
            "base": self.options.base,
            "per_tai": self.options.per_tai,
        }


def new_hand(
    wall: Sequence[int],
    options: TaiwanOptions | None = None,
    *,
    dealer: int = 0,
    prevalent_wind: int = 41,
    hand_number: int = 1,
    repeats: int = 0,
    points: Sequence[int] = (0, 0, 0, 0),
) -> Table:
    """Deal one Taiwan hand from a full 144-tile wall (index 0 dealt first: 16 tiles a seat in
    seat order, then the dealer's 17th)."""
    if len(wall) != WALL_SIZE:
        raise ValueError(f"a Taiwan wall has {WALL_SIZE} tiles, not {len(wall)}")
    policy = TaiwanPolicy(
        options or TaiwanOptions(),
        prevalent_wind=prevalent_wind,
        hand_number=hand_number,
        start_points=points,
        repeats=repeats,
    )
    return Table(policy, wall, dealer=dealer, points=tuple(points))
