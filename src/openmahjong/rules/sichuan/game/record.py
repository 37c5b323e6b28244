"""One Sichuan hand as a record, and a finished hand's summary in a match record.

The shape is shared (``openmahjong.rules.kit``, the kernel's action log); Sichuan's header adds
the hand number and the exchange direction (which the match draws from the hand seed).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from openmahjong.rules import kit
from openmahjong.rules.sichuan.game.options import SichuanOptions
from openmahjong.rules.sichuan.game.round import (
    SichuanHandResult,
    SichuanPolicy,
    SichuanWin,
    new_hand,
)
from openmahjong.table.kernel import Table

__all__ = ["hand_record", "replay_hand", "hand_summary", "win_summary"]


def hand_record(table: Table) -> dict[str, Any]:
    policy = table.policy
    assert isinstance(policy, SichuanPolicy)
    header = {"hand_number": policy.hand_number, "direction": policy.direction}
    return kit.hand_record("sichuan", table, policy.options, policy.start_points, **header)


def _deal(wall: Sequence[int], options: SichuanOptions, **header: Any) -> Table:
    # kit.replay_hand passes the wall first; Sichuan's new_hand takes the options first.
    return new_hand(options, wall, **header)


def replay_hand(record: Mapping[str, Any]) -> Table:
    return kit.replay_hand(record, _deal, SichuanOptions)


def win_summary(w: SichuanWin) -> dict[str, Any]:
    return {
        "seat": w.seat,
        "order": w.order,
        "from_seat": w.from_seat,
        "tile": w.tile,
        "tsumo": w.from_seat is None,
        "robbed_kan": w.robbed_kan,
        "han": w.win.han,
        "points": w.win.total,
        "yaku": [[y.key, y.han, y.kind] for y in w.win.yaku],
        "payments": list(w.payments),
    }


def hand_summary(
    result: SichuanHandResult,
    actions: int,
    *,
    label: str,
    dealer: int,
    hand_number: int,
    direction: str,
) -> dict[str, Any]:
    """What a match record keeps of a finished hand (``replay check`` compares every field)."""
    return {
        "label": label,
        "hand_number": hand_number,
        "dealer": dealer,
        "direction": direction,
        "voids": list(result.voids),
        "reason": result.reason,
        "deltas": list(result.deltas),
        "points": list(result.points),
        "first_winner": result.first_winner,
        "wins": [win_summary(w) for w in result.wins],
        "actions": actions,
    }
