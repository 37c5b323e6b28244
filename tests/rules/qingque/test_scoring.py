"""Named Qingque hands, their fans and the source's values for them.

What the source fixes, and these tests hold us to:

- the rule maintainer's scorer, ``backend/external/qingque/rules/scoring.cpp`` and
  ``criteria.cpp`` (``SlinkierApple13/mmcr14.online``; the same rules as the Unity client's
  C# port ``Qingque13``): the 90 fans tested on every reading of the hand, a raw set per
  reading, the best reading by ``is_greater_than``, occasional fans added on top, covered
  fans hidden by ``derepellenise``;
- ``open_mahjong_unity/Assets/Resources/Qingque13/fan_cache.json``: the value of a raw set
  (our copy of all its entries is ``rules/qingque/fan_cache.txt``; each expected value below
  is one of those entries, named in the test);
- ``Qingque13Hepai.GetBasePoint``: base points are ``round(fan * fan)``;
- ``QingqueFan.cs`` (``QingqueFanMetadata.Tags``) and ``scoring.cpp``'s ``fans``: 天和 and 地和
  are worth 16, 岭上开花, 海底捞月, 河底捞鱼 and 抢杠 4;
- ``gamestate/game_mmcr/action_check.py`` (``check_hepai``): the scorer is told the seat wind
  (自风) only.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from openmahjong.rules.qingque import values
from openmahjong.rules.qingque.criteria import CODE_ORDER, Facts, displayed, raw_fan_sets
from openmahjong.rules.qingque.fan_table import ENTRIES, SOURCE_ENTRIES
from openmahjong.rules.qingque.scoring import (
    FAN_NAMES,
    OCCASIONAL,
    NotAWin,
    base_points,
    is_winning,
    score_win,
)
from openmahjong.tiles import parse


def names(win) -> list[str]:
    return [f.zh for f in win.fans]


def meld(kind: str, tiles: str) -> tuple[str, tuple[int, ...]]:
    return (kind, tuple(parse(tiles)))


def test_the_source_fan_lists_and_occasional_values() -> None:
    # QingqueFan.cs lists 91 (Trivial = 0 .. TwoShortStraights = 90), the same names as the
    # server's Qingque13Calc/说明.txt; scoring.cpp's fans vector (the bit order of
    # fan_cache.json) has 90: 十三幺 added, 风牌五对 and 风牌四对 commented out.
    assert len(FAN_NAMES) == 91 and len(CODE_ORDER) == 90
    assert FAN_NAMES[0][0] == "和牌" and FAN_NAMES[-1][0] == "双龙会"
    ours = {zh for zh, _ in FAN_NAMES}
    assert set(CODE_ORDER) - ours == {"十三幺"}
    assert ours - set(CODE_ORDER) == {"风牌五对", "风牌四对"}
    assert OCCASIONAL == {
        "天和": 16, "地和": 16, "岭上开花": 4, "海底捞月": 4, "河底捞鱼": 4, "抢杠": 4,
    }  # fmt: skip


@pytest.mark.parametrize(("fan", "base"), [(1, 1), (10.7826, 116), (26.7826, 717), (7.83463, 61)])
def test_base_points_are_the_fan_squared(fan, base) -> None:
    assert base_points(fan) == base


# Each: concealed tiles (the winning tile among them), winning tile, melds, self-drawn, the raw
# fan set the source's criteria give, the fans it shows, and the fan_cache.json entry's value.
NAMED = {
    "concealed pure straight": (
        "123456789m234p55s", "5s", [], True,
        {"和牌", "门前清", "一气贯通"}, ["门前清", "一气贯通"], 10.7826,
    ),
    "open mixed triple chow, nothing else": (
        "234p234s789p55s", "5s", [meld("chi", "234m")], False,
        {"和牌", "三色同顺"}, ["三色同顺"], 6.17627,
    ),
    "open half flush with a dragon pair": (
        "345m789m999m55z", "5z", [meld("chi", "123m")], False,
        {"和牌", "番牌", "混一色"}, ["番牌", "混一色"], 7.96678,
    ),
    "dragon pung and a double chow": (
        "123m123m456p99s", "9s", [meld("pon", "777z")], False,
        {"和牌", "番牌刻", "番牌", "一般高"}, ["番牌刻", "一般高"], 7.83463,
    ),
    "seven pairs with the three dragons": (
        "11m55m22p88p55z66z77z", "8p", [], True,
        {"和牌", "七对", "门前清", "三元对", "番牌三副", "番牌二副", "番牌"}, ["七对", "三元对"],
        14.7992,
    ),
    "two concealed kongs, one chow called": (
        "567p99m", "9m", [meld("ankan", "2222m"), meld("ankan", "8888p"), meld("chi", "345s")],
        True, {"和牌", "双暗杠", "暗杠", "双杠"}, ["双暗杠"], 11.0311,
    ),
    "three concealed pungs and a dragon pair": (
        "222m555p888s345m77z", "4m", [], True,
        {"和牌", "门前清", "三暗刻", "番牌"}, ["门前清", "三暗刻", "番牌"], 12.5973,
    ),
    "a concealed kong of North and a mixed straight": (
        "456p789s99m", "9m", [meld("chi", "123m"), meld("ankan", "4444z")], False,
        {"和牌", "暗杠", "三色贯通"}, ["暗杠", "三色贯通"], 11.6566,
    ),
}  # fmt: skip


@pytest.mark.parametrize("name", list(NAMED))
def test_named_hands_score_the_sources_table_value(name) -> None:
    hand, tile, melds, self_drawn, raw, shown, value = NAMED[name]
    win = score_win(parse(hand), parse(tile)[0], melds, self_drawn=self_drawn)
    assert win.raw == raw
    assert names(win) == shown
    assert win.exact and win.fan == value
    # The entry as our copy of fan_cache.json holds it.
    assert ENTRIES[frozenset(CODE_ORDER.index(n) for n in raw)] == value
    assert win.base_points == round(value * value)


PLAIN = "123456789m234p55s"


def test_heavenly_hand_adds_sixteen_on_top_and_covers_concealed_hand() -> None:
    plain = score_win(parse(PLAIN), parse("5s")[0], self_drawn=True)
    heavenly = score_win(parse(PLAIN), parse("5s")[0], self_drawn=True, heavenly=True)
    assert names(heavenly) == ["一气贯通", "天和"]
    assert heavenly.fan == pytest.approx(plain.fan + 16) and heavenly.fan == 26.7826
    assert heavenly.base_points == 717


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
    base = score_win(parse(PLAIN), parse("5s")[0], self_drawn=context["self_drawn"])
    win = score_win(parse(PLAIN), parse("5s")[0], **context)
    assert names(win)[-1] == fan
    assert win.fan == pytest.approx(base.fan + OCCASIONAL[fan])


def test_a_mixed_straight_concealed_is_the_tables_value() -> None:
    # {和牌, 门前清, 三色贯通} = 9.32542 in fan_cache.json (an entry the first, partial copy of
    # the table lacked, when this hand was estimated).
    win = score_win(parse("123m456p789s234s55p"), parse("5p")[0], self_drawn=True)
    assert win.raw == {"和牌", "门前清", "三色贯通"} and win.exact
    assert win.fan == 9.32542


def test_a_set_the_table_lacks_is_estimated_and_says_so() -> None:
    # No entry holds 清一色 without 混一色 (one implies the other): such a set only comes from
    # a fan test going wrong, and is then estimated rather than refused.
    raw = {"和牌", "门前清", "清一色"}
    assert frozenset(CODE_ORDER.index(n) for n in raw) not in ENTRIES
    value, exact = values.regular_value(raw)
    weights = values.weights()
    assert not exact
    assert value == pytest.approx(weights["和牌"] + weights["门前清"] + weights["清一色"], 1e-3)


def test_the_best_reading_wins() -> None:
    # 111222333m: three pungs (三暗刻, 三连刻) or three identical chows (三同顺); the source
    # keeps the reading its table values highest.
    hand = parse("111222333m456p99s")
    facts = Facts(closed=Counter(hand), melds=(), win_tile=parse("9s")[0], self_drawn=True)
    readings = raw_fan_sets(facts)
    assert len(readings) == 2
    win = score_win(hand, parse("9s")[0], self_drawn=True)
    assert win.raw in readings
    assert win.fan == max(values.regular_value(r)[0] for r in readings)


def test_seat_wind_is_a_value_tile_the_prevalent_wind_is_not() -> None:
    hand = parse("222z123m456p789s11s")
    south = score_win(hand, parse("1s")[0], self_drawn=True, seat_wind=42)
    east = score_win(hand, parse("1s")[0], self_drawn=True, seat_wind=41)
    assert "番牌刻" in south.raw and "番牌刻" not in east.raw


def test_a_triplet_completed_by_a_discard_is_open() -> None:
    # 999s pung melded, 111p completed by the discard: an open hand, no concealed triplets.
    win = score_win(
        parse("111p234m567m88m"), parse("1p")[0], [meld("pon", "999s")], self_drawn=False
    )
    assert not {"门前清", "三暗刻", "四暗刻"} & win.raw
    # The same tiles self-drawn: 111p is concealed, but one concealed triplet is no fan.
    drawn = score_win(
        parse("111p234m567m88m"), parse("1p")[0], [meld("pon", "999s")], self_drawn=True
    )
    assert "三暗刻" not in drawn.raw


def test_sequences_are_named_by_their_middle_tile() -> None:
    # 三色贯通 is 123/456/789 in three suits (middles 2, 5, 8), 三步高 three chows one apart.
    assert (
        "三色贯通" in score_win(parse("123m456p789s234s55p"), parse("5p")[0], self_drawn=True).raw
    )
    steps = score_win(parse("123m234m345m678p99s"), parse("9s")[0], self_drawn=True)
    assert "三步高" in steps.raw and "四步高" not in steps.raw


def test_no_winning_shape_is_refused() -> None:
    assert not is_winning(parse("123m456p789s235s55p"))
    with pytest.raises(NotAWin):
        score_win(parse("123m456p789s235s55p"), parse("5p")[0], self_drawn=True)
    # Thirteen orphans: in the maintainer's C++ rules, not in the C# port the client and
    # server load; we follow the port (docs/qingque.md).
    assert not is_winning(parse("19m19p19s12345677z"))


def test_the_tools_answer_in_json() -> None:
    from openmahjong.rules.qingque.tools import score_text

    answer = score_text(PLAIN, "5s", self_drawn=True)
    assert answer == {
        "win": True,
        "fans": [["门前清", "Concealed Hand", 0], ["一气贯通", "Pure Straight", 0]],
        "fan": 10.7826,
        "exact": True,
        "base": 116,
        "payments": {"each": 116},
    }
    assert score_text("111p234m567m88m", "1p", ["pon:999s"])["payments"]["discarder"] > 0
    assert score_text("123m456p789s235s55p", "5p")["win"] is False
    with pytest.raises(ValueError):
        score_text("111p234m567m88m", "1p", ["bad:999s"])


def test_big_three_dragons_covers_its_value_triplets() -> None:
    win = score_win(parse("555666777z111m22m"), parse("2m")[0], self_drawn=True)
    assert {"大三元", "对对和", "四暗刻", "三暗刻", "混一色", "番牌三刻", "番牌二刻"} <= win.raw
    assert {"大三元", "四暗刻", "混一色"} <= set(names(win))
    assert not {"番牌三刻", "对对和", "三暗刻", "门前清"} & set(names(win))


def test_all_types_nine_gates_and_shifted_triplets() -> None:
    five = score_win(parse("123m456p789s111z55z"), parse("5z")[0], self_drawn=True)
    assert "五门齐" in five.raw
    gates = score_win(parse("11123455678999m"), parse("5m")[0], self_drawn=True)
    assert {"九莲宝灯", "清一色", "门前清"} <= gates.raw
    assert "九莲宝灯" in names(gates) and "清一色" not in names(gates)
    # Called pungs stay pungs (concealed, 222333444m could also be three chows, 三同顺).
    three = score_win(
        parse("444m789p55s"), parse("5s")[0], [meld("pon", "222m"), meld("pon", "333m")],
        self_drawn=False,
    )  # fmt: skip
    assert "三连刻" in three.raw and "四连刻" not in three.raw
    mixed = score_win(parse("222m333p444s789p55s"), parse("5s")[0], self_drawn=False)
    assert "三色连刻" in mixed.raw


def test_seven_pairs_fans_double_pairs_and_shifted_pairs() -> None:
    # 2222m counts as two pairs; 2m..7m is a run of six kinds of pairs on consecutive numbers.
    doubled = score_win(parse("22223344556677m"), parse("7m")[0], self_drawn=True)
    assert {"七对", "叠对", "六连对", "五连对", "四连对", "清一色"} <= doubled.raw
    assert "六连对" in names(doubled) and "四连对" not in names(doubled)
    seven = score_win(parse("11223344556677p"), parse("7p")[0], self_drawn=True)
    assert "七连对" in seven.raw and "叠对" not in seven.raw
    broken = score_win(parse("112233556677p11z"), parse("1z")[0], self_drawn=True)
    assert not {"四连对", "五连对", "六连对", "七连对"} & broken.raw


def test_two_double_sequences_cover_the_double_sequence() -> None:
    win = score_win(parse("123123m456456p99s"), parse("9s")[0], self_drawn=True)
    assert {"二般高", "一般高"} <= win.raw
    assert "二般高" in names(win) and "一般高" not in names(win)


# --- the reference table ----------------------------------------------------------------

# Fans whose source definitions make one hold whenever the other does (criteria.cpp): a raw
# set from the source's scorer holds both or neither-of-the-first.
IMPLIED = [
    ("番牌四刻", "番牌三刻"), ("番牌三刻", "番牌二刻"), ("番牌二刻", "番牌刻"), ("番牌刻", "番牌"),
    ("番牌四副", "番牌三副"), ("番牌三副", "番牌二副"), ("番牌二副", "番牌"),
    ("四暗杠", "三暗杠"), ("三暗杠", "双暗杠"), ("双暗杠", "暗杠"), ("四杠", "三杠"),
    ("三杠", "双杠"), ("双暗杠", "双杠"), ("三暗杠", "三暗刻"), ("四暗刻", "三暗刻"),
    ("四暗刻", "对对和"), ("十二归", "八归"), ("三叠对", "二叠对"), ("二叠对", "叠对"),
    ("四同顺", "三同顺"), ("三同顺", "一般高"), ("二般高", "一般高"), ("四连刻", "三连刻"),
    ("四连刻", "对对和"), ("四步高", "三步高"), ("四连环", "三连环"), ("七连对", "六连对"),
    ("六连对", "五连对"), ("五连对", "四连对"), ("清一色", "混一色"), ("清幺九", "混幺九"),
    ("清带幺", "混带幺"), ("混幺九", "混带幺"), ("字一色", "混一色"), ("二聚", "三聚"),
    ("三聚", "四聚"), ("七对", "门前清"), ("大四喜", "风牌三刻"), ("大三元", "番牌三刻"),
    ("三元对", "番牌三副"), ("风牌七对", "风牌六对"), ("三色二对", "三色同对"),
    ("镜同三对", "镜同二对"), ("九莲宝灯", "清一色"), ("九莲宝灯", "门前清"),
]  # fmt: skip


def test_every_reference_entry_is_a_raw_set_our_criteria_can_give() -> None:
    assert len(ENTRIES) == SOURCE_ENTRIES == 9645
    for bits in ENTRIES:
        assert 0 in bits  # 和牌, always
        assert not bits & set(range(1, 7))  # the table never holds occasional fans
        held = {CODE_ORDER[b] for b in bits}
        for a, b in IMPLIED:
            assert a not in held or b in held, (sorted(held), a, b)
        # Fans tested only on seven pairs never meet fans tested only on sets.
        if "七对" in held:
            assert not held & {"对对和", "一般高", "三色同顺", "五门齐", "大三元", "番牌刻"}


def test_random_hands_give_raw_sets_that_keep_the_implications() -> None:
    rng = random.Random(25)
    kinds = [s * 10 + n for s in (1, 2, 3) for n in range(1, 10)] + list(range(41, 48))
    scored = 0
    while scored < 300:
        sets, used = [], []
        for _ in range(4):
            k = rng.choice(kinds)
            shape = rng.choice(["seq", "seq", "trip"])
            tiles = [k, k + 1, k + 2] if shape == "seq" and k < 40 and k % 10 <= 7 else [k] * 3
            sets.append(tiles)
            used += tiles
        pair = rng.choice(kinds)
        used += [pair, pair]
        if max(used.count(t) for t in used) > 4:
            continue
        win = score_win(used, rng.choice(used), self_drawn=rng.random() < 0.5)
        scored += 1
        for a, b in IMPLIED:
            assert a not in win.raw or b in win.raw
        assert set(names(win)) <= win.raw | {"和牌"}
        assert displayed(win.raw) == [n for n in CODE_ORDER if n in set(names(win))] or (
            set(names(win)) == set(displayed(win.raw))
        )


def test_the_estimate_fits_the_reference_table() -> None:
    # Ten-fold cross-validation of the ridge estimate on the entries held (docs/qingque.md
    # states its error); and on the entries themselves the scorer answers the table, not it.
    keys = sorted(ENTRIES, key=sorted)
    errors = []
    for fold in range(10):
        test = keys[fold::10]
        train = {k: v for k, v in ENTRIES.items() if k not in set(test)}
        w = values.fit(train)
        errors += [sum(w[i] for i in k) - ENTRIES[k] for k in test]
    rmse = (sum(e * e for e in errors) / len(errors)) ** 0.5
    assert rmse < 3.0
