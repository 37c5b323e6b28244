"""The situation of one win: how it was won, the winds, and the table's sticks.

``score_win``'s keyword arguments land here after a consistency check, so the yaku checks can
trust them (riichi implies a closed hand, haitei a self-draw, and so on).
"""

from __future__ import annotations

from dataclasses import dataclass

from openmahjong.rules.riichi.errors import InvalidHand

__all__ = ["Situation", "check_situation", "WIND_NAMES"]

WIND_NAMES = {41: "East", 42: "South", 43: "West", 44: "North"}


@dataclass(slots=True)
class Situation:
    tsumo: bool = False
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    seat_wind: int = 41
    round_wind: int = 41
    honba: int = 0
    riichi_sticks: int = 0

    @property
    def dealer(self) -> bool:
        return self.seat_wind == 41


def check_situation(s: Situation, closed: bool, kans: int, melds: int = 0) -> None:
    """Raise ``InvalidHand`` for flags no real win can have together."""
    if (
        s.seat_wind in WIND_NAMES
        and s.round_wind in WIND_NAMES
        and s.honba >= 0
        and s.riichi_sticks >= 0
        and not (
            s.riichi
            or s.ippatsu
            or s.haitei
            or s.rinshan
            or s.houtei
            or s.chankan
            or s.tenhou
            or s.chiihou
            or s.renhou
        )
    ):
        return  # a plain win: nothing can be inconsistent
    for name, wind in (("seat_wind", s.seat_wind), ("round_wind", s.round_wind)):
        if wind not in WIND_NAMES:
            raise InvalidHand(f"{name} must be a wind code 41-44 (East..North), not {wind!r}")
    if s.honba < 0 or s.riichi_sticks < 0:
        raise InvalidHand("honba and riichi sticks cannot be negative")
    if not (
        s.riichi
        or s.ippatsu
        or s.haitei
        or s.rinshan
        or s.houtei
        or s.chankan
        or s.tenhou
        or s.chiihou
        or s.renhou
    ):
        return  # a plain win: nothing below can be inconsistent
    if (s.riichi or s.double_riichi) and not closed:
        raise InvalidHand("riichi needs a closed hand, but this hand has called melds")
    if s.ippatsu and not (s.riichi or s.double_riichi):
        raise InvalidHand("ippatsu is only possible after riichi")
    rules = (
        (s.haitei and not s.tsumo, "haitei (last tile) is a self-draw win: set tsumo"),
        (s.rinshan and not s.tsumo, "rinshan (after a kan) is a self-draw win: set tsumo"),
        (s.rinshan and not kans, "rinshan needs a kan among the melds"),
        (s.houtei and s.tsumo, "houtei (last discard) is a win on a discard, not tsumo"),
        (s.chankan and s.tsumo, "chankan (robbing a kan) is a win on another player's tile"),
        (s.haitei and s.rinshan, "a replacement draw after a kan is never the last tile"),
        (s.tenhou and not (s.tsumo and s.dealer), "tenhou is the dealer's self-drawn first hand"),
        (s.chiihou and not s.tsumo, "chiihou is a self-drawn win on the first draw"),
        (s.chiihou and s.dealer, "chiihou is for non-dealers (the dealer's is tenhou)"),
        (s.renhou and (s.tsumo or s.dealer), "renhou is a non-dealer's win on a first discard"),
        (
            (s.tenhou or s.chiihou or s.renhou) and melds,
            "a first-turn win has no calls, not even a closed kan",
        ),
    )
    for bad, why in rules:
        if bad:
            raise InvalidHand(why)
