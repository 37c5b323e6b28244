"""The browser's replay (web/js/replay-engine.js) against the engine: for every hand of Riichi
and MCR bot matches, each step's rebuilt hands, discards (tsumogiri, riichi, claimed), melds,
dora indicators, flowers, wall count and points equal the engine's table after the same
action. The JS gets the ruleset as the server describes it (``GET /api/rooms/rulesets``), as the
replay page does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from openmahjong.rules.registry import get_ruleset
from openmahjong.server.rooms import ruleset_entry

from .fixtures.engine_views import (
    bot_match,
    jsonable,
    mcr_bot_match,
    mcr_false_win_match,
    states_by_hand,
)
from .jsrun import WEB, needs_node, run_node

pytestmark = needs_node
RUNNER = Path(__file__).with_name("fixtures") / "play_runner.mjs"


def js_states(record: dict, hands: list[int]) -> dict:
    payload = {"record": record, "hands": hands, "ruleset": served(record)}
    return run_node([str(RUNNER), str(WEB / "js")], payload)


def served(record: dict) -> dict:
    """The record's ruleset as the server lists it (JSON: tuples become lists)."""
    entry = ruleset_entry(get_ruleset(record["header"]["ruleset"]))
    return json.loads(json.dumps(entry))


def tile_key(t: int) -> tuple[int, int]:
    return ((t % 100) if t > 100 else t, t)


def comparable(state: dict) -> dict:
    return {
        "hands": [sorted(h, key=tile_key) for h in state["hands"]],
        "discards": state["discards"],
        "melds": [
            [[m["kind"], sorted(m["tiles"]), m["called_tile"], m["from_seat"]] for m in ms]
            for ms in state["melds"]
        ],
        "dora": state["table"].get("dora_indicators", []),
        "flowers": [p.get("flowers", []) for p in state["seats_public"]],
        "live_remaining": state["live_remaining"],
        "points": state["points"],
    }


def check_every_step(record: dict) -> None:
    expected = states_by_hand(record)
    got = js_states(record, list(range(len(expected))))
    assert [h["n"] for h in got["split"]] == [h["actions"] for h in record["hands"]]
    for i, states in enumerate(expected):
        label = record["hands"][i]["label"]
        assert "ok" in got[str(i)], got[str(i)]
        js = got[str(i)]["ok"]
        assert len(js) == len(states), label
        for k, (want, have) in enumerate(zip(states, js, strict=True)):
            have_c = comparable(have)
            for field in want:
                if field == "hands":
                    want_h = [sorted(h, key=tile_key) for h in want[field]]
                    assert have_c[field] == want_h, f"{label} step {k}: {field}"
                elif field == "points" and k == len(states) - 1:
                    continue  # the end state shows the summary's points, compared below
                else:
                    assert have_c[field] == want[field], f"{label} step {k}: {field}"
        assert js[-1]["points"] == record["hands"][i]["points"], label


@pytest.mark.parametrize("game", [0, 1, 2, 5, 7])
def test_every_step_of_every_riichi_hand_matches_the_engine(game):
    check_every_step(jsonable(bot_match(game).record()))


@pytest.mark.parametrize("game", range(6))
def test_every_step_of_every_mcr_hand_matches_the_engine(game):
    """Flowers at the deal and in play, chows from the left only, kongs replaced from the back,
    points and seating over two wind rounds (the seats change between them)."""
    check_every_step(jsonable(mcr_bot_match(game, "mcr-2rounds").record()))


@pytest.mark.parametrize("game", range(3))
def test_every_step_matches_the_engine_at_a_false_win_penalty_table(game):
    """MCR with false_win="penalty" and bots that declare wins they do not have: the hand goes
    on after each false self-draw (the seat still discards) and each false discard win (the
    tile stays unclaimed), and the step that refused it lists the fined seats."""
    record = jsonable(mcr_false_win_match(game).record())
    check_every_step(record)
    got = js_states(record, list(range(len(record["hands"]))))
    for i, summary in enumerate(record["hands"]):
        js = got[str(i)]["ok"]
        fined = [seat for state in js for seat in state.get("false_win", [])]
        # The record lists every fined seat in order; so does the replay, step by step.
        assert fined == summary["false_wins"], summary["label"]
        kinds = {state["last"]["action"]["type"] for state in js if state.get("false_win")}
        assert kinds <= {"tsumo", "ron", "pass", "chi", "pon", "minkan"}
    every = [s for i in range(len(record["hands"])) for s in got[str(i)]["ok"]]
    false_kinds = {s["last"]["action"]["type"] for s in every if s.get("false_win")}
    assert "tsumo" in false_kinds  # a false self-draw was replayed
    assert false_kinds - {"tsumo"}  # and at least one false discard win


def test_every_step_of_a_ruleset_the_client_never_heard_of(tmp_path):
    """The tests' toy ruleset (tests/rules/toy_ruleset.py: two suits, its own wall and hand
    counter, no calls), registered as a plugin is: self-played, then rebuilt by the browser's
    replay from what the server lists for it, step for step equal to the engine."""
    from typer.testing import CliRunner

    from openmahjong.cli import app as cli
    from openmahjong.rules import registry
    from tests.rules.toy_ruleset import NAME, TOY

    registry.register(TOY)
    try:
        args = [
            "selfplay",
            "--ruleset",
            NAME,
            "--games",
            "2",
            "--seed",
            "4",
            "--out",
            str(tmp_path),
        ]
        played = CliRunner().invoke(cli, args)
        assert played.exit_code == 0, played.output
        for path in sorted(tmp_path.glob("game-*.json")):
            record = json.loads(path.read_text())
            assert record["header"]["ruleset"] == NAME
            check_every_step(record)
    finally:
        registry.unregister(NAME)
