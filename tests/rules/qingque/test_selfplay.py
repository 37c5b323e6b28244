"""100 self-played Qingque matches replaying exactly (points conserved, the seat change seen),
and the selfplay / replay check / seed verify commands."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from openmahjong.cli import app as cli
from openmahjong.rules.qingque.game.round import QingqueWon
from openmahjong.rules.qingque.game.ruleset import RULESET
from openmahjong.table.kernel import Phase

runner = CliRunner()
GAMES = 100
PLAYERS = ["a", "b", "c", "d"]


def _play(seed: int):
    # Two wind rounds: eight hands, the seat change before hand 5 included.
    match = RULESET.new_match(PLAYERS, seed, "salt", RULESET.options("qingque-2rounds"))
    bots = [RULESET.bot(seed * 4 + s) for s in range(4)]
    wins = 0
    while not match.finished:
        table = match.table
        seat = table.waiting_for()[0]
        match.act(seat, bots[seat].act(table.view(seat, events=False)))
        if table.phase == Phase.ENDED:
            wins += sum(isinstance(e, QingqueWon) for e in table.events)
            assert sum(table.result.deltas) == 0
    return match, wins


@pytest.fixture(scope="module")
def played():
    return [_play(5000 + g) for g in range(GAMES)]


def test_a_hundred_matches_replay_exactly_and_conserve_points(played):
    wins = 0
    for match, won in played:
        record = match.record()
        again = RULESET.replay(json.loads(json.dumps(record)))
        assert again.hands == match.hands
        assert list(again.state.points) == list(match.state.points)
        assert sum(match.state.points) == 0
        assert [h["current_round"] for h in match.hands] == list(range(1, 9))
        wins += won
    assert wins > GAMES * 4  # most hands are won (no fan minimum)


def test_selfplay_replay_check_and_seed_verify(tmp_path):
    out = tmp_path / "games"
    played = runner.invoke(
        cli,
        ["selfplay", "--ruleset", "qingque", "--preset", "qingque-2rounds", "--games", "2",
         "--out", str(out), "--json"],
    )  # fmt: skip
    assert played.exit_code == 0, played.output
    records = sorted(out.glob("game-*.json"))
    assert len(records) == 2
    checked = runner.invoke(cli, ["replay", "check", *map(str, records)])
    assert checked.exit_code == 0 and "0 mismatches" in checked.output, checked.output
    header = json.loads(records[0].read_text())["header"]
    assert header["ruleset"] == "qingque"
    verified = runner.invoke(
        cli,
        ["seed", "verify", "--ruleset", "qingque", "--master-seed", header["master_seed"],
         "--salt", header["salt"], "--hands", "8"],
    )  # fmt: skip
    assert verified.exit_code == 0, verified.output
    assert "current_round" in verified.output
