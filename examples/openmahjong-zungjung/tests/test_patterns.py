"""Named Zung Jung hands and their scores, worked out by hand from the rulebook's list of
patterns (README.md cites it): each case says what counts and why."""

from __future__ import annotations

import pytest
from openmahjong.rules.declarative import NotAWin
from openmahjong.tiles import parse

from openmahjong_zungjung import RULESET

EAST, SOUTH, WEST = 41, 42, 43


def score(hand, *, tile=None, melds=(), **situation):
    tiles = parse(hand)
    winning = parse(tile)[0] if tile else tiles[-1]
    return RULESET.score(tiles, [(k, parse(t)) for k, t in melds], winning, **situation)


CASES = [
    # name, hand, melds, winning tile (None: the last), situation, patterns, points
    ("trivial patterns", "234m456p678s345s55p", (), None, {},
     {"all_sequences": 5, "concealed_hand": 5, "no_terminals": 5}, 15),
    ("mixed one-suit with a dragon", "123m345m678m555z22z", (), None, {"self_drawn": True},
     {"mixed_one_suit": 40, "value_honor": 10, "concealed_hand": 5}, 55),
    ("pure one-suit and the straight", "11123456789234p", (), "4p", {"self_drawn": True},
     {"pure_one_suit": 80, "nine_tile_straight": 40, "all_sequences": 5,
      "concealed_hand": 5}, 130),
    # West's own wind is a value honor; the open pung of 9s is no concealed one.
    ("all triplets, open", "111m555p333z77z", (("pon", "999s"),), None,
     {"seat_wind": WEST},
     {"all_triplets": 30, "three_concealed_triplets": 30, "value_honor": 10}, 70),
    ("four concealed triplets", "111m222p333s555z77z", (), None, {"self_drawn": True},
     {"four_concealed_triplets": 125, "all_triplets": 30, "value_honor": 10,
      "concealed_hand": 5}, 170),
    # The same tiles won on the discard of the white: that pung is not concealed.
    ("four triplets, one of them on the discard", "111m222p333s77z555z", (), None, {},
     {"three_concealed_triplets": 30, "all_triplets": 30, "value_honor": 10,
      "concealed_hand": 5}, 75),
    ("small three dragons", "555z666z77z123m456p", (), None, {"self_drawn": True},
     {"small_three_dragons": 40, "value_honor": 20, "two_concealed_triplets": 5,
      "concealed_hand": 5}, 70),
    # 585 points of patterns; Big Four Winds alone is worth 400, above the compound limit.
    ("big four winds", "333z444z99m", (("pon", "111z"), ("pon", "222z")), None,
     {"self_drawn": True, "seat_wind": EAST},
     {"big_four_winds": 400, "mixed_greater_terminals": 100, "mixed_one_suit": 40,
      "all_triplets": 30, "value_honor": 10, "two_concealed_triplets": 5}, 400),
    ("seven pairs, four of a kind as two", "1111m3344p5566s77z", (), None, {},
     {"seven_pairs": 30}, 30),
    ("seven pairs of middle tiles", "2233m4455p6677s88s", (), None, {},
     {"seven_pairs": 30, "no_terminals": 5}, 35),
    ("thirteen terminals", "19m19p19s1234567z1m", (), None, {},
     {"thirteen_terminals": 160}, 160),
    ("nine gates", "1112345678999m5m", (), None, {}, None, 480),
    ("chicken hand", "456m789s234s55z", (("pon", "999p"),), None, {},
     {"chicken_hand": 1}, 1),
    ("mixed lesser terminals", "123m789p111s999s11z", (), None, {"self_drawn": True},
     {"mixed_lesser_terminals": 40, "two_concealed_triplets": 5, "concealed_hand": 5}, 50),
    ("pure lesser terminals", "123m789p111s999s11p", (), None, {"self_drawn": True},
     {"pure_lesser_terminals": 50, "two_concealed_triplets": 5, "concealed_hand": 5}, 60),
    ("three similar sequences", "234m234p234s55z789m", (), None, {},
     {"three_similar_sequences": 35, "all_sequences": 5, "concealed_hand": 5}, 45),
    ("small three similar triplets", "222m222p22s345m678p", (), "5m", {},
     {"small_three_similar_triplets": 30, "two_concealed_triplets": 5,
      "concealed_hand": 5, "no_terminals": 5}, 45),
    # Three pungs in a row, or three identical chows: the better reading wins.
    ("three consecutive triplets, self-drawn", "333p444p555p789s11z", (), "5p",
     {"self_drawn": True},
     {"three_consecutive_triplets": 100, "three_concealed_triplets": 30,
      "concealed_hand": 5}, 135),
    ("the same tiles on a discard read as chows", "333p444p555p789s11z", (), "5p", {},
     {"three_identical_sequences": 120, "all_sequences": 5, "concealed_hand": 5}, 130),
    ("two kongs", "345p678p99p", (("minkan", "8888s"), ("ankan", "2222m")), None,
     {"self_drawn": True}, {"two_kongs": 20}, 20),
    ("two identical sequences twice", "123m123m456p456p99s", (), None, {},
     {"two_identical_sequences_twice": 60, "all_sequences": 5, "concealed_hand": 5}, 70),
    ("four identical sequences", "234m234m234m234m55p", (), None, {}, None, 480),
    ("all honors, at the limit", "111z222z555z666z77z", (), None,
     {"self_drawn": True, "seat_wind": EAST}, None, 320),
    ("final draw", "234m456p678s345s55p", (), None, {"self_drawn": True, "last_tile": True},
     {"all_sequences": 5, "concealed_hand": 5, "no_terminals": 5, "final_draw": 10}, 25),
    ("blessing of heaven", "234m456p678s345s55p", (), None,
     {"self_drawn": True, "heavenly": True},
     {"all_sequences": 5, "concealed_hand": 5, "no_terminals": 5,
      "blessing_of_heaven": 155}, 170),
    ("robbing a kong", "234m456p678s345s55p", (), None, {"robbing_kong": True},
     {"all_sequences": 5, "concealed_hand": 5, "no_terminals": 5, "robbing_a_kong": 10}, 25),
]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "hand", "melds", "tile", "situation", "patterns", "points"),
    CASES,
    ids=[c[0] for c in CASES],
)
def test_named_hands(name, hand, melds, tile, situation, patterns, points):
    situation = {"self_drawn": False, **situation}
    win = score(hand, tile=tile, melds=melds, **situation)
    if patterns is not None:
        assert {c.key: c.points for c in win.patterns} == patterns
        assert win.raw == sum(patterns.values())
    assert win.points == points


def test_nine_gates_needs_the_gates_before_the_winning_tile():
    win = score("1112345678999m5m")
    assert "nine_gates" in {c.key for c in win.patterns}
    # 1112345678899m + 9m: the same tiles as 1112345678999m + 8m, but it waited on 9m
    # with a hand that was no gate.
    not_gates = score("1112345678999m8m", tile="9m")
    assert "nine_gates" not in {c.key for c in not_gates.patterns}


def test_only_the_highest_pattern_of_a_series_counts():
    # 3.3: four wind pungs are also three; 4.2 / 8.1 likewise.
    win = score("333z444z99m", melds=(("pon", "111z"), ("pon", "222z")), self_drawn=True)
    keys = {c.key for c in win.patterns}
    assert "big_four_winds" in keys and not keys & {"big_three_winds", "small_three_winds"}
    assert "mixed_lesser_terminals" not in keys


def test_not_a_win():
    with pytest.raises(NotAWin):
        score("123m456p789s12s55z", tile="5z")


def test_the_payoff_scheme():
    pay = RULESET.declaration.payment
    # Self-drawn: everybody pays the value.
    assert pay.deltas(4, 0, 40, None) == [120, -40, -40, -40]
    # Up to the par of 25, a discard costs everybody the value too...
    assert pay.deltas(4, 0, 15, 2) == [45, -15, -15, -15]
    # ... above it the others pay 25 and the discarder the rest of three times the value.
    assert pay.deltas(4, 0, 70, 2) == [210, -25, -160, -25]


def test_the_names_are_in_three_languages():
    names = {p.key: p.names for p in RULESET.declaration.all_patterns}
    assert len(names) == 45  # the 44 patterns and the chicken hand
    assert names["four_concealed_triplets"] == {"en": "Four Concealed Triplets",
                                                "zh": "四暗刻", "ja": "四暗刻"}  # fmt: skip
    messages = RULESET.client_info()["messages"]
    assert messages["zh"]["zungjung.name"] == "中庸麻雀"
    assert messages["ja"]["zungjung.pattern.seven_pairs"] == "七対子"
