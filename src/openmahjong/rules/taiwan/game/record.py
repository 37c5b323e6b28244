"""A Taiwan hand as record data: its summary in a match record, and a single hand's record
(the header that deals it plus the ordered actions, ``openmahjong.rules.kit``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from openmahjong.rules import kit
from openmahjong.rules.taiwan.game.options import TaiwanOptions
from openmahjong.rules.taiwan.game.round import TaiwanHandResult, TaiwanPolicy, new_hand
from openmahjong.rules.taiwan.scoring import dealer_tai
from openmahjong.table.kernel import Table

__all__ = ["hand_summary", "hand_record", "replay_hand"]


def hand_summary(
    result: TaiwanHandResult,
    actions: int,
    *,
    label: str,
    dealer: int,
    hand_number: int,
    wind_round: int,
    repeats: int,
) -> dict[str, Any]:
    return {
        "label": label,
        "hand_number": hand_number,
        "wind_round": wind_round,
        "dealer": dealer,
        "repeats": repeats,
        "reason": result.reason,
        "dealer_continues": result.dealer_continues,
        "deltas": list(result.deltas),
        "points": list(result.points),
        "false_wins": list(result.false_wins),
        "wins": [
            {
                "seat": w.seat,
                "from_seat": w.from_seat,
                "tile": w.tile,
                "tai": [[t.zh, t.en, t.total] for t in w.win.tai]
                + (
                    [[t.zh, t.en, t.total] for t in dealer_tai(repeats)]
                    if dealer == w.seat or dealer in (p for p, _ in w.payments)
                    else []
                ),
                "hand_tai": w.win.total,
                "dealer_tai": w.dealer_tai,
                "payments": [list(p) for p in w.payments],
                "robbed_kong": w.robbed_kong,
                "flower_win": w.flower_win,
            }
            for w in result.wins
        ],
        "actions": actions,
    }


def hand_record(table: Table) -> dict[str, Any]:
    policy = table.policy
    assert isinstance(policy, TaiwanPolicy)
    header = {
        "prevalent_wind": policy.prevalent_wind,
        "hand_number": policy.hand_number,
        "repeats": policy.repeats,
    }
    return kit.hand_record("taiwan", table, policy.options, policy.start_points, **header)


def replay_hand(record: Mapping[str, Any]) -> Table:
    return kit.replay_hand(record, new_hand, TaiwanOptions)
