"""Table options of an MCR game and its named presets."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from openmahjong.rules.kit import Presets

__all__ = ["McrOptions", "PRESETS", "PRESET_TABLE", "preset"]


class McrOptions(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = "custom"
    #: Wind rounds played (East; East-South; ...; all four), four hands each.
    rounds: Literal[1, 2, 3, 4] = 4
    #: Claim arbitration: standard; tactical calls (a passer holding a higher option is asked
    #: again after a lower claim); upgrade (MIL 2024: an outranked claimant may upgrade).
    claim_mode: Literal["standard", "tactical", "upgrade"] = "standard"
    #: ``refuse``: a win is offered only when it is legal (8 fans before flowers), so a false
    #: declaration is refused as ``IllegalAction``. ``penalty``: a win may always be declared;
    #: a false one costs ``false_win_penalty`` to each other player and play goes on.
    false_win: Literal["refuse", "penalty"] = "refuse"
    false_win_penalty: int = Field(default=10, ge=0)
    starting_points: int = 0


PRESETS: dict[str, McrOptions] = {
    "mcr-1round": McrOptions(name="mcr-1round", rounds=1),
    "mcr-2rounds": McrOptions(name="mcr-2rounds", rounds=2),
    "mcr-4rounds": McrOptions(name="mcr-4rounds", rounds=4),
    "mcr-4rounds-tactical": McrOptions(name="mcr-4rounds-tactical", claim_mode="tactical"),
    "mcr-4rounds-upgrade": McrOptions(name="mcr-4rounds-upgrade", claim_mode="upgrade"),
}


#: The presets (``openmahjong.rules.kit.Presets``; MCR has no aliases).
PRESET_TABLE: Presets[McrOptions] = Presets(PRESETS)
#: A preset with changes applied (``ValueError`` when the name is unknown).
preset = PRESET_TABLE.options
