"""100 self-play matches of ``majsoul-asura`` (Battle of Asura) with the Riichi bot on every
seat: the bot plays every exchange itself (no timeout), hands end by three winners, a bust or
the wall (several winners per hand happen), points stay conserved with the sticks, nobody who
has won acts again, there are no dealer repeats and no honba, every record replays exactly,
and seed verification shows each hand's exchange direction as the record has it.

The matches are played once (a module fixture); each test reads what was observed.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest
from typer.testing import CliRunner

from openmahjong import fairness
from openmahjong.cli import app
from openmahjong.cli.seed import verification
from openmahjong.rules.riichi.game import RiichiMatch, preset, replay_match
from openmahjong.rules.riichi.game.asura import AsuraWon
from openmahjong.table.exchange import TilesExchanged
from tests.rules.riichi_game.selfplay import PLAYERS, bot_match

#: 100 East-only matches: about 450 hands.
MATCHES = 100
SEED = 31
ASURA = preset("majsoul-asura")


@dataclass
class Observed:
    hands: int = 0
    records: list[dict[str, Any]] = field(default_factory=list)
    #: Per match: (hand number, direction the table passed in) of each hand.
    directions: list[list[tuple[int, str]]] = field(default_factory=list)
    winners: Counter[int] = field(default_factory=Counter)
    reasons: Counter[str] = field(default_factory=Counter)
    timeouts: int = 0
    problems: list[str] = field(default_factory=list)


def _check_hand(table: Any, where: str, seen: Observed) -> str:
    result = table.result
    seen.winners[len(result.wins)] += 1
    seen.reasons[result.reason] += 1
    seen.timeouts += len(table.timeouts)
    start = table.policy.state.start_points
    carried = table.policy.sticks_at_start
    if sum(result.points) + 1000 * result.sticks != sum(start) + 1000 * carried:
        seen.problems.append(f"{where}: points not conserved")
    won = [e for e in table.events if isinstance(e, AsuraWon)]
    if [e.seat for e in won] != [w.seat for w in result.wins]:
        seen.problems.append(f"{where}: wins {won} vs {result.wins}")
    # A winner never acts again in the hand (its win is its last entry of the log).
    for e in won:
        last = max(i for i, (s, _a) in enumerate(table.log) if s == e.seat)
        if type(table.log[last][1]).__name__ not in ("Tsumo", "Ron"):
            seen.problems.append(f"{where}: seat {e.seat} acted after winning")
    if result.dealer_continues and not result.abortive:
        seen.problems.append(f"{where}: the dealer repeats")
    if table.policy.state.honba:
        seen.problems.append(f"{where}: honba {table.policy.state.honba}")
    passed = {e.direction for e in table.events if isinstance(e, TilesExchanged)}
    if len(passed) != 1:
        seen.problems.append(f"{where}: passed {passed}")
    return passed.pop()


def _play(game: int, seen: Observed) -> RiichiMatch:
    directions: list[tuple[int, str]] = []

    def hand_ended(table: Any, number: int) -> None:
        seen.hands += 1
        where = f"match {game} hand {number}"
        directions.append((number, _check_hand(table, where, seen)))

    match = bot_match(ASURA, SEED, game, hand_ended)
    seen.directions.append(directions)
    return match


@pytest.fixture(scope="module")
def observed() -> Observed:
    seen = Observed()
    for game in range(MATCHES):
        seen.records.append(_play(game, seen).record())
    return seen


def test_every_hand_keeps_the_asura_rules(observed):
    assert observed.problems == []
    assert observed.hands >= 4 * MATCHES
    assert observed.timeouts == 0  # the bot chose every exchange itself
    # Hands went on after wins: two and three winners in one hand both happened.
    assert observed.winners[2] > 0 and observed.winners[3] > 0
    assert observed.reasons["win"] > 0 and observed.reasons["exhaustive"] > 0


def test_every_record_replays_exactly(observed):
    for record in observed.records:
        assert record["header"]["preset"] == "majsoul-asura"
        assert replay_match(record).record() == record


def test_seed_verification_shows_each_hands_direction(observed):
    for record, directions in list(zip(observed.records, observed.directions, strict=True))[:10]:
        header = record["header"]
        last = max(number for number, _ in directions)
        claimed = int(header["commitment"], 16)
        seed = fairness.parse_master_seed(header["master_seed"])
        asura_wall = RiichiMatch.wall_for(ASURA)
        report = verification(
            seed, header["salt"], "riichi", last, PLAYERS, claimed, wall_rules=asura_wall
        )
        assert report["commitment_matches"] is True
        shown = {h["hand_number"]: h["exchange_direction"] for h in report["hands"]}
        assert [(n, shown[n]) for n, _ in directions] == directions
        assert [h["direction"] for h in record["hands"]] == [d for _, d in directions]


def test_seed_verify_with_the_preset_prints_the_directions(observed):
    record, directions = observed.records[0], observed.directions[0]
    header = record["header"]
    args = ["seed", "verify", "--master-seed", header["master_seed"], "--salt", header["salt"]]
    args += ["--ruleset", "riichi", "--hands", str(len(directions))]
    args += ["--players", ",".join(PLAYERS), "--commitment", header["commitment"]]
    shown = CliRunner().invoke(app, [*args, "--preset", "majsoul-asura", "--json"])
    assert shown.exit_code == 0, shown.output
    hands = json.loads(shown.output)["hands"]
    assert [h["exchange_direction"] for h in hands] == [d for _, d in directions]
    human = CliRunner().invoke(app, [*args, "--preset", "majsoul-asura"])
    assert human.output.count("exchange direction:") == len(directions)
    plain = CliRunner().invoke(app, [*args, "--json"])  # the wall alone has no exchange
    assert "exchange_direction" not in json.loads(plain.output)["hands"][0]
    wrong = CliRunner().invoke(app, [*args, "--preset", "majsoul-nowhere"])
    assert wrong.exit_code != 0 and "majsoul-asura" in wrong.output


def test_the_directions_are_all_drawn(observed):
    drawn = Counter(d for directions in observed.directions for _, d in directions)
    assert set(drawn) == {"clockwise", "counterclockwise", "across"}


@pytest.mark.parametrize("to", ["mjai", "tenhou6"])
def test_exports_to_outside_formats_are_refused_clearly(observed, to):
    from openmahjong.formats.convert import export_record
    from openmahjong.formats.riichi_import import FormatError

    with pytest.raises(FormatError, match="Battle of Asura"):
        export_record(observed.records[0], to)
