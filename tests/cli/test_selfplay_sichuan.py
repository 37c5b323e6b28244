"""``openmahjong selfplay --ruleset sichuan``: the Sichuan bot plays whole matches through the
registry; the summary has the other rulesets' keys and counts Sichuan's endings rightly."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from openmahjong.cli import app
from openmahjong.cli.selfplay import summarize

runner = CliRunner()


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    out = tmp_path_factory.mktemp("sichuan-selfplay")
    args = ["selfplay", "--ruleset", "sichuan", "--games", "2", "--seed", "4"]
    result = runner.invoke(app, [*args, "--out", str(out), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout), out


def test_summary_keys_and_records(played):
    summary, out = played
    assert summary["ruleset"] == "sichuan" and summary["preset"] == "majsoul-bloodshed"
    assert summary["bot"] == "efficiency"
    for key in ("games", "hands", "seconds", "wins", "draws", "deal_ins", "endings"):
        assert key in summary
    records = [json.loads(p.read_text()) for p in sorted(out.glob("game-*.json"))]
    assert len(records) == 2 and all(r["header"]["ruleset"] == "sichuan" for r in records)
    hands = [h for r in records for h in r["hands"]]
    assert summary["hands"] == len(hands)
    wins = [w for h in hands for w in h["wins"]]
    assert summary["wins"]["total"] == len(wins) > summary["hands"]  # hands go on after a win
    assert summary["wins"]["tsumo"] == sum(1 for w in wins if w["tsumo"])
    # A draw is a hand nobody won: a "bloody" ending (three wins) never is one.
    assert summary["draws"]["total"] == sum(1 for h in hands if not h["wins"])
    assert summary["draws"].get("bloody", 0) == 0
    assert sum(summary["endings"].values()) == summary["hands"]
    places = summary["average_points_by_place"]
    assert places["1"] >= places["2"] >= places["3"] >= places["4"]


def test_same_seed_same_records(played, tmp_path):
    _summary, out = played
    args = ["selfplay", "--ruleset", "sichuan", "--games", "2", "--seed", "4"]
    result = runner.invoke(app, [*args, "--out", str(tmp_path), "--json"])
    assert result.exit_code == 0, result.output
    for name in ("game-0001.json", "game-0002.json"):
        assert (tmp_path / name).read_bytes() == (out / name).read_bytes()


def test_human_summary_names_the_endings(tmp_path):
    args = ["selfplay", "--ruleset", "sichuan", "--games", "1", "--seed", "2"]
    result = runner.invoke(app, [*args, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "hands ended:" in result.stdout and "deal-ins" in result.stdout


def test_unknown_bot_is_refused(tmp_path):
    args = ["selfplay", "--ruleset", "sichuan", "--bot", "nobody", "--out", str(tmp_path)]
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and "efficiency" in result.output
    assert not list(tmp_path.iterdir())


def test_deal_ins_count_each_discard_won_off_once():
    def win(seat, from_seat, tile):
        return {"seat": seat, "from_seat": from_seat, "tile": tile}

    hands = [
        # two seats win one discard (one deal-in), later a self-draw, then another ron
        {
            "reason": "bloody",
            "wins": [win(1, 0, 23), win(2, 0, 23), win(3, None, 15), win(0, 2, 31)],
        },
        {"reason": "exhaustive", "wins": []},
    ]
    record = {"hands": hands, "result": {"final_points": [1, 0, 0, 0], "places": [1, 2, 3, 4]}}
    summary = summarize([record], 1.0)
    assert summary["deal_ins"] == 2
    assert summary["draws"]["total"] == 1 and summary["draws"]["exhaustive"] == 1
    assert summary["endings"] == {"bloody": 1, "exhaustive": 1}
    assert summary["wins"] == {"total": 4, "tsumo": 1, "ron": 3}
