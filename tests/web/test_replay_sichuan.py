"""The browser's replay of Sichuan Bloody (replay-engine.js with sichuan-replay.js) against the
engine: for every hand of self-played Sichuan matches, each step's hands (the exchange's passes
in the hand's direction, the winners' revealed hands), discards, melds, wall count and points
(wins' and kan bonuses' payments as they happen) equal the engine's table after the same action;
the winners, their order and the voids are those of the record."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from openmahjong.cli import app as cli

from .jsrun import needs_node
from .test_replay_play import check_every_step, js_states

pytestmark = needs_node


@pytest.fixture(scope="module")
def records(tmp_path_factory) -> list[dict]:
    out = tmp_path_factory.mktemp("sichuan")
    args = ["selfplay", "--ruleset", "sichuan", "--games", "3", "--seed", "4", "--out", str(out)]
    played = CliRunner().invoke(cli, args)
    assert played.exit_code == 0, played.output
    return [json.loads(p.read_text()) for p in sorted(Path(out).glob("game-*.json"))]


@pytest.mark.parametrize("game", range(3))
def test_every_step_of_every_sichuan_hand_matches_the_engine(records, game):
    check_every_step(records[game])


def test_the_replay_shows_the_voids_and_each_win_in_order(records):
    for record in records:
        got = js_states(record, list(range(len(record["hands"]))))
        for i, summary in enumerate(record["hands"]):
            end = got[str(i)]["ok"][-1]
            assert [p["void"] for p in end["seats_public"]] == summary["voids"]
            assert end["table"]["exchange_direction"] == summary["direction"]
            won = sorted((p["won"], s) for s, p in enumerate(end["seats_public"]) if p["won"])
            assert won == [(w["order"], w["seat"]) for w in summary["wins"]]
            for w in summary["wins"]:
                revealed = end["seats_public"][w["seat"]]["revealed"]
                assert len(revealed) % 3 == 2 and w["tile"] in revealed
