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

__all__ = ["Invalid", "situation_record", "NEEDS_KAN", "NEEDS_NO_CALLS", "Record", "PointsRow"]

_SEATS: Final = (41, 42, 43, 44)
_WIND_WORDS: Final = ("east", "south", "west", "north")
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
        dealer: bool,
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
        self.ron_factor = 6 if dealer else 4  # a limit hand's value per basic point
        self.tsumo_bit = 1 if tsumo else 0
        self.ura = ura  # ura-dora count
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


def unpack_key(key: int) -> tuple[object, ...]:
    """The tuple form of a situation key packed into an int (compiled ``score_win``): flag i
    (tsumo .. renhou) at bit i, closed at bit 11, seat and round wind - 41 at bits 12 and 14."""
    flags = tuple(bool(key >> i & 1) for i in range(11))
    return (*flags, 41 + (key >> 12 & 3), 41 + (key >> 14 & 3), bool(key >> 11 & 1))


def situation_record(
    key: tuple[object, ...] | int, renhou_mode: str, points_rows: tuple[PointsRow, ...]
) -> Record:
    """The record of one situation, or ``Invalid`` for flags no real win can have.

    ``key`` is (tsumo, riichi, double_riichi, ippatsu, rinshan, chankan, haitei, houtei, tenhou,
    chiihou, renhou, seat_wind, round_wind, closed), as ``score_win`` builds it, or the same
    packed into an int (``unpack_key``).
    """
    if isinstance(key, int):
        key = unpack_key(key)
    (
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
    ) = key
    dealer = seat_wind == 41
    if (
        seat_wind not in _SEATS
        or round_wind not in _SEATS
        or ((riichi or double_riichi) and not closed)
        or (ippatsu and not (riichi or double_riichi))
        or (haitei and (not tsumo or rinshan))
        or (rinshan and not tsumo)
        or ((houtei or chankan) and tsumo)
        or (tenhou and not (tsumo and dealer))
        or (chiihou and (not tsumo or dealer))
        or (renhou and (tsumo or dealer))
    ):
        raise Invalid
    yaku: list[tuple[str, int]] = []
    if double_riichi:
        yaku.append(("double_riichi", 2))
    elif riichi:
        yaku.append(("riichi", 1))
    if ippatsu:
        yaku.append(("ippatsu", 1))
    if tsumo and closed:
        yaku.append(("menzen_tsumo", 1))
    for flag, name in (
        (chankan, "chankan"),
        (rinshan, "rinshan_kaihou"),
        (haitei, "haitei_raoyue"),
        (houtei, "houtei_raoyui"),
    ):
        if flag:
            yaku.append((name, 1))
    if renhou and renhou_mode == "mangan":
        yaku.append(("renhou", 5))
    yakuman: list[tuple[str, int]] = []  # (id, 13 han per multiple), as ``Win.yaku`` lists them
    for flag, name in ((tenhou, "tenhou"), (chiihou, "chiihou")):
        if flag:
            yakuman.append((name, 13))
    if renhou and renhou_mode == "yakuman":
        yakuman.append(("renhou", 13))
    seat_bit, round_bit = 1 << (seat_wind - 41), 1 << (round_wind - 41)
    pair_fu = tuple(
        0 if i < 27 else 2 if i >= 31 else 2 * ((i == seat_wind - 14) + (i == round_wind - 14))
        for i in range(34)
    )
    return Record(
        tuple(yaku),
        tuple(yakuman),
        22 if tsumo else 30 if closed else 20,  # fu base: tsumo +2, closed ron +10
        pair_fu,
        points_rows[2 * dealer + bool(tsumo)],
        bool(tsumo),
        bool(closed),
        dealer,
        bool(riichi or double_riichi),
        None if tsumo else (seat_wind - 42) % 4 + 41,  # the default discarder
        (NEEDS_KAN if rinshan else 0) | (NEEDS_NO_CALLS if tenhou or chiihou or renhou else 0),
        seat_bit,
        (f"seat_wind_{_WIND_WORDS[seat_wind - 41]}", 1),
        round_bit,
        (f"round_wind_{_WIND_WORDS[round_wind - 41]}", 1),
    )
