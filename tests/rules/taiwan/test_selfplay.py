"""100 self-played Taiwan matches (the bot on every seat) whose records replay exactly, with
points conserved and every hand 16 tiles a seat; and the selfplay / replay check / seed verify
commands."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from openmahjong.cli import app as cli
from openmahjong.fairness import shuffled_wall
from openmahjong.rules.taiwan.game.round import TaiwanWon
from openmahjong.rules.taiwan.game.ruleset import RULESET
from openmahjong.table.kernel import Phase

runner = CliRunner()
GAMES = 100
PLAYERS = ["a", "b", "c", "d"]


def _play(seed: int):
    match = RULESET.new_match(PLAYERS, seed, "salt", "taiwan-1round")
    bots = [RULESET.bot(seed * 4 + s) for s in range(4)]
    seen = {"wins": 0, "self_drawn": 0, "repeats": 0, "tai": set()}
    while not match.finished:
        table = match.table
        if not table.log:
            assert [len(s.hand) for s in table.seats].count(16) == 3
            assert table.initial_wall == tuple(shuffled_wall("taiwan", seed, match.hand_number()))
        seat = table.waiting_for()[0]
        match.act(seat, bots[seat].act(table.view(seat, events=False)))
        if table.phase == Phase.ENDED:
            assert sum(table.result.deltas) == 0
            for e in table.events:
                if isinstance(e, TaiwanWon):
                    seen["wins"] += 1
                    seen["self_drawn"] += e.from_seat is None
                    seen["tai"].update(zh for zh, _en, _n in e.tai)
            seen["repeats"] += table.result.dealer_continues
        else:
            table.validate()
    return match, seen


@pytest.fixture(scope="module")
def played():
    return [_play(7000 + g) for g in range(GAMES)]


def test_a_hundred_matches_replay_exactly_and_conserve_points(played):
    wins = repeats = 0
    tai: set[str] = set()
    for match, seen in played:
        record = match.record()
        again = RULESET.replay(json.loads(json.dumps(record)))
        assert again.hands == match.hands
        assert again.digests == match.digests
        assert list(again.state.points) == list(match.state.points)
        assert sum(match.state.points) == 0
        wins += seen["wins"]
        repeats += seen["repeats"]
        tai |= seen["tai"]
    assert wins > GAMES * 3  # about five hands a match, nearly all won
    assert repeats > 0  # dealers keep the deal
    # the common tai come up in play
    assert {"自摸", "門清", "獨聽", "莊家", "正花", "三元牌"} <= tai


def test_selfplay_replay_check_and_seed_verify(tmp_path):
    out = tmp_path / "games"
    played = runner.invoke(
        cli,
        [
            "selfplay", "--ruleset", "taiwan", "--preset", "taiwan-1round",
            "--games", "2", "--out", str(out), "--json",
        ],
    )  # fmt: skip
    assert played.exit_code == 0, played.output
    records = sorted(out.glob("game-*.json"))
    assert len(records) == 2
    checked = runner.invoke(cli, ["replay", "check", *map(str, records)])
    assert checked.exit_code == 0 and "0 mismatches" in checked.output, checked.output
    header = json.loads(records[0].read_text())["header"]
    verified = runner.invoke(
        cli,
        [
            "seed", "verify", "--ruleset", "taiwan", "--master-seed", header["master_seed"],
            "--salt", header["salt"], "--hands", "2",
        ],
    )  # fmt: skip
    assert verified.exit_code == 0, verified.output
