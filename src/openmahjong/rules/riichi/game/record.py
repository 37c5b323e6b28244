"""A hand is its record: the header that deals it plus the ordered player actions.

``hand_record(table)`` writes one; ``replay_hand(record)`` rebuilds the table by applying every
action again, which reproduces every event, score and view. The shape is shared
(``openmahjong.rules.kit``); Riichi's header adds the round wind, honba and sticks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from openmahjong.rules import kit
from openmahjong.rules.riichi.game.options import GameOptions
from openmahjong.rules.riichi.game.round import RiichiPolicy, new_hand
from openmahjong.table.kernel import Table

__all__ = ["hand_record", "replay_hand"]


def hand_record(table: Table) -> dict[str, Any]:
    policy = table.policy
    assert isinstance(policy, RiichiPolicy)
    s = policy.state
    header = {"round_wind": s.round_wind, "hand_number": s.hand_number, "honba": s.honba}
    header["sticks_at_start"] = policy.sticks_at_start
    direction = getattr(policy, "direction", None)  # Battle of Asura (asura.py)
    if direction is not None:
        header["direction"] = direction
        if policy.sudden_death is not None:  # type: ignore[attr-defined]
            header["sudden_death"] = policy.sudden_death  # type: ignore[attr-defined]
    return kit.hand_record("riichi", table, policy.options, s.start_points, **header)


def replay_hand(record: Mapping[str, Any]) -> Table:
    return kit.replay_hand(record, new_hand, GameOptions, sticks_at_start="sticks")
