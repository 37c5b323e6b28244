"""Real games replayed through the engine, hand by hand, and compared with what the logs say.

Every 4-player game of ``tenhou-houou-2020`` and ``tenhou-mjx`` (mjlog and tenhou.net/6), the
``tenhou6-edge-cases`` excerpts and the mjai game: each hand is dealt from a wall rebuilt from
the log's tiles, every recorded action goes through ``Table.act`` under the matching preset, and
the outcome (reason, winners, han, fu, points, yaku, every seat's delta, tenpai seats, the next
hand's start and the final scores) must equal the log's. One test per file, so they spread
over workers. The files are the curated set in ``tests/data``, or the corpus with ``--corpus``
(``tests/shared_data.py``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from openmahjong.formats.convert import read_log
from openmahjong.formats.riichi_import import FormatError, UnsupportedGame, replay_game
from tests.shared_data import SELF_CONTRADICTORY, shared_data, using_corpus

DATA = shared_data()
HOUOU = sorted((DATA / "tenhou-houou-2020").glob("*.mjlog"))
FOUR = [p for p in HOUOU if "-00b9-" not in p.name]
THREE = [p for p in HOUOU if "-00b9-" in p.name]
MJX = sorted((DATA / "tenhou-mjx").glob("*.mjlog")) + sorted((DATA / "tenhou-mjx").glob("*.json"))
EDGE = sorted((DATA / "tenhou6-edge-cases").glob("*.json"))
MJAI = sorted((DATA / "mjai").glob("*.jsonl"))

FORMAT = {".mjlog": "mjlog", ".json": "tenhou6", ".jsonl": "mjai"}


def replay(path: Path):
    game = read_log(path.read_text(encoding="utf-8"), FORMAT[path.suffix], path.name)
    return game, *replay_game(game)


def _ids(paths: list[Path]) -> list[str]:
    return [p.name for p in paths]


@pytest.mark.parametrize(
    "path",
    FOUR + MJX + [p for p in EDGE if p.name not in SELF_CONTRADICTORY] + MJAI,
    ids=_ids(FOUR + MJX + [p for p in EDGE if p.name not in SELF_CONTRADICTORY] + MJAI),
)
def test_every_hand_of_the_real_game_matches(path):
    game, record, report = replay(path)
    assert report.mismatches == []
    assert report.hands == report.hands_matched == len(game.hands) > 0
    assert len(record["hands"]) == len(game.hands)


def test_the_data_is_all_there():
    # Four-player Houou games, three-player ones, 10 mjx games in two formats, 20 excerpts and
    # the mjai game: tests/data holds 16 and 8 of the Houou games, the corpus all 71 and 29.
    counts = (len(FOUR), len(THREE), len(MJX), len(EDGE), len(MJAI))
    assert counts == ((71, 29, 20, 20, 1) if using_corpus() else (16, 8, 20, 20, 1))


@pytest.mark.parametrize("path", THREE, ids=_ids(THREE))
def test_three_player_games_are_reported_unsupported(path):
    with pytest.raises(UnsupportedGame, match="three-player game"):
        read_log(path.read_text(encoding="utf-8"), "mjlog", path.name)


def test_whole_games_check_the_match_flow_and_final_scores():
    # 2020010100gm-00a9-0000-03aa14b0: 17 hands, East 1 to South 4, final scores from owari.
    path = DATA / "tenhou-houou-2020" / "2020010100gm-00a9-0000-03aa14b0.mjlog"
    game, record, report = replay(path)
    assert game.complete and report.hands_matched == 17
    assert record["result"]["final_points"] == [8900, 42800, 26600, 21700]
    assert [h["label"] for h in record["hands"]][:4] == ["E1-0", "E2-0", "E2-1", "E2-2"]
    # A log whose next hand starts elsewhere than the engine expects is a mismatch.
    game.hands[3].points = [h + 100 for h in game.hands[3].points]
    _record, report = replay_game(game)
    assert any(label == "E2-2" and "start" in what for label, what in report.mismatches)


def test_a_changed_outcome_in_the_log_is_a_mismatch_naming_the_hand():
    path = DATA / "tenhou-houou-2020" / "2020010100gm-00a9-0000-03aa14b0.mjlog"
    game, _record, _report = replay(path)
    game.hands[0].wins[0].fu = 40
    game.hands[0].deltas = [0, 8700, -8700, 0]
    _record, report = replay_game(game)
    whats = [what for label, what in report.mismatches if label == "E1-0"]
    assert any("fu: log 40, engine 30" in w for w in whats)
    assert any(
        w.startswith("deltas: log [0, 8700, -8700, 0], engine [0, 7700, -7700, 0]") for w in whats
    )
    assert report.hands_matched == report.hands - 1


def test_confusing_nakis_1_log_gives_the_winner_no_riichi_stick():
    # tenhou6-edge-cases/confusing_nakis_1.json, E2-2: seat 2 declares riichi with 1m (the
    # stick is accepted: seat 2 discards again), then deals in 7p to seat 0. The log pays seat 0
    # 1,600 (1,000 + two honba) without the stick; every Tenhou log of the data set pays the
    # stick to the winner, so does the engine. The excerpt's deltas were edited.
    _game, _record, report = replay(DATA / "tenhou6-edge-cases" / "confusing_nakis_1.json")
    assert report.mismatches == [
        ("E2-2", "deltas: log [1600, 0, -2600, 0], engine [2600, 0, -2600, 0]")
    ]


def test_confusing_nakis_2_contradicts_itself_and_says_where():
    # tenhou6-edge-cases/confusing_nakis_2.json, E1-0: a hand-made call-ordering puzzle whose
    # result names seat 1 winning off seat 0 while its deltas pay seat 2; seat 1 cannot win on
    # that tile, which the replay reports with the hand and the action.
    _game, _record, report = replay(DATA / "tenhou6-edge-cases" / "confusing_nakis_2.json")
    assert report.hands_matched == 0
    assert report.mismatches == [
        ("E1-0", "action 26 (seat 1 ron): seat 1 is not offered ron on this tile")
    ]


def test_mahjong_soul_excerpt_plays_under_the_majsoul_preset():
    game, _record, report = replay(DATA / "tenhou6-edge-cases" / "confusing_nakis_7.json")
    assert game.options.name == "majsoul-hanchan" and report.mismatches == []


def test_tenhou_flags_choose_the_preset():
    east = next(p for p in FOUR if "-00e1-" in p.name)
    game = read_log(east.read_text(encoding="utf-8"), "mjlog", east.name)
    assert game.options.name == "tenhou-tonpuu" and game.options.red_fives
    hanchan = read_log(FOUR[0].read_text(encoding="utf-8"), "mjlog", FOUR[0].name)
    assert hanchan.options.name == "tenhou-hanchan"
    no_kuitan = FOUR[0].read_text(encoding="utf-8").replace('<GO type="169"', '<GO type="173"')
    assert not read_log(no_kuitan, "mjlog", "no-kuitan").options.open_tanyao
    no_red = read_log(
        (DATA / "tenhou6-edge-cases" / "four_reach.json").read_text(encoding="utf-8"), "tenhou6"
    )
    assert no_red.options.name == "tenhou-tonpuu"


def test_malformed_data_is_not_a_traceback():
    with pytest.raises(FormatError):
        read_log("<mjloggm><INIT seed='x'/></mjloggm>", "mjlog")
