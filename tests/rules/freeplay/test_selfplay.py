"""100 self-played free-play games (the bot on every seat) whose records replay exactly, every
tile accounted for; and the selfplay / replay check / seed verify commands on them."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from openmahjong.bots.driver import play_to_end
from openmahjong.cli import app as cli
from openmahjong.rules.freeplay.actions import FreeDeal
from openmahjong.rules.freeplay.ruleset import RULESET

runner = CliRunner()
GAMES = 100
PLAYERS = ["a", "b", "c", "d"]
PRESETS = ["freeplay", "freeplay-flowers", "freeplay-suits", "freeplay-sixteen"]


def _play(seed: int):
    options = RULESET.options(PRESETS[seed % len(PRESETS)], hands=2)
    match = RULESET.new_match(PLAYERS, seed, "salt", options)
    bots = [RULESET.bot(seed * 4 + s) for s in range(4)]

    def checked(m):
        for table in [m.table]:
            table.validate()

    play_to_end(match, bots.__getitem__, max_actions=20_000, on_hand=checked)
    return match


@pytest.fixture(scope="module")
def played():
    return [_play(2000 + g) for g in range(GAMES)]


def test_a_hundred_games_replay_exactly(played):
    wins = 0
    for match in played:
        record = json.loads(json.dumps(match.record()))
        again = RULESET.replay(record)
        assert again.hands == match.hands
        assert again.digests == match.digests
        assert again.record() == match.record()
        assert list(again.state.points) == record["result"]["final_points"]
        wins += sum(1 for h in match.hands if h["wins"])
    assert wins > 10  # the bot declares the wins it draws (13-tile hands)


def test_selfplay_replay_check_and_seed_verify(tmp_path):
    out = tmp_path / "games"
    played = runner.invoke(
        cli, ["selfplay", "--ruleset", "freeplay", "--games", "2", "--out", str(out), "--json"]
    )
    assert played.exit_code == 0, played.output
    records = sorted(out.glob("game-*.json"))
    assert len(records) == 2
    checked = runner.invoke(cli, ["replay", "check", *map(str, records)])
    assert checked.exit_code == 0 and "0 mismatches" in checked.output, checked.output
    record = json.loads(records[0].read_text())
    header = record["header"]
    verified = runner.invoke(
        cli,
        [
            "seed",
            "verify",
            "--ruleset",
            "freeplay",
            "--master-seed",
            header["master_seed"],
            "--salt",
            header["salt"],
            "--commitment",
            header["commitment"],
            "--hands",
            "2",
            "--json",
        ],
    )
    assert verified.exit_code == 0, verified.output
    report = json.loads(verified.output)
    assert report["commitment_matches"] is True
    again = RULESET.replay(record)
    # the first hand's table dealt exactly the wall the verifier rebuilds
    first = RULESET.new_match(
        header["player_entry_order"],
        again.master_seed,
        header["salt"],
        RULESET.options(header["preset"]),
    )
    assert list(first.free_table.initial_wall) == report["hands"][0]["wall"]


@pytest.mark.parametrize(
    ("preset", "tiles"),
    [("freeplay-flowers", 144), ("freeplay-suits", 108), ("freeplay-sixteen", 144)],
)
def test_seed_verify_with_the_preset_rebuilds_the_other_tile_sets(preset, tiles):
    match = RULESET.new_match(PLAYERS, 0xF4EE, "salt", preset)
    verified = runner.invoke(
        cli,
        [
            "seed",
            "verify",
            "--ruleset",
            "freeplay",
            "--preset",
            preset,
            "--master-seed",
            f"{0xF4EE:064x}",
            "--salt",
            "salt",
            "--hands",
            "1",
            "--json",
        ],
    )
    assert verified.exit_code == 0, verified.output
    report = json.loads(verified.output)["hands"][0]
    wall = report["wall"]
    assert len(wall) == tiles and wall == list(match.free_table.initial_wall)
    # the hands the verifier cuts are the ones the deal gives (16 a seat for freeplay-sixteen)
    table = match.free_table
    match.act(table.turn, FreeDeal())
    assert report["dealt"] == table.hands
