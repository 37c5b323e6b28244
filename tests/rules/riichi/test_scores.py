"""Fu, limits, dora, payments (honba, sticks, pao), double yakuman per preset, errors."""

from __future__ import annotations

import pytest

from openmahjong.rules.riichi.errors import InvalidHand, NotAWin, NoYaku
from openmahjong.rules.riichi.options import MAJSOUL, TENHOU, RiichiRules, resolve_rules
from openmahjong.rules.riichi.scoring import Meld, score_win

m = Meld.parse
E, S, W, N = 41, 42, 43, 44


# --------------------------------------------------------------------------- fu


def test_pinfu_tsumo_is_20_fu():
    win = score_win("123m456p789s23455s", "4s", tsumo=True, seat_wind=S)
    assert (win.han, win.fu, win.total) == (2, 20, 1500)  # 400/700
    assert win.payments == {E: -700, S: 1500, W: -400, N: -400}
    assert win.fu_details == [("pinfu tsumo", 20)]


def test_pinfu_ron_is_30_fu():
    win = score_win("123m456p789s23455s", "4s", riichi=True, seat_wind=S)
    assert (win.han, win.fu, win.total) == (2, 30, 2000)
    assert win.fu_details == [("base", 20), ("closed ron", 10)]


def test_open_pinfu_shape_on_ron_is_raised_to_30_fu():
    win = score_win("456p678s23455s", "4s", [m("chi:234m")], seat_wind=S)
    assert (win.han, win.fu, win.total) == (1, 30, 1000)
    assert win.fu_details == [("base", 20)]


def test_seven_pairs_is_25_fu():
    win = score_win("1122m3344p5566s77z", "7z", seat_wind=S)
    assert (win.han, win.fu, win.total) == (2, 25, 1600)


def test_closed_ron_adds_10_and_waits_add_2():
    # 123m 789m 456p 789s + 55s: riichi ron on 2m? no: win 8m in 789m -> kanchan
    win = score_win("123m789m456p789s55s", "8m", riichi=True, seat_wind=S)
    assert ("kanchan wait", 2) in win.fu_details
    assert win.fu == 40  # 20 + 10 + 2 = 32 -> 40
    penchan = score_win("123m789m456p789s55s", "3m", riichi=True, seat_wind=S)
    assert ("penchan wait", 2) in penchan.fu_details
    tanki = score_win("123m789m456p789s55s", "5s", riichi=True, seat_wind=S)
    assert ("tanki wait", 2) in tanki.fu_details and tanki.wait == "tanki"


def test_value_pairs_and_the_double_wind_pair_is_4_fu():
    dragon = score_win("123m456p789s234s55z", "2s", riichi=True, seat_wind=S)
    assert ("value pair", 2) in dragon.fu_details and "pinfu" not in dict(dragon.yaku)
    double_east = score_win("123m456p789s234s11z", "2s", riichi=True, seat_wind=E, round_wind=E)
    assert ("value pair", 4) in double_east.fu_details
    guest = score_win("123m456p789s234s44z", "2s", riichi=True, seat_wind=S)
    assert "pinfu" in dict(guest.yaku)  # a guest wind pair is worth nothing


def test_triplet_and_kan_fu():
    # closed terminal kan 32, open simple kan 8; 20 + 2 tsumo + 32 + 8 = 62 -> 70
    hand = score_win("456p789s234s55s", "6p", [m("ankan:1111m")], riichi=True, seat_wind=S)
    assert ("closed kan", 32) in hand.fu_details
    assert hand.fu == 70  # 20 + 10 closed ron + 32 = 62 -> 70
    assert hand.total == 2300  # 1 han 70 fu
    open_kan = score_win("456p789s55s", "6p", [m("minkan:2222s"), m("pon:777z")], seat_wind=S)
    assert ("open kan", 8) in open_kan.fu_details and ("open triplet", 4) in open_kan.fu_details
    assert open_kan.fu == 40  # 20 + 8 + 4 = 32 -> 40


def test_a_triplet_completed_by_ron_counts_as_open():
    # 111m 222p 55p 789s 33s: shanpon on 3s/5p. Ron on 3s: 333s is an open triplet.
    ron = score_win("111m222p789s333s55p", "3s", riichi=True, seat_wind=S)
    assert ("open triplet", 2) in ron.fu_details
    assert "sanankou" not in dict(ron.yaku)
    tsumo = score_win("111m222p333s789s55p", "3s", tsumo=True, seat_wind=S)
    assert ("sanankou", 2) in tsumo.yaku


# --------------------------------------------------------------------------- limits


@pytest.mark.parametrize(
    ("hand", "win", "kw", "limit", "total"),
    [
        # riichi tsumo pinfu tanyao + 1 dora = 5 han: mangan
        (
            "234m456p678s23455s",
            "4s",
            {"riichi": True, "tsumo": True, "dora_indicators": [12]},
            "mangan",
            8000,
        ),
        # 4 han 40 fu is a mangan too (4 * 640 > 2000)
        (
            "123m789m456p789s55s",
            "8m",
            {"riichi": True, "dora_indicators": [34, 17]},
            "mangan",
            8000,
        ),
        # chinitsu closed 6 = haneman
        ("123m234m456m678m99m", "9m", {}, "haneman", 12000),
        # chinitsu + riichi + pinfu = 8: baiman... tanki on 9m is not pinfu: riichi + chinitsu 7
        ("123m234m456m678m99m", "9m", {"riichi": True, "dora_indicators": [18]}, "baiman", 16000),
        (
            "123m234m456m678m99m",
            "9m",
            {"riichi": True, "dora_indicators": [18, 18, 17]},
            "sanbaiman",
            24000,
        ),
        # 13 han: kazoe yakuman
        ("22334455667788p", "8p", {"riichi": True, "tsumo": True}, "kazoe yakuman", 32000),
    ],
)
def test_limits(hand, win, kw, limit, total):
    result = score_win(hand, win, **{"seat_wind": S, **kw})
    assert result.limit == limit
    assert result.total == total


def test_kazoe_can_be_capped_at_sanbaiman():
    capped = RiichiRules(kazoe_limit="sanbaiman")
    result = score_win("22334455667788p", "8p", riichi=True, tsumo=True, seat_wind=S, rules=capped)
    assert (result.han, result.limit, result.total) == (13, "sanbaiman", 24000)


def test_kiriage_rounds_4_han_30_fu_up_to_mangan():
    # riichi pinfu tanyao + 1 dora, 30 fu ron: 7,700 normally, 8,000 with kiriage
    hand = score_win("234m456p678s23455s", "4s", riichi=True, seat_wind=S, dora_indicators=[24])
    assert (hand.han, hand.fu, hand.total) == (4, 30, 7700)  # riichi pinfu tanyao + 1 dora
    kiriage = score_win(
        "234m456p678s23455s",
        "4s",
        riichi=True,
        seat_wind=S,
        dora_indicators=[24],
        rules=RiichiRules(kiriage=True),
    )
    assert (kiriage.total, kiriage.limit) == (8000, "mangan")


def test_dealer_payments_and_rounding():
    ron = score_win("123m456p789s23455s", "4s", riichi=True, seat_wind=E)
    assert ron.total == 2900  # 30 fu 2 han: 480 * 6 = 2880 -> 2900
    tsumo = score_win("123m456p789s23455s", "4s", tsumo=True, riichi=True, seat_wind=E)
    assert tsumo.total == 3900  # 3 han 20 fu: 640 * 2 = 1280 -> 1300 all
    assert tsumo.payments == {E: 3900, S: -1300, W: -1300, N: -1300}


# --------------------------------------------------------------------------- dora


def test_dora_red_fives_and_ura_dora():
    win = score_win(
        "123m406p789s23455s",
        "4s",
        riichi=True,
        seat_wind=S,
        dora_indicators=[12],
        ura_indicators=[34],
    )
    assert dict(win.yaku) == {"riichi": 1, "pinfu": 1, "dora": 1, "aka_dora": 1, "ura_dora": 2}
    assert win.han == 6 and win.limit == "haneman"


def test_ura_dora_need_riichi_and_dora_never_make_a_yaku():
    with pytest.raises(NoYaku, match="dora are bonuses"):
        score_win("123m456p789s11z", "1z", [m("chi:406s")], seat_wind=S, dora_indicators=[13])


def test_no_red_fives_table_counts_them_as_plain_fives():
    table = RiichiRules(red_fives=0)
    win = score_win("123m406p789s23455s", "4s", riichi=True, seat_wind=S, rules=table)
    assert "aka_dora" not in dict(win.yaku)


def test_dora_wrap_around_winds_and_dragons():
    # indicator 9s -> 1s, North -> East, Red -> White (dragon order White Green Red)
    win = score_win(
        "111s999p11z",
        "9p",
        [m("pon:555z"), m("pon:222z")],
        seat_wind=S,
        dora_indicators=[39, 44, 45],
    )
    assert ("dora", 3 + 2 + 3) in win.yaku


# --------------------------------------------------------------------------- payments


def test_honba_and_riichi_sticks_on_ron():
    win = score_win(
        "123m456p789s23455s", "4s", riichi=True, seat_wind=S, discarder=W, honba=2, riichi_sticks=3
    )
    assert win.total == 2000
    assert win.payments == {E: 0, S: 2000 + 600 + 3000, W: -2600, N: 0}


def test_honba_on_tsumo_is_100_from_each_payer():
    win = score_win("123m456p789s23455s", "4s", tsumo=True, seat_wind=S, honba=1, riichi_sticks=1)
    assert win.payments == {E: -800, S: 1500 + 300 + 1000, W: -500, N: -500}


def test_default_discarder_is_the_player_before_the_winner():
    win = score_win("123m456p789s23455s", "4s", riichi=True, seat_wind=E)
    assert win.payments[N] == -2900


# --------------------------------------------------------------------------- pao


DAISANGEN = ("777z123m55p", "5p", [m("pon:555z"), m("pon:666z")])
DAISANGEN_TSUUIISOU = ("777z111z22z", "2z", [m("pon:555z"), m("pon:666z")])


def test_pao_on_tsumo_liable_player_pays_all():
    win = score_win(*DAISANGEN, tsumo=True, seat_wind=S, pao=W, honba=1)
    assert win.payments == {E: 0, S: 32300, W: -32300, N: 0}


def test_pao_on_ron_by_a_third_player_splits_in_half():
    win = score_win(*DAISANGEN, seat_wind=S, discarder=N, pao=W, honba=1)
    assert win.payments == {E: 0, S: 32300, W: -16000, N: -16300}


def test_pao_when_the_liable_player_deals_in_pays_all():
    win = score_win(*DAISANGEN, seat_wind=S, discarder=W, pao=W)
    assert win.payments == {E: 0, S: 32000, W: -32000, N: 0}


def test_pao_scope_majsoul_covers_only_the_fed_yakuman():
    # Daisangen (fed by West) + tsuuiisou, tsumo by South: West pays daisangen's 32,000; the
    # tsuuiisou part is a normal tsumo split (16,000 dealer, 8,000 each other).
    win = score_win(*DAISANGEN_TSUUIISOU, tsumo=True, seat_wind=S, pao=W, rules="majsoul")
    assert win.yakuman == 2 and win.total == 64000
    assert win.payments == {E: -16000, S: 64000, W: -32000 - 8000, N: -8000}


def test_pao_scope_tenhou_covers_the_whole_hand():
    win = score_win(*DAISANGEN_TSUUIISOU, tsumo=True, seat_wind=S, pao=W, rules="tenhou")
    assert win.payments == {E: 0, S: 64000, W: -64000, N: 0}
    ron = score_win(*DAISANGEN_TSUUIISOU, seat_wind=S, discarder=N, pao=W, rules="tenhou")
    assert ron.payments == {E: 0, S: 64000, W: -32000, N: -32000}
    ron_mjs = score_win(*DAISANGEN_TSUUIISOU, seat_wind=S, discarder=N, pao=W, rules="majsoul")
    assert ron_mjs.payments == {E: 0, S: 64000, W: -16000, N: -48000}


def test_pao_needs_a_liable_yakuman():
    with pytest.raises(InvalidHand, match="pao"):
        score_win("123m456p789s23455s", "4s", riichi=True, seat_wind=S, pao=W)


# --------------------------------------------------------------------------- double yakuman


@pytest.mark.parametrize(
    ("hand", "win", "melds", "yaku"),
    [
        ("111m222p333s444m55p", "5p", [], "suuankou_tanki"),
        ("19m19p19s1234567z1m", "1m", [], "kokushi_musou_13"),
        ("11123455678999m", "5m", [], "junsei_chuuren_poutou"),
        ("444z11m", "1m", [m("pon:111z"), m("pon:222z"), m("pon:333z")], "daisuushii"),
    ],
)
def test_double_yakuman_in_majsoul_single_in_tenhou(hand, win, melds, yaku):
    mjs = score_win(hand, win, melds, seat_wind=S, rules="majsoul")
    ten = score_win(hand, win, melds, seat_wind=S, rules="tenhou")
    assert dict(mjs.yaku) == {yaku: 26} and (mjs.yakuman, mjs.total) == (2, 64000)
    assert mjs.limit == "double yakuman"
    assert dict(ten.yaku) == {yaku: 13} and (ten.yakuman, ten.total) == (1, 32000)


def test_combined_yakuman_stack_in_both_presets():
    for preset in ("majsoul", "tenhou"):
        win = score_win(*DAISANGEN_TSUUIISOU, seat_wind=S, rules=preset)
        assert {y for y, _ in win.yaku} == {"daisangen", "tsuuiisou"}
        assert (win.yakuman, win.total) == (2, 64000)


# --------------------------------------------------------------------------- presets, errors


def test_presets():
    assert resolve_rules("majsoul") is MAJSOUL and resolve_rules("tenhou") is TENHOU
    assert MAJSOUL.double_yakuman and not TENHOU.double_yakuman
    assert MAJSOUL.kokushi_robs_closed_kan and not TENHOU.kokushi_robs_closed_kan
    assert MAJSOUL.pao_scope == "liable_yakuman" and TENHOU.pao_scope == "whole_hand"
    for preset in (MAJSOUL, TENHOU):
        assert preset.open_tanyao and not preset.kiriage and preset.kazoe_limit == "yakuman"
        assert preset.renhou == "off" and preset.red_fives == 3 and preset.minimum_han == 1
    with pytest.raises(ValueError, match="unknown Riichi preset"):
        resolve_rules("wrc")


def test_errors_are_value_errors_with_plain_messages():
    with pytest.raises(NotAWin, match="not a winning hand"):
        score_win("123m456p789s23456s", "4s")
    with pytest.raises(NoYaku, match="no yaku"):
        score_win("123m456p789s11z", "1z", [m("chi:234s")], seat_wind=S)
    with pytest.raises(InvalidHand, match="needs 14"):
        score_win("123m456p789s2345s", "4s")
    with pytest.raises(InvalidHand, match="not in the hand"):
        score_win("123m456p789s23455s", "9p")
    with pytest.raises(InvalidHand, match="5 times"):
        score_win("11111m456p789s234s", "4s")
    with pytest.raises(InvalidHand, match="consecutive"):
        score_win("123m456p789s55s", "5s", [m("chi:135m")])
    with pytest.raises(InvalidHand, match="closed hand"):
        score_win("456p678s23455s", "4s", [m("chi:234m")], riichi=True)
    with pytest.raises(InvalidHand, match="self-draw"):
        score_win("123m456p789s23455s", "4s", haitei=True, riichi=True)
    for error in (NotAWin, NoYaku, InvalidHand):
        assert issubclass(error, ValueError)


def test_red_five_counts_follow_the_table():
    four_reds = RiichiRules(red_fives=4)
    win = score_win("123m34005p789s111z", "3p", riichi=True, seat_wind=S, rules=four_reds)
    assert ("aka_dora", 2) in win.yaku
    with pytest.raises(InvalidHand, match="red"):
        score_win("123m34005p789s111z", "3p", riichi=True, seat_wind=S)
    # Four plain 5s cannot exist on a red-five table; on a table without reds they can.
    with pytest.raises(InvalidHand, match="red"):
        score_win("123m456p555567s99s", "9s", riichi=True, seat_wind=S)
    plain = score_win(
        "123m456p555567s99s", "9s", riichi=True, seat_wind=S, rules=RiichiRules(red_fives=0)
    )
    assert ("riichi", 1) in plain.yaku


def test_inputs_may_be_any_iterables():
    def melds():
        return (m(text) for text in ("pon:111m", "chi:234p"))

    win = score_win(iter([17, 18, 19, 45, 45, 45, 35, 35]), 45, melds(), seat_wind=S)
    assert win.yaku == [("chun", 1)]
    # A fifth 1m split between a meld and the hand is caught even when melds is a generator.
    with pytest.raises(InvalidHand, match="5 times"):
        score_win(iter([11, 11, 17, 18, 19, 45, 45, 45]), 45, melds(), seat_wind=S)


def test_empty_or_junk_input_is_an_invalid_hand():
    with pytest.raises(InvalidHand, match="needs 14"):
        score_win([], 11)
    with pytest.raises(InvalidHand, match="not a Riichi tile"):
        score_win([11, 12, 13, 51, 21, 22, 23, 31, 32, 33, 41, 41, 41, 42], 11)
    with pytest.raises(InvalidHand, match="winning tile"):
        score_win("123m456p789s23455s", 99)
