"""The order of ``dora`` and ``reach_accepted`` in our mjai export (issue 16, item 3).

libriichi's arena (Mortal; the simulator of mjai.app), and Tenhou's own logs, write:

* an open or added kan: ``daiminkan|kakan``, the replacement ``tsumo``, ``dora``, ``dahai``;
  a closed kan: ``ankan``, ``dora``, ``tsumo``; a robbed added kan shows no dora;
* ``reach_accepted`` before the ``chi``/``pon``/``daiminkan`` that takes the riichi discard,
  and none when the riichi discard is won on.

Each hand here is rigged and scripted (``tests/formats/scripted_game.py``), exported with
``export_record(..., "mjai")`` and its events compared with that order. The tenhou.net/6 export
of the same hands keeps the same outcome (a robbed kan adds no indicator; a called riichi
discard pays its stick, a won one does not).
"""

from __future__ import annotations

import json

import pytest

from openmahjong.formats.convert import export_record, import_text
from openmahjong.formats.mjai import standard_order
from openmahjong.rules.riichi.game.options import preset
from tests.formats.mjai_consumer import board_order_problems
from tests.formats.scripted_game import Hand, build
from tests.formats.scripted_hands import (
    ANKAN,
    CHANKAN,
    DOUBLE_RON,
    FOUR_KANS,
    KAKAN,
    KAN_THEN_ROBBED,
    MINKAN,
    RIICHI_CHI,
    RIICHI_MINKAN,
    RIICHI_PON,
)

TENHOU = preset("tenhou-hanchan")


def mjai(*hands: Hand) -> list[dict]:
    record = build(list(hands), TENHOU)
    return [json.loads(line) for line in export_record(record, "mjai").splitlines()]


def kinds(events: list[dict]) -> list[str]:
    return [e["type"] for e in events]


def after(events: list[dict], kind: str, n: int = 4) -> list[str]:
    """The types of the event ``kind`` (the first one) and the ``n - 1`` after it."""
    i = kinds(events).index(kind)
    return kinds(events[i : i + n])


# --------------------------------------------------------------------------- kans


def test_open_kan_dora_comes_after_the_replacement_draw_and_before_the_discard():
    events = mjai(MINKAN)
    assert after(events, "daiminkan") == ["daiminkan", "tsumo", "dora", "dahai"]
    dora = next(e for e in events if e["type"] == "dora")
    assert dora["dora_marker"] == "3m"
    assert board_order_problems(events) == []


def test_added_kan_dora_comes_after_the_replacement_draw_and_before_the_discard():
    events = mjai(KAKAN)
    assert after(events, "kakan") == ["kakan", "tsumo", "dora", "dahai"]
    assert board_order_problems(events) == []


def test_a_robbed_added_kan_reveals_no_dora():
    events = mjai(CHANKAN)
    assert after(events, "kakan", 2) == ["kakan", "hora"]
    assert "dora" not in kinds(events)
    assert board_order_problems(events) == []


def test_a_robbed_added_kan_right_after_an_open_kan_shows_neither_kans_dora():
    # Tenhou (tenhou6-edge-cases/double_kakan_then_chankan.json lists one indicator) and
    # libriichi show an open or added kan's dora at its caller's discard, or before the next
    # kan's replacement draw; a kan robbed before that draw shows nothing, its own or earlier.
    events = mjai(KAN_THEN_ROBBED)
    assert after(events, "daiminkan", 4) == ["daiminkan", "tsumo", "kakan", "hora"]
    assert "dora" not in kinds(events)
    assert board_order_problems(events) == []


def test_closed_kan_dora_comes_at_once_before_the_replacement_draw():
    events = mjai(ANKAN)
    assert after(events, "ankan", 3) == ["ankan", "dora", "tsumo"]
    assert board_order_problems(events) == []


def test_a_closed_kan_before_the_open_kans_discard_shows_the_open_kans_dora_first():
    events = mjai(FOUR_KANS)
    i = kinds(events).index("daiminkan")
    assert kinds(events[i : i + 9]) == [
        "daiminkan",
        "tsumo",
        "dora",  # the open kan's, shown as the next kan is declared
        "ankan",
        "dora",
        "tsumo",
        "ankan",
        "dora",
        "tsumo",
    ]
    assert kinds(events).count("dora") == 4
    assert board_order_problems(events) == []


# --------------------------------------------------------------------------- riichi


@pytest.mark.parametrize(
    ("hand", "call"),
    [(RIICHI_PON, "pon"), (RIICHI_CHI, "chi"), (RIICHI_MINKAN, "daiminkan")],
)
def test_reach_accepted_comes_before_the_call_on_the_riichi_discard(hand, call):
    events = mjai(hand)
    assert after(events, "reach") == ["reach", "dahai", "reach_accepted", call]
    assert board_order_problems(events) == []


def test_no_reach_accepted_when_the_riichi_discard_is_won_on():
    events = mjai(DOUBLE_RON)
    assert after(events, "reach") == ["reach", "dahai", "hora", "hora"]
    assert "reach_accepted" not in kinds(events)
    assert [e["actor"] for e in events if e["type"] == "hora"] == [1, 3]
    assert board_order_problems(events) == []


# --------------------------------------------------------------------------- the order pass


def test_standard_order_moves_only_what_it_must():
    dahai = {"type": "dahai", "actor": 1, "pai": "7z", "tsumogiri": False}
    dora = {"type": "dora", "dora_marker": "3m"}
    pon = {"type": "pon", "actor": 2, "target": 1, "pai": "7z", "consumed": ["7z", "7z"]}
    accepted = {"type": "reach_accepted", "actor": 1}
    reach = {"type": "reach", "actor": 1}
    assert standard_order([reach, dahai, dora]) == [reach, dora, dahai]
    assert standard_order([pon, accepted]) == [accepted, pon]
    assert standard_order([dahai, accepted, pon]) == [dahai, accepted, pon]
    ankan = {"type": "ankan", "actor": 1, "consumed": ["S", "S", "S", "S"]}
    second = {"type": "dora", "dora_marker": "4m"}
    assert standard_order([ankan, dora, second]) == [dora, ankan, second]
    assert standard_order([ankan, dora]) == [ankan, dora]


# --------------------------------------------------------------------------- tenhou.net/6


@pytest.mark.parametrize(
    "hand",
    [MINKAN, KAKAN, CHANKAN, KAN_THEN_ROBBED, FOUR_KANS, RIICHI_PON, RIICHI_CHI, DOUBLE_RON],
)
@pytest.mark.parametrize("to", ["tenhou6", "mjai"])
def test_both_exports_read_back_to_the_same_hand(hand, to):
    record = build([hand], TENHOU)
    again, report = import_text(export_record(record, to), to)
    assert report.mismatches == []
    assert again["hands"][0] == {**record["hands"][0], "actions": again["hands"][0]["actions"]}


def test_tenhou6_dora_lists_only_the_shown_indicators():
    docs = {
        h.note: json.loads(export_record(build([h], TENHOU), "tenhou6"))["log"][0]
        for h in (MINKAN, CHANKAN, FOUR_KANS, KAN_THEN_ROBBED)
    }
    assert len(docs[KAN_THEN_ROBBED.note][2]) == 1
    assert len(docs[MINKAN.note][2]) == 2
    assert len(docs[CHANKAN.note][2]) == 1  # the robbed kan shows none
    assert len(docs[FOUR_KANS.note][2]) == 5
