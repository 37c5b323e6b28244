"""``openmahjong score declared RULESET ...`` and ``POST /api/tools/score/declared/{ruleset}``
(docs/rulesets.md, "Its calculator"): any declared ruleset scored by its own patterns and
payments, the same document from both, and a clear refusal of what is not a declared ruleset or
no win. The ruleset here is the tests' sample declaration (``tests/rules/declarative``)."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from openmahjong.cli import app
from openmahjong.server.tools_api import router
from tests.rules.declarative.sample import registered

runner = CliRunner()
HAND = "123m456p789s1122z"  # concealed, waiting on 1z or 2z: a pung of 2z and the 1z pair


@pytest.fixture(autouse=True)
def sample() -> Iterator[None]:
    with registered():
        yield


def run(*args: str):
    return runner.invoke(app, ["score", "declared", *args])


def score(*args: str) -> dict:
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_a_concealed_self_draw_is_paid_by_every_other_seat():
    document = score("sample", HAND, "--win", "2z", "--tsumo")
    assert [(p["key"], p["times"], p["points"]) for p in document["patterns"]] == [
        ("concealed", 1, 5)
    ]
    assert document["points"] == 5 and document["raw"] == 5
    # The sample's payment: self-draw 1x from each, a discard 3x from the discarder alone.
    assert document["payments"]["by_seat"] == [15, -5, -5, -5]


def test_on_a_discard_the_discarder_pays_three_times():
    assert score("sample", HAND, "--win", "2z")["payments"]["by_seat"] == [15, -15, 0, 0]


def test_the_hand_may_be_written_with_the_winning_tile_too():
    with_it = "123m456p789s11222z"
    assert score("sample", with_it, "--win", "2z") == score("sample", HAND, "--win", "2z")


def test_names_come_in_the_three_languages():
    (pattern,) = score("sample", HAND, "--win", "2z")["patterns"]
    assert (pattern["en"], pattern["zh"]) == ("Concealed Hand", "门前清") and pattern["ja"]
    shown = run("sample", HAND, "--win", "2z", "--lang", "zh")
    assert shown.exit_code == 0 and "门前清" in shown.output


def test_what_is_no_win_or_no_declared_ruleset_exits_two_with_one_sentence():
    no_win = run("sample", "123m456p789s1123z", "--win", "4z")
    assert no_win.exit_code == 2 and "no sample win" in no_win.output
    not_declared = run("riichi", HAND, "--win", "2z")
    assert not_declared.exit_code == 2
    assert "'riichi' is not a declared ruleset: use one of" in not_declared.output
    bad_meld = run("sample", "456p789s1122z", "--win", "2z", "--meld", "pung:123m")
    assert bad_meld.exit_code == 2 and "meld 'pung:123m'" in bad_meld.output


def test_the_route_answers_the_commands_document_and_refuses_alike():
    web = FastAPI()
    web.include_router(router)
    client = TestClient(web)
    answer = client.post(
        "/api/tools/score/declared/sample", json={"hand": HAND, "win": "2z", "tsumo": True}
    )
    assert answer.status_code == 200
    assert answer.json() == score("sample", HAND, "--win", "2z", "--tsumo")
    refused = client.post("/api/tools/score/declared/riichi", json={"hand": HAND, "win": "2z"})
    assert refused.status_code == 422 and "not a declared ruleset" in refused.json()["detail"]
