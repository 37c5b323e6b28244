"""A named hand for every yaku and yakuman, scored under the presets."""

from __future__ import annotations

import pytest

from openmahjong.rules.riichi.options import RiichiRules
from openmahjong.rules.riichi.scoring import Meld, score_win
from openmahjong.rules.riichi.yaku_table import YAKU, display_name


def m(text: str) -> Meld:
    return Meld.parse(text)


# (yaku id, han it should carry, hand, winning tile, melds, situation)
ORDINARY = [
    ("riichi", 1, "123m456p789s23455s", "4s", [], {"riichi": True}),
    ("double_riichi", 2, "123m456p789s23455s", "4s", [], {"double_riichi": True}),
    ("ippatsu", 1, "123m456p789s23455s", "4s", [], {"riichi": True, "ippatsu": True}),
    ("menzen_tsumo", 1, "123m456p789s23455s", "4s", [], {"tsumo": True}),
    ("pinfu", 1, "123m456p789s23455s", "4s", [], {}),
    ("tanyao", 1, "456p678s23455s", "4s", [m("chi:234m")], {}),
    ("iipeikou", 1, "112233m22456p789s", "4p", [], {}),
    ("chankan", 1, "456p678s23455s", "4s", [m("chi:234m")], {"chankan": True}),
    (
        "rinshan_kaihou",
        1,
        "123m456p23455s",
        "4s",
        [m("minkan:9999p")],
        {"tsumo": True, "rinshan": True},
    ),
    ("haitei_raoyue", 1, "123m456p99p234s", "4s", [m("chi:789s")], {"tsumo": True, "haitei": True}),
    ("houtei_raoyui", 1, "123m456p99p234s", "4s", [m("chi:789s")], {"houtei": True}),
    ("haku", 1, "123m456p789s11p", "1p", [m("pon:555z")], {}),
    ("hatsu", 1, "123m456p789s11p", "1p", [m("pon:666z")], {}),
    ("chun", 1, "123m456p789s11p", "1p", [m("pon:777z")], {}),
    ("seat_wind_south", 1, "123m456p789s11p", "1p", [m("pon:222z")], {"seat_wind": 42}),
    ("seat_wind_west", 1, "123m456p789s11p", "1p", [m("pon:333z")], {"seat_wind": 43}),
    ("seat_wind_north", 1, "123m456p789s11p", "1p", [m("pon:444z")], {"seat_wind": 44}),
    ("round_wind_east", 1, "123m456p789s11p", "1p", [m("pon:111z")], {"seat_wind": 43}),
    ("seat_wind_east", 1, "123m456p789s11p", "1p", [m("pon:111z")], {"seat_wind": 41}),
    (
        "round_wind_south",
        1,
        "123m456p789s11p",
        "1p",
        [m("pon:222z")],
        {"seat_wind": 43, "round_wind": 42},
    ),
    (
        "round_wind_west",
        1,
        "123m456p789s11p",
        "1p",
        [m("pon:333z")],
        {"seat_wind": 42, "round_wind": 43},
    ),
    (
        "round_wind_north",
        1,
        "123m456p789s11p",
        "1p",
        [m("pon:444z")],
        {"seat_wind": 42, "round_wind": 44},
    ),
    ("chiitoitsu", 2, "1122m3344p5566s77z", "7z", [], {}),
    ("chanta", 2, "123m789p123s99s111z", "3m", [], {"seat_wind": 43, "round_wind": 42}),
    ("chanta", 1, "123m789p99s111z", "3m", [m("chi:123s")], {"seat_wind": 43, "round_wind": 42}),
    ("junchan", 3, "123m789m123p789s11s", "7s", [], {}),
    ("junchan", 2, "789m123p789s11s", "7s", [m("chi:123m")], {}),
    ("ittsu", 2, "123456789m234p55s", "2p", [], {}),
    ("ittsu", 1, "123456m234p55s", "2p", [m("chi:789m")], {}),
    ("sanshoku", 2, "123m123p123s456m55p", "4m", [], {}),
    ("sanshoku", 1, "123p123s456m55p", "4m", [m("chi:123m")], {}),
    ("sanshoku_doukou", 2, "222s456m55p", "4m", [m("pon:222m"), m("pon:222p")], {}),
    (
        "sankantsu",
        2,
        "456m55p",
        "4m",
        [m("minkan:1111m"), m("minkan:2222p"), m("ankan:3333s")],
        {"seat_wind": 42},
    ),
    ("toitoi", 2, "444m55p", "5p", [m("pon:111m"), m("pon:222p"), m("pon:333s")], {}),
    ("sanankou", 2, "111m222p333s456m55p", "6m", [], {}),
    ("shousangen", 2, "77z123m456p", "3m", [m("pon:555z"), m("pon:666z")], {}),
    ("honroutou", 2, "999s22z", "2z", [m("pon:111m"), m("pon:999p"), m("pon:111z")], {}),
    ("ryanpeikou", 3, "112233m556677p99s", "9s", [], {}),
    ("honitsu", 3, "123m345m789m44z222z", "3m", [], {"seat_wind": 43}),
    ("honitsu", 2, "345m789m44z222z", "3m", [m("chi:123m")], {"seat_wind": 43}),
    ("chinitsu", 6, "123m234m456m678m99m", "9m", [], {}),
    ("chinitsu", 5, "234m456m678m99m", "9m", [m("chi:123m")], {}),
]

YAKUMAN = [
    ("kokushi_musou", "19m19p19s1234567z9m", "1m", [], {}),
    ("kokushi_musou_13", "19m19p19s1234567z1m", "1m", [], {}),
    ("suuankou", "111m222p333s444m55p", "4m", [], {"tsumo": True}),
    ("suuankou_tanki", "111m222p333s444m55p", "5p", [], {}),
    ("daisangen", "777z123m55p", "5p", [m("pon:555z"), m("pon:666z")], {}),
    ("tsuuiisou", "333z555z77z", "7z", [m("pon:111z"), m("pon:222z")], {}),
    ("ryuuiisou", "223344s666s888s66z", "4s", [], {}),
    ("chinroutou", "999p11s", "1s", [m("pon:111m"), m("pon:999m"), m("pon:111p")], {}),
    ("chuuren_poutou", "11122345678999m", "5m", [], {}),
    ("junsei_chuuren_poutou", "11123455678999m", "5m", [], {}),
    ("daisuushii", "444z11m", "1m", [m("pon:111z"), m("pon:222z"), m("pon:333z")], {}),
    ("shousuushii", "44z123m", "3m", [m("pon:111z"), m("pon:222z"), m("pon:333z")], {}),
    (
        "suukantsu",
        "11m",
        "1m",
        [m("minkan:2222m"), m("minkan:3333p"), m("ankan:4444s"), m("kakan:5555z")],
        {},
    ),
    ("tenhou", "123m456p789s23455s", "4s", [], {"tsumo": True, "tenhou": True, "seat_wind": 41}),
    ("chiihou", "123m456p789s23455s", "4s", [], {"tsumo": True, "chiihou": True, "seat_wind": 42}),
]


@pytest.mark.parametrize(("yaku", "han", "hand", "win", "melds", "kw"), ORDINARY)
def test_every_ordinary_yaku_is_found(yaku, han, hand, win, melds, kw):
    win_result = score_win(hand, win, melds, **{"seat_wind": 42, **kw})
    assert (yaku, han) in win_result.yaku
    assert win_result.yakuman == 0


@pytest.mark.parametrize(("yaku", "hand", "win", "melds", "kw"), YAKUMAN)
def test_every_yakuman_is_found(yaku, hand, win, melds, kw):
    result = score_win(hand, win, melds, **{"seat_wind": 42, **kw}, rules="tenhou")
    assert [y for y, _ in result.yaku] == [yaku]
    assert result.yakuman == 1
    assert result.limit == "yakuman"
    # A yakuman is 32,000 for a non-dealer (48,000 for the dealer) however it is won.
    assert result.total == (48000 if result.dealer else 32000)


def test_every_table_row_has_a_named_hand():
    named = {row[0] for row in ORDINARY} | {row[0] for row in YAKUMAN}
    bonuses = {"dora", "ura_dora", "aka_dora", "renhou"}
    assert set(YAKU) - bonuses == named


def test_renhou_is_off_by_default_and_a_mangan_or_yakuman_when_switched_on():
    hand, win = "123m456p789s23455s", "4s"
    plain = score_win(hand, win, renhou=True, seat_wind=42)
    assert "renhou" not in dict(plain.yaku)
    mangan = score_win(hand, win, renhou=True, seat_wind=42, rules=RiichiRules(renhou="mangan"))
    assert ("renhou", 5) in mangan.yaku and mangan.total == 12000  # 5 + pinfu = haneman
    yakuman = score_win(hand, win, renhou=True, seat_wind=42, rules=RiichiRules(renhou="yakuman"))
    assert yakuman.yakuman == 1 and yakuman.total == 32000


def test_open_tanyao_can_be_switched_off():
    args = ("456p678s23455s", "4s", [m("chi:234m")])
    assert ("tanyao", 1) in score_win(*args).yaku
    from openmahjong.rules.riichi.errors import NoYaku

    with pytest.raises(NoYaku):
        score_win(*args, rules=RiichiRules(open_tanyao=False))


def test_the_best_reading_wins_ryanpeikou_over_seven_pairs():
    result = score_win("112233m556677p99s", "9s")
    assert dict(result.yaku) == {"ryanpeikou": 3}
    assert "chiitoitsu" not in dict(result.yaku)


def test_the_best_reading_wins_sanankou_over_runs():
    # 111222333m: three triplets (sanankou) or three runs (iipeikou-like); tsumo makes sanankou
    result = score_win("111222333m456p99s", "9s", tsumo=True, seat_wind=42)
    assert ("sanankou", 2) in result.yaku


def test_display_names_in_three_languages():
    assert display_name("riichi", "en") == "Riichi"
    assert display_name("pinfu", "zh") == "平和"
    assert display_name("double_riichi", "ja") == "ダブル立直"
    win = score_win("123m456p789s23455s", "4s", riichi=True, seat_wind=42)
    assert win.yaku_names("ja") == [("立直", 1), ("平和", 1)]
    with pytest.raises(ValueError):
        display_name("riichi", "fr")
