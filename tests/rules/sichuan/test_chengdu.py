"""The chengdu-xuezhan preset (成都血战到底): named hands with their fans and points (the cap, the
self-draw fan or base), 刮风下雨 kan payments, 查花猪 / 查大叫 / 退税 on rigged walls, the options
that change contested values, and a self-played match of the preset replaying exactly."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from typer.testing import CliRunner

from openmahjong.cli import app
from openmahjong.fairness import build_wall
from openmahjong.formats.verify import verify_record
from openmahjong.rules.sichuan.fan_rules import MAJSOUL
from openmahjong.rules.sichuan.game.actions import DeclareVoid, Exchange
from openmahjong.rules.sichuan.game.events import DrawRecheck, KanBonus, SichuanWon
from openmahjong.rules.sichuan.game.options import PRESET_TABLE, SichuanOptions, preset
from openmahjong.rules.sichuan.game.round import new_hand, receiver
from openmahjong.rules.sichuan.game.ruleset import RULESET
from openmahjong.rules.sichuan.scoring import ScoringRules, Win, score_win
from openmahjong.table import PASS, Ankan, Kakan, Minkan, Phase, Ron, Table, Tsumo, rigged_wall
from openmahjong.table.seat import Meld
from openmahjong.tiles import parse, suit

from .random_driver import play_randomly
from .test_round import (
    DEALER_5S,
    FILL_M,
    FILL_P,
    YAKULESS_5S,
    discard,
    full_draws,
    of,
    pass_all,
    run_until,
    t1,
)

CHENGDU = preset("chengdu-xuezhan")
P0 = CHENGDU.starting_points
#: The preset's rules (4 fans at most, 自摸加番) and the same without a cap.
CAPPED = CHENGDU.scoring_rules()
UNCAPPED = preset("chengdu-xuezhan", han_cap=None).scoring_rules()


def win(
    hand: str, tile: str, melds: tuple[str, ...] = (), rules: ScoringRules = CAPPED, **flags
) -> Win:
    """Score ``hand`` (without ``tile``) + ``tile``; melds as ``kind:tiles``."""
    ms = [Meld(m.split(":")[0], tuple(parse(m.split(":")[1]))) for m in melds]
    tsumo = flags.pop("tsumo", False)
    return score_win(parse(hand), ms, t1(tile), tsumo=tsumo, rules=rules, **flags)


def entries(w: Win) -> list[tuple[str, int]]:
    return [(y.key, y.han) for y in w.yaku]


# ------------------------------------------------------------------------------ the fan ladder
FOUR_PONS = ("pon:111m", "pon:222m", "pon:333p", "pon:444p")


@pytest.mark.parametrize(
    ("hand", "tile", "melds", "base", "fans", "points"),
    [
        ("123456789m2345p", "5p", (), "yakuless", 0, 1000),  # 平胡
        ("111m222m333p555p4p", "4p", (), "all_triplets", 1, 2000),  # 对对胡
        ("123m456m789m234m5m", "5m", (), "full_flush", 2, 4000),  # 清一色
        ("1122m3344m5566p7p", "7p", (), "seven_pairs", 2, 4000),  # 七对
        ("123m789m123p789p9p", "9p", (), "terminals_in_all_sets", 2, 4000),  # 带幺九
        ("5p", "5p", FOUR_PONS, "single_wait", 2, 4000),  # 金钩钓
        ("111m333m555m777m9m", "9m", (), "pure_triplets", 3, 8000),  # 清对
        ("222m555m888m55p22p", "5p", (), "258_triplets", 3, 8000),  # 将对
        ("1111m2233m4455p6p", "6p", (), "dragon_seven_pairs", 4, 16000),  # 龙七对
        ("1122m3344m5566m7m", "7m", (), "pure_seven_pairs", 4, 16000),  # 清七对
        ("111222333789m9m", "9m", (), "all_terminals", 4, 16000),  # 清幺九
        ("5m", "5m", ("pon:111m", "pon:222m", "pon:333m", "pon:444m"), "pure_single_wait", 4,
         16000),  # 清金钩钓
        ("1111m2233m4455m6m", "6m", (), "pure_dragon_seven_pairs", 5, 32000),  # 清龙七对
        ("5p", "5p", ("ankan:1111m", "ankan:2222m", "minkan:3333p", "kakan:4444p"),
         "four_quads", 6, 64000),  # 十八罗汉
        ("5m", "5m", ("ankan:1111m", "ankan:2222m", "minkan:3333m", "kakan:4444m"),
         "pure_four_quads", 8, 256000),  # 清十八罗汉
    ],
)  # fmt: skip
def test_named_hands_score_their_fans_as_base_times_two_to_the_fans(
    hand, tile, melds, base, fans, points
):
    w = win(hand, tile, melds, rules=UNCAPPED)
    assert w.base.key == base and w.base.han == fans
    assert (w.han, w.total) == (fans, points)
    assert w.roots == 0  # the fours of 龙七对 and 十八罗汉 are the hand, not roots


def test_each_root_adds_a_fan():
    one = win("123444456m789p5p", "5p")  # 平胡 with four 4m
    assert entries(one) == [("yakuless", 0), ("root", 1)] and one.total == 2000
    # 龙七对 with a second four: the first four is the hand, the second a root.
    two = win("1111m2222m33p44p5p", "5p", rules=UNCAPPED)
    assert entries(two) == [("dragon_seven_pairs", 4), ("root", 1)] and two.total == 32000


@pytest.mark.parametrize(
    ("cap", "han", "points"), [(3, 3, 8000), (4, 4, 16000), (5, 5, 32000), (None, 5, 32000)]
)
def test_the_cap_limits_the_fans(cap, han, points):
    rules = preset("chengdu-xuezhan", han_cap=cap).scoring_rules()
    w = win("1111m2233m4455m6m", "6m", rules=rules)  # 清龙七对, 5 fans
    assert (w.uncapped_han, w.han, w.total) == (5, han, points)


@pytest.mark.parametrize(
    ("flags", "bonus"),
    [
        ({"tsumo": True, "after_kan": True}, [("after_kan", 1), ("self_draw", 1)]),  # 杠上花
        ({"kan_deal_in": True}, [("kan_deal_in", 1)]),  # 杠上炮
        ({"robbing_kan": True}, [("robbing_kan", 1)]),  # 抢杠胡
        ({"tsumo": True, "last_tile": True}, [("under_the_sea", 1), ("self_draw", 1)]),  # 海底捞月
        ({"last_tile": True}, [("under_the_sea", 1)]),  # 海底炮
    ],
)
def test_each_situation_adds_a_fan(flags, bonus):
    w = win("123456789m2345p", "5p", **flags)
    assert entries(w) == [("yakuless", 0), *bonus]
    assert w.total == 1000 * 2 ** len(bonus)


def test_heaven_and_earth_stand_alone_without_roots_or_the_self_draw_fan():
    heaven = win("123444456m789p5p", "5p", rules=UNCAPPED, tsumo=True, heaven=True)
    assert entries(heaven) == [("heaven", 5)] and heaven.total == 32000
    earth = win("123456789m2345p", "5p", rules=UNCAPPED, tsumo=True, earth=True)
    assert entries(earth) == [("earth", 5)] and earth.total == 32000
    # Without 天地胡 (an app option) the same hand is a self-drawn 平胡 with its root.
    plain = preset("chengdu-xuezhan", yaku_off=("heaven", "earth")).scoring_rules()
    w = win("123444456m789p5p", "5p", rules=plain, tsumo=True, heaven=True)
    assert entries(w) == [("yakuless", 0), ("root", 1), ("self_draw", 1)]


def test_the_self_draw_adds_a_fan_or_the_base():
    by_fan = win("111m222m333p555p4p", "4p", tsumo=True)
    assert entries(by_fan) == [("all_triplets", 1), ("self_draw", 1)] and by_fan.total == 4000
    base_way = preset("chengdu-xuezhan", tsumo_fans=0, tsumo_bonus=1000)
    by_base = win("111m222m333p555p4p", "4p", rules=base_way.scoring_rules(), tsumo=True)
    assert entries(by_base) == [("all_triplets", 1)] and by_base.total == 2000
    # The self-draw fan counts under the cap; the base is paid beside it.
    capped = win("1122m3344m5566m7m", "7m", tsumo=True)
    assert (capped.uncapped_han, capped.han, capped.total) == (5, 4, 16000)


def test_contested_values_are_options():
    three = preset("chengdu-xuezhan", fans={"dragon_seven_pairs": 3}).scoring_rules()
    assert win("1111m2233m4455p6p", "6p", rules=three).total == 8000
    # Without 幺九将对 (an app option) a 将对 hand is plain all triplets.
    no_258 = preset(
        "chengdu-xuezhan", yaku_off=("terminals_in_all_sets", "all_terminals", "258_triplets")
    ).scoring_rules()
    assert win("222m555m888m55p22p", "5p", rules=no_258).base.key == "all_triplets"


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"fans": {"dragon": 3}}, "unknown yaku dragon"),
        ({"yaku_off": ("yakuless",)}, "cannot be switched off"),
        ({"fans": {"seven_pairs": 14}}, "0 to 13"),
    ],
)
def test_bad_options_are_refused_with_a_reason(changes, words):
    with pytest.raises(ValueError, match=words):
        preset("chengdu-xuezhan", **changes)


def test_majsoul_options_keep_their_limits():
    with pytest.raises(ValueError, match="han_cap is 1 to 6"):
        preset("majsoul-bloodshed", han_cap=7)
    with pytest.raises(ValueError, match="tsumo_fans"):
        preset("majsoul-bloodshed", tsumo_fans=1)
    assert preset("majsoul-bloodshed").scoring_rules() is MAJSOUL
    assert "chengdu-xuezhan" in PRESET_TABLE and RULESET.options("chengdu-xuezhan") == CHENGDU


# ------------------------------------------------------------------------------ rigged walls
def rig(
    hands: list[str],
    voids: str,
    options: SichuanOptions = CHENGDU,
    *,
    draws: str | list[int] = "",
    back: str = "",
    direction: str = "across",
) -> Table:
    """As ``test_round.rig`` (dealer 0), under ``options``: the hands are those after the
    exchange, each seat having received the first three tiles its hand lists."""
    after = [parse(h) for h in hands]
    received = [h[:3] for h in after]
    dealt = []
    for s in range(4):
        hand = list(after[s])
        for t in received[s]:
            hand.remove(t)
        hand += received[receiver(s, direction)]
        if s == 0:
            hand.append(hand.pop(10))
        dealt.append(hand)
    wall = rigged_wall(dealt, draws, dealer=0, ruleset="sichuan", dead_size=0)
    start = 53 + len(parse(draws) if isinstance(draws, str) else draws)
    for i, tile in enumerate(parse(back)):
        j = wall.index(tile, start, len(wall) - i)
        wall[j], wall[-1 - i] = wall[-1 - i], wall[j]
    table = new_hand(options, wall, dealer=0, direction=direction)
    for s in range(4):
        table.act(s, Exchange(tuple(received[receiver(s, direction)])))
    for s in range(4):
        table.act(s, DeclareVoid(voids[s]))
    return table


def gained(table: Table) -> list[int]:
    return [s.points - P0 for s in table.seats]


def test_a_ron_on_a_plain_hand_pays_the_base():
    t = rig(["123m456m789m12p5s99p", YAKULESS_5S, FILL_P, FILL_M], "smpm")
    discard(t, 0, "5s")
    t.act(1, Ron())
    (won,) = of(t, SichuanWon)
    assert (won.han, won.total, won.yaku) == (0, 1000, (("yakuless", 0, "base"),))
    assert gained(t) == [-1000, 1000, 0, 0]
    assert t.view(None).table["wins"][0]["han"] == 0


ALL_TRIPLETS_2S_5S = "111p444p777p22s55s"  # void m, waits on 2s and 5s (对对胡)


@pytest.mark.parametrize(
    ("changes", "each"),
    [
        ({}, 4000),  # 自摸加番: 对对胡 1 + 自摸 1 = 2 fans
        ({"tsumo_fans": 0, "tsumo_bonus": 1000}, 2000 + 1000),  # 自摸加底: 1 fan + the base
    ],
)
def test_a_self_draw_every_seat_still_playing_pays_it(changes, each):
    options = preset("chengdu-xuezhan", **changes)
    t = rig([DEALER_5S, ALL_TRIPLETS_2S_5S, FILL_P, FILL_M], "smpm", options, draws="1s6m7m8m5s")
    discard(t, 0, "5s")
    pass_all(t)
    for seat, tile in ((1, "1s"), (2, "6m"), (3, "7m"), (0, "8m")):
        assert t.turn == seat
        discard(t, seat, tile)
        pass_all(t)
    t.act(1, Tsumo())
    assert gained(t) == [-each, 3 * each, -each, -each]


def test_gua_feng_an_open_kan_the_feeder_pays_twice_the_base():
    t = rig([DEALER_5S, "555s123p456p789p2s", "123m456m789m13s66s", FILL_M], "smpm", back="9p")
    discard(t, 0, "5s")
    t.act(1, Minkan(tuple(parse("555s"))))
    (bonus,) = of(t, KanBonus)
    assert (bonus.kind, bonus.deltas) == ("minkan", (-2000, 2000, 0, 0))
    discard(t, 1, "2s")
    t.act(2, Ron())  # 杠上炮: 平胡 + 1 fan
    (won,) = of(t, SichuanWon)
    assert won.yaku == (("yakuless", 0, "base"), ("kan_deal_in", 1, "bonus"))
    assert gained(t) == [-2000, 0, 2000, 0]


def test_xia_yu_a_concealed_kan_each_seat_in_play_pays_twice_the_base():
    t = rig(["1111p222p333p44p99m", FILL_P, "12345789s5678p9p", FILL_P], "sppm", back="4p")
    t.act(0, Ankan(tuple(parse("1111p"))))
    (bonus,) = of(t, KanBonus)
    assert bonus.deltas == (6000, -2000, -2000, -2000)
    t.act(0, Tsumo())  # 杠上花: 对对胡 1 + 根 1 + 杠上花 1 + 自摸 1 = 4 fans
    (won,) = of(t, SichuanWon)
    assert [(k, h) for k, h, _ in won.yaku] == [
        ("all_triplets", 1),
        ("root", 1),
        ("after_kan", 1),
        ("self_draw", 1),
    ]
    assert won.total == 16000 and gained(t) == [6000 + 48000, -18000, -18000, -18000]


def test_gua_feng_an_added_kan_of_the_tile_just_drawn_each_seat_pays_the_base():
    seat1 = "123p456p789p55s2s3s"
    t = rig([DEALER_5S, seat1, FILL_P, FILL_M], "smpm", draws="7p8p9m5s", back="1p")
    discard(t, 0, "5s")
    t.act(1, t.legal_actions(1)[0])  # the pon
    discard(t, 1, "3s")
    pass_all(t)
    for seat, tile in ((2, "7p"), (3, "8p"), (0, "9m")):
        discard(t, seat, tile)
        pass_all(t)
    t.act(1, Kakan(t1("5s")))
    (bonus,) = of(t, KanBonus)
    assert bonus.deltas == (-1000, 3000, -1000, -1000)


# ------------------------------------------------------------------------------ the draw
def test_the_draw_cha_da_jiao_cha_hua_zhu_and_tui_shui():
    # Seat 2 makes a concealed kan (下雨, 6,000) and ends not ready; seat 3 holds its void suit.
    hands = [DEALER_5S, YAKULESS_5S, "9999m1246m12467s", "56789p5678m3579s"]
    draws = full_draws(hands, suits={3: "s"}, fixed={1: "3s"}, count=54, back="8p")
    t = rig(hands, "smps", draws=draws, back="8p")
    discard(t, 0, "5s")
    t.act(1, PASS)
    run_until(t, lambda t: t.phase == Phase.TURN and t.turn == 2)
    t.act(2, Ankan(tuple(parse("9999m"))))
    discard(t, 2, "8p")
    run_until(t, lambda t: t.phase == Phase.ENDED)
    (recheck,) = of(t, DrawRecheck)
    assert recheck.ready == (True, True, False, False)
    assert recheck.void_clear == (True, True, True, False)
    # 查大叫: seat 2 pays the dealer its highest value (对对胡 on 9p, 1 fan: 2,000) and seat 1
    # its 平胡 (1,000). 查花猪: seat 3 pays every other seat the cap, 4 fans (16,000).
    assert recheck.deltas == (2000 + 16000, 1000 + 16000, -3000 + 16000, -48000)
    # 退税: seat 2 gives its kan income back.
    assert recheck.refunds == (2000, 2000, -6000, 2000)
    assert t.result.reason == "exhaustive" and sum(t.result.deltas) == 0


def draws_in_order(hands: list[str], order: list[int], suits: dict[int, str]) -> list[int]:
    """The 55 live draws, the k-th drawn by ``order[k % len(order)]``; the seats in ``suits``
    draw only tiles of that suit."""
    pool = Counter(build_wall("sichuan", red_fives=False)) - Counter(parse("".join(hands)))
    kept = set(suits.values())  # the others draw no tile of these suits while any is left
    draws = []
    for k in range(55):
        letter = suits.get(order[k % len(order)])
        tiles = sorted(pool.elements())
        mine = [x for x in tiles if "mps"[suit(x) - 1] == letter]
        others = [x for x in tiles if "mps"[suit(x) - 1] not in kept] or tiles
        draws.append((mine if letter else others)[0])
        pool[draws[-1]] -= 1
    return draws


@pytest.mark.parametrize(("pays_winners", "winner_gets"), [(True, 16000), (False, 0)])
def test_cha_hua_zhu_the_void_holder_pays_the_seats_that_won_too(pays_winners, winner_gets):
    hands = [DEALER_5S, YAKULESS_5S, FILL_P, "56789p5678m3579s"]
    draws = draws_in_order(hands, [2, 3, 0], {3: "s"})
    options = preset("chengdu-xuezhan", pig_pays_winners=pays_winners)
    t = rig(hands, "smps", options, draws=draws)
    discard(t, 0, "5s")
    t.act(1, Ron())  # seat 1 wins first and sits out
    run_until(t, lambda t: t.phase == Phase.ENDED)
    (recheck,) = of(t, DrawRecheck)
    assert recheck.ready == (True, True, False, False)
    assert recheck.deltas == (
        16000 + 2000,
        winner_gets,
        16000 - 2000,
        -(16000 + winner_gets + 16000),
    )


# ------------------------------------------------------------------------------ a whole match
def test_a_self_played_chengdu_match_replays_exactly():
    match = RULESET.new_match(["ann", "bob", "cy", "dee"], 11, "5a17", CHENGDU)
    record = json.loads(json.dumps(play_randomly(match, 11).record()))
    assert record["header"]["preset"] == "chengdu-xuezhan"
    assert record["header"]["options"]["scoring"] == "chengdu"
    wins = [w for h in record["hands"] for w in h["wins"]]
    assert wins and all(w["points"] == 1000 * 2 ** w["han"] for w in wins)
    assert all(w["han"] <= 4 for w in wins)
    again = RULESET.replay(record)
    assert json.loads(json.dumps(again.record())) == record
    report = verify_record(record, "chengdu.json")
    assert report.status == "ok", (report.error, report.mismatches)


def test_selfplay_with_the_preset_writes_records_that_replay_check_accepts(tmp_path):
    runner = CliRunner()
    result = runner.invoke(
        app,
        ["selfplay", "--ruleset", "sichuan", "--preset", "chengdu-xuezhan", "--games", "1",
         "--seed", "3", "--out", str(tmp_path)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    (path,) = tmp_path.glob("*.json")
    assert json.loads(path.read_text())["header"]["preset"] == "chengdu-xuezhan"
    check = runner.invoke(app, ["replay", "check", str(path)])
    assert check.exit_code == 0 and "0 mismatches" in check.output, check.output


# ------------------------------------------------------------------------------ the calculator
def test_the_calculator_scores_by_the_preset():
    result = CliRunner().invoke(
        app,
        ["score", "sichuan", "1122m3344m5566m7m", "--win", "7m", "--tsumo", "--preset",
         "chengdu-xuezhan", "--json"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert (doc["preset"], doc["scoring"], doc["base"]) == (
        "chengdu-xuezhan",
        "chengdu",
        "pure_seven_pairs",
    )
    assert (doc["han"], doc["uncapped_han"], doc["total"], doc["each_pays"]) == (4, 5, 16000, 16000)
    assert [y["id"] for y in doc["yaku"]] == ["pure_seven_pairs", "self_draw"]
    plain = CliRunner().invoke(app, ["score", "sichuan", "1122m3344m5566m7m", "--win", "7m"])
    assert "5 han: 16000 points\n" in plain.output  # no preset: Mahjong Soul's room
    unknown = CliRunner().invoke(
        app, ["score", "sichuan", "123456789m2345p", "--win", "5p", "--preset", "tenhou"]
    )
    assert unknown.exit_code == 2 and "unknown preset 'tenhou'" in unknown.output


@pytest.mark.asyncio
async def test_the_route_takes_a_preset_field():
    import httpx
    from fastapi import FastAPI

    from openmahjong.server.tools_api import router

    server = FastAPI()
    server.include_router(router)
    transport = httpx.ASGITransport(app=server)
    async with httpx.AsyncClient(transport=transport, base_url="http://tools.test") as client:
        body = {"hand": "111m222m333p555p4p", "win": "4p", "tsumo": True}
        made = await client.post(
            "/api/tools/score/sichuan", json={**body, "preset": "chengdu-xuezhan"}
        )
        assert made.status_code == 200, made.text
        assert (made.json()["total"], made.json()["each_pays"]) == (4000, 4000)
        majsoul = (await client.post("/api/tools/score/sichuan", json=body)).json()
        assert (majsoul["total"], majsoul["each_pays"]) == (2000, 3000)
        bad = await client.post("/api/tools/score/sichuan", json={**body, "preset": "nope"})
        assert bad.status_code == 422 and "unknown preset" in bad.text


@pytest.mark.parametrize("seed", range(20, 32))
def test_self_played_chengdu_matches_conserve_points(seed):
    match = play_randomly(RULESET.new_match(["a", "b", "c", "d"], seed, "5a17", CHENGDU), seed)
    record = match.record()
    for hand in record["hands"]:
        assert sum(hand["deltas"]) == 0
        for w in hand["wins"]:
            assert sum(w["payments"]) == 0 and w["points"] == 1000 * 2 ** w["han"] <= 16000
    assert sum(record["result"]["final_points"]) == 4 * CHENGDU.starting_points
