"""Import and export: round trips keep every hand's outcome; broken files are clear errors.

Round trips: a real game imported from mjlog, exported to tenhou.net/6 and to mjai, and read
back gives the same hand summaries (and result); so does a self-play record. riichienv's
``MjaiReplay`` reads our mjai export. Malformed files of each format (truncated, a wrong tile,
an impossible call) raise :class:`FormatError` naming the hand and the action.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from openmahjong.bots.selfplay import play_match, selfplay_seed
from openmahjong.cli import app
from openmahjong.formats.convert import detect, export_record, import_text, read_log
from openmahjong.formats.riichi_import import FormatError, replay_game, replay_imported
from openmahjong.rules.riichi.game.options import preset
from tests.shared_data import shared_data

DATA = shared_data()
GAME = DATA / "tenhou-houou-2020" / "2020010100gm-00a9-0000-03aa14b0.mjlog"
THREE = DATA / "tenhou-houou-2020" / "2020010100gm-00b9-0000-18a1410f.mjlog"
MJAI = DATA / "mjai" / "126_204_0_mjai.jsonl"
EDGE = DATA / "tenhou6-edge-cases"
runner = CliRunner()


def text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def imported() -> dict:
    record, report = import_text(text(GAME), "mjlog", GAME.name)
    assert report.mismatches == []
    return record


@pytest.fixture(scope="module")
def selfplay() -> dict:
    seed, salt = selfplay_seed(7, 0)
    return play_match(preset("tenhou-hanchan"), seed, salt=salt).record()


# --------------------------------------------------------------------------- round trips


@pytest.mark.parametrize("to", ["tenhou6", "mjai"])
def test_a_real_game_round_trips_with_every_outcome(imported, to):
    out = export_record(imported, to)
    assert detect(out) == to
    again, report = import_text(out, to)
    assert report.mismatches == [] and report.hands == 17
    assert again["hands"] == imported["hands"]
    assert again["result"] == imported["result"]


@pytest.mark.parametrize(
    "name",
    [
        "chankan.json",
        "double_kakan_then_chankan.json",
        "double_ron.json",
        "four_reach.json",
        "kyushukyuhai.json",
        "rinshan.json",
        "ryukyoku.json",
        "suukantsu_0.json",
        "suukantsu_1.json",
        "complex_nakis_0.json",
        "confusing_nakis_4.json",
    ],
)
@pytest.mark.parametrize("to", ["tenhou6", "mjai"])
def test_edge_cases_round_trip(name, to):
    game = read_log(text(EDGE / name), "tenhou6", name)
    record, report = replay_game(game)
    assert report.mismatches == []
    again, report = import_text(export_record(record, to), to, name)
    assert report.mismatches == []
    assert again["hands"] == record["hands"]


@pytest.mark.parametrize("to", ["tenhou6", "mjai"])
def test_self_play_records_round_trip(selfplay, to):
    again, report = import_text(export_record(selfplay, to), to)
    assert report.mismatches == [] and report.hands == len(selfplay["hands"])
    assert again["hands"] == selfplay["hands"]
    assert again["result"] == selfplay["result"]


def test_riichienv_reads_our_mjai_export(selfplay, imported, tmp_path):
    riichienv = pytest.importorskip("riichienv")
    for n, record in enumerate((selfplay, imported)):
        path = tmp_path / f"game{n}.jsonl"
        path.write_text(export_record(record, "mjai"))
        replay = riichienv.MjaiReplay.from_jsonl(str(path))
        steps = 0
        for kyoku in replay.take_kyokus():
            steps += sum(1 for _ in kyoku.steps())
            list(kyoku.take_win_result_contexts())
        assert replay.num_rounds() == len(record["hands"]) and steps > 0


def test_mjai_export_is_the_standard_dialect(imported):
    events = [json.loads(line) for line in export_record(imported, "mjai").splitlines()]
    hora = next(e for e in events if e["type"] == "hora")
    assert {"deltas", "ura_markers", "fan", "fu", "yakus"} <= hora.keys()
    assert hora["fan"] == 4 and hora["fu"] == 30 and ["riichi", 1] in hora["yakus"]
    start = next(e for e in events if e["type"] == "start_kyoku")
    assert len(start["tehais"]) == 4 and all(len(h) == 13 for h in start["tehais"])


def test_tenhou6_export_spells_dragons_and_red_fives_its_way(imported):
    doc = json.loads(export_record(imported, "tenhou6"))
    first = doc["log"][0]
    # Seat 1 of E1 draws the red 5s (id 88): tenhou.net/6 writes it 53. Seat 3 is dealt a
    # green dragon (id 129, our 47): tenhou.net/6 writes it 46.
    assert 53 in first[5 + 3 * 1]
    assert 46 in first[4 + 3 * 3]
    assert first[-1][0] == "和了" and first[-1][2][3] == "30符4飜7700点"
    assert doc["rule"]["aka"] == 1 and "南" in doc["rule"]["disp"]


def test_imported_records_replay_from_their_walls(imported):
    assert json.loads(json.dumps(imported)) == imported  # plain JSON data, lists not tuples
    assert len(imported["header"]["deals"]) == 17
    assert all(len(deal["wall"]) == 136 for deal in imported["header"]["deals"])
    tables, report = replay_imported(imported)
    assert report.mismatches == [] and report.hands_matched == 17 and len(tables) == 17
    bad = json.loads(json.dumps(imported))
    bad["hands"][2]["deltas"][0] += 100
    _tables, report = replay_imported(bad)
    assert [label for label, _ in report.mismatches] == ["E2-1"]
    bad = json.loads(json.dumps(imported))
    bad["result"]["final_points"][0] += 100
    _tables, report = replay_imported(bad)
    assert [label for label, _ in report.mismatches] == ["result"]


def test_mjai_game_reads_its_red_fives_and_dialect():
    record, report = import_text(text(MJAI), "mjai", MJAI.name)
    assert report.hands == report.hands_matched == 12
    assert record["header"]["source"]["format"] == "mjai"
    assert record["header"]["preset"] == "tenhou-hanchan"
    record, report = import_text(text(MJAI), "mjai", MJAI.name, preset="majsoul-hanchan")
    assert record["header"]["preset"] == "majsoul-hanchan" and report.hands == 12


# --------------------------------------------------------------------------- malformed files


def test_mjlog_truncated():
    cut = text(GAME)[:5000]
    with pytest.raises(FormatError, match="not mjlog XML"):
        read_log(cut, "mjlog")
    # Cut at a tag boundary: the last hand has no result.
    body = text(GAME)
    cut = body[: body.index("<AGARI")] + "</mjloggm>"
    with pytest.raises(FormatError, match=r"E1-0: the hand has no result"):
        read_log(cut, "mjlog")


def test_mjlog_wrong_tile():
    body = text(GAME).replace("<T97/>", "<T977/>", 1)
    with pytest.raises(FormatError, match=r"E1-0, tag \d+ <T977>: 977 is not a Tenhou tile id"):
        read_log(body, "mjlog")


def test_mjlog_impossible_call_names_hand_and_action():
    # E2-1's first call is seat 1's chi of 3p from seat 0; give seat 2 the call instead.
    body = text(GAME).replace('<N who="1" m="21823" />', '<N who="2" m="21823" />', 1)
    game = read_log(body, "mjlog")
    _record, report = replay_game(game)
    label, what = report.mismatches[0]
    assert label == "E2-1" and "seat 2 chi" in what and "action" in what


def test_tenhou6_truncated_and_wrong_tile():
    body = text(EDGE / "rinshan.json")
    with pytest.raises(FormatError, match="line 1: not JSON"):
        read_log(body[: len(body) // 2], "tenhou6")
    doc = json.loads(body)
    doc["log"][0][4][0] = 48
    with pytest.raises(FormatError, match=r"S2-0, hai0: 48 is not a tenhou.net/6 tile"):
        read_log(json.dumps(doc), "tenhou6")


def test_tenhou6_impossible_call():
    doc = json.loads(text(EDGE / "complex_nakis_0.json"))
    draws = doc["log"][0][5 + 3 * 1]
    i = next(i for i, d in enumerate(draws) if isinstance(d, str))
    draws[i] = "p111111"  # a pon of a tile nobody discarded there
    with pytest.raises(FormatError, match=r"E3-3, seat \d"):
        read_log(json.dumps(doc), "tenhou6")


def test_mjai_truncated_wrong_tile_and_impossible_call():
    lines = text(MJAI).splitlines()
    with pytest.raises(FormatError, match="not JSON"):
        read_log("\n".join(lines[:40]) + "\n" + lines[40][:20], "mjai")
    with pytest.raises(FormatError, match=r"the hand has no result"):
        read_log("\n".join(lines[:40]), "mjai")
    wrong = "\n".join(lines).replace('"pai":"5p"', '"pai":"0p"', 1)
    with pytest.raises(FormatError, match=r"E1-0, line \d+: '0p' is not an mjai tile"):
        read_log(wrong, "mjai")
    k = next(i for i, line in enumerate(lines) if '"type":"pon"' in line)
    event = json.loads(lines[k])
    event["actor"] = (
        (event["actor"] + 1) % 4
        if (event["actor"] + 1) % 4 != event["target"]
        else (event["actor"] + 2) % 4
    )
    lines[k] = json.dumps(event)
    game = read_log("\n".join(lines), "mjai")
    _record, report = replay_game(game)
    assert report.mismatches and "pon" in report.mismatches[0][1]


# --------------------------------------------------------------------------- the CLI


def test_cli_import_export_and_check(tmp_path):
    ours = tmp_path / "game.json"
    result = runner.invoke(
        app, ["records", "import", str(GAME), "--from", "mjlog", "-o", str(ours)]
    )
    assert result.exit_code == 0, result.output
    assert "17/17 hands match" in result.stderr
    for to, suffix in (("tenhou6", "json"), ("mjai", "jsonl")):
        out = tmp_path / f"game.{to}.{suffix}"
        result = runner.invoke(app, ["records", "export", str(ours), "--to", to, "-o", str(out)])
        assert result.exit_code == 0, result.output
    files = [GAME, ours, tmp_path / "game.tenhou6.json", tmp_path / "game.mjai.jsonl", MJAI]
    result = runner.invoke(app, ["replay", "check", "--json", *map(str, files)])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["games"] == 5 and report["hands"] == report["hands_matched"] == 17 * 4 + 12
    assert report["mismatches"] == [] and report["skipped"] == [] and report["ok"]


def test_cli_check_skips_three_player_games_with_the_reason():
    result = runner.invoke(app, ["replay", "check", "--json", str(THREE), str(GAME)])
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["hands_matched"] == 17
    assert report["skipped"] == [
        {
            "file": str(THREE),
            "reason": "a three-player game (GO type flag 0x10): the engine plays four",
        }
    ]


def test_cli_errors_are_one_line(tmp_path):
    broken = tmp_path / "broken.mjlog"
    broken.write_text(text(GAME).replace("<T97/>", "<T977/>", 1))
    result = runner.invoke(app, ["records", "import", str(broken), "--from", "mjlog"])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "E1-0" in result.stderr and "977" in result.stderr
    result = runner.invoke(app, ["records", "import", str(THREE), "--from", "mjlog"])
    assert result.exit_code == 2 and "three-player" in result.stderr
    result = runner.invoke(app, ["replay", "check", "--json", str(broken)])
    assert result.exit_code == 2
    assert "E1-0" in json.loads(result.stdout)["errors"][0]["error"]
    result = runner.invoke(
        app, ["records", "import", str(MJAI), "--from", "mjai", "--preset", "nope"]
    )
    assert result.exit_code == 2 and "unknown preset" in result.stderr
    result = runner.invoke(app, ["records", "import", str(GAME), "--from", "nope"])
    assert result.exit_code == 2 and "--from" in result.stderr
    result = runner.invoke(app, ["records", "export", str(GAME), "--to", "mjai"])
    assert result.exit_code == 2 and "not valid JSON" in result.stderr


def _one_hand_mjlog() -> str:
    body = text(GAME)
    end = body.index("<INIT", body.index("<INIT") + 1)
    return body[:end] + "</mjloggm>"


@pytest.mark.parametrize("seed", range(4))
def test_mutated_files_give_format_errors_never_tracebacks(seed):
    import random
    import re

    from openmahjong.formats.riichi_import import UnsupportedGame

    rng = random.Random(seed)
    sources = [
        (_one_hand_mjlog(), "mjlog"),
        (text(EDGE / "double_kakan_then_chankan.json"), "tenhou6"),
        ("\n".join(text(MJAI).splitlines()[:70]) + '\n{"type":"end_kyoku"}', "mjai"),
    ]
    replacements = ["0", "1", "16", "33", "48", "53", "60", "88", "135", "136", "-1", "999"]
    for _ in range(40):
        body, fmt = rng.choice(sources)
        for _ in range(rng.randint(1, 3)):
            spans = [m.span() for m in re.finditer(r"\d+|\"[^\"]*\"", body)]
            a, b = rng.choice(spans)
            new = rng.choice(replacements + ['"x"', "null", "[]", '"p111111"', '"r60"', ""])
            body = body[:a] + new + body[b:]
        try:
            replay_game(read_log(body, fmt))
        except (FormatError, UnsupportedGame) as problem:
            assert str(problem)
