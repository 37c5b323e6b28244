"""The hand-analysis tool: useful tiles, the discard table, and the analyze command."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from openmahjong import hand
from openmahjong.cli import app
from openmahjong.tiles import parse


def test_useful_tiles_of_a_two_sided_wait_hand() -> None:
    # 1-shanten: 23m and 45p shapes, two sets and the East pair. Only the ends of the two
    # shapes help; a third East or a second White leaves it 1-shanten.
    tiles = parse("23m45p789s123s11z5z")
    useful = hand.useful_tiles(tiles)
    assert hand.shanten(tiles) == 1
    assert [u.tile for u in useful] == [11, 14, 23, 26]
    # Visible tiles lower the remaining counts; the hand's own tiles already do.
    seen = {u.tile: u.remaining for u in hand.useful_tiles(tiles, visible=parse("1m1m4m"))}
    assert seen == {11: 2, 14: 3, 23: 4, 26: 4}


def test_discard_table_puts_the_isolated_honor_first() -> None:
    table = hand.discard_table(parse("23m45p789s123s11z5z6z"))
    assert table[0].discard in (46, 47)
    assert table[0].shanten == 1
    assert {o.discard for o in table[:2]} == {46, 47}
    assert table[-1].shanten == 2


def test_red_five_is_its_own_discard_choice() -> None:
    table = hand.discard_table(parse("3405m789p123s1122z"))
    discards = [o.discard for o in table]
    assert 105 in discards and 15 in discards


def test_analyze_json_for_a_ready_hand() -> None:
    result = CliRunner().invoke(app, ["analyze", "1112345678999m", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["shanten"] == 0
    assert data["waits"] == ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"]
    assert data["shanten_by_form"]["seven_pairs"] == 4  # two pairs among nine kinds


def test_analyze_table_for_a_discarding_hand() -> None:
    result = CliRunner().invoke(app, ["analyze", "23m45p789s123s11z5z6z"])
    assert result.exit_code == 0, result.output
    assert "1-shanten" in result.output
    assert "discard" in result.output


def test_analyze_mcr_forms() -> None:
    result = CliRunner().invoke(app, ["analyze", "147m258p369s1234z", "--ruleset", "mcr",
                                      "--json"])
    data = json.loads(result.output)
    assert data["shanten_by_form"]["honors_and_knitted"] == 0
    assert data["waits"] == ["7z", "5z", "6z"]


def test_analyze_rejects_bad_input_clearly() -> None:
    runner = CliRunner()
    bad = runner.invoke(app, ["analyze", "12x"])
    assert bad.exit_code == 2
    assert "unexpected 'x'" in bad.output
    honors = runner.invoke(app, ["analyze", "123m456p789s1122z", "--ruleset", "sichuan"])
    assert honors.exit_code == 2
    assert "honors" in honors.output
