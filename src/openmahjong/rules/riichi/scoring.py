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
from openmahjong.rules.riichi.context import WinContext, check_situation
from openmahjong.rules.riichi.dora import DORA_OF_CODE, count_dora
from openmahjong.rules.riichi.errors import InvalidHand, NotAWin, NoYaku, ScoringError
from openmahjong.rules.riichi.fu import fu_breakdown, fu_of
from openmahjong.rules.riichi.hand import Hand, Meld, _read_meld, build_hand
from openmahjong.rules.riichi.local_yaku import (
    hand_local_yaku,
    hand_local_yakuman,
    reading_local_yaku,
)
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
    CLOSED_BIT,
    NEEDS_KAN,
    NEEDS_NO_CALLS,
    Invalid,
    PointsRow,
    Record,
    situation_key,
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
    "WinContext",
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


def _dora_yaku(h: Hand, s: WinContext, dora: Sequence[int], ura: Sequence[int]):
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


Yaku = tuple[str, int]
YakuList = tuple[Yaku, ...]
PointsRows = tuple[PointsRow, ...]


class _Params:
    """What the fast path reads of one rules object: its options, its points rows, and its
    situation and hand-yaku memos. A class (not a tuple): compiled, each read is one load."""

    def __init__(self, opts: RiichiRules, rules: object) -> None:
        #: Added to the red-five fields, sets a top bit for too many reds (-1: no red fives).
        self.red_add: int = TB.RED_ADD.get(opts.red_fives, -1)
        self.minimum_han: int = opts.minimum_han
        self.double: bool = opts.double_yakuman
        #: Local yaku on: the general path scores every win (the tables know no local yaku).
        self.local: bool = bool(opts.local_yaku)
        memos = _MEMOS.get(opts)
        if memos is None:
            if len(_MEMOS) >= 64:
                _MEMOS.clear()
            memos = _MEMOS[opts] = ({}, {}, {})
        #: situation key -> situations.situation_record; presence key -> tables.presence_facts;
        #: honor counts -> tables.honor_facts. Shared by every rules object with these options.
        self.situations: dict[int, Record] = memos[0]
        self.presence: dict[int, TB.Presence] = memos[1]
        self.honors: dict[int, TB.HonorFacts] = memos[2]
        self.opts = opts
        self.rules = rules  # kept alive, so its id is never reused while it is a key here
        self.points: PointsRows = _points_rows(opts.kiriage, opts.kazoe_limit)


#: Per options (a frozen model, hashed by value): the memos every rules object with them shares
#: (each match may hold its own copy of a preset).
_MEMOS: Final[
    dict[RiichiRules, tuple[dict[int, Record], dict[int, TB.Presence], dict[int, TB.HonorFacts]]]
] = {}


class _LastRules:
    """The params of the last call's rules: most callers pass one rules object all along. One
    attribute (the params know their rules), so a thread switch never pairs the wrong two."""

    def __init__(self) -> None:
        self.params: _Params | None = None


_LAST: Final = _LastRules()
#: Per rules object by identity, per preset name by value (a name read from a file or a request
#: is a new str object each time, and its params, memos included, must not start over).
_RULE_PARAMS: Final[dict[int | str, _Params]] = {}


def _rule_params(rules: str | RiichiRules) -> _Params | None:
    key: int | str = rules if type(rules) is str else id(rules)
    found = _RULE_PARAMS.get(key)
    if found is None:
        try:
            opts = resolve_rules(rules)
        except ValueError:
            return None
        found = _Params(opts, rules)
        if len(_RULE_PARAMS) >= 256:
            # Many short-lived rules objects: start over rather than stop remembering.
            _RULE_PARAMS.clear()
        _RULE_PARAMS[key] = found
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


def _count_at(t: _Tiles, at: int) -> int:
    """The physical count at ``at`` (part << 8 | shift) of a hand counted into parts."""
    part = at >> 8
    p = t.p0 if part == 0 else t.p1 if part == 1 else t.p2 if part == 2 else t.ph
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
    t: _Tiles, dora: Sequence[int], ura: Sequence[int], riichi: bool
) -> tuple[int, int]:
    """(dora, ura-dora) held, by indicator lookups in the physical counts."""
    if type(dora) is not list and type(dora) is not tuple:
        raise _Slow  # read it once, in the general path
    n = 0
    for ind in dora:
        n += _count_at(t, _DORA_AT[ind])
    u = 0
    if riichi:
        if type(ura) is not list and type(ura) is not tuple:
            raise _Slow
        for ind in ura:
            u += _count_at(t, _DORA_AT[ind])
    return n, u


def _situation(rp: _Params, key: int) -> Record:
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
    s = WinContext(tsumo=tsumo, seat_wind=seat, round_wind=rnd)
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
_RUN_LOWS: Final = TB.RUN_LOWS
_SUIT_STARTS: Final = TB.SUIT_STARTS
_TOPS: Final = TB.PART_TOPS


def score_win(
    hand: Iterable[int] | str,
    win_tile: int | str,
    melds: Iterable[Meld | tuple] = (),
    context: WinContext | None = None,
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
    local: Iterable[str] = (),
) -> Win:
    """Score a win. ``hand`` is the concealed tiles including ``win_tile``.

    How the win came about is either ``context`` (a ``WinContext``, built once by the caller)
    or the same fields as keywords (``tsumo=True, riichi=True, seat_wind=42, ...``), not both.
    ``discarder`` (seat wind of the player who dealt in; default: the player before the winner)
    and ``pao`` (seat wind of a liable player) only change who pays. ``local`` names situations
    only local yaku read (``context.LOCAL_FLAGS``; ``WinContext.local`` with a context).

    The fast path (``_fast_path``) scores ordinary input (tile lists, hashable melds,
    consistent flags) through packed tables; anything else (text input, every error but
    ``NoYaku``) goes to ``_score_general``, which checks and explains. Both read hands the
    same way and pick the same reading.
    """
    if context is None:
        key = situation_key(
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
        )
    else:
        if (
            tsumo or riichi or double_riichi or ippatsu or rinshan or chankan or haitei
            or houtei or tenhou or chiihou or renhou or honba or riichi_sticks
            or seat_wind != 41 or round_wind != 41 or local
        ):  # fmt: skip
            raise TypeError("give the win's situation as context= or as keywords, not both")
        key = context.key
        honba = context.honba
        riichi_sticks = context.riichi_sticks
    try:
        if local or (context is not None and context.local):
            raise _Slow  # local situations: only the general path reads them
        found = _fast_path(
            hand, win_tile, melds, key, honba, riichi_sticks, dora_indicators, ura_indicators,
            discarder, pao, rules,
        )  # fmt: skip
    except (_Slow, KeyError, TypeError, IndexError, AttributeError):
        if context is None:
            context = WinContext(
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
                honba,
                riichi_sticks,
                frozenset((local,) if isinstance(local, str) else local),
            )
        return _score_general(
            hand, win_tile, melds, context, rules=rules, dora_indicators=dora_indicators,
            ura_indicators=ura_indicators, discarder=discarder, pao=pao,
        )  # fmt: skip
    if isinstance(found, str):
        # Raised here rather than in the step that finds it: compiled, every function an
        # exception leaves adds a traceback entry (a code object and a frame, thousands of
        # instructions each), and a game asks about many hands that have no yaku.
        raise NoYaku(found)
    return found


# ================================================================================ the fast path
# Each step is a function below, in the order the fast path runs them. A step raises _Slow (or
# fails a lookup) for anything it does not handle: score_win then asks the general path, which
# explains. Values cross steps as small native records (_Tiles, _HandYaku, _Kept) or plain ints,
# so compiled code keeps them unboxed.


def _fast_path(
    hand: Iterable[int] | str,
    win_tile: int | str,
    melds: Iterable[Meld | tuple],
    key: int,
    honba: int,
    sticks: int,
    dora: Sequence[int],
    ura: Sequence[int],
    discarder: int | None,
    pao: int | None,
    rules: str | RiichiRules,
) -> Win | str:
    """The fast path: the steps below, in order. (The numbers match docs/riichi-scoring.md.)
    A hand without yaku gives ``NoYaku``'s message, for ``score_win`` to raise."""
    rp = _LAST.params
    if rp is None or rp.rules is not rules:
        rp = _rule_params(rules)  # 1. the rules' parameters and memos
        if rp is None:
            raise _Slow  # rules it cannot read: the general path says why
    if rp.local:
        raise _Slow
    t = _count_tiles(hand, win_tile, melds, rp.red_add)  # 2. the tiles, counted
    sit = _situation_of(rp, key, t)  # 3. the situation's record
    discarder = _check_payers(sit, honba, sticks, discarder, pao)
    e0, e1, e2, eh = _suit_entries(t)  # 4. each suit's record
    hy = _hand_yaku(rp, sit, t, e0.facts + e1.facts + e2.facts + eh.facts + t.facts)  # 5.
    kept = _best_reading(rp, sit, t, hy, e0, e1, e2, eh, dora, ura)  # 6. every reading
    if not kept.kept:
        return kept.refusal
    yaku, limit = _yaku_list(kept, sit, hy, t.reds, rp.double)  # 7. the yaku, in the general order
    base = kept.base
    if pao is None:  # 8. who pays
        payments = _payments(base, kept.key >> 20, sit, honba, sticks, discarder)
    else:
        liable_base = _liable_base(yaku, base, rp.opts.pao_scope)
        payments = settle(base, sit.seat, sit.tsumo, discarder, honba, sticks, pao, liable_base)
    return Win(
        kept.han,
        kept.fu,
        yaku,
        kept.mult,
        limit,
        kept.key >> 20,
        payments,
        base,
        WAIT_NAMES[kept.wait],
        sit.dealer,
        sit.tsumo,
        (
            kept.form,
            kept.pair,
            kept.wait,
            t.wi,
            kept.pinfu,
            sit.tsumo,
            t.closed,
            sit.seat,
            41 + (key >> 14 & 3),
            eh,
            e0,
            e1,
            e2,
            (kept.c0, kept.c1, kept.c2),
            melds if type(melds) is tuple else tuple(melds),
        ),
    )


class _Tiles:
    """The hand counted (step 2): concealed parts (man, pin, sou: nine five-bit counts; honors:
    seven), physical parts (melds and kans included: dora, red fives, fifth copies), the melds'
    sums, and where the winning tile sits."""

    def __init__(
        self,
        k0: int,
        k1: int,
        k2: int,
        hk: int,
        p0: int,
        p1: int,
        p2: int,
        ph: int,
        reds: int,
        facts: int,
        mp: int,
        mr: int,
        melds: int,
        kans: int,
        closed: bool,
        wi: int,
        ws: int,
        wk: int,
    ) -> None:
        self.k0 = k0
        self.k1 = k1
        self.k2 = k2
        self.hk = hk
        self.p0 = p0
        self.p1 = p1
        self.p2 = p2
        self.ph = ph
        self.reds = reds  # red fives held (0 at a table without them)
        self.facts = facts  # the melds' facts (tables.F_*)
        self.mp = mp  # the melds' P and R (their part of every reading)
        self.mr = mr
        self.melds = melds  # how many
        self.kans = kans
        self.closed = closed
        self.wi = wi  # the winning tile's dense index
        self.ws = ws  # its part (0-2 a suit, 3 the honors)
        self.wk = wk  # that part's concealed counts


def _count_tiles(
    hand: Iterable[int] | str, win_tile: int | str, melds: Iterable[Meld | tuple], red_add: int
) -> _Tiles:
    """Step 2: the concealed tiles and the melds counted into parts, with the checks that need
    only counts (tile count, a fifth copy, red fives the table does not have)."""
    if type(hand) is not list and type(hand) is not tuple:
        raise _Slow
    # Each part is under 2^45: machine-sized ints in compiled code, which counts them in a
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
    return _Tiles(
        k0, k1, k2, hk, p0, p1, p2, ph, reds, F0, MP, MR, nm, kans, closed, wi, ws, wk
    )  # fmt: skip


def _situation_of(rp: _Params, key: int, t: _Tiles) -> Record:
    """Step 3: the record of the flags and winds (``situations``), kept per rules, and the two
    checks it leaves to a caller that knows the melds."""
    if t.closed:
        key |= CLOSED_BIT
    sit = rp.situations.get(key) or _situation(rp, key)
    checks = sit.checks
    if checks and (
        (checks & NEEDS_KAN and not t.kans) or (checks & NEEDS_NO_CALLS and t.melds)
    ):  # fmt: skip
        raise _Slow
    return sit


def _check_payers(
    sit: Record, honba: int, sticks: int, discarder: int | None, pao: int | None
) -> int | None:
    """The discarder (the default one for a ron when not given); _Slow for impossible payers."""
    if honba < 0 or sticks < 0:
        raise _Slow
    if pao is not None and (pao == sit.seat or pao not in _SEATS):
        raise _Slow
    if discarder is None:
        return sit.default_discarder
    if not sit.tsumo and (discarder == sit.seat or discarder not in _SEATS):
        raise _Slow
    return discarder


def _suit_entries(t: _Tiles) -> tuple[TB.Entry, TB.Entry, TB.Entry, TB.Entry]:
    """Step 4: the records of the three suits and the honors (``tables.Entry``)."""
    r0 = _SUITS0.get(t.k0) or TB.suit_entry(0, t.k0)
    r1 = _SUITS1.get(t.k1) or TB.suit_entry(1, t.k1)
    r2 = _SUITS2.get(t.k2) or TB.suit_entry(2, t.k2)
    rh = _HONORS.get(t.hk) or TB.honor_entry(t.hk)
    if r0 is None or r1 is None or r2 is None or rh is None:
        raise _Slow  # a count over four: the general path explains
    return r0, r1, r2, rh


class _HandYaku:
    """Step 5's result: the yaku and yakuman of the whole hand (situation, honors, which
    counters are zero), their han and multiple, and nine gates (0, 1, or 2 for the true one)."""

    def __init__(
        self,
        han: int,
        yakuman: YakuList,
        mult: int,
        honors: YakuList,
        presence: TB.Presence,
        nine: int,
        facts: int,
    ) -> None:
        self.han = han
        self.yakuman = yakuman
        self.mult = mult
        self.honors = honors  # the wind and dragon yaku
        self.presence = presence  # the yaku before and after them
        self.nine = nine
        self.facts = facts  # the hand's facts (tables.F_*), suits and melds summed


def _hand_yaku(rp: _Params, sit: Record, t: _Tiles, F: int) -> _HandYaku:
    """Step 5: the yaku of the whole hand, in the general path's order: the situation's, the
    honors' (winds, dragons and their yakuman; ``t.ph`` holds the melds' honors too), then
    those of which counters are zero (tanyao, flushes, honroutou, green, kans), nine gates."""
    han = sit.han
    yakuman = sit.yakuman
    mult = sit.mult
    ph = t.ph
    honor_yaku: YakuList
    if ph:
        hf = rp.honors.get(ph) or _honors(rp, ph)
        honor_yaku = hf.yaku
        mask = hf.mask
        if mask & sit.wind_bits:
            winds: YakuList = (sit.seat_yaku,) if mask & sit.seat_bit else ()
            if mask & sit.round_bit:
                winds += (sit.round_yaku,)
            honor_yaku = winds + honor_yaku
            han += len(winds)
        han += hf.han
        if hf.mult:
            yakuman += hf.yakuman
            mult += hf.mult
    else:
        honor_yaku = _NO_YAKU_LIST
    pk = ((F + _FACT_ADD) & _FACT_MASK) | sit.closed_key
    pf = rp.presence.get(pk) or _presence(rp, pk)
    han += pf.han
    if pf.mult:
        yakuman += pf.yakuman
        mult += pf.mult
    nine = 0
    if pf.gates and not t.melds:
        nine = _nine_gates(t.wk, t.wi - 9 * t.ws)
        if nine:
            mult += 2 if nine == 2 and rp.double else 1
    return _HandYaku(han, yakuman, mult, honor_yaku, pf, nine, F)


class _Kept:
    """Step 6's state: the best reading so far, ordered by ``key`` (value << 20 | han << 10 |
    fu, the order of (points, han, fu)), and the dora, counted once when first needed."""

    def __init__(self) -> None:
        self.found = False  # some reading is a winning shape
        self.kept = False  # some reading has enough han
        self.key = 0
        self.form = 0
        self.sig = 0  # the decomposition's yaku (tables.SIG_*)
        self.pinfu = False
        self.conc = 0  # concealed triplets
        self.rmult = 0  # the reading's own yakuman multiple (suuankou, kokushi)
        self.wait = 0
        self.pair = 0
        self.fu = 0
        self.han = 0
        self.base = 0
        self.mult = 0
        self.limit = ""
        self.c0 = self.c1 = self.c2 = 0  # the split of each suit
        self.dora_han = -1  # dora + ura + red fives, once counted
        self.dora = self.ura = 0
        self.refusal = ""  # no reading has enough han: NoYaku's message


def _best_reading(
    rp: _Params,
    sit: Record,
    t: _Tiles,
    hy: _HandYaku,
    e0: TB.Entry,
    e1: TB.Entry,
    e2: TB.Entry,
    eh: TB.Entry,
    dora: Sequence[int],
    ura: Sequence[int],
) -> _Kept:
    """Step 6: every reading of the hand scored, the best kept (as ``shapes.readings`` lists
    them: seven pairs, thirteen orphans, then each split and place of the winning tile)."""
    kept = _Kept()
    # Exact pairs, orphan kinds, and the suits that split no way / more than one way.
    shape = (hy.facts >> _F_PAIRS) & _SHAPE_MASK
    if not t.melds:
        if shape & 15 == 7:
            _seven_pairs(kept, rp, sit, t, hy, dora, ura)
        elif (shape >> _SHAPE_ORPHANS) & 15 == 13 and (hy.facts >> _F_ENDS) & 31 == 14:
            _thirteen_orphans(kept, rp, sit, t, hy)
    if not (shape >> _SHAPE_SPLITS) & 7:  # (a thirteen orphans hand never splits)
        _regular_readings(kept, rp, sit, t, hy, e0, e1, e2, eh, dora, ura)
    if not kept.kept:
        if not kept.found:
            raise _Slow  # not a winning shape: the general path explains
        bonus = t.reds or _dora_counts(t, dora, (), False)[0]
        kept.refusal = _NO_YAKU_BONUS if bonus else _NO_YAKU
    return kept


def _dora_han(kept: _Kept, t: _Tiles, dora: Sequence[int], ura: Sequence[int], sit: Record) -> int:
    """Dora, ura-dora (after riichi) and red fives held: counted on first need, then kept."""
    if kept.dora_han < 0:
        # An indicator that is not a tile fails the lookup, and the general path raises the
        # same error at the same point.
        kept.dora, kept.ura = _dora_counts(t, dora, ura, sit.ura)
        kept.dora_han = kept.dora + kept.ura + t.reds
    return kept.dora_han


def _seven_pairs(
    kept: _Kept,
    rp: _Params,
    sit: Record,
    t: _Tiles,
    hy: _HandYaku,
    dora: Sequence[int],
    ura: Sequence[int],
) -> None:
    kept.found = True
    if hy.mult:
        kept.base = 8000 * hy.mult
        kept.han = 13 * hy.mult
        kept.key = sit.ron_factor * kept.base << 20 | kept.han << 10 | 25
        kept.mult = hy.mult
    else:
        han = hy.han + 2
        if han < rp.minimum_han:
            return
        han += _dora_han(kept, t, dora, ura, sit)
        row = sit.points[han << 8 | 25]
        if row is None:
            raise _Slow  # no han at all (a rules object asking for none)
        kept.base, value, kept.limit = row
        kept.han = han
        kept.key = value << 20 | han << 10 | 25
    kept.kept = True
    kept.form = CHIITOITSU
    kept.wait = TANKI
    kept.pair = t.wi
    kept.fu = 25


def _thirteen_orphans(kept: _Kept, rp: _Params, sit: Record, t: _Tiles, hy: _HandYaku) -> None:
    kept.found = kept.kept = True
    kept.form = KOKUSHI
    kept.pair = pair = _orphan_pair(t.k0, t.k1, t.k2, t.hk)
    kept.wait = wait = THIRTEEN_SIDED if pair == t.wi else TANKI
    kept.fu = _ROUND_FU[sit.fu_base + _WAIT_FU[wait] + sit.pair_fu[pair]]
    kept.rmult = 2 if rp.double and wait == THIRTEEN_SIDED else 1
    kept.mult = hy.mult + kept.rmult
    kept.base = 8000 * kept.mult
    kept.han = 13 * kept.mult
    kept.key = sit.ron_factor * kept.base << 20 | kept.han << 10 | kept.fu


def _regular_readings(
    kept: _Kept,
    rp: _Params,
    sit: Record,
    t: _Tiles,
    hy: _HandYaku,
    e0: TB.Entry,
    e1: TB.Entry,
    e2: TB.Entry,
    eh: TB.Entry,
    dora: Sequence[int],
    ura: Sequence[int],
) -> None:
    """Four sets and a pair: every choice of one split per suit (most hands: one), the last
    suit's fastest, and every place the winning tile can take in it (``tables.variant``)."""
    ws = t.ws
    we = e0 if ws == 0 else e1 if ws == 1 else e2 if ws == 2 else eh
    var = we.variants[_VARIANT_SLOT[t.wi] + sit.tsumo_bit]
    s0, s1, s2 = e0.ps, e1.ps, e2.ps
    n1, n2 = len(s1), len(s2)
    h0 = eh.p + t.mp
    D0 = h0 + e0.p + e1.p + e2.p  # the first split of each suit
    closed = t.closed
    fu_base = sit.fu_base
    hand_mult = hy.mult
    double = rp.double
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
            continue  # not exactly one pair
        kept.found = True
        j = i0 if ws == 0 else i1 if ws == 1 else i2 if ws == 2 else 0
        runs = (d >> _P_RUNS) & 7
        pair = (d >> _P_PAIR) & 63
        pair_fu = sit.pair_fu[pair]
        fu_d = fu_base + pair_fu + ((d >> _P_FU) & 255) - _FU_BIAS
        conc_d = ((d >> _P_CONCEALED) & 7) - 1
        may_pinfu = closed and runs == 4 and not pair_fu
        sig = -1
        for v in var[j]:  # tables.variant: wait | fu + bias << 3 | triplets + 1 << 9
            wait = v & 7
            conc = conc_d + (v >> 9)
            if may_pinfu and wait == RYANMEN:
                pinfu = True
                fu = 20 if sit.tsumo_bit else 30
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
                value = sit.ron_factor * base
                limit = ""
            else:
                if sig < 0:
                    sig = _signature(d, D, runs, closed, t, e0, e1, e2, i0, i1, i2, n)
                han = hy.han + _SIG_HAN[sit.closed_bit | sig] + pinfu + _SANANKOU_HAN[conc]
                if han < rp.minimum_han:
                    continue
                han += _dora_han(kept, t, dora, ura, sit)
                row = sit.points[han << 8 | fu]  # 64+ han: IndexError
                if row is None:
                    raise _Slow
                base, value, limit = row
            vkey = value << 20 | han << 10 | fu
            if not kept.kept or vkey > kept.key:
                kept.kept = True
                kept.key = vkey
                kept.form = REGULAR
                kept.sig = sig if not mult else 0
                kept.pinfu = pinfu
                kept.rmult = rmult
                kept.c0, kept.c1, kept.c2 = i0, i1, i2
                kept.wait = wait
                kept.pair = pair
                kept.fu = fu
                kept.han = han
                kept.base = base
                kept.mult = mult
                kept.conc = conc
                kept.limit = limit


def _signature(
    d: int,
    D: int,
    runs: int,
    closed: bool,
    t: _Tiles,
    e0: TB.Entry,
    e1: TB.Entry,
    e2: TB.Entry,
    i0: int,
    i1: int,
    i2: int,
    n: int,
) -> int:
    """A decomposition's own yaku (peikou, ittsu, sanshoku, doukou, toitoi, chanta/junchan) as
    bits (``tables.SIG_*``), from its P (``D``, small fields ``d``) and its runs per start."""
    if runs:
        # Peikou pairs (at most two: four runs) count on a closed hand.
        sig = ((d >> _P_PEIKOU) & 7 if closed else 0) if runs >= 2 else 0
        if runs >= 3:
            R = e0.rs[i0] + e1.rs[i1] + e2.rs[i2] if n else e0.r + e1.r + e2.r
            R += t.mr
            rb = (R | R >> 1 | R >> 2) & _RUN_LOWS  # one bit per run start held
            if rb & _IT0 == _IT0 or rb & _IT1 == _IT1 or rb & _IT2 == _IT2:
                sig += 4
            if rb & (rb >> 21) & (rb >> 42) & _SUIT_STARTS:
                sig += 8
        elif runs == 1:
            tb = D >> _P_TRIPLET_BITS
            if tb & (tb >> 9) & (tb >> 18) & 0x1FF:
                sig += 16
        if not d >> _P_INNER:  # every set and the pair outside
            sig += 64 if t.ph else 128  # chanta with honors, or junchan
    else:
        sig = 32
        tb = D >> _P_TRIPLET_BITS
        if tb & (tb >> 9) & (tb >> 18) & 0x1FF:
            sig += 16
    return sig


def _yaku_list(
    kept: _Kept, sit: Record, hy: _HandYaku, reds: int, double: bool
) -> tuple[list[Yaku], str]:
    """Step 7: the kept reading's yaku list as the general path writes it, and its limit."""
    mult = kept.mult
    if mult:
        yl = list(hy.yakuman)
        if hy.nine == 2:
            yl.append(("junsei_chuuren_poutou", 26 if double else 13))
        elif hy.nine:
            yl.append(("chuuren_poutou", 13))
        if kept.rmult:
            if kept.form == KOKUSHI:
                name = "kokushi_musou_13" if kept.wait == THIRTEEN_SIDED else "kokushi_musou"
            else:
                name = "suuankou_tanki" if kept.wait == TANKI else "suuankou"
            yl.append((name, 13 * kept.rmult))
        return yl, _YAKUMAN_LIMIT.get(mult) or f"{mult}x yakuman"
    pf = hy.presence
    yl = [
        *sit.yaku,
        *pf.before,
        *hy.honors,
        *pf.after,
        *(
            _CHIITOITSU_YAKU
            if kept.form == CHIITOITSU
            else _OWN_YAKU[(sit.closed_bit | kept.sig) << 2 | kept.pinfu << 1 | (kept.conc == 3)]
        ),
    ]
    if kept.dora:
        yl.append(("dora", kept.dora))
    if reds:
        yl.append(("aka_dora", reds))
    if kept.ura:
        yl.append(("ura_dora", kept.ura))
    return yl, kept.limit


def _payments(
    base: int, value: int, sit: Record, honba: int, sticks: int, discarder: int | None
) -> dict[int, int]:
    """Step 8 without a liable player: each seat's change, honba and sticks included."""
    seat = sit.seat
    if sit.tsumo:
        if sit.dealer:
            each = -(-2 * base // 100) * 100 + 100 * honba
            return {41: 3 * each + 1000 * sticks, 42: -each, 43: -each, 44: -each}
        d = -(-2 * base // 100) * 100 + 100 * honba
        o = -(-base // 100) * 100 + 100 * honba
        won = d + 2 * o + 1000 * sticks
        # Built in one go (a dict filled in later costs a store per seat set).
        return {
            41: -d,
            42: won if seat == 42 else -o,
            43: won if seat == 43 else -o,
            44: won if seat == 44 else -o,
        }
    paid = value + 300 * honba
    won = paid + 1000 * sticks
    # discarder: set for a ron by _check_payers.
    return {
        41: won if seat == 41 else -paid if discarder == 41 else 0,
        42: won if seat == 42 else -paid if discarder == 42 else 0,
        43: won if seat == 43 else -paid if discarder == 43 else 0,
        44: won if seat == 44 else -paid if discarder == 44 else 0,
    }


def _score_general(
    hand: Iterable[int] | str,
    win_tile: int | str,
    melds: Iterable[Meld | tuple],
    s: WinContext,
    *,
    rules: str | RiichiRules = "majsoul",
    dora_indicators: Sequence[int] = (),
    ura_indicators: Sequence[int] = (),
    discarder: int | None = None,
    pao: int | None = None,
) -> Win:
    """The general path: every input, every error message (``score_win`` falls back here)."""
    opts = resolve_rules(rules)
    h = build_hand(hand, win_tile, melds, opts.red_fives)
    check_situation(s, h.closed, h.kans, len(h.melds))
    tsumo, seat_wind = s.tsumo, s.seat_wind
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
    local = bool(opts.local_yaku)
    if local:
        common = hand_local_yaku(h, s, opts, common)
        common_yakuman = hand_local_yakuman(h, s, opts, common_yakuman)
    common_han = 0
    for _, han in common:
        common_han += han
    dora_list: list[tuple[str, int]] | None = None
    dora_han = 0
    best: tuple | None = None
    for r in found:
        own, concealed_triplets = reading_yaku(r, h, s)
        pinfu = bool(own) and own[0][0] == "pinfu"
        if local:
            own = reading_local_yaku(r, h, opts, own)
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
    payments = settle(base, seat_wind, tsumo, discarder, s.honba, s.riichi_sticks, pao, liable_base)
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
