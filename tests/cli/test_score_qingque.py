"""``openmahjong score qingque`` and ``POST /api/tools/score/qingque`` (docs/qingque.md): the
same document from both, the source's table value of the hand's fan set, base points fan²
(open_mahjong_unity's ``GetBasePoint``), the occasional fans added on top, estimates marked as
such, and a clear refusal of what is no win."""

from __future__ import annotations

import json

from fastapi import FastAPI
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from openmahjong.cli import app
from openmahjong.server.tools_api import router

runner = CliRunner()
# A pure straight, concealed: the source's raw fan set {和牌, 门前清, 一气贯通}, which its
# fan_cache.json values at 10.7826 (open_mahjong_unity/Assets/Resources/Qingque13/fan_cache.json;
# our copy of the table: rules/qingque/fan_cache.txt). Base round(10.7826²) = 116.
PLAIN = "123456789m234p55s"


def score(*args: str) -> dict:
    result = runner.invoke(app, ["score", "qingque", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def route(body: dict):
    web = FastAPI()
    web.include_router(router)
    return TestClient(web).post("/api/tools/score/qingque", json=body)


def test_a_concealed_pure_straight_is_the_sources_10_7826_fan_and_116_from_each_seat():
    document = score(PLAIN, "--win", "5s", "--tsumo")
    # 和牌 is never shown by the source (derepellenise); the set is valued as a whole.
    assert [f["zh"] for f in document["fans"]] == ["门前清", "一气贯通"]
    assert document["fan"] == 10.7826 and document["base"] == 116
    assert document["exact"] is True and "fan_cache.json" in document["values"]
    assert document["payments"] == {"each": 116}


def test_on_a_discard_the_discarder_pays_three_bases():
    assert score(PLAIN, "--win", "5s")["payments"] == {"discarder": 348}


def test_the_heavenly_hand_adds_sixteen_fan_on_top():
    document = score(PLAIN, "--win", "5s", "--tsumo", "--heavenly")
    assert document["fans"][-1] == {"zh": "天和", "en": document["fans"][-1]["en"], "value": 16}
    # 天和 covers 门前清 in what is shown; 10.7826 + 16 = 26.7826, base round(717.31) = 717.
    assert [f["zh"] for f in document["fans"]] == ["一气贯通", "天和"]
    assert document["fan"] == 26.7826 and document["base"] == 717


def test_a_concealed_mixed_straight_is_the_tables_9_32542_fan():
    # 123m 456p 789s: 三色贯通 with 门前清, {和牌, 门前清, 三色贯通} = 9.32542 in fan_cache.json.
    document = score("123m456p789s234s55p", "--win", "5p", "--tsumo")
    assert [f["zh"] for f in document["fans"]] == ["门前清", "三色贯通"]
    assert document["fan"] == 9.32542 and document["base"] == 87 and document["exact"] is True


def test_a_hand_without_a_fan_is_no_win():
    # Three chows and a pung called, the wait on a chow's edge: only 和牌, which the table
    # values at 0; the source offers a win from 1 fan (action_check.py, check_hepai).
    args = ["345s99m", "--win", "5s", "--meld", "chi:234m", "--meld", "chi:678p"]
    result = runner.invoke(app, ["score", "qingque", *args, "--meld", "pon:777s"])
    assert result.exit_code == 2
    assert "no Qingque win: 0 fan: a win needs at least 1" in result.output


def test_a_hand_that_is_no_win_exits_two_with_one_sentence():
    result = runner.invoke(app, ["score", "qingque", "123m456p789s235s55p", "--win", "5p"])
    assert result.exit_code == 2
    assert "no Qingque win" in result.output


def test_the_route_answers_the_commands_document():
    body = {"hand": PLAIN, "win": "5s", "tsumo": True, "heavenly": True}
    answer = route(body)
    assert answer.status_code == 200
    assert answer.json() == score(PLAIN, "--win", "5s", "--tsumo", "--heavenly")


def test_the_route_refuses_no_win_and_a_bad_seat_wind():
    answer = route({"hand": "123m456p789s235s55p", "win": "5p"})
    assert answer.status_code == 422 and "no Qingque win" in answer.json()["detail"]
    assert route({"hand": PLAIN, "win": "5s", "seat_wind": "X"}).status_code == 422
