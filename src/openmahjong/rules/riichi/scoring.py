"""Score a Riichi win: the public entry point ``score_win`` and its result ``Win``.

The scorer reads the hand every way it can (``shapes.readings``), scores each reading (yaku or
yakuman, fu, dora, limit) and keeps the best one: most points, then most han, then most fu.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, cast

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


SituationKey = (
    tuple[bool, bool, bool, bool, bool, bool, bool, bool, bool, bool, bool, int, int, bool] | int
)
PointsRows = tuple[PointsRow, ...]


class _Params:
    """What the fast path reads of one rules object: its options, its points rows, and its
    situation and hand-yaku memos. A class (not a tuple): compiled, each read is one load."""

    def __init__(self, opts: RiichiRules, rules: object) -> None:
        #: Added to the red-five fields, sets a top bit for too many reds (-1: no red fives).
        self.red_add: int = TB.RED_ADD.get(opts.red_fives, -1)
        self.minimum_han: int = opts.minimum_han
        self.double: bool = opts.double_yakuman
        self.situations: dict[SituationKey, Record] = {}  # -> situations.situation_record
        self.presence: dict[int, TB.Presence] = {}  # presence key -> tables.presence_facts
        self.honors: dict[int, TB.HonorFacts] = {}  # honor counts -> tables.honor_facts
        self.opts = opts
        self.rules = rules  # kept alive, so its id is never reused while it is a key here
        self.points: PointsRows = _points_rows(opts.kiriage, opts.kazoe_limit)


class _LastRules:
    """The params of the last call's rules: most callers pass one rules object all along. One
    attribute (the params know their rules), so a thread switch never pairs the wrong two."""

    def __init__(self) -> None:
        self.params: _Params | None = None


_LAST: Final = _LastRules()
#: Per rules object, by identity.
_RULE_PARAMS: Final[dict[int, _Params]] = {}


def _rule_params(rules: str | RiichiRules) -> _Params | None:
    found = _RULE_PARAMS.get(id(rules))
    if found is None:
        try:
            opts = resolve_rules(rules)
        except ValueError:
            return None
        found = _Params(opts, rules)
        if len(_RULE_PARAMS) >= 256:
            # Many short-lived rules objects: start over rather than stop remembering.
            _RULE_PARAMS.clear()
        _RULE_PARAMS[id(rules)] = found
    _LAST.params = found
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
#: Indicator code -> its dora's place: part (as count_parts orders them) << 8 | shift.
_DORA_AT: Final = {code: (i // 9) << 8 | TB.BITS * (i % 9) for code, i in DORA_OF_CODE.items()}


def _count_at(p0: int, p1: int, p2: int, ph: int, at: int) -> int:
    """The count at ``at`` (part << 8 | shift) of a hand counted into parts."""
    part = at >> 8
    p = p0 if part == 0 else p1 if part == 1 else p2 if part == 2 else ph
    return (p >> (at & 255)) & 31


_MELDS: Final[dict[object, TB.MeldRecord]] = {}


def _meld(m: object) -> TB.MeldRecord:
    """A meld's record (``tables.meld_record``), read on first sight and kept."""
    try:
        ms, ts, _ = _read_meld(m)  # type: ignore[arg-type]
    except (ScoringError, KeyError, TypeError, IndexError) as exc:
        raise _Slow from exc
    found = TB.meld_record(ms, ts)
    if len(_MELDS) < 4096:
        _MELDS[m] = found
    return found


_NINE_GATES: Final = (3, 1, 1, 1, 1, 1, 1, 1, 3)
_TERMINAL_SHIFTS: Final = (0, 8 * TB.BITS)


def _nine_gates(suit_key: int, offset: int) -> int:
    suit = [(suit_key >> (TB.BITS * j)) & TB.FIELD for j in range(9)]
    if sum(suit) != 14 or any(n < need for n, need in zip(suit, _NINE_GATES, strict=True)):
        return 0
    suit[offset] -= 1
    return 2 if tuple(suit) == _NINE_GATES else 1


def _orphan_pair(k0: int, k1: int, k2: int, hk: int) -> int:
    """The dense index of the terminal or honor held twice (a thirteen orphans hand)."""
    for suit, k in enumerate((k0, k1, k2)):
        for shift in _TERMINAL_SHIFTS:
            if (k >> shift) & 31 == 2:
                return 9 * suit + shift // TB.BITS
    for j in range(7):
        if (hk >> (TB.BITS * j)) & 31 == 2:
            return 27 + j
    raise _Slow


def _dora_counts(
    p0: int, p1: int, p2: int, ph: int, dora: Sequence[int], ura: Sequence[int], riichi: bool
) -> tuple[int, int]:
    """(dora, ura-dora) held, by indicator lookups in the physical counts."""
    if type(dora) is not list and type(dora) is not tuple:
        raise _Slow  # read it once, in the general path
    n = 0
    for ind in dora:
        n += _count_at(p0, p1, p2, ph, _DORA_AT[ind])
    u = 0
    if riichi:
        if type(ura) is not list and type(ura) is not tuple:
            raise _Slow
        for ind in ura:
            u += _count_at(p0, p1, p2, ph, _DORA_AT[ind])
    return n, u


def _situation(rp: _Params, key: SituationKey) -> Record:
    """A situation's record (``situations``), kept per rules; ``_Slow`` for impossible flags."""
    try:
        found = situation_record(key, rp.opts.renhou, rp.points)
    except Invalid:
        raise _Slow from None
    if len(rp.situations) < 4096:
        rp.situations[key] = found
    return found


def _presence(rp: _Params, key: int) -> TB.Presence:
    found = rp.presence[key] = TB.presence_facts(key, rp.opts.open_tanyao)
    return found


def _honors(rp: _Params, key: int) -> TB.HonorFacts:
    found = TB.honor_facts(key, rp.double)
    if len(rp.honors) < 1 << 14:
        rp.honors[key] = found
    return found


def _fast_fu_breakdown(
    form, pair, wait, win, pinfu, tsumo, closed, seat, rnd, eh, e0, e1, e2, choice, melds
):
    """``Win.fu_details`` for a fast-path win: rebuild the chosen reading, then explain it."""
    sets = []
    if form == REGULAR:
        for bs in (eh.blocks[0], e0.blocks[choice[0]], e1.blocks[choice[1]], e2.blocks[choice[2]]):
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
#: Tile code (below 306) -> dense index (red fives as their five), -1 for no tile.
_WIN_AT: Final = tuple(TB.WIN_INDEX.get(code, -1) for code in range(306))
_VARIANT_SLOT: Final = TB.VARIANT_SLOT
_OWN_YAKU: Final = TB.OWN_YAKU
_SIG_HAN: Final = TB.SIG_HAN
_NO_YAKU_LIST: Final[tuple[tuple[str, int], ...]] = ()
_SANANKOU_HAN: Final = (0, 0, 0, 2, 0)  # concealed triplets -> sanankou's han (4: a yakuman)
_CHIITOITSU_YAKU: Final = (("chiitoitsu", 2),)
_NO_YAKU: Final = "this hand is complete but has no yaku, so it cannot win"
_NO_YAKU_BONUS: Final = _NO_YAKU + " (dora are bonuses, not yaku)"
_YAKUMAN_LIMIT: Final = {1: "yakuman", 2: "double yakuman", 3: "triple yakuman"}


# Table constants as module globals (cheaper to load in the hot path than TB attributes).
_ELEVENS: Final = TB.PART_ELEVENS
_FIVE_FOUR: Final = TB.FIVE_FOUR_BIT
_RED_TOPS: Final = TB.RED_TOPS
_FU_BIAS: Final = TB.VARIANT_FU_BIAS
_FACT_ADD: Final = TB.FACT_ADD
_FACT_MASK: Final = TB.FACT_MASK
_F_ENDS: Final = TB.F_ENDS
_F_OPEN: Final = TB.F_OPEN
_F_PAIRS: Final = TB.F_PAIRS
_SHAPE_ORPHANS: Final = TB.F_ORPHANS - TB.F_PAIRS
_SHAPE_SPLITS: Final = TB.F_NO_SPLIT - TB.F_PAIRS
_SHAPE_MASK: Final = (1 << (TB.F_MANY_SPLITS + 3 - TB.F_PAIRS)) - 1
_P_CONCEALED: Final = TB.P_CONCEALED
_P_FU: Final = TB.P_FU
_P_INNER: Final = TB.P_INNER
_P_LOW: Final = TB.P_LOW
_P_PAIR: Final = TB.P_PAIR
_P_PEIKOU: Final = TB.P_PEIKOU
_P_RUNS: Final = TB.P_RUNS
_P_TRIPLET_BITS: Final = TB.P_TRIPLET_BITS
_RUN_ADD: Final = TB.RUN_ADD
_RUN_TOPS: Final = TB.RUN_TOPS
_SUIT_STARTS: Final = TB.SUIT_STARTS
_TOPS: Final = TB.PART_TOPS


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
    the hand is counted into a few small ints and read through the packed tables of ``tables``,
    the flags through a record per situation (``situations``). Anything else (text input, every
    error but ``NoYaku``) goes to ``_score_general``, which checks and explains; both read hands
    the same way and pick the same reading.
    """
    rp = _LAST.params
    if rp is None or rp.rules is not rules:
        rp = _rule_params(rules)
    try:
        if rp is None or (type(hand) is not list and type(hand) is not tuple):
            raise _Slow
        # ------------------------------------------------------------ input, counted
        # Four parts (man, pin, sou: nine five-bit counts; honors: seven) and the red-five
        # fields, each under 2^45: machine-sized ints in compiled code, which counts them in a
        # native loop. The interpreter is fastest summing the weights in C and slicing the sum.
        if _COMPILED:
            # Typed as a list, the loop reads items by index (an iterator is slower).
            k0, k1, k2, hk, kr = TB.count_parts(
                cast(list[int], hand) if type(hand) is list else list(hand)
            )
        else:
            k0, k1, k2, hk, kr = TB.split_parts(sum(map(_WEIGHT, hand)))
        if type(win_tile) is not int or not 0 <= win_tile < 306:
            raise _Slow
        wi = _WIN_AT[win_tile]
        ws = wi // 9  # the winning tile's part (-1: no tile)
        wk = k0 if ws == 0 else k1 if ws == 1 else k2 if ws == 2 else hk
        if wi < 0 or not (wk >> (5 * (wi - 9 * ws))) & 31:
            raise _Slow  # not a tile, or not in the hand
        # The physical counts (melds and kans included), for dora, red fives and fifth copies.
        p0, p1, p2, ph, pr = k0, k1, k2, hk, kr
        if melds:
            if type(melds) is not list and type(melds) is not tuple:
                raise _Slow
            # Each meld adds to the physical counts, the facts and the reading (P and R).
            F0 = MP = MR = 0
            for m in melds:
                mc = _MELDS.get(m) or _meld(m)
                p0 += mc.man
                p1 += mc.pin
                p2 += mc.sou
                ph += mc.honors
                pr += mc.reds
                F0 += mc.facts
                MP += mc.p
                MR += mc.r
            nm = len(melds)
            # A fifth copy (counts stay <= 18 here, so no field carries into the next).
            if (
                nm > 4
                or len(hand) != 14 - 3 * nm
                or ((p0 + _ELEVENS) | (p1 + _ELEVENS) | (p2 + _ELEVENS) | (ph + _ELEVENS)) & _TOPS
            ):
                raise _Slow
            calls = (F0 >> _F_OPEN) & 63  # called melds | kans << 3, as a small int
            closed = not calls & 7
            kans = calls >> 3
        else:
            if len(hand) != 14:
                raise _Slow
            F0 = MP = MR = nm = kans = 0
            closed = True
        red_add = rp.red_add
        minimum_han = rp.minimum_han
        double = rp.double
        if red_add < 0:  # no red fives at this table: a red code is a plain five
            reds = 0
        else:
            if (pr + red_add) & _RED_TOPS:
                raise _Slow  # more red fives than the table has
            reds = (pr & 31) + ((pr >> 5) & 31) + (pr >> 10)
            if ((p0 | p1 | p2) >> _FIVE_FOUR) & 1 and (
                ((p0 >> _FIVE_FOUR) & 1 and not pr & 31)
                or ((p1 >> _FIVE_FOUR) & 1 and not (pr >> 5) & 31)
                or ((p2 >> _FIVE_FOUR) & 1 and not pr >> 10)
            ):
                raise _Slow  # four fives of a suit and none red

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
        sit = rp.situations.get(key) or _situation(rp, key)
        checks = sit.checks
        if checks and (
            (checks & NEEDS_KAN and not kans) or (checks & NEEDS_NO_CALLS and nm)
        ):  # fmt: skip
            raise _Slow
        tsumo_bit = sit.tsumo_bit
        if discarder is None:
            discarder = sit.default_discarder
        elif not tsumo_bit and (discarder == seat_wind or discarder not in _SEATS):
            raise _Slow
        common_han = sit.han
        hand_yakuman = sit.yakuman
        hand_mult = sit.mult

        # ------------------------------------------------------------ the suits' records
        r0 = _SUITS0.get(k0) or TB.suit_entry(0, k0)
        r1 = _SUITS1.get(k1) or TB.suit_entry(1, k1)
        r2 = _SUITS2.get(k2) or TB.suit_entry(2, k2)
        rh = _HONORS.get(hk) or TB.honor_entry(hk)
        if r0 is None or r1 is None or r2 is None or rh is None:
            raise _Slow  # a count over four: the general path explains
        e0, e1, e2, eh = r0, r1, r2, rh
        F = e0.facts + e1.facts + e2.facts + eh.facts
        if nm:
            F += F0

        # ------------------------------------------------------------ yaku of the whole hand
        # The honors (winds, dragons and their yakuman), in the general path's order; ph holds
        # the honors of the melds too.
        if ph:
            hf = rp.honors.get(ph) or _honors(rp, ph)
            honor_yaku = hf.yaku
            mask = hf.mask
            if mask & sit.wind_bits:
                winds: tuple[tuple[str, int], ...] = (sit.seat_yaku,) if mask & sit.seat_bit else ()
                if mask & sit.round_bit:
                    winds += (sit.round_yaku,)
                honor_yaku = winds + honor_yaku
                common_han += len(winds)
            common_han += hf.han
            if hf.mult:
                hand_yakuman += hf.yakuman
                hand_mult += hf.mult
        else:
            honor_yaku = _NO_YAKU_LIST
        # Then which counters are zero (tanyao, flushes, honroutou, green, kans).
        pk = ((F + _FACT_ADD) & _FACT_MASK) | sit.closed_key
        pf = rp.presence.get(pk) or _presence(rp, pk)
        common_han += pf.han
        if pf.mult:
            hand_yakuman += pf.yakuman
            hand_mult += pf.mult
        nine = 0
        if pf.gates and not nm:
            nine = _nine_gates(wk, wi - 9 * ws)
            if nine:
                hand_mult += 2 if nine == 2 and double else 1

        # ------------------------------------------------------------ every reading, best kept
        fu_base = sit.fu_base
        pfu = sit.pair_fu
        points = sit.points
        ron_factor = sit.ron_factor
        closed_bit = sit.closed_bit
        ura = sit.ura
        dora_han = -1
        dn = un = 0
        # The reading kept, as plain locals (a tuple would be built for every better reading).
        kept = found = False
        best_key = 0  # value << 20 | han << 10 | fu: the order of (points, han, fu)
        b_form = b_sig = b_rmult = b_wait = b_pair = b_fu = b_han = b_base = b_mult = b_conc = 0
        b_pinfu = False
        b_limit = ""
        c0 = c1 = c2 = 0  # the kept reading's split of each suit
        # Exact pairs, orphan kinds, and the suits that split no way / more than one way.
        shape = (F >> _F_PAIRS) & _SHAPE_MASK
        if not nm:
            if shape & 15 == 7:  # seven pairs: first, as shapes.readings lists it
                found = True
                if hand_mult:
                    b_base = 8000 * hand_mult
                    b_han = 13 * hand_mult
                    best_key = ron_factor * b_base << 20 | b_han << 10 | 25
                    kept = True
                    b_mult = hand_mult
                else:
                    han = common_han + 2
                    if han >= minimum_han:
                        dn, un = _dora_counts(p0, p1, p2, ph, dora_indicators, ura_indicators, ura)
                        dora_han = dn + un + reds
                        han += dora_han
                        row = points[han << 8 | 25]
                        if row is None:
                            raise _Slow  # no han at all (a rules object asking for none)
                        b_base, value, b_limit = row
                        b_han = han
                        best_key = value << 20 | han << 10 | 25
                        kept = True
                if kept:
                    b_form = CHIITOITSU
                    b_wait = TANKI
                    b_pair = wi
                    b_fu = 25
            elif (shape >> _SHAPE_ORPHANS) & 15 == 13 and (F >> _F_ENDS) & 31 == 14:
                found = kept = True
                b_form = KOKUSHI
                b_pair = _orphan_pair(k0, k1, k2, hk)
                b_wait = THIRTEEN_SIDED if b_pair == wi else TANKI
                b_fu = _ROUND_FU[fu_base + _WAIT_FU[b_wait] + pfu[b_pair]]
                b_rmult = 2 if double and b_wait == THIRTEEN_SIDED else 1
                b_mult = hand_mult + b_rmult
                b_base = 8000 * b_mult
                b_han = 13 * b_mult
                best_key = ron_factor * b_base << 20 | b_han << 10 | b_fu
        sp = shape >> _SHAPE_SPLITS
        if not sp & 7:  # (a thirteen orphans hand never splits)
            we = e0 if ws == 0 else e1 if ws == 1 else e2 if ws == 2 else eh
            var = we.variants[_VARIANT_SLOT[wi] + tsumo_bit]
            s0, s1, s2 = e0.ps, e1.ps, e2.ps
            n1, n2 = len(s1), len(s2)
            h0 = eh.p + MP
            D0 = h0 + e0.p + e1.p + e2.p  # the first split of each suit
            # Every choice of one split per suit (most hands: one), the last suit's fastest,
            # in the order shapes.readings lists them.
            i0 = i1 = i2 = 0
            for n in range(len(s0) * n1 * n2):
                if n:
                    i2 = n % n2
                    i1 = (n // n2) % n1
                    i0 = n // (n1 * n2)
                    D = h0 + s0[i0] + s1[i1] + s2[i2]
                else:
                    D = D0
                d = D & _P_LOW  # the small fields, as a small int
                if d & 7 != 1:
                    continue
                found = True
                j = i0 if ws == 0 else i1 if ws == 1 else i2 if ws == 2 else 0
                runs = (d >> _P_RUNS) & 7
                pair = (d >> _P_PAIR) & 63
                pair_fu = pfu[pair]
                fu_d = fu_base + pair_fu + ((d >> _P_FU) & 255) - _FU_BIAS
                conc_d = ((d >> _P_CONCEALED) & 7) - 1
                may_pinfu = closed and runs == 4 and not pair_fu
                sig = -1
                for v in var[j]:  # tables.variant: wait | fu + bias << 3 | triplets + 1 << 9
                    wait = v & 7
                    conc = conc_d + (v >> 9)
                    if may_pinfu and wait == RYANMEN:
                        pinfu = True
                        fu = 20 if tsumo_bit else 30
                    else:
                        pinfu = False
                        fu = _ROUND_FU[fu_d + ((v >> 3) & 63)]
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
                                    R = (
                                        e0.rs[i0] + e1.rs[i1] + e2.rs[i2]
                                        if n
                                        else e0.r + e1.r + e2.r
                                    )
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
                                    sig += 64 if ph else 128  # chanta with honors, or junchan
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
                            dn, un = _dora_counts(
                                p0, p1, p2, ph, dora_indicators, ura_indicators, ura
                            )
                            dora_han = dn + un + reds
                        han += dora_han
                        row = points[han << 8 | fu]  # 64+ han: IndexError
                        if row is None:
                            raise _Slow
                        base, value, limit = row
                    vkey = value << 20 | han << 10 | fu
                    if not kept or vkey > best_key:
                        kept = True
                        best_key = vkey
                        b_form = REGULAR
                        b_sig = sig if not mult else 0
                        b_pinfu = pinfu
                        b_rmult = rmult
                        c0, c1, c2 = i0, i1, i2
                        b_wait = wait
                        b_pair = pair
                        b_fu = fu
                        b_han = han
                        b_base = base
                        b_mult = mult
                        b_conc = conc
                        b_limit = limit
        if not kept:
            if not found:
                raise _Slow  # not a winning shape: the general path explains
            if not reds:
                reds = _dora_counts(p0, p1, p2, ph, dora_indicators, (), False)[0]
    except (_Slow, KeyError, TypeError, IndexError, AttributeError):
        return _score_general(
            hand, win_tile, melds, tsumo=tsumo, riichi=riichi, double_riichi=double_riichi,
            ippatsu=ippatsu, rinshan=rinshan, chankan=chankan, haitei=haitei, houtei=houtei,
            tenhou=tenhou, chiihou=chiihou, renhou=renhou, seat_wind=seat_wind,
            round_wind=round_wind, dora_indicators=dora_indicators,
            ura_indicators=ura_indicators, honba=honba, riichi_sticks=riichi_sticks,
            discarder=discarder, pao=pao, rules=rules,
        )  # fmt: skip

    if not kept:
        raise NoYaku(_NO_YAKU_BONUS if reds else _NO_YAKU)
    # ------------------------------------------------------------ the result
    mult = b_mult
    if mult:
        yl = list(hand_yakuman)
        if nine == 2:
            yl.append(("junsei_chuuren_poutou", 26 if double else 13))
        elif nine:
            yl.append(("chuuren_poutou", 13))
        if b_rmult:
            if b_form == KOKUSHI:
                name = "kokushi_musou_13" if b_wait == THIRTEEN_SIDED else "kokushi_musou"
            else:
                name = "suuankou_tanki" if b_wait == TANKI else "suuankou"
            yl.append((name, 13 * b_rmult))
        limit = _YAKUMAN_LIMIT.get(mult) or f"{mult}x yakuman"
    else:
        limit = b_limit
        yl = [
            *sit.yaku,
            *pf.before,
            *honor_yaku,
            *pf.after,
            *(
                _CHIITOITSU_YAKU
                if b_form == CHIITOITSU
                else _OWN_YAKU[(closed_bit | b_sig) << 2 | b_pinfu << 1 | (b_conc == 3)]
            ),
        ]
        if dn:
            yl.append(("dora", dn))
        if reds:
            yl.append(("aka_dora", reds))
        if un:
            yl.append(("ura_dora", un))
    base = b_base
    value = best_key >> 20
    if pao is None:
        if tsumo_bit:
            if sit.dealer:
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
        liable_base = _liable_base(yl, base, rp.opts.pao_scope)
        payments = settle(base, seat_wind, tsumo, discarder, honba, riichi_sticks, pao, liable_base)
    return Win(
        b_han,
        b_fu,
        yl,
        mult,
        limit,
        value,
        payments,
        base,
        WAIT_NAMES[b_wait],
        sit.dealer,
        tsumo,
        (
            b_form,
            b_pair,
            b_wait,
            wi,
            b_pinfu,
            tsumo,
            closed,
            seat_wind,
            round_wind,
            rh,
            r0,
            r1,
            r2,
            (c0, c1, c2),
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
        liable_base = _liable_base(yl, base, opts.pao_scope)
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


def _liable_base(yl: list[tuple[str, int]], base: int, scope: str) -> int:
    """The basic points a liable (pao) player covers: the whole hand, or only the yakuman it is
    liable for (13 han per multiple in ``yl``); a hand without one has no liable player."""
    fed = [han for y, han in yl if y in PAO_YAKUMAN]
    if not fed:
        raise InvalidHand("pao only applies to big three dragons or big four winds")
    return base if scope == "whole_hand" else 8000 * sum(han // 13 for han in fed)


def _concealed_tiles(h: Hand) -> list[int]:
    return [T.from_index34(i) for i, n in enumerate(h.concealed) for _ in range(n)]


def _has_bonus(h: Hand, dora: Sequence[int]) -> bool:
    try:
        return bool(h.reds or count_dora(h.physical, dora))
    except ValueError:
        return False
