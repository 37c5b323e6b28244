"""What a result screen needs from Riichi's ``Won``: the honba and riichi-stick parts of the
win, each seat's change, and (for a riichi winner) the ura dora indicators; at an exhaustive
draw the tenpai hands are shown by ``Revealed``. Self-played matches, no sockets."""

from __future__ import annotations

from typing import Any

from openmahjong.rules.registry import get_ruleset
from openmahjong.table.events import Revealed, event_to_dict
from openmahjong.table.kernel import Phase


def _played_events(seed: int) -> list[dict[str, Any]]:
    ruleset = get_ruleset("riichi")
    match = ruleset.new_match(["a", "b", "c", "d"], seed, "salt", "majsoul-hanchan")
    bots = [ruleset.bot(seed + i) for i in range(4)]
    events: list[Any] = []
    while not match.finished:
        table = match.table
        seat = table.turn if table.phase is Phase.TURN else table.waiting_for()[0]
        legal = table.legal_actions(seat)
        action = legal[0] if len(legal) == 1 else bots[seat].act(table.view(seat, events=False))
        events.extend(match.act(seat, action))
    return [event_to_dict(e) for e in events if e.visible_to(None) is e]


def test_a_win_carries_its_honba_and_stick_parts_and_each_seats_change():
    wins = [e for seed in range(1, 5) for e in _played_events(seed) if e["type"] == "Won"]
    assert any(w["honba"] for w in wins) and any(w["sticks"] for w in wins)
    for w in wins:
        assert w["honba_points"] == 300 * w["honba"]
        assert w["stick_points"] == 1000 * w["sticks"]
        payments = w["payments"]
        assert len(payments) == 4
        # The winner gains the hand's value, then the honba, then the sticks on the table.
        assert payments[w["seat"]] == w["total"] + w["honba_points"] + w["stick_points"]
        assert sum(payments) == w["stick_points"]  # the sticks were paid in earlier
        assert w["basic_points"] > 0
        if w["from_seat"] is not None:  # a ron: the discarder alone pays
            others = [p for s, p in enumerate(payments) if s not in (w["seat"], w["from_seat"])]
            assert payments[w["from_seat"]] == -(w["total"] + w["honba_points"])
            assert others == [0, 0]


def test_ura_indicators_and_tenpai_hands_are_public():
    events = [e for seed in range(1, 5) for e in _played_events(seed)]
    riichi_wins = [e for e in events if e["type"] == "Won" and e["ura_indicators"]]
    assert riichi_wins and all(e["private_to"] is None for e in riichi_wins)
    shown = [e for e in events if e["type"] == Revealed.__name__ and e["tenpai"]]
    assert shown and all(len(e["tiles"]) % 3 == 1 for e in shown)
