"""``openmahjong analyze --ruleset sichuan [--void m|p|s]``: shanten with a void suit, waits,
useful tiles and the discard table with the void suit's tiles first."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from openmahjong.cli import app

runner = CliRunner()


def analyze(*args: str) -> dict:
    result = runner.invoke(app, ["analyze", *args, "--ruleset", "sichuan", "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_nine_gates_waits_on_every_tile_of_its_suit():
    data = analyze("1112345678999m", "--void", "p")
    assert data["void"] == "p" and data["void_given"] and data["void_tiles"] == 0
    assert data["shanten"] == 0
    assert data["waits"] == [f"{n}m" for n in range(1, 10)]
    # 1m and 9m: three held, one left; the rest: one held, three left.
    assert data["useful_total"] == 1 + 1 + 7 * 3


def test_a_tile_of_the_void_suit_is_one_more_to_replace():
    # Ready in m and s, but one tile is a dot: voiding p, it must go first.
    data = analyze("123456m123789s5p", "--void", "p")
    assert data["void_tiles"] == 1 and data["shanten"] == 1 and data["waits"] == []
    # Voiding m instead leaves a hand far from winning.
    assert analyze("123456m123789s5p", "--void", "m")["shanten"] > 1


def test_void_tiles_are_discarded_first_even_when_another_discard_looks_better():
    data = analyze("123456m123789s59p", "--void", "p")
    rows = data["discards"]
    assert [r["discard"] for r in rows[:2]] == ["5p", "9p"]
    assert all(r["void"] for r in rows[:2]) and not any(r["void"] for r in rows[2:])
    assert rows[0]["shanten"] == 1  # one dot still to go after this one


def test_four_of_a_kind_are_two_pairs_in_seven_pairs():
    # 1111m 2233m 4455s 6s: Sichuan's dragon seven pairs are one tile away (6s).
    data = analyze("11112233m44556s", "--void", "p")
    assert data["shanten_by_form"]["seven_pairs"] == 0
    assert "6s" in data["waits"]


def test_without_a_void_the_suit_closest_to_winning_is_chosen():
    data = analyze("123456m123789s5p")
    assert data["void"] == "p" and not data["void_given"] and data["shanten"] == 1
    # Two suits only: the missing suit is the void and nothing changes.
    plain = analyze("1112345678999m")
    assert plain["shanten"] == 0 and plain["void_tiles"] == 0


def test_human_output_names_the_void_and_marks_its_tiles():
    result = runner.invoke(
        app, ["analyze", "123456m123789s59p", "--ruleset", "sichuan", "--void", "p"]
    )
    assert result.exit_code == 0, result.output
    assert "void suit: p (given); 2 void tile(s) to discard first" in result.stdout
    assert "5p (void)" in result.stdout


def test_bad_void_is_refused_clearly():
    bad = runner.invoke(app, ["analyze", "1112345678999m", "--ruleset", "sichuan", "--void", "z"])
    assert bad.exit_code == 2 and "m, p or s" in bad.output
    riichi = runner.invoke(app, ["analyze", "1112345678999m", "--void", "m"])
    assert riichi.exit_code == 2 and "Sichuan" in riichi.output
    size = runner.invoke(app, ["analyze", "111222m", "--ruleset", "sichuan"])
    assert size.exit_code == 2 and "13 or 14 tiles" in size.output
