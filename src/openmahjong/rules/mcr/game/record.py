"""One MCR hand as a record: the header that deals it plus the ordered actions.

A thin module rather than a shared one: the action log (``Table.action_log``), the entry shape
and the match envelope are the kernel's and Riichi's (``openmahjong.rules.riichi.game.match``),
reused as they are; only the header differs (prevalent wind and hand number instead of honba
and riichi sticks), and that is this ruleset's business.
"""

from __future__ import annotations

from typing import Any

from openmahjong.rules.mcr.game.options import McrOptions
from openmahjong.rules.mcr.game.round import McrPolicy, new_hand
from openmahjong.table.actions import action_from_dict
from openmahjong.table.kernel import Table
from openmahjong.table.match import split_entry

__all__ = ["hand_record", "replay_hand"]


def hand_record(table: Table) -> dict[str, Any]:
    policy = table.policy
    assert isinstance(policy, McrPolicy)
    return {
        "ruleset": "mcr",
        "options": policy.options.model_dump(),
        "dealer": table.dealer,
        "prevalent_wind": policy.prevalent_wind,
        "hand_number": policy.hand_number,
        "points": list(policy.start_points),
        "wall": list(table.initial_wall),
        "actions": table.action_log(),
    }


def replay_hand(record: dict[str, Any]) -> Table:
    table = new_hand(
        record["wall"],
        McrOptions(**record["options"]),
        dealer=record["dealer"],
        prevalent_wind=record["prevalent_wind"],
        hand_number=record["hand_number"],
        points=record["points"],
    )
    for entry in record["actions"]:
        seat, data, flags = split_entry(entry)
        if "timeout" in flags:
            table.timeout(seat)
        else:
            table.act(seat, action_from_dict(data))
    return table
