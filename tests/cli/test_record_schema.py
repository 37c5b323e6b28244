"""Records validate against docs/record.schema.json, and the schema says no to broken ones:
self-play records of both rulesets and a real Tenhou game imported into our record."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import jsonschema
from typer.testing import CliRunner

from openmahjong.cli import app
from tests.shared_data import shared_data

SCHEMA = json.loads(
    (Path(__file__).resolve().parents[2] / "docs" / "record.schema.json").read_text()
)
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


def problems(record) -> list[str]:
    return [error.message for error in VALIDATOR.iter_errors(record)]


def test_the_schema_is_a_valid_json_schema():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


def test_self_play_records_match_the_schema(records):
    for path in sorted(records.iterdir()):
        assert problems(json.loads(path.read_text())) == [], path


def test_mcr_self_play_records_match_the_schema(tmp_path):
    result = CliRunner().invoke(
        app, ["selfplay", "--ruleset", "mcr", "--preset", "mcr-1round", "--seed", "3",
              "--out", str(tmp_path)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    record = json.loads((tmp_path / "game-0001.json").read_text())
    assert problems(record) == []
    record["hands"][0]["label"] = "E1-0"  # a Riichi label is not an MCR one
    assert problems(record)


def test_an_imported_tenhou_game_matches_the_schema(tmp_path):
    log = shared_data("tenhou-houou-2020", "2020010100gm-00a9-0000-03aa14b0.mjlog")
    out = tmp_path / "game.json"
    result = CliRunner().invoke(
        app, ["records", "import", str(log), "--from", "mjlog", "-o", str(out)]
    )
    assert result.exit_code == 0, result.output
    record = json.loads(out.read_text())
    assert record["header"]["source"]["format"] == "mjlog"
    assert problems(record) == []


def test_the_schema_rejects_broken_records(records):
    good = json.loads((records / "game-0001.json").read_text())
    edits = [
        lambda r: r["header"].__setitem__("players", ["a", "b"]),
        lambda r: r["actions"][0].__setitem__(
            2, {"type": "discard", "tile": 99, "riichi": False, "tsumogiri": True}
        ),
        lambda r: r["actions"][0].__setitem__(1, 4),
        lambda r: r["hands"][0].__setitem__("label", "East 1"),
        lambda r: r["header"].pop("commitment"),
        lambda r: r["header"]["options"].__setitem__("ron_mode", "TRIPLE"),
    ]
    for edit in edits:
        bad = copy.deepcopy(good)
        edit(bad)
        assert problems(bad), bad["header"]


def test_every_table_option_is_in_the_schema():
    from openmahjong.rules.mcr.game.options import McrOptions
    from openmahjong.rules.riichi.game.options import GameOptions

    for model, name in ((GameOptions, "options"), (McrOptions, "mcrOptions")):
        missing = set(model.model_fields) - set(SCHEMA["$defs"][name]["properties"])
        assert not missing, f"add {sorted(missing)} to docs/record.schema.json ($defs.{name})"
