"""One MCR hand as a record: the header that deals it plus the ordered actions.

The shape is shared (``openmahjong.rules.kit``, the kernel's action log); MCR's header adds the
prevalent wind and the hand number instead of Riichi's honba and sticks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from openmahjong.rules import kit
from openmahjong.rules.mcr.game.options import McrOptions
from openmahjong.rules.mcr.game.round import McrPolicy, new_hand
from openmahjong.table.kernel import Table

__all__ = ["hand_record", "replay_hand"]


def hand_record(table: Table) -> dict[str, Any]:
    policy = table.policy
    assert isinstance(policy, McrPolicy)
    header = {"prevalent_wind": policy.prevalent_wind, "hand_number": policy.hand_number}
    return kit.hand_record("mcr", table, policy.options, policy.start_points, **header)


def replay_hand(record: Mapping[str, Any]) -> Table:
    return kit.replay_hand(record, new_hand, McrOptions)
