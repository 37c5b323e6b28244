"""Events as clients get them (``event_to_dict``): a ruleset's own event types (Riichi's in
``rules/riichi/game/events.py``, MCR's in its round) keep the type names and keys the web
client and ``docs/protocol.md`` know, from a whole bot-played match of each ruleset."""

from __future__ import annotations

from typing import Any

from openmahjong.bots.mcr import McrBot
from openmahjong.bots.riichi import RiichiBot
from openmahjong.rules.mcr.game import McrMatch
from openmahjong.rules.mcr.game import preset as mcr_preset
from openmahjong.rules.riichi.game import RiichiMatch
from openmahjong.rules.riichi.game import preset as riichi_preset
from openmahjong.table.events import event_to_dict
from openmahjong.table.kernel import Phase

PLAYERS = ("a", "b", "c", "d")

#: The keys each event type had when every field lived in ``table/events.py`` (before Riichi's
#: moved to its own module); the client reads these.
RIICHI_KEYS = {
    "HandStarted": [
        "type",
        "private_to",
        "dealer",
        "round_wind",
        "hand_number",
        "honba",
        "sticks",
        "points",
        "dora_indicators",
    ],
    "Dealt": ["type", "private_to", "seat", "tiles"],
    "Drew": ["type", "private_to", "seat", "tile", "rinshan"],
    "Discarded": ["type", "private_to", "seat", "tile", "tsumogiri", "riichi"],
    "Called": ["type", "private_to", "seat", "kind", "tiles", "called_tile", "from_seat"],
    "DoraRevealed": ["type", "private_to", "indicator"],
    "RiichiAccepted": ["type", "private_to", "seat", "double", "sticks"],
    "Won": [
        "type",
        "private_to",
        "seat",
        "from_seat",
        "tile",
        "hand",
        "han",
        "fu",
        "yaku",
        "yakuman",
        "limit",
        "total",
        "ura_indicators",
        "basic_points",
        "honba",
        "sticks",
        "honba_points",
        "stick_points",
        "payments",
    ],
    "Revealed": ["type", "private_to", "seat", "tenpai", "tiles"],
    "HandEnded": [
        "type",
        "private_to",
        "reason",
        "deltas",
        "points",
        "sticks",
        "dealer_continues",
        "tenpai",
    ],
}

MCR_KEYS = {
    "Dealt": RIICHI_KEYS["Dealt"],
    "Drew": RIICHI_KEYS["Drew"],
    # A riichi flag means nothing in MCR: its discards no longer carry one (the client reads
    # a missing flag as false).
    "Discarded": ["type", "private_to", "seat", "tile", "tsumogiri"],
    "Called": RIICHI_KEYS["Called"],
    "FlowerRevealed": ["type", "private_to", "seat", "tile"],
    "McrWon": [
        "type",
        "private_to",
        "seat",
        "from_seat",
        "tile",
        "hand",
        "fans",
        "fan_total",
        "flowers",
        "total",
        "robbed_kong",
    ],
    "FalseWinPenalised": ["type", "private_to", "seat", "penalty", "hand"],
    "HandEnded": RIICHI_KEYS["HandEnded"],
}


def _events(match: Any, bots: list[Any]) -> list[dict[str, Any]]:
    """Every event of every hand of ``match`` played to its end, as ``event_to_dict`` makes it."""
    tables: list[Any] = []
    while not match.finished:
        table = match.table
        if not tables or tables[-1] is not table:
            tables.append(table)
        seat = table.turn if table.phase is Phase.TURN else table.waiting_for()[0]
        legal = table.legal_actions(seat)
        one = len(legal) == 1
        match.act(seat, legal[0] if one else bots[seat].act(table.view(seat, events=False)))
    return [event_to_dict(e) for t in tables for e in t.events]


def _check(events: list[dict[str, Any]], keys: dict[str, list[str]]) -> set[str]:
    seen = set()
    for data in events:
        assert data["type"] in keys, data
        assert sorted(data) == sorted(keys[data["type"]]), data
        seen.add(data["type"])
    return seen


def test_riichi_events_keep_their_names_and_keys() -> None:
    match = RiichiMatch(riichi_preset("tenhou-tonpuu"), 20261201, players=PLAYERS)
    events = _events(match, [RiichiBot(s) for s in range(4)])
    seen = _check(events, RIICHI_KEYS)
    assert {"HandStarted", "Discarded", "Won", "RiichiAccepted", "HandEnded"} <= seen
    wins = [e for e in events if e["type"] == "Won"]
    assert all(w["han"] >= 1 and w["fu"] >= 0 and w["total"] > 0 for w in wins)
    assert any(e["type"] == "Discarded" and e["riichi"] is True for e in events)
    start = next(e for e in events if e["type"] == "HandStarted")
    assert (start["honba"], start["sticks"], len(start["dora_indicators"])) == (0, 0, 1)


def test_mcr_events_keep_their_names_and_keys() -> None:
    match = McrMatch(mcr_preset("mcr-1round"), 20261201, players=PLAYERS)
    events = _events(match, [McrBot(s) for s in range(4)])
    seen = _check(events, MCR_KEYS)
    assert {"Discarded", "McrWon", "HandEnded"} <= seen
    wins = [e for e in events if e["type"] == "McrWon"]
    assert all(w["fan_total"] >= 8 and w["total"] == w["fan_total"] + w["flowers"] for w in wins)
