"""``openmahjong selfplay --ruleset mcr``: records, summary, determinism, replay."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from openmahjong.cli import app
from openmahjong.rules import registry
from openmahjong.rules.mcr.game import replay_match
from openmahjong.rules.mcr.game.ruleset import RULESET


def test_mcr_is_registered_through_its_entry_point():
    assert registry.get_ruleset("mcr") is RULESET


def run(*args: str):
    return CliRunner().invoke(app, ["selfplay", "--ruleset", "mcr", *args])


def test_selfplay_mcr_writes_records_that_replay_and_a_summary(tmp_path):
    result = run("--preset", "mcr-1round", "--games", "1", "--seed", "2", "--out",
                 str(tmp_path), "--json")  # fmt: skip
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["ruleset"] == "mcr" and summary["games"] == 1 and summary["hands"] == 4
    assert summary["wins"]["total"] + summary["draws"]["total"] == 4
    record = json.loads((tmp_path / "game-0001.json").read_text())
    assert record["header"]["ruleset"] == "mcr"
    assert sum(record["result"]["final_points"]) == 0
    again = replay_match(record)
    assert again.hands == record["hands"]
    assert json.loads(json.dumps(again.record())) == record


def test_selfplay_mcr_same_seed_same_record(tmp_path):
    for name in ("a", "b"):
        result = run("--preset", "mcr-1round", "--seed", "4", "--out", str(tmp_path / name),
                     "--json")  # fmt: skip
        assert result.exit_code == 0, result.output
    first, second = ((tmp_path / n / "game-0001.json").read_text() for n in ("a", "b"))
    assert first == second


def test_selfplay_mcr_unknown_preset_is_a_user_error(tmp_path):
    result = run("--preset", "majsoul-tonpuu", "--out", str(tmp_path))
    assert result.exit_code != 0 and "mcr-1round" in result.output


def test_replay_check_matches_an_mcr_record_and_catches_an_edit(tmp_path):
    assert run("--preset", "mcr-1round", "--seed", "5", "--out", str(tmp_path)).exit_code == 0
    path = tmp_path / "game-0001.json"
    good = CliRunner().invoke(app, ["replay", "check", str(path), "--json"])
    assert good.exit_code == 0, good.output
    report = json.loads(good.stdout)
    assert report["games"] == 1 and report["hands"] == report["hands_matched"] == 4
    record = json.loads(path.read_text())
    record["hands"][1]["deltas"][0] += 8  # a payment that the replay does not make
    path.write_text(json.dumps(record))
    bad = CliRunner().invoke(app, ["replay", "check", str(path), "--json"])
    assert bad.exit_code == 1
    (mismatch,) = json.loads(bad.stdout)["mismatches"]
    assert mismatch["hand"] == record["hands"][1]["label"] and "deltas" in mismatch["what"]
