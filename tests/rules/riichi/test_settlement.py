"""The final settlement per preset (docs/riichi-game.md, "Final settlement").

Mahjong Soul (the profile's presets): score = (points - 25,000) / 1000 + uma 15/5/-5/-15, no
oka, no rounding. Tenhou: 25,000 start, 30,000 return (oka +20 to first), uma 10-20, points
rounded to the thousand half away from zero, first place takes the balance. Ties: the earlier
starting seat takes the higher place and its whole uma on both. The Tenhou figures are checked
against the ``owari`` scores of real Tenhou games.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from openmahjong.bots.selfplay import play_match, selfplay_seed
from openmahjong.rules.riichi.game import preset
from openmahjong.rules.riichi.game.settlement import round_thousands, settle, settlement_document
from tests.shared_data import shared_data, using_corpus

MAJSOUL = (preset("majsoul-tonpuu"), preset("majsoul-hanchan"))
TENHOU = (preset("tenhou-tonpuu"), preset("tenhou-hanchan"))


def scores(points, options) -> list[float]:
    return settlement_document(points, options)["scores"]


def test_majsoul_scores_are_points_over_25000_plus_uma_without_rounding():
    for options in MAJSOUL:
        assert scores((38500, 31200, 20100, 10200), options) == [28.5, 11.2, -9.9, -29.8]
        assert scores((10200, 20100, 31200, 38500), options) == [-29.8, -9.9, 11.2, 28.5]
        assert scores((25000,) * 4, options) == [15.0, 5.0, -5.0, -15.0]
        assert sum(settle((52300, 30000, 18700, -1000), options)) == 0


def test_tenhou_scores_round_to_the_thousand_and_first_place_takes_the_balance():
    for options in TENHOU:
        # 2nd 26,600 -> 27 - 30 + 10 = +7; 3rd 21,700 -> 22 - 30 - 10 = -18;
        # 4th 8,900 -> 9 - 30 - 20 = -41; first takes +52 (not 43 - 30 + 20 + 20 = 53).
        assert scores((8900, 42800, 26600, 21700), options) == [-41.0, 52.0, 7.0, -18.0]
        # A half goes away from zero: 31,500 -> 32 (+12); -4,500 -> -5 (-55).
        assert scores((75000, 31500, -2000, -4500), options) == [85.0, 12.0, -42.0, -55.0]


def test_round_thousands_half_away_from_zero():
    cases = {21500: 22, 21499: 21, 400: 0, -400: 0, -500: -1, -4500: -5, -4400: -4, 0: 0}
    assert {p: round_thousands(p) for p in cases} == cases


def test_ties_give_the_earlier_starting_seat_the_place_and_its_whole_uma():
    # Seats 1 and 2 tie on 30,000: seat 1 (earlier) is second with +5, seat 2 third with -5.
    assert scores((40000, 30000, 30000, 0), MAJSOUL[0]) == [30.0, 10.0, 0.0, -40.0]
    # Tenhou: seats 0 and 3 tie for first on 35,000: seat 0 is first (+45 with the oka and
    # the balance), seat 3 second (35 - 30 + 10 = +15).
    assert scores((35000, 15000, 15000, 35000), TENHOU[0]) == [45.0, -25.0, -35.0, 15.0]


def test_the_settlement_document_names_its_rules():
    doc = settlement_document((30000, 30000, 20000, 20000), TENHOU[1])
    assert {k: v for k, v in doc.items() if k != "scores"} == {
        "starting_points": 25000,
        "return_points": 30000,
        "oka": 20.0,
        "uma": [20, 10, -10, -20],
        "rounding": "thousand",
    }
    doc = settlement_document((30000, 30000, 20000, 20000), MAJSOUL[1])
    assert (doc["return_points"], doc["oka"], doc["uma"], doc["rounding"]) == (
        25000, 0.0, [15, 5, -5, -15], "exact",
    )  # fmt: skip


@pytest.mark.parametrize("name", ["majsoul-tonpuu", "tenhou-tonpuu"])
def test_a_finished_match_records_its_settlement(name):
    master, salt = selfplay_seed(11, 0)
    match = play_match(preset(name), master, salt=salt, bots="efficiency")
    record = match.record()
    for part in (record["header"]["options"], record["result"]):  # plain JSON data (uma: a list)
        assert json.loads(json.dumps(part)) == part
    result = record["result"]
    settled = result["settlement"]
    assert settled["scores"] == [s / 10 for s in settle(result["final_points"], preset(name))]
    assert round(sum(settled["scores"]), 6) == 0
    best = max(settled["scores"])
    assert settled["scores"].index(best) == result["ranking"][0]


def _owari_games() -> list[Path]:
    found = sorted(shared_data("tenhou-houou-2020").glob("*.mjlog"))
    return found + sorted(shared_data("tenhou-mjx").glob("*.mjlog"))


def test_tenhou_settlement_matches_real_tenhou_games():
    games = _owari_games()
    checked = 0
    for path in games:
        text = path.read_text()
        if int(re.search(r'<GO type="(\d+)"', text).group(1)) & 0x10:
            continue  # three-player
        owari = re.search(r'owari="([^"]*)"', text).group(1).split(",")
        points = [int(x) * 100 for x in owari[0::2]]
        expected = [float(x) for x in owari[1::2]]
        for options in TENHOU:
            assert scores(points, options) == expected, path.name
        checked += 1
    # Every four-player game: tests/data's 16 Houou and 10 mjx games, or the corpus's 81.
    assert checked >= 80 if using_corpus() else checked == 26


def test_an_imported_tenhou_game_carries_tenhou_s_own_scores():
    from openmahjong.formats.convert import import_text

    games = [p for p in _owari_games() if "00a9" in p.name]
    text = games[0].read_text()
    owari = re.search(r'owari="([^"]*)"', text).group(1).split(",")
    record, report = import_text(text, "mjlog", games[0].name)
    assert not report.mismatches
    assert record["result"]["settlement"]["scores"] == [float(x) for x in owari[1::2]]
