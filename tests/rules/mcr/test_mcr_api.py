"""score_win's contract: inputs, flags, flowers, the 8-fan minimum and the errors."""

from __future__ import annotations

import contextlib
import random

import pytest

from openmahjong.rules.mcr.scoring import (
    BelowMinimum,
    InvalidHand,
    Meld,
    NotAWin,
    Win,
    score_win,
)
from openmahjong.tiles import parse


def score(hand: str, win: str, melds=(), **flags) -> Win:
    return score_win(parse(hand, check=False), parse(win)[0], melds, **flags)


def test_a_plain_win():
    win = score("123456789m11122p", "2m")
    assert [(e.zh, e.count) for e in win.fans] == [
        ("清龙", 1), ("门前清", 1), ("幺九刻", 1), ("缺一门", 1), ("无字", 1), ("嵌张", 1),
    ]  # fmt: skip
    assert win.total == win.fan_total == 22
    assert win.form == "regular"
    assert win.fans[0].en == "Pure Straight" and win.fans[0].value == 16


def test_flowers_count_outside_the_minimum():
    win = score("123456789m11122p", "2m", flowers=3)
    assert win.total == 25 and win.fan_total == 22 and win.flowers == 3
    assert win.fans[-1].zh == "花牌" and win.fans[-1].count == 3
    with pytest.raises(BelowMinimum) as low:
        score("445566m2277779s8s", "8s", flowers=5)
    assert low.value.win.fan_total == 7 and low.value.win.total == 12


def test_below_minimum_is_a_value_error_with_the_fans():
    with pytest.raises(ValueError, match="7 fan") as low:
        score("445566m2277779s8s", "8s")
    assert isinstance(low.value, BelowMinimum)
    assert {e.zh for e in low.value.win.fans} == {"门前清", "四归一", "一般高", "缺一门", "无字"}


def test_not_a_win():
    with pytest.raises(NotAWin, match="not a winning hand"):
        score("123456789m11124p", "2m")
    assert issubclass(NotAWin, ValueError)


@pytest.mark.parametrize(
    ("hand", "win", "melds", "flags", "message"),
    [
        ("123456789m1112p", "2p", (), {}, "needs 14"),
        ("123456789m11122p", "3p", (), {}, "not in the hand"),
        ("11111234567899m", "5m", (), {}, "only four"),
        ("123456789m1112p1f", "2p", (), {}, "flower"),
        ("12345678911m", "1m", (Meld("chi", (11, 13, 15)),), {}, "consecutive"),
        ("12345678911m", "1m", (Meld("pong", (21, 21, 21)),), {}, "not one of"),
        ("123456789m11122p", "2m", (), {"seat_wind": 45}, "seat_wind"),
        ("123456789m11122p", "2m", (), {"flowers": 9}, "flowers"),
        ("123456789m11122p", "2m", (), {"rules": "riichi"}, "only 'mcr'"),
    ],
)
def test_invalid_input_says_why(hand, win, melds, flags, message):
    with pytest.raises(InvalidHand, match=message):
        score(hand, win, melds, **flags)


def test_red_fives_are_fives():
    assert score("123406789m11122p", "2m").total == 22


def test_fourth_tile_is_dropped_when_the_hand_holds_the_tile():
    # The hand holds another 5s, so the winning 5s cannot be the last one.
    assert "和绝张" not in {e.zh for e in score("123m456p789s23455s", "5s", fourth_tile=True).fans}
    assert "和绝张" in {e.zh for e in score("123m456p789s23455s", "4s", fourth_tile=True).fans}


def test_kong_flag_needs_a_kong_for_a_replacement_draw():
    plain = score("123m456p789s23455s", "5s", self_drawn=True, kong=True)
    assert "杠上开花" not in {e.zh for e in plain.fans}
    with_kong = score(
        "456p23455s", "5s", (Meld("chi", (17, 18, 19)), Meld("minkan", (29,) * 4)),
        self_drawn=True, kong=True,
    )  # fmt: skip
    names = {e.zh for e in with_kong.fans}
    assert "杠上开花" in names and "自摸" not in names


def test_last_tile_and_robbing():
    assert "海底捞月" in {e.zh for e in score("123m456p789s23455s", "5s", last_tile=True).fans}
    drawn = score("123m456p789s23455s", "5s", last_tile=True, self_drawn=True)
    assert "妙手回春" in {e.zh for e in drawn.fans} and "自摸" not in {e.zh for e in drawn.fans}
    robbed = score("456p789s12355s", "2s", (Meld("chi", (17, 18, 19)),), kong=True)
    assert "抢杠和" in {e.zh for e in robbed.fans}


def test_special_forms_name_their_form():
    assert score("119m19p19s1234567z", "1m").form == "thirteen orphans"
    assert score("1155m3399p2266s77z", "7z").form == "seven pairs"
    assert score("147m25p36s1234567z", "7z").form == "honors and knitted"
    assert score("147m258p369s567s11z", "1z").form == "knitted straight"


def test_as_dict_round_trips_the_fans():
    doc = score("123456789m11122p", "2m", flowers=1).as_dict()
    assert doc["total"] == 23 and doc["flowers"] == 1
    assert doc["fans"][0] == {"zh": "清龙", "en": "Pure Straight", "value": 16, "count": 1}


def test_an_added_kong_scores_as_a_melded_kong():
    def kong(kind: str) -> list[str]:
        melds = (Meld(kind, (21,) * 4), Meld("chi", (17, 18, 19)))
        with pytest.raises(BelowMinimum) as low:
            score("456p23455s", "5s", melds)
        return [e.zh for e in low.value.win.fans]

    assert kong("kakan") == kong("minkan") == ["幺九刻", "明杠", "无字"]
    assert "暗杠" in kong("ankan")


def test_melds_may_be_plain_tuples_with_lists():
    with pytest.raises(BelowMinimum) as low:
        score_win(parse("456p23455s"), 35, [("kakan", [21, 21, 21, 21]), ("chi", [17, 18, 19])])
    assert "明杠" in {e.zh for e in low.value.win.fans}


def test_garbage_input_raises_only_the_scorers_errors():
    rng = random.Random(3)
    kinds = [s * 10 + n for s in (1, 2, 3) for n in range(1, 10)] + list(range(41, 48))
    junk = [0, 10, 50, 51, 99, 105, -1, True, "1m", None]
    for _ in range(2000):
        hand = [rng.choice(kinds + junk) for _ in range(rng.choice((11, 13, 14, 15)))]
        melds = [
            Meld(rng.choice(("chi", "pon", "minkan", "ankan", "kakan", "x")),
                 tuple(rng.choice(kinds) for _ in range(rng.choice((3, 4)))))
            for _ in range(rng.randint(0, 2))
        ]  # fmt: skip
        with contextlib.suppress(InvalidHand, NotAWin, BelowMinimum):
            score_win(hand, rng.choice(hand + [12]), melds, seat_wind=rng.choice((41, 45)))
