"""The tools router (openmahjong.server.tools_api) on a bare FastAPI app.

Each endpoint must answer exactly what its CLI command prints with ``--json``; bad input is 422
with a one-sentence ``detail`` that the web page shows.
"""

from __future__ import annotations

import json

import httpx
import pytest
from fastapi import FastAPI
from typer.testing import CliRunner

from openmahjong.cli import app as cli
from openmahjong.server.tools_api import router

pytestmark = pytest.mark.asyncio


@pytest.fixture
def client():
    app = FastAPI()
    app.include_router(router)
    transport = httpx.ASGITransport(app=app)
    return httpx.AsyncClient(transport=transport, base_url="http://tools.test")


def cli_json(*args: str) -> dict:
    result = CliRunner().invoke(cli, [*args, "--json"])
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


# ------------------------------------------------------------------------------------ analyze


@pytest.mark.parametrize(
    ("hand", "ruleset", "visible"),
    [
        ("123m406p789s1122z", "riichi", ""),
        ("1112345678999m", "riichi", ""),
        ("1112345678999m", "riichi", "9m"),
        ("23m45p789s123s11z5z6z", "riichi", ""),
        ("147m258p369s1234z", "mcr", ""),
        ("123456789m1239p", "sichuan", ""),
    ],
)
async def test_analyze_equals_cli(client, hand, ruleset, visible):
    response = await client.post(
        "/api/tools/analyze", json={"hand": hand, "ruleset": ruleset, "visible": visible}
    )
    assert response.status_code == 200
    args = ["analyze", hand, "--ruleset", ruleset]
    if visible:
        args += ["--visible", visible]
    assert response.json() == cli_json(*args)


async def test_analyze_defaults_to_riichi(client):
    response = await client.post("/api/tools/analyze", json={"hand": "123m456p789s1122z"})
    assert response.status_code == 200
    assert response.json()["ruleset"] == "riichi"


@pytest.mark.parametrize(
    ("hand", "ruleset", "words"),
    [
        ("12x", "riichi", "unexpected 'x'"),
        ("11111m", "riichi", "appears 5 times"),
        ("123m", "riichi", ""),  # too few tiles: whatever the analysis says, it is a 422
        ("123m456p789s1122z", "sichuan", "three suits"),
        ("   ", "riichi", "empty"),
    ],
)
async def test_analyze_refuses_malformed_hands_with_a_message(client, hand, ruleset, words):
    response = await client.post("/api/tools/analyze", json={"hand": hand, "ruleset": ruleset})
    assert response.status_code == 422
    detail = response.json()["detail"]
    assert isinstance(detail, str) and detail
    assert words in detail


async def test_analyze_refuses_unknown_ruleset_and_fields(client):
    response = await client.post("/api/tools/analyze", json={"hand": "1m", "ruleset": "x"})
    assert response.status_code == 422
    response = await client.post("/api/tools/analyze", json={"hand": "1m", "rulest": "mcr"})
    assert response.status_code == 422


# ------------------------------------------------------------------------------------- riichi


async def test_riichi_equals_cli(client):
    body = {
        "hand": "234m567p22s345678s",
        "win": "8s",
        "riichi": True,
        "tsumo": True,
        "dora": ["1p"],
        "ura": ["7s"],
        "honba": 1,
        "sticks": 2,
    }
    response = await client.post("/api/tools/score/riichi", json=body)
    assert response.status_code == 200
    assert response.json() == cli_json(
        "score",
        "riichi",
        "234m567p22s345678s",
        "--win",
        "8s",
        "--riichi",
        "--tsumo",
        "--dora",
        "1p",
        "--ura",
        "7s",
        "--honba",
        "1",
        "--sticks",
        "2",
    )


async def test_riichi_with_melds_seat_and_round(client):
    body = {
        "hand": "234m567p22s678s",
        "win": "8s",
        "melds": ["pon:555z"],
        "seat": "S",
        "round": "E",
        "discarder": "W",
        "preset": "tenhou",
    }
    response = await client.post("/api/tools/score/riichi", json=body)
    assert response.status_code == 200
    assert response.json() == cli_json(
        "score",
        "riichi",
        "234m567p22s678s",
        "--win",
        "8s",
        "--meld",
        "pon:555z",
        "--seat",
        "S",
        "--round",
        "E",
        "--discarder",
        "W",
        "--preset",
        "tenhou",
    )
    assert {"id", "han", "en", "zh", "ja"} <= set(response.json()["yaku"][0])


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"hand": "234m567p22s34567q", "win": "8s"}, "unexpected 'q'"),
        ({"hand": "234m567p22s345678s", "win": "8s", "seat": "X"}, "is not a wind"),
        ({"hand": "234m567p22s345678s", "win": "8s", "dora": ["0z"]}, "dora"),
        ({"hand": "234m567p22s345678s", "win": "8s", "melds": ["pong:555z"]}, "meld"),
        ({"hand": "234m567p22s345678s", "win": "8s", "preset": "x"}, "preset"),
        ({"hand": "1112223334445m", "win": "9m"}, ""),
    ],
)
async def test_riichi_refuses_bad_input_with_a_message(client, body, words):
    response = await client.post("/api/tools/score/riichi", json=body)
    assert response.status_code == 422
    detail = response.json()["detail"]
    assert isinstance(detail, str) and words in detail


async def test_riichi_no_yaku_is_refused_with_a_reason(client):
    # An open hand with no yaku: a winning shape the scorer must refuse.
    body = {"hand": "234m567p22s678s", "win": "8s", "melds": ["chi:123p"]}
    response = await client.post("/api/tools/score/riichi", json=body)
    assert response.status_code == 422
    assert isinstance(response.json()["detail"], str)


# ---------------------------------------------------------------------------------------- mcr


@pytest.mark.parametrize(
    ("body", "args"),
    [
        ({"hand": "123456789m11122p", "win": "2m"}, ["123456789m11122p", "--win", "2m"]),
        (
            {"hand": "12345678m11122p", "win": "9m", "self_drawn": True, "flowers": 2},
            ["12345678m11122p", "--win", "9m", "--self-drawn", "--flowers", "2"],
        ),
        (
            {"hand": "123m456p789s11z22z", "win": "2z", "seat_wind": "S", "prevalent_wind": "S"},
            ["123m456p789s11z22z", "--win", "2z", "--seat-wind", "S", "--prevalent-wind", "S"],
        ),
        (
            {"hand": "456p789s11z22z", "win": "2z", "melds": ["chi:123m"]},
            ["456p789s11z22z", "--win", "2z", "--meld", "chi:123m"],
        ),
    ],
)
async def test_mcr_equals_cli(client, body, args):
    response = await client.post("/api/tools/score/mcr", json=body)
    assert response.status_code == 200
    assert response.json() == cli_json("score", "mcr", *args)


async def test_mcr_below_minimum_is_a_result_not_an_error(client):
    body = {"hand": "123m345p567s789s55p", "win": "5p"}
    response = await client.post("/api/tools/score/mcr", json=body)
    assert response.status_code == 200
    document = response.json()
    assert document["legal"] is False
    assert document["fan_total"] < 8
    assert document == cli_json("score", "mcr", "123m345p567s789s55p", "--win", "5p")


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"hand": "123456789m12345p", "win": "5p"}, "not a winning hand"),
        ({"hand": "123456789m11122p", "win": "2m3m"}, "exactly one tile"),
        ({"hand": "1234567a", "win": "2m"}, "unexpected 'a'"),
        ({"hand": "123456789m11122p", "win": "2m", "melds": ["trio:111z"]}, "kind:tiles"),
        ({"hand": "123456789m11122p", "win": "2m", "seat_wind": "up"}, "is not a wind"),
    ],
)
async def test_mcr_refuses_bad_input_with_a_message(client, body, words):
    response = await client.post("/api/tools/score/mcr", json=body)
    assert response.status_code == 422
    detail = response.json()["detail"]
    assert isinstance(detail, str) and words in detail
