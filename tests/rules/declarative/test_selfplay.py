"""100 self-played games of the sample declaration replaying exactly, the kit's contract, and
the commands a plugin gets: selfplay, replay check, seed verify."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from openmahjong import fairness
from openmahjong.cli import app as cli
from openmahjong.rules.contract import Ruleset
from openmahjong.rules.declarative import DeclaredWon, FlowerLaidOut
from openmahjong.table.kernel import Phase

from .sample import FLOWERED, SAMPLE, registered

runner = CliRunner()
GAMES = 100
PLAYERS = ["a", "b", "c", "d"]
SRC = Path(__file__).resolve().parents[3] / "src"


@pytest.fixture
def sample() -> Iterator[Ruleset]:
    with registered() as ruleset:
        yield ruleset


def _play(ruleset, seed: int, preset: str):
    match = ruleset.new_match(PLAYERS, seed, "salt", preset)
    bots = [ruleset.bot(seed * 4 + s) for s in range(4)]
    wins = calls = 0
    while not match.finished:
        table = match.table
        seat = table.waiting_for()[0]
        match.act(seat, bots[seat].act(table.view(seat, events=False)))
        if table.phase == Phase.ENDED:
            wins += sum(isinstance(e, DeclaredWon) for e in table.events)
            calls += sum(len(s.melds) for s in table.seats)
            assert sum(table.result.deltas) == 0
    return match, wins, calls


@pytest.fixture(scope="module")
def played():
    return [_play(SAMPLE, 7000 + g, "sample-quick") for g in range(GAMES)]


def test_a_hundred_games_replay_exactly_and_conserve_points(played):
    wins = calls = 0
    for match, won, called in played:
        record = match.record()
        again = SAMPLE.replay(json.loads(json.dumps(record)))
        assert again.hands == match.hands
        assert again.digests == match.digests
        assert list(again.state.points) == list(match.state.points)
        assert sum(match.state.points) == 4 * 500
        assert len(match.hands) == 4
        wins += won
        calls += called
    assert wins > GAMES * 2  # most hands are won (no minimum)
    assert calls > GAMES  # the bot calls


def test_games_with_flowers_replay_too():
    for g in range(5):
        match, _wins, _calls = _play(FLOWERED, 100 + g, "sample-flowers-quick")
        again = FLOWERED.replay(json.loads(json.dumps(match.record())))
        assert again.hands == match.hands


def test_it_is_a_ruleset_with_its_wall_registered(sample):
    # (Registered here: another module's plugin fixture may have unregistered it, wall and all.)
    assert isinstance(SAMPLE, Ruleset)
    assert fairness.WALL_RULESETS["sample"] is SAMPLE.wall_rules
    assert SAMPLE.tiles == 136 and FLOWERED.tiles == 144
    assert list(SAMPLE.presets) == ["sample-quick", "sample-full"]
    assert SAMPLE.standard_preset == "sample-full" and list(SAMPLE.bots) == ["sample"]
    assert SAMPLE.options("sample-full").hands == 8
    assert SAMPLE.options("sample-full").starting_points == 500
    assert SAMPLE.is_ready([11, 12, 13, 24, 25, 26, 37, 38, 39, 32, 33, 34, 25])
    assert not SAMPLE.is_ready([11, 12, 14, 24, 25, 27, 37, 38, 39, 32, 33, 34, 25])
    assert SAMPLE.is_winning_shape([11, 12, 13, 24, 25, 26, 37, 38, 39, 32, 33, 34, 25, 25])
    assert SAMPLE.events == (DeclaredWon, FlowerLaidOut)


def test_the_client_is_told_its_words_in_three_languages():
    info = SAMPLE.client_info()
    assert info["label"] == "sample.name" and info["default_preset"] == "sample-full"
    assert info["table"]["flowers"] is False and FLOWERED.client_info()["table"]["flowers"]
    messages = info["messages"]
    assert messages["en"]["sample.name"] == "Sample" and messages["ja"]["sample.name"] == "サンプル"
    assert messages["zh"]["sample.pattern.all_pungs"] == "对对和"
    # A pattern without a Japanese name falls back to its Chinese one.
    assert messages["ja"]["sample.pattern.after_kong"] == "杠上开花"
    keys = {p["key"]: p["value"] for p in info["patterns"]}
    assert keys["pure_one_suit"] == 80 and keys["chicken"] == 1
    assert json.loads(json.dumps(info)) == info


def test_selfplay_replay_check_and_seed_verify(sample, tmp_path):
    out = tmp_path / "games"
    args = ["selfplay", "--ruleset", "sample", "--preset", "sample-quick", "--games", "2"]
    played = runner.invoke(cli, [*args, "--seed", "3", "--out", str(out), "--json"])
    assert played.exit_code == 0, played.output
    summary = json.loads(played.stdout)
    assert summary["ruleset"] == "sample" and summary["hands"] == 8
    records = sorted(out.glob("game-*.json"))
    assert len(records) == 2
    checked = runner.invoke(cli, ["replay", "check", "--json", *map(str, records)])
    assert checked.exit_code == 0, checked.output
    report = json.loads(checked.stdout)
    assert report["ok"] and report["hands_matched"] == 8
    header = json.loads(records[0].read_text())["header"]
    verified = runner.invoke(
        cli,
        ["seed", "verify", "--ruleset", "sample", "--master-seed", header["master_seed"],
         "--salt", header["salt"], "--hands", "4"],
    )  # fmt: skip
    assert verified.exit_code == 0, verified.output
    assert "round_index" in verified.output


def test_no_line_of_src_names_the_sample():
    """The kit knows nothing of the rulesets declared with it."""
    named = [
        f"{path.relative_to(SRC)}:{n}"
        for path in SRC.rglob("*")
        if path.is_file() and path.suffix in {".py", ".js", ".html", ".md"}
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"\bsample(-flowers)?\b[.-]", line)
    ]
    assert named == []
