"""The browser's replay of Battle of Asura (replay-engine.js with sichuan-replay.js, the Riichi
table's option table `asura` merged in from the record's options) against the engine: for every
hand of self-played Asura matches, each step's hands (the exchange of any three tiles in the
hand's direction), discards, melds, dora, wall count and points (each win paid as it happens,
by the Riichi split with tsumo loss and the sticks to the first winner) equal the engine's table
after the same action; the winners and their order are those of the record."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from openmahjong.cli import app as cli

from .jsrun import needs_node
from .test_replay_play import check_every_step, js_states

pytestmark = needs_node

GAMES = 3


@pytest.fixture(scope="module")
def records(tmp_path_factory) -> list[dict]:
    out = tmp_path_factory.mktemp("asura")
    args = ["selfplay", "--preset", "majsoul-asura", "--games", str(GAMES), "--seed", "4"]
    played = CliRunner().invoke(cli, [*args, "--out", str(out)])
    assert played.exit_code == 0, played.output
    return [json.loads(p.read_text()) for p in sorted(Path(out).glob("game-*.json"))]


def test_the_matches_have_what_asura_adds(records):
    """Not a vacuous check: hands with several wins and play after a win are among them."""
    wins = [len(h["wins"]) for r in records for h in r["hands"]]
    assert max(wins) >= 2
    assert all(r["header"]["options"]["asura"] for r in records)


@pytest.mark.parametrize("game", range(GAMES))
def test_every_step_of_every_asura_hand_matches_the_engine(records, game):
    check_every_step(records[game])


def test_the_replay_shows_the_exchange_and_each_win_in_order(records):
    for record in records:
        got = js_states(record, list(range(len(record["hands"]))))
        for i, summary in enumerate(record["hands"]):
            states = got[str(i)]["ok"]
            assert states[0]["table"]["stage"] == "exchange"
            assert states[0]["table"]["round_wind"] == 41  # a Riichi table keeps its wind
            end = states[-1]
            if summary.get("direction") and any(
                s["last"]["action"]["type"] == "discard" for s in states[1:]
            ):
                assert end["table"]["exchange_direction"] == summary["direction"]
                assert end["table"]["stage"] == "play"
            won = sorted((p["won"], s) for s, p in enumerate(end["seats_public"]) if p["won"])
            assert won == [(k + 1, w["seat"]) for k, w in enumerate(summary["wins"])]
