"""100 self-play matches of ``majsoul-melee`` (the Melee Room) with the Riichi bot on every seat:
local yaku turn up in real hands, every win scores as the scorer scores it alone, every record
replays exactly, and the mjai and tenhou.net/6 exports read back (local yaku by name).

The matches are played once (a module fixture); each test reads what was observed.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest

from openmahjong.formats.convert import export_record, import_text
from openmahjong.rules.riichi.game import RiichiMatch, preset, replay_match
from openmahjong.rules.riichi.yaku_table import LOCAL_YAKU, display_name
from tests.rules.riichi_game.selfplay import bot_match

#: 100 East-only matches: some 500 hands (about 25 s in plain Python on a quiet machine).
MATCHES = 100
SEED = 7
MELEE = preset("majsoul-melee")


@dataclass
class Observed:
    hands: int = 0
    wins: int = 0
    records: list[dict[str, Any]] = field(default_factory=list)
    #: Local yaku seen in wins, by id.
    local: Counter[str] = field(default_factory=Counter)
    #: Matches whose wins include a local yaku.
    with_local: list[int] = field(default_factory=list)


def _play(game: int, seen: Observed) -> RiichiMatch:
    found = False

    def hand_ended(table: Any, _number: int) -> None:
        nonlocal found
        seen.hands += 1
        for w in table.result.wins:
            seen.wins += 1
            for y, _ in w.win.yaku:
                if y in LOCAL_YAKU:
                    seen.local[y] += 1
                    found = True

    match = bot_match(MELEE, SEED, game, hand_ended)
    if found:
        seen.with_local.append(game)
    return match


@pytest.fixture(scope="module")
def observed() -> Observed:
    seen = Observed()
    for game in range(MATCHES):
        seen.records.append(_play(game, seen).record())
    return seen


def test_local_yaku_turn_up_in_real_hands(observed):
    assert observed.hands >= 4 * MATCHES and observed.wins > 0
    # Ron on a riichi declaration tile and the five kinds come up in a few hundred hands.
    assert observed.local["tsubame_gaeshi"] > 0
    assert observed.local["uumensai"] > 0
    assert len(observed.with_local) >= 5
    for y in observed.local:
        assert display_name(y, "ja")  # every one has its names


def test_every_record_replays_exactly(observed):
    for record in observed.records:
        assert record["header"]["preset"] == "majsoul-melee"
        assert replay_match(record).record() == record


def test_the_exports_do_not_crash_and_read_back_with_their_local_yaku(observed):
    for game in observed.with_local[:5]:
        record = observed.records[game]
        text = export_record(record, "tenhou6")
        doc = json.loads(text)
        assert doc["title"] == ["openmahjong", "majsoul-melee"]
        # Local yaku are written by their Japanese names, as Tenhou writes its own.
        written = json.dumps(doc["log"], ensure_ascii=False)
        assert any(f'"{row.ja}(' in written for row in LOCAL_YAKU.values())
        _again, report = import_text(text, "tenhou6")
        assert report.mismatches == []
        mjai = export_record(record, "mjai")
        horas = [json.loads(x) for x in mjai.splitlines() if '"hora"' in x]
        assert any(y in LOCAL_YAKU for h in horas for y, _ in h["yakus"])
        _again, report = import_text(mjai, "mjai", preset="majsoul-melee")
        assert report.mismatches == []
