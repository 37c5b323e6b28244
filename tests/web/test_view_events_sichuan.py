"""The browser keeps a Sichuan table current from the room's events (view-events.js with
sichuan-view.js): for every hand of self-played Sichuan matches, from the hand's full view and
exactly the events the room sends a seat or a spectator (``event.visible_to(seat)``), the view
after each action equals the engine's ``Table.view(seat)``: the hand after the exchange, the
stage and direction, each seat's void, win order and revealed hand, the points after every win
and kan bonus, and the seat's own given, received and void."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from openmahjong.cli import app as cli
from openmahjong.rules.registry import get_ruleset
from openmahjong.server.room import view_to_dict
from openmahjong.table.actions import action_from_dict
from openmahjong.table.events import event_to_dict

from .fixtures.engine_views import jsonable
from .jsrun import WEB, needs_node, run_node

pytestmark = needs_node
RUNNER = Path(__file__).with_name("fixtures") / "events_runner.mjs"
FIELDS = ("hand_sizes", "melds", "discards", "points", "live_remaining")
PUBLIC = ("void", "won", "revealed", "chosen")
TABLE = ("stage", "exchange_direction", "wins")


@pytest.fixture(scope="module")
def records(tmp_path_factory) -> list[dict]:
    out = tmp_path_factory.mktemp("sichuan-events")
    args = ["selfplay", "--ruleset", "sichuan", "--games", "2", "--seed", "9", "--out", str(out)]
    played = CliRunner().invoke(cli, args)
    assert played.exit_code == 0, played.output
    return [json.loads(p.read_text()) for p in sorted(Path(out).glob("game-*.json"))]


def streams(record: dict, seat: int | None) -> tuple[list[dict], list[list[dict]]]:
    match = get_ruleset("sichuan").replay({**record, "actions": []})
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
def test_events_keep_a_sichuan_view_equal_to_the_engine(records, game, seat):
    hands, expected = streams(records[game], seat)
    folded = run_node([str(RUNNER), str(WEB / "js")], hands)
    for h, (got_hand, want_hand) in enumerate(zip(folded, expected, strict=True)):
        for k, (got, want) in enumerate(zip(got_hand, want_hand, strict=True)):
            where = f"game {game} seat {seat} hand {h} step {k}"
            assert sorted(got["hand"]) == sorted(want["hand"]), where
            for name in FIELDS:
                assert got[name] == want[name], f"{where}: {name}"
            for name in TABLE:
                assert got["table"][name] == want["table"][name], f"{where}: table.{name}"
            for s, (mine, theirs) in enumerate(
                zip(got["seats_public"], want["seats_public"], strict=True)
            ):
                for name in PUBLIC:
                    if name == "chosen" and want["table"]["stage"] == "void":
                        continue  # a seat's declaration sends no event: only the four at once
                    a, b = mine.get(name), theirs[name]
                    if name == "revealed":
                        a, b = sorted(a or []), sorted(b)
                    assert a == b, f"{where}: seat {s} {name}"
            if seat is not None:
                for name in ("void", "given", "received"):
                    if name == "void" and want["table"]["stage"] == "void":
                        continue  # the seat's own declaration, told with the others'
                    assert got["own"][name] == want["own"][name], f"{where}: own.{name}"
