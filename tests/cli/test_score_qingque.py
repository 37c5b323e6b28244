"""``openmahjong score qingque`` and ``POST /api/tools/score/qingque`` (docs/qingque.md): the
same document from both, base points fan² (open_mahjong_unity's ``GetBasePoint``), the
occasional fans added on top, and a clear refusal of what is no win."""

from __future__ import annotations

import json

from fastapi import FastAPI
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from openmahjong.cli import app
from openmahjong.server.tools_api import router

runner = CliRunner()
PLAIN = "123m456p789s234s55p"  # four chows and a pair, no honours, concealed


def score(*args: str) -> dict:
    result = runner.invoke(app, ["score", "qingque", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def route(body: dict):
    web = FastAPI()
    web.include_router(router)
    return TestClient(web).post("/api/tools/score/qingque", json=body)


def test_a_plain_concealed_self_draw_is_three_fan_and_nine_from_each_seat():
    document = score(PLAIN, "--win", "5p", "--tsumo")
    assert [f["zh"] for f in document["fans"]] == ["和牌", "门前清"]
    assert document["fan"] == 3 and document["base"] == 9
    assert document["payments"] == {"each": 9}


def test_on_a_discard_the_discarder_pays_three_bases():
    assert score(PLAIN, "--win", "5p")["payments"] == {"discarder": 27}


def test_the_heavenly_hand_adds_sixteen_fan_on_top():
    document = score(PLAIN, "--win", "5p", "--tsumo", "--heavenly")
    assert document["fans"][-1] == {"zh": "天和", "en": document["fans"][-1]["en"], "value": 16}
    assert document["fan"] == 19 and document["base"] == 361


def test_a_hand_that_is_no_win_exits_two_with_one_sentence():
    result = runner.invoke(app, ["score", "qingque", "123m456p789s235s55p", "--win", "5p"])
    assert result.exit_code == 2
    assert "no Qingque win" in result.output


def test_the_route_answers_the_commands_document():
    body = {"hand": PLAIN, "win": "5p", "tsumo": True, "heavenly": True}
    answer = route(body)
    assert answer.status_code == 200
    assert answer.json() == score(PLAIN, "--win", "5p", "--tsumo", "--heavenly")


def test_the_route_refuses_no_win_and_a_bad_seat_wind():
    answer = route({"hand": "123m456p789s235s55p", "win": "5p"})
    assert answer.status_code == 422 and "no Qingque win" in answer.json()["detail"]
    assert route({"hand": PLAIN, "win": "5p", "seat_wind": "X"}).status_code == 422
