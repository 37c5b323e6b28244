"""The MCR (Chinese Official) round and match on the shared turn kernel (``openmahjong.table``).

See ``docs/mcr-game.md``. The scorer is ``openmahjong.rules.mcr.scoring``.
"""

from openmahjong.rules.mcr.game.match import (
    SEATING,
    McrMatch,
    McrMatchState,
    advance,
    ranking,
    replay_match,
)
from openmahjong.rules.mcr.game.options import PRESETS, McrOptions, preset
from openmahjong.rules.mcr.game.record import hand_record, replay_hand
from openmahjong.rules.mcr.game.round import (
    BASE,
    FalseWinPenalised,
    FlowerRevealed,
    McrHandResult,
    McrPolicy,
    McrSeat,
    McrWin,
    McrWon,
    new_hand,
    seat_wind,
)

__all__ = [
    "SEATING",
    "McrMatch",
    "McrMatchState",
    "advance",
    "ranking",
    "replay_match",
    "PRESETS",
    "McrOptions",
    "preset",
    "hand_record",
    "replay_hand",
    "BASE",
    "FalseWinPenalised",
    "FlowerRevealed",
    "McrHandResult",
    "McrPolicy",
    "McrSeat",
    "McrWin",
    "McrWon",
    "new_hand",
    "seat_wind",
]
