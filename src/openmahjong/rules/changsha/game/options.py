"""Table options of a Changsha game and its presets (``docs/changsha.md``)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from openmahjong.rules.kit import Presets

__all__ = ["ChangshaOptions", "PRESETS", "PRESET_TABLE", "preset"]


class ChangshaOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = "custom"
    #: Hands in a match.
    hands: int = Field(default=8, ge=1, le=32)
    #: Every seat's points at the start.
    starting_points: int = Field(default=100, ge=0)
    #: Birds turned after a win (扎鸟): 0 plays without.
    birds: int = Field(default=2, ge=0, le=6)
    #: Whether the starting-hand wins (起手胡) are paid.
    starting_wins: bool = True
    #: Points per unit of the scoring table (a small win by discard is one unit).
    unit: int = Field(default=1, ge=1, le=1000)


PRESETS: dict[str, ChangshaOptions] = {
    "changsha-standard": ChangshaOptions(name="changsha-standard"),
    "changsha-four-birds": ChangshaOptions(name="changsha-four-birds", birds=4),
}

PRESET_TABLE: Presets[ChangshaOptions] = Presets(PRESETS)
preset = PRESET_TABLE.options
