"""A Sichuan match: four hands, the first winner deals next (the dealer stays when nobody won),
a bust ends it at once, each hand's exchange direction comes from its seed, and its record
replays exactly (a tampered one is refused)."""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from typer.testing import CliRunner

from openmahjong import fairness
from openmahjong.cli import app
from openmahjong.cli.seed import verification
from openmahjong.formats.verify import verify_record
from openmahjong.rules.contract import Ruleset
from openmahjong.rules.registry import get_ruleset
from openmahjong.rules.sichuan.game.match import (
    DIRECTIONS,
    SichuanMatch,
    SichuanMatchState,
    advance,
)
from openmahjong.rules.sichuan.game.record import hand_record, replay_hand
from openmahjong.rules.sichuan.game.ruleset import RULESET
from openmahjong.table.actions import Discard
from openmahjong.table.errors import IllegalAction
from openmahjong.tiles import SUITED

from .random_driver import play_randomly

ROOT = Path(__file__).resolve().parents[3]
PLAYERS = ["ann", "bob", "cy", "dee"]
SALT = "5a17"


@dataclass(frozen=True)
class Outcome:
    """A stand-in for a hand's result: what ``advance`` reads."""

    deltas: tuple[int, ...] = (0, 0, 0, 0)
    first_winner: int | None = None
    bust: bool = False


@cache
def played(master_seed: int, **changes: int) -> SichuanMatch:
    options = RULESET.options("majsoul-bloodshed", **changes)
    match = RULESET.new_match(PLAYERS, master_seed, SALT, options)
    return play_randomly(match, master_seed)


def record_of(master_seed: int) -> dict:
    # Through JSON, as a file or the records API hands it over.
    return json.loads(json.dumps(played(master_seed).record()))


# --------------------------------------------------------------------------- the rules


def test_the_first_winner_deals_next_and_the_dealer_stays_when_nobody_won():
    state = SichuanMatchState(points=(50000,) * 4)
    state = advance(state, Outcome(deltas=(-2000, 2000, 0, 0), first_winner=1), hands=4)
    assert (state.dealer, state.hand_index, state.ended) == (1, 2, False)
    assert state.points == (48000, 52000, 50000, 50000)
    state = advance(state, Outcome(), hands=4)  # nobody won: seat 1 deals again
    assert (state.dealer, state.hand_index) == (1, 3)
    state = advance(state, Outcome(first_winner=3), hands=4)
    assert (state.dealer, state.hand_index, state.ended) == (3, 4, False)
    state = advance(state, Outcome(first_winner=0), hands=4)
    assert state.ended and not state.bust and state.hand_index == 5


def test_a_bust_ends_the_match_at_once():
    state = SichuanMatchState(points=(50000,) * 4)
    bust = Outcome(deltas=(60000, -60000, 0, 0), first_winner=0, bust=True)
    state = advance(state, bust, hands=4)
    assert state.ended and state.bust and state.points == (110000, -10000, 50000, 50000)


def test_matches_follow_the_dealer_rule_for_four_hands():
    changed = stayed = 0
    for seed in range(1, 9):
        match = played(seed)
        hands = match.record()["hands"]
        assert match.finished and len(hands) == 4 == len(match.results)
        assert [h["hand_number"] for h in hands] == [1, 2, 3, 4]
        assert [h["label"] for h in hands] == ["H1", "H2", "H3", "H4"]
        assert hands[0]["dealer"] == 0  # the first in the seat order the master seed drew
        for before, after in zip(hands, hands[1:], strict=False):
            first = before["first_winner"]
            if first is None:
                assert after["dealer"] == before["dealer"]
                stayed += 1
            else:
                assert first == before["wins"][0]["seat"]
                assert after["dealer"] == first
                changed += after["dealer"] != before["dealer"]
        assert list(match.state.points) == hands[-1]["points"]
        assert sum(match.state.points) == 4 * 50000
    assert changed and stayed  # both cases happened


def test_a_seat_below_zero_ends_the_match_early():
    busts = []
    for seed in range(1, 30):
        match = played(seed, starting_points=3000)
        result = match.record()["result"]
        if result["bust"]:
            busts.append(match)
            last = match.record()["hands"][-1]
            assert last["reason"] == "bust" and min(last["points"]) < 0
            assert match.finished and result["hands_played"] == len(match.results)
            assert result["final_points"] == last["points"]
        else:
            assert len(match.results) == 4
    assert any(len(m.results) < 4 for m in busts)


def test_label_data_is_the_hand_number_of_the_match():
    match = RULESET.new_match(PLAYERS, 41, SALT, "majsoul-bloodshed")
    assert match.label_data() == {"number": 1, "hands": 4} and match.label() == "H1"


# --------------------------------------------------------------------------- fairness


def test_exchange_directions_come_from_the_hand_seed_as_seed_verify_shows():
    match = played(5)
    report = verification(5, SALT, "sichuan", 4, PLAYERS)
    shown = [h["exchange_direction"] for h in report["hands"]]
    assert [h["direction"] for h in match.record()["hands"]] == shown
    for n, direction in enumerate(shown, 1):
        assert direction == DIRECTIONS[fairness.hand_seed(5, n) % 3]
    # Every direction happens, in about a third of the hands.
    drawn = [fairness.WALL_RULESETS["sichuan"].exchange_direction(7, n) for n in range(1, 301)]
    assert {d: drawn.count(d) > 70 for d in DIRECTIONS} == dict.fromkeys(DIRECTIONS, True)


def test_each_hand_is_dealt_its_seeded_wall_and_direction():
    match = RULESET.new_match(PLAYERS, 77, SALT, "majsoul-bloodshed")
    assert match.players == fairness.seat_order(77, PLAYERS)
    assert list(match.table.initial_wall) == fairness.shuffled_wall("sichuan", 77, 1)
    assert match.table.policy.direction == match.direction(1)
    assert not any(t in match.table.initial_wall for t in range(41, 48))


def test_seed_verify_prints_the_directions():
    seed = fairness.format_master_seed(5)
    args = ["seed", "verify", "--master-seed", seed, "--salt", SALT, "--ruleset", "sichuan"]
    result = CliRunner().invoke(app, [*args, "--hands", "4", "--json"])
    assert result.exit_code == 0, result.output
    hands = json.loads(result.output)["hands"]
    assert [h["exchange_direction"] for h in hands] == [
        h["direction"] for h in played(5).record()["hands"]
    ]
    human = CliRunner().invoke(app, [*args, "--hands", "2"])
    assert human.output.count("exchange direction:") == 2
    riichi = CliRunner().invoke(app, [*args[:-1], "riichi", "--hands", "1", "--json"])
    assert "exchange_direction" not in json.loads(riichi.output)["hands"][0]


# --------------------------------------------------------------------------- records


def test_a_self_played_record_replays_exactly():
    record = record_of(3)
    assert record["header"]["ruleset"] == "sichuan"
    assert record["header"]["preset"] == "majsoul-bloodshed"
    assert any("timeout" in entry for entry in record["actions"])  # timed-out exchanges
    again = RULESET.replay(record)
    assert json.loads(json.dumps(again.record())) == record
    report = verify_record(record, "sichuan.json")
    assert report.status == "ok", (report.error, report.mismatches)
    assert report.hands == report.hands_matched == 4


def test_replay_check_passes_on_a_record_file(tmp_path):
    path = tmp_path / "sichuan.json"
    path.write_text(json.dumps(record_of(4)))
    result = CliRunner().invoke(app, ["replay", "check", str(path)])
    assert result.exit_code == 0, result.output
    assert "4/4 hands match" in result.output


def _first(record: dict, kind: str) -> int:
    return next(i for i, e in enumerate(record["actions"]) if e[2]["type"] == kind)


def test_a_tampered_action_is_refused_naming_it():
    record = record_of(3)
    bad = copy.deepcopy(record)
    i = _first(bad, "discard")
    seat = bad["actions"][i][1]
    hand = RULESET.replay({**bad, "actions": bad["actions"][:i]}).table.seats[seat].hand
    bad["actions"][i][2]["tile"] = next(t for t in SUITED if t not in hand)
    report = verify_record(bad, "bad.json")
    assert report.status == "error"
    assert f"action {i} (seat {seat} discard" in report.error and "refuses" in report.error
    with pytest.raises(IllegalAction):
        RULESET.replay(bad)


def test_a_tampered_exchange_is_refused():
    record = record_of(3)
    i = next(
        i
        for i, e in enumerate(record["actions"])
        if e[2]["type"] == "exchange" and "timeout" not in e  # a timeout replays the default
    )
    bad = copy.deepcopy(record)
    bad["actions"][i][2]["tiles"] = [11, 21, 31]  # three suits
    report = verify_record(bad, "bad.json")
    assert report.status == "error" and f"action {i}" in report.error, report.error


def test_edited_results_and_digests_are_mismatches():
    record = record_of(3)
    bad = copy.deepcopy(record)
    bad["hands"][1]["deltas"][0] += 1000
    bad["result"]["final_points"][0] += 1000
    report = verify_record(bad, "bad.json")
    assert report.status == "mismatch"
    found = {(m.hand, m.what.split(":")[0]) for m in report.mismatches}
    assert ("H2", "deltas") in found and ("result", "final_points") in found
    cut = copy.deepcopy(record)
    cut["digests"][0] = "0" * 16
    assert verify_record(cut, "cut.json").status == "mismatch"


def test_a_single_hand_record_deals_and_plays_the_same_hand_again():
    match = RULESET.new_match(PLAYERS, 11, SALT, "majsoul-bloodshed")
    table = match.table
    play_randomly(match, 11)
    record = json.loads(json.dumps(hand_record(table)))
    assert record["ruleset"] == "sichuan" and record["direction"] == match.direction(1)
    again = replay_hand(record)
    assert again.action_log() == table.action_log()
    assert again.result == table.result


def test_an_action_out_of_turn_changes_nothing():
    match = RULESET.new_match(PLAYERS, 12, SALT, "majsoul-bloodshed")
    with pytest.raises(IllegalAction):
        match.act(0, Discard(match.table.seats[0].hand[0]))  # the exchange comes first
    assert match.log == [] and match.table.policy.stage == "exchange"


# --------------------------------------------------------------------------- the ruleset


def test_the_ruleset_keeps_the_contract():
    assert isinstance(RULESET, Ruleset) and get_ruleset("sichuan") is RULESET
    assert (RULESET.name, RULESET.seats, RULESET.tiles) == ("sichuan", 4, 108)
    assert RULESET.standard_preset == "majsoul-bloodshed" in RULESET.presets
    assert RULESET.wall_rules is fairness.WALL_RULESETS["sichuan"]
    assert {e.__name__ for e in RULESET.events} >= {
        "ExchangeChosen", "TilesExchanged", "VoidsDeclared", "SichuanWon", "KanBonus",
        "DrawRecheck",
    }  # fmt: skip
    info = RULESET.client_info()
    assert json.loads(json.dumps(info)) == info
    assert info["table"]["kinds"] == list(SUITED) and info["red_fives"] is False
    assert info["default_preset"] == "majsoul-bloodshed"
    schema = RULESET.options_schema.model_json_schema()["properties"]
    assert all(spec["option"] in schema for spec in info["lobby"])


def test_ready_and_winning_shapes():
    assert RULESET.is_winning_shape([11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 29, 29])
    assert RULESET.is_winning_shape([11, 11, 13, 13, 15, 15, 17, 17, 19, 19, 22, 22, 24, 24])
    assert RULESET.is_ready([11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 29])
    assert not RULESET.is_ready([11, 12, 14, 15, 17, 18, 21, 23, 25, 27, 31, 34, 37])
    assert RULESET.is_ready([22, 23, 24, 25])  # four melds: waiting on 22 or 25


def test_records_match_the_record_schema():
    import jsonschema

    from openmahjong.rules.sichuan.game.options import SichuanOptions

    schema = json.loads((ROOT / "docs" / "record.schema.json").read_text())
    validator = jsonschema.Draft202012Validator(schema)
    assert set(SichuanOptions.model_fields) == set(schema["$defs"]["sichuanOptions"]["properties"])
    for seed in (3, 4):
        assert [e.message for e in validator.iter_errors(record_of(seed))] == []
    bad = record_of(3)
    bad["hands"][0]["label"] = "E1"  # a Riichi label is not a Sichuan one
    bad["actions"][0][2] = {"type": "void", "suit": "z"}
    assert len(list(validator.iter_errors(bad))) == 2


def test_a_test_may_deal_its_own_walls_and_directions():
    wall = fairness.build_wall("sichuan")  # unshuffled: the same wall every hand
    options = RULESET.options("majsoul-bloodshed")
    rigged = SichuanMatch(options, walls=lambda n: wall, directions=lambda n: DIRECTIONS[n % 3])
    assert list(rigged.table.initial_wall) == wall
    assert rigged.table.policy.direction == DIRECTIONS[1] == rigged.direction(1)
    assert SichuanMatch(options, walls=lambda n: wall).table.policy.direction == "clockwise"
    with pytest.raises(ValueError, match="master seed"):
        SichuanMatch(options)
