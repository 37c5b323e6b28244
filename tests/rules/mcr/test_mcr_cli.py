"""``openmahjong score mcr``: output, JSON, exit codes and messages."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from openmahjong.cli import app

runner = CliRunner()


def test_table_output():
    result = runner.invoke(app, ["score", "mcr", "123456789m11122p", "--win", "2m"])
    assert result.exit_code == 0, result.output
    assert "清龙" in result.output and "Pure Straight" in result.output
    assert "total: 22 fan" in result.output


def test_json_with_melds_winds_and_flowers():
    result = runner.invoke(
        app,
        [
            "score", "mcr", "456p789s55s", "--win", "5s",
            "--meld", "minkan:1111z", "--meld", "ankan:9999m",
            "--seat-wind", "E", "--prevalent-wind", "e", "--flowers", "2", "--json",
        ],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["legal"] is True
    assert doc["total"] == 13 and doc["fan_total"] == 11 and doc["flowers"] == 2
    assert {f["zh"]: f["count"] for f in doc["fans"]} == {
        "圈风刻": 1, "门风刻": 1, "幺九刻": 1, "单钓将": 1, "明暗杠": 1, "花牌": 2,
    }  # fmt: skip


def test_hand_written_without_the_winning_tile():
    result = runner.invoke(app, ["score", "mcr", "13456789m11122p", "--win", "2m", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["total"] == 22


def test_flags():
    result = runner.invoke(
        app, ["score", "mcr", "123m456p789s23455s", "--win", "5s", "--last-tile", "--json"]
    )
    assert "海底捞月" in {f["zh"] for f in json.loads(result.output)["fans"]}


def test_below_minimum_exits_1_and_shows_the_fans():
    result = runner.invoke(app, ["score", "mcr", "445566m2277779s8s", "--win", "8s", "--json"])
    assert result.exit_code == 1
    doc = json.loads(result.output)
    assert doc["legal"] is False and doc["fan_total"] == 7


def test_errors_exit_2_with_a_message():
    bad = runner.invoke(app, ["score", "mcr", "123456789m11124p", "--win", "2m"])
    assert bad.exit_code == 2 and "not a winning hand" in bad.output
    meld = runner.invoke(app, ["score", "mcr", "55m", "--win", "5m", "--meld", "pung:111z"])
    assert meld.exit_code == 2 and "kind:tiles" in meld.output
    wind = runner.invoke(
        app, ["score", "mcr", "123456789m11122p", "--win", "2m", "--seat-wind", "X"]
    )
    assert wind.exit_code == 2 and "not a wind" in wind.output
