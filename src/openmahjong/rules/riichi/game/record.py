"""A hand is its record: the header that deals it plus the ordered player actions.

``hand_record(table)`` writes one; ``replay_hand(record)`` rebuilds the table by applying every
action again, which reproduces every event, score and view. The shape is shared
(``openmahjong.rules.kit.hand_record``); Riichi's header adds the round wind, honba and sticks.
"""

from __future__ import annotations

from typing import Any

from openmahjong.rules import kit
from openmahjong.rules.riichi.game.options import GameOptions
from openmahjong.rules.riichi.game.round import RiichiPolicy, new_hand
from openmahjong.table.kernel import Table
from openmahjong.table.match import replay_into

__all__ = ["hand_record", "replay_hand"]


def hand_record(table: Table) -> dict[str, Any]:
    policy = table.policy
    assert isinstance(policy, RiichiPolicy)
    s = policy.state
    return kit.hand_record(
        "riichi",
        table,
        policy.options,
        s.start_points,
        round_wind=s.round_wind,
        hand_number=s.hand_number,
        honba=s.honba,
        sticks_at_start=policy.sticks_at_start,
    )


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
    return replay_into(table, record)
