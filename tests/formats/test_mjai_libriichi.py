"""Our mjai export, fed event by event to an independent mjai consumer (issue 16, acceptance).

The consumer is Mortal's rule engine, libriichi, as the ``mjai`` package (mjai.app's simulator)
ships it: four ``PlayerState`` validate every action of the log when it is taken
(``tests/formats/mjai_consumer.py``), and the ``dora`` / ``reach_accepted`` events must sit
where libriichi's arena writes them.

The game is made of scripted hands on rigged walls (``scripted_hands.GAME``): an open kan, an
added kan, a robbed added kan, a closed kan, an open kan followed by two closed kans and a
fourth kan by another seat (four-kan abort), a win on a replacement tile, a riichi discard
taken by pon, chi and open kan, a double ron on a riichi discard, and every draw: exhaustive,
nagashi mangan, nine terminals, four winds, four riichi, four kans, triple ron (Tenhou aborts).
It is exported with ``openmahjong records export --to mjai``.

Real Tenhou games (mjlog) and the tenhou.net/6 edge cases of the reference data
(``tests/shared_data.py``) go through the same consumer after import and export.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from openmahjong.cli import app
from openmahjong.formats.convert import export_record, import_text, read_log
from openmahjong.formats.riichi_import import replay_game, replay_imported
from openmahjong.rules.riichi.game.options import preset
from tests.formats.mjai_consumer import board_order_problems, consume, load_libriichi
from tests.formats.scripted_game import build
from tests.formats.scripted_hands import GAME

TENHOU = preset("tenhou-hanchan")
runner = CliRunner()


@pytest.fixture(scope="module")
def libriichi():
    return load_libriichi()


@pytest.fixture(scope="module")
def record() -> dict:
    return build(GAME, TENHOU)


@pytest.fixture(scope="module")
def exported(record, tmp_path_factory) -> list[dict]:
    folder = tmp_path_factory.mktemp("mjai")
    source, out = folder / "game.json", folder / "game.mjai.jsonl"
    source.write_text(json.dumps(record))
    done = runner.invoke(app, ["records", "export", str(source), "--to", "mjai", "-o", str(out)])
    assert done.exit_code == 0, done.output
    return [json.loads(line) for line in out.read_text().splitlines()]


def test_the_scripted_game_replays_from_its_walls(record):
    tables, report = replay_imported(record)
    assert report.mismatches == [] and report.hands_matched == len(GAME)
    assert [h["reason"] for h in record["hands"]] == [h.ends or h_reason(h) for h in GAME]


def h_reason(hand) -> str:  # noqa: ANN001
    # Hands without a scripted ending are played out: nobody wins, so an exhaustive draw.
    return "exhaustive"


def test_the_game_has_every_kan_call_and_draw(exported):
    kinds = Counter(e["type"] for e in exported)
    assert kinds["ankan"] == 4 and kinds["daiminkan"] == 5 and kinds["kakan"] == 3
    assert kinds["hora"] == 5 and kinds["reach_accepted"] >= 7
    reasons = Counter(e.get("reason") for e in exported if e["type"] == "ryukyoku")
    assert reasons == {
        None: 7,  # exhaustive draws
        "nagashimangan": 1,
        "kyushukyuhai": 1,
        "suufon_renda": 1,
        "suucha_riichi": 1,
        "suukaikan": 1,
        "sanchaho": 1,
    }
    for call in ("pon", "chi", "daiminkan"):  # each one takes a riichi discard once
        assert any(
            a["type"] == "reach"
            and c["type"] == "dahai"
            and d["type"] == "reach_accepted"
            and e["type"] == call
            for a, c, d, e in zip(exported, exported[1:], exported[2:], exported[3:], strict=False)
        ), call
    double = [i for i, e in enumerate(exported) if e["type"] == "hora"]
    assert any(b == a + 1 for a, b in zip(double, double[1:], strict=False))  # a double ron


def test_libriichi_accepts_every_event(exported, libriichi):
    consumer = consume(exported, libriichi)
    assert consumer.events == len(exported)
    assert consumer.actions_validated > 300


def test_dora_and_reach_accepted_sit_where_libriichi_writes_them(exported):
    assert board_order_problems(exported) == []


@pytest.mark.parametrize("to", ["mjai", "tenhou6"])
def test_the_exports_read_back_to_the_same_hands(record, to):
    again, report = import_text(export_record(record, to), to, preset="tenhou-hanchan")
    assert report.mismatches == []
    strip = [{k: v for k, v in h.items() if k != "actions"} for h in record["hands"]]
    assert [{k: v for k, v in h.items() if k != "actions"} for h in again["hands"]] == strip


# --------------------------------------------------------------------------- real games


def _real_games() -> list[Path]:
    from tests.shared_data import SELF_CONTRADICTORY, shared_data

    houou = sorted(shared_data("tenhou-houou-2020").glob("*gm-00a9-*.mjlog"))[:6]
    edge = sorted(shared_data("tenhou6-edge-cases").glob("*.json"))
    # The two hand-edited excerpts do not replay (test_real_games says where); the rest must.
    return houou + [p for p in edge if p.name not in SELF_CONTRADICTORY]


@pytest.mark.parametrize("path", _real_games(), ids=lambda p: p.name)
def test_real_games_exported_to_mjai_are_accepted(path, libriichi):
    fmt = "mjlog" if path.suffix == ".mjlog" else "tenhou6"
    game = read_log(path.read_text(encoding="utf-8"), fmt, path.name)
    record, report = replay_game(game)
    assert report.mismatches == []
    events = [json.loads(line) for line in export_record(record, "mjai").splitlines()]
    consume(events, libriichi)
    assert board_order_problems(events) == []
