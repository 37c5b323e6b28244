"""A free-play game: the fair walls of every tile set (the dealt hands are the fairness
scheme's), the deal moving round, points from the declared results, the game's length, and a
record that replays to the same table."""

from __future__ import annotations

import json

import pytest

from openmahjong import fairness
from openmahjong.rules.freeplay.actions import FreeDeal, FreeDraw, FreeEndHand, FreeMeld
from openmahjong.rules.freeplay.match import WALLS, FreeplayMatch
from openmahjong.rules.freeplay.ruleset import RULESET
from openmahjong.tiles import ALL_KINDS, FLOWERS, SUITED
from tests.rules.freeplay.helpers import settle, state

SEED = 0x5EED_F4EE_71A4
PLAYERS = ["ann", "bo", "cy", "di"]


@pytest.mark.parametrize(
    ("preset", "tiles", "kinds"),
    [
        ("freeplay", 136, set(ALL_KINDS)),
        ("freeplay-flowers", 144, set(ALL_KINDS) | set(FLOWERS)),
        ("freeplay-suits", 108, set(SUITED)),
        ("freeplay-sixteen", 144, set(ALL_KINDS) | set(FLOWERS)),
    ],
)
def test_the_dealt_hands_are_the_fair_walls(preset, tiles, kinds):
    match = RULESET.new_match(PLAYERS, SEED, "salt", preset)
    size = match.options.hand_size
    for n in (1, 2):
        table = match.free_table
        wall = WALLS[tiles].shuffled(SEED, n)
        assert list(table.initial_wall) == wall and set(wall) == kinds and len(wall) == tiles
        if tiles == 136:  # the registered wall: what `seed verify --ruleset freeplay` rebuilds
            assert wall == fairness.shuffled_wall("freeplay", SEED, n)
        match.act(table.turn, FreeDeal())
        for seat in range(4):
            assert table.hands[seat] == wall[size * seat : size * (seat + 1)]
        if size == 13:
            dealt, rest = fairness.deal(wall, 4, dealer=table.dealer, dealer_extra=False)
            assert table.hands == dealt and table.wall == rest
        settle(match, 2, FreeEndHand(winner=None, deltas=(0, 0, 0, 0)))
    assert match.state.hand_index == 3


def test_the_deal_moves_round_and_the_declared_points_add_up():
    match = RULESET.new_match(PLAYERS, SEED, "salt", RULESET.options("freeplay", hands=3))
    results = [((10, -10, 0, 0), 0), ((0, 0, 0, 0), None), ((-3, 9, -3, -3), 1)]
    for deltas, winner in results:
        table = match.free_table
        assert table.turn == table.dealer == (match.state.hand_index - 1) % 4
        match.act(table.dealer, FreeDeal())
        match.act(table.dealer, FreeDraw())
        settle(match, 3, FreeEndHand(winner=winner, deltas=deltas))
    assert match.finished
    record = match.record()
    assert record["result"]["final_points"] == [7, -1, -3, -3]
    assert [h["reason"] for h in record["hands"]] == ["win", "draw", "win"]
    # seat 1 took no tile in that hand (the dealer, seat 2, drew): its hand's last tile
    last = match.results[2]
    assert record["hands"][2]["wins"] == [
        {"seat": 1, "from_seat": None, "tile": last.tile, "tsumo": True, "value": 9}
    ]
    assert last.tile != 0


def test_a_game_until_the_players_end_it():
    match = RULESET.new_match(PLAYERS, SEED, "salt", "freeplay-open")
    for _ in range(6):
        settle(match, match.free_table.turn, FreeEndHand(winner=None, deltas=(0,) * 4))
    assert not match.finished and match.state.hand_index == 7
    settle(match, 1, FreeEndHand(winner=None, deltas=(0,) * 4, last=True))
    assert match.finished and match.record()["result"]["hands_played"] == 7


def test_a_record_replays_to_the_same_table_and_a_timeout_is_a_pass():
    match = RULESET.new_match(PLAYERS, SEED, "salt", "freeplay-flowers")
    match.timeout(0)  # the dealer on turn before the deal: the timeout deals
    table = match.free_table
    assert table.dealt
    match.act(0, FreeDraw())
    match.act(2, FreeMeld(tiles=(table.hands[2][0],)))
    match.timeout(0)  # then it passes the turn on
    assert table.turn == 1
    record = json.loads(json.dumps(match.record(reveal=True)))
    assert record["actions"][0] == [1, 0, {"type": "free_deal"}, "timeout"]
    again = RULESET.replay(record)
    assert isinstance(again, FreeplayMatch)
    assert state(again.free_table)[:-2] == state(table)[:-2]
    assert again.free_table.timeouts == table.timeouts
