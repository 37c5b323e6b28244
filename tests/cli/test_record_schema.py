"""Self-play records validate against docs/record.schema.json (and the schema says no to
broken ones)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from .minischema import errors

SCHEMA = json.loads(
    (Path(__file__).resolve().parents[2] / "docs" / "record.schema.json").read_text()
)


def validate(record) -> list[str]:
    return errors(record, SCHEMA, SCHEMA)


def test_self_play_records_match_the_schema(records):
    for path in sorted(records.iterdir()):
        assert validate(json.loads(path.read_text())) == [], path


def test_the_schema_rejects_broken_records(records):
    good = json.loads((records / "game-0001.json").read_text())
    cases = []
    bad = copy.deepcopy(good)
    bad["header"]["players"] = ["a", "b"]
    cases.append(bad)
    bad = copy.deepcopy(good)
    bad["actions"][0][2] = {"type": "discard", "tile": 99, "riichi": False, "tsumogiri": True}
    cases.append(bad)
    bad = copy.deepcopy(good)
    bad["actions"][0][1] = 4
    cases.append(bad)
    bad = copy.deepcopy(good)
    bad["hands"][0]["label"] = "East 1"
    cases.append(bad)
    bad = copy.deepcopy(good)
    del bad["header"]["commitment"]
    cases.append(bad)
    bad = copy.deepcopy(good)
    bad["header"]["options"]["ron_mode"] = "TRIPLE"
    cases.append(bad)
    for case in cases:
        assert validate(case), case["header"]


def test_the_schema_with_jsonschema_when_installed(records):
    jsonschema = pytest.importorskip(
        "jsonschema",
        reason="jsonschema is not installed in .venv (add 'jsonschema>=4.21' to the dev extras "
        "to check the schema with the reference validator too)",
    )
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    for path in sorted(records.iterdir()):
        jsonschema.validate(json.loads(path.read_text()), SCHEMA)


def test_every_table_option_is_in_the_schema():
    from openmahjong.rules.riichi.game.options import GameOptions

    listed = set(SCHEMA["$defs"]["options"]["properties"])
    missing = set(GameOptions.model_fields) - listed
    assert not missing, f"add {sorted(missing)} to docs/record.schema.json ($defs.options)"
