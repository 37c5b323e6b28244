"""A hand is its record: the header that deals it plus the ordered player actions.

``hand_record(table)`` writes one; ``replay_hand(record)`` rebuilds the table by applying every
action again, which reproduces every event, score and view.
"""

from __future__ import annotations

from typing import Any

from openmahjong.rules.riichi.game.options import GameOptions
from openmahjong.rules.riichi.game.round import RiichiPolicy, new_hand
from openmahjong.table.actions import action_from_dict
from openmahjong.table.kernel import Table

__all__ = ["hand_record", "replay_hand"]


def hand_record(table: Table) -> dict[str, Any]:
    policy = table.policy
    assert isinstance(policy, RiichiPolicy)
    s = policy.state
    return {
        "ruleset": "riichi",
        "options": policy.options.model_dump(),
        "dealer": table.dealer,
        "round_wind": s.round_wind,
        "hand_number": s.hand_number,
        "honba": s.honba,
        "sticks_at_start": policy.sticks_at_start,
        "points": list(s.start_points),
        "wall": list(table.initial_wall),
        "actions": table.action_log(),
    }


def replay_hand(record: dict[str, Any]) -> Table:
    table = new_hand(
        record["wall"],
        GameOptions(**record["options"]),
        dealer=record["dealer"],
        round_wind=record["round_wind"],
        hand_number=record["hand_number"],
        honba=record["honba"],
        sticks=record["sticks_at_start"],
        points=record["points"],
    )
    for seat, data, *flags in record["actions"]:
        if "timeout" in flags:
            table.timeout(seat)
        else:
            table.act(seat, action_from_dict(data))
    return table
