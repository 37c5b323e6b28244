"""A tiny random driver for Sichuan matches in tests: any legal action, a win whenever one is
offered, and the rule's own pick (or a timeout) for a choice that has no list."""

from __future__ import annotations

import random
from typing import Any

from openmahjong.table.actions import Ron, Tsumo


def play_randomly(match: Any, seed: int, *, max_actions: int = 20000) -> Any:
    """Play ``match`` to its end with random legal actions; returns it."""
    rng = random.Random(seed)
    for _ in range(max_actions):
        if match.finished:
            return match
        table = match.table
        seat = table.waiting_for()[0]
        legal = table.legal_actions(seat)
        if not legal:  # a choice rule (the exchange): its own pick, or let the clock run out
            if rng.random() < 0.5:
                match.timeout(seat)
            else:
                match.act(seat, table.rules[seat].default())
            continue
        wins = [a for a in legal if isinstance(a, (Tsumo, Ron))]
        match.act(seat, wins[0] if wins else rng.choice(legal))
    raise AssertionError(f"the match did not end within {max_actions} actions")
