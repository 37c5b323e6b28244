"""``openmahjong analyze --ruleset NAME`` for every installed ruleset that names its forms
(``analysis_forms``): Taiwan's five sets, Qingque's forms, a declared plugin's own forms and
tiles, and the refusal of a ruleset that names none (docs/hand-analysis.md)."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from openmahjong.cli import app
from openmahjong.rules import registry
from openmahjong.server.tools_api import router
from tests.rules.declarative.sample import SAMPLE, registered
from tests.rules.toy_ruleset import TOY

runner = CliRunner()


def analyze(hand: str, ruleset: str) -> dict:
    result = runner.invoke(app, ["analyze", hand, "--ruleset", ruleset, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_a_sixteen_tile_taiwan_hand_waits_on_both_sides():
    # Four sets and 45p plus a pair: the fifth set is 3p or 6p (16 tiles, five sets to make).
    data = analyze("123m456m789m123p45p99s", "taiwan")
    assert data["tiles"] == 16 and data["shanten"] == 0
    assert data["waits"] == ["3p", "6p"]
    assert data["shanten_by_form"] == {"regular": 0}


def test_a_seventeen_tile_taiwan_hand_gets_a_discard_table():
    data = analyze("123m456m789m123p456p9s1z", "taiwan")
    best = data["discards"][0]
    assert {best["discard"], data["discards"][1]["discard"]} == {"9s", "1z"}
    assert best["shanten"] == 0 and set(best["useful"]) in ({"9s"}, {"1z"})


def test_eighteen_tiles_are_no_taiwan_hand_and_the_refusal_says_so():
    result = runner.invoke(app, ["analyze", "123m456m789m123p456p99s1z", "--ruleset", "taiwan"])
    assert result.exit_code == 2
    assert "16 or 17 tiles" in result.output


def test_qingque_counts_seven_pairs_but_not_thirteen_orphans():
    assert analyze("1122m3344p5566s7z", "qingque")["waits"] == ["7z"]
    orphans = analyze("19m19p19s1234567z", "qingque")
    assert orphans["shanten"] > 0 and "thirteen_orphans" not in orphans["shanten_by_form"]
    assert analyze("19m19p19s1234567z", "riichi")["shanten"] == 0


@pytest.fixture
def plugins() -> Iterator[None]:
    with registered(SAMPLE, TOY):
        yield


def test_a_declared_ruleset_is_analysed_by_its_own_forms(plugins):
    # The sample declares thirteen orphans among its forms.
    data = analyze("19m19p19s1234567z", "sample")
    assert data["ruleset"] == "sample" and data["shanten"] == 0 and len(data["waits"]) == 13


def test_a_ruleset_naming_no_forms_is_refused_and_listed_nowhere(plugins):
    result = runner.invoke(app, ["analyze", "123m456p789s1122z", "--ruleset", TOY.name])
    assert result.exit_code == 2
    assert f"unknown ruleset {TOY.name!r}" in result.output and "sample" in result.output


def test_the_ruleset_list_says_which_rulesets_the_analysis_offers(plugins):
    from openmahjong.server.rooms import ruleset_entry

    listed = {name: ruleset_entry(r) for name, r in registry.rulesets().items()}
    assert listed["taiwan"]["analysis_forms"] == ["regular"]
    assert listed["sample"]["analysis_forms"] == ["regular", "seven_pairs", "thirteen_orphans"]
    assert listed[TOY.name]["analysis_forms"] == []
    assert all(listed[name]["analysis_forms"] for name in ("riichi", "mcr", "freeplay"))


def test_the_http_route_answers_as_the_command():
    from fastapi import FastAPI

    web = FastAPI()
    web.include_router(router)
    body = {"hand": "123m456m789m123p45p99s", "ruleset": "taiwan"}
    answer = TestClient(web).post("/api/tools/analyze", json=body)
    assert answer.status_code == 200
    assert answer.json() == analyze("123m456m789m123p45p99s", "taiwan")
