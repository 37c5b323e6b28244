"""One Qingque hand on the shared turn kernel.

Qingque plays MCR's table (``rules.mcr.game.round``: chow from the left, pung, kongs with a
replacement from the back of the wall, robbing an added kong, no furiten, the nearest claimant
wins) without flowers: 136 tiles, no flower phase (open_mahjong_unity ``QingqueGameState``: "无补花
阶段"). What differs is the scoring (:mod:`openmahjong.rules.qingque.scoring`): a win needs 1 fan
(the bare set {和牌} is worth 0), and a win is paid in base points ``round(fan ** 2)``: by each
other player on a self-draw, three times over by the discarder on a discard win.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from openmahjong.rules.mcr.game.round import McrPolicy, McrWin
from openmahjong.rules.mcr.scoring import NotAWin as McrNotAWin
from openmahjong.rules.qingque.game.options import QingqueOptions
from openmahjong.rules.qingque.scoring import NotAWin, QingqueWin, score_win
from openmahjong.table.events import Won
from openmahjong.table.kernel import Table
from openmahjong.table.seat import seat_wind
from openmahjong.tiles import sort_key

__all__ = ["QingqueWon", "QingquePolicy", "new_hand"]


@dataclass(frozen=True, kw_only=True)
class QingqueWon(Won):
    """A Qingque win: its fans ``(zh, value)`` (only occasional fans carry a value of their own),
    the fan total (the source's table value of the whole set, plus the occasional fans), whether
    that value is the source's own (``exact``) or our estimate, and the base points."""

    fans: tuple[tuple[str, int], ...] = ()
    fan: float = 0.0
    exact: bool = True
    base: int = 0


class QingquePolicy(McrPolicy):
    def score(  # type: ignore[override]
        self, table: Table, seat: int, tile: int, *, self_drawn: bool, robbing: bool = False
    ) -> QingqueWin:
        st = table.seats[seat]
        concealed = list(st.hand) if self_drawn else st.hand + [tile]
        no_calls = all(not s.melds for s in table.seats)
        first_turn = no_calls and all(not s.discards for s in table.seats)
        try:
            return score_win(
                concealed,
                tile,
                [(m.kind, m.tiles) for m in st.melds],
                self_drawn=self_drawn,
                seat_wind=seat_wind(seat, table.dealer),
                kong=self.after_kong if self_drawn else robbing,
                last_tile=table.wall.live_remaining == 0 and not robbing,
                heavenly=self_drawn and first_turn and seat == table.dealer,
                # The source's dihe_possible: only on the dealer's first discard.
                earthly=(
                    not self_drawn
                    and not robbing
                    and no_calls
                    and len(table.seats[table.dealer].discards) == 1
                    and all(not s.discards for s in table.seats if s.index != table.dealer)
                ),
            )
        except NotAWin as e:
            raise McrNotAWin(str(e)) from e

    def try_score(  # type: ignore[override]
        self, table: Table, seat: int, tile: int, *, self_drawn: bool, robbing: bool = False
    ) -> QingqueWin | None:
        try:
            return self.score(table, seat, tile, self_drawn=self_drawn, robbing=robbing)
        except McrNotAWin:
            return None

    def _win(  # type: ignore[override]
        self,
        table: Table,
        seat: int,
        tile: int,
        win: QingqueWin,
        from_seat: int | None,
        robbed: bool,
    ) -> None:
        deltas = list(self.penalties)
        base = win.base_points
        if from_seat is None:
            for s in range(4):
                if s != seat:
                    deltas[s] -= base
                    deltas[seat] += base
        else:
            deltas[from_seat] -= 3 * base
            deltas[seat] += 3 * base
        hand = list(table.seats[seat].hand) + ([] if from_seat is None else [tile])
        table.emit(
            QingqueWon(
                seat=seat,
                from_seat=from_seat,
                tile=tile,
                hand=tuple(sorted(hand, key=sort_key)),
                fans=tuple((f.zh, f.value) for f in win.fans),
                total=base,
                fan=win.fan,
                exact=win.exact,
                base=base,
            )
        )
        self._end(table, "win", deltas, (McrWin(seat, from_seat, tile, win, robbed),))  # type: ignore[arg-type]

    def table_public(self, table: Table) -> dict[str, Any]:
        return {**super().table_public(table), "flowers": False}


def new_hand(
    wall: Sequence[int],
    options: QingqueOptions | None = None,
    *,
    dealer: int = 0,
    prevalent_wind: int = 41,
    hand_number: int = 1,
    points: Sequence[int] = (0, 0, 0, 0),
) -> Table:
    """Deal one Qingque hand from a full 136-tile wall (index 0 dealt first)."""
    if len(wall) != 136:
        raise ValueError(f"a Qingque wall has 136 tiles, not {len(wall)}")
    policy = QingquePolicy(
        options or QingqueOptions(),
        prevalent_wind=prevalent_wind,
        hand_number=hand_number,
        start_points=points,
    )
    return Table(policy, wall, dealer=dealer, points=tuple(points))
