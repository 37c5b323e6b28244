"""``openmahjong score taiwan`` and ``POST /api/tools/score/taiwan`` (docs/taiwan.md): the same
document from both, the dealer's tai paid between the dealer and the other side only, and a
clear refusal of what is no win."""

from __future__ import annotations

import json

from fastapi import FastAPI
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from openmahjong.cli import app
from openmahjong.server.tools_api import router

runner = CliRunner()
PLAIN = "123456789m234567p99s"  # five chows and a pair, no honours, concealed


def score(*args: str) -> dict:
    result = runner.invoke(app, ["score", "taiwan", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def route(body: dict):
    web = FastAPI()
    web.include_router(router)
    return TestClient(web).post("/api/tools/score/taiwan", json=body)


def test_all_chows_on_a_discard_from_the_dealer():
    # South wins on East's (the dealer's) discard: 平胡 2 + 門清 1, and the dealer's 1.
    document = score(PLAIN, "--win", "4p", "--seat-wind", "S")
    assert {t["zh"]: t["total"] for t in document["tai"]} == {"平胡": 2, "門清": 1}
    assert document["hand_tai"] == 3
    assert document["payments"] == {"E": 100 + 4 * 20}


def test_a_non_dealer_self_draw_the_dealer_pays_its_repeats_too():
    document = score(PLAIN, "--win", "4p", "--tsumo", "--seat-wind", "W", "--repeats", "2")
    assert [t["zh"] for t in document["tai"]] == ["門清自摸"]
    # 連二拉二: the dealer's tai are 1 + 4
    assert [t["total"] for t in document["dealer_tai"]] == [1, 4]
    assert document["payments"] == {"E": 100 + 8 * 20, "S": 160, "N": 160}
    assert document["total"] == 260 + 160 + 160


def test_the_hand_may_be_written_without_the_winning_tile_and_with_melds_and_flowers():
    document = score(
        "111222333m11z", "--win", "1z", "--meld", "pon:555z", "--meld", "pon:666z",
        "--tsumo", "--flowers", "1f2f3f4f5f", "--base", "300", "--per-tai", "100",
    )  # fmt: skip
    tai = {t["zh"]: t["total"] for t in document["tai"]}
    assert tai == {
        "碰碰胡": 4, "混一色": 4, "三暗刻": 2, "花槓": 2, "自摸": 1, "獨聽": 1,
        "三元牌": 2, "正花": 1,
    }  # fmt: skip
    assert document["hand_tai"] == 17
    assert document["payments"] == {"S": 300 + 18 * 100, "W": 2100, "N": 2100}
    assert document["reading"]["wait"] == "pair"
    without = score(
        "111222333m1z", "--win", "1z", "--meld", "pon:555z", "--meld", "pon:666z",
        "--tsumo", "--flowers", "1f2f3f4f5f", "--base", "300", "--per-tai", "100",
    )  # fmt: skip
    assert without == document


def test_the_route_answers_the_same_document():
    document = score(PLAIN, "--win", "4p", "--seat-wind", "N", "--discarder", "W")
    answer = route({"hand": PLAIN, "win": "4p", "seat_wind": "N", "discarder": "W"})
    assert answer.status_code == 200 and answer.json() == document
    assert document["payments"] == {"W": 160}


def test_what_is_no_win_is_refused_in_one_sentence():
    result = runner.invoke(app, ["score", "taiwan", "123456789m234567p19s", "--win", "9s"])
    assert result.exit_code == 2 and "no Taiwan win" in result.output
    answer = route({"hand": "123456789m234567p19s", "win": "9s"})
    assert answer.status_code == 422 and "no Taiwan win" in answer.json()["detail"]
    # a 13-tile hand is not a Taiwan hand
    assert route({"hand": "123m456p789s234s55p", "win": "5p"}).status_code == 422
    assert route({"hand": PLAIN, "win": "4p", "tsumo": False, "heavenly": True}).status_code == 422
