"""Mahjong Soul's Melee Room (``majsoul-melee``): every local yaku with a named hand, what each
replaces and how yakuman stack, and that without the switches none of them scores.

Seat 42 (South, a non-dealer) wins unless a test says otherwise; the round is East.
"""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from openmahjong.rules.riichi.context import WinContext
from openmahjong.rules.riichi.errors import InvalidHand, NoYaku
from openmahjong.rules.riichi.hand import parse_meld
from openmahjong.rules.riichi.options import (
    LOCAL_YAKU_IDS,
    MAJSOUL_MELEE,
    RiichiRules,
    resolve_rules,
)
from openmahjong.rules.riichi.scoring import score_win
from openmahjong.rules.riichi.yaku_table import LOCAL_YAKU, YAKU, display_name

MELEE = "majsoul-melee"
#: No yaku but what the local flags give: 123m 456p 789s, 13s waiting on 2s (kanchan), 99p.
BARE = ("123m456p789s13s99p2s", "2s")


def melds(*texts: str):
    return [parse_meld(t) for t in texts]


def score(hand, win, meld_texts=(), rules=MELEE, **kw):
    return score_win(hand, win, melds(*meld_texts), rules=rules, **{"seat_wind": 42, **kw})


#: (local yaku, hand, winning tile, melds, situation, its han in the win, the win's total).
NAMED: list[tuple[str, str, str, tuple[str, ...], dict, int, int]] = [
    # A ron on the tile a player discarded declaring riichi: 1 han 40 fu.
    ("tsubame_gaeshi", *BARE, (), {"local": ("tsubame_gaeshi",)}, 1, 1300),
    # A ron on the discard right after the discarder's kan: 1 han 40 fu.
    ("kanburi", *BARE, (), {"local": ("kanburi",)}, 1, 1300),
    # Four melds, a single North waiting (no value for West in an East round): 1 han 40 fu.
    (
        "shiiaru_raotai",
        "4z4z",
        "4z",
        ("pon:111m", "pon:999p", "chi:234s", "pon:222z"),
        {"seat_wind": 43},
        1,
        1300,
    ),
    # Characters, circles, bamboo, a wind (North) and a dragon (white): 2 han 50 fu.
    ("uumensai", "123m456p789s444z55z", "3m", (), {"seat_wind": 43}, 2, 3200),
    # 444-555-666 of characters, the 666 called: 2 han 30 fu.
    ("sanrenkou", "444555m23p99s4p", "4p", ("pon:666m",), {}, 2, 2000),
    # Three 234p runs, one of them a chi (the called run keeps it one reading): 2 han open.
    ("isshoku_sanjun", "223344p678s99m", "8s", ("chi:234p",), {}, 2, 2000),
    # Haitei on the 1 of circles: 5 han in place of haitei's 1, with tsumo and pinfu: haneman.
    ("iipin_moyue", "123p456m789s234s88s", "1p", (), {"tsumo": True, "haitei": True}, 5, 12000),
    # Houtei on the 9 of circles: 5 han in place of houtei's 1, with pinfu: haneman.
    ("chuupin_raoyui", "789p456m123s234s88s", "9p", (), {"houtei": True}, 5, 12000),
    # 22334455667788 closed in circles, bamboo, characters: yakuman each.
    ("daisharin", "22334455667788p", "8p", (), {}, 13, 32000),
    ("daichikurin", "22334455667788s", "5s", (), {}, 13, 32000),
    ("daisuurin", "22334455667788m", "2m", (), {}, 13, 32000),
    # Double riichi won on the last tile (haitei) or the last discard (houtei): yakuman.
    (
        "ishi_no_ue_ni_mo_sannen",
        "123m456p789s23488s",
        "8s",
        (),
        {"riichi": True, "double_riichi": True, "houtei": True},
        13,
        32000,
    ),
    # Seven pairs of the seven honors: a double yakuman (all honors is not added).
    ("daichisei", "11223344556677z", "7z", (), {}, 26, 64000),
]


@pytest.mark.parametrize(
    ("yaku", "hand", "win", "meld_texts", "kw", "han", "total"), NAMED, ids=[n[0] for n in NAMED]
)
def test_every_local_yaku_scores_its_named_hand(yaku, hand, win, meld_texts, kw, han, total):
    result = score(hand, win, meld_texts, **kw)
    assert (yaku, han) in result.yaku, result.yaku
    assert result.total == total


@pytest.mark.parametrize(
    ("yaku", "hand", "win", "meld_texts", "kw", "han", "total"), NAMED, ids=[n[0] for n in NAMED]
)
def test_without_the_switches_no_local_yaku_scores(yaku, hand, win, meld_texts, kw, han, total):
    for rules in ("majsoul", "tenhou"):
        try:
            result = score(hand, win, meld_texts, rules=rules, **kw)
        except NoYaku:
            continue  # a hand only the local yaku made a win
        assert not {y for y, _ in result.yaku} & set(LOCAL_YAKU)
        assert result.total < total or yaku == "daichisei" and rules == "tenhou"


def test_the_named_hands_cover_every_local_yaku_and_every_name():
    assert {n[0] for n in NAMED} == set(LOCAL_YAKU_IDS) == set(LOCAL_YAKU)
    assert set(MAJSOUL_MELEE.local_yaku) == set(LOCAL_YAKU_IDS)
    assert not set(LOCAL_YAKU) & set(YAKU)
    assert display_name("tsubame_gaeshi", "ja") == "燕返し"
    assert display_name("daichisei", "zh") == "大七星"
    assert display_name("ishi_no_ue_ni_mo_sannen", "ja") == "石の上にも三年"


def test_the_local_yaku_make_a_yakuless_hand_a_win_only_at_a_melee_table():
    with pytest.raises(NoYaku):
        score(*BARE, rules="majsoul", local=("tsubame_gaeshi", "kanburi"))
    both = score(*BARE, local=("tsubame_gaeshi", "kanburi"))
    assert both.yaku == [("tsubame_gaeshi", 1), ("kanburi", 1)]
    assert (both.han, both.fu, both.total) == (2, 40, 2600)
    with pytest.raises(NoYaku):
        score(*BARE)  # the same hand without the situation


def test_the_local_situation_comes_as_a_keyword_or_in_the_context():
    context = WinContext(seat_wind=42, local=frozenset({"tsubame_gaeshi"}))
    from_context = score_win(BARE[0], BARE[1], (), context, rules=MELEE)
    assert from_context.yaku == score(*BARE, local=("tsubame_gaeshi",)).yaku
    with pytest.raises(TypeError, match="not both"):
        score_win(BARE[0], BARE[1], (), context, rules=MELEE, local=("kanburi",))


@pytest.mark.parametrize(
    ("kw", "message"),
    [
        ({"local": ("tsubame",)}, "unknown local situation 'tsubame'"),
        ({"local": ("kanburi",), "tsumo": True}, "not tsumo"),
        ({"local": ("tsubame_gaeshi",), "chankan": True}, "robbing a kan"),
    ],
)
def test_impossible_local_situations_are_refused(kw, message):
    with pytest.raises(InvalidHand, match=message):
        score(*BARE, **kw)


def test_unknown_local_yaku_in_the_rules_are_refused():
    with pytest.raises(ValidationError, match="unknown local yaku 'paarenchan'"):
        RiichiRules(local_yaku=("paarenchan",))
    with pytest.raises(ValidationError, match="renhou has its own switch"):
        RiichiRules(local_yaku=("renhou",))
    # The order given does not matter: equal switches make equal rules.
    assert RiichiRules(local_yaku=("kanburi", "uumensai")) == RiichiRules(
        local_yaku=("uumensai", "kanburi")
    )


def test_the_preset_is_the_ranked_rules_with_the_local_yaku_and_renhou_a_yakuman():
    melee = resolve_rules(MELEE)
    assert melee.renhou == "yakuman"
    assert melee.model_copy(update={"local_yaku": (), "renhou": "off", "name": "majsoul"}) == (
        resolve_rules("majsoul")
    )


# ------------------------------------------------------------------ what replaces what


def test_iipin_moyue_takes_the_place_of_haitei():
    result = score("123p456m789s234s88s", "1p", tsumo=True, haitei=True)
    ids = [y for y, _ in result.yaku]
    assert "iipin_moyue" in ids and "haitei_raoyue" not in ids
    assert result.han == 7  # tsumo 1 + pinfu 1 + 5, not 8
    # Haitei on another tile stays haitei.
    other = score("123p456m789s234s88s", "4s", tsumo=True, haitei=True)
    assert ("haitei_raoyue", 1) in other.yaku and "iipin_moyue" not in dict(other.yaku)


def test_chuupin_raoyui_takes_the_place_of_houtei_and_needs_the_nine_of_circles():
    result = score("789p456m123s234s88s", "9p", houtei=True)
    assert [y for y, _ in result.yaku] == ["chuupin_raoyui", "pinfu"]
    other = score("678p456m123s234s88s", "6p", houtei=True)
    assert ("houtei_raoyui", 1) in other.yaku


def test_isshoku_sanjun_takes_the_place_of_iipeikou():
    # 222333444p read as three 234p runs (the ron on 4p leaves the triplet reading 2 han).
    melee = score("222333444p678s99m", "4p")
    assert melee.yaku == [("pinfu", 1), ("isshoku_sanjun", 3)]
    assert (melee.han, melee.fu, melee.total) == (4, 30, 7700)
    plain = score("222333444p678s99m", "4p", rules="majsoul")
    assert plain.yaku == [("pinfu", 1), ("iipeikou", 1)] and plain.total == 2000


def test_the_best_reading_wins_sanrenkou_and_sanankou_over_isshoku_sanjun():
    # The same tiles won on 8s: three concealed triplets in a row (4 han 50 fu, mangan) beat
    # three identical runs with pinfu (4 han 30 fu, 7700).
    result = score("222333444p678s99m", "8s")
    assert sorted(result.yaku) == [("sanankou", 2), ("sanrenkou", 2)]
    assert result.total == 8000


def test_daichisei_replaces_all_honors_and_is_single_without_double_yakuman():
    assert score("11223344556677z", "7z").yaku == [("daichisei", 26)]
    plain = score("11223344556677z", "7z", rules="majsoul")
    assert plain.yaku == [("tsuuiisou", 13)] and plain.total == 32000
    single = RiichiRules(double_yakuman=False, local_yaku=("daichisei",))
    assert score("11223344556677z", "7z", rules=single).total == 32000


def test_a_wheel_is_closed_only_and_not_a_seven_pairs_of_other_numbers():
    # 1133... is no wheel: chinitsu and seven pairs as usual.
    result = score("11334455667799p", "9p")
    assert result.yakuman == 0 and ("chinitsu", 6) in result.yaku


def test_shiiaru_raotai_counts_any_four_melds_and_a_tsumo():
    hand, win, called = "4z4z", "4z", ("pon:111m", "pon:999p", "chi:234s", "pon:222z")
    tsumo = score(hand, win, called, seat_wind=43, tsumo=True)
    assert tsumo.yaku == [("shiiaru_raotai", 1)]
    with_kan = score(hand, win, ("ankan:1111m", "pon:999p", "chi:234s", "pon:222z"), seat_wind=43)
    assert ("shiiaru_raotai", 1) in with_kan.yaku
    # Three melds are not enough.
    with pytest.raises(NoYaku):
        score("4z4z234s", "4z", ("pon:111m", "pon:999p", "pon:222z"), seat_wind=43)


def test_uumensai_needs_all_five_kinds_and_counts_in_seven_pairs():
    pairs = score("1199m22p33s44z55z77z", "7z", seat_wind=43)
    assert ("uumensai", 2) in pairs.yaku and ("chiitoitsu", 2) in pairs.yaku
    with pytest.raises(NoYaku):  # no dragon
        score("123m456p789s444z11s", "3m", seat_wind=43)


# ------------------------------------------------------------------ yakuman stacking


def test_local_yakuman_stack_with_other_yakuman():
    # Renhou (a yakuman at this table) with a wheel: a double yakuman.
    both = score("22334455667788p", "8p", renhou=True)
    assert sorted(both.yaku) == [("daisharin", 13), ("renhou", 13)]
    assert (both.yakuman, both.total) == (2, 64000)
    # Three years on a rock with a wheel, on the last tile: 16,000 each from the others x 2.
    rock = score("22334455667788s", "8s", tsumo=True, riichi=True, double_riichi=True, haitei=True)
    assert sorted(rock.yaku) == [("daichikurin", 13), ("ishi_no_ue_ni_mo_sannen", 13)]
    assert rock.payments[42] == 64000
    # Renhou with daichisei: triple.
    assert score("11223344556677z", "7z", renhou=True).yakuman == 3


def test_a_yakuman_leaves_no_ordinary_local_yaku():
    result = score("22334455667788p", "8p", local=("tsubame_gaeshi",))
    assert result.yaku == [("daisharin", 13)]


def test_ishi_no_ue_needs_double_riichi_and_the_last_tile():
    plain_riichi = score("123m456p789s23488s", "8s", riichi=True, houtei=True)
    assert "ishi_no_ue_ni_mo_sannen" not in dict(plain_riichi.yaku)
    early = score("123m456p789s23488s", "8s", riichi=True, double_riichi=True)
    assert early.yakuman == 0


# ------------------------------------------------------------------ the command


def test_the_command_scores_with_the_preset_and_its_local_situations():
    import json

    from typer.testing import CliRunner

    from openmahjong.cli import app

    runner = CliRunner()
    args = ["score", "riichi", BARE[0], "--win", BARE[1], "--seat", "S"]
    done = runner.invoke(
        app, [*args, "--preset", MELEE, "--local", "tsubame_gaeshi", "--lang", "ja", "--json"]
    )
    assert done.exit_code == 0, done.output
    document = json.loads(done.output)
    assert [(y["id"], y["ja"], y["han"]) for y in document["yaku"]] == [
        ("tsubame_gaeshi", "燕返し", 1)
    ]
    assert document["total"] == 1300
    # The table preset stands for its scorer too; a ranked table finds no yaku.
    assert runner.invoke(app, [*args, "--preset", MELEE, "--local", "kanburi"]).exit_code == 0
    refused = runner.invoke(app, [*args, "--local", "tsubame_gaeshi"])
    assert refused.exit_code != 0 and "no yaku" in refused.output
    unknown = runner.invoke(app, [*args, "--preset", MELEE, "--local", "tsubame"])
    assert unknown.exit_code != 0 and "unknown local situation" in unknown.output
