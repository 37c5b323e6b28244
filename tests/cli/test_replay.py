"""``openmahjong replay check``: matches, tampering found, broken files reported clearly."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from openmahjong.cli import app
from openmahjong.cli.replay import check_data, detect_format

runner = CliRunner()


def check(*files: Path, as_json: bool = True):
    return runner.invoke(app, ["replay", "check", *map(str, files), *(["--json"] * as_json)])


def load(path: Path) -> dict:
    return json.loads(path.read_text())


def write(path: Path, data) -> Path:
    path.write_text(json.dumps(data))
    return path


def test_self_play_records_replay_and_match(records):
    files = sorted(records.iterdir())
    result = check(*files)
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["games"] == 2 and report["hands"] == report["hands_matched"] > 0
    assert report["mismatches"] == [] and report["skipped"] == [] and report["ok"]
    human = check(*files, as_json=False)
    assert human.exit_code == 0 and "hands match" in human.stdout


def test_tampered_points_are_a_mismatch_naming_the_hand(records, tmp_path):
    data = load(records / "game-0001.json")
    data["hands"][1]["points"][0] += 1000
    label = data["hands"][1]["label"]
    result = check(write(tmp_path / "t.json", data))
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    (m,) = report["mismatches"]
    assert m["hand"] == label and "points" in m["what"] and m["file"].endswith("t.json")
    assert report["hands_matched"] == report["hands"] - 1


def test_tampered_tsumogiri_flag_and_result_are_mismatches(records, tmp_path):
    data = load(records / "game-0002.json")
    entry = next(a for a in data["actions"] if a[2]["type"] == "discard")
    entry[2]["tsumogiri"] = not entry[2]["tsumogiri"]
    data["result"]["final_points"][0] += 100
    report = json.loads(check(write(tmp_path / "t.json", data)).stdout)
    whats = " | ".join(m["what"] for m in report["mismatches"])
    assert "tsumogiri" in whats and "final_points" in whats


def test_tampered_commitment_and_seating_are_mismatches(records, tmp_path):
    data = load(records / "game-0001.json")
    data["header"]["commitment"] = "0" * 64
    data["header"]["players"] = list(reversed(data["header"]["players"]))
    report = json.loads(check(write(tmp_path / "t.json", data)).stdout)
    whats = " | ".join(m["what"] for m in report["mismatches"])
    assert "commitment" in whats and "seated" in whats


def test_an_illegal_action_is_a_clear_error_naming_hand_and_action(records, tmp_path):
    data = load(records / "game-0001.json")
    position = next(i for i, a in enumerate(data["actions"]) if a[2]["type"] == "discard")
    data["actions"][position][2]["tile"] = 47 if data["actions"][position][2]["tile"] != 47 else 46
    data["actions"][position][2].pop("tsumogiri")
    result = check(write(tmp_path / "bad.json", data), as_json=False)
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert "E1-0" in result.stdout and f"action {position}" in result.stdout
    assert "refuses" in result.stdout


def test_malformed_files_give_clear_errors(tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "openmahjong", "header": ')
    other = write(tmp_path / "other.json", {"hello": 1})
    no_options = write(
        tmp_path / "no_options.json",
        {"format": "openmahjong", "header": {"ruleset": "riichi"}, "actions": []},
    )
    bad_entry = write(
        tmp_path / "entry.json",
        {
            "format": "openmahjong",
            "header": {"options": {}, "master_seed": "ab" * 32},
            "actions": [["x"]],
        },
    )
    result = check(broken, other, no_options, bad_entry, tmp_path / "missing.json")
    assert result.exit_code == 2
    errors = {Path(e["file"]).name: e["error"] for e in json.loads(result.stdout)["errors"]}
    assert "not valid JSON" in errors["broken.json"]
    assert "not a game record" in errors["other.json"]
    assert "header.options is missing" in errors["no_options.json"]
    assert "E1-0, action 0" in errors["entry.json"]
    assert "cannot read" in errors["missing.json"]


def test_unrevealed_seed_is_skipped_with_a_reason(records, tmp_path):
    data = load(records / "game-0001.json")
    data["header"]["master_seed"] = None
    result = check(write(tmp_path / "live.json", data))
    assert result.exit_code == 1
    (skipped,) = json.loads(result.stdout)["skipped"]
    assert "not revealed" in skipped["reason"]


def test_unfinished_record_is_reported(records):
    data = load(records / "game-0001.json")
    data["actions"] = data["actions"][:40]
    report = check_data(data, "cut")
    assert report.status == "mismatch"
    assert any("ends before the match" in m["what"] for m in report.mismatches)


def test_the_older_flat_match_record_still_replays():
    from openmahjong.bots import play_match, selfplay_seed
    from openmahjong.rules.riichi.game import preset

    seed, _ = selfplay_seed(9, 0)
    record = play_match(preset("majsoul-tonpuu"), seed).record()
    flat = {
        "ruleset": "riichi",
        "options": record["header"]["options"],
        "master_seed": seed,
        "actions": record["actions"],
    }
    assert detect_format(flat) == "openmahjong"
    report = check_data(flat)
    assert report.status == "ok" and report.hands == report.hands_matched > 0


def test_the_store_shape_with_seat_action_entries_and_a_timeouts_list(records):
    data = load(records / "game-0001.json")
    header = {k: v for k, v in data["header"].items() if k != "options"}  # preset only
    store = {
        "format": "openmahjong",
        "version": 1,
        "header": header,
        "actions": [[seat, action] for _n, seat, action, *_ in data["actions"]],
        "timeouts": [],
    }
    report = check_data(store, "store")
    assert report.status == "ok" and report.hands == report.hands_matched == len(data["hands"])


def test_a_legal_edit_that_ends_the_same_way_is_caught_by_the_hand_digest(records):
    """Swap one discard for another tile the seat holds, keep the rest: if the record still
    replays, the hand's outcome may well be the same, but its action digest is not."""
    from openmahjong.rules.riichi.game import replay_match

    data = load(records / "game-0001.json")
    tried = 0
    for position, (_n, seat, action, *_flags) in enumerate(data["actions"][:60]):
        if action["type"] != "discard" or action["riichi"]:
            continue
        before = {**data, "actions": data["actions"][:position]}
        match = replay_match(before)
        for other in sorted(set(match.table.seats[seat].hand) - {action["tile"]}):
            edited = json.loads(json.dumps(data))
            edited["actions"][position][2].update(tile=other)
            edited["actions"][position][2].pop("tsumogiri")
            report = check_data(edited, "edited")
            tried += 1
            if report.status == "mismatch":
                assert any(
                    "digest" in m["what"] or "record" in m["what"] for m in report.mismatches
                )
                return
            assert report.status == "error"  # an edit either diverges or is caught
            if tried > 40:
                break
    assert tried  # every edit tried broke the replay, which is also a detection


def test_the_digest_is_checked(records, tmp_path):
    data = load(records / "game-0002.json")
    data["digests"][0] = "0" * 16
    report = json.loads(check(write(tmp_path / "d.json", data)).stdout)
    (m,) = report["mismatches"]
    assert "digest" in m["what"] and m["hand"] == data["hands"][0]["label"]
    assert report["hands_matched"] == report["hands"] - 1


def test_records_without_digests_still_match(records, tmp_path):
    data = load(records / "game-0001.json")
    del data["digests"]
    report = json.loads(check(write(tmp_path / "old.json", data)).stdout)
    assert report["ok"] and report["hands"] == report["hands_matched"]
