"""The browser keeps a free-play table current from the room's events alone (view-events.js
with freeplay-view.js): for every hand of self-played free-play games (with flowers, so groups
and back draws come up), from the hand's full view and exactly the events the room sends a seat
or a spectator (``event.visible_to(seat)``), the view after each move equals the engine's
``view(seat)``: the seat's hand, hand sizes, groups, ponds, the wall, the last discard, the
table's facts and each seat's shown tiles."""

from __future__ import annotations

from pathlib import Path

import pytest

from openmahjong.bots.driver import play_to_end
from openmahjong.rules.freeplay.actions import FreeReveal
from openmahjong.rules.freeplay.ruleset import RULESET
from openmahjong.server.room import view_to_dict
from openmahjong.table.actions import action_from_dict
from openmahjong.table.events import event_to_dict

from .fixtures.engine_views import jsonable
from .jsrun import WEB, needs_node, run_node

pytestmark = needs_node
RUNNER = Path(__file__).with_name("fixtures") / "events_runner.mjs"
FIELDS = (
    "turn",
    "hand_sizes",
    "melds",
    "discards",
    "live_remaining",
    "offered_tile",
    "table",
    "seats_public",
    "phase",
)


@pytest.fixture(scope="module")
def records() -> list[dict]:
    out = []
    for seed in (11, 12):
        match = RULESET.new_match(["a", "b", "c", "d"], seed, "salt", "freeplay-flowers")
        bots = [RULESET.bot(seed + s) for s in range(4)]
        # A few moves of people's kind too: a shown tile and a shown hand.
        table = match.free_table
        match.act(0, bots[0].act(table.view(0)))  # the deal
        match.act(2, FreeReveal(tile=table.hands[2][0]))
        match.act(3, FreeReveal(tile=None))
        play_to_end(match, bots.__getitem__, max_actions=20_000)
        out.append(jsonable(match.record()))
    return out


def streams(record: dict, seat: int | None) -> tuple[list[dict], list[list[dict]]]:
    match = RULESET.replay({**record, "actions": []})
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


@pytest.mark.parametrize(("game", "seat"), [(0, 0), (0, None), (1, 2), (1, 3)])
def test_events_keep_a_free_play_view_equal_to_the_engine(records, game, seat):
    hands, expected = streams(records[game], seat)
    folded = run_node([str(RUNNER), str(WEB / "js")], hands)
    steps = 0
    for h, (got_hand, want_hand) in enumerate(zip(folded, expected, strict=True)):
        for k, (got, want) in enumerate(zip(got_hand, want_hand, strict=True)):
            where = f"game {game} seat {seat} hand {h} step {k}"
            if want["phase"] == "ended":
                assert got["phase"] == "ended" and got["points"] == want["points"], where
                continue
            assert got["hand"] == want["hand"], where
            for name in FIELDS:
                assert got[name] == want[name], f"{where}: {name}"
            steps += 1
    assert steps > 100
