"""A round whose wins are whatever its scorer accepts (Sichuan's, Changsha's): the pieces every
such policy wrote the same way, written once.

The subclass gives :meth:`ScoredWinPolicy.score` (raising its scorer's refusal,
:attr:`ScoredWinPolicy.not_a_win`) and :meth:`ScoredWinPolicy.waits`; it gets the offer check
(:meth:`try_score`: a tile outside the hand's waits is refused before the scorer is asked, and
the waits are kept until the hand changes, since a hand is offered every other seat's discard),
the refusal's reason for ``why_illegal``, the payments' bookkeeping and the hand's start.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar

from openmahjong.table.actions import Action, Ron, Tsumo
from openmahjong.table.events import HandStarted
from openmahjong.table.kernel import Phase, Table
from openmahjong.table.policy import RoundPolicy
from openmahjong.table.seat import Meld
from openmahjong.tiles import EAST, kind

__all__ = ["ScoredWinPolicy"]


class ScoredWinPolicy(RoundPolicy):
    #: The scorer's refusal; its message is the reason a refused win is given.
    not_a_win: ClassVar[type[Exception]]

    def __init__(self, *, hand_number: int, start_points: Sequence[int]) -> None:
        self.hand_number = hand_number
        self.start_points = tuple(start_points)
        #: Every payment of the hand, per seat.
        self.deltas = [0] * len(self.start_points)
        #: Each seat's waits with the hand and melds they were found for.
        self._wait_cache: dict[int, tuple[tuple[Any, ...], frozenset[int]]] = {}

    # ------------------------------------------------------------------ for the subclass
    def score(self, table: Table, seat: int, tile: int, *, how: str) -> Any:
        """Score ``seat`` winning on ``tile``; ``how``: tsumo, ron or rob. Raises
        :attr:`not_a_win`."""
        raise NotImplementedError

    def waits(self, concealed: list[int], melds: list[Meld]) -> Iterable[int]:
        """The kinds that complete a winning shape of ``concealed`` with ``melds``."""
        raise NotImplementedError

    def may_win(self, table: Table, seat: int, tile: int, concealed: list[int]) -> bool:
        """A rule of the ruleset that refuses a win before any shape is looked at (Sichuan's
        void suit); every win may be looked at by default."""
        return True

    # ------------------------------------------------------------------ given
    def try_score(self, table: Table, seat: int, tile: int, *, how: str) -> Any | None:
        """:meth:`score`, or ``None`` when it is no win (most offers are none)."""
        st = table.seats[seat]
        concealed = list(st.hand)
        if how == "tsumo":
            concealed.remove(tile)
        if not self.may_win(table, seat, tile, concealed):
            return None
        if kind(tile) not in self._waits(seat, concealed, st.melds):
            return None
        try:
            return self.score(table, seat, tile, how=how)
        except self.not_a_win:
            return None

    def _waits(self, seat: int, concealed: list[int], melds: list[Meld]) -> frozenset[int]:
        key = (tuple(sorted(concealed)), tuple(melds))
        cached = self._wait_cache.get(seat)
        if cached is None or cached[0] != key:
            cached = self._wait_cache[seat] = (key, frozenset(self.waits(concealed, melds)))
        return cached[1]

    def why_not_a_win(self, table: Table, seat: int, action: Action) -> str | None:
        """The scorer's reason when ``action`` claims a win that is none (for
        ``why_illegal``)."""
        if isinstance(action, Tsumo):
            tile = table.last_drawn
            if not (table.phase == Phase.TURN and seat == table.turn and table.drew):
                return None
            how = "tsumo"
        elif isinstance(action, Ron) and table.phase == Phase.REACTION and table.trigger:
            tile = table.trigger.tile
            how = "rob" if table.trigger.kind == "kakan" else "ron"
        else:
            return None
        if tile is None:
            return None
        try:
            self.score(table, seat, tile, how=how)
        except self.not_a_win as problem:
            return f"not a win: {problem}"
        return None

    def pay(self, table: Table, deltas: Sequence[int]) -> None:
        """Move points between seats, kept in the hand's :attr:`deltas` too."""
        for s, d in enumerate(deltas):
            table.seats[s].points += d
            self.deltas[s] += d

    def start_hand(self, table: Table, seat_state: Callable[[], Any]) -> None:
        """Give every seat its ruleset state and starting points, and announce the hand (one
        wind round: the round wind is East)."""
        for s in table.seats:
            s.extra = seat_state()
            s.points = self.start_points[s.index]
        table.emit(
            HandStarted(
                dealer=table.dealer,
                round_wind=EAST,
                hand_number=self.hand_number,
                points=self.start_points,
            )
        )
