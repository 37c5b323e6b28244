"""One Sichuan Bloody hand on the shared turn kernel (Mahjong Soul's Bloodshed Skirmish).

Build a hand with :func:`new_hand`; play it through ``table.act(seat, action)``; read
``table.result`` (a :class:`SichuanHandResult`) once ``table.phase == "ended"``.

The hand (``docs/sichuan.md``): 108 suited tiles, no dead wall (kan replacements come from the
back of the wall), the dealer takes 14. Stages:

1. **exchange**: every seat chooses three tiles of one suit (a :class:`ExchangeRule`, checked,
   not listed); when all four have chosen they pass at once in the hand's direction;
2. **void**: every seat declares a void suit (listed :class:`DeclareVoid` actions, the timeout
   default first); the voids are revealed together;
3. **play** from the dealer: pon and kan, no chi, no riichi, no furiten; a seat holding a tile
   of its void suit may discard only such tiles; a win needs the scorer's blessing
   (:func:`openmahjong.rules.sichuan.scoring.score_win`); several seats may win one discard;
   winners sit out and play goes on until three have won, the live wall is empty (the
   exhaustive draw's recheck) or a seat's points fall below zero ("bust").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from openmahjong.rules.sichuan.game.actions import SUITS, DeclareVoid, Exchange
from openmahjong.rules.sichuan.game.events import (
    DrawRecheck,
    KanBonus,
    SichuanWon,
    VoidsDeclared,
)
from openmahjong.rules.sichuan.game.options import SichuanOptions
from openmahjong.rules.sichuan.scoring import (
    POINTS,
    NotAWin,
    Win,
    best_win,
    score_win,
)
from openmahjong.rules.sichuan.scoring import (
    waits as winning_kinds,
)
from openmahjong.table.actions import Action, Ankan, Discard, Kakan, Minkan, Pon, Ron, Tsumo
from openmahjong.table.claims import ArbitrationMode
from openmahjong.table.errors import IllegalAction
from openmahjong.table.events import HandEnded
from openmahjong.table.exchange import (
    DIRECTIONS,
    ExchangeRule,
    pass_tiles,
    receiver,
    record_choice,
)
from openmahjong.table.kernel import Phase, Table
from openmahjong.table.policy import Trigger
from openmahjong.table.scored import ScoredWinPolicy
from openmahjong.table.seat import Meld, SeatState
from openmahjong.tiles import kind, sort_key, suit

__all__ = [
    "DIRECTIONS",
    "WALL_SIZE",
    "ExchangeRule",
    "exchange_rule",
    "suggest_one_suit",
    "SichuanSeat",
    "SichuanWin",
    "SichuanHandResult",
    "SichuanPolicy",
    "suit_letter",
    "receiver",
    "default_void",
    "new_hand",
]

WALL_SIZE = 108
# The exchange (its action, rule, directions and pass) is shared with Riichi's Battle of Asura:
# ``openmahjong.table.exchange`` (DIRECTIONS, receiver and ExchangeRule are re-exported here).


def suit_letter(tile: int) -> str:
    return SUITS[suit(tile) - 1]


def _by_suit(hand: Sequence[int]) -> dict[str, list[int]]:
    groups: dict[str, list[int]] = {letter: [] for letter in SUITS}
    for t in sorted(hand, key=sort_key):
        groups[suit_letter(t)].append(t)
    return groups


def default_void(hand: Sequence[int]) -> str:
    """The timeout's void suit: the suit with fewest tiles in the hand, ties to the lowest."""
    groups = _by_suit(hand)
    return min(SUITS, key=lambda letter: (len(groups[letter]), SUITS.index(letter)))


def suggest_one_suit(hand: Sequence[int]) -> tuple[int, int, int]:
    """The timeout's pick: three tiles of the shortest suit holding at least three (ties to the
    lowest suit), the lowest three of it."""
    groups = _by_suit(hand)
    letter = min(
        (s for s in SUITS if len(groups[s]) >= 3),
        key=lambda s: (len(groups[s]), SUITS.index(s)),
    )
    a, b, c = groups[letter][:3]
    return (a, b, c)


def exchange_rule(hand: Sequence[int]) -> ExchangeRule:
    """Sichuan's exchange: three tiles of one suit (the dealer's 14th included)."""
    return ExchangeRule(hand, same_suit=True, suggest=suggest_one_suit)


@dataclass
class SichuanSeat:
    """Sichuan's per-seat state (``SeatState.extra``)."""

    #: The declared void suit (known to the others only once every seat has declared).
    void: str | None = None
    given: tuple[int, ...] = ()
    received: tuple[int, ...] = ()
    #: The seat's win order (1..3) once it has won.
    won: int | None = None
    #: The winner's hand with the winning tile, shown to everybody.
    revealed: tuple[int, ...] = ()
    #: Every kan bonus this seat received and still holds (per-seat deltas), for the refund.
    kan_bonuses: list[tuple[int, ...]] = field(default_factory=list)

    def validate(self, seat: SeatState) -> None:
        assert self.void in (None, *SUITS), f"seat {seat.index} voids {self.void!r}"
        assert (self.won is not None) == seat.out, f"seat {seat.index} out without a win"
        if self.void is not None:
            for m in seat.melds:
                assert suit_letter(m.tiles[0]) != self.void, f"seat {seat.index} melded its void"


@dataclass(frozen=True)
class SichuanWin:
    seat: int
    order: int
    #: The discarder (or the robbed kan's declarer); ``None`` for a self-draw.
    from_seat: int | None
    tile: int
    win: Win
    payments: tuple[int, ...]
    robbed_kan: bool = False


@dataclass(frozen=True)
class SichuanHandResult:
    """``reason``: ``bloody`` (three seats won), ``exhaustive`` or ``bust`` (a seat's points
    are below zero at the end: the match ends). ``deltas``: every payment of the hand."""

    reason: str
    deltas: tuple[int, ...]
    points: tuple[int, ...]
    wins: tuple[SichuanWin, ...]
    direction: str
    voids: tuple[str, ...]

    @property
    def first_winner(self) -> int | None:
        return self.wins[0].seat if self.wins else None

    @property
    def bust(self) -> bool:
        return self.reason == "bust"


class SichuanPolicy(ScoredWinPolicy):
    not_a_win = NotAWin
    seats = 4
    dead_wall = 0
    dealer_extra = True
    final_discard_ron_only = True
    arbitration = ArbitrationMode(multi_win=True)

    def __init__(
        self,
        options: SichuanOptions,
        *,
        direction: str,
        hand_number: int = 1,
        start_points: Sequence[int] = (50000, 50000, 50000, 50000),
    ) -> None:
        if direction not in DIRECTIONS:
            raise ValueError(f"the exchange goes {' / '.join(DIRECTIONS)}, not {direction!r}")
        super().__init__(hand_number=hand_number, start_points=start_points)
        self.options = options
        #: What the scorer is given: the preset's yaku values, cap and points formula.
        self.rules = options.scoring_rules()
        self.direction = direction
        self.stage = "exchange"
        self.exchanged = False
        self.chosen: dict[int, Exchange] = {}
        self.wins: list[SichuanWin] = []
        #: Any meld made yet (ends the first go-around for heaven and earth).
        self.called = False
        #: The discard on offer followed the discarder's kan replacement.
        self.discard_after_kan = False
        #: A bonus paid for the added kan now in its robbing window (cancelled if robbed).
        self.pending_kakan: tuple[int, ...] | None = None

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def x(table: Table, seat: int) -> SichuanSeat:
        extra = table.seats[seat].extra
        assert isinstance(extra, SichuanSeat)
        return extra

    def holds_void(self, table: Table, seat: int) -> bool:
        void = self.x(table, seat).void
        return void is not None and any(suit_letter(t) == void for t in table.seats[seat].hand)

    def _others_in_play(self, table: Table, seat: int) -> list[int]:
        return [s for s in table.in_play() if s != seat]

    def _cap(self, win: Win) -> tuple[int, int]:
        """The han and points under the options' cap."""
        if self.rules.doubling:
            return win.han, win.total  # the fan ladder's cap is the scorer's
        han = min(win.han, self.options.han_cap or win.han)
        return han, POINTS[han]

    def score(self, table: Table, seat: int, tile: int, *, how: str) -> Win:
        """Score ``seat`` winning on ``tile``; ``how``: tsumo, ron or rob. Raises NotAWin."""
        st = table.seats[seat]
        void = self.x(seat=seat, table=table).void
        if how == "tsumo":
            concealed = list(st.hand)
            concealed.remove(tile)
            first = not self.called and not st.discards and not table.rinshan
            return score_win(
                concealed,
                st.melds,
                tile,
                tsumo=True,
                void=void,
                after_kan=table.rinshan,
                last_tile=table.wall.live_remaining == 0,
                heaven=first and seat == table.dealer,
                earth=first and seat != table.dealer,
                rules=self.rules,
            )
        robbing = how == "rob"
        return score_win(
            st.hand,
            st.melds,
            tile,
            tsumo=False,
            void=void,
            kan_deal_in=not robbing and self.discard_after_kan,
            robbing_kan=robbing,
            last_tile=not robbing and table.wall.live_remaining == 0,
            rules=self.rules,
        )

    def may_win(self, table: Table, seat: int, tile: int, concealed: list[int]) -> bool:
        """Not while the hand holds its void suit, nor on a tile of it."""
        void = self.x(table, seat).void
        return void is None or all(suit_letter(t) != void for t in (tile, *concealed))

    def waits(self, concealed: list[int], melds: list[Meld]) -> Iterable[int]:
        return winning_kinds(concealed, melds)

    # ------------------------------------------------------------------ legality
    def turn_actions(self, table: Table, seat: int) -> list[Action]:
        if self.stage != "play":
            return []
        st = table.seats[seat]
        void = self.x(table, seat).void
        actions: list[Action] = []
        drawn = table.last_drawn
        if table.drew and drawn is not None and self.try_score(table, seat, drawn, how="tsumo"):
            actions.append(Tsumo())
        if table.drew and table.wall.live_remaining > 0:
            groups: dict[int, list[int]] = {}
            for t in st.hand:
                groups.setdefault(kind(t), []).append(t)
            for k in sorted(groups):
                if len(groups[k]) == 4 and suit_letter(k) != void:
                    a, b, c, d = groups[k]
                    actions.append(Ankan((a, b, c, d)))
            for m in st.melds:
                if m.kind == "pon" and kind(m.tiles[0]) in groups:
                    actions.append(Kakan(groups[kind(m.tiles[0])][0]))
        voids = [t for t in st.hand if suit_letter(t) == void]
        discardable = voids or st.hand
        actions.extend(Discard(t) for t in sorted(set(discardable), key=sort_key))
        return actions

    def reaction_options(self, table: Table, seat: int, trigger: Trigger) -> list[Action]:
        if self.stage != "play" or trigger.kind == "ankan":
            return []  # only an added kan may be robbed
        tile = trigger.tile
        robbing = trigger.kind == "kakan"
        opts: list[Action] = []
        if self.try_score(table, seat, tile, how="rob" if robbing else "ron") is not None:
            opts.append(Ron())
        if robbing or suit_letter(tile) == self.x(table, seat).void:
            return opts
        same = [t for t in table.seats[seat].hand if kind(t) == kind(tile)]
        if len(same) >= 2:
            opts.append(Pon((same[0], same[1])))
        if len(same) >= 3 and table.wall.live_remaining > 0:
            opts.append(Minkan((same[0], same[1], same[2])))
        return opts

    def why_illegal(self, table: Table, seat: int, action: Action) -> str | None:
        if self.stage == "play" and table.phase == Phase.TURN and seat == table.turn:
            held = isinstance(action, Discard) and action.tile in table.seats[seat].hand
            if held and self.holds_void(table, seat):
                return "while you hold tiles of your void suit, discard one of them first"
        return self.why_not_a_win(table, seat, action)

    # ------------------------------------------------------------------ the exchange and voids
    def on_start(self, table: Table) -> None:
        self.start_hand(table, SichuanSeat)

    def after_deal(self, table: Table) -> None:
        table.start_special({}, rules={s: exchange_rule(table.seats[s].hand) for s in range(4)})

    def apply_special(self, table: Table, seat: int, action: Action) -> None:
        if self.stage == "exchange" and isinstance(action, Exchange):
            if record_choice(self.chosen, seat, action, table.emit):
                self._exchange(table)
            return
        if self.stage == "void" and isinstance(action, DeclareVoid):
            self.x(table, seat).void = action.suit
            if not table.special:
                self._start_play(table)
            return
        raise IllegalAction(f"{action.name} is not part of the {self.stage} stage")

    def _exchange(self, table: Table) -> None:
        hands = [table.seats[s].hand for s in range(4)]
        moved = pass_tiles(hands, self.chosen, self.direction, table.emit)
        for s, (given, received) in enumerate(moved):
            self.x(table, s).given = given
            self.x(table, s).received = received
        # The dealer's "drawn" tile (what a timeout discards) is one it holds after the pass.
        table.last_drawn = table.seats[table.dealer].hand[-1]
        self.exchanged = True
        self.stage = "void"
        asking: dict[int, tuple[Action, ...]] = {}
        for s in range(4):
            first = default_void(table.seats[s].hand)
            order = [first] + [letter for letter in SUITS if letter != first]
            asking[s] = tuple(DeclareVoid(letter) for letter in order)
        table.start_special(asking)

    def _start_play(self, table: Table) -> None:
        table.emit(VoidsDeclared(voids=tuple(str(self.x(table, s).void) for s in range(4))))
        self.stage = "play"
        table.phase = Phase.TURN
        table.turn = table.dealer

    # ------------------------------------------------------------------ kans
    def before_discard(self, table: Table, seat: int, action: Discard) -> None:
        self.discard_after_kan = table.rinshan

    def after_call(self, table: Table, seat: int, meld: Meld) -> None:
        self.called = True

    def kan_declared(self, table: Table, seat: int, meld: Meld) -> None:
        self.called = True
        opts = self.options
        deltas = [0, 0, 0, 0]
        if meld.kind == "minkan":
            assert meld.from_seat is not None
            deltas[meld.from_seat] -= opts.open_kan_bonus
            deltas[seat] += opts.open_kan_bonus
        elif meld.kind == "ankan" or (
            meld.kind == "kakan" and table.drew and meld.tiles[-1] == table.last_drawn
        ):
            each = opts.concealed_kan_bonus if meld.kind == "ankan" else opts.added_kan_bonus
            for s in self._others_in_play(table, seat):
                deltas[s] -= each
                deltas[seat] += each
        if not any(deltas):
            return  # an added kan of a tile held earlier pays nothing
        self.pay(table, deltas)
        self.x(table, seat).kan_bonuses.append(tuple(deltas))
        if meld.kind == "kakan":
            self.pending_kakan = tuple(deltas)
        table.emit(KanBonus(seat=seat, kind=meld.kind, deltas=tuple(deltas)))

    def kan_completed(self, table: Table, seat: int, meld: Meld) -> None:
        self.pending_kakan = None
        self._end_if_bust(table)

    # ------------------------------------------------------------------ wins
    def _record_win(
        self,
        table: Table,
        seat: int,
        tile: int,
        win: Win,
        payments: list[int],
        from_seat: int | None,
        robbed: bool,
    ) -> None:
        han, points = self._cap(win)
        order = len(self.wins) + 1
        st = table.seats[seat]
        hand = tuple(sorted(st.hand + ([] if from_seat is None else [tile]), key=sort_key))
        x = self.x(table, seat)
        x.won = order
        x.revealed = hand
        table.sit_out(seat)
        self.pay(table, payments)
        self.wins.append(SichuanWin(seat, order, from_seat, tile, win, tuple(payments), robbed))
        table.emit(
            SichuanWon(
                seat=seat,
                from_seat=from_seat,
                tile=tile,
                hand=hand,
                total=points,
                yaku=tuple((y.key, y.han, y.kind) for y in win.yaku),
                han=han,
                order=order,
                payments=tuple(payments),
                robbed_kan=robbed,
            )
        )

    def settle_tsumo(self, table: Table, seat: int) -> None:
        tile = table.last_drawn
        assert tile is not None
        win = self.score(table, seat, tile, how="tsumo")
        _, points = self._cap(win)
        payments = [0, 0, 0, 0]
        for s in self._others_in_play(table, seat):
            payments[s] -= points + self.options.tsumo_bonus
            payments[seat] += points + self.options.tsumo_bonus
        self._record_win(table, seat, tile, win, payments, None, False)
        self._go_on(table, seat)

    def settle_wins(self, table: Table, trigger: Trigger, winners: list[int]) -> None:
        robbing = trigger.kind == "kakan"
        if robbing:
            table.rob_kan(trigger)
            if self.pending_kakan is not None:
                back = tuple(-d for d in self.pending_kakan)
                self.pay(table, back)
                self.x(table, trigger.seat).kan_bonuses.remove(self.pending_kakan)
                self.pending_kakan = None
                table.emit(KanBonus(seat=trigger.seat, kind="kakan", deltas=back, cancelled=True))
        scored = [
            (s, self.score(table, s, trigger.tile, how="rob" if robbing else "ron"))
            for s in winners
        ]
        for seat, win in scored:  # nearest first: the win order
            _, points = self._cap(win)
            payments = [0, 0, 0, 0]
            payments[trigger.seat] -= points
            payments[seat] += points
            self._record_win(table, seat, trigger.tile, win, payments, trigger.seat, robbing)
        self._go_on(table, winners[-1])

    def _go_on(self, table: Table, last_winner: int) -> None:
        """After a win: end the hand (bust, three winners) or the next seat in play draws."""
        if self._end_if_bust(table):
            return
        if len(self.wins) >= 3:
            self._end(table, "bloody")
            return
        nxt = table.next_in_play(last_winner)
        assert nxt is not None
        table.draw_for(nxt)

    def _end_if_bust(self, table: Table) -> bool:
        if any(s.points < 0 for s in table.seats):
            self._end(table, "bust")
            return True
        return False

    # ------------------------------------------------------------------ the exhaustive draw
    def exhausted(self, table: Table) -> None:
        playing = table.in_play()
        ready = [True] * 4
        clear = [True] * 4
        value = [0] * 4  # each ready seat's takame points
        for s in playing:
            st = table.seats[s]
            clear[s] = not self.holds_void(table, s)
            best = best_win(st.hand, st.melds, void=self.x(table, s).void, rules=self.rules)
            ready[s] = best is not None and clear[s]
            if best is not None:
                value[s] = self._cap(best)[1]
        floor = self.options.win_points(self.options.void_penalty_han)
        # 查花猪 of the Chengdu rules: the void holder pays the seats that have won too.
        winners = [w.seat for w in self.wins] if self.options.pig_pays_winners else []
        deltas = [0, 0, 0, 0]
        refunds = [0, 0, 0, 0]
        for f in playing:
            if ready[f]:
                continue
            for w in winners if not clear[f] else []:
                deltas[f] -= floor
                deltas[w] += floor
            for r in playing:
                if r == f:
                    continue
                if not clear[f]:
                    pay = max(floor, value[r]) if ready[r] else floor
                elif ready[r]:
                    pay = value[r]
                else:
                    continue
                deltas[f] -= pay
                deltas[r] += pay
            for bonus in self.x(table, f).kan_bonuses:
                for s, d in enumerate(bonus):
                    refunds[s] -= d
        self.pay(table, deltas)
        self.pay(table, refunds)
        table.emit(
            DrawRecheck(
                ready=tuple(ready),
                void_clear=tuple(clear),
                deltas=tuple(deltas),
                refunds=tuple(refunds),
            )
        )
        self._end(table, "bust" if any(s.points < 0 for s in table.seats) else "exhaustive")

    def _end(self, table: Table, reason: str) -> None:
        points = tuple(s.points for s in table.seats)
        table.emit(
            HandEnded(
                reason=reason,
                deltas=tuple(self.deltas),
                points=points,
                sticks=0,
                dealer_continues=not self.wins,
            )
        )
        self.stage = "ended"
        voids = tuple(str(self.x(table, s).void) for s in range(4))
        table.end(
            SichuanHandResult(
                reason, tuple(self.deltas), points, tuple(self.wins), self.direction, voids
            )
        )

    # ------------------------------------------------------------------ views
    def table_public(self, table: Table) -> dict[str, Any]:
        return {
            "stage": self.stage,
            "exchange_direction": self.direction if self.exchanged else None,
            "hand_number": self.hand_number,
            "dealer": table.dealer,
            "wins": [
                {
                    "seat": w.seat,
                    "order": w.order,
                    "tile": w.tile,
                    "tsumo": w.from_seat is None,
                    "from_seat": w.from_seat,
                    "han": self._cap(w.win)[0],
                    "points": self._cap(w.win)[1],
                }
                for w in self.wins
            ],
        }

    def seat_public(self, table: Table, seat: int) -> dict[str, Any]:
        x = self.x(table, seat)
        if self.stage == "exchange":
            chosen = seat in self.chosen
        elif self.stage == "void":
            chosen = x.void is not None
        else:
            chosen = False
        return {
            "void": x.void if self.stage in ("play", "ended") else None,
            "won": x.won,
            "revealed": list(x.revealed),
            "chosen": chosen,
        }

    def seat_private(self, table: Table, seat: int) -> dict[str, Any]:
        x = self.x(table, seat)
        return {"void": x.void, "given": list(x.given), "received": list(x.received)}


def new_hand(
    options: SichuanOptions,
    wall: Sequence[int],
    *,
    dealer: int = 0,
    points: Sequence[int] | None = None,
    hand_number: int = 1,
    direction: str = "counterclockwise",
) -> Table:
    """Deal one Sichuan hand from a full 108-tile wall (index 0 dealt first). ``direction``:
    where the exchanged tiles go (the match draws it from the hand seed)."""
    if len(wall) != WALL_SIZE:
        raise ValueError(f"a Sichuan wall has {WALL_SIZE} tiles, not {len(wall)}")
    if any(not 11 <= kind(t) <= 39 or kind(t) % 10 == 0 for t in wall):
        raise ValueError("a Sichuan wall holds suited tiles only")
    if points is None:
        points = (options.starting_points,) * 4
    policy = SichuanPolicy(
        options, direction=direction, hand_number=hand_number, start_points=points
    )
    return Table(policy, wall, dealer=dealer, points=tuple(points))
