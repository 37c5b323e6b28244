"""``openmahjong analyze --ruleset changsha``: Changsha's ready forms (four sets and a pair, or
seven pairs; docs/changsha.md) on its 108 tiles, from the command and the HTTP route alike."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from openmahjong.cli import app
from openmahjong.server.tools_api import router

runner = CliRunner()


def analyze(hand: str) -> dict:
    result = runner.invoke(app, ["analyze", hand, "--ruleset", "changsha", "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_a_seven_pairs_wait_counts_in_changsha():
    # Six pairs and a single: ready on the single's mate (七小对), not by four sets and a pair.
    data = analyze("1122m3344p5566s7s")
    assert data["ruleset"] == "changsha"
    assert data["shanten"] == 0 and data["waits"] == ["7s"]


def test_a_regular_hand_waits_on_both_sides():
    data = analyze("123m456p789s2345s")
    assert data["shanten"] == 0 and data["waits"] == ["2s", "5s"]


def test_honours_are_refused_with_one_sentence():
    result = runner.invoke(app, ["analyze", "123m456p789s1234z", "--ruleset", "changsha"])
    assert result.exit_code == 2
    assert "Changsha is played with the three suits only" in result.output


def test_the_route_gives_what_the_command_prints():
    from fastapi import FastAPI

    web = FastAPI()
    web.include_router(router)
    body = {"hand": "1122m3344p5566s7s", "ruleset": "changsha"}
    answer = TestClient(web).post("/api/tools/analyze", json=body)
    assert answer.status_code == 200
    assert answer.json() == analyze("1122m3344p5566s7s")
