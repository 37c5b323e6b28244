"""100 self-play matches of ``majsoul-dorasan`` (DoraDorara) with the Riichi bot on every seat:
every hand starts with three indicators from the dead wall's first slots, kans add at most two
more, a riichi win shows as many ura as there are indicators, every win's dora are all of them,
every record replays exactly, seed verification shows the same three indicators, and the mjai
and tenhou.net/6 exports carry them (libriichi takes the mjai log; both import back).

The matches are played once (a module fixture); each test reads what was observed.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest

from openmahjong import fairness
from openmahjong.cli.seed import verification
from openmahjong.formats.convert import export_record, import_text
from openmahjong.rules.riichi.dora import count_dora
from openmahjong.rules.riichi.game import RiichiMatch, preset, replay_match
from openmahjong.rules.riichi.game.events import DoraRevealed, RiichiHandStarted, RiichiWon
from openmahjong.tiles import counts34
from tests.formats.mjai_consumer import consume, load_libriichi
from tests.rules.riichi_game.selfplay import PLAYERS, bot_match

#: 100 East-only matches: about 400 hands (some 30 s in plain Python on a quiet machine).
MATCHES = 100
SEED = 20
DORASAN = preset("majsoul-dorasan")


@dataclass
class Observed:
    hands: int = 0
    records: list[dict[str, Any]] = field(default_factory=list)
    #: Per match: (hand number, the three starting indicators) of each hand.
    starts: list[list[tuple[int, tuple[int, ...]]]] = field(default_factory=list)
    kans: Counter[int] = field(default_factory=Counter)
    shown: Counter[int] = field(default_factory=Counter)
    ura_wins: int = 0
    dora_wins: int = 0
    problems: list[str] = field(default_factory=list)


def _held(table: Any, seat: int, tile: int, ron: bool) -> list[int]:
    st = table.seats[seat]
    return [*st.hand, *(t for m in st.melds for t in m.tiles), *([tile] if ron else [])]


def _check_hand(table: Any, seen: Observed, where: str) -> tuple[int, ...]:
    policy = table.policy
    start = next(e for e in table.events if isinstance(e, RiichiHandStarted))
    shown = policy.dora_indicators(table)
    kans = len(policy.state.kans)
    expected = 3 + min(kans, 2) - policy.state.pending_dora
    seen.kans[kans] += 1
    seen.shown[len(shown)] += 1
    if start.dora_indicators != tuple(table.wall.dead[:3]):
        seen.problems.append(f"{where}: starts with {start.dora_indicators}")
    if len(shown) != expected or shown != table.wall.dead[: len(shown)]:
        seen.problems.append(f"{where}: {kans} kans show {shown}")
    revealed = [e.indicator for e in table.events if isinstance(e, DoraRevealed)]
    if revealed != shown[3:]:
        seen.problems.append(f"{where}: revealed {revealed} of {shown}")
    for w in table.result.wins:
        won = next(e for e in table.events if isinstance(e, RiichiWon) and e.seat == w.seat)
        if won.ura_indicators:
            seen.ura_wins += 1
            if list(won.ura_indicators) != table.wall.dead[5 : 5 + len(shown)]:
                seen.problems.append(f"{where}: ura {won.ura_indicators} for {shown}")
        if w.win.yakuman:
            continue
        held = counts34(_held(table, w.seat, w.tile, w.from_seat is not None))
        scored = dict(w.win.yaku).get("dora", 0)
        seen.dora_wins += scored >= 3
        if scored != count_dora(held, shown):
            seen.problems.append(f"{where}: seat {w.seat} scored {scored} dora of {shown}")
    return start.dora_indicators


def _play(game: int, seen: Observed) -> RiichiMatch:
    starts: list[tuple[int, tuple[int, ...]]] = []

    def hand_ended(table: Any, number: int) -> None:
        seen.hands += 1
        starts.append((number, _check_hand(table, seen, f"match {game} hand {number}")))

    match = bot_match(DORASAN, SEED, game, hand_ended)
    seen.starts.append(starts)
    return match


@pytest.fixture(scope="module")
def observed() -> Observed:
    seen = Observed()
    for game in range(MATCHES):
        seen.records.append(_play(game, seen).record())
    return seen


def test_every_hand_keeps_the_indicator_rules(observed):
    assert observed.hands >= 4 * MATCHES
    assert observed.problems == []
    assert max(observed.shown) <= 5 and min(observed.shown) == 3
    assert observed.kans[1] + observed.kans[2] > 0  # kans did turn up indicators
    assert observed.ura_wins > 0 and observed.dora_wins > 0


def test_every_record_replays_exactly(observed):
    for record in observed.records:
        assert record["header"]["preset"] == "majsoul-dorasan"
        assert replay_match(record).record() == record


def test_seed_verification_shows_the_three_starting_indicators(observed):
    for record, starts in list(zip(observed.records, observed.starts, strict=True))[:5]:
        header = record["header"]
        last = max(number for number, _ in starts)
        claimed = int(header["commitment"], 16)
        seed = fairness.parse_master_seed(header["master_seed"])
        report = verification(seed, header["salt"], "riichi", last, PLAYERS, claimed)
        assert report["commitment_matches"] is True
        walls = {h["hand_number"]: h["wall"] for h in report["hands"]}
        for number, indicators in starts:
            assert tuple(walls[number][-14:][:3]) == indicators


def test_the_mjai_export_carries_every_indicator_and_libriichi_takes_it(observed):
    libriichi = load_libriichi()
    for record, starts in list(zip(observed.records, observed.starts, strict=True))[:3]:
        lines = [json.loads(x) for x in export_record(record, "mjai").splitlines()]
        for i, e in enumerate(lines):
            if e["type"] == "start_kyoku":
                assert [x["type"] for x in lines[i + 1 : i + 3]] == ["dora", "dora"]
                assert lines[i + 3]["type"] == "tsumo"
        consume(lines, libriichi)
        again, report = import_text(export_record(record, "mjai"), "mjai", preset="majsoul-dorasan")
        assert report.mismatches == [] and report.hands_matched == len(starts)


def test_the_tenhou6_export_lists_three_indicators_and_imports_back(observed):
    for record, starts in list(zip(observed.records, observed.starts, strict=True))[:3]:
        text = export_record(record, "tenhou6")
        doc = json.loads(text)
        assert doc["title"] == ["openmahjong", "majsoul-dorasan"]
        assert all(len(kyoku[2]) >= 3 for kyoku in doc["log"])
        _again, report = import_text(text, "tenhou6")
        assert report.mismatches == [] and report.hands_matched == len(starts)
