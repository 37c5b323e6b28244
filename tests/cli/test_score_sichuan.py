"""``openmahjong score sichuan``: output, JSON, flags, melds and the refusals (exit 2)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from openmahjong.cli import app

runner = CliRunner()


def run_json(*args: str) -> dict:
    result = runner.invoke(app, ["score", "sichuan", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_table_output_with_the_cap_and_the_tsumo_payment() -> None:
    result = runner.invoke(
        app,
        ["score", "sichuan", "1112223337899m", "--win", "9m", "--tsumo", "--after-kan",
         "--last-tile"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "All Terminals" in result.output and "After a Kan" in result.output
    assert "6 han (capped from 7): 32000 points" in result.output
    assert "each seat still playing pays 33000" in result.output


def test_names_in_chinese_and_japanese() -> None:
    zh = runner.invoke(app, ["score", "sichuan", "1111223344556m", "--win", "6m", "--lang", "zh"])
    assert "清龙七对" in zh.output and "the discarder pays 32000" in zh.output
    ja = runner.invoke(app, ["score", "sichuan", "1111223344556m", "--win", "6m", "--lang", "ja"])
    assert "清龍七対" in ja.output


def test_json_with_melds_and_a_root() -> None:
    doc = run_json("567m234678p9p", "--win", "9p", "--meld", "pon:555m", "--void", "s")
    assert (doc["base"], doc["han"], doc["roots"], doc["total"]) == ("yakuless", 2, 1, 2000)
    assert [(y["id"], y["kind"], y["han"]) for y in doc["yaku"]] == [
        ("yakuless", "base", 1),
        ("root", "bonus", 1),
    ]
    assert doc["yaku"][1]["zh"] == "根" and doc["void"] == "s"


def test_hand_with_or_without_the_winning_tile_and_melds_spelled_melds() -> None:
    assert run_json("123456789m2345p", "--win", "5p") == run_json("123456789m23455p", "--win", "5p")
    doc = run_json("9p", "--win", "9p", *["--melds", "minkan:2222m"], *["--melds", "ankan:5555m"],
                   *["--melds", "kakan:3333p"], *["--melds", "minkan:7777p"])  # fmt: skip
    assert doc["base"] == "four_quads" and doc["roots"] == 0


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["123456789m2345p", "--win", "5p", "--void", "p"], "void suit p"),
        (["123456789m2345p", "--win", "5p", "--void", "z"], "choose m, p or s"),
        (["123456789m234p5s", "--win", "5s"], "all three suits"),
        (["123456789m2346p", "--win", "5p"], "no winning shape"),
        (["123456789m234p", "--win", "5p"], "give 13"),
        (["123456789m2345p", "--win", "5p", "--after-kan"], "self-drawn"),
        (["123456789m5p", "--win", "5p", "--meld", "chi:123p"], "no chi"),
        (["123456789m2345p", "--win", "5p", "--lang", "fr"], "choose en, zh or ja"),
        (["123456789m2345x", "--win", "5p"], "hand"),
        (["123456789m2345p", "--win", "5p6p"], "exactly one tile"),
    ],
)
def test_bad_input_exits_2_with_a_message(args: list[str], words: str) -> None:
    result = runner.invoke(app, ["score", "sichuan", *args])
    assert result.exit_code == 2
    assert words in result.output
    assert "Traceback" not in result.output
