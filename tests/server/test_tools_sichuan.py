"""``POST /api/tools/score/sichuan``: the same document as ``openmahjong score sichuan --json``,
a 422 with one sentence for input that is no win, and the size limits of the other tools."""

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
def client() -> httpx.AsyncClient:
    app = FastAPI()
    app.include_router(router)
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://tools.test")


def cli_json(*args: str) -> dict:
    result = CliRunner().invoke(cli, ["score", "sichuan", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.mark.parametrize(
    ("body", "args"),
    [
        ({"hand": "123456789m2345p", "win": "5p"}, ["123456789m2345p", "--win", "5p"]),
        (
            {"hand": "567m234678p9p", "win": "9p", "melds": ["pon:555m"], "void": "s"},
            ["567m234678p9p", "--win", "9p", "--meld", "pon:555m", "--void", "s"],
        ),
        (
            {"hand": "1112223337899m", "win": "9m", "tsumo": True, "after_kan": True,
             "last_tile": True},
            ["1112223337899m", "--win", "9m", "--tsumo", "--after-kan", "--last-tile"],
        ),
        (
            {"hand": "123456789m2345p", "win": "5p", "robbing_kan": True},
            ["123456789m2345p", "--win", "5p", "--robbing-kan"],
        ),
    ],
)  # fmt: skip
async def test_the_route_answers_what_the_command_prints(
    client: httpx.AsyncClient, body: dict, args: list[str]
) -> None:
    response = await client.post("/api/tools/score/sichuan", json=body)
    assert response.status_code == 200, response.text
    assert response.json() == cli_json(*args)


async def test_a_named_hand_in_every_language(client: httpx.AsyncClient) -> None:
    response = await client.post(
        "/api/tools/score/sichuan", json={"hand": "1111223344556m", "win": "6m", "tsumo": True}
    )
    doc = response.json()
    assert (doc["base"], doc["han"], doc["total"], doc["each_pays"]) == (
        "pure_dragon_seven_pairs",
        6,
        32000,
        33000,
    )
    assert {k: doc["yaku"][0][k] for k in ("zh", "en", "ja")} == {
        "zh": "清龙七对",
        "en": "Pure Seven Pairs with One Duplicate",
        "ja": "清龍七対",
    }


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"hand": "123456789m2345p", "win": "5p", "void": "p"}, "void suit p"),
        ({"hand": "123456789m234p5s", "win": "5s"}, "all three suits"),
        ({"hand": "123456789m2346p", "win": "5p"}, "no winning shape"),
        ({"hand": "123456789m2345p", "win": "5p", "kan_deal_in": True, "tsumo": True}, "tsumo"),
        ({"hand": "123456789m5p", "win": "5p", "melds": ["chi:123p"]}, "no chi"),
    ],
)
async def test_no_win_is_a_422_with_one_sentence(
    client: httpx.AsyncClient, body: dict, words: str
) -> None:
    response = await client.post("/api/tools/score/sichuan", json=body)
    assert response.status_code == 422
    assert words in response.json()["detail"]


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("hand", "1m" * 1000),
        ("win", "1m" * 1000),
        ("void", "m" * 1000),
        ("melds", ["pon:111m"] * 20),
        ("melds", ["pon:" + "1m" * 1000]),
        ("surprise", True),
    ],
    ids=["hand", "win", "void", "many-melds", "long-meld", "unknown-field"],
)
async def test_oversized_or_unknown_fields_are_refused(
    client: httpx.AsyncClient, field: str, value: object
) -> None:
    body = {"hand": "123456789m2345p", "win": "5p", field: value}
    response = await client.post("/api/tools/score/sichuan", json=body)
    assert response.status_code == 422
    assert response.json()["detail"][0]["loc"][1] == field
