"""The MCR match: four hands per wind round, seat changes between rounds, walls by
``current_round``, the record and its replay, and the ruleset object."""

from __future__ import annotations

import json

import pytest

from openmahjong.fairness import shuffled_wall
from openmahjong.rules.mcr.game import (
    SEATING,
    McrHandResult,
    McrMatch,
    McrMatchState,
    McrOptions,
    advance,
    preset,
    replay_match,
)
from openmahjong.rules.mcr.game.ruleset import RULESET
from openmahjong.table import Phase
from openmahjong.tiles import parse


def _draw_result() -> McrHandResult:
    return McrHandResult("exhaustive", (0, 0, 0, 0), (0, 0, 0, 0))


def _states(rounds: int) -> list[McrMatchState]:
    options = McrOptions(rounds=rounds)
    state = McrMatchState(points=(0, 0, 0, 0))
    seen = [state]
    while not state.ended:
        state = advance(state, _draw_result(), options)
        seen.append(state)
    return seen[:-1]


def test_seat_changes_between_wind_rounds():
    # Players A..D (0..3) sit East, South, West, North as each wind round starts.
    assert SEATING == ((0, 1, 2, 3), (1, 0, 3, 2), (2, 3, 1, 0), (3, 2, 0, 1))
    # Every player is the first dealer of one round and sits in every position once.
    assert sorted(row[0] for row in SEATING) == [0, 1, 2, 3]
    for player in range(4):
        assert sorted(row.index(player) for row in SEATING) == [0, 1, 2, 3]
    states = _states(4)
    assert len(states) == 16
    for i, s in enumerate(states):
        assert (s.wind_round, s.hand) == divmod(i, 4)
        assert s.seating == SEATING[i // 4]
        assert s.prevalent_wind == 41 + i // 4
        assert s.dealer == i % 4  # the deal passes seat by seat within the round
    # Every player deals four hands in a full game.
    dealers = [s.seating[s.dealer] for s in states]
    assert sorted(dealers) == [0] * 4 + [1] * 4 + [2] * 4 + [3] * 4


@pytest.mark.parametrize("rounds", [1, 2, 3, 4])
def test_game_lengths_of_one_to_four_wind_rounds(rounds):
    assert len(_states(rounds)) == 4 * rounds


def test_current_round_hand_numbers_feed_the_walls():
    # The wall of each hand is shuffled_wall("mcr", seed, current_round): the hand number within
    # the wind round (1-4), so the second wind round asks for 1, 2, 3, 4 again.
    asked: list[int] = []

    def walls(n: int) -> list[int]:
        asked.append(n)
        return shuffled_wall("mcr", 77, n)

    m = McrMatch(McrOptions(rounds=2), walls=walls)
    while not m.finished:
        t = m.table
        seat = t.waiting_for()[0]
        m.timeout(seat)  # pass every claim, discard every drawn tile
    assert asked == [1, 2, 3, 4, 1, 2, 3, 4]
    assert [h["current_round"] for h in m.hands] == [1, 2, 3, 4, 1, 2, 3, 4]
    assert [h["label"] for h in m.hands] == ["E1", "E2", "E3", "E4", "S1", "S2", "S3", "S4"]
    assert m.hands[4]["seating"] == list(SEATING[1])
    seeded_two = McrMatch(McrOptions(rounds=2), master_seed=3)
    while seeded_two.state.wind_round == 0:
        seeded_two.timeout(seeded_two.table.waiting_for()[0])
    # South round: B sits East, A South.
    assert [seeded_two.seat_of(p) for p in range(4)] == [1, 0, 3, 2]
    assert [seeded_two.player_at(s) for s in range(4)] == [1, 0, 3, 2]
    # With a master seed the match draws the same walls itself.
    seeded = McrMatch(McrOptions(rounds=1), master_seed=77)
    assert seeded.table.initial_wall == tuple(shuffled_wall("mcr", 77, 1))
    assert RULESET.wall_rules.shuffled(77, 3) == shuffled_wall("mcr", 77, 3)


def test_points_follow_players_through_the_seat_change():
    state = McrMatchState(points=(0, 0, 0, 0), wind_round=1, hand=2)
    # South round seating is B A D C: seat 1 is player A.
    result = McrHandResult("win", (-29, 45, -8, -8), (0, 0, 0, 0))
    after = advance(state, result, McrOptions())
    assert after.points == (45, -29, -8, -8)
    assert after.seat_points() == (-29, 45, -8, -8)


def test_record_replays_and_timeouts_are_kept():
    m = McrMatch(preset("mcr-1round"), master_seed=5, players=["a", "b", "c", "d"], salt="00")
    while not m.finished:
        m.timeout(m.table.waiting_for()[0])
    record = json.loads(json.dumps(m.record()))
    assert record["header"]["ruleset"] == "mcr" and record["header"]["preset"] == "mcr-1round"
    assert record["header"]["master_seed"] is not None
    assert all(entry[-1] == "timeout" for entry in record["actions"])
    again = replay_match(record)
    assert again.state == m.state and again.hands == m.hands
    assert record["result"]["places"] and sorted(record["result"]["ranking"]) == [0, 1, 2, 3]


def test_ruleset_object_presets_and_options():
    assert RULESET.name == "mcr" and RULESET.seats == 4 and RULESET.tiles == 144
    assert {"mcr-1round", "mcr-4rounds"} <= set(RULESET.presets)
    assert RULESET.options("mcr-1round").rounds == 1
    assert RULESET.options("mcr-4rounds", claim_mode="upgrade").claim_mode == "upgrade"
    with pytest.raises(ValueError, match="mcr-1round"):
        RULESET.options("nope")
    m = RULESET.new_match(None, 9, None, "mcr-1round")
    assert isinstance(m, McrMatch) and m.table.phase == Phase.TURN
    assert RULESET.is_ready(parse("123456789m34p88p"))
    assert RULESET.is_winning_shape(parse("123456789m34p88p5p"))
    assert not RULESET.is_ready(parse("159m159p159s1357z"))
