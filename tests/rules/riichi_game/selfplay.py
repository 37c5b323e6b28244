"""One self-play match of a Riichi preset with the Riichi bot on every seat, shared by the
self-play tests of the presets (Melee, DoraDorara, Battle of Asura): each reads its own rules
off every hand as it ends."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from openmahjong.bots import RiichiBot, selfplay_seed
from openmahjong.rules.riichi.game import RiichiMatch
from openmahjong.table import Phase

PLAYERS = ["bot-1", "bot-2", "bot-3", "bot-4"]


def bot_match(
    rules: Any, seed: int, game: int, hand_ended: Callable[[Any, int], None]
) -> RiichiMatch:
    """Play match ``game`` of the self-play run ``seed`` to its end; ``hand_ended(table,
    hand number)`` is called as each hand ends. A seat with one legal action takes it (the
    bot is asked only when it has a choice)."""
    master, salt = selfplay_seed(seed, game)
    bots = [RiichiBot((master >> (32 * s)) ^ s) for s in range(4)]
    match = RiichiMatch(rules, master, players=PLAYERS, salt=salt)
    while not match.finished:
        table, number = match.table, match.hand_number()
        seat = table.turn if table.phase is Phase.TURN else table.waiting_for()[0]
        legal = table.legal_actions(seat)
        one = len(legal) == 1
        match.act(seat, legal[0] if one else bots[seat].act(table.view(seat, events=False)))
        if table.phase == Phase.ENDED:
            hand_ended(table, number)
    return match
