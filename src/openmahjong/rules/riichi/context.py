"""The context of one win: how it was won, the winds, and the table's sticks.

A :class:`WinContext` is built once by whoever knows the table (the round engine, the record
importer, the calculator) and handed to ``score_win(..., context=...)``; the scorer, its yaku
checks and its fu read it as it is. It also carries its **situation key**, the flags and winds
packed into one int (``situations.situation_key``, the only place that packs them), which is what
the scorer's compiled fast path looks its per-situation record up by.

``check_situation`` refuses flags no real win can have together (riichi with calls, haitei on a
ron, ...), so the yaku checks can trust the flags.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from openmahjong.rules.riichi.errors import InvalidHand
from openmahjong.rules.riichi.situations import situation_key

__all__ = ["WinContext", "FLAGS", "LOCAL_FLAGS", "check_situation", "WIND_NAMES"]

WIND_NAMES = {41: "East", 42: "South", 43: "West", 44: "North"}


@dataclass(frozen=True, slots=True)
class WinContext:
    """How a win came about. Seats are named by their wind (41 East = the dealer .. 44 North).

    ``honba`` and ``riichi_sticks`` only move payments; everything else can change the yaku.
    """

    tsumo: bool = False  # self-drawn (otherwise a ron on another player's tile)
    riichi: bool = False
    double_riichi: bool = False  # riichi on the first turn (implies riichi)
    ippatsu: bool = False  # within one go-around of the riichi, no call in between
    rinshan: bool = False  # on the replacement tile after a kan
    chankan: bool = False  # robbing an added kan
    haitei: bool = False  # self-drawn on the last tile of the live wall
    houtei: bool = False  # ron on the last discard
    tenhou: bool = False  # the dealer's first draw
    chiihou: bool = False  # a non-dealer's first draw, no call before it
    renhou: bool = False  # a non-dealer's ron before its first draw (if the rules count it)
    seat_wind: int = 41
    round_wind: int = 41
    honba: int = 0
    riichi_sticks: int = 0
    #: Situations only local yaku read (``LOCAL_FLAGS``: a ron on a riichi declaration tile, on
    #: the discard after the discarder's kan). Outside the packed key: a table without local yaku
    #: scores as if they were not set.
    local: frozenset[str] = frozenset()
    #: The flags and winds packed (``situations.situation_key``; -1 for a wind that is not one).
    key: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        packed = situation_key(
            self.tsumo,
            self.riichi,
            self.double_riichi,
            self.ippatsu,
            self.rinshan,
            self.chankan,
            self.haitei,
            self.houtei,
            self.tenhou,
            self.chiihou,
            self.renhou,
            self.seat_wind,
            self.round_wind,
        )
        object.__setattr__(self, "key", packed)
        if type(self.local) is not frozenset:
            # A name, or any collection of names, kept as a set (order never matters).
            local = (self.local,) if isinstance(self.local, str) else self.local
            object.__setattr__(self, "local", frozenset(local))

    @property
    def dealer(self) -> bool:
        return self.seat_wind == 41

    @property
    def flags(self) -> dict[str, bool]:
        """The flags that are set, by name (``FLAGS`` order)."""
        return {name: True for name in FLAGS if getattr(self, name)}


#: The situation flags, in the order of the packed key's bits (flag i at bit i).
FLAGS: tuple[str, ...] = tuple(f.name for f in fields(WinContext) if f.type == "bool")

#: The names ``WinContext.local`` may hold: tsubame_gaeshi (ron on the tile a player discarded
#: declaring riichi) and kanburi (ron on the discard right after the discarder's kan).
LOCAL_FLAGS: tuple[str, ...] = ("tsubame_gaeshi", "kanburi")


def _check_local(s: WinContext) -> None:
    unknown = sorted(s.local - set(LOCAL_FLAGS))
    if unknown:
        raise InvalidHand(
            f"unknown local situation {', '.join(map(repr, unknown))}: "
            f"choose from {', '.join(LOCAL_FLAGS)}"
        )
    for name in sorted(s.local):
        if s.tsumo:
            raise InvalidHand(f"{name} is a win on another player's discard, not tsumo")
        if s.chankan:
            raise InvalidHand(f"{name} is a win on a discard, and robbing a kan takes no discard")


def check_situation(s: WinContext, closed: bool, kans: int, melds: int = 0) -> None:
    """Raise ``InvalidHand`` for flags no real win can have together."""
    for name, wind in (("seat_wind", s.seat_wind), ("round_wind", s.round_wind)):
        if wind not in WIND_NAMES:
            raise InvalidHand(f"{name} must be a wind code 41-44 (East..North), not {wind!r}")
    if s.honba < 0 or s.riichi_sticks < 0:
        raise InvalidHand("honba and riichi sticks cannot be negative")
    if s.local:
        _check_local(s)
    if not (
        s.riichi
        or s.double_riichi
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
