"""Named Qingque hands and their fans.

What the source fixes, and these tests hold us to (open_mahjong_unity, the Qingque13 C# scorer
the server loads, ``open_mahjong_unity/Assets/.../Qingque13``):

- ``Qingque13Hepai.GetBasePoint``: base points are ``round(fan * fan)``;
- ``QingqueFan.cs`` (``QingqueFanMetadata.Tags``): 天和 and 地和 are worth 16, 岭上开花, 海底捞月,
  河底捞鱼 and 抢杠 4, and (``QingqueScoring.GetMaxFan``) they are added on top of the value of
  the other fans;
- ``gamestate/game_mmcr/action_check.py`` (``check_hepai``): a hand may be won with a fan total
  of at least 1, and the scorer is told the seat wind (自风) only.

The regular fans' values are our stand-ins (the source's are its ``fan_cache.json``), so the
totals of hands without occasional fans are checked against ``VALUES``, named.
"""

from __future__ import annotations

import pytest

from openmahjong.rules.qingque.scoring import (
    FAN_NAMES,
    OCCASIONAL,
    VALUES,
    NotAWin,
    base_points,
    is_winning,
    score_win,
)
from openmahjong.tiles import parse


def names(win) -> list[str]:
    return [f.zh for f in win.fans]


def test_the_source_fan_list_and_occasional_values() -> None:
    # QingqueFan.cs lists 91 (Trivial = 0 .. TwoShortStraights = 90; its comment says 92),
    # the same 91 names as the server's Qingque13Calc/说明.txt.
    assert len(FAN_NAMES) == 91
    assert FAN_NAMES[0][0] == "和牌" and FAN_NAMES[-1][0] == "双龙会"
    assert OCCASIONAL == {
        "天和": 16, "地和": 16, "岭上开花": 4, "海底捞月": 4, "河底捞鱼": 4, "抢杠": 4,
    }  # fmt: skip
    assert set(VALUES) <= {zh for zh, _ in FAN_NAMES}


@pytest.mark.parametrize(("fan", "base"), [(1, 1), (3, 9), (19, 361), (7.83463, 61)])
def test_base_points_are_the_fan_squared(fan, base) -> None:
    # 7.83463 is a value of the source's fan_cache.json (a concealed hand's set of fans).
    assert base_points(fan) == base


PLAIN = "123m456p789s234s55p"  # four chows and a pair, no honours


def test_a_plain_concealed_self_draw_is_win_and_concealed_hand() -> None:
    win = score_win(parse(PLAIN), parse("5p")[0], self_drawn=True)
    assert names(win) == ["和牌", "门前清"]
    assert win.fan == VALUES["和牌"] + VALUES["门前清"] == 3
    assert win.base_points == 9


def test_heavenly_hand_adds_sixteen_on_top() -> None:
    plain = score_win(parse(PLAIN), parse("5p")[0], self_drawn=True)
    heavenly = score_win(parse(PLAIN), parse("5p")[0], self_drawn=True, heavenly=True)
    assert names(heavenly) == [*names(plain), "天和"]
    assert heavenly.fan == plain.fan + 16 == 19
    assert heavenly.base_points == 361


@pytest.mark.parametrize(
    ("context", "fan"),
    [
        ({"self_drawn": True, "kong": True}, "岭上开花"),
        ({"self_drawn": True, "last_tile": True}, "海底捞月"),
        ({"self_drawn": False, "last_tile": True}, "河底捞鱼"),
        ({"self_drawn": False, "kong": True}, "抢杠"),
        ({"self_drawn": False, "earthly": True}, "地和"),
    ],
)
def test_each_occasional_fan_adds_its_source_value(context, fan) -> None:
    base = score_win(parse(PLAIN), parse("5p")[0], self_drawn=context["self_drawn"])
    win = score_win(parse(PLAIN), parse("5p")[0], **context)
    assert fan in names(win)
    assert win.fan - base.fan == OCCASIONAL[fan]


def test_seven_pairs_full_flush() -> None:
    win = score_win(parse("11223344556677m"), parse("7m")[0], self_drawn=False)
    assert {"七对", "门前清", "清一色"} <= set(names(win))
    assert win.fan >= VALUES["和牌"] + VALUES["七对"] + VALUES["门前清"] + VALUES["清一色"]


def test_big_three_dragons_all_triplets_half_flush() -> None:
    hand = parse("555666777z111m22m")
    win = score_win(hand, parse("2m")[0], self_drawn=True)
    assert {"大三元", "对对和", "四暗刻", "混一色", "番牌三刻"} <= set(names(win))


def test_seat_wind_is_a_value_tile_the_prevalent_wind_is_not() -> None:
    # A pung of South: a value triplet for the South seat, nothing for East (the source passes
    # its scorer the seat wind only).
    hand = parse("222z123m456p789s11s")
    south = score_win(hand, parse("1s")[0], self_drawn=True, seat_wind=42)
    east = score_win(hand, parse("1s")[0], self_drawn=True, seat_wind=41)
    assert "番牌刻" in names(south) and "番牌刻" not in names(east)


def test_open_melds_and_triplet_on_a_discard() -> None:
    # 999s pung melded, 111p completed by the discard: an open hand, no concealed triplets.
    win = score_win(
        parse("111p234m567m88m"),
        parse("1p")[0],
        [("pon", tuple(parse("999s")))],
        self_drawn=False,
    )
    assert "门前清" not in names(win) and "三暗刻" not in names(win)


def test_pure_straight_and_mixed_triple_chow() -> None:
    straight = score_win(parse("123456789m234p55s"), parse("5s")[0], self_drawn=True)
    assert "一气贯通" in names(straight)
    mixed = score_win(parse("234m234p234s678m99p"), parse("9p")[0], self_drawn=True)
    assert "三色同顺" in names(mixed)


def test_no_winning_shape_is_refused() -> None:
    assert not is_winning(parse("123m456p789s235s55p"))
    with pytest.raises(NotAWin):
        score_win(parse("123m456p789s235s55p"), parse("5p")[0], self_drawn=True)
    # Thirteen orphans is no Qingque hand (the source's fan list has none).
    assert not is_winning(parse("19m19p19s12345677z"))


def test_the_tools_answer_in_json() -> None:
    from openmahjong.rules.qingque.tools import score_text

    answer = score_text("123m456p789s234s55p", "5p", self_drawn=True)
    assert answer == {
        "win": True,
        "fans": [["和牌", "Win", 1], ["门前清", "Concealed Hand", 2]],
        "fan": 3,
        "base": 9,
        "payments": {"each": 9},
    }
    assert score_text("111p234m567m88m", "1p", ["pon:999s"])["payments"]["discarder"] > 0
    assert score_text("123m456p789s235s55p", "5p")["win"] is False
    with pytest.raises(ValueError):
        score_text("111p234m567m88m", "1p", ["bad:999s"])


def test_all_types_nine_gates_and_shifted_triplets() -> None:
    five = score_win(parse("123m456p789s111z55z"), parse("5z")[0], self_drawn=True)
    assert "五门齐" in names(five)
    gates = score_win(parse("11123455678999m"), parse("5m")[0], self_drawn=True)
    assert {"九莲宝灯", "清一色", "门前清"} <= set(names(gates))
    three = score_win(parse("222333444m789p55s"), parse("5s")[0], self_drawn=False)
    assert "三连刻" in names(three) and "四连刻" not in names(three)
    mixed = score_win(parse("222m333p444s789p55s"), parse("5s")[0], self_drawn=False)
    assert "三色连刻" in names(mixed)


def test_seven_pairs_fans_double_pairs_and_shifted_pairs() -> None:
    # 2222m counts as two pairs; 2m..7m is a run of six kinds of pairs on consecutive numbers.
    doubled = score_win(parse("22223344556677m"), parse("7m")[0], self_drawn=True)
    assert {"七对", "叠对", "六连对", "清一色"} <= set(names(doubled))
    seven = score_win(parse("11223344556677p"), parse("7p")[0], self_drawn=True)
    assert "七连对" in names(seven) and "叠对" not in names(seven)
    broken = score_win(parse("112233556677p11z"), parse("1z")[0], self_drawn=True)
    assert not {"四连对", "五连对", "六连对", "七连对"} & set(names(broken))


def test_two_double_sequences() -> None:
    win = score_win(parse("123123m456456p99s"), parse("9s")[0], self_drawn=True)
    assert "二般高" in names(win) and "一般高" not in names(win)
