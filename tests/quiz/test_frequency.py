"""The frequency measurement: generated hands are real wins, figures are reproducible, and the
catalogue's order of Knitted Straight's categories follows what is measured."""

from __future__ import annotations

import contextlib
import json
import random

import pytest
from typer.testing import CliRunner

from openmahjong.cli import app
from openmahjong.quiz.catalogue import get
from openmahjong.quiz.frequency import TRACKED, measure, random_mcr_win
from openmahjong.rules.mcr.scoring import BelowMinimum, score_win

KS_WITH_HONORS = TRACKED[0]


def test_every_generated_mcr_hand_is_a_winning_shape():
    rng = random.Random(7)
    forms = set()
    for _ in range(600):
        with contextlib.suppress(BelowMinimum):  # a winning shape worth less than 8 fan
            forms.add(score_win(**random_mcr_win(rng)).form)
    assert {"regular", "seven pairs", "honors and knitted"} <= forms


def test_same_seed_same_figures():
    a, b = measure("mcr", 300, seed=3), measure("mcr", 300, seed=3)
    assert a.hands == b.hands == 300
    assert a.alone == b.alone and a.together == b.together
    assert measure("mcr", 300, seed=4).alone != a.alone


def test_counts_are_consistent():
    freq = measure("mcr", 500, seed=1)
    for pid, n in freq.alone.items():
        assert n <= freq.hands
        for other, both, of in freq.with_(pid):
            assert of == n and 0 < both <= min(n, freq.alone[other])
            assert freq.together[other, pid] == both


def test_knitted_straight_is_sequence_first_as_measured():
    # §7.4.1: Knitted Straight is [sequence, knitted] because it comes with Lesser Honors and
    # Knitted Tiles in a minority of its hands; our generator agrees
    freq = measure("mcr", 3000, seed=0)
    both, hands = freq.share(*KS_WITH_HONORS)
    assert hands > 100 and 0 < both < hands / 2
    assert get("mcr:knitted_straight").categories == ("sequence", "knitted")


def test_riichi_hands_use_the_merged_patterns():
    freq = measure("riichi", 400, seed=2)
    assert freq.alone["riichi:yakuhai"] > 0
    assert not any(pid.startswith("riichi:haku") for pid in freq.alone)


def test_bad_input_is_refused():
    with pytest.raises(ValueError, match="unknown ruleset"):
        measure("sichuan", 10)
    with pytest.raises(ValueError, match="at least 1"):
        measure("mcr", 0)


def test_the_command():
    runner = CliRunner()
    result = runner.invoke(
        app,
        ["quiz", "frequency", "--hands", "400", "--pattern", "组合龙", "--json"],
    )
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    assert document["hands"] == 400
    [row] = document["patterns"]
    assert row["id"] == "mcr:knitted_straight" and row["hands"] > 0
    assert document["tracked"][0]["pattern"] == "mcr:knitted_straight"
    result = runner.invoke(app, ["quiz", "frequency", "--hands", "200"])
    assert result.exit_code == 0 and "Knitted Straight with Lesser Honors" in result.output
    result = runner.invoke(app, ["quiz", "frequency", "--pattern", "no such fan"])
    assert result.exit_code != 0 and "no quiz pattern" in result.output
    result = runner.invoke(app, ["quiz", "frequency", "--ruleset", "riichi", "--pattern", "清龙"])
    assert result.exit_code != 0 and "--ruleset mcr" in result.output
