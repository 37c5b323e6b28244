"""Table options of a Taiwan 16-tile game and its presets.

The table knobs are MCR's (``rules.mcr.game.options``: ``rounds``, ``claim_mode``,
``false_win``, ``starting_points``), with what Taiwan settles differently: the stakes (底 and 台:
a payer pays ``base + tai * per_tai``), an optional minimum of tai to win (起胡), when the dealer
keeps the deal (連莊), and how many tiles stay unplayed at the back of the wall.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from openmahjong.rules.kit import Presets
from openmahjong.rules.mcr.game.options import McrOptions

__all__ = ["TaiwanOptions", "PRESETS", "PRESET_TABLE"]


class TaiwanOptions(McrOptions):
    #: Wind rounds: 1 (一圈) or 4 (一將); each lasts until every seat has dealt and lost the deal.
    rounds: Literal[1, 2, 3, 4] = 4
    #: 底: what every payer pays for any win.
    base: int = Field(default=100, ge=0)
    #: 台: what every payer pays per tai.
    per_tai: int = Field(default=20, ge=0)
    #: 起胡: the fewest tai a win needs (the hand's own tai, the dealer's not counted); 0: none.
    min_tai: int = Field(default=0, ge=0)
    #: 連莊: the dealer keeps the deal after winning, and after a drawn hand (流局).
    dealer_keeps_on_win: bool = True
    dealer_keeps_on_draw: bool = True
    #: Tiles left unplayed at the back of the wall (the hand is drawn when only these remain).
    kept_tiles: int = Field(default=16, ge=0, le=40)


PRESETS: dict[str, TaiwanOptions] = {
    "taiwan-1round": TaiwanOptions(name="taiwan-1round", rounds=1),
    "taiwan-4rounds": TaiwanOptions(name="taiwan-4rounds", rounds=4),
    "taiwan-4rounds-300-100": TaiwanOptions(
        name="taiwan-4rounds-300-100", rounds=4, base=300, per_tai=100
    ),
}

PRESET_TABLE: Presets[TaiwanOptions] = Presets(
    PRESETS, aliases={"taiwan-yiquan": "taiwan-1round", "taiwan-yijiang": "taiwan-4rounds"}
)
