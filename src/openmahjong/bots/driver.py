"""Play a match to its end with bots: the loop every ruleset's self-play shares."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from openmahjong.table.kernel import Phase

__all__ = ["play_to_end"]


def play_to_end(
    match: Any,
    bot_at: Callable[[int], Any],
    *,
    max_actions: int,
    on_hand: Callable[[Any], None] | None = None,
) -> Any:
    """Answer every decision of ``match`` until it finishes and return it.

    ``bot_at(seat)`` is the bot deciding for a table seat (MCR players change seats between
    wind rounds, so the caller maps seats to players). A decision with one legal action is taken
    without asking; each bot sees ``table.view(seat, events=False)``, its own view without the
    event stream it does not read. ``on_hand`` is called after each finished hand.
    """
    hands = 0
    turn = Phase.TURN  # read once: an enum member lookup costs more than the comparison
    for _ in range(max_actions):
        if match.finished:
            return match
        table = match.table
        seat = table.turn if table.phase is turn else table.waiting_for()[0]
        legal = table.legal_actions(seat)
        # A forced move (one legal action) needs no bot and no view.
        one = len(legal) == 1
        action = legal[0] if one else bot_at(seat).act(table.view(seat, events=False))
        match.act(seat, action)
        if on_hand is not None and len(match.results) != hands:
            hands = len(match.results)
            on_hand(match)
    raise RuntimeError(f"the match did not end within {max_actions} actions")
