"""The shared turn kernel: wall, seats, actions, events, claim arbitration, views.

A ruleset plugs in by subclassing :class:`RoundPolicy`; see ``docs/table.md``.
"""

from openmahjong.table.actions import (
    PASS,
    AbortiveDraw,
    Action,
    Ankan,
    Chi,
    Discard,
    Kakan,
    Minkan,
    Pass,
    Pon,
    Reveal,
    Ron,
    Tsumo,
)
from openmahjong.table.choices import ChoiceRule
from openmahjong.table.claims import (
    HEAD_BUMP,
    STANDARD,
    TACTICAL,
    UPGRADE,
    ArbitrationMode,
    Resolution,
    Window,
    answer,
    open_window,
    resolve,
)
from openmahjong.table.errors import IllegalAction
from openmahjong.table.kernel import Phase, SeatView, Table
from openmahjong.table.policy import RoundPolicy, Trigger
from openmahjong.table.rig import rigged_wall
from openmahjong.table.seat import DiscardRecord, Meld, SeatState
from openmahjong.table.wall import Wall

__all__ = [
    "PASS",
    "AbortiveDraw",
    "ChoiceRule",
    "Action",
    "Ankan",
    "Chi",
    "Discard",
    "Kakan",
    "Minkan",
    "Pass",
    "Pon",
    "Reveal",
    "Ron",
    "Tsumo",
    "HEAD_BUMP",
    "STANDARD",
    "TACTICAL",
    "UPGRADE",
    "ArbitrationMode",
    "Resolution",
    "Window",
    "answer",
    "open_window",
    "resolve",
    "IllegalAction",
    "Phase",
    "SeatView",
    "Table",
    "RoundPolicy",
    "Trigger",
    "rigged_wall",
    "DiscardRecord",
    "Meld",
    "SeatState",
    "Wall",
]
