"""``openmahjong selfplay``: records written, summary keys, determinism, user errors."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from openmahjong.cli import app

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, ["selfplay", *args])


def test_writes_one_record_per_game_and_a_json_summary(tmp_path):
    result = run(
        "--preset",
        "majsoul-tonpuu",
        "--games",
        "2",
        "--seed",
        "3",
        "--out",
        str(tmp_path),
        "--json",
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert {
        "games",
        "hands",
        "seconds",
        "wins",
        "draws",
        "deal_ins",
        "average_points_by_place",
    } <= summary.keys()
    assert summary["games"] == 2 and summary["hands"] >= 8
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == ["game-0001.json", "game-0002.json"]
    records = [json.loads((tmp_path / f).read_text()) for f in files]
    assert summary["hands"] == sum(len(r["hands"]) for r in records)
    places = summary["average_points_by_place"]
    assert places["1"] >= places["2"] >= places["3"] >= places["4"]
    assert round(sum(places.values())) == 100000
    wins = summary["wins"]["total"]
    assert wins + summary["draws"]["total"] >= summary["hands"]  # a double ron is two wins


def test_same_seed_writes_identical_records(tmp_path, records):
    again = tmp_path / "again"
    result = run(
        "--preset", "majsoul-tonpuu", "--games", "2", "--seed", "5", "--out", str(again), "--json"
    )
    assert result.exit_code == 0, result.output
    for name in ("game-0001.json", "game-0002.json"):
        assert (again / name).read_bytes() == (records / name).read_bytes()


def test_a_record_header_has_seats_entry_order_and_the_revealed_seed(records):
    from openmahjong import fairness

    record = json.loads((records / "game-0001.json").read_text())
    h = record["header"]
    assert h["ruleset"] == "riichi" and h["preset"] == "majsoul-tonpuu"
    seed = fairness.parse_master_seed(h["master_seed"])
    assert format(fairness.commitment(seed, h["salt"]), "064x") == h["commitment"]
    assert fairness.seat_order(seed, h["player_entry_order"]) == h["players"]


def test_human_summary_is_printed(tmp_path):
    result = run(
        "--preset", "majsoul-tonpuu", "--games", "1", "--seed", "1", "--out", str(tmp_path)
    )
    assert result.exit_code == 0, result.output
    assert "hands" in result.stdout and "deal-ins" in result.stdout


def test_user_errors_exit_2_with_a_message(tmp_path):
    bad = run("--preset", "nope", "--out", str(tmp_path))
    assert bad.exit_code == 2 and "unknown preset" in bad.output
    assert run("--games", "0", "--out", str(tmp_path)).exit_code == 2
    assert "unknown ruleset" in run("--ruleset", "xyz", "--out", str(tmp_path)).output
    afile = tmp_path / "file"
    afile.write_text("x")
    result = run("--out", str(afile))
    assert result.exit_code == 2 and "not a directory" in result.output
