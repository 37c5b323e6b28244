"""Score a Riichi win: the public entry point ``score_win`` and its result ``Win``.

The scorer reads the hand every way it can (``shapes.readings``), scores each reading (yaku or
yakuman, fu, dora, limit) and keeps the best one: most points, then most han, then most fu.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from openmahjong import tiles as T
from openmahjong.rules.riichi.context import Situation, check_situation
from openmahjong.rules.riichi.dora import count_dora
from openmahjong.rules.riichi.errors import InvalidHand, NotAWin, NoYaku, ScoringError
from openmahjong.rules.riichi.fu import fu_breakdown, fu_of
from openmahjong.rules.riichi.hand import Hand, Meld, build_hand
from openmahjong.rules.riichi.options import RiichiRules, resolve_rules
from openmahjong.rules.riichi.payments import settle
from openmahjong.rules.riichi.points import basic_points, hand_value
from openmahjong.rules.riichi.shapes import WAIT_NAMES, readings
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
PAO_YAKUMAN = ("daisangen", "daisuushii")


@dataclass(slots=True)
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
    basic_points: int = 0
    wait: str = ""
    dealer: bool = False
    tsumo: bool = False
    # What ``fu_details`` is computed from, only when asked for (most callers never ask).
    _fu_source: tuple = field(default=(), repr=False, compare=False)

    @property
    def fu_details(self) -> list[tuple[str, int]]:
        """Where each fu comes from, e.g. ``[("base", 20), ("closed ron", 10)]``."""
        return fu_breakdown(*self._fu_source) if self._fu_source else []

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


def score_win(
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
    """Score a win. ``hand`` is the concealed tiles including ``win_tile``.

    ``discarder`` (seat wind of the player who dealt in; default: the player before the winner)
    and ``pao`` (seat wind of a liable player) only change who pays.
    """
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
