"""One Changsha hand (长沙麻将) on the shared turn kernel.

Build a hand with :func:`new_hand`; play it through ``table.act(seat, action)``; read
``table.result`` (a :class:`ChangshaHandResult`) once ``table.phase == "ended"``.

The hand (``docs/changsha.md``): 108 suited tiles, no dead wall, the dealer takes 14.

1. **Starting-hand wins** (起手胡: 四喜, 板板胡, 缺一色, 六六顺) are found in every dealt hand and
   paid at once by the other three seats (an event shows the hand); then play starts.
2. **Play** from the dealer: chi (from the seat before), pon, kan; a win needs the scorer's
   blessing (:func:`openmahjong.rules.changsha.scoring.score_win`: a small win needs a 2-5-8
   pair); several seats may win one discard. The first win ends the hand.
3. **A kan turns two tiles** from the back of the wall (开杠): the seat keeps the one that wins
   (杠上开花) if either does, and must then win on it or discard it; the other tile is laid among
   its discards (shown to all, claimed by nobody).
4. **Birds** (扎鸟): after a win, ``options.birds`` tiles are turned from the front of the live
   wall; a bird numbered n points at the seat n - 1 places after the dealer (1, 5, 9: the
   dealer). Every bird pointing at the winner or at a payer adds that payment once more.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from openmahjong.rules.changsha.game.events import BirdsTurned, ChangshaWon, KanTurned, StartingWin
from openmahjong.rules.changsha.game.options import ChangshaOptions
from openmahjong.rules.changsha.scoring import (
    STARTING_WINS,
    NotAWin,
    Win,
    score_win,
    starting_wins,
)
from openmahjong.rules.changsha.scoring import (
    waits as winning_kinds,
)
from openmahjong.table.actions import (
    Action,
    Ankan,
    Chi,
    Discard,
    Kakan,
    Minkan,
    Pon,
    Ron,
    Tsumo,
)
from openmahjong.table.claims import ArbitrationMode
from openmahjong.table.events import HandEnded
from openmahjong.table.kernel import Phase, Table
from openmahjong.table.policy import Trigger
from openmahjong.table.scored import ScoredWinPolicy
from openmahjong.table.seat import DiscardRecord, Meld, SeatState
from openmahjong.tiles import kind, number, sort_key, suit

__all__ = [
    "WALL_SIZE",
    "ChangshaSeat",
    "ChangshaWin",
    "ChangshaHandResult",
    "ChangshaPolicy",
    "bird_seat",
    "new_hand",
]

WALL_SIZE = 108


def bird_seat(tile: int, dealer: int) -> int:
    """The seat a bird points at: its number counted round from the dealer (1, 5, 9: the
    dealer; 2, 6: the next seat; 3, 7: across; 4, 8: the seat before)."""
    return (dealer + number(kind(tile)) - 1) % 4


@dataclass
class ChangshaSeat:
    """Changsha's per-seat state (``SeatState.extra``)."""

    #: The starting-hand wins it was paid for.
    starting: tuple[str, ...] = ()
    #: The winner's hand with the winning tile, shown to everybody.
    revealed: tuple[int, ...] = ()

    def validate(self, seat: SeatState) -> None:
        assert all(p in STARTING_WINS for p in self.starting)


@dataclass(frozen=True)
class ChangshaWin:
    seat: int
    #: The discarder (or the robbed kan's declarer); ``None`` for a self-draw.
    from_seat: int | None
    tile: int
    win: Win
    payments: tuple[int, ...]
    robbed_kan: bool = False


@dataclass(frozen=True)
class ChangshaHandResult:
    """``reason``: ``win`` or ``exhaustive``. ``deltas``: every payment of the hand (the
    starting-hand wins included)."""

    reason: str
    deltas: tuple[int, ...]
    points: tuple[int, ...]
    wins: tuple[ChangshaWin, ...]
    birds: tuple[int, ...]
    starting: tuple[tuple[int, tuple[str, ...]], ...]

    @property
    def first_winner(self) -> int | None:
        return self.wins[0].seat if self.wins else None


class ChangshaPolicy(ScoredWinPolicy):
    not_a_win = NotAWin
    seats = 4
    dead_wall = 0
    dealer_extra = True
    final_discard_ron_only = True
    arbitration = ArbitrationMode(multi_win=True)

    def __init__(
        self,
        options: ChangshaOptions,
        *,
        hand_number: int = 1,
        start_points: Sequence[int] = (100, 100, 100, 100),
    ) -> None:
        super().__init__(hand_number=hand_number, start_points=start_points)
        self.options = options
        self.stage = "play"
        self.wins: list[ChangshaWin] = []
        self.birds: tuple[int, ...] = ()
        self.starting: list[tuple[int, tuple[str, ...]]] = []
        #: Any call or kan yet (ends the first go-around for 天胡 and 地胡).
        self.called = False
        #: The seat that must win on or discard the tile its kan turned.
        self.kan_lock: int | None = None
        #: Who made the discard now on offer (地胡: the dealer's first).
        self.last_discarder: int | None = None

    @staticmethod
    def x(table: Table, seat: int) -> ChangshaSeat:
        extra = table.seats[seat].extra
        assert isinstance(extra, ChangshaSeat)
        return extra

    # ------------------------------------------------------------------ scoring
    def score(self, table: Table, seat: int, tile: int, *, how: str) -> Win:
        """Score ``seat`` winning on ``tile``; ``how``: tsumo, ron or rob. Raises NotAWin."""
        st = table.seats[seat]
        dealer = table.dealer
        if how == "tsumo":
            concealed = list(st.hand)
            concealed.remove(tile)
            heaven = seat == dealer and not self.called and not st.discards and not table.rinshan
            return score_win(
                concealed,
                st.melds,
                tile,
                tsumo=True,
                after_kan=table.rinshan,
                last_tile=table.wall.live_remaining == 0 and not table.rinshan,
                heaven=heaven,
            )
        robbing = how == "rob"
        earth = (
            not robbing
            and not self.called
            and self.last_discarder == dealer
            and len(table.seats[dealer].discards) == 1
        )
        return score_win(
            st.hand,
            st.melds,
            tile,
            tsumo=False,
            robbing_kan=robbing,
            last_tile=not robbing and table.wall.live_remaining == 0,
            earth=earth,
        )

    def waits(self, concealed: list[int], melds: list[Meld]) -> Iterable[int]:
        return winning_kinds(concealed, melds)

    # ------------------------------------------------------------------ legality
    def turn_actions(self, table: Table, seat: int) -> list[Action]:
        st = table.seats[seat]
        actions: list[Action] = []
        drawn = table.last_drawn
        if table.drew and drawn is not None and self.try_score(table, seat, drawn, how="tsumo"):
            actions.append(Tsumo())
        if self.kan_lock == seat and drawn is not None:
            actions.append(Discard(drawn))
            return actions
        if table.drew and table.wall.live_remaining >= 2:
            groups: dict[int, list[int]] = {}
            for t in st.hand:
                groups.setdefault(kind(t), []).append(t)
            for k in sorted(groups):
                if len(groups[k]) == 4:
                    a, b, c, d = groups[k]
                    actions.append(Ankan((a, b, c, d)))
            for m in st.melds:
                if m.kind == "pon" and kind(m.tiles[0]) in groups:
                    actions.append(Kakan(groups[kind(m.tiles[0])][0]))
        actions.extend(Discard(t) for t in sorted(set(st.hand), key=sort_key))
        return actions

    def reaction_options(self, table: Table, seat: int, trigger: Trigger) -> list[Action]:
        if trigger.kind == "ankan":
            return []  # only an added kan may be robbed
        tile = trigger.tile
        robbing = trigger.kind == "kakan"
        opts: list[Action] = []
        if self.try_score(table, seat, tile, how="rob" if robbing else "ron") is not None:
            opts.append(Ron())
        if robbing:
            return opts
        hand = table.seats[seat].hand
        k = kind(tile)
        same = [t for t in hand if kind(t) == k]
        if len(same) >= 2:
            opts.append(Pon((same[0], same[1])))
        if len(same) >= 3 and table.wall.live_remaining >= 2:
            opts.append(Minkan((same[0], same[1], same[2])))
        if seat == (trigger.seat + 1) % 4:
            by_kind: dict[int, int] = {}
            for t in hand:
                by_kind.setdefault(kind(t), t)
            n = number(k)
            for a, b in ((-2, -1), (-1, 1), (1, 2)):
                if (
                    n + a >= 1
                    and n + b <= 9
                    and k + a in by_kind
                    and k + b in by_kind
                    and suit(k + a) == suit(k) == suit(k + b)
                ):
                    opts.append(Chi((by_kind[k + a], by_kind[k + b])))
        return opts

    def why_illegal(self, table: Table, seat: int, action: Action) -> str | None:
        locked = table.phase == Phase.TURN and seat == table.turn == self.kan_lock
        if locked and isinstance(action, Discard):
            return "after a kan you must win on the tile it turned or discard it"
        return self.why_not_a_win(table, seat, action)

    # ------------------------------------------------------------------ the start
    def on_start(self, table: Table) -> None:
        self.start_hand(table, ChangshaSeat)

    def after_deal(self, table: Table) -> None:
        """The starting-hand wins, paid before the dealer's first discard."""
        if not self.options.starting_wins:
            return
        unit = self.options.unit
        for seat in range(4):
            hand = table.seats[seat].hand
            patterns = starting_wins(hand)
            if not patterns:
                continue
            each = sum(STARTING_WINS[p] for p in patterns) * unit
            deltas = [-each] * 4
            deltas[seat] = 3 * each
            self.pay(table, deltas)
            self.x(table, seat).starting = patterns
            self.starting.append((seat, patterns))
            table.emit(
                StartingWin(
                    seat=seat,
                    patterns=patterns,
                    hand=tuple(sorted(hand, key=sort_key)),
                    deltas=tuple(deltas),
                )
            )

    # ------------------------------------------------------------------ calls and kans
    def before_discard(self, table: Table, seat: int, action: Discard) -> None:
        self.kan_lock = None
        self.last_discarder = seat

    def after_call(self, table: Table, seat: int, meld: Meld) -> None:
        self.called = True

    def kan_declared(self, table: Table, seat: int, meld: Meld) -> None:
        self.called = True

    def kan_completed(self, table: Table, seat: int, meld: Meld) -> None:
        """开杠: turn the two tiles at the back of the wall; the kernel's replacement draw then
        takes the one kept (the winning one, if either wins; else the first)."""
        live = table.wall.live
        first = live.pop()
        second = live.pop()
        st = table.seats[seat]
        keep, other = first, second
        if not self._wins_on(table, seat, first) and self._wins_on(table, seat, second):
            keep, other = second, first
        live.append(keep)
        st.discards.append(DiscardRecord(other, False))
        self.kan_lock = seat
        table.emit(KanTurned(seat=seat, tiles=(first, second), kept=keep))

    def _wins_on(self, table: Table, seat: int, tile: int) -> bool:
        st = table.seats[seat]
        try:
            score_win(st.hand, st.melds, tile, tsumo=True, after_kan=True)
        except NotAWin:
            return False
        return True

    # ------------------------------------------------------------------ wins
    def _turn_birds(self, table: Table) -> list[int]:
        """The birds' hits per seat (the birds come from the front of the live wall)."""
        wall = table.wall
        self.birds = tuple(wall.live[wall.position : wall.position + self.options.birds])
        seats = tuple(bird_seat(t, table.dealer) for t in self.birds)
        if self.birds:
            table.emit(BirdsTurned(tiles=self.birds, seats=seats))
        hits = [0, 0, 0, 0]
        for s in seats:
            hits[s] += 1
        return hits

    def _record_win(
        self,
        table: Table,
        seat: int,
        tile: int,
        win: Win,
        payers: list[int],
        hits: list[int],
        from_seat: int | None,
        robbed: bool,
    ) -> None:
        payments = [0, 0, 0, 0]
        for p in payers:
            pay = win.value * self.options.unit * (1 + hits[seat] + hits[p])
            payments[p] -= pay
            payments[seat] += pay
        st = table.seats[seat]
        hand = tuple(sorted(st.hand + ([] if from_seat is None else [tile]), key=sort_key))
        self.x(table, seat).revealed = hand
        self.pay(table, payments)
        self.wins.append(ChangshaWin(seat, from_seat, tile, win, tuple(payments), robbed))
        table.emit(
            ChangshaWon(
                seat=seat,
                from_seat=from_seat,
                tile=tile,
                hand=hand,
                total=win.value * self.options.unit,
                patterns=win.patterns,
                value=win.value,
                payments=tuple(payments),
                robbed_kan=robbed,
            )
        )

    def settle_tsumo(self, table: Table, seat: int) -> None:
        tile = table.last_drawn
        assert tile is not None
        win = self.score(table, seat, tile, how="tsumo")
        hits = self._turn_birds(table)
        payers = [s for s in range(4) if s != seat]
        self._record_win(table, seat, tile, win, payers, hits, None, False)
        self._end(table, "win")

    def settle_wins(self, table: Table, trigger: Trigger, winners: list[int]) -> None:
        robbing = trigger.kind == "kakan"
        how = "rob" if robbing else "ron"
        scored = [(s, self.score(table, s, trigger.tile, how=how)) for s in winners]
        if robbing:
            table.rob_kan(trigger)
        hits = self._turn_birds(table)
        for seat, win in scored:
            self._record_win(
                table, seat, trigger.tile, win, [trigger.seat], hits, trigger.seat, robbing
            )
        self._end(table, "win")

    def exhausted(self, table: Table) -> None:
        self._end(table, "exhaustive")

    def _end(self, table: Table, reason: str) -> None:
        points = tuple(s.points for s in table.seats)
        table.emit(
            HandEnded(
                reason=reason,
                deltas=tuple(self.deltas),
                points=points,
                sticks=0,
                dealer_continues=not self.wins or self.wins[0].seat == table.dealer,
            )
        )
        self.stage = "ended"
        table.end(
            ChangshaHandResult(
                reason,
                tuple(self.deltas),
                points,
                tuple(self.wins),
                self.birds,
                tuple(self.starting),
            )
        )

    # ------------------------------------------------------------------ views
    def table_public(self, table: Table) -> dict[str, Any]:
        return {
            "stage": self.stage,
            "hand_number": self.hand_number,
            "dealer": table.dealer,
            "birds": list(self.birds),
            "starting": [[s, list(p)] for s, p in self.starting],
            "wins": [
                {
                    "seat": w.seat,
                    "tile": w.tile,
                    "tsumo": w.from_seat is None,
                    "from_seat": w.from_seat,
                    "patterns": list(w.win.patterns),
                    "value": w.win.value,
                }
                for w in self.wins
            ],
        }

    def seat_public(self, table: Table, seat: int) -> dict[str, Any]:
        x = self.x(table, seat)
        return {"starting": list(x.starting), "revealed": list(x.revealed)}

    def seat_private(self, table: Table, seat: int) -> dict[str, Any]:
        return {"kan_lock": self.kan_lock == seat}


def new_hand(
    options: ChangshaOptions,
    wall: Sequence[int],
    *,
    dealer: int = 0,
    points: Sequence[int] | None = None,
    hand_number: int = 1,
) -> Table:
    """Deal one Changsha hand from a full 108-tile wall (index 0 dealt first)."""
    if len(wall) != WALL_SIZE:
        raise ValueError(f"a Changsha wall has {WALL_SIZE} tiles, not {len(wall)}")
    if any(not 11 <= kind(t) <= 39 or kind(t) % 10 == 0 for t in wall):
        raise ValueError("a Changsha wall holds suited tiles only")
    if points is None:
        points = (options.starting_points,) * 4
    policy = ChangshaPolicy(options, hand_number=hand_number, start_points=points)
    return Table(policy, wall, dealer=dealer, points=tuple(points))
