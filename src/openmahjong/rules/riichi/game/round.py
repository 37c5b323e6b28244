"""One Riichi hand on the shared turn kernel: the seed profile's rules as a ``RoundPolicy``.

Build a hand with :func:`new_hand`; play it through ``table.act(seat, action)``; read
``table.result`` (a :class:`HandResult`) once ``table.phase == "ended"``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from mypy_extensions import mypyc_attr

from openmahjong.hand.shanten import shanten_counts
from openmahjong.rules.riichi.errors import NotAWin, NoYaku
from openmahjong.rules.riichi.game.events import (
    DoraRevealed,
    RiichiAccepted,
    RiichiDiscarded,
    RiichiHandStarted,
    RiichiWon,
)
from openmahjong.rules.riichi.game.options import GameOptions
from openmahjong.rules.riichi.game.waits import (
    ORPHANS,
    is_complete,
    is_kokushi_complete,
    riichi_waits,
    waits,
)
from openmahjong.rules.riichi.options import RiichiRules, resolve_rules
from openmahjong.rules.riichi.scoring import Meld as ScoringMeld
from openmahjong.rules.riichi.scoring import Win, WinContext, score_win
from openmahjong.table.actions import (
    AbortiveDraw,
    Action,
    Ankan,
    Chi,
    Discard,
    Kakan,
    Minkan,
    Pon,
    Reveal,
    Ron,
    Tsumo,
)
from openmahjong.table.claims import ArbitrationMode
from openmahjong.table.events import Event, HandEnded, Revealed, built_event
from openmahjong.table.kernel import Table
from openmahjong.table.policy import RoundPolicy, Trigger
from openmahjong.table.seat import Meld, SeatState, seat_wind
from openmahjong.tiles import counts34, index34, is_terminal_or_honor, kind

__all__ = ["RiichiSeat", "RiichiPolicy", "HandResult", "WinResult", "new_hand", "seat_wind"]

WINDS = (41, 42, 43, 44)
#: A five's kind -> its red code (the only tiles whose code is not their kind).
_RED_OF = {15: 105, 25: 205, 35: 305}
#: One plain Discard per tile code (actions are frozen values; equal either way, built once).
_DISCARD = {
    t: Discard(t)
    for t in (*range(11, 20), *range(21, 30), *range(31, 40), *range(41, 48), 105, 205, 305)
}
#: Tile code -> (dense index, kind, the kind's red code or -1): what a claim check reads of the
#: offered tile, three times per discard, looked up once each.
_CLAIM_FACTS = {
    t: (index34(t), kind(t), _RED_OF.get(kind(t), -1)) for t in (*_DISCARD, *_RED_OF.values())
}
#: Tile code -> dense index, for the hand's count vector once per turn (``_hand_counts``): a
#: list, as indexing it by a small int beats a dict lookup. Ints only (compiled, a typed list
#: gives unboxed ints); a code that is no tile maps past the end of any count vector, so
#: counting it fails loudly (IndexError).
_NOT_A_TILE = 255
_INDEX_OF: list[int] = [
    _CLAIM_FACTS[t][0] if t in _CLAIM_FACTS else _NOT_A_TILE for t in range(306)
]
DRAGON_KINDS = frozenset({45, 46, 47})
_NO_WAITS: frozenset[int] = frozenset()
_NO_KINDS: frozenset[int] = frozenset()


@cache
def table_rules(scoring: str, open_tanyao: bool, red_fives: bool) -> RiichiRules:
    """The scorer's preset with a table's own switches (a table without red fives has four plain
    fives of each suit; kuitan may be off). One object per setting, shared by every round: the
    scorer keeps its per-situation memos per rules object, so a fresh copy each round would
    start them empty every hand."""
    return resolve_rules(scoring).model_copy(
        update={"open_tanyao": open_tanyao, "red_fives": 3 if red_fives else 0}
    )


@dataclass
class RiichiSeat:
    """Riichi's per-seat state (kept in ``SeatState.extra``)."""

    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    #: A winning tile went by (a ron passed, or a tile that completes the shape without a
    #: yaku): furiten until this seat's next draw (or discard, per the options).
    furiten_temporary: bool = False
    #: A winning tile went by while in riichi: furiten for the rest of the hand.
    furiten_riichi: bool = False
    #: Kinds the seat may not discard right now (kuikae after chi or pon).
    kuikae: frozenset[int] = _NO_KINDS

    def validate(self, seat: SeatState) -> None:
        assert not self.riichi or seat.is_closed, "riichi with an open hand"
        assert not self.double_riichi or self.riichi, "double riichi without riichi"
        assert not self.ippatsu or self.riichi, "ippatsu without riichi"
        assert not self.furiten_riichi or self.riichi, "riichi furiten without riichi"


@dataclass(frozen=True)
class WinResult:
    seat: int
    from_seat: int | None
    tile: int
    win: Win
    #: Won by robbing a kan (the tile stays in the kan; no discard was claimed).
    robbed_kan: bool = False


@dataclass(frozen=True)
class HandResult:
    """``reason``: win, exhaustive, nagashi, nine_terminals, four_winds, four_riichi, four_kans,
    triple_ron. ``deltas`` are each seat's change over the hand (riichi sticks included)."""

    reason: str
    deltas: tuple[int, ...]
    points: tuple[int, ...]
    #: Riichi sticks left on the table (carried to the next hand).
    sticks: int
    dealer_continues: bool
    wins: tuple[WinResult, ...] = ()
    tenpai: tuple[bool, ...] = ()

    @property
    def abortive(self) -> bool:
        return self.reason in (
            "nine_terminals",
            "four_winds",
            "four_riichi",
            "four_kans",
            "triple_ron",
        )


@dataclass
class _HandState:
    round_wind: int
    hand_number: int
    honba: int
    sticks: int
    start_points: tuple[int, ...]
    #: Dora indicators revealed so far (``dora_at_start`` of them at the start).
    revealed: int = 1
    #: Open-kan indicators waiting for the caller's discard (MAJSOUL timing).
    pending_dora: int = 0
    #: No call of any kind has happened yet (first go-around, double riichi, nine terminals).
    uninterrupted: bool = True
    #: Seat whose riichi discard is on the table, waiting to pass the reaction window.
    riichi_declared: int | None = None
    riichi_double: bool = False
    #: The seat of each successful kan, in order.
    kans: list[int] = field(default_factory=list)
    reveals: dict[int, bool] = field(default_factory=dict)
    #: Pao: seat -> the seat that fed its third dragon set or fourth wind set.
    liable: dict[int, int] = field(default_factory=dict)


# Plain Python subclasses it where this module is compiled (Battle of Asura: ``asura.py``).
@mypyc_attr(allow_interpreted_subclasses=True)
class RiichiPolicy(RoundPolicy):
    seats = 4
    dead_wall = 14
    dealer_extra = True
    final_discard_ron_only = True

    def __init__(
        self,
        options: GameOptions,
        *,
        round_wind: int = 41,
        hand_number: int = 1,
        honba: int = 0,
        sticks: int = 0,
        points: Sequence[int] = (25000, 25000, 25000, 25000),
    ) -> None:
        self.options = options
        self.sticks_at_start = sticks
        #: seat -> (hand it was computed for, its waits): hands change only a few times a turn.
        self._waits_cache: dict[int, tuple[tuple[int, ...], frozenset[int]]] = {}
        #: Seat and log length of a turn whose hand was at least 1-shanten (``turn_actions``;
        #: -1: none): two ints, not a tuple, so no tuple is built to compare on each discard.
        self._far_seat = -1
        self._far_log = -1
        #: Option switches read on every draw, discard or kan, as plain booleans (reading a
        #: field of the options model costs a generic attribute lookup).
        self._furiten_until_discard = options.temporary_furiten_until == "discard"
        self._majsoul_kan_dora = options.kan_dora == "MAJSOUL"
        self._early_kan_dora = options.kan_dora == "EARLY_KAN_DORA"
        self._houtei_after_rinshan = options.houtei_after_rinshan
        self._furiten_any_winning_tile = options.furiten_any_winning_tile
        self._dora_shown: tuple[int, ...] = ()
        #: Kans after this many show no indicator (DoraDorara: the first two only).
        self._kans_revealing_dora = options.kans_revealing_dora
        #: ``seat_public`` of the four seats, kept until a riichi is accepted (``seats_public``).
        self._public: tuple[dict[str, Any], ...] | None = None
        self.rules = table_rules(options.scoring, options.open_tanyao, options.red_fives)
        #: Local yaku on (the Melee room): wins read renhou, tsubame gaeshi and kanburi.
        self._local_situations = bool(self.rules.local_yaku)
        #: The seat whose riichi discard was won on (``settle_wins``), for tsubame gaeshi.
        self._riichi_dealt_in: int | None = None
        self.arbitration = ArbitrationMode(
            multi_win=options.ron_mode == "MULTI_RON",
            reask_passers=options.claim_mode == "tactical",
            allow_upgrade=options.claim_mode == "upgrade",
        )
        self.state = _HandState(
            round_wind=round_wind,
            hand_number=hand_number,
            honba=honba,
            sticks=sticks,
            start_points=tuple(points),
            revealed=options.dora_at_start,
        )

    # ================================================================== helpers
    @staticmethod
    def _x(table: Table, seat: int) -> RiichiSeat:
        return table.seats[seat].extra

    @staticmethod
    def _drawn(table: Table) -> int:
        assert table.last_drawn is not None, "no tile was drawn this turn"
        return table.last_drawn

    def dora_indicators(self, table: Table) -> list[int]:
        return [table.wall.indicator(i) for i in range(self.state.revealed)]

    def _shown_dora(self, table: Table) -> tuple[int, ...]:
        """``dora_indicators`` as a tuple, rebuilt only when one more is revealed (every view
        asks; an indicator's place in the dead wall never changes)."""
        if len(self._dora_shown) != self.state.revealed:
            self._dora_shown = tuple(self.dora_indicators(table))
        return self._dora_shown

    def ura_indicators(self, table: Table) -> list[int]:
        return [table.wall.ura_indicator(i) for i in range(self.state.revealed)]

    def _reveal(self, table: Table, count: int = 1) -> None:
        for _ in range(count):
            self.state.revealed += 1
            table.emit(DoraRevealed(indicator=table.wall.indicator(self.state.revealed - 1)))

    def _reveal_pending(self, table: Table) -> None:
        if self.state.pending_dora:
            n, self.state.pending_dora = self.state.pending_dora, 0
            self._reveal(table, n)

    def _score(
        self,
        table: Table,
        seat: int,
        tile: int,
        *,
        tsumo: bool,
        trigger: Trigger | None = None,
        honba: int = 0,
        sticks: int = 0,
    ) -> Win | None:
        st = table.seats[seat]
        x: RiichiSeat = st.extra
        hand = list(st.hand) if tsumo else list(st.hand) + [tile]
        c = counts34(hand)
        if not is_complete(c):
            return None
        s = self.state
        first_turn = s.uninterrupted and not st.discards
        chankan = trigger is not None and trigger.kind == "kakan"
        # The last discard of the hand is houtei; after a replacement draw that emptied the
        # live wall only where the table says so (Tenhou: yes; the seed profile: never).
        houtei = (
            not tsumo
            and trigger is not None
            and trigger.kind == "discard"
            and table.wall.live_remaining == 0
            and (self._houtei_after_rinshan or not table.rinshan)
        )
        haitei = tsumo and not table.rinshan and table.wall.live_remaining == 0
        local: frozenset[str] = frozenset()
        renhou = False
        if self._local_situations:
            local = self._local_situation(table, trigger)
            # A non-dealer's ron before its first draw, no call before it (a local-yaku table's).
            renhou = not tsumo and first_turn and seat != table.dealer
        context = WinContext(
            tsumo=tsumo,
            riichi=x.riichi,
            double_riichi=x.double_riichi,
            ippatsu=x.ippatsu,
            rinshan=tsumo and table.rinshan,
            chankan=chankan,
            haitei=haitei,
            houtei=houtei,
            tenhou=tsumo and first_turn and seat == table.dealer,
            chiihou=tsumo and first_turn and seat != table.dealer and not table.rinshan,
            renhou=renhou,
            seat_wind=seat_wind(seat, table.dealer),
            round_wind=s.round_wind,
            honba=honba,
            riichi_sticks=sticks,
            local=local,
        )
        try:
            return score_win(
                hand,
                tile,
                [ScoringMeld(m.kind, m.tiles) for m in st.melds],
                context,
                dora_indicators=self.dora_indicators(table),
                ura_indicators=self.ura_indicators(table),
                discarder=None
                if tsumo or trigger is None
                else seat_wind(trigger.seat, table.dealer),
                pao=self._pao(table, seat),
                rules=self.rules,
            )
        except (NotAWin, NoYaku):
            return None

    def _local_situation(self, table: Table, trigger: Trigger | None) -> frozenset[str]:
        """What only local yaku read of a win on a discard: the discard declared riichi
        (tsubame gaeshi), or followed the discarder's kan (kanburi: its draw was a
        replacement)."""
        if trigger is None or trigger.kind != "discard":
            return frozenset()
        declared = self.state.riichi_declared
        if declared is None:
            declared = self._riichi_dealt_in  # settle_wins has cleared it by now
        names = []
        if declared == trigger.seat:
            names.append("tsubame_gaeshi")
        if table.rinshan:
            names.append("kanburi")
        return frozenset(names)

    def _pao(self, table: Table, seat: int) -> int | None:
        """The liable seat's wind when this win is the yakuman it fed, else ``None``."""
        liable = self.state.liable.get(seat)
        if liable is None:
            return None
        return seat_wind(liable, table.dealer)

    def _note_liability(self, table: Table, seat: int, meld: Meld) -> None:
        k = kind(meld.tiles[0])
        if meld.from_seat is None or k < 41:
            return
        group = DRAGON_KINDS if k in DRAGON_KINDS else frozenset(WINDS)
        have = {kind(m.tiles[0]) for m in table.seats[seat].melds if m.kind != "chi"}
        if group <= have:
            self.state.liable[seat] = meld.from_seat

    def waiting_on(self, table: Table, seat: int) -> frozenset[int]:
        """Dense kind indices that complete the seat's 13 - 3k tile hand (cached per hand)."""
        hand = table.seats[seat].hand
        if len(hand) % 3 != 1:  # the seat on turn (a view asks about furiten)
            return _NO_WAITS
        key = tuple(hand)
        cached = self._waits_cache.get(seat)
        if cached is not None and cached[0] == key:
            return cached[1]
        found = frozenset(waits(counts34(hand)))
        self._waits_cache[seat] = (key, found)
        return found

    def is_furiten(self, table: Table, seat: int) -> bool:
        st = table.seats[seat]
        x: RiichiSeat = st.extra
        if x.furiten_temporary or x.furiten_riichi:
            return True
        wanted = self.waiting_on(table, seat)
        return bool(wanted) and any(index34(d.tile) in wanted for d in st.discards)

    def _can_ron(self, table: Table, seat: int, trigger: Trigger) -> bool:
        if trigger.kind == "ankan" and not self.rules.kokushi_robs_closed_kan:
            return False
        # The cheap test first: most tiles are nobody's winning tile.
        if index34(trigger.tile) not in self.waiting_on(table, seat):
            return False
        if trigger.kind == "ankan" and not is_kokushi_complete(
            counts34(table.seats[seat].hand + [trigger.tile])
        ):
            return False
        if self.is_furiten(table, seat):
            return False
        return self._score(table, seat, trigger.tile, tsumo=False, trigger=trigger) is not None

    def _let_pass(self, table: Table, seat: int, trigger: Trigger) -> None:
        """A tile that completes the seat's shape goes by with no ron offered (no yaku, or the
        seat is furiten already): furiten as if a ron had been passed (issue 16; Tenhou and
        Mahjong Soul count a winning tile whether or not it gave a yaku). A closed kan's tile
        counts only where a win could rob it (thirteen orphans, on tables that allow it)."""
        if not self._furiten_any_winning_tile:
            return  # a record from before the option: played without it
        st = table.seats[seat]
        if trigger.kind == "ankan" and not (
            self.rules.kokushi_robs_closed_kan
            and is_kokushi_complete(counts34(st.hand + [trigger.tile]))
        ):
            return
        x: RiichiSeat = st.extra
        if x.riichi:
            x.furiten_riichi = True
        else:
            x.furiten_temporary = True

    def _kans_possible(self, table: Table) -> bool:
        return (
            len(self.state.kans) < 4
            and table.wall.live_remaining > 0
            and table.wall.replacements_left > 0
        )

    def _four_kan_abort_pending(self) -> bool:
        return len(self.state.kans) == 4 and len(set(self.state.kans)) > 1

    # ================================================================== legality
    def turn_actions(self, table: Table, seat: int) -> list[Action]:
        st = table.seats[seat]
        x: RiichiSeat = st.extra
        acts: list[Action] = []
        # One count vector for the turn: the tsumo pre-check and the riichi checks share it.
        c = _hand_counts(st.hand)
        shanten = shanten_counts(c)
        # Two or more tiles from ready now: no discard can leave the hand waiting (read when
        # this turn's discard is made, to skip computing the new hand's waits).
        far = shanten >= 1
        self._far_seat = seat if far else -1
        self._far_log = len(table.log) if far else -1
        if table.drew:
            # Only a complete shape can score: one shanten call before the scorer's work.
            if (
                shanten == -1
                and self._score(table, seat, self._drawn(table), tsumo=True) is not None
            ):
                acts.append(Tsumo())
            # A kan needs four of a kind in hand or a pon to add to.
            if (st.melds or 4 in c) and self._kans_possible(table):
                acts.extend(self._kan_options(table, seat, c))
            # Nine terminals: nine kinds of terminals and honors on an uninterrupted first turn.
            if (
                self.state.uninterrupted
                and not st.discards
                and sum(1 for i in ORPHANS if c[i]) >= 9
            ):
                acts.append(AbortiveDraw("nine_terminals"))
        if x.riichi:
            acts.append(_DISCARD[self._drawn(table)])
            return acts
        distinct = sorted(set(st.hand))
        if x.kuikae:
            acts.extend([_DISCARD[t] for t in distinct if kind(t) not in x.kuikae])
        else:
            acts.extend(map(_DISCARD.__getitem__, distinct))
        if (  # riichi: the rarest condition first
            shanten <= 0
            and table.drew
            and st.is_closed
            and st.points >= 1000
            and table.wall.live_remaining >= 4
        ):
            for t in distinct:
                i = index34(t)
                c[i] -= 1  # the hand after discarding t (restored below)
                if waits(c):
                    acts.append(Discard(t, riichi=True))
                c[i] += 1
        return acts

    def _kan_options(self, table: Table, seat: int, c: bytearray) -> list[Action]:
        """``c``: the seat's counts (read only)."""
        st = table.seats[seat]
        x: RiichiSeat = st.extra
        out: list[Action] = []
        fours = [i for i in range(34) if c[i] == 4] if 4 in c else []
        for i in fours:
            tiles = tuple(sorted(t for t in st.hand if index34(t) == i))
            if x.riichi:
                # In riichi only a kan of the drawn tile that keeps the same waits.
                if index34(self._drawn(table)) != i:
                    continue
                before = list(st.hand)
                before.remove(self._drawn(table))
                after = [t for t in st.hand if index34(t) != i]
                if sorted(waits(counts34(before))) != sorted(waits(counts34(after))):
                    continue
                if not _all_readings_use_triplet(before, i):
                    continue
            out.append(Ankan(tiles))  # type: ignore[arg-type]
        if not x.riichi:
            for m in st.melds:
                # A pon takes a kakan only when the hand holds its kind (the counts say).
                if m.kind != "pon" or not c[_INDEX_OF[m.tiles[0]]]:
                    continue
                k = kind(m.tiles[0])
                out.extend([Kakan(t) for t in sorted(set(st.hand)) if kind(t) == k])
        return out

    def reaction_options(self, table: Table, seat: int, trigger: Trigger) -> list[Action]:
        # This runs for three seats on every discard and nearly always finds nothing, so exact
        # cheap tests come first (the tile is among the seat's cached waits; it holds two of its
        # kind; it is the next seat and holds two tiles making a run with it), and options are
        # built only for a seat that passes one of them.
        tile = trigger.tile
        i, k, red = _CLAIM_FACTS[tile]
        hand = table.seats[seat].hand
        # ``waiting_on``'s cache read in place (three seats a discard): the waits of this hand.
        known = self._waits_cache.get(seat)
        if known is not None and known[0] == tuple(hand):
            may_ron = i in known[1]
        else:
            may_ron = i in self.waiting_on(table, seat)
        if trigger.kind != "discard":  # a kan tile may only be robbed for a win
            if not may_ron:
                return []
            if self._can_ron(table, seat, trigger):
                return [Ron()]
            self._let_pass(table, seat, trigger)
            return []
        may_pon = hand.count(k) + hand.count(red) >= 2
        may_chi = seat == (trigger.seat + 1) % 4 and k < 40 and _holds_run_partners(hand, k)
        if not (may_ron or may_pon or may_chi):
            return []
        opts: list[Action] = []
        if may_ron:
            if self._can_ron(table, seat, trigger):
                opts.append(Ron())
            else:
                self._let_pass(table, seat, trigger)
        st = table.seats[seat]
        x: RiichiSeat = st.extra
        if x.riichi or self._four_kan_abort_pending():
            return opts
        calls: list[Action] = []
        if may_pon:
            calls.extend(self._pon_calls(table, hand, k, red))
        if may_chi:
            calls.extend(_chi_calls(hand, k))
        for call in calls:
            if isinstance(call, Minkan) or self._leaves_a_discard(st, call, tile):
                opts.append(call)
        return opts

    def _pon_calls(self, table: Table, hand: list[int], k: int, red: int) -> list[Action]:
        """Pon of kind ``k`` with each distinct pair the hand holds, then the open kan."""
        same = sorted([t for t in hand if t in (k, red)])
        pairs = {(same[i], same[j]) for i in range(len(same)) for j in range(i + 1, len(same))}
        calls: list[Action] = [Pon(pair) for pair in sorted(pairs)]
        if len(same) == 3 and self._kans_possible(table):
            calls.append(Minkan(tuple(same)))  # type: ignore[arg-type]
        return calls

    @staticmethod
    def _kuikae_kinds(call: str, from_hand: Sequence[int], called: int) -> frozenset[int]:
        """Kinds the caller may not discard next: the called kind, and after a chi that
        took an end of the run, the tile on the run's far side (the "swap" tile)."""
        k = kind(called)
        if call == "pon":
            return frozenset({k})
        if call == "chi":
            ks = sorted(kind(t) for t in from_hand)
            banned = {k}
            if ks[0] == k + 1 and (k + 3) % 10 != 0 and (k + 3) // 10 == k // 10:
                banned.add(k + 3)  # called the low end: the tile above the run swaps too
            if ks[1] == k - 1 and (k - 3) % 10 != 0 and (k - 3) // 10 == k // 10:
                banned.add(k - 3)
            return frozenset(banned)
        return frozenset()

    def _leaves_a_discard(self, st: SeatState, call: Action, called: int) -> bool:
        # Kuikae bans at most two kinds (eight tiles): a longer rest always has a legal discard.
        if len(st.hand) - len(call.tiles) > 8:  # type: ignore[attr-defined]
            return True
        rest = list(st.hand)
        for t in call.tiles:  # type: ignore[attr-defined]
            rest.remove(t)
        banned = self._kuikae_kinds(call.name, call.tiles, called)  # type: ignore[attr-defined]
        return any(kind(t) not in banned for t in rest)

    def why_illegal(self, table: Table, seat: int, action: Action) -> str | None:
        st = table.seats[seat]
        if isinstance(action, Discard) and seat == table.turn and table.phase == "turn":
            x: RiichiSeat = st.extra
            if action.tile not in st.hand:
                return f"seat {seat} does not hold that tile"
            if kind(action.tile) in x.kuikae:
                return (
                    "kuikae: the called kind (or its swap tile) cannot be discarded right "
                    "after the call"
                )
            if x.riichi:
                return "in riichi only the drawn tile may be discarded"
            if action.riichi:
                return (
                    "riichi needs a closed hand, 1,000 points, four live tiles and tenpai "
                    "after the discard"
                )
        return None

    # ================================================================== consequences
    def on_start(self, table: Table) -> None:
        for s in table.seats:
            s.extra = RiichiSeat()
        st = self.state
        table.emit(
            RiichiHandStarted(
                dealer=table.dealer,
                round_wind=st.round_wind,
                hand_number=st.hand_number,
                honba=st.honba,
                sticks=st.sticks,
                points=tuple(s.points for s in table.seats),
                dora_indicators=tuple(self.dora_indicators(table)),
            )
        )

    def after_draw(self, table: Table, seat: int, tile: int, rinshan: bool) -> None:
        x: RiichiSeat = table.seats[seat].extra  # typed: a native write when compiled
        x.furiten_temporary = False

    def before_discard(self, table: Table, seat: int, action: Discard) -> None:
        x: RiichiSeat = table.seats[seat].extra
        if x.ippatsu:
            x.ippatsu = False  # the riichi seat's next discard ends its ippatsu chance
        if action.riichi:
            self.state.riichi_declared = seat
            self.state.riichi_double = self.state.uninterrupted and not table.seats[seat].discards

    def discard_event(self, seat: int, action: Discard, tsumogiri: bool) -> Event:
        values = {
            "seat": seat,
            "tile": action.tile,
            "tsumogiri": tsumogiri,
            "riichi": action.riichi,
            "private_to": None,
        }
        return built_event(RiichiDiscarded, values)

    def after_discard(self, table: Table, seat: int, action: Discard) -> None:
        # This turn's hand was not close (its log length was taken before the discard).
        if self._far_seat == seat and self._far_log == len(table.log) - 1:
            self._waits_cache[seat] = (tuple(table.seats[seat].hand), _NO_WAITS)
        x: RiichiSeat = table.seats[seat].extra
        x.kuikae = _NO_KINDS
        if self._furiten_until_discard:
            # Tenhou resolves it at the seat's discard, so a call and its discard end it too;
            # the riichi profile keeps it until the seat's next draw (``after_draw``).
            x.furiten_temporary = False
        if self.state.pending_dora and self._majsoul_kan_dora:
            self._reveal_pending(table)

    def on_answer(self, table: Table, seat: int, action: Action, offered: tuple) -> None:
        if any(isinstance(a, Ron) for a in offered) and not isinstance(action, Ron):
            x = self._x(table, seat)
            if x.riichi:
                x.furiten_riichi = True
            else:
                x.furiten_temporary = True

    def _accept_riichi(self, table: Table) -> bool:
        """Accept the riichi whose discard was not won on; whether there was one."""
        seat = self.state.riichi_declared
        if seat is None:
            return False
        self.state.riichi_declared = None
        st = table.seats[seat]
        x: RiichiSeat = st.extra
        st.points -= 1000
        self.state.sticks += 1
        x.riichi = True
        x.double_riichi = self.state.riichi_double
        self._public = None  # the seats' public riichi flags changed
        x.ippatsu = True
        table.emit(RiichiAccepted(seat=seat, double=x.double_riichi, sticks=self.state.sticks))
        return True

    def _interrupt(self, table: Table) -> None:
        self.state.uninterrupted = False
        for s in table.seats:
            s.extra.ippatsu = False

    def after_call(self, table: Table, seat: int, meld: Meld) -> None:
        self._accept_riichi(table)
        self._interrupt(table)
        if meld.kind in ("pon", "minkan"):
            self._note_liability(table, seat, meld)
        if meld.kind in ("chi", "pon"):
            assert meld.called_tile is not None
            from_hand = list(meld.tiles)
            from_hand.remove(meld.called_tile)
            self._x(table, seat).kuikae = self._kuikae_kinds(meld.kind, from_hand, meld.called_tile)

    def kan_declared(self, table: Table, seat: int, meld: Meld) -> None:
        # A second kan before a discard shows the first's dora: a closed kan as it is declared,
        # an added kan only once it is not robbed (``kan_completed``). A kan robbed before its
        # replacement draw shows no indicator, its own or an earlier one (Tenhou, libriichi).
        if self._majsoul_kan_dora and meld.kind != "kakan":
            self._reveal_pending(table)

    def kan_completed(self, table: Table, seat: int, meld: Meld) -> None:
        if self._majsoul_kan_dora and meld.kind == "kakan":
            self._reveal_pending(table)
        self._interrupt(table)
        self.state.kans.append(seat)
        if len(self.state.kans) > self._kans_revealing_dora:
            return  # the kan counts (limit, four-kan abort) but turns up no indicator
        if self._early_kan_dora or meld.kind == "ankan":
            self._reveal(table)
        else:
            self.state.pending_dora += 1

    def after_window(self, table: Table, trigger: Trigger) -> None:
        # Only the riichi accepted here can be the fourth (the other three seats, in riichi,
        # cannot call a riichi discard), so the four seats are looked at only then.
        if (
            self.state.riichi_declared is not None
            and self._accept_riichi(table)
            and all(s.extra.riichi for s in table.seats)
        ):
            self._abort(table, "four_riichi")
            return
        if self.state.uninterrupted and all(len(s.discards) == 1 for s in table.seats):
            first = {kind(s.discards[0].tile) for s in table.seats}
            if len(first) == 1 and next(iter(first)) in WINDS:
                self._abort(table, "four_winds")
                return
        if self._four_kan_abort_pending():
            self._abort(table, "four_kans")

    def apply_special(self, table: Table, seat: int, action: Action) -> None:
        if isinstance(action, AbortiveDraw):
            self._abort(table, action.reason)
        elif isinstance(action, Reveal):
            self.state.reveals[seat] = action.show
            if not table.special:
                self._finish_exhaustive(table)
        else:  # pragma: no cover - the kernel only passes actions this policy offered
            super().apply_special(table, seat, action)

    # ================================================================== endings
    def _end(
        self,
        table: Table,
        reason: str,
        *,
        dealer_continues: bool,
        wins: tuple[WinResult, ...] = (),
        tenpai: tuple[bool, ...] = (),
    ) -> None:
        points = tuple(s.points for s in table.seats)
        deltas = tuple(p - q for p, q in zip(points, self.state.start_points, strict=True))
        result = HandResult(
            reason=reason,
            deltas=deltas,
            points=points,
            sticks=self.state.sticks,
            dealer_continues=dealer_continues,
            wins=wins,
            tenpai=tenpai,
        )
        table.emit(
            HandEnded(
                reason=reason,
                deltas=deltas,
                points=points,
                sticks=self.state.sticks,
                dealer_continues=dealer_continues,
                tenpai=tenpai,
            )
        )
        table.end(result)

    def _abort(self, table: Table, reason: str) -> None:
        self._end(table, reason, dealer_continues=True)

    def _apply_win(
        self,
        table: Table,
        seat: int,
        from_seat: int | None,
        tile: int,
        win: Win,
        robbed_kan: bool = False,
        honba: int = 0,
        sticks: int = 0,
    ) -> WinResult:
        payments = [0, 0, 0, 0]
        for wind, delta in win.payments.items():
            payments[(table.dealer + WINDS.index(wind)) % 4] = delta
            table.seats[(table.dealer + WINDS.index(wind)) % 4].points += delta
        st = table.seats[seat]
        hand = tuple(st.hand) if from_seat is None else tuple(st.hand) + (tile,)
        x: RiichiSeat = st.extra
        table.emit(
            RiichiWon(
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
                ura_indicators=tuple(self.ura_indicators(table)) if x.riichi else (),
                basic_points=win.basic_points,
                honba=honba,
                sticks=sticks,
                honba_points=300 * honba,
                stick_points=1000 * sticks,
                payments=tuple(payments),
            )
        )
        return WinResult(seat, from_seat, tile, win, robbed_kan)

    def settle_tsumo(self, table: Table, seat: int) -> None:
        tile = self._drawn(table)
        honba, sticks = self.state.honba, self.state.sticks
        win = self._score(table, seat, tile, tsumo=True, honba=honba, sticks=sticks)
        assert win is not None
        self.state.sticks = 0
        result = self._apply_win(table, seat, None, tile, win, honba=honba, sticks=sticks)
        self._end(table, "win", dealer_continues=seat == table.dealer, wins=(result,))

    def settle_wins(self, table: Table, trigger: Trigger, winners: list[int]) -> None:
        self._riichi_dealt_in = self.state.riichi_declared  # tsubame gaeshi reads it
        self.state.riichi_declared = None  # a riichi discard that deals in is not accepted
        if self.options.triple_ron_abort and len(winners) == 3:
            self._abort(table, "triple_ron")
            return
        results = []
        for i, seat in enumerate(winners):
            first = i == 0  # the winner nearest the discarder takes honba and sticks
            honba = self.state.honba if first else 0
            sticks = self.state.sticks if first else 0
            win = self._score(
                table,
                seat,
                trigger.tile,
                tsumo=False,
                trigger=trigger,
                honba=honba,
                sticks=sticks,
            )
            assert win is not None
            if first:
                self.state.sticks = 0
            robbed = trigger.kind != "discard"
            results.append(
                self._apply_win(
                    table,
                    seat,
                    trigger.seat,
                    trigger.tile,
                    win,
                    robbed_kan=robbed,
                    honba=honba,
                    sticks=sticks,
                )
            )
        self._end(table, "win", dealer_continues=table.dealer in winners, wins=tuple(results))

    def tenpai(self, table: Table, seat: int) -> bool:
        return bool(riichi_waits(table.seats[seat].hand))

    def exhausted(self, table: Table) -> None:
        self._accept_riichi(table)
        asking: dict[int, tuple[Action, ...]] = {}
        for s in range(4):
            if self.tenpai(table, s):
                if table.seats[s].extra.riichi:
                    self.state.reveals[s] = True
                else:
                    asking[s] = (Reveal(True), Reveal(False))
            else:
                self.state.reveals[s] = False
        if asking:
            table.start_special(asking)
        else:
            self._finish_exhaustive(table)

    def _finish_exhaustive(self, table: Table) -> None:
        shown = tuple(self.state.reveals.get(s, False) for s in range(4))
        for s in range(4):
            table.emit(
                Revealed(
                    seat=s, tenpai=shown[s], tiles=tuple(table.seats[s].hand) if shown[s] else ()
                )
            )
        nagashi = [
            s
            for s in range(4)
            if table.seats[s].discards
            and all(
                is_terminal_or_honor(d.tile) and d.claimed_by is None
                for d in table.seats[s].discards
            )
        ]
        dealer_continues = shown[table.dealer]
        if nagashi:
            for s in nagashi:
                for p in range(4):
                    if p == s:
                        continue
                    pay = 4000 if s == table.dealer or p == table.dealer else 2000
                    table.seats[p].points -= pay
                    table.seats[s].points += pay
            self._end(table, "nagashi", dealer_continues=dealer_continues, tenpai=shown)
            return
        k = sum(shown)
        if 0 < k < 4:
            for s in range(4):
                table.seats[s].points += 3000 // k if shown[s] else -3000 // (4 - k)
        self._end(table, "exhaustive", dealer_continues=dealer_continues, tenpai=shown)

    # ================================================================== views
    def table_public(self, table: Table) -> dict[str, Any]:
        return {
            "round_wind": self.state.round_wind,
            "hand_number": self.state.hand_number,
            "dealer": table.dealer,
            "honba": self.state.honba,
            "sticks": self.state.sticks,
            "dora_indicators": self._shown_dora(table),
            "kans": len(self.state.kans),
        }

    def seat_private(self, table: Table, seat: int) -> dict[str, Any]:
        x: RiichiSeat = table.seats[seat].extra
        return {
            "furiten": self.is_furiten(table, seat),
            "kuikae": tuple(sorted(x.kuikae)) if x.kuikae else (),
            "ippatsu": x.ippatsu,
        }

    def seat_public(self, table: Table, seat: int) -> dict[str, Any]:
        x: RiichiSeat = table.seats[seat].extra
        return {
            "riichi": x.riichi,
            "double_riichi": x.double_riichi,
            "seat_wind": seat_wind(seat, table.dealer),
        }

    def seats_public(self, table: Table) -> tuple[dict[str, Any], ...]:
        # Every view asks; the riichi flags change only when a riichi is accepted (which drops
        # the kept dicts) and the winds never within a hand. Copies: a view's dicts are its own.
        if self._public is None:
            self._public = tuple([self.seat_public(table, s) for s in range(4)])
        a, b, c, d = self._public
        return (a.copy(), b.copy(), c.copy(), d.copy())


def _hand_counts(hand: list[int]) -> bytearray:
    """``counts34(hand)`` for a Riichi hand (no flowers), as a bytearray: ``4 in counts`` (is
    there a kan to offer) is then a byte search rather than 34 integer comparisons."""
    counts = bytearray(34)
    index = _INDEX_OF
    for t in hand:
        counts[index[t]] += 1
    return counts


def _holds(hand: list[int], k: int) -> bool:
    """Whether the hand holds a tile of kind ``k`` (its red five counts)."""
    return k in hand or _RED_OF.get(k, -1) in hand


def _holds_run_partners(hand: list[int], k: int) -> bool:
    """Whether the hand holds two tiles that make a run with suit kind ``k`` (a chi shape)."""
    n = k % 10
    below = n >= 2 and _holds(hand, k - 1)
    above = n <= 8 and _holds(hand, k + 1)
    if below and (above or (n >= 3 and _holds(hand, k - 2))):
        return True
    return above and n <= 7 and _holds(hand, k + 2)


def _chi_partner_codes(k: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """Per run through suit kind ``k`` (lowest first), the codes of its two other kinds: each
    kind's plain code, then its red code for a five."""
    runs = []
    for lo in (k - 2, k - 1, k):
        if lo // 10 != k // 10 or (lo + 2) // 10 != k // 10 or lo % 10 == 0:
            continue
        a, b = [n for n in (lo, lo + 1, lo + 2) if n != k]
        runs.append(((a, *_RED_OF_CODES.get(a, ())), (b, *_RED_OF_CODES.get(b, ()))))
    return tuple(runs)


_RED_OF_CODES = {k: (red,) for k, red in _RED_OF.items()}
#: Suit kind -> ``_chi_partner_codes``: worked out once, read whenever a chi is possible.
_CHI_PARTNERS = {
    k: _chi_partner_codes(k) for suit in (10, 20, 30) for k in range(suit + 1, suit + 10)
}


def _chi_calls(hand: list[int], k: int) -> list[Action]:
    """Every chi of suit kind ``k``: each run through it, with each distinct pair of codes."""
    have = set(hand)
    calls: list[Action] = []
    for codes_a, codes_b in _CHI_PARTNERS[k]:
        a = [t for t in codes_a if t in have]
        if not a:
            continue
        b = [t for t in codes_b if t in have]
        calls.extend([Chi((ta, tb)) for ta in a for tb in b])
    return calls


def _all_readings_use_triplet(hand13: list[int], i: int) -> bool:
    """Every winning reading of the 13-tile hand keeps the three copies of ``i`` as a triplet."""
    from openmahjong.hand.decompose import TRIPLET, decompositions

    c = counts34(hand13)
    for w in waits(c):
        c[w] += 1
        if sum(1 for n in c if n == 2) == 7 or is_kokushi_complete(c):
            c[w] -= 1
            return False
        for d in decompositions(c):
            if (TRIPLET, i) not in d.sets:
                c[w] -= 1
                return False
        c[w] -= 1
    return True


def new_hand(
    wall: Sequence[int],
    options: GameOptions | None = None,
    *,
    dealer: int = 0,
    round_wind: int = 41,
    hand_number: int = 1,
    honba: int = 0,
    sticks: int = 0,
    points: Sequence[int] | None = None,
    direction: str | None = None,
    sudden_death: int | None = None,
) -> Table:
    """Deal one hand from ``wall`` (136 tiles, front first) and return its table. A Battle of
    Asura table (``options.asura``) also takes the exchange ``direction`` and, in the
    extension, the points that end the hand at once (``sudden_death``): ``asura.py``."""
    options = options or GameOptions()
    if points is None:
        points = (options.starting_points,) * 4
    if options.asura:
        from openmahjong.rules.riichi.game.asura import asura_policy  # it imports this module

        policy: RiichiPolicy = asura_policy(
            options,
            direction=direction,
            sudden_death=sudden_death,
            round_wind=round_wind,
            hand_number=hand_number,
            honba=honba,
            sticks=sticks,
            points=points,
        )
        return Table(policy, wall, dealer=dealer, points=points)
    policy = RiichiPolicy(
        options,
        round_wind=round_wind,
        hand_number=hand_number,
        honba=honba,
        sticks=sticks,
        points=points,
    )
    return Table(policy, wall, dealer=dealer, points=points)
