"""A game made of scripted hands on rigged walls, as one of our records (walls in
``header.deals``, like an imported game), for export tests.

A :class:`Hand` names the four hands and the draws **relative to the dealer** (seat 0 of the
script deals) and the actions the script insists on, in order, as ``(relative seat,
action)``. The driver plays everything else: a seat whose turn it is and that the script does
not name discards the tile it drew (or its first legal discard); every seat asked about a
discard or a kan passes unless the next scripted action is its own and legal there; a ready
hand at an exhaustive draw shows itself. Hands follow one another as the match would
(:func:`~openmahjong.rules.riichi.game.match.advance`), so the dealer, honba, sticks and points
of each hand are the real ones; a script is written for whoever deals.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from openmahjong.rules.riichi.game.match import (
    RECORD_FORMAT,
    RECORD_VERSION,
    MatchState,
    advance,
    hand_summary,
)
from openmahjong.rules.riichi.game.options import GameOptions
from openmahjong.rules.riichi.game.round import new_hand
from openmahjong.table import PASS, Action, Discard, Phase, Reveal, Table, rigged_wall
from openmahjong.table.actions import action_to_dict


@dataclass
class Hand:
    hands: Sequence[str | Sequence[int]]  # the dealer's first (14 tiles or fewer), then 1, 2, 3
    steps: Sequence[tuple[int, Action]] = ()
    draws: str | Sequence[int] = ()  # live draws in order, the dealer's second draw first
    dead: str | Sequence[int] = ()
    #: What the hand must end as (``reason`` of the result), checked as it is played.
    ends: str = ""
    note: str = ""


@dataclass
class Played:
    table: Table
    entries: list[list[Any]] = field(default_factory=list)


def play(table: Table, steps: Sequence[tuple[int, Action]], limit: int = 2000) -> list[list[Any]]:
    """Play ``table`` to its end; ``steps`` use absolute seats here."""
    queue = deque(steps)
    entries: list[list[Any]] = []

    def act(seat: int, action: Action) -> None:
        table.act(seat, action)
        entries.append([seat, action_to_dict(action)])

    for _ in range(limit):
        if table.phase == Phase.ENDED:
            break
        waiting = table.waiting_for()
        if queue:
            seat, action = queue[0]
            if seat in waiting and action in table.legal_actions(seat):
                queue.popleft()
                act(seat, action)
                continue
            if table.phase == Phase.TURN and seat == table.turn:
                raise AssertionError(
                    f"scripted {action} of seat {seat} is not legal: {table.legal_actions(seat)}"
                )
        if table.phase == Phase.REACTION:
            act(waiting[0], PASS)
        elif table.phase == Phase.SPECIAL:
            act(waiting[0], Reveal(True))
        else:
            seat = table.turn
            legal = [a for a in table.legal_actions(seat) if isinstance(a, Discard)]
            plain = [a for a in legal if not a.riichi]
            drawn = [a for a in plain if table.drew and a.tile == table.last_drawn]
            act(seat, (drawn or plain)[0])
    assert table.phase == Phase.ENDED, "the hand did not end"
    assert not queue, f"scripted actions left over: {list(queue)}"
    return entries


def build(hands: Sequence[Hand], options: GameOptions) -> dict[str, Any]:
    """Play ``hands`` one after the other from East 1 and return our record of the game."""
    state = MatchState(points=(options.starting_points,) * 4)
    deals: list[dict[str, Any]] = []
    actions: list[list[Any]] = []
    summaries: list[dict[str, Any]] = []
    for script in hands:
        assert not state.ended, f"the match ended before {script.note or script}"
        dealer = state.dealer
        seat_hands: list[Any] = [""] * 4
        for rel, h in enumerate(script.hands):
            seat_hands[(dealer + rel) % 4] = h
        wall = rigged_wall(seat_hands, script.draws, script.dead, dealer=dealer)
        table = new_hand(
            wall,
            options,
            dealer=dealer,
            round_wind=state.round_wind,
            hand_number=state.round_index,
            honba=state.honba,
            sticks=state.sticks,
            points=state.points,
        )
        steps = [((dealer + rel) % 4, action) for rel, action in script.steps]
        entries = play(table, steps)
        result = table.result
        if script.ends:
            assert result.reason == script.ends, (script.note, result.reason)
        deals.append(
            {
                "round_index": state.round_index,
                "label": state.label,
                "dealer": dealer,
                "honba": state.honba,
                "sticks": state.sticks,
                "points": list(state.points),
                "wall": list(wall),
            }
        )
        actions.extend([state.round_index, *entry] for entry in entries)
        summaries.append(hand_summary(state, result, len(entries)))
        state = advance(state, result, options)
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "header": {
            "ruleset": "riichi",
            "preset": options.name,
            "options": options.model_dump(),
            "players": ["A", "B", "C", "D"],
            "player_entry_order": None,
            "commitment": None,
            "salt": None,
            "master_seed": None,
            "started_at": None,
            "ended_at": None,
            "source": {"format": "scripted", "title": "scripted", "complete": False},
            "deals": deals,
        },
        "actions": actions,
        "hands": summaries,
    }
