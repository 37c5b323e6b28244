"""The five counting principles, each on a hand that would score differently without it, and the
platform's rules on waits and on the best reading."""

from __future__ import annotations

from openmahjong.rules.mcr.scoring import BelowMinimum, Meld, score_win
from openmahjong.tiles import parse


def fans(hand: str, win: str, melds: tuple[Meld, ...] = (), **flags) -> dict[str, int]:
    try:
        result = score_win(parse(hand), parse(win)[0], melds, **flags)
    except BelowMinimum as low:
        result = low.win
    return {e.zh: e.count for e in result.fans}


def test_no_repeat_implied_fans_are_not_counted_again():
    # 清一色 already says there are no honors and only one suit.
    flush = fans("12233467899m", "8m", (Meld("pon", (15, 15, 15)),))
    assert flush == {"清一色": 1}
    # 四暗刻 implies 碰碰和 and 门前清; 大三元 implies 箭刻 and 双箭刻.
    four = fans("222m444p666s888m99s", "6s", self_drawn=True)
    assert "四暗刻" in four and "碰碰和" not in four and "门前清" not in four
    dragons = fans("555z666z777z123m99p", "3m")
    assert "大三元" in dragons and "箭刻" not in dragons and "双箭刻" not in dragons


def test_no_split_a_combined_set_is_not_split_into_smaller_fans():
    # Three identical chows are 一色三同顺, not also 一般高 from two of them.
    triple = fans("123m123m456p99s", "9s", (Meld("chi", (11, 12, 13)),))
    assert triple["一色三同顺"] == 1 and "一般高" not in triple
    # 清龙's chows do not add 连六 and 老少副.
    straight = fans("123m456m789m111p99s", "5m")
    assert "清龙" in straight and "连六" not in straight and "老少副" not in straight


def test_no_identical_reuse_a_chow_does_not_make_the_same_fan_twice():
    # 234s 234p 234p 567p: 喜相逢 once (234s with one 234p), then 一般高 and 连六; never 喜相逢 x2.
    got = fans("234s2233445678p8p", "8p")
    assert got["喜相逢"] == 1 and got["一般高"] == 1 and got["连六"] == 1


def test_account_once_caps_the_chow_pairs():
    # 234567s 234567p: four chows allow three pairings: 喜相逢 x2 and 连六 x1, not 连六 x2.
    got = fans("234567s234567p55m", "5m")
    assert got["喜相逢"] == 2 and got["连六"] == 1


def test_higher_over_lower_the_best_reading_wins():
    # 111222333m reads as three pungs (一色三节高 + 三暗刻) or three chows (一色三同顺): the pungs
    # are worth more.
    got = fans("111222333m456p99s", "9s")
    assert "一色三节高" in got and "三暗刻" in got and "一色三同顺" not in got
    # Seven pairs or 一色双龙会: the 64-fan reading wins.
    assert fans("1122335778899p5p", "5p") == {"一色双龙会": 1, "门前清": 1, "单钓将": 1}


def test_wait_fans_only_for_a_single_wait():
    # 1234m waits on 1m and 4m: winning on 4m as a pair is not 单钓将.
    assert "单钓将" not in fans("12344m456p789s555z", "4m")
    # 1235m waits on 5m only.
    assert fans("12355m456p789s555z", "5m")["单钓将"] == 1


def test_concealed_and_melded_kong_is_five_fan():
    result = score_win(
        parse("456p789s55s"),
        parse("5s")[0],
        (Meld("minkan", (41,) * 4), Meld("ankan", (19,) * 4)),
    )
    got = {e.zh: e.count for e in result.fans}
    assert got["明暗杠"] == 1 and "明杠" not in got and "暗杠" not in got
    assert result.total == 5 + 2 + 2 + 1 + 1  # 明暗杠, 圈风刻, 门风刻, 幺九刻 (9m), 单钓将
