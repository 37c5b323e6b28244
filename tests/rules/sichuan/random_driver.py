"""A tiny driver for Sichuan matches in tests (the real bot is ``bots/sichuan.py``): a win
whenever one is offered, the void suit declared as the table would on a timeout, void tiles
discarded first, then a discard that keeps the hand closest to ready (ties at random), calls
at random; for the exchange, whose choice a rule checks instead of a list, the rule's own pick
or a timeout. Enough wins for the match's rules to show, nothing clever."""

from __future__ import annotations

import random
from typing import Any

from openmahjong.hand.shanten import SICHUAN_FORMS, shanten_counts
from openmahjong.table.actions import Discard, Ron, Tsumo
from openmahjong.tiles import counts34, suit

SUIT_LETTERS = "mps"


def play_randomly(match: Any, seed: int, *, max_actions: int = 20000) -> Any:
    """Play ``match`` to its end; returns it."""
    rng = random.Random(seed)
    for _ in range(max_actions):
        if match.finished:
            return match
        table = match.table
        seat = table.waiting_for()[0]
        legal = table.legal_actions(seat)
        if not legal:  # the exchange: the rule's own pick, or let the clock run out
            if rng.random() < 0.5:
                match.timeout(seat)
            else:
                match.act(seat, table.rules[seat].default())
            continue
        match.act(seat, _pick(table, seat, legal, rng))
    raise AssertionError(f"the match did not end within {max_actions} actions")


def _pick(table: Any, seat: int, legal: list[Any], rng: random.Random) -> Any:
    wins = [a for a in legal if isinstance(a, (Tsumo, Ron))]
    if wins:
        return wins[0]
    if legal[0].name == "void":
        return table.default_action(seat)
    discards = [a for a in legal if isinstance(a, Discard)]
    if not discards or rng.random() < 0.2:
        return rng.choice(legal)
    void = table.view(seat, events=False).own.get("void")
    shed = [a for a in discards if SUIT_LETTERS[suit(a.tile) - 1] == void]
    if shed:
        return rng.choice(shed)
    hand = list(table.seats[seat].hand)

    def distance(a: Discard) -> int:
        rest = list(hand)
        rest.remove(a.tile)
        return shanten_counts(counts34(rest), forms=SICHUAN_FORMS)

    scored = [(distance(a), rng.random(), i) for i, a in enumerate(discards)]
    return discards[min(scored)[2]]
