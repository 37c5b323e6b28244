"""Options of a free-play table and its presets (``docs/freeplay.md``)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from openmahjong.rules.kit import Presets

__all__ = ["FreeplayOptions", "PRESETS", "PRESET_TABLE", "preset"]


class FreeplayOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = "custom"
    #: The tile set: 136 (34 kinds x4), 144 (with the eight flowers) or 108 (the suits only).
    tiles: Literal[136, 144, 108] = 136
    #: Tiles dealt to each seat (13, or 16 as in Taiwanese mahjong); the dealer then draws.
    hand_size: Literal[13, 16] = 13
    #: Hands in a game; 0: until the players end it (a hand declared ``last``).
    hands: int = Field(default=4, ge=0, le=64)
    #: A declared result stands only once every seat agrees to it (False: the declaring seat
    #: ends the hand alone, as at a table of friends).
    agreement: bool = True
    #: Every seat's points at the start.
    starting_points: int = Field(default=0, ge=-1_000_000, le=1_000_000)


PRESETS: dict[str, FreeplayOptions] = {
    "freeplay": FreeplayOptions(name="freeplay"),
    "freeplay-flowers": FreeplayOptions(name="freeplay-flowers", tiles=144),
    "freeplay-suits": FreeplayOptions(name="freeplay-suits", tiles=108),
    "freeplay-sixteen": FreeplayOptions(name="freeplay-sixteen", tiles=144, hand_size=16),
    "freeplay-open": FreeplayOptions(name="freeplay-open", hands=0),
}

PRESET_TABLE: Presets[FreeplayOptions] = Presets(PRESETS)
preset = PRESET_TABLE.options
