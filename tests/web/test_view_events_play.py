"""The browser keeps its table current from the room's events (web/js/view-events.js): for
every hand of a bot match, starting from the hand's full view and folding in exactly the events
the room sends a seat (``event.visible_to(seat)``), the view after each action equals the
engine's own ``Table.view(seat)``, as the room serialises it (``room.view_to_dict``). Riichi and
MCR (flowers laid out and replaced, wins)."""

from __future__ import annotations

from pathlib import Path

import pytest

from openmahjong.rules.mcr.game.match import replay_match as replay_mcr_match
from openmahjong.rules.riichi.game.match import replay_match
from openmahjong.server.room import view_to_dict
from openmahjong.table.actions import action_from_dict
from openmahjong.table.events import event_to_dict

from .fixtures.engine_views import bot_match, jsonable, mcr_bot_match
from .jsrun import WEB, needs_node, run_node

pytestmark = needs_node
RUNNER = Path(__file__).with_name("fixtures") / "events_runner.mjs"
FIELDS = ("hand_sizes", "melds", "discards", "points", "live_remaining", "turn")


def streams(game: int, seat: int, ruleset: str) -> tuple[list[dict], list[list[dict]]]:
    """Per hand: the first view and the events of each action; and the expected views."""
    if ruleset == "mcr":
        record = jsonable(mcr_bot_match(game).record())
        match = replay_mcr_match({**record, "actions": []})
    else:
        record = jsonable(bot_match(game).record())
        match = replay_match({**record, "actions": []})
    hands = [{"view": jsonable(view_to_dict(match.table.view(seat))), "steps": []}]
    expected: list[list[dict]] = [[]]
    for entry in record["actions"]:
        table = match.table
        events = match.act(entry[1], action_from_dict(entry[2]))
        seen = [e.visible_to(seat) for e in events]
        hands[-1]["steps"].append(jsonable([event_to_dict(e) for e in seen if e is not None]))
        expected[-1].append(jsonable(view_to_dict(table.view(seat))))
        if match.table is not table and not match.finished:
            hands.append({"view": jsonable(view_to_dict(match.table.view(seat))), "steps": []})
            expected.append([])
    return hands, expected


@pytest.mark.parametrize(
    ("ruleset", "game", "seat"),
    [("riichi", 0, 0), ("riichi", 0, 2), ("riichi", 2, 1), ("riichi", 5, 3), ("riichi", 7, 0),
     ("mcr", 0, 0), ("mcr", 1, 1), ("mcr", 2, 2), ("mcr", 3, 3)],
)  # fmt: skip
def test_events_keep_the_view_equal_to_the_engine(ruleset, game, seat):
    hands, expected = streams(game, seat, ruleset)
    folded = run_node([str(RUNNER), str(WEB / "js")], hands)
    for h, (got_hand, want_hand) in enumerate(zip(folded, expected, strict=True)):
        for k, (got, want) in enumerate(zip(got_hand, want_hand, strict=True)):
            where = f"game {game} seat {seat} hand {h} step {k}"
            assert sorted(got["hand"]) == sorted(want["hand"]), where
            for name in FIELDS:
                assert got[name] == want[name], f"{where}: {name}"
            flowers = [p.get("flowers") for p in got["seats_public"]]
            assert flowers == [p.get("flowers") for p in want["seats_public"]], where
            if ruleset == "mcr":
                continue
            assert got["table"]["dora_indicators"] == want["table"]["dora_indicators"], where
            assert got["table"]["sticks"] == want["table"]["sticks"], where
            riichi = [p["riichi"] for p in got["seats_public"]]
            assert riichi == [p["riichi"] for p in want["seats_public"]], where
