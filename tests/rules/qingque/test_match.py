"""A Qingque match: current_round, the walls it seeds, and the seat changes at hands 5, 9, 13.

Source (open_mahjong_unity): ``gamestate/public/next_game_round.py``
(``_next_game_round_with_dealer``, ``shuffle_on_wind_change=True`` for Qingque: every player
moves back a seat each hand, and at current_round 5, 9 and 13 the player list, in the order of
the seats of the hand before, is shuffled by ``random.Random(derive_round_seed(master_seed,
current_round))`` and seated in the shuffled order); ``gamestate/public/random_seed_manager.py``
(``derive_round_seed``: SHA-256 of the 64-digit hex master seed followed by the decimal hand
number), the same formula as the platform guide §6.5 and §6.6. The test computes the seats and
walls from those formulas itself, without the project's fairness module.
"""

from __future__ import annotations

import hashlib
import random

import pytest

from openmahjong.rules.qingque.game.ruleset import RULESET
from openmahjong.tiles import ALL_KINDS

PLAYERS = ["ann", "ben", "cat", "dan"]
SEED = 0x1234567890ABCDEF01234567890ABCDEF01234567890ABCDEF01234567890ABCDEF


def derive_round_seed(master_seed: int, number: int) -> int:
    return int(hashlib.sha256((format(master_seed, "064x") + str(number)).encode()).hexdigest(), 16)


def expected_seatings(master_seed: int, hands: int) -> list[list[int]]:
    """Player index (entry order shuffled by the master seed) at seats 0-3 for each hand."""
    seating = [0, 1, 2, 3]
    out = [list(seating)]
    for current_round in range(2, hands + 1):
        if current_round in (5, 9, 13):
            order = list(seating)
            random.Random(derive_round_seed(master_seed, current_round)).shuffle(order)
            seating = order
        else:
            seating = seating[1:] + seating[:1]
        out.append(list(seating))
    return out


def play(master_seed: int, rounds: int):
    """Bots play a match; returns it and the players at seats 0-3 as each hand was dealt."""
    options = RULESET.options("qingque-4rounds", rounds=rounds)
    match = RULESET.new_match(PLAYERS, master_seed, "salt", options)
    bots = [RULESET.bot(s) for s in range(4)]
    dealt: list[list[int]] = []
    while not match.finished:
        table = match.table
        if len(dealt) < match.state.current_round:
            dealt.append([match.player_at(s) for s in range(4)])
            assert all(match.seat_of(match.player_at(s)) == s for s in range(4))
        seat = table.waiting_for()[0]
        match.act(seat, bots[match.player_at(seat)].act(table.view(seat, events=False)))
    return match, dealt


@pytest.mark.parametrize("master_seed", [SEED, 7, 2**255 + 12345])
def test_seats_change_at_hands_5_9_13_as_the_hand_seed_says(master_seed) -> None:
    match, routes = play(master_seed, rounds=4)
    assert [h["current_round"] for h in match.hands] == list(range(1, 17))
    want = expected_seatings(master_seed, 16)
    assert [h["seating"] for h in match.hands] == want
    assert routes == want


def test_the_change_is_not_the_rotation_for_some_seed() -> None:
    def rotated(seating: list[int]) -> list[int]:
        return seating[1:] + seating[:1]

    draws = [expected_seatings(s, 5) for s in range(20)]
    assert any(d[4] != rotated(d[3]) for d in draws)  # the draw really moves players


def test_walls_are_seeded_by_current_round() -> None:
    match = RULESET.new_match(PLAYERS, SEED, "salt", "qingque-1round")
    for n in (1, 2, 5, 16):
        tiles = [k for k in ALL_KINDS for _ in range(4)]
        random.Random(derive_round_seed(SEED, n)).shuffle(tiles)
        assert match._walls(n) == tiles
    assert RULESET.wall_rules.hand_number == "current_round"
    assert RULESET.tiles == 136


def test_prevalent_wind_and_labels() -> None:
    match, _ = play(SEED, rounds=2)
    assert [h["label"] for h in match.hands] == [f"{w}{n}" for w in "ES" for n in range(1, 5)]
    assert [h["wind_round"] for h in match.hands] == [0] * 4 + [1] * 4
    assert sum(match.state.points) == 0
