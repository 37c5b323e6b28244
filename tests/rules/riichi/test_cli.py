"""``openmahjong score riichi``: text and JSON output, and plain errors."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from openmahjong.cli import app

runner = CliRunner()


def test_text_output_shows_yaku_fu_and_payments():
    result = runner.invoke(
        app,
        [
            "score",
            "riichi",
            "123m406p789s23455s",
            "--win",
            "4s",
            "--riichi",
            "--seat",
            "S",
            "--dora",
            "1m",
            "--ura",
            "3s",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "Riichi" in result.output and "Red fives" in result.output
    assert "5 han 30 fu" in result.output
    assert "value: 8000 (mangan), non-dealer ron" in result.output
    assert "East -8000, South +8000" in result.output


def test_json_output_with_melds_tsumo_and_pao():
    result = runner.invoke(
        app,
        [
            "score",
            "riichi",
            "777z123m55p",
            "--win",
            "5p",
            "--meld",
            "pon:555z",
            "--meld",
            "pon:666z",
            "--tsumo",
            "--seat",
            "S",
            "--pao",
            "W",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["yakuman"] == 1 and doc["total"] == 32000
    assert doc["yaku"][0]["id"] == "daisangen" and doc["yaku"][0]["ja"] == "大三元"
    assert doc["payments"] == {"East": 0, "South": 32000, "West": -32000, "North": 0}


def test_preset_changes_double_yakuman():
    args = ["score", "riichi", "111m222p333s444m55p", "--win", "5p", "--seat", "S", "--json"]
    mjs = json.loads(runner.invoke(app, [*args, "--preset", "majsoul"]).output)
    ten = json.loads(runner.invoke(app, [*args, "--preset", "tenhou"]).output)
    assert (mjs["yakuman"], mjs["total"]) == (2, 64000)
    assert (ten["yakuman"], ten["total"]) == (1, 32000)


def test_errors_are_one_line_without_a_trace():
    result = runner.invoke(app, ["score", "riichi", "123m456p789s23456s", "--win", "4s"])
    assert result.exit_code == 2
    assert "not a winning hand" in result.output
    assert "Traceback" not in result.output
    bad_seat = runner.invoke(
        app, ["score", "riichi", "123m456p789s23455s", "--win", "4s", "--seat", "X"]
    )
    assert bad_seat.exit_code == 2 and "not a wind" in bad_seat.output
