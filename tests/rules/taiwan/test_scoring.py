"""Taiwan scoring: named hands with their tai and payments (docs/taiwan.md)."""

from __future__ import annotations

import pytest

from openmahjong.rules.taiwan.scoring import (
    NotAWin,
    Situation,
    dealer_tai,
    flower_win,
    is_winning,
    payments,
    score_win,
    waits,
)
from openmahjong.tiles import EAST, NORTH, SOUTH, WEST, parse


def tai(hand: str, win: str, melds: tuple[tuple[str, str], ...] = (), **situation: object):
    result = score_win(
        parse(hand), parse(win)[0], [(k, parse(t)) for k, t in melds], Situation(**situation)
    )
    return {t.zh: t.total for t in result.tai}, result.total


# Each: (name, concealed with the winning tile, winning tile, melds, situation, tai, total)
NAMED = [
    (
        "平胡: five chows, no honour or flower, two-sided wait on a discard",
        "123456789m234567p99s",
        "4p",
        (),
        {},
        {"平胡": 2, "門清": 1},
        3,
    ),
    (
        "獨聽 on an edge wait (12m waits 3m only): no 平胡",
        "123456789m234567p99s",
        "3m",
        (),
        {},
        {"門清": 1, "獨聽": 1},
        2,
    ),
    (
        "獨聽 on a closed wait (46p waits 5p only)",
        "123456789m456p789s11p",
        "5p",
        (),
        {},
        {"門清": 1, "獨聽": 1},
        2,
    ),
    (
        "門清自摸 replaces 門清 and 自摸; 五暗刻 with 碰碰胡; a single wait on the pair",
        "111333555777999m11p",
        "1p",
        (),
        {"self_drawn": True},
        {"五暗刻": 8, "碰碰胡": 4, "門清自摸": 3, "獨聽": 1},
        16,
    ),
    (
        "the pung completed by a discard is not concealed: 四暗刻, not 五暗刻",
        "111333555777m99p999s",
        "9s",
        (),
        {},
        {"四暗刻": 5, "碰碰胡": 4, "門清": 1},
        10,
    ),
    (
        "三暗刻 with two melded pungs; 碰碰胡",
        "111m999p555s22z",
        "2z",
        (("pon", "333s"), ("pon", "777s")),
        {"seat_wind": SOUTH},
        {"碰碰胡": 4, "三暗刻": 2, "獨聽": 1},
        7,
    ),
    (
        "全求人: five called sets and a discard on the single tile",
        "11z",
        "1z",
        (("pon", "222m"), ("chi", "345p"), ("pon", "777z"), ("minkan", "6666s"), ("chi", "789s")),
        {},
        {"全求人": 2, "三元牌": 1},
        3,
    ),
    (
        "a concealed kong keeps the hand 門清 and counts as a concealed pung",
        "111m222p11z345m789s",
        "3m",
        (("ankan", "9999m"),),
        {},
        {"門清": 1, "三暗刻": 2},
        3,
    ),
    (
        "圈風 and 門風: East's pung for East in the East round counts twice",
        "111z234m567m789p123s99s",
        "9s",
        (),
        {"seat_wind": EAST, "prevalent_wind": EAST},
        {"圈風": 1, "門風": 1, "門清": 1, "獨聽": 1},
        4,
    ),
    (
        "a wind that is neither seat nor prevalent wind scores nothing",
        "444z234m567m789p123s99s",
        "9s",
        (),
        {"seat_wind": SOUTH, "prevalent_wind": EAST},
        {"門清": 1, "獨聽": 1},
        2,
    ),
    (
        "小三元: two dragon pungs and a dragon pair (三元牌 not counted beside it)",
        "555z666z77z234m567m",
        "4m",
        (("chi", "789m"),),
        {},
        {"小三元": 4, "混一色": 4},
        8,
    ),
    (
        "大三元 with 混一色 (the three dragon pungs are concealed: 三暗刻)",
        "555z666z777z123p99p",
        "9p",
        (("chi", "456p"),),
        {},
        {"大三元": 8, "混一色": 4, "三暗刻": 2, "獨聽": 1},
        15,
    ),
    (
        "小四喜: three wind pungs and a wind pair",
        "111z222z333z44z789s",
        "7s",
        (("chi", "123s"),),
        {"seat_wind": WEST},
        {"小四喜": 8, "混一色": 4, "三暗刻": 2, "獨聽": 1},
        15,
    ),
    (
        "大四喜 (the wind pungs not counted beside it), 碰碰胡, 字一色",
        "111z222z333z444z55z",
        "5z",
        (("pon", "666z"),),
        {},
        {"大四喜": 16, "字一色": 16, "碰碰胡": 4, "三元牌": 1, "獨聽": 1, "四暗刻": 5},
        43,
    ),
    (
        "清一色 with 平胡",
        "123345678p23455p",
        "5p",
        (("chi", "789p"),),
        {},
        {"清一色": 8, "平胡": 2},
        10,
    ),
    (
        "混一色: one suit and honours",
        "123s456s789s11z234s",
        "4s",
        (("pon", "999s"),),
        {},
        {"混一色": 4},
        4,
    ),
    (
        "正花: the seat's two flowers (夏 and 蘭 for South), each one tai",
        "123456789m234567p99s",
        "4p",
        (),
        {"seat_wind": SOUTH, "flowers": (52, 56, 51)},
        {"門清": 1, "正花": 2},
        3,
    ),
    (
        "花槓: a whole set of four, its seat flower not counted again",
        "123456789m234567p99s",
        "4p",
        (),
        {"seat_wind": NORTH, "flowers": (51, 52, 53, 54, 58)},
        {"門清": 1, "花槓": 2, "正花": 1},
        4,
    ),
    (
        "海底撈月: self-drawn on the last tile",
        "123456789m234567p99s",
        "4p",
        (),
        {"self_drawn": True, "last_tile": True},
        {"門清自摸": 3, "海底撈月": 1},
        4,
    ),
    (
        "河底撈魚: the last discard",
        "123456789m234567p99s",
        "4p",
        (),
        {"last_tile": True},
        {"平胡": 2, "門清": 1, "河底撈魚": 1},
        4,
    ),
    (
        "槓上開花: the replacement after a kong",
        "123456789m234p99s",
        "4p",
        (("ankan", "7777s"),),
        {"self_drawn": True, "replacement": True},
        {"門清自摸": 3, "槓上開花": 1},
        4,
    ),
    (
        "搶槓: robbing an added kong",
        "123456789m234567p99s",
        "4p",
        (),
        {"robbing": True},
        {"平胡": 2, "門清": 1, "搶槓": 1},
        4,
    ),
    (
        "天胡 stands in place of 門清自摸 and 獨聽",
        "123456789m234567p99s",
        "3m",
        (),
        {"self_drawn": True, "heavenly": True},
        {"天胡": 24},
        24,
    ),
    (
        "地胡",
        "123456789m234567p99s",
        "3m",
        (),
        {"self_drawn": True, "earthly": True},
        {"地胡": 16},
        16,
    ),
    (
        "人胡 stands in place of 門清",
        "123456789m234567p99s",
        "4p",
        (),
        {"human": True},
        {"人胡": 8, "平胡": 2},
        10,
    ),
]


@pytest.mark.parametrize(("name", "hand", "win", "melds", "situation", "expected", "total"), NAMED)
def test_named_hands(name, hand, win, melds, situation, expected, total) -> None:
    found, found_total = tai(hand, win, melds, **situation)
    assert found == expected, name
    assert found_total == total, name


def test_the_best_reading_is_kept() -> None:
    # 111222333m read as three pungs (碰碰胡 4 + 三暗刻 2) beats three chows.
    found, total = tai("111222333m11z", "1z", (("pon", "555z"), ("pon", "666z")), self_drawn=True)
    assert found == {"碰碰胡": 4, "混一色": 4, "三暗刻": 2, "自摸": 1, "獨聽": 1, "三元牌": 2}
    assert total == 14


def test_not_a_win() -> None:
    with pytest.raises(NotAWin):
        score_win(parse("123456789m234567p19s"), parse("9s")[0])
    with pytest.raises(NotAWin, match="winning tile"):
        score_win(parse("123456789m234567p99s"), parse("1z")[0])
    with pytest.raises(NotAWin):  # four sets and a pair is a 13-tile win, not a Taiwan one
        score_win(parse("123456789m23499s"), parse("4s")[0])


def test_is_winning_and_waits() -> None:
    assert is_winning(parse("123456789m234567p99s"))
    assert not is_winning(parse("123456789m234567p9s1z"))
    assert is_winning(parse("11z"), melds=5)
    assert waits(parse("12345678m234567p99s")) == tuple(parse("369m"))
    # the fifth copy is no wait
    assert waits(parse("1111m234567p99s"), melds=2) == ()
    assert waits(parse("1m"), melds=5, held=parse("111m")) == ()


def test_dealer_tai_is_two_n_plus_one() -> None:
    assert [t.total for t in dealer_tai(0)] == [1]
    assert sum(t.total for t in dealer_tai(1)) == 3
    assert sum(t.total for t in dealer_tai(3)) == 7


def test_payments_self_draw_and_discard() -> None:
    win = score_win(parse("123456789m234567p99s"), parse("4p")[0], (), Situation(self_drawn=True))
    assert win.total == 3  # 門清自摸
    # A non-dealer's self-draw: everyone pays 底 + 3 台; the dealer (repeated twice) adds 5.
    pay = payments(win, winner=2, payers=[0, 1, 3], dealer=0, repeats=2, base=100, per_tai=20)
    assert pay == {0: 100 + 8 * 20, 1: 160, 3: 160}
    # The dealer's own self-draw: each pays the dealer's tai too.
    pay = payments(win, winner=0, payers=[1, 2, 3], dealer=0, repeats=0, base=300, per_tai=100)
    assert pay == {1: 300 + 4 * 100, 2: 700, 3: 700}
    # A discard between two non-dealers: the discarder alone, no dealer tai.
    discard = score_win(parse("123456789m234567p99s"), parse("4p")[0])
    assert payments(discard, winner=1, payers=[3], dealer=0, base=100, per_tai=20) == {3: 160}


def test_flower_wins_score_alone() -> None:
    assert flower_win("eight_flowers").total == 8
    assert [t.zh for t in flower_win("seven_rob_one").tai] == ["七搶一"]
    with pytest.raises(ValueError):
        flower_win("six_flowers")
