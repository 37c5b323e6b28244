"""What people type and what exceptions say is printed as it is, never read as rich markup.

Square brackets are rich's markup syntax: a file named ``[/x].json`` used to end the command in a
``MarkupError`` traceback, ``[red]g.json`` was shown as ``g.json``, and a message quoting
``[round, seat, action]`` lost the brackets and their words.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from openmahjong.cli import app

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def assert_clean_error(result, *shown: str) -> None:
    """A user error: exit 2 with the text shown verbatim, and no traceback."""
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "MarkupError" not in result.output and "Traceback" not in result.output
    for text in shown:
        assert text in result.output, result.output


def test_a_hand_with_a_closing_tag_is_an_error_not_a_traceback():
    assert_clean_error(run("analyze", "[/x]"), "[/x]")


def test_a_meld_with_a_closing_tag_is_an_error_not_a_traceback():
    result = run("score", "riichi", "234m567p22s345678s", "--win", "8s", "--meld", "[/]")
    assert_clean_error(result, "[/]")


def test_replay_check_shows_a_bracketed_file_name_as_typed(tmp_path: Path):
    missing = tmp_path / "[/oops].json"
    result = run("replay", "check", str(missing))
    assert_clean_error(result, "[/oops].json", "cannot read the file")


def test_replay_check_does_not_swallow_a_style_looking_name(tmp_path: Path):
    missing = tmp_path / "[red]g.json"
    result = run("replay", "check", str(missing))
    assert_clean_error(result, "[red]g.json")


def test_records_export_shows_a_bracketed_file_name_as_typed(tmp_path: Path):
    result = run("records", "export", str(tmp_path / "[/x].json"), "--to", "mjai")
    assert_clean_error(result, "[/x].json")


def test_seed_verify_shows_player_names_as_typed():
    seed = "1234567890abcdef" * 4
    result = run(
        "seed",
        "verify",
        "--ruleset",
        "riichi",
        "--master-seed",
        seed,
        "--salt",
        "0123456789abcdef0123456789abcdef",
        "--hands",
        "1",
        "--players",
        "[red]al,[/b],carol,dave",
    )
    assert result.exit_code == 0, result.output
    assert "[red]al" in result.output and "[/b]" in result.output


def test_a_bad_action_entry_is_quoted_whole(records: Path, tmp_path: Path):
    data = json.loads(sorted(records.iterdir())[0].read_text())
    data["actions"][3] = [7]
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(data))
    result = run("replay", "check", str(broken))
    assert_clean_error(
        result, "an action entry is [round, seat, action] or [seat, action], not [7]"
    )


def test_visible_tiles_cannot_add_copies_the_set_does_not_have():
    # Three 9m in the hand and three more seen: six copies of a tile a set holds four of.
    result = run("analyze", "1112345678999m", "--visible", "9m9m9m")
    assert_clean_error(result, "9m")
    assert "useful tiles" not in result.output


def test_visible_tiles_up_to_the_fourth_copy_are_counted():
    result = run("analyze", "1112345678999m", "--visible", "9m", "--json")
    assert result.exit_code == 0, result.output
    useful = {u["tile"]: u["remaining"] for u in json.loads(result.stdout)["useful"]}
    assert useful["9m"] == 0 and useful["1m"] == 1


@pytest.mark.parametrize(
    "content",
    [b"hello, not a log", b"PK\x03\x04 a zip, say", b"<mjloggm ver='2.3'><INIT"],
)
def test_a_broken_mjlog_is_not_called_bad_json(tmp_path: Path, content: bytes):
    junk = tmp_path / "junk.mjlog"
    junk.write_bytes(content)
    result = run("replay", "check", str(junk))
    assert_clean_error(result, "junk.mjlog", "XML")
    assert "JSON" not in result.output


def test_an_mjlog_with_a_byte_order_mark_is_read_as_xml(tmp_path: Path):
    # Windows editors save XML with a UTF-8 byte order mark; it is still the same XML.
    bom = tmp_path / "bom.mjlog"
    bom.write_bytes(b"\xef\xbb\xbf<mjloggm ver='2.3'><INIT")
    result = run("replay", "check", str(bom))
    assert_clean_error(result, "bom.mjlog", "XML")
    assert "JSON" not in result.output and "byte order" not in result.output.lower()
