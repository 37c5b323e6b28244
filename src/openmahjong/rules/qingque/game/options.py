"""Table options of a Qingque game and its presets.

The source (open_mahjong_unity ``QingqueGameState``) plays ``game_round`` wind rounds of four
hands (its rooms offer one and four), with an optional false win (``open_cuohe``). The options
are MCR's model (``rules.mcr.game.options``) under Qingque's presets: the same knobs.
"""

from __future__ import annotations

from openmahjong.rules.kit import Presets
from openmahjong.rules.mcr.game.options import McrOptions

__all__ = ["QingqueOptions", "PRESETS", "PRESET_TABLE"]


class QingqueOptions(McrOptions):
    """``rounds`` wind rounds of four hands; ``claim_mode``; ``false_win`` (``refuse``, or
    ``penalty`` as the source's 错和); ``starting_points`` (the source starts at 0)."""


PRESETS: dict[str, QingqueOptions] = {
    "qingque-1round": QingqueOptions(name="qingque-1round", rounds=1),
    "qingque-2rounds": QingqueOptions(name="qingque-2rounds", rounds=2),
    "qingque-4rounds": QingqueOptions(name="qingque-4rounds", rounds=4),
}

PRESET_TABLE: Presets[QingqueOptions] = Presets(PRESETS)
