"""``openmahjong score changsha`` and ``POST /api/tools/score/changsha``: the same document, a
named hand with its payments after the birds, and one sentence (exit 2 / HTTP 422) for no win."""

from __future__ import annotations

import json

import httpx
import pytest
from fastapi import FastAPI
from typer.testing import CliRunner

from openmahjong.cli import app as cli
from openmahjong.server.tools_api import router

runner = CliRunner()


def cli_json(*args: str) -> dict:
    result = runner.invoke(cli, ["score", "changsha", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_the_command_scores_a_small_win_with_birds():
    doc = cli_json("123m456p789s234m5s", "--win", "5s", "--tsumo", "--birds", "1p2s", "--seat", "1")
    assert doc["small"] and doc["value"] == 2
    assert doc["bird_seats"] == [0, 1] and doc["payments"] == [-6, 14, -4, -4]


def test_the_command_refuses_a_small_win_without_a_258_pair():
    result = runner.invoke(cli, ["score", "changsha", "123m456p789s234m9s", "--win", "9s"])
    assert result.exit_code == 2 and "2, 5 or 8" in result.output


@pytest.mark.asyncio
async def test_the_endpoint_answers_what_the_command_prints():
    app = FastAPI()
    app.include_router(router)
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://tools.test") as http:
        body = {"hand": "111333555777m9m", "win": "9m", "seat": 2, "discarder": 0}
        answered = await http.post("/api/tools/score/changsha", json=body)
        assert answered.status_code == 200
        doc = answered.json()
        assert [p["id"] for p in doc["patterns"]] == ["pengpeng", "qingyise"]
        assert doc["payments"] == [-12, 0, 12, 0]
        assert doc == cli_json("111333555777m9m", "--win", "9m", "--seat", "2", "--discarder", "0")
        refused = await http.post(
            "/api/tools/score/changsha", json={"hand": "123m456p789s234m9s", "win": "9s"}
        )
        assert refused.status_code == 422 and "2, 5 or 8" in refused.json()["detail"]
