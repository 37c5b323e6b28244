"""100 self-played Changsha matches (the bot on every seat) whose records replay exactly, with
points and tiles conserved; and the selfplay / replay check / seed verify commands."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from openmahjong.cli import app as cli
from openmahjong.rules.changsha.game.events import ChangshaWon, StartingWin
from openmahjong.rules.changsha.game.ruleset import RULESET
from openmahjong.table.kernel import Phase

runner = CliRunner()
GAMES = 100
PLAYERS = ["a", "b", "c", "d"]


def _play(seed: int):
    options = RULESET.options("changsha-standard", hands=4)
    match = RULESET.new_match(PLAYERS, seed, "salt", options)
    bots = [RULESET.bot(seed * 4 + s) for s in range(4)]
    seen = {"wins": 0, "starting": 0}
    while not match.finished:
        table = match.table
        seat = table.waiting_for()[0]
        match.act(seat, bots[seat].act(table.view(seat, events=False)))
        if table.phase == Phase.ENDED:
            seen["wins"] += sum(isinstance(e, ChangshaWon) for e in table.events)
            seen["starting"] += sum(isinstance(e, StartingWin) for e in table.events)
            assert sum(table.result.deltas) == 0
    return match, seen


@pytest.fixture(scope="module")
def played():
    return [_play(1000 + g) for g in range(GAMES)]


def test_a_hundred_matches_replay_exactly_and_conserve_points(played):
    wins = starting = 0
    for match, seen in played:
        record = match.record()
        again = RULESET.replay(json.loads(json.dumps(record)))
        assert again.hands == match.hands
        assert list(again.state.points) == list(match.state.points)
        assert sum(match.state.points) == 4 * 100
        wins += seen["wins"]
        starting += seen["starting"]
    assert wins > GAMES  # the bot wins hands (about two in three)
    assert starting > 0  # and the starting-hand wins come up


def test_selfplay_replay_check_and_seed_verify(tmp_path):
    out = tmp_path / "games"
    played = runner.invoke(
        cli, ["selfplay", "--ruleset", "changsha", "--games", "2", "--out", str(out), "--json"]
    )
    assert played.exit_code == 0, played.output
    records = sorted(out.glob("game-*.json"))
    checked = runner.invoke(cli, ["replay", "check", *map(str, records)])
    assert checked.exit_code == 0 and "0 mismatches" in checked.output, checked.output
    header = json.loads(records[0].read_text())["header"]
    verified = runner.invoke(
        cli,
        [
            "seed",
            "verify",
            "--ruleset",
            "changsha",
            "--master-seed",
            header["master_seed"],
            "--salt",
            header["salt"],
            "--hands",
            "2",
        ],
    )
    assert verified.exit_code == 0, verified.output
