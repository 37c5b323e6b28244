"""Typed rule options a Riichi table can switch, and the named presets.

Options describe the table (they never change during a match); the per-win situation (tsumo,
riichi, winds, dora indicators...) is the scorer's keyword arguments instead.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

__all__ = [
    "RiichiRules",
    "PRESETS",
    "MAJSOUL",
    "MAJSOUL_MELEE",
    "MELEE_LOCAL_YAKU",
    "LOCAL_YAKU_IDS",
    "TENHOU",
    "resolve_rules",
]

#: Every local yaku the scorer knows (``local_yaku.py`` checks them), in the Melee Room's order.
LOCAL_YAKU_IDS: tuple[str, ...] = (
    "tsubame_gaeshi",
    "kanburi",
    "shiiaru_raotai",
    "uumensai",
    "sanrenkou",
    "isshoku_sanjun",
    "iipin_moyue",
    "chuupin_raoyui",
    "daisharin",
    "daichikurin",
    "daisuurin",
    "ishi_no_ue_ni_mo_sannen",
    "daichisei",
)


class RiichiRules(BaseModel):
    """Scoring-relevant rule options of a four-player Riichi table."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = "custom"
    #: How many red fives the wall holds: 0, 3 (one per suit) or 4 (two red 5p).
    red_fives: Literal[0, 3, 4] = 3
    #: All-simples counts on an open hand (kuitan).
    open_tanyao: bool = True
    #: Han a hand needs from yaku alone (dora never count toward it).
    minimum_han: int = Field(default=1, ge=1, le=4)
    #: Suuankou tanki, kokushi 13-sided, junsei chuuren and daisuushii score two yakuman.
    double_yakuman: bool = True
    #: 13+ han without a yakuman: a (kazoe) yakuman, or capped at sanbaiman.
    kazoe_limit: Literal["yakuman", "sanbaiman"] = "yakuman"
    #: Round 4 han 30 fu and 3 han 60 fu up to mangan.
    kiriage: bool = False
    #: Winning on a discard before one's first draw: not a yaku, a mangan, or a yakuman.
    renhou: Literal["off", "mangan", "yakuman"] = "off"
    #: What a pao (liable) player pays for: the whole hand, or only the yakuman they fed.
    pao_scope: Literal["whole_hand", "liable_yakuman"] = "liable_yakuman"
    #: Thirteen orphans may rob a closed kan (checked by the round engine, recorded here).
    kokushi_robs_closed_kan: bool = True
    #: Local yaku the table scores (ids of ``LOCAL_YAKU_IDS``; Mahjong Soul's Melee Room turns
    #: on all of them, see docs/riichi-melee.md). Renhou has its own switch above.
    local_yaku: tuple[str, ...] = ()

    @field_validator("local_yaku")
    @classmethod
    def _known_local_yaku(cls, names: tuple[str, ...]) -> tuple[str, ...]:
        unknown = [n for n in names if n not in LOCAL_YAKU_IDS]
        if unknown:
            if "renhou" in unknown:
                raise ValueError("renhou has its own switch: set renhou='mangan' or 'yakuman'")
            raise ValueError(
                f"unknown local yaku {', '.join(map(repr, unknown))}: "
                f"choose from {', '.join(LOCAL_YAKU_IDS)}"
            )
        # One order whatever the caller's, so equal switches make equal (hashable) rules.
        return tuple(n for n in LOCAL_YAKU_IDS if n in names)


#: Mahjong Soul four-player ranked (the seed profile).
MAJSOUL = RiichiRules(name="majsoul")

#: Tenhou ranked lobbies: single yakuman only (combinations still stack), full pao liability.
TENHOU = RiichiRules(
    name="tenhou",
    double_yakuman=False,
    pao_scope="whole_hand",
    kokushi_robs_closed_kan=False,
)

#: The local yaku of Mahjong Soul's Melee Room (乱闘の間), renhou aside (its own switch).
MELEE_LOCAL_YAKU: tuple[str, ...] = LOCAL_YAKU_IDS

#: Mahjong Soul's Melee Room: the ranked rules plus its local yaku, renhou a yakuman.
MAJSOUL_MELEE = RiichiRules(name="majsoul-melee", renhou="yakuman", local_yaku=MELEE_LOCAL_YAKU)

PRESETS: dict[str, RiichiRules] = {
    "majsoul": MAJSOUL,
    "tenhou": TENHOU,
    "majsoul-melee": MAJSOUL_MELEE,
}


def resolve_rules(rules: str | RiichiRules) -> RiichiRules:
    """A preset by name, or the given options unchanged."""
    if isinstance(rules, RiichiRules):
        return rules
    try:
        return PRESETS[rules]
    except (KeyError, TypeError):
        names = ", ".join(sorted(PRESETS))
        raise ValueError(f"unknown Riichi preset {rules!r}: choose one of {names}") from None
