"""Table options of a Sichuan Bloody game and its named presets (``docs/sichuan.md``):
``majsoul-bloodshed`` (Mahjong Soul's room, the standard) and ``chengdu-xuezhan`` (成都血战到底,
the fan ladder most Chinese apps play)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from openmahjong.rules.kit import Presets
from openmahjong.rules.sichuan.fan_rules import MAJSOUL, ScoringRules, chengdu

__all__ = ["SichuanOptions", "PRESETS", "PRESET_TABLE", "preset"]


class SichuanOptions(BaseModel):
    """Everything about the scoring that a room could change; the move timeouts are the
    server's (their defaults are not part of the rules)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = "custom"
    #: Hands in a match (Mahjong Soul's room plays four).
    hands: int = Field(default=4, ge=1, le=16)
    #: Every seat's points at the start of the match. The seed does not say what Mahjong
    #: Soul's room starts with; this is our choice (docs/sichuan.md).
    starting_points: int = Field(default=50000, ge=1000)
    #: How yaku become points: ``majsoul`` (the seed's han and its table) or ``chengdu``
    #: (the fan ladder: points = ``base_points`` x 2^fans).
    scoring: Literal["majsoul", "chengdu"] = "majsoul"
    #: The highest han a win scores (the seed caps at 6; its table stops there). Under
    #: ``chengdu`` the fan cap (封顶: 3, 4 or 5 in the apps), ``None`` for no cap.
    han_cap: int | None = Field(default=6, ge=1, le=13)
    #: ``chengdu``: the points of a 0-fan win (底).
    base_points: int = Field(default=1000, ge=1)
    #: Fans a self-drawn win adds (自摸加番: 1); ``tsumo_bonus`` is the other way (自摸加底).
    tsumo_fans: int = Field(default=0, ge=0, le=2)
    #: Yaku worth other han (fans) than the scoring's table, e.g. ``{"dragon_seven_pairs": 3}``.
    fans: dict[str, int] = Field(default_factory=dict)
    #: Yaku not played: the hand scores as the next base it reads as (e.g. ``heaven``, ``earth``
    #: without 天地胡; ``terminals_in_all_sets``, ``all_terminals``, ``258_triplets`` without
    #: 幺九将对).
    yaku_off: list[str] = Field(default_factory=list)
    #: What each payer adds to a self-drawn win's points.
    tsumo_bonus: int = Field(default=1000, ge=0)
    #: Kan bonuses, paid at once: an open kan from its feeder; an added kan of the tile just
    #: drawn from each seat still playing (cancelled if robbed); a concealed kan from each seat
    #: still playing. An added kan of a tile held earlier pays nothing.
    open_kan_bonus: int = Field(default=2000, ge=0)
    added_kan_bonus: int = Field(default=1000, ge=0)
    concealed_kan_bonus: int = Field(default=2000, ge=0)
    #: At an exhaustive draw, a seat still holding tiles of its void suit pays at least this
    #: many han's points to every opponent still in the hand.
    void_penalty_han: int = Field(default=4, ge=1, le=6)
    #: At an exhaustive draw, the void holder (花猪) pays the seats that have won too.
    pig_pays_winners: bool = False

    @model_validator(mode="after")
    def _rules_agree(self) -> SichuanOptions:
        if self.scoring == "majsoul" and (self.han_cap is None or self.han_cap > 6):
            raise ValueError("scoring majsoul: han_cap is 1 to 6 (the seed's table stops at 6)")
        self.scoring_rules()  # a ValueError (an unknown yaku, a value out of range) is refused
        if self.scoring == "majsoul" and self.tsumo_fans:
            raise ValueError("tsumo_fans (自摸加番) is a chengdu rule: scoring majsoul has none")
        return self

    def scoring_rules(self) -> ScoringRules:
        """What the scorer is given (``scoring.score_win(..., rules=...)``)."""
        if self.scoring == "majsoul" and not (self.fans or self.yaku_off):
            return MAJSOUL  # every Mahjong Soul call scores exactly as before options existed
        if self.scoring == "majsoul":
            return ScoringRules(
                name="majsoul", values=self.fans, off=frozenset(self.yaku_off), cap=6
            )
        return chengdu(
            cap=self.han_cap,
            base_points=self.base_points,
            tsumo_fans=self.tsumo_fans,
            values=self.fans,
            off=self.yaku_off,
        )

    def win_points(self, han: int) -> int:
        """The points of ``han`` han (fans) under this table's cap."""
        rules = self.scoring_rules()
        if rules.doubling:
            return rules.points(rules.capped(han))
        assert self.han_cap is not None
        return rules.points(min(han, self.han_cap))


PRESETS: dict[str, SichuanOptions] = {
    "majsoul-bloodshed": SichuanOptions(name="majsoul-bloodshed"),
    # 成都血战到底 (docs/sichuan.md, "The chengdu-xuezhan preset"): base 1,000, 4 fans at most,
    # 自摸加番, 刮风 (open kan 2x base from the feeder, added kan 1x from each seat in play),
    # 下雨 (concealed kan 2x from each), 查花猪 at the cap to every other seat.
    "chengdu-xuezhan": SichuanOptions(
        name="chengdu-xuezhan",
        hands=8,
        scoring="chengdu",
        han_cap=4,
        base_points=1000,
        tsumo_fans=1,
        tsumo_bonus=0,
        open_kan_bonus=2000,
        added_kan_bonus=1000,
        concealed_kan_bonus=2000,
        void_penalty_han=4,
        pig_pays_winners=True,
    ),
}

#: The presets (``openmahjong.rules.kit.Presets``).
PRESET_TABLE: Presets[SichuanOptions] = Presets(PRESETS)
#: A preset with changes applied (``ValueError`` when the name is unknown).
preset = PRESET_TABLE.options
