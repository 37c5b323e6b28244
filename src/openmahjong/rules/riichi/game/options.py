"""Table options of a Riichi game and the named presets."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    field_serializer,
    field_validator,
    model_validator,
)

from openmahjong.rules.kit import Presets

__all__ = ["GameOptions", "PRESETS", "PRESET_ALIASES", "PRESET_TABLE", "preset", "preset_name"]


class GameOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = "custom"
    #: MAJSOUL: ankan dora at once, open-kan dora at the caller's next discard.
    #: EARLY_KAN_DORA (legacy name TOURNAMENT): every kan's dora before the replacement draw.
    kan_dora: Literal["MAJSOUL", "EARLY_KAN_DORA"] = "MAJSOUL"
    ron_mode: Literal["MULTI_RON", "HEAD_BUMP"] = "MULTI_RON"
    #: Claim arbitration: standard; tactical calls (a passer with a higher option is asked again
    #: after a lower claim); upgrade (MIL 2024: an outranked claimant may upgrade to a win).
    claim_mode: Literal["standard", "tactical", "upgrade"] = "standard"
    #: Tenhou: three players winning on one discard abort the hand instead.
    triple_ron_abort: bool = False
    #: When a passed ron stops blocking (temporary furiten): at the seat's next draw (the riichi
    #: profile) or at its next discard, which also ends it after a call (Tenhou).
    temporary_furiten_until: Literal["draw", "discard"] = "draw"
    #: The discard after a replacement draw that emptied the live wall can be won as houtei
    #: (Tenhou); the seed profile says that discard is never houtei. A rinshan draw is never
    #: haitei either way.
    houtei_after_rinshan: bool = False
    #: A winning tile that goes by makes the seat furiten even when it gave no yaku (so no ron
    #: was offered): every preset (issue 16; Tenhou, Mahjong Soul). False only for records made
    #: before the option, whose games were played without it (so they replay as they were).
    furiten_any_winning_tile: bool = False
    red_fives: bool = True
    #: All simples counts with calls made (kuitan); Tenhou tables may switch it off.
    open_tanyao: bool = True
    starting_points: int = 25000
    return_points: int = 25000
    first_place_requirement: int = 30000
    #: At all-last, an abortive draw with the dealer leading at the first-place requirement ends
    #: the match (the profile: an abortive draw keeps the dealer, a dealer continuation).
    #: Tenhou stops only on the dealer's win or tenpai and plays the abortive draw's repeat.
    all_last_abort_stops: bool = True
    #: Final settlement (``settlement.py``): uma by place, in thousands of points, and how the
    #: final points are rounded: ``exact`` (Mahjong Soul) or to the ``thousand`` (Tenhou).
    uma: tuple[int, int, int, int] = (15, 5, -5, -15)
    final_rounding: Literal["exact", "thousand"] = "exact"
    #: Base length: 4 (tonpuu) or 8 (hanchan) hands before repeats and extension.
    length: Literal[4, 8] = 8
    #: Battle of Asura (``docs/riichi-asura.md``): an exchange of three tiles before the first
    #: discard, and the hand goes on after a win until three have won, a seat is below zero
    #: or the wall runs out; no dealer repeats.
    asura: bool = False
    #: Scorer preset (``openmahjong.rules.riichi.options``).
    scoring: Literal["majsoul", "tenhou", "majsoul-melee"] = "majsoul"
    #: Dora indicators turned up when the hand starts (Mahjong Soul's DoraDorara: 3), and how
    #: many kans turn up one more (DoraDorara: the first 2). The kan limit and the four-kan
    #: abort do not change; together they fit the dead wall's five indicator slots.
    dora_at_start: int = Field(default=1, ge=1, le=5)
    kans_revealing_dora: int = Field(default=4, ge=0, le=4)

    @field_serializer("uma")
    def _uma_as_list(self, uma: tuple[int, int, int, int]) -> list[int]:
        # Dumped as JSON has it (records compare equal to their JSON text), kept a tuple.
        return list(uma)

    @model_validator(mode="after")
    def _indicators_fit_the_dead_wall(self) -> GameOptions:
        shown = self.dora_at_start + self.kans_revealing_dora
        if shown > 5:
            raise ValueError(
                f"dora_at_start + kans_revealing_dora is {shown}: the dead wall holds 5 indicators"
            )
        return self

    @field_validator("kan_dora", mode="before")
    @classmethod
    def _legacy_tournament(cls, value: object) -> object:
        # Old saves say TOURNAMENT; it has always meant early kan dora (not WRC rules).
        return "EARLY_KAN_DORA" if value == "TOURNAMENT" else value


#: What Tenhou's tables play differently from the profile's (``majsoul-*``). Tenhou reveals a
#: closed kan's dora at once and an open kan's after the caller's discard, which is the MAJSOUL
#: timing, so the Tenhou presets keep kan_dora="MAJSOUL".
_TENHOU: dict[str, Any] = {
    "triple_ron_abort": True,
    "temporary_furiten_until": "discard",
    "houtei_after_rinshan": True,
    "furiten_any_winning_tile": True,
    "scoring": "tenhou",
    "all_last_abort_stops": False,
    "return_points": 30000,
    "uma": (20, 10, -10, -20),
    "final_rounding": "thousand",
}

PRESETS: dict[str, GameOptions] = {
    "majsoul-tonpuu": GameOptions(name="majsoul-tonpuu", length=4, furiten_any_winning_tile=True),
    "majsoul-hanchan": GameOptions(name="majsoul-hanchan", length=8, furiten_any_winning_tile=True),
    # Mahjong Soul's Battle of Asura (修羅の戦): East only, docs/riichi-asura.md.
    "majsoul-asura": GameOptions(
        name="majsoul-asura", length=4, furiten_any_winning_tile=True, asura=True
    ),
    "tenhou-tonpuu": GameOptions(name="tenhou-tonpuu", length=4, **_TENHOU),
    "tenhou-hanchan": GameOptions(name="tenhou-hanchan", length=8, **_TENHOU),
    # Mahjong Soul's DoraDorara room (ドラさんモード): three indicators from the start, only the
    # first two kans show one more. The room's length is our choice (docs/riichi-special-rooms.md).
    "majsoul-dorasan": GameOptions(
        name="majsoul-dorasan",
        length=4,
        furiten_any_winning_tile=True,
        dora_at_start=3,
        kans_revealing_dora=2,
    ),
    # Mahjong Soul's Melee Room (乱闘の間): the ranked rules scored with the room's local yaku
    # (the scorer preset majsoul-melee). The room's length is our choice (docs/riichi-melee.md).
    "majsoul-melee": GameOptions(
        name="majsoul-melee",
        length=4,
        furiten_any_winning_tile=True,
        scoring="majsoul-melee",
    ),
}


#: Other names of presets: the profile's (``MAJSOUL_TONPUU``...). Accepted wherever a preset
#: is (CLI, HTTP API, matchmaking, the lobby form) through :func:`preset_name`; what is stored
#: and recorded is always the canonical name.
PRESET_ALIASES: dict[str, str] = {
    "MAJSOUL_TONPUU": "majsoul-tonpuu",
    "MAJSOUL_HANCHAN": "majsoul-hanchan",
}


#: The presets with their aliases: lookups by either name (``openmahjong.rules.kit.Presets``).
PRESET_TABLE: Presets[GameOptions] = Presets(PRESETS, PRESET_ALIASES)
#: The canonical name of a preset or alias (``ValueError`` when unknown).
preset_name = PRESET_TABLE.canonical
#: A preset (or alias) with changes applied.
preset = PRESET_TABLE.options
