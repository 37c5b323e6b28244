"""Named Changsha hands scored by the pure scorer (docs/changsha.md, "Scoring")."""

from __future__ import annotations

import pytest

from openmahjong.rules.changsha.scoring import NotAWin, score_win, starting_wins, waits
from openmahjong.table.seat import Meld
from openmahjong.tiles import parse


def win(hand: str, tile: str, melds: tuple[Meld, ...] = (), **flags: bool):
    concealed = parse(hand)
    return score_win(concealed, list(melds), parse(tile)[0], **{"tsumo": False, **flags})


def test_a_small_win_with_a_258_pair_pays_one_by_discard_two_each_by_self_draw():
    ron = win("123m456p789s234m5s", "5s")
    assert ron.patterns == () and ron.value == 1 and ron.pair_258
    assert win("123m456p789s234m5s", "5s", tsumo=True).value == 2


def test_a_small_win_without_a_258_pair_is_refused():
    with pytest.raises(NotAWin, match="2, 5 or 8"):
        win("123m456p789s234m9s", "9s")
    with pytest.raises(NotAWin, match="no winning shape"):
        win("123m456p789s234m9s", "1s")


@pytest.mark.parametrize(
    ("hand", "tile", "expected", "value"),
    [
        ("111m333p777s999m1s", "1s", ("pengpeng",), 6),  # all triplets, a 1-1 pair
        ("258m258p258s2258m", "5m", ("jiangjiang",), 6),  # no shape: every tile 2, 5 or 8
        ("123456789m1237m", "7m", ("qingyise",), 6),  # one suit, a 7-7 pair
        ("1133m7799p1133s9s", "9s", ("qixiaodui",), 6),  # seven pairs
        ("1111m7799p1133s9s", "9s", ("haohua_qixiaodui",), 12),  # seven pairs with 1111m
        ("111333555777m9m", "9m", ("pengpeng", "qingyise"), 12),  # two big wins add up
    ],
)
def test_the_big_wins_need_no_258_pair(hand, tile, expected, value):
    scored = win(hand, tile)
    assert scored.patterns == expected
    assert scored.value == value


def test_all_melded_wins_on_a_discard_with_the_last_tile():
    melds = (
        Meld("chi", tuple(parse("123m"))),
        Meld("pon", tuple(parse("444p"))),
        Meld("chi", tuple(parse("789s"))),
        Meld("pon", tuple(parse("666s"))),
    )
    assert win("9m", "9m", melds).patterns == ("quanqiuren",)


@pytest.mark.parametrize(
    ("flags", "pattern"),
    [
        ({"tsumo": True, "last_tile": True}, "haidi_lao"),
        ({"last_tile": True}, "haidi_pao"),
        ({"tsumo": True, "after_kan": True}, "gangshang_kaihua"),
        ({"robbing_kan": True}, "qianggang"),
        ({"tsumo": True, "heaven": True}, "tianhu"),
        ({"earth": True}, "dihu"),
    ],
)
def test_the_situational_big_wins_lift_the_258_rule(flags, pattern):
    scored = win("123m456p789s234m9s", "9s", **flags)  # a 9-9 pair: no small win
    assert scored.patterns == (pattern,) and scored.value == 6


def test_waits_and_starting_wins():
    assert waits(parse("123m456p789s22m55s"), []) == [12, 35]
    assert starting_wins(parse("1111m346p79s136p")) == ("sixi", "banban")
    assert starting_wins(parse("111m333m45m678m79p")) == ("queyise", "liuliushun")
    assert starting_wins(parse("123m456p789s2258m")) == ()
