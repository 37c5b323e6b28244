"""Battle of Asura (Mahjong Soul's 修羅の戦): a Riichi hand with an exchange and bloody play.

The Riichi hand of :class:`~openmahjong.rules.riichi.game.round.RiichiPolicy`, changed where
the room differs (``docs/riichi-asura.md`` gives the sources and the choices):

1. **exchange**: after the deal every seat chooses any three tiles of its hand (the shared
   :mod:`openmahjong.table.exchange`); when all four have chosen they pass at once in the
   hand's direction (clockwise, counter-clockwise or across, drawn from the hand seed);
2. **play** as in Riichi, except that a win does not end the hand: each win is paid at once
   (the riichi sticks on the table go to it; a later winner's tsumo is not paid by seats that
   have already won), the winner sits out with its hand face down, and the next seat still
   playing draws. The hand ends when three seats have won, a seat's points are below zero,
   a win gives first place the requirement in the extension (sudden death), or the wall
   runs out: then only the seats still playing settle tenpai (1,000 from each seat not ready
   to each ready one) and the winners' hands are shown.

No dealer repeat and no honba: the match (``match.py``) moves on after every hand but an
abortive draw, which plays the same hand again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from openmahjong.hand.shanten import shanten_counts
from openmahjong.rules.riichi.game.events import RiichiWon
from openmahjong.rules.riichi.game.options import GameOptions
from openmahjong.rules.riichi.game.round import WINDS, RiichiPolicy, WinResult
from openmahjong.rules.riichi.scoring import Win
from openmahjong.table.actions import Action
from openmahjong.table.events import Event, Revealed
from openmahjong.table.exchange import (
    DIRECTIONS,
    Exchange,
    ExchangeRule,
    pass_tiles,
    record_choice,
)
from openmahjong.table.kernel import Phase, Table
from openmahjong.table.policy import Trigger
from openmahjong.tiles import counts34, index34, is_terminal_or_honor, kind, sort_key

__all__ = [
    "AsuraPolicy",
    "AsuraWon",
    "WinnerRevealed",
    "ASURA_EVENTS",
    "asura_policy",
    "suggest_exchange",
    "NOTEN_PAYMENT",
]

#: What each seat not ready pays each ready seat at the exhaustive draw once a seat has won.
NOTEN_PAYMENT = 1000


@dataclass(frozen=True, kw_only=True)
class AsuraWon(RiichiWon):
    """A win of an Asura hand, private to the winner until the hand ends: the others see who
    won, off whom, on which tile and what it paid (``hidden``), not the hand or its yaku.
    ``order``: 1 for the hand's first winner."""

    order: int
    hidden: bool = False

    def redacted(self) -> Event:
        return replace(
            self,
            hand=(),
            yaku=(),
            han=0,
            fu=0,
            yakuman=0,
            limit=None,
            ura_indicators=(),
            basic_points=0,
            hidden=True,
            private_to=None,
        )


@dataclass(frozen=True, kw_only=True)
class WinnerRevealed(Event):
    """A winner's hand shown to everybody once the hand is over (three winners, the wall ran
    out, or it ended early)."""

    seat: int
    order: int
    hand: tuple[int, ...]
    han: int
    fu: int
    yaku: tuple[Any, ...]
    ura_indicators: tuple[int, ...]
    total: int


#: Asura's events beyond Riichi's (listed by the ruleset).
ASURA_EVENTS: tuple[type[Event], ...] = (AsuraWon, WinnerRevealed)


def _isolation(tile: int, counts: list[int]) -> tuple[int, int, int]:
    """How little a tile is worth keeping, lower first: single honors, then single terminals,
    then tiles with fewer neighbours; red fives last."""
    i = index34(tile)
    k = kind(tile)
    if k >= 40:
        return (0 if counts[i] == 1 else 3, counts[i], 0)
    n = k % 10
    near = sum(counts[i + d] for d in (-2, -1, 1, 2) if 1 <= n + d <= 9)
    red = 1 if tile > 100 else 0
    return (1 if n in (1, 9) and counts[i] == 1 and near == 0 else 2, near + 2 * counts[i], red)


def suggest_exchange(
    hand: Sequence[int], keep: frozenset[int] = frozenset()
) -> tuple[int, int, int]:
    """Three tiles that cost the hand least: removed one at a time, each the tile whose loss
    leaves the lowest shanten, ties to tiles not in ``keep`` (dense indices: the bot's dora)
    and not red, then to the most isolated (single honors, single terminals, fewest
    neighbours), then the lowest code. The timeout's pick and the Riichi bot's exchange."""
    rest = sorted(hand, key=sort_key)
    picked: list[int] = []
    for _ in range(3):
        counts = counts34(rest)
        best: tuple[int, bool, tuple[int, int, int], Any, int] | None = None
        for t in sorted(set(rest), key=sort_key):
            i = index34(t)
            isolation = _isolation(t, counts)
            counts[i] -= 1
            valued = i in keep or t > 100
            key = (shanten_counts(counts), valued, isolation, sort_key(t), t)
            counts[i] += 1
            if best is None or key < best:
                best = key
        assert best is not None
        picked.append(best[-1])
        rest.remove(best[-1])
    a, b, c = picked
    return (a, b, c)


def exchange_rule(hand: Sequence[int]) -> ExchangeRule:
    """Asura's exchange: any three tiles of the hand."""
    return ExchangeRule(hand, same_suit=False, suggest=suggest_exchange)


class AsuraPolicy(RiichiPolicy):
    def __init__(
        self,
        options: GameOptions,
        *,
        direction: str | None,
        sudden_death: int | None = None,
        round_wind: int = 41,
        hand_number: int = 1,
        honba: int = 0,
        sticks: int = 0,
        points: Sequence[int] = (25000, 25000, 25000, 25000),
    ) -> None:
        if direction is None:
            raise ValueError("a Battle of Asura hand needs its exchange direction")
        if direction not in DIRECTIONS:
            raise ValueError(f"the exchange goes {' / '.join(DIRECTIONS)}, not {direction!r}")
        super().__init__(
            options,
            round_wind=round_wind,
            hand_number=hand_number,
            honba=honba,
            sticks=sticks,
            points=points,
        )
        self.direction = direction
        #: In the extension: the points at which a win ends the hand (and the match) at once.
        self.sudden_death = sudden_death
        self.stage = "exchange"
        self.exchanged = False
        self.chosen: dict[int, Exchange] = {}
        self.given: list[tuple[int, ...]] = [(), (), (), ()]
        self.received: list[tuple[int, ...]] = [(), (), (), ()]
        self.wins: list[WinResult] = []
        #: Per win (in order): the winner's hand with the winning tile, and the ura it saw.
        self._hands: list[tuple[int, ...]] = []
        self._ura: list[tuple[int, ...]] = []
        #: Per win: what the winner gained (after tsumo loss, with the sticks it took).
        self._gains: list[int] = []
        self.revealed = False

    # ------------------------------------------------------------------ the exchange
    def after_deal(self, table: Table) -> None:
        table.start_special({}, rules={s: exchange_rule(table.seats[s].hand) for s in range(4)})

    def apply_special(self, table: Table, seat: int, action: Action) -> None:
        if self.stage == "exchange" and isinstance(action, Exchange):
            if record_choice(self.chosen, seat, action, table.emit):
                self._exchange(table)
            return
        super().apply_special(table, seat, action)

    def _exchange(self, table: Table) -> None:
        hands = [table.seats[s].hand for s in range(4)]
        moved = pass_tiles(hands, self.chosen, self.direction, table.emit)
        for s, (given, received) in enumerate(moved):
            self.given[s] = given
            self.received[s] = received
        self._waits_cache.clear()
        self._public = None
        self.exchanged = True
        self.stage = "play"
        # The dealer's "drawn" tile (what a timeout discards) is one it holds after the pass.
        table.last_drawn = table.seats[table.dealer].hand[-1]
        table.phase = Phase.TURN
        table.turn = table.dealer
        table.drew = True

    # ------------------------------------------------------------------ wins
    def _pay_win(
        self,
        table: Table,
        seat: int,
        from_seat: int | None,
        tile: int,
        win: Win,
        *,
        robbed: bool = False,
        honba: int = 0,
        sticks: int = 0,
    ) -> None:
        """Pay one win: a seat that has already won pays nothing (its share of a tsumo is
        lost to the winner: "tsumo loss"); the winner then sits out, its hand face down."""
        payments = [0, 0, 0, 0]
        for wind, delta in win.payments.items():
            payments[(table.dealer + WINDS.index(wind)) % 4] = delta
        for s in range(4):
            if s != seat and table.seats[s].out:
                payments[seat] += payments[s]  # the share it would have paid, never paid
                payments[s] = 0
        for s in range(4):
            table.seats[s].points += payments[s]
        st = table.seats[seat]
        hand = tuple(st.hand) if from_seat is None else tuple(st.hand) + (tile,)
        ura = tuple(self.ura_indicators(table)) if st.extra.riichi else ()
        order = len(self.wins) + 1
        table.emit(
            AsuraWon(
                seat=seat,
                from_seat=from_seat,
                tile=tile,
                hand=hand,
                han=win.han,
                fu=win.fu,
                yaku=tuple(win.yaku),
                yakuman=win.yakuman,
                limit=win.limit,
                total=win.total,
                ura_indicators=ura,
                basic_points=win.basic_points,
                honba=honba,
                sticks=sticks,
                honba_points=300 * honba,
                stick_points=1000 * sticks,
                payments=tuple(payments),
                order=order,
                private_to=seat,
            )
        )
        self.wins.append(WinResult(seat, from_seat, tile, win, robbed))
        self._hands.append(tuple(sorted(hand, key=sort_key)))
        self._ura.append(ura)
        self._gains.append(payments[seat])
        table.sit_out(seat)
        self._public = None
        # A win ends the first go-around, as a call does (no nine terminals or four winds
        # after it); the others' ippatsu stands.
        self.state.uninterrupted = False

    def settle_tsumo(self, table: Table, seat: int) -> None:
        tile = self._drawn(table)
        honba, sticks = self.state.honba, self.state.sticks
        win = self._score(table, seat, tile, tsumo=True, honba=honba, sticks=sticks)
        assert win is not None
        self.state.sticks = 0
        self._pay_win(table, seat, None, tile, win, honba=honba, sticks=sticks)
        self._go_on(table, seat)

    def settle_wins(self, table: Table, trigger: Trigger, winners: list[int]) -> None:
        self.state.riichi_declared = None  # a riichi discard that deals in is not accepted
        robbed = trigger.kind != "discard"
        scored = []
        for i, seat in enumerate(winners):  # nearest the discarder first: the win order
            first = i == 0  # it takes the sticks on the table (and honba)
            honba = self.state.honba if first else 0
            sticks = self.state.sticks if first else 0
            win = self._score(
                table, seat, trigger.tile, tsumo=False, trigger=trigger, honba=honba, sticks=sticks
            )
            assert win is not None
            scored.append((seat, win, honba, sticks))
        self.state.sticks = 0
        if trigger.kind == "kakan":
            table.rob_kan(trigger)  # play goes on: the robbed kan is a pon again
        for seat, win, honba, sticks in scored:
            self._pay_win(
                table,
                seat,
                trigger.seat,
                trigger.tile,
                win,
                robbed=robbed,
                honba=honba,
                sticks=sticks,
            )
        self._go_on(table, winners[-1])

    def _go_on(self, table: Table, last_winner: int) -> None:
        """After a win: end the hand, or the next seat still playing draws."""
        points = [s.points for s in table.seats]
        if min(points) < 0 or len(self.wins) >= 3:
            self._end(table, "win", dealer_continues=False, wins=tuple(self.wins))
            return
        if self.sudden_death is not None and max(points) >= self.sudden_death:
            self._end(table, "win", dealer_continues=False, wins=tuple(self.wins))
            return
        nxt = table.next_in_play(last_winner)
        assert nxt is not None
        table.draw_for(nxt)

    def after_window(self, table: Table, trigger: Trigger) -> None:
        # Abortive draws (four riichi, four winds, four kans) only before the first win.
        if not self.wins:
            super().after_window(table, trigger)
        else:
            self._accept_riichi(table)

    # ------------------------------------------------------------------ the exhaustive draw
    def tenpai(self, table: Table, seat: int) -> bool:
        # A seat that has won sits out: it is not in the exhaustive draw (Riichi's
        # ``exhausted`` then asks only the seats still playing, and marks the rest not ready).
        return not table.seats[seat].out and super().tenpai(table, seat)

    def _finish_exhaustive(self, table: Table) -> None:
        if not self.wins:
            super()._finish_exhaustive(table)
            return
        playing = table.in_play()
        shown = tuple(s in playing and self.state.reveals.get(s, False) for s in range(4))
        for s in playing:
            hand = tuple(table.seats[s].hand) if shown[s] else ()
            table.emit(Revealed(seat=s, tenpai=shown[s], tiles=hand))
        nagashi = [
            s
            for s in playing
            if table.seats[s].discards
            and all(
                is_terminal_or_honor(d.tile) and d.claimed_by is None
                for d in table.seats[s].discards
            )
        ]
        if nagashi:
            for s in nagashi:
                for p in playing:
                    if p != s:
                        pay = 4000 if table.dealer in (s, p) else 2000
                        table.seats[p].points -= pay
                        table.seats[s].points += pay
            self._end(table, "nagashi", dealer_continues=False, wins=tuple(self.wins), tenpai=shown)
            return
        for f in playing:
            for r in playing:
                if not shown[f] and shown[r]:
                    table.seats[f].points -= NOTEN_PAYMENT
                    table.seats[r].points += NOTEN_PAYMENT
        self._end(table, "exhaustive", dealer_continues=False, wins=tuple(self.wins), tenpai=shown)

    def _end(
        self,
        table: Table,
        reason: str,
        *,
        dealer_continues: bool,
        wins: tuple[WinResult, ...] = (),
        tenpai: tuple[bool, ...] = (),
    ) -> None:
        """Every ending shows the winners' hands first; the dealer never repeats (an
        abortive draw's repeat is the match's business)."""
        for order, w in enumerate(self.wins, start=1):
            table.emit(
                WinnerRevealed(
                    seat=w.seat,
                    order=order,
                    hand=self._hands[order - 1],
                    han=w.win.han,
                    fu=w.win.fu,
                    yaku=tuple(w.win.yaku),
                    ura_indicators=self._ura[order - 1],
                    total=w.win.total,
                )
            )
        self.revealed = True
        self.stage = "ended"
        abortive = reason not in ("win", "exhaustive", "nagashi")
        super()._end(
            table,
            reason,
            dealer_continues=abortive,
            wins=tuple(self.wins),
            tenpai=tenpai,
        )

    # ------------------------------------------------------------------ views
    def _order(self, seat: int) -> int | None:
        for i, w in enumerate(self.wins):
            if w.seat == seat:
                return i + 1
        return None

    def table_public(self, table: Table) -> dict[str, Any]:
        shown = super().table_public(table)
        shown["stage"] = self.stage
        shown["exchange_direction"] = self.direction if self.exchanged else None
        shown["wins"] = [
            {
                "seat": w.seat,
                "order": i + 1,
                "tile": w.tile,
                "tsumo": w.from_seat is None,
                "from_seat": w.from_seat,
                "points": w.win.total,
                "gain": self._gains[i],
            }
            for i, w in enumerate(self.wins)
        ]
        return shown

    def seat_public(self, table: Table, seat: int) -> dict[str, Any]:
        shown = super().seat_public(table, seat)
        order = self._order(seat)
        shown["won"] = order
        shown["revealed"] = list(self._hands[order - 1]) if order and self.revealed else []
        shown["chosen"] = self.stage == "exchange" and seat in self.chosen
        return shown

    def seats_public(self, table: Table) -> tuple[dict[str, Any], ...]:
        # Wins and the exchange change these between riichi declarations: no keeping.
        return tuple([self.seat_public(table, s) for s in range(4)])

    def seat_private(self, table: Table, seat: int) -> dict[str, Any]:
        shown = super().seat_private(table, seat)
        shown["given"] = list(self.given[seat])
        shown["received"] = list(self.received[seat])
        return shown


#: The policy ``round.new_hand`` deals an Asura table with (it passes ``direction`` through).
asura_policy = AsuraPolicy
