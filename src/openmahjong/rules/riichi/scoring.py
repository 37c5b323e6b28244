"""Score a Riichi win: the public entry point ``score_win`` and its result ``Win``.

The scorer reads the hand every way it can (``shapes.readings``), scores each reading (yaku or
yakuman, fu, dora, limit) and keeps the best one: most points, then most han, then most fu.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from openmahjong import tiles as T
from openmahjong.rules.riichi import tables as TB
from openmahjong.rules.riichi.context import Situation, check_situation
from openmahjong.rules.riichi.dora import DORA_OF_CODE, count_dora
from openmahjong.rules.riichi.errors import InvalidHand, NotAWin, NoYaku, ScoringError
from openmahjong.rules.riichi.fu import fu_breakdown, fu_of
from openmahjong.rules.riichi.hand import Hand, Meld, _read_meld, build_hand
from openmahjong.rules.riichi.options import RiichiRules, resolve_rules
from openmahjong.rules.riichi.payments import settle
from openmahjong.rules.riichi.points import basic_points, hand_value
from openmahjong.rules.riichi.shapes import (
    CHIITOITSU,
    KOKUSHI,
    REGULAR,
    RYANMEN,
    SHANPON,
    TANKI,
    THIRTEEN_SIDED,
    WAIT_NAMES,
    Reading,
    readings,
)
from openmahjong.rules.riichi.situations import (
    NEEDS_KAN,
    NEEDS_NO_CALLS,
    Invalid,
    PointsRow,
    Record,
    situation_record,
)
from openmahjong.rules.riichi.yaku import (
    facts,
    hand_yaku,
    hand_yakuman,
    reading_yaku,
    reading_yakuman,
)
from openmahjong.rules.riichi.yaku_table import display_name

__all__ = [
    "score_win",
    "Win",
    "Meld",
    "NotAWin",
    "NoYaku",
    "InvalidHand",
    "ScoringError",
    "RiichiRules",
]

#: Yakuman a player can be liable (pao) for.
PAO_YAKUMAN: Final = ("daisangen", "daisuushii")


# init=False and no slots: the class keeps its own __init__, so compiled code builds it natively
# (a dataclass-made __init__ or a slots copy of the class would be plain Python).
@dataclass(init=False)
class Win:
    """A scored win. ``total`` is the hand's value before honba and sticks (as Tenhou reports).

    ``yaku`` lists ``(yaku_id, han)``, dora included as ``dora``/``aka_dora``/``ura_dora``; a
    yakuman is listed with 13 han per multiple. ``payments`` maps each seat wind (41 East .. 44
    North) to its change in points, honba and riichi sticks included.
    """

    han: int
    fu: int
    yaku: list[tuple[str, int]]
    yakuman: int
    limit: str
    total: int
    payments: dict[int, int]
    basic_points: int
    wait: str
    dealer: bool
    tsumo: bool

    def __init__(
        self,
        han: int,
        fu: int,
        yaku: list[tuple[str, int]],
        yakuman: int,
        limit: str,
        total: int,
        payments: dict[int, int],
        basic_points: int = 0,
        wait: str = "",
        dealer: bool = False,
        tsumo: bool = False,
        _fu_source: tuple = (),
    ) -> None:
        self.han = han
        self.fu = fu
        self.yaku = yaku
        self.yakuman = yakuman
        self.limit = limit
        self.total = total
        self.payments = payments
        self.basic_points = basic_points
        self.wait = wait
        self.dealer = dealer
        self.tsumo = tsumo
        # What ``fu_details`` is computed from, only when asked for (most callers never ask);
        # not a dataclass field, so it stays out of repr and ==.
        self._fu_source = _fu_source

    @property
    def fu_details(self) -> list[tuple[str, int]]:
        """Where each fu comes from, e.g. ``[("base", 20), ("closed ron", 10)]``."""
        src = self._fu_source
        if not src:
            return []
        if len(src) == 4:
            return fu_breakdown(*src)
        return _fast_fu_breakdown(*src)

    def yaku_names(self, lang: str = "en") -> list[tuple[str, int]]:
        return [(display_name(y, lang), han) for y, han in self.yaku]


def _dora_yaku(h: Hand, s: Situation, dora: Sequence[int], ura: Sequence[int]):
    out = []
    try:
        n = count_dora(h.physical, dora)
        u = count_dora(h.physical, ura) if (s.riichi or s.double_riichi) else 0
    except ValueError as exc:
        raise InvalidHand(str(exc)) from None
    if n:
        out.append(("dora", n))
    if h.reds:
        out.append(("aka_dora", h.reds))
    if u:
        out.append(("ura_dora", u))
    return out


class _Slow(Exception):
    """Internal: the fast path hands this call to the general path."""


# Per rules object (by identity; the record keeps the object alive, so an id is never reused):
# the options the fast path reads, its points rows and its situation and hand-yaku memos.
SituationKey = (
    tuple[bool, bool, bool, bool, bool, bool, bool, bool, bool, bool, bool, int, int, bool] | int
)
PointsRows = tuple[PointsRow, ...]
#: (red fives per red field, minimum han, double yakuman, situation records, presence facts,
#: honor facts, the options, the rules object kept alive, points rows)
RuleParams = tuple[
    dict[int, int] | None,
    int,
    bool,
    dict[SituationKey, Record],
    dict[int, TB.Presence],
    dict[int, TB.HonorFacts],
    RiichiRules,
    object,
    PointsRows,
]
_RULE_PARAMS: Final[dict[int, RuleParams]] = {}
#: The reading kept: (form, signature, pinfu, reading's yakuman multiple, choice of splits, wait,
#: pair, fu, han, basic points, yakuman multiple, concealed triplets, limit name).
Best = tuple[
    int, int, bool, int, tuple[int, int, int] | None, int, int, int, int, int, int, int, str
]


def _rule_params(rules: str | RiichiRules) -> RuleParams | None:
    try:
        opts = resolve_rules(rules)
    except ValueError:
        return None
    found: RuleParams = (
        TB.RED_COUNTS.get(opts.red_fives),
        opts.minimum_han,
        opts.double_yakuman,
        {},  # situation key -> situations.situation_record
        {},  # presence key -> tables.presence_facts
        {},  # honor counts -> tables.honor_facts
        opts,
        rules,
        _points_rows(opts.kiriage, opts.kazoe_limit),
    )
    if len(_RULE_PARAMS) >= 256:
        # Many short-lived rules objects: start over rather than stop remembering.
        _RULE_PARAMS.clear()
    _RULE_PARAMS[id(rules)] = found
    return found


_POINTS_ROWS: Final[dict[tuple[bool, str], PointsRows]] = {}


def _points_rows(kiriage: bool, kazoe_limit: str) -> PointsRows:
    """Per (dealer << 1 | tsumo): index han << 8 | fu (han < 64) -> (basic points, value, limit)."""
    key = (kiriage, kazoe_limit)
    if key not in _POINTS_ROWS:
        rules = RiichiRules(kiriage=kiriage, kazoe_limit=kazoe_limit)  # type: ignore[arg-type]
        rows = []
        for mode in range(4):
            dealer, tsumo = bool(mode & 2), bool(mode & 1)
            row: list[tuple[int, int, str] | None] = [None] * (64 << 8)
            for han in range(1, 64):
                for fu in range(20, 256):
                    if han > 13:  # the same limit as 13 han: the same entry
                        row[han << 8 | fu] = row[13 << 8 | fu]
                        continue
                    base, limit = basic_points(han, fu, 0, rules)
                    row[han << 8 | fu] = (base, hand_value(base, dealer, tsumo), limit)
            rows.append(tuple(row))
        _POINTS_ROWS[key] = tuple(rows)
    return _POINTS_ROWS[key]


# Raw fu -> rounded fu, 20 read as 30 (an open pinfu shape on a ron; a closed hand never has 20).
_ROUND_FU: Final = tuple(30 if r <= 20 else -(-r // 10) * 10 for r in range(256))
_WAIT_FU: Final = (2, 0, 2, 2, 0, 0)  # tanki, shanpon, kanchan, penchan, ryanmen, 13-sided
# Indicator code -> shift of the dora's count in K.
_DORA_SHIFT: Final = {code: TB.BITS * i for code, i in DORA_OF_CODE.items()}


class _MeldTable(dict[object, TB.MeldRecord]):
    """Meld -> its record (``tables.meld_record``), read on first sight."""

    def __missing__(self, m: object) -> TB.MeldRecord:
        try:
            ms, ts, _ = _read_meld(m)  # type: ignore[arg-type]
        except (ScoringError, KeyError, TypeError, IndexError) as exc:
            raise _Slow from exc
        found = TB.meld_record(ms, ts)
        if len(self) < 4096:
            self[m] = found
        return found


_MELDS: Final = _MeldTable()
_MELD: Final = _MELDS.__getitem__
_NINE_GATES: Final = (3, 1, 1, 1, 1, 1, 1, 1, 3)
_ORPHAN_INDICES: Final = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def _nine_gates(key: int, offset: int) -> int:
    suit = [(key >> (TB.BITS * j)) & TB.FIELD for j in range(9)]
    if sum(suit) != 14 or any(n < need for n, need in zip(suit, _NINE_GATES, strict=True)):
        return 0
    suit[offset] -= 1
    return 2 if tuple(suit) == _NINE_GATES else 1


def _dora_counts(
    physical: int, dora: Sequence[int], ura: Sequence[int], riichi: bool
) -> tuple[int, int]:
    """(dora, ura-dora) held, by indicator lookups in the physical count int."""
    if type(dora) is not list and type(dora) is not tuple:
        raise _Slow  # read it once, in the general path
    n = 0
    for ind in dora:
        n += (physical >> _DORA_SHIFT[ind]) & 31
    u = 0
    if riichi:
        if type(ura) is not list and type(ura) is not tuple:
            raise _Slow
        for ind in ura:
            u += (physical >> _DORA_SHIFT[ind]) & 31
    return n, u


def _situation(rp: RuleParams, key: SituationKey) -> Record:
    """A situation's record (``situations``), kept per rules; ``_Slow`` for impossible flags."""
    try:
        found = situation_record(key, rp[6].renhou, rp[8])
    except Invalid:
        raise _Slow from None
    if len(rp[3]) < 4096:
        rp[3][key] = found
    return found


def _presence(rp: RuleParams, key: int) -> TB.Presence:
    found = rp[4][key] = TB.presence_facts(key, rp[6].open_tanyao)
    return found


def _honors(rp: RuleParams, key: int) -> TB.HonorFacts:
    found = TB.honor_facts(key, rp[2])
    if len(rp[5]) < 1 << 14:
        rp[5][key] = found
    return found


def _fast_fu_breakdown(
    form, pair, wait, win, pinfu, tsumo, closed, seat, rnd, hk, k0, k1, k2, choice, melds
):
    """``Win.fu_details`` for a fast-path win: rebuild the chosen reading, then explain it."""
    sets = []
    if form == REGULAR:
        # The suits' entries again, by their keys (kept instead of the entries: compiled code
        # would have to box each entry back into a tuple on every call).
        eh = _HONORS.get(hk) or TB.honor_entry(hk)
        e0 = _SUITS0.get(k0) or TB.suit_entry(0, k0)
        e1 = _SUITS1.get(k1) or TB.suit_entry(1, k1)
        e2 = _SUITS2.get(k2) or TB.suit_entry(2, k2)
        for bs in (eh[3][0], e0[3][choice[0]], e1[3][choice[1]], e2[3][choice[2]]):
            for t, i in bs:
                # On a ron, the triplet the discard completed is open.
                opened = wait == SHANPON and t == 0 and i == win
                sets.append((t, i, tsumo if opened else True, False))
        for m in melds:
            ms = _read_meld(m)[0]
            sets.append((ms[0], ms[1], ms[2], ms[3]))
    r = Reading(form, pair, tuple(sets), wait)
    s = Situation(tsumo=tsumo, seat_wind=seat, round_wind=rnd)
    return fu_breakdown(r, _ClosedOnly(closed), s, pinfu)  # type: ignore[arg-type]


class _ClosedOnly:
    __slots__ = ("closed",)

    def __init__(self, closed: bool) -> None:
        self.closed = closed


_SEATS: Final = (41, 42, 43, 44)
_IT0: Final = TB.ITTSU[0]
_IT1: Final = TB.ITTSU[1]
_IT2: Final = TB.ITTSU[2]
# An entry is None for a count over four (the general path explains).
_SUITS0: Final = TB.SUITS[0]
_SUITS1: Final = TB.SUITS[1]
_SUITS2: Final = TB.SUITS[2]
_HONORS: Final = TB.HONORS
_WEIGHT: Final = TB.WEIGHT.__getitem__
_COMPILED: Final = TB.COMPILED
_WIN_INDEX: Final = TB.WIN_INDEX
_VARIANT_SLOT: Final = TB.VARIANT_SLOT
_OWN_YAKU: Final = TB.OWN_YAKU
_SIG_HAN: Final = TB.SIG_HAN
_ZERO3: Final = (0, 0, 0)
_NO_YAKU_LIST: Final[tuple[tuple[str, int], ...]] = ()
_SANANKOU_HAN: Final = (0, 0, 0, 2, 0)  # concealed triplets -> sanankou's han (4: a yakuman)
_CHIITOITSU_YAKU: Final = (("chiitoitsu", 2),)
_NO_YAKU: Final = "this hand is complete but has no yaku, so it cannot win"
_NO_YAKU_BONUS: Final = _NO_YAKU + " (dora are bonuses, not yaku)"
_YAKUMAN_LIMIT: Final = {1: "yakuman", 2: "double yakuman", 3: "triple yakuman"}


# Table constants as module globals (cheaper to load in the hot path than TB attributes).
_ELEVENS: Final = TB.ELEVENS
_FACT_ADD: Final = TB.FACT_ADD
_FACT_MASK: Final = TB.FACT_MASK
_FOUR_FIVES: Final = TB.FOUR_FIVES
_F_ENDS: Final = TB.F_ENDS
_F_OPEN: Final = TB.F_OPEN
_F_PAIRS: Final = TB.F_PAIRS
_SHAPE_ORPHANS: Final = TB.F_ORPHANS - TB.F_PAIRS
_SHAPE_SPLITS: Final = TB.F_NO_SPLIT - TB.F_PAIRS
_SHAPE_MASK: Final = (1 << (TB.F_MANY_SPLITS + 3 - TB.F_PAIRS)) - 1
_HONOR_MASK: Final = TB.HONOR_MASK
_HONOR_SHIFT: Final = TB.HONOR_SHIFT
_P_CONCEALED: Final = TB.P_CONCEALED
_P_FU: Final = TB.P_FU
_P_INNER: Final = TB.P_INNER
_P_LOW: Final = TB.P_LOW
_P_PAIR: Final = TB.P_PAIR
_P_PEIKOU: Final = TB.P_PEIKOU
_P_RUNS: Final = TB.P_RUNS
_P_TRIPLET_BITS: Final = TB.P_TRIPLET_BITS
_RED_SHIFT: Final = TB.RED_SHIFT
_RUN_ADD: Final = TB.RUN_ADD
_RUN_TOPS: Final = TB.RUN_TOPS
_SUIT_MASK: Final = TB.SUIT_MASK
_SUIT_STARTS: Final = TB.SUIT_STARTS
_TOPS: Final = TB.TOPS


def score_win(
    hand: Iterable[int] | str,
    win_tile: int | str,
    melds: Iterable[Meld | tuple] = (),
    *,
    # Keyword-only, so their order changes no call. It is the order compiled code looks them up
    # in, and the lookup stops once every keyword given is found: what most wins pass comes
    # first, the rare flags last (a keyword not given before the last one given costs a scan).
    rules: str | RiichiRules = "majsoul",
    tsumo: bool = False,
    seat_wind: int = 41,
    round_wind: int = 41,
    dora_indicators: Sequence[int] = (),
    honba: int = 0,
    riichi_sticks: int = 0,
    riichi: bool = False,
    ura_indicators: Sequence[int] = (),
    ippatsu: bool = False,
    haitei: bool = False,
    houtei: bool = False,
    double_riichi: bool = False,
    rinshan: bool = False,
    chankan: bool = False,
    tenhou: bool = False,
    chiihou: bool = False,
    renhou: bool = False,
    discarder: int | None = None,
    pao: int | None = None,
) -> Win:
    """Score a win. ``hand`` is the concealed tiles including ``win_tile``.

    ``discarder`` (seat wind of the player who dealt in; default: the player before the winner)
    and ``pao`` (seat wind of a liable player) only change who pays.

    The body is the fast path for ordinary input (tile lists, hashable melds, consistent flags):
    the hand is counted into one int and read through the packed tables of ``tables``, the flags
    through a record per situation (``situations``). Anything else (text input, every error but
    ``NoYaku``) goes to ``_score_general``, which checks and explains; both read hands the same
    way and pick the same reading.
    """
    choice: tuple[int, int, int] | None
    rp = _RULE_PARAMS.get(id(rules)) or _rule_params(rules)
    try:
        if rp is None or (type(hand) is not list and type(hand) is not tuple):
            raise _Slow
        # ------------------------------------------------------------ input, counted
        # Any: K is a 181-bit int, boxed in compiled code anyway; so are its slices, which key
        # dicts as they are (typed int, compiled code would unbox them and box them again).
        # The same count two ways: each is the fastest in its mode (tables.count_by_loop).
        K: Any = TB.count_by_loop(hand) if _COMPILED else sum(map(_WEIGHT, hand))
        wi = _WIN_INDEX[win_tile]  # type: ignore[index]  # a str is a KeyError here
        if type(win_tile) is not int:
            raise _Slow
        if melds:
            if type(melds) is not list and type(melds) is not tuple:
                raise _Slow
            # Each meld adds to the physical counts, the facts, the reading (P and R), the honors.
            PK = K
            F0 = MP = MR = MH = 0
            for m in melds:
                mk, mf, mp, mr, mh = _MELD(m)
                PK += mk
                F0 += mf
                MP += mp
                MR += mr
                MH += mh
            nm = len(melds)
            # A fifth copy (counts stay <= 18 here, so the red-five fields never see a carry).
            if nm > 4 or len(hand) != 14 - 3 * nm or (PK + _ELEVENS) & _TOPS:
                raise _Slow
            calls = (F0 >> _F_OPEN) & 63  # called melds | kans << 3, as a small int
            closed = not calls & 7
            kans = calls >> 3
        else:
            if len(hand) != 14:
                raise _Slow
            PK = K
            F0 = MP = MR = MH = nm = kans = 0
            closed = True
        if not (K >> (5 * wi)) & 31:  # the winning tile is not in the hand
            raise _Slow
        red_counts, minimum_han, double, situations, presence, honor_table, _, _, _ = rp
        if red_counts is None:  # no red fives at this table: a red code is a plain five
            reds = 0
        else:
            reds = red_counts[PK >> _RED_SHIFT]  # more reds than the table has: KeyError
            if PK & _FOUR_FIVES:
                # Four fives of a suit: one must be red.
                for suit in (0, 1, 2):
                    if (PK >> (5 * (9 * suit + 4) + 2)) & 1 and not (
                        PK >> (_RED_SHIFT + 5 * suit)
                    ) & 31:
                        raise _Slow

        if honba < 0 or riichi_sticks < 0:
            raise _Slow
        if pao is not None and (pao == seat_wind or pao not in _SEATS):
            raise _Slow

        # ------------------------------------------------------------ the situation
        key: SituationKey
        if _COMPILED:
            # Compiled, the flags are native bools: one small int is cheaper to build and hash
            # than the 14-item tuple, which is what the interpreter builds fastest
            # (situations.unpack_key reads either). Other winds: the general path explains.
            if not (41 <= seat_wind <= 44 and 41 <= round_wind <= 44):
                raise _Slow
            key = (
                tsumo
                | riichi << 1
                | double_riichi << 2
                | ippatsu << 3
                | rinshan << 4
                | chankan << 5
                | haitei << 6
                | houtei << 7
                | tenhou << 8
                | chiihou << 9
                | renhou << 10
                | closed << 11
                | (seat_wind - 41) << 12
                | (round_wind - 41) << 14
            )
        else:
            key = (
                tsumo,
                riichi,
                double_riichi,
                ippatsu,
                rinshan,
                chankan,
                haitei,
                houtei,
                tenhou,
                chiihou,
                renhou,
                seat_wind,
                round_wind,
                closed,
            )
        (
            sit_yaku,
            common_han,
            hand_yakuman,
            hand_mult,
            fu_base,
            pfu,
            points,
            ron_factor,
            tsumo_bit,
            ura,
            dealer,
            default_discarder,
            checks,
            closed_bit,
            closed_key,
            wind_bits,
            seat_bit,
            seat_yaku,
            round_bit,
            round_yaku,
        ) = situations.get(key) or _situation(rp, key)
        if checks and (
            (checks & NEEDS_KAN and not kans) or (checks & NEEDS_NO_CALLS and nm)
        ):  # fmt: skip
            raise _Slow
        if discarder is None:
            discarder = default_discarder
        elif not tsumo_bit and (discarder == seat_wind or discarder not in _SEATS):
            raise _Slow

        # ------------------------------------------------------------ the suits' records
        k0 = K & _SUIT_MASK
        r0 = _SUITS0.get(k0) or TB.suit_entry(0, k0)
        k1 = (K >> 45) & _SUIT_MASK
        r1 = _SUITS1.get(k1) or TB.suit_entry(1, k1)
        k2 = (K >> 90) & _SUIT_MASK
        r2 = _SUITS2.get(k2) or TB.suit_entry(2, k2)
        hk = (K >> _HONOR_SHIFT) & _HONOR_MASK
        rh = _HONORS.get(hk) or TB.honor_entry(hk)
        if r0 is None or r1 is None or r2 is None or rh is None:
            raise _Slow  # a count over four: the general path explains
        # Typed without None once: compiled code checks and unpacks each entry here, not again
        # at every use.
        e0: TB.Entry = r0
        e1: TB.Entry = r1
        e2: TB.Entry = r2
        eh: TB.Entry = rh
        F = e0[0] + e1[0] + e2[0] + eh[0]
        if nm:
            F += F0

        # ------------------------------------------------------------ yaku of the whole hand
        # The honors (winds, dragons and their yakuman), in the general path's order.
        hs = hk + MH
        if hs:
            mask, honor_yaku, honor_han, honor_yakuman, honor_mult = honor_table.get(hs) or _honors(
                rp, hs
            )
            if mask & wind_bits:
                winds: tuple[tuple[str, int], ...] = (seat_yaku,) if mask & seat_bit else ()
                if mask & round_bit:
                    winds += (round_yaku,)
                honor_yaku = winds + honor_yaku
                honor_han += len(winds)
            common_han += honor_han
            if honor_mult:
                hand_yakuman += honor_yakuman
                hand_mult += honor_mult
        else:
            honor_yaku = _NO_YAKU_LIST
        # Then which counters are zero (tanyao, flushes, honroutou, green, kans).
        pk = ((F + _FACT_ADD) & _FACT_MASK) | closed_key
        before, after, fact_han, fact_yakuman, fact_mult, gates = presence.get(pk) or _presence(
            rp, pk
        )
        common_han += fact_han
        if fact_mult:
            hand_yakuman += fact_yakuman
            hand_mult += fact_mult
        nine = 0
        if gates and not nm:
            nine = _nine_gates((K >> (45 * (wi // 9))) & _SUIT_MASK, wi % 9)
            if nine:
                hand_mult += 2 if nine == 2 and double else 1

        # ------------------------------------------------------------ every reading, best kept
        dora_han = -1
        dn = un = 0
        best: Best | None = None
        best_key = 0  # value << 20 | han << 10 | fu: the order of (points, han, fu)
        found = False
        # Exact pairs, orphan kinds, and the suits that split no way / more than one way.
        shape = (F >> _F_PAIRS) & _SHAPE_MASK
        if not nm:
            if shape & 15 == 7:  # seven pairs: first, as shapes.readings lists it
                found = True
                if hand_mult:
                    base = 8000 * hand_mult
                    han = 13 * hand_mult
                    best_key = ron_factor * base << 20 | han << 10 | 25
                    best = (
                        CHIITOITSU,
                        0,
                        False,
                        0,
                        None,
                        TANKI,
                        wi,
                        25,
                        han,
                        base,
                        hand_mult,
                        0,
                        "",
                    )
                else:
                    han = common_han + 2
                    if han >= minimum_han:
                        dn, un = _dora_counts(PK, dora_indicators, ura_indicators, ura)
                        dora_han = dn + un + reds
                        han += dora_han
                        row = points[han << 8 | 25]
                        if row is None:
                            raise _Slow  # no han at all (a rules object asking for none)
                        base, value, limit = row
                        best_key = value << 20 | han << 10 | 25
                        best = (
                            CHIITOITSU,
                            0,
                            False,
                            0,
                            None,
                            TANKI,
                            wi,
                            25,
                            han,
                            base,
                            0,
                            0,
                            limit,
                        )
            elif (shape >> _SHAPE_ORPHANS) & 15 == 13 and (F >> _F_ENDS) & 31 == 14:
                found = True
                pair = next(i for i in _ORPHAN_INDICES if (K >> (5 * i)) & 31 == 2)
                wait = THIRTEEN_SIDED if pair == wi else TANKI
                fu = _ROUND_FU[fu_base + _WAIT_FU[wait] + pfu[pair]]
                rmult = 2 if double and wait == THIRTEEN_SIDED else 1
                mult = hand_mult + rmult
                base = 8000 * mult
                best_key = ron_factor * base << 20 | 13 * mult << 10 | fu
                best = (
                    KOKUSHI,
                    0,
                    False,
                    rmult,
                    None,
                    wait,
                    pair,
                    fu,
                    13 * mult,
                    base,
                    mult,
                    0,
                    "",
                )
        sp = shape >> _SHAPE_SPLITS
        if not sp & 7:  # (a thirteen orphans hand never splits)
            ws = wi // 9
            we = e0 if ws == 0 else e1 if ws == 1 else e2 if ws == 2 else eh
            var = we[4][_VARIANT_SLOT[wi] + tsumo_bit]
            splits: list[tuple[int, int, tuple[int, int, int]]]
            if not sp:
                splits = [(e0[1][0] + e1[1][0] + e2[1][0] + eh[1][0] + MP, 0, _ZERO3)]
            else:
                splits = []
                h0 = eh[1][0] + MP
                for i0, a in enumerate(e0[1]):
                    for i1, b in enumerate(e1[1]):
                        for i2, c in enumerate(e2[1]):
                            j = i0 if ws == 0 else i1 if ws == 1 else i2 if ws == 2 else 0
                            splits.append((h0 + a + b + c, j, (i0, i1, i2)))
            for D, j, choice in splits:
                d = D & _P_LOW  # the small fields, as a small int
                if d & 7 != 1:
                    continue
                found = True
                runs = (d >> _P_RUNS) & 7
                pair = (d >> _P_PAIR) & 63
                pair_fu = pfu[pair]
                fu_d = fu_base + pair_fu + ((d >> _P_FU) & 255)
                conc_d = (d >> _P_CONCEALED) & 7
                may_pinfu = closed and runs == 4 and not pair_fu
                sig = -1
                for wait, dfu, dconc in var[j]:
                    conc = conc_d + dconc
                    if may_pinfu and wait == RYANMEN:
                        pinfu = True
                        fu = 20 if tsumo_bit else 30
                    else:
                        pinfu = False
                        fu = _ROUND_FU[fu_d + dfu]
                    if conc == 4:
                        rmult = 2 if double and wait == TANKI else 1
                        mult = hand_mult + rmult
                    else:
                        rmult = 0
                        mult = hand_mult
                    if mult:
                        base = 8000 * mult
                        han = 13 * mult
                        value = ron_factor * base
                        limit = ""
                    else:
                        if sig < 0:
                            # The decomposition's own yaku, as a signature (tables.SIG_*).
                            if runs:
                                # Peikou pairs (at most two: four runs) count on a closed hand.
                                sig = ((d >> _P_PEIKOU) & 7 if closed else 0) if runs >= 2 else 0
                                if runs >= 3:
                                    # Runs per start (honors have none).
                                    R = e0[2][choice[0]] + e1[2][choice[1]] + e2[2][choice[2]]
                                    rb = (R + MR + _RUN_ADD) & _RUN_TOPS
                                    if rb & _IT0 == _IT0 or rb & _IT1 == _IT1 or rb & _IT2 == _IT2:
                                        sig += 4
                                    if rb & (rb >> 21) & (rb >> 42) & _SUIT_STARTS:
                                        sig += 8
                                elif runs == 1:
                                    tb = D >> _P_TRIPLET_BITS
                                    if tb & (tb >> 9) & (tb >> 18) & 0x1FF:
                                        sig += 16
                                if not d >> _P_INNER:  # every set and the pair outside
                                    sig += 64 if hs else 128  # chanta with honors, or junchan
                            else:
                                sig = 32
                                tb = D >> _P_TRIPLET_BITS
                                if tb & (tb >> 9) & (tb >> 18) & 0x1FF:
                                    sig += 16
                            dh = _SIG_HAN[closed_bit | sig]
                        han = common_han + dh + pinfu + _SANANKOU_HAN[conc]
                        if han < minimum_han:
                            continue
                        if dora_han < 0:
                            # Read once; an indicator that is not a tile fails the lookup and
                            # the general path raises the same error at the same point.
                            for ind in dora_indicators:
                                dn += (PK >> _DORA_SHIFT[ind]) & 31
                            if ura:
                                for ind in ura_indicators:
                                    un += (PK >> _DORA_SHIFT[ind]) & 31
                            dora_han = dn + un + reds
                        han += dora_han
                        row = points[han << 8 | fu]  # 64+ han: IndexError
                        if row is None:
                            raise _Slow
                        base, value, limit = row
                    vkey = value << 20 | han << 10 | fu
                    if best is None or vkey > best_key:
                        best_key = vkey
                        best = (
                            REGULAR,
                            sig if not mult else 0,
                            pinfu,
                            rmult,
                            choice,
                            wait,
                            pair,
                            fu,
                            han,
                            base,
                            mult,
                            conc,
                            limit,
                        )
        if best is None:
            if not found:
                raise _Slow  # not a winning shape: the general path explains
            if not reds:
                reds = _dora_counts(PK, dora_indicators, (), False)[0]
    except (_Slow, KeyError, TypeError, IndexError, AttributeError):
        return _score_general(
            hand, win_tile, melds, tsumo=tsumo, riichi=riichi, double_riichi=double_riichi,
            ippatsu=ippatsu, rinshan=rinshan, chankan=chankan, haitei=haitei, houtei=houtei,
            tenhou=tenhou, chiihou=chiihou, renhou=renhou, seat_wind=seat_wind,
            round_wind=round_wind, dora_indicators=dora_indicators,
            ura_indicators=ura_indicators, honba=honba, riichi_sticks=riichi_sticks,
            discarder=discarder, pao=pao, rules=rules,
        )  # fmt: skip

    if best is None:
        raise NoYaku(_NO_YAKU_BONUS if reds else _NO_YAKU)
    form, sig, pinfu, rmult, choice, wait, pair, fu, han, base, mult, conc, limit = best
    # ------------------------------------------------------------ the result
    if mult:
        yl = list(hand_yakuman)
        if nine == 2:
            yl.append(("junsei_chuuren_poutou", 26 if double else 13))
        elif nine:
            yl.append(("chuuren_poutou", 13))
        if rmult:
            if form == KOKUSHI:
                name = "kokushi_musou_13" if wait == THIRTEEN_SIDED else "kokushi_musou"
            else:
                name = "suuankou_tanki" if wait == TANKI else "suuankou"
            yl.append((name, 13 * rmult))
        limit = _YAKUMAN_LIMIT.get(mult) or f"{mult}x yakuman"
    else:
        yl = [
            *sit_yaku,
            *before,
            *honor_yaku,
            *after,
            *(
                _CHIITOITSU_YAKU
                if form == CHIITOITSU
                else _OWN_YAKU[(closed_bit | sig) << 2 | pinfu << 1 | (conc == 3)]
            ),
        ]
        if dn:
            yl.append(("dora", dn))
        if reds:
            yl.append(("aka_dora", reds))
        if un:
            yl.append(("ura_dora", un))
    value = best_key >> 20
    if pao is None:
        if tsumo_bit:
            if dealer:
                each = -(-2 * base // 100) * 100 + 100 * honba
                payments = {41: 3 * each + 1000 * riichi_sticks, 42: -each, 43: -each, 44: -each}
            else:
                d = -(-2 * base // 100) * 100 + 100 * honba
                o = -(-base // 100) * 100 + 100 * honba
                payments = {41: -d, 42: -o, 43: -o, 44: -o}
                payments[seat_wind] = d + 2 * o + 1000 * riichi_sticks
        else:
            paid = value + 300 * honba
            payments = {41: 0, 42: 0, 43: 0, 44: 0}
            payments[discarder] = -paid  # type: ignore[index]  # set above for a ron
            payments[seat_wind] = paid + 1000 * riichi_sticks
    else:
        fed = [(y, m) for y, m in yl if y in PAO_YAKUMAN]
        if not fed:
            raise InvalidHand("pao only applies to big three dragons or big four winds")
        if rp[6].pao_scope == "whole_hand":
            liable_base = base
        else:
            liable_base = 8000 * sum(m // 13 for _, m in fed)
        payments = settle(base, seat_wind, tsumo, discarder, honba, riichi_sticks, pao, liable_base)
    return Win(
        han,
        fu,
        yl,
        mult,
        limit,
        value,
        payments,
        base,
        WAIT_NAMES[wait],
        dealer,
        tsumo,
        (
            form,
            pair,
            wait,
            wi,
            pinfu,
            tsumo,
            closed,
            seat_wind,
            round_wind,
            hk,
            k0,
            k1,
            k2,
            choice,
            melds if type(melds) is tuple else tuple(melds),
        ),
    )


def _score_general(
    hand: Iterable[int] | str,
    win_tile: int | str,
    melds: Iterable[Meld | tuple] = (),
    *,
    tsumo: bool = False,
    riichi: bool = False,
    double_riichi: bool = False,
    ippatsu: bool = False,
    rinshan: bool = False,
    chankan: bool = False,
    haitei: bool = False,
    houtei: bool = False,
    tenhou: bool = False,
    chiihou: bool = False,
    renhou: bool = False,
    seat_wind: int = 41,
    round_wind: int = 41,
    dora_indicators: Sequence[int] = (),
    ura_indicators: Sequence[int] = (),
    honba: int = 0,
    riichi_sticks: int = 0,
    discarder: int | None = None,
    pao: int | None = None,
    rules: str | RiichiRules = "majsoul",
) -> Win:
    """The general path: every input, every error message (``score_win`` falls back here)."""
    opts = resolve_rules(rules)
    h = build_hand(hand, win_tile, melds, opts.red_fives)
    s = Situation(
        tsumo,
        riichi or double_riichi,
        double_riichi,
        ippatsu,
        rinshan,
        chankan,
        haitei,
        houtei,
        tenhou,
        chiihou,
        renhou,
        seat_wind,
        round_wind,
        honba,
        riichi_sticks,
    )
    check_situation(s, h.closed, h.kans, len(h.melds))
    if not tsumo:
        if discarder is None:
            discarder = (seat_wind - 42) % 4 + 41
        elif discarder == seat_wind or discarder not in (41, 42, 43, 44):
            raise InvalidHand("the discarder must be another seat's wind (41-44)")
    if pao is not None and (pao == seat_wind or pao not in (41, 42, 43, 44)):
        raise InvalidHand("the pao (liable) player must be another seat's wind (41-44)")

    found = readings(h, tsumo)
    if not found:
        raise NotAWin(
            f"{T.format(_concealed_tiles(h))} is not a winning hand: it needs four sets and a "
            "pair, seven pairs or thirteen orphans"
        )
    dealer = s.dealer
    f = facts(h)
    common = hand_yaku(h, s, opts, f)
    common_yakuman = hand_yakuman(h, s, opts, f)
    common_han = 0
    for _, han in common:
        common_han += han
    dora_list: list[tuple[str, int]] | None = None
    dora_han = 0
    best: tuple | None = None
    for r in found:
        own, concealed_triplets = reading_yaku(r, h, s)
        pinfu = bool(own) and own[0][0] == "pinfu"
        fu = fu_of(r, h, s, pinfu)
        yakuman = common_yakuman + reading_yakuman(r, concealed_triplets, opts)
        if yakuman:
            mult = 0
            for _, m in yakuman:
                mult += m
            base, limit = basic_points(0, fu, mult, opts)
            yl = [(y, 13 * m) for y, m in yakuman]
            han = 13 * mult
        else:
            han = common_han
            for _, x in own:
                han += x
            if han < opts.minimum_han:
                continue
            if dora_list is None:
                dora_list = _dora_yaku(h, s, dora_indicators, ura_indicators)
                for _, n in dora_list:
                    dora_han += n
            han += dora_han
            base, limit = basic_points(han, fu, 0, opts)
            yl = common + own + dora_list
            mult = 0
        value = hand_value(base, dealer, tsumo)
        key = (value, han, fu)
        if best is None or key > best[0]:
            best = (key, r, yl, mult, base, han, fu, limit, pinfu)
    if best is None:
        raise NoYaku(
            "this hand is complete but has no yaku, so it cannot win"
            + (" (dora are bonuses, not yaku)" if _has_bonus(h, dora_indicators) else "")
        )
    (value, han, fu), r, yl, mult, base, han, fu, limit, pinfu = best
    liable_base = 0
    if pao is not None:
        fed = [(y, m) for y, m in yl if y in PAO_YAKUMAN]
        if not fed:
            raise InvalidHand("pao only applies to big three dragons or big four winds")
        if opts.pao_scope == "whole_hand":
            liable_base = base
        else:
            liable_base = 8000 * sum(m // 13 for _, m in fed)
    payments = settle(base, seat_wind, tsumo, discarder, honba, riichi_sticks, pao, liable_base)
    return Win(
        han,
        fu,
        yl,
        mult,
        limit,
        value,
        payments,
        base,
        WAIT_NAMES[r.wait],
        dealer,
        tsumo,
        (r, h, s, pinfu),
    )


def _concealed_tiles(h: Hand) -> list[int]:
    return [T.from_index34(i) for i, n in enumerate(h.concealed) for _ in range(n)]


def _has_bonus(h: Hand, dora: Sequence[int]) -> bool:
    try:
        return bool(h.reds or count_dora(h.physical, dora))
    except ValueError:
        return False
