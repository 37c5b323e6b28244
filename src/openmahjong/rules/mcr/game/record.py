"""One MCR hand as a record: the header that deals it plus the ordered actions.

The shape is shared (``openmahjong.rules.kit.hand_record``, the kernel's action log); MCR's
header adds the prevalent wind and the hand number instead of Riichi's honba and sticks.
"""

from __future__ import annotations

from typing import Any

from openmahjong.rules import kit
from openmahjong.rules.mcr.game.options import McrOptions
from openmahjong.rules.mcr.game.round import McrPolicy, new_hand
from openmahjong.table.kernel import Table
from openmahjong.table.match import replay_into

__all__ = ["hand_record", "replay_hand"]


def hand_record(table: Table) -> dict[str, Any]:
    policy = table.policy
    assert isinstance(policy, McrPolicy)
    return kit.hand_record(
        "mcr",
        table,
        policy.options,
        policy.start_points,
        prevalent_wind=policy.prevalent_wind,
        hand_number=policy.hand_number,
    )


def replay_hand(record: dict[str, Any]) -> Table:
    table = new_hand(
        record["wall"],
        McrOptions(**record["options"]),
        dealer=record["dealer"],
        prevalent_wind=record["prevalent_wind"],
        hand_number=record["hand_number"],
        points=record["points"],
    )
    return replay_into(table, record)
