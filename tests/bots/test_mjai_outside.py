"""Outside mjai programs playing seats of whole self-play matches (issue 16, outside AIs).

The programs are real: the ``mjai`` package's example bots (mjai.app's reference bots, on
libriichi) and small bots in ``tests/bots/mjai_bots``, each run as a subprocess speaking
mjai.app's framing over stdin/stdout. Each game must finish, be counted, replay exactly
(``openmahjong replay check``) and export to an mjai log libriichi accepts event by event.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from openmahjong.bots.mjai_process import MjaiProcess, parse_seat_option
from openmahjong.bots.selfplay import play_match, selfplay_seed
from openmahjong.cli import app
from openmahjong.formats.convert import export_record
from openmahjong.rules.riichi.game.options import preset
from tests.formats.mjai_consumer import board_order_problems, consume, load_libriichi

runner = CliRunner()
BOTS = Path(__file__).parent / "mjai_bots"


def program(name: str, *args: str) -> str:
    return " ".join([sys.executable, str(BOTS / name), *args, "{seat}"])


@pytest.fixture(scope="module")
def libriichi():
    lib = load_libriichi()
    for needed in ("loguru", "requests"):
        if importlib.util.find_spec(needed) is None:
            pytest.skip(f"`import mjai` needs {needed} (the dev extra installs it)")
    return lib


def selfplay(tmp_path: Path, *args: str) -> dict:
    done = runner.invoke(
        app, ["selfplay", "--preset", "tenhou-hanchan", "--out", str(tmp_path), "--json", *args]
    )
    assert done.exit_code == 0, done.output
    return json.loads(done.stdout)


def check_record(path: Path, libriichi) -> dict:
    """The record replays exactly and its mjai export passes libriichi; returns the record."""
    done = runner.invoke(app, ["replay", "check", str(path), "--json"])
    assert done.exit_code == 0, done.output
    report = json.loads(done.stdout)
    assert report["ok"] and report["hands"] == report["hands_matched"] > 0
    record = json.loads(path.read_text())
    events = [json.loads(line) for line in export_record(record, "mjai").splitlines()]
    consumer = consume(events, libriichi)
    assert consumer.actions_validated > 100
    assert board_order_problems(events) == []
    return record


def test_a_hanchan_with_three_outside_bots_finishes_and_the_shanten_bot_wins(tmp_path, libriichi):
    # Seed 5: the mjai package's RiichiBot (shanten-based) wins hands at seat 0 in the
    # hanchan below; the seed is fixed, so the game is the same on every run.
    summary = selfplay(
        tmp_path,
        "--seed",
        "5",
        "--move-seconds",
        "120",  # never reached: a slow machine must not turn a legal answer into a timeout
        "--seat",
        "0=cmd:" + program("example.py", "riichibot"),
        "--seat",
        "2=cmd:" + program("simple_bot.py"),
        "--seat",
        "3=cmd:" + program("example.py", "rulebase"),
    )
    seats = summary["seats"]
    assert seats["0"]["wins"] > 0
    assert all(seats[s]["decisions"] > 50 for s in ("0", "2", "3"))
    # Our own bot and RiichiBot answer legally; RulebaseBot may pick a discard that breaks
    # its own riichi (mjai/bot/rulebase.py ignores the riichi restriction): "illegal".
    assert seats["0"]["errors"] == seats["2"]["errors"] == {}
    assert set(seats["3"]["errors"]) <= {"illegal"}
    assert summary["bot_errors"]["total"] == sum(sum(s["errors"].values()) for s in seats.values())
    record = check_record(tmp_path / "game-0001.json", libriichi)
    assert record["result"]["final_points"] and summary["hands"] == len(record["hands"]) >= 8
    wins = [w["seat"] for h in record["hands"] for w in h["wins"]]
    assert wins.count(0) == seats["0"]["wins"]
    assert (tmp_path / "seat-0.stderr.log").exists()


@pytest.mark.parametrize(
    ("mode", "kind"),
    [("nonsense", "not_json"), ("notaction", "not_action"), ("illegal", "illegal"),
     ("crash", "crashed")],
)  # fmt: skip
def test_a_misbehaving_program_plays_defaults_counted_and_the_game_finishes(
    tmp_path, libriichi, mode, kind
):
    summary = selfplay(
        tmp_path,
        "--seed",
        "3",
        "--seat",
        "1=cmd:" + program("bad_bot.py", mode),
        "--move-seconds",
        "120",
    )
    decisions = summary["seats"]["1"]["decisions"]
    assert decisions > 50
    assert summary["bot_errors"] == {"total": decisions, "by_seat": {"1": {kind: decisions}}}
    check_record(tmp_path / "game-0001.json", libriichi)


@pytest.mark.parametrize("mode", ["silent", "lag"])
def test_no_answer_in_time_is_a_timeout_and_a_late_answer_is_never_used(tmp_path, mode):
    # The silent program never answers; the lagging one answers each batch only when the next
    # arrives. Either way every decision times out (whatever the machine's speed), is recorded
    # as a timeout, and no late answer is read as the answer to a later batch.
    master, salt = selfplay_seed(3, 0)
    proc = MjaiProcess(program("bad_bot.py", mode), 1, move_seconds=0.02, start_seconds=0.02)
    with proc:
        match = play_match(preset("tenhou-tonpuu"), master, salt=salt, outside={1: proc})
    assert match.finished and proc.decisions > 20
    assert dict(proc.errors) == {"timeout": proc.decisions}
    record = match.record()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    done = runner.invoke(app, ["replay", "check", str(path), "--json"])
    assert done.exit_code == 0 and json.loads(done.stdout)["ok"], done.output


def test_seat_options_are_checked(tmp_path):
    assert parse_seat_option("2=cmd:python bot.py {seat}") == (2, "python bot.py {seat}")
    for bad in ["4=cmd:x", "x=cmd:x", "1=bot", "1=cmd:", "cmd:x"]:
        with pytest.raises(ValueError):
            parse_seat_option(bad)
    for args in (
        ["--seat", "4=cmd:x"],
        ["--seat", "1=cmd:a", "--seat", "1=cmd:b"],
        ["--seat", "1=cmd:a", "--move-seconds", "0"],
        ["--ruleset", "mcr", "--seat", "1=cmd:a"],
        ["--seat", "1=cmd:/nonexistent/mjai-bot {seat}"],
    ):
        done = runner.invoke(app, ["selfplay", "--out", str(tmp_path), *args])
        assert done.exit_code == 2, (args, done.output)
        assert "Traceback" not in done.output
