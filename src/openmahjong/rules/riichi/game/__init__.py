"""The Riichi round and match on the shared turn kernel (``openmahjong.table``)."""

from openmahjong.rules.riichi.game.match import (
    MatchState,
    RiichiMatch,
    advance,
    ranking,
    replay_match,
)
from openmahjong.rules.riichi.game.options import PRESETS, GameOptions, preset
from openmahjong.rules.riichi.game.record import hand_record, replay_hand
from openmahjong.rules.riichi.game.round import (
    HandResult,
    RiichiPolicy,
    RiichiSeat,
    WinResult,
    new_hand,
    seat_wind,
)

__all__ = [
    "PRESETS",
    "GameOptions",
    "preset",
    "HandResult",
    "RiichiPolicy",
    "RiichiSeat",
    "WinResult",
    "new_hand",
    "seat_wind",
    "hand_record",
    "replay_hand",
    "MatchState",
    "RiichiMatch",
    "advance",
    "ranking",
    "replay_match",
]
