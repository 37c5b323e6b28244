"""Worked examples in the style of the Chinese Official rulebook (中国麻将竞赛规则, 2006).

A held-out set: none of these hands is in the per-fan tests, the golden rows or the principle
tests. Each is a complete hand with its melds, winning tile, flags, winds and flowers, and the
full fan list worked out from the rules by hand (the name, and a comment where it helps, says
why the tricky fans count or do not), written the way the rulebook writes a score: ``name
value`` per fan, ``xN`` when a fan counts N times, and the total. Each hand is also given to
PyMahjongGB, which must agree.

They lean on the places players get wrong: non-repeat (不重复), non-split (不拆移),
non-identical (不得相同), account-once (套算一次) for 一般高 / 喜相逢 / 连六 / 老少副, 明暗杠,
三同刻, 全求人 against 单钓将, 和绝张, 门前清 against 不求人, 边张 / 嵌张 / 单钓将 only on a
single wait, what is and is not 无番和, the knitted forms, and 七对 with 四归一.

Winds default to East seat in the East round (41/41), as in the rulebook's examples.
"""

from __future__ import annotations

import re
from typing import NamedTuple

import pytest
from mcr_gb import gb_fans, pack_from_meld

from openmahjong.rules.mcr.fans import FAN_BY_ZH
from openmahjong.rules.mcr.scoring import MINIMUM_FAN, BelowMinimum, Meld, score_win
from openmahjong.tiles import parse, to_gb


class Example(NamedTuple):
    name: str
    hand: str  # concealed tiles, the winning tile included (z: E S W N White Green Red)
    win: str
    melds: tuple[str, ...]  # "kind:tiles", kind chi / pon / minkan / kakan / ankan
    flags: dict
    score: str  # "fan value[xN] ..." as the rulebook writes it
    total: int  # without flowers


E = Example
# Each: name, hand, win, melds, flags, the worked score, its total.
EXAMPLES = [
    # ---------------------------------------------------------------- chow pairs, account once
    E(
        "non-identical: 345m 345s 345s 678s makes 喜相逢 once, then 一般高 and 连六",
        "345m33445567899s",
        "9s",
        (),
        {},
        # 345m pairs with either 345s but counts 喜相逢 once. 9s is one of 6s 9s: no 单钓将.
        "平和2 门前清2 一般高1 喜相逢1 连六1 缺一门1",
        8,
    ),
    E(
        "account once: four chows make at most three pairings (喜相逢 x2, 连六 once)",
        "345678m345678s22p",
        "2p",
        (),
        {},
        "平和2 门前清2 断幺2 喜相逢1x2 连六1 单钓将1",
        10,
    ),
    E(
        "two suits of 123 789 with a pair of fives in the third is 三色双龙会, not 老少副 + 喜相逢",
        "789p123789s55m",
        "5m",
        ("chi:123p",),
        {},
        # 三色双龙会 does not add 平和, 无字, 喜相逢, 老少副.
        "三色双龙会16 单钓将1",
        17,
    ),
    E(
        "清龙 plus a fourth chow: the fourth pairs once with a chow of the straight (一般高)",
        "112233456789m55p",
        "9m",
        (),
        {},
        # 清龙 does not add 连六 / 老少副; 9m is one of 3m 6m 9m, so no 边张.
        "清龙16 平和2 门前清2 一般高1 缺一门1",
        22,
    ),
    E(
        "清龙 in one suit, 123 in another: the fourth chow makes 喜相逢 once; 和绝张 on an edge",
        "123456789m123p55s",
        "3p",
        (),
        {"fourth_tile": True},
        "清龙16 和绝张4 平和2 门前清2 喜相逢1 边张1",
        26,
    ),
    E(
        "三色三同顺 and a fourth identical chow: one more pairing, 一般高",
        "445566m456p456s22s",
        "2s",
        (),
        {},
        "三色三同顺8 平和2 门前清2 断幺2 一般高1 单钓将1",
        16,
    ),
    E(
        "一色三同顺 (two of them melded) does not split into 一般高",
        "234p567s99m",
        "9m",
        ("chi:234p", "chi:234p"),
        {},
        "一色三同顺24 平和2 单钓将1",
        27,
    ),
    E(
        "一色三步高 on a discarded last tile (海底捞月); 9s also waits as 66s: no 单钓将",
        "234345456m678s99s",
        "9s",
        (),
        {"last_tile": True},
        "一色三步高16 海底捞月8 平和2 门前清2 缺一门1",
        29,
    ),
    E(
        "the same hand self-drawn from the wall's last tile: 妙手回春 and 不求人, no 自摸",
        "234345456m678s99s",
        "9s",
        (),
        {"last_tile": True, "self_drawn": True},
        "一色三步高16 妙手回春8 不求人4 平和2 缺一门1",
        31,
    ),
    # ---------------------------------------------------------------- pungs and kongs
    E(
        "三同刻 with three concealed pungs; 4s is one of 1s 4s 9m, no 边张",
        "111m99m111p111s234s",
        "4s",
        (),
        {},
        # 三同刻 leaves each pung its 幺九刻.
        "三同刻16 三暗刻16 门前清2 幺九刻1x3 无字1",
        38,
    ),
    E(
        "双同刻 with two concealed pungs",
        "222m99m222p345s678s",
        "9m",
        (),
        {},
        "双同刻2 双暗刻2 门前清2 连六1 单钓将1 无字1",
        9,
    ),
    E(
        "三色三节高",
        "333m789m444p555s11z",
        "1z",
        (),
        {},
        "三色三节高8 三暗刻16 门前清2 单钓将1",
        27,
    ),
    E(
        "a pung completed by a discard is not concealed: 三暗刻, not 四暗刻",
        "111m333p555s77s999s",
        "9s",
        (),
        {},
        # 双碰 on 7s / 9s, no 单钓将.
        "三暗刻16 碰碰和6 门前清2 幺九刻1x2 无字1",
        27,
    ),
    E(
        "一色三节高 beats the 一色三同顺 reading of 111222333m (就高不就低)",
        "111222333m789p55s",
        "5s",
        (),
        {},
        "一色三节高24 三暗刻16 门前清2 幺九刻1 单钓将1 无字1",
        45,
    ),
    E(
        "明暗杠: a melded and a concealed kong score 5, not 明杠 + 暗杠",
        "123789m99p",
        "9p",
        ("minkan:5555p", "ankan:7777s"),
        {},
        "明暗杠5 老少副1 单钓将1 无字1",
        8,
    ),
    E(
        "双暗杠 does not add 暗杠 or 双暗刻; 5s is one of 2s 5s 8s",
        "345678s55s",
        "5s",
        ("ankan:2222m", "ankan:8888p"),
        {},
        "双暗杠6 门前清2 断幺2 连六1",
        11,
    ),
    E(
        "双明杠 (one of them added to a pung): each kong of ones or nines is still 幺九刻",
        "234567m88s",
        "8s",
        ("minkan:1111p", "kakan:9999p"),
        {},
        "双明杠4 幺九刻1x2 连六1 单钓将1 无字1",
        9,
    ),
    E(
        "a concealed kong keeps the hand concealed: 门前清 and 暗杠",
        "123456p789s33s",
        "3s",
        ("ankan:9999m",),
        {},
        "暗杠2 门前清2 连六1 幺九刻1 单钓将1 无字1",
        8,
    ),
    E(
        "四归一 in a regular hand: all four 1m, one in a pung and one in a chow",
        "111123m456p789s22p",
        "3m",
        (),
        {},
        # 3m is the only wait (12m + 3m), so 边张.
        "花龙8 四归一2 门前清2 幺九刻1 边张1 无字1",
        15,
    ),
    # ---------------------------------------------------------------- winds and dragons
    E(
        "East pung as East seat in the East round: 圈风刻 and 门风刻, no 幺九刻",
        "111z123m456p789s55s",
        "5s",
        (),
        {},
        "花龙8 圈风刻2 门风刻2 门前清2 单钓将1",
        15,
    ),
    E(
        "South pung as South seat in the East round: 门风刻 only, no 幺九刻",
        "222z123m456p789s55s",
        "5s",
        (),
        {"seat_wind": 42},
        "花龙8 门风刻2 门前清2 单钓将1",
        13,
    ),
    E(
        "West pung as East seat in the East round: only 幺九刻",
        "333z123m456p789s55s",
        "5s",
        (),
        {},
        "花龙8 门前清2 幺九刻1 单钓将1",
        12,
    ),
    E(
        "三风刻 does not add the three winds' 幺九刻; the East pung is still 圈风刻 + 门风刻",
        "111z222z333z789p55m",
        "5m",
        (),
        {},
        "三风刻12 三暗刻16 圈风刻2 门风刻2 门前清2 缺一门1 单钓将1",
        36,
    ),
    E(
        "小三元 does not add 箭刻 / 双箭刻; 混一色 does not add 缺一门",
        "555z666z77z123m789m",
        "2m",
        (),
        {},
        "小三元64 混一色6 全带幺4 双暗刻2 门前清2 老少副1 嵌张1",
        80,
    ),
    E(
        "五门齐 with a wind pung and a dragon pair",
        "234m567p888s111z77z",
        "7z",
        (),
        {},
        "五门齐6 圈风刻2 门风刻2 双暗刻2 门前清2 单钓将1",
        15,
    ),
    # ---------------------------------------------------------------- suits and tiles
    E(
        "混一色 with three concealed pungs; a South pung is 幺九刻 for an East seat",
        "234m666m999m222z11z",
        "4m",
        (),
        {},
        # 4m is one of 1m 4m: no 边张.
        "三暗刻16 混一色6 门前清2 幺九刻1x2",
        26,
    ),
    E(
        "清一色 with melds does not add 无字 or 缺一门; the 5p fills 4_6 only (嵌张)",
        "456p999p55p",
        "5p",
        ("chi:123p", "pon:777p"),
        {},
        "清一色24 连六1 幺九刻1 嵌张1",
        27,
    ),
    E(
        "全带幺 with an edge wait",
        "123m789p111s999s11z",
        "3m",
        (),
        {},
        "全带幺4 双暗刻2 门前清2 幺九刻1x2 边张1",
        11,
    ),
    E(
        "全带五 with 三色三步高; four 5s (555s + 567s) are 四归一; 5p fills 4_6 only: 嵌张",
        "345m456p555s567s55p",
        "5p",
        (),
        {},
        "全带五16 三色三步高6 门前清2 四归一2 嵌张1",
        27,
    ),
    E(
        "推不倒 does not add 缺一门; 6s is one of 3s 6s",
        "123345p456s999s55z",
        "6s",
        (),
        {},
        "推不倒8 门前清2 幺九刻1",
        11,
    ),
    E(
        "绿一色 with a Green pung; 6z was one of two pair waits, claimed: not concealed",
        "223344s888s666z66s",
        "6z",
        (),
        {},
        "绿一色88 箭刻2 门前清2 一般高1",
        93,
    ),
    E(
        "九莲宝灯 on 9s reads 11 123 456 789 999: 清龙 and 四归一 count, the 9s pung's 幺九刻 not",
        "11123456789999s",
        "9s",
        (),
        {},
        # 九莲宝灯 does not add 清一色, 门前清, 无字, 缺一门 or the 幺九刻 of its own end pung.
        "九莲宝灯88 清龙16 四归一2",
        106,
    ),
    # ---------------------------------------------------------------- concealment and the win
    E(
        "门前清: a concealed hand won on a discard; 8p fills 7_9 only (嵌张)",
        "123456m789p345s66s",
        "8p",
        (),
        {},
        "平和2 门前清2 连六1 嵌张1",
        6,
    ),
    E(
        "不求人: the same hand self-drawn, not 门前清 + 自摸",
        "123456m789p345s66s",
        "8p",
        (),
        {"self_drawn": True},
        "不求人4 平和2 连六1 嵌张1",
        8,
    ),
    E(
        "全求人: four melds and the pair's tile from a discard, no 单钓将 on top",
        "55m",
        "5m",
        ("chi:234m", "chi:567p", "pon:888s", "chi:345s"),
        {},
        "全求人6 断幺2",
        8,
    ),
    E(
        "four melds but self-drawn is not 全求人: 自摸 and 单钓将 (below the minimum)",
        "55m",
        "5m",
        ("chi:234m", "chi:567p", "pon:888s", "chi:345s"),
        {"self_drawn": True},
        "断幺2 单钓将1 自摸1",
        4,
    ),
    E(
        "杠上开花 does not add 自摸",
        "123p456p789p55s",
        "5s",
        ("minkan:7777m",),
        {"self_drawn": True, "kong": True},
        "清龙16 杠上开花8 明杠1 单钓将1 无字1",
        27,
    ),
    E(
        "抢杠和 does not add 和绝张, although the robbed tile was the last 3m",
        "123m456p789s234s55p",
        "3m",
        (),
        {"kong": True, "fourth_tile": True},
        "花龙8 抢杠和8 平和2 门前清2 边张1",
        21,
    ),
    # ---------------------------------------------------------------- waits
    E(
        "no 嵌张 when the hand also waited elsewhere: 1333m waits on 1m and 2m",
        "12333m456p789p456s",
        "2m",
        (),
        {"self_drawn": True},
        # 123m 789p 456s are 花龙; the fourth chow 456p pairs once with it (喜相逢 before 连六).
        "花龙8 不求人4 平和2 喜相逢1",
        15,
    ),
    E(
        "no 边张 when the hand also waited elsewhere: 12345m waits on 3m and 6m",
        "123345m456p789s99p",
        "3m",
        (),
        {},
        "花龙8 平和2 门前清2",
        12,
    ),
    E(
        "no 单钓将 when the hand also waited elsewhere: 1112m waits on 2m and 3m",
        "11122m456p789p456s",
        "2m",
        (),
        {"self_drawn": True},
        "不求人4 喜相逢1 连六1 幺九刻1 无字1",
        8,
    ),
    # ---------------------------------------------------------------- 无番和
    E(
        "无番和: no fan at all (flowers do not prevent it and do not count towards it)",
        "345s789m11z",
        "5s",
        ("chi:234m", "pon:666p"),
        {"flowers": 2},
        # 5s is one of 2s 5s; the East pair is no fan; all three suits are there.
        "无番和8",
        8,
    ),
    E(
        "not 无番和: the same hand winning 7m on 89m has 边张, one fan, and is below the minimum",
        "567s789m11z",
        "7m",
        ("chi:234m", "pon:666p"),
        {},
        "边张1",
        1,
    ),
    # ---------------------------------------------------------------- special forms
    E(
        "全不靠 holding the whole knitted straight also counts 组合龙",
        "147m258p369s12345z",
        "5z",
        (),
        {},
        "全不靠12 组合龙12",
        24,
    ),
    E(
        "七星不靠 self-drawn: 自摸 counts, 不求人 / 门前清 / 全不靠 do not",
        "14m25p369s1234567z",
        "7z",
        (),
        {"self_drawn": True},
        "七星不靠24 自摸1",
        25,
    ),
    E(
        "组合龙 with a dragon pung and a wind pair: 五门齐, 箭刻, and the pair's 单钓将",
        "147m258p369s777z22z",
        "2z",
        (),
        {},
        "组合龙12 五门齐6 箭刻2 门前清2 单钓将1",
        23,
    ),
    E(
        "七对 holding four 2m (two pairs) counts 四归一; 七对 does not add 门前清 or 单钓将",
        "2222m55m66p88p33s44s",
        "4s",
        (),
        {},
        "七对24 四归一2 断幺2",
        28,
    ),
    E(
        "连七对 self-drawn: 自摸 counts; 七对, 清一色, 不求人 and 单钓将 do not",
        "33445566778899p",
        "3p",
        (),
        {"self_drawn": True},
        "连七对88 自摸1",
        89,
    ),
    E(
        "十三幺 self-drawn on the paired Red dragon",
        "19m19p19s12345677z",
        "7z",
        (),
        {"self_drawn": True},
        "十三幺88 自摸1",
        89,
    ),
]

_SCORE_ITEM = re.compile(r"^(\D+)(\d+)(?:x(\d+))?$")


def _expected(score: str) -> dict[str, tuple[int, int]]:
    """Read a worked score: "清龙16 喜相逢1x2" -> {"清龙": (16, 1), "喜相逢": (1, 2)}."""
    out = {}
    for item in score.split():
        m = _SCORE_ITEM.match(item)
        assert m, item
        out[m.group(1)] = (int(m.group(2)), int(m.group(3) or 1))
    return out


def _melds(example: Example) -> list[Meld]:
    return [
        Meld(kind, tuple(parse(tiles))) for kind, tiles in (m.split(":") for m in example.melds)
    ]


def _score_win(example: Example):
    return score_win(parse(example.hand), parse(example.win)[0], _melds(example), **example.flags)


def _score(example: Example):
    try:
        return _score_win(example)
    except BelowMinimum as low:
        return low.win


def _gb_row(example: Example) -> dict:
    flags = example.flags
    hand = parse(example.hand)
    win = parse(example.win)[0]
    hand.remove(win)
    return {
        "pack": [list(pack_from_meld(m)) for m in _melds(example)],
        "hand": [to_gb(t) for t in hand],
        "winTile": to_gb(win),
        "flowerCount": flags.get("flowers", 0),
        "isSelfDrawn": flags.get("self_drawn", False),
        "is4thTile": flags.get("fourth_tile", False),
        "isAboutKong": flags.get("kong", False),
        "isWallLast": flags.get("last_tile", False),
        "seatWind": flags.get("seat_wind", 41) - 41,
        "prevalentWind": flags.get("prevalent_wind", 41) - 41,
    }


def test_there_are_enough_examples():
    assert len(EXAMPLES) >= 40
    assert len({e.name for e in EXAMPLES}) == len(EXAMPLES)


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.name for e in EXAMPLES])
def test_the_worked_score(example):
    expected = _expected(example.score)
    # The worked values are the rulebook's, and the worked total adds up.
    assert all(FAN_BY_ZH[zh].value == value for zh, (value, _) in expected.items())
    assert sum(value * n for value, n in expected.values()) == example.total

    win = _score(example)
    assert {e.zh: (e.value, e.count) for e in win.fans if e.zh != "花牌"} == expected
    assert win.fan_total == example.total
    flowers = example.flags.get("flowers", 0)
    assert win.total == example.total + flowers
    if example.total < MINIMUM_FAN:
        with pytest.raises(BelowMinimum):
            _score_win(example)


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.name for e in EXAMPLES])
def test_pymahjonggb_agrees(example):
    pytest.importorskip("MahjongGB")
    expected = {zh: n for zh, (_, n) in _expected(example.score).items()}
    flowers = example.flags.get("flowers", 0)
    if flowers:
        expected["花牌"] = flowers
    assert gb_fans(_gb_row(example)) == expected
