"""One Changsha hand as a record, and a finished hand's summary in a match record (the shape
is shared: ``openmahjong.rules.kit``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from openmahjong.rules import kit
from openmahjong.rules.changsha.game.options import ChangshaOptions
from openmahjong.rules.changsha.game.round import (
    ChangshaHandResult,
    ChangshaPolicy,
    ChangshaWin,
    new_hand,
)
from openmahjong.table.kernel import Table

__all__ = ["hand_record", "replay_hand", "hand_summary", "win_summary"]


def hand_record(table: Table) -> dict[str, Any]:
    policy = table.policy
    assert isinstance(policy, ChangshaPolicy)
    return kit.hand_record(
        "changsha",
        table,
        policy.options,
        policy.start_points,
        hand_number=policy.hand_number,
    )


def _deal(wall: Sequence[int], options: ChangshaOptions, **header: Any) -> Table:
    return new_hand(options, wall, **header)


def replay_hand(record: Mapping[str, Any]) -> Table:
    return kit.replay_hand(record, _deal, ChangshaOptions)


def win_summary(w: ChangshaWin) -> dict[str, Any]:
    return {
        "seat": w.seat,
        "from_seat": w.from_seat,
        "tile": w.tile,
        "tsumo": w.from_seat is None,
        "robbed_kan": w.robbed_kan,
        "patterns": list(w.win.patterns),
        "value": w.win.value,
        "payments": list(w.payments),
    }


def hand_summary(
    result: ChangshaHandResult, actions: int, *, label: str, dealer: int, hand_number: int
) -> dict[str, Any]:
    """What a match record keeps of a finished hand (``replay check`` compares every field)."""
    return {
        "label": label,
        "hand_number": hand_number,
        "dealer": dealer,
        "reason": result.reason,
        "deltas": list(result.deltas),
        "points": list(result.points),
        "starting": [[s, list(p)] for s, p in result.starting],
        "birds": list(result.birds),
        "wins": [win_summary(w) for w in result.wins],
        "actions": actions,
    }
