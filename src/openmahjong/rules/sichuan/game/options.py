"""Table options of a Sichuan Bloody game and its named presets (``docs/sichuan.md``)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from openmahjong.rules.kit import Presets

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
    #: The highest han a win scores (the seed caps at 6; its table stops there).
    han_cap: int = Field(default=6, ge=1, le=6)
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


PRESETS: dict[str, SichuanOptions] = {
    "majsoul-bloodshed": SichuanOptions(name="majsoul-bloodshed"),
}

#: The presets (``openmahjong.rules.kit.Presets``).
PRESET_TABLE: Presets[SichuanOptions] = Presets(PRESETS)
#: A preset with changes applied (``ValueError`` when the name is unknown).
preset = PRESET_TABLE.options
