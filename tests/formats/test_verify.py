"""``formats.verify.verify_record``: the one record check the CLI and the server share.

Real records: a self-play game of ours (its commitment, seating and digests), a Tenhou mjlog and
the same game imported into our format, each as written and tampered with.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from openmahjong.bots import play_match, selfplay_seed
from openmahjong.formats.verify import (
    FairnessCheck,
    Mismatch,
    RecordError,
    read_record,
    verify_record,
)
from openmahjong.rules.riichi.game import preset

DATA = Path(__file__).resolve().parents[1] / "data"
MJLOG = DATA / "tenhou-houou-2020" / "2020010100gm-00a9-0000-03aa14b0.mjlog"


@pytest.fixture(scope="module")
def ours() -> dict:
    seed, salt = selfplay_seed(5, 0)
    record = play_match(preset("majsoul-tonpuu"), seed, salt=salt).record()
    return json.loads(json.dumps(record))  # as read back from a file


def test_our_record_matches_and_its_fairness_fields_hold(ours):
    report = verify_record(ours, "ours")
    assert report.format == "openmahjong" and report.status == "ok" and report.ok
    assert report.games == 1 and report.hands == report.hands_matched == len(ours["hands"])
    assert report.mismatches == []
    assert report.fairness == FairnessCheck(seed_revealed=True, commitment=True, seating=True)


def test_tampered_points_and_commitment_are_mismatches(ours):
    data = copy.deepcopy(ours)
    data["hands"][0]["points"][0] += 1000
    data["header"]["commitment"] = "0" * 64
    report = verify_record(data)
    assert report.status == "mismatch" and not report.ok
    assert report.fairness.commitment is False and report.fairness.seating is True
    hands = {m.hand for m in report.mismatches}
    assert hands == {"header", data["hands"][0]["label"]}
    assert report.hands_matched == report.hands - 1
    assert Mismatch("header", "commitment is not SHA-256(master_seed + salt)") in report.mismatches


def test_a_refused_action_is_an_error_naming_hand_and_position(ours):
    data = copy.deepcopy(ours)
    position = next(i for i, a in enumerate(data["actions"]) if a[2]["type"] == "discard")
    action = data["actions"][position][2]
    action["tile"] = 47 if action["tile"] != 47 else 46
    report = verify_record(data)
    assert report.status == "error" and report.error is not None
    assert f"action {position}" in report.error and "refuses" in report.error


def test_an_unrevealed_seed_is_skipped(ours):
    data = copy.deepcopy(ours)
    data["header"]["master_seed"] = None
    report = verify_record(data)
    assert report.status == "skipped" and "not revealed" in (report.skipped or "")
    assert report.fairness.seed_revealed is False


def test_a_real_tenhou_log_and_its_import_match_and_a_tampered_import_does_not():
    log = read_record(MJLOG)
    assert isinstance(log, str)
    report = verify_record(log, MJLOG.name)
    assert report.format == "mjlog" and report.ok
    assert report.hands == report.hands_matched > 0

    from openmahjong.formats.convert import import_text

    record, _ = import_text(log, "mjlog", MJLOG.name)
    imported = json.loads(json.dumps(record))
    again = verify_record(imported)
    assert again.format == "openmahjong-imported" and again.ok
    assert again.hands == report.hands

    imported["hands"][1]["deltas"] = [d + 100 for d in imported["hands"][1]["deltas"]]
    tampered = verify_record(imported)
    assert tampered.status == "mismatch" and tampered.hands_matched < tampered.hands


def test_unreadable_files_raise_record_error(tmp_path):
    with pytest.raises(RecordError, match="cannot read"):
        read_record(tmp_path / "missing.json")
    junk = tmp_path / "junk.mjlog"
    junk.write_text('{"not": "xml"}')
    with pytest.raises(RecordError, match="not mjlog XML"):
        read_record(junk)
    assert verify_record({"hello": 1}).status == "error"
