"""Per-situation records for the scorer's fast path (``scoring.score_win``).

What a win's score takes from its flags and winds rather than from its tiles is worked out once
per situation and kept: whether the flags can happen together, the situational yaku and yakuman
(riichi ... renhou, in the general path's order), the fu base, the points row, the fu of a pair
of each kind, the default discarder. The key leaves out honba, sticks and the seats that only
move payments, so there are a few hundred records at most (423 for 20,000 random hands with
random flags) and they stay in the CPU caches.
"""

from __future__ import annotations

from typing import Final

from openmahjong.rules.riichi.tables import CLOSED_KEY

__all__ = [
    "CLOSED_BIT",
    "Invalid",
    "situation_key",
    "situation_record",
    "NEEDS_KAN",
    "NEEDS_NO_CALLS",
    "Record",
    "PointsRow",
]

#: Checks the record leaves to the caller, who knows the melds: rinshan needs a kan, a
#: first-turn win (tenhou, chiihou, renhou) has no calls.
NEEDS_KAN: Final = 1
NEEDS_NO_CALLS: Final = 2

Yaku = tuple[str, int]
#: index han << 8 | fu -> (basic points, value, limit name); None where no hand can land.
PointsRow = tuple[tuple[int, int, str] | None, ...]


class Record:
    """A situation's record. A class rather than a tuple: compiled, a native object whose int
    and bool fields sit in the object itself, and a call reads only the fields it needs."""

    def __init__(
        self,
        yaku: tuple[Yaku, ...],
        yakuman: tuple[Yaku, ...],
        fu_base: int,
        pair_fu: tuple[int, ...],
        points: PointsRow,
        tsumo: bool,
        closed: bool,
        seat: int,
        ura: bool,
        default_discarder: int | None,
        checks: int,
        seat_bit: int,
        seat_yaku: Yaku,
        round_bit: int,
        round_yaku: Yaku,
    ) -> None:
        self.yaku = yaku  # situational yaku
        self.han = sum(h for _, h in yaku)  # their han
        self.yakuman = yakuman  # situational yakuman
        self.mult = len(yakuman)  # their multiple
        self.fu_base = fu_base
        self.pair_fu = pair_fu  # fu of a pair of each kind
        self.points = points
        dealer = seat == 41
        self.ron_factor = 6 if dealer else 4  # a limit hand's value per basic point
        self.tsumo = tsumo
        self.tsumo_bit = 1 if tsumo else 0
        self.ura = ura  # ura-dora count
        self.seat = seat  # the winner's seat wind
        self.dealer = dealer
        self.default_discarder = default_discarder
        self.checks = checks  # NEEDS_* checks left to the caller
        self.closed_bit = int(closed) << 8  # SIG_HAN's closed bit
        self.closed_key = CLOSED_KEY if closed else 0  # the presence key's
        self.wind_bits = seat_bit | round_bit  # winds that are a yaku as a triplet
        self.seat_bit = seat_bit
        self.seat_yaku = seat_yaku
        self.round_bit = round_bit
        self.round_yaku = round_yaku


class Invalid(Exception):
    """The flags cannot happen together (or a wind is not a wind): the general path explains."""


# ---------------------------------------------------------------------------- the situation key
# The one place the flags and winds are packed (``context.WinContext.key``, and compiled
# ``score_win`` for a call that gives them as keywords) and unpacked (``situation_record``):
# flag i of ``context.FLAGS`` (tsumo .. renhou) at bit i, closed at bit 11 (the scorer adds it,
# it is the hand's), seat and round wind - 41 at bits 12 and 14.

CLOSED_BIT: Final = 1 << 11


def situation_key(
    tsumo: bool,
    riichi: bool,
    double_riichi: bool,
    ippatsu: bool,
    rinshan: bool,
    chankan: bool,
    haitei: bool,
    houtei: bool,
    tenhou: bool,
    chiihou: bool,
    renhou: bool,
    seat_wind: int,
    round_wind: int,
) -> int:
    """The flags and winds as one small int; -1 when a wind is not a wind (41-44)."""
    if not (41 <= seat_wind <= 44 and 41 <= round_wind <= 44):
        return -1
    key = (seat_wind - 41) << 12 | (round_wind - 41) << 14
    if tsumo:
        key |= 1
    if riichi:
        key |= 2
    if double_riichi:
        key |= 4
    if ippatsu:
        key |= 8
    if rinshan:
        key |= 16
    if chankan:
        key |= 32
    if haitei:
        key |= 64
    if houtei:
        key |= 128
    if tenhou:
        key |= 256
    if chiihou:
        key |= 512
    if renhou:
        key |= 1024
    return key


def situation_record(key: int, renhou_mode: str, points_rows: tuple[PointsRow, ...]) -> Record:
    """The record of one situation (``situation_key``, plus ``CLOSED_BIT`` for a closed hand),
    or ``Invalid`` for flags no real win can have together."""
    # Imported here: context imports this module for situation_key (and yaku imports context).
    from openmahjong.rules.riichi.context import FLAGS, WinContext, check_situation
    from openmahjong.rules.riichi.errors import InvalidHand
    from openmahjong.rules.riichi.yaku import (
        ROUND_WIND_ID,
        SEAT_WIND_ID,
        situation_yaku,
        situation_yakuman,
        value_pair_fu,
    )

    if key < 0:
        raise Invalid
    closed = bool(key & CLOSED_BIT)
    s = WinContext(
        **{name: bool(key >> i & 1) for i, name in enumerate(FLAGS)},  # type: ignore[arg-type]
        seat_wind=41 + (key >> 12 & 3),
        round_wind=41 + (key >> 14 & 3),
    )
    try:
        # A kan and no calls assumed: the caller checks those two (``checks``).
        check_situation(s, closed, kans=1, melds=0)
    except InvalidHand:
        raise Invalid from None
    tsumo, seat_wind, round_wind, dealer = s.tsumo, s.seat_wind, s.round_wind, s.dealer
    # The yaku as the readable checks give them; yakuman as (id, 13 han per multiple), the
    # way Win.yaku lists them.
    yaku = situation_yaku(s, closed, renhou_mode)
    yakuman = [(name, 13 * mult) for name, mult in situation_yakuman(s, renhou_mode)]
    seat_bit, round_bit = 1 << (seat_wind - 41), 1 << (round_wind - 41)
    pair_fu = tuple(value_pair_fu(i, s) for i in range(34))  # the pair of each kind
    return Record(
        tuple(yaku),
        tuple(yakuman),
        22 if tsumo else 30 if closed else 20,  # fu base: tsumo +2, closed ron +10
        pair_fu,
        points_rows[2 * dealer + tsumo],
        tsumo,
        closed,
        seat_wind,
        s.riichi or s.double_riichi,
        None if tsumo else (seat_wind - 42) % 4 + 41,  # the default discarder
        (NEEDS_KAN if s.rinshan else 0)
        | (NEEDS_NO_CALLS if s.tenhou or s.chiihou or s.renhou else 0),
        seat_bit,
        (SEAT_WIND_ID[seat_wind - 41], 1),
        round_bit,
        (ROUND_WIND_ID[round_wind - 41], 1),
    )
