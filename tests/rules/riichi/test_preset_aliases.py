"""The profile's preset names MAJSOUL_TONPUU / MAJSOUL_HANCHAN are aliases of majsoul-tonpuu /
majsoul-hanchan wherever a preset is taken: one alias table in ``game/options.py``, resolved by
the preset lookup; what is stored or recorded is the canonical name. (The HTTP API and the
matchmaking queue: tests/server/test_preset_aliases.py; the lobby form: tests/web.)"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from openmahjong.cli import app
from openmahjong.rules.registry import get_ruleset, preset_name
from openmahjong.rules.riichi.game import PRESETS, preset
from openmahjong.rules.riichi.game.options import PRESET_ALIASES
from openmahjong.rules.riichi.game.ruleset import RULESET

ALIASES = {"MAJSOUL_TONPUU": "majsoul-tonpuu", "MAJSOUL_HANCHAN": "majsoul-hanchan"}


def test_the_alias_table():
    assert PRESET_ALIASES == ALIASES
    assert set(PRESET_ALIASES.values()) <= set(PRESETS)


@pytest.mark.parametrize(("alias", "name"), ALIASES.items())
def test_the_preset_lookup_resolves_an_alias_to_the_canonical_preset(alias, name):
    assert preset(alias) == PRESETS[name] and preset(alias).name == name
    assert preset(alias, red_fives=False).name == name
    assert RULESET.options(alias) == PRESETS[name]
    assert RULESET.new_match(None, 1, None, alias).options.name == name
    assert RULESET.preset_name(alias) == name and RULESET.preset_name(name) == name
    # ``presets`` answers the alias (``in``, ``[]``) but lists only the canonical names.
    assert alias in RULESET.presets and RULESET.presets[alias] == PRESETS[name]
    assert sorted(RULESET.presets) == sorted(PRESETS)
    assert preset_name(get_ruleset("riichi"), alias) == name


def test_unknown_names_are_still_refused():
    for name in ("majsoul_tonpuu", "MAJSOUL", "nope"):
        with pytest.raises(ValueError, match="unknown preset"):
            preset(name)
        assert name not in RULESET.presets
    assert preset_name(get_ruleset("riichi"), "nope") == "nope"  # the caller refuses it


def test_a_ruleset_without_aliases_keeps_its_names():
    mcr = get_ruleset("mcr")
    assert preset_name(mcr, "mcr-1round") == "mcr-1round"


def test_cli_selfplay_takes_an_alias_and_records_the_canonical_name(tmp_path):
    result = CliRunner().invoke(
        app, ["selfplay", "--preset", "MAJSOUL_TONPUU", "--seed", "5", "--out", str(tmp_path),
              "--json"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    record = json.loads((tmp_path / "game-0001.json").read_text())
    assert record["header"]["preset"] == "majsoul-tonpuu"
    assert record["header"]["options"]["length"] == 4
    summary = json.loads(result.stdout[result.stdout.index("{") :])
    assert summary["preset"] == "majsoul-tonpuu"


def test_cli_score_takes_a_table_preset_or_an_alias():
    args = ["score", "riichi", "123456789m123p55s", "--win", "5s", "--tsumo", "--json"]
    run = CliRunner().invoke
    base = run(app, [*args, "--preset", "majsoul"])
    assert base.exit_code == 0, base.output
    for name in ("MAJSOUL_TONPUU", "MAJSOUL_HANCHAN", "majsoul-hanchan"):
        again = run(app, [*args, "--preset", name])
        assert again.exit_code == 0, again.output
        assert json.loads(again.stdout) == json.loads(base.stdout)
    assert run(app, [*args, "--preset", "MAJSOUL_EAST"]).exit_code != 0


def test_cli_import_takes_an_alias_for_an_mjai_game(tmp_path):
    from tests.shared_data import shared_data

    log = next(shared_data("mjai").glob("*.jsonl"))
    out = tmp_path / "game.json"
    result = CliRunner().invoke(
        app, ["records", "import", str(log), "--from", "mjai", "--preset", "MAJSOUL_HANCHAN",
              "-o", str(out)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text())["header"]["preset"] == "majsoul-hanchan"
