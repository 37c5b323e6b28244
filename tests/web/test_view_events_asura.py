"""The browser keeps a Battle of Asura table current from the room's events (view-events.js with
sichuan-view.js): for every hand of self-played Asura matches, from the hand's full view and
exactly the events the room sends a seat or a spectator (``event.visible_to(seat)``: the others'
wins hidden), the view after each action equals the engine's ``Table.view(seat)``: the hand after
the exchange, the stage and direction, the wins in order with their value and gain, each seat's
win order and (at the hand's end) revealed hand, the points after every win, the sticks, and the
seat's own given and received."""

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
PUBLIC = ("won", "revealed", "chosen", "riichi")
TABLE = ("stage", "exchange_direction", "wins", "sticks", "dora_indicators", "round_wind")


@pytest.fixture(scope="module")
def records(tmp_path_factory) -> list[dict]:
    out = tmp_path_factory.mktemp("asura-events")
    args = ["selfplay", "--preset", "majsoul-asura", "--games", "2", "--seed", "9"]
    played = CliRunner().invoke(cli, [*args, "--out", str(out)])
    assert played.exit_code == 0, played.output
    return [json.loads(p.read_text()) for p in sorted(Path(out).glob("game-*.json"))]


def streams(record: dict, seat: int | None) -> tuple[list[dict], list[list[dict]], int]:
    match = get_ruleset("riichi").replay({**record, "actions": []})
    hands = [{"view": jsonable(view_to_dict(match.table.view(seat))), "steps": []}]
    expected: list[list[dict]] = [[]]
    hidden = 0
    for entry in record["actions"]:
        table = match.table
        events = match.act(entry[1], action_from_dict(entry[2]))
        seen = [e.visible_to(seat) for e in events]
        dicts = [event_to_dict(e) for e in seen if e is not None]
        hidden += sum(1 for d in dicts if d["type"] == "Won" and d.get("hidden"))
        hands[-1]["steps"].append(jsonable(dicts))
        expected[-1].append(jsonable(view_to_dict(table.view(seat))))
        if match.table is not table and not match.finished:
            hands.append({"view": jsonable(view_to_dict(match.table.view(seat))), "steps": []})
            expected.append([])
    return hands, expected, hidden


@pytest.mark.parametrize(("game", "seat"), [(0, 0), (0, None), (1, 2), (1, 3)])
def test_events_keep_an_asura_view_equal_to_the_engine(records, game, seat):
    hands, expected, hidden = streams(records[game], seat)
    assert hidden > 0  # the others' wins reached this seat hidden
    folded = run_node([str(RUNNER), str(WEB / "js")], hands)
    for h, (got_hand, want_hand) in enumerate(zip(folded, expected, strict=True)):
        for k, (got, want) in enumerate(zip(got_hand, want_hand, strict=True)):
            where = f"game {game} seat {seat} hand {h} step {k}"
            assert sorted(got["hand"]) == sorted(want["hand"]), where
            for name in FIELDS:
                assert got[name] == want[name], f"{where}: {name}"
            for name in TABLE:
                a, b = got["table"].get(name), want["table"][name]
                if name == "wins":
                    a = [{key: w[key] for key in b[0]} for w in a] if b else a
                assert a == b, f"{where}: table.{name}"
            for s, (mine, theirs) in enumerate(
                zip(got["seats_public"], want["seats_public"], strict=True)
            ):
                for name in PUBLIC:
                    a, b = mine.get(name), theirs[name]
                    if name == "revealed":
                        a, b = sorted(a or []), sorted(b)
                    assert a == b, f"{where}: seat {s} {name}"
            if seat is not None:
                for name in ("given", "received"):
                    assert got["own"][name] == want["own"][name], f"{where}: own.{name}"
