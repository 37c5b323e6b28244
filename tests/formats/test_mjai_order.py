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
from openmahjong.table import Ankan, Chi, Discard, Kakan, Minkan, Pon, Ron
from openmahjong.tiles import parse
from tests.formats.mjai_consumer import board_order_problems
from tests.formats.scripted_game import Hand, build

TENHOU = preset("tenhou-hanchan")
QUIET = ["12z258m258p258s369m", "37z147m1479p1479s", "456z369p369s1m7m8s8p", "1234567z5m5p5s6m6p6s"]
SEAT1_EEE = "1117z147m147p147s"
SEAT3_NO_EAST = "234567z5m5p5s6m6p6s9s"
DEAD = "2m3m4m6m7m8m9m2p3p4p6p"  # indicator 2m, first kan indicator 3m, first rinshan 6p


def t(text: str) -> int:
    return parse(text)[0]


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

MINKAN = Hand(
    [QUIET[0], SEAT1_EEE, QUIET[2], SEAT3_NO_EAST],
    [(0, Discard(41)), (1, Minkan((41, 41, 41))), (1, Discard(t("7z")))],
    dead=DEAD,
    note="an open kan on the dealer's East",
)


def test_open_kan_dora_comes_after_the_replacement_draw_and_before_the_discard():
    events = mjai(MINKAN)
    assert after(events, "daiminkan") == ["daiminkan", "tsumo", "dora", "dahai"]
    dora = next(e for e in events if e["type"] == "dora")
    assert dora["dora_marker"] == "3m"
    assert board_order_problems(events) == []


KAKAN = Hand(
    [QUIET[0], "11z7z147m147p147s9s", QUIET[2], SEAT3_NO_EAST],
    [(0, Discard(41)), (1, Pon((41, 41))), (1, Discard(t("7z"))), (1, Kakan(41))],
    draws="8p8p5z1z",
    dead=DEAD,
    note="a pon of East, then the fourth East added",
)


def test_added_kan_dora_comes_after_the_replacement_draw_and_before_the_discard():
    events = mjai(KAKAN)
    assert after(events, "kakan") == ["kakan", "tsumo", "dora", "dahai"]
    assert board_order_problems(events) == []


CHANKAN = Hand(
    [
        "12z3m1258p258s69m47s",
        "37z3389m147p1479s",
        "12m456p789p123s55s",  # waits 3m; no yaku but robbing the kan
        "1234567z56m6p689s",
    ],
    [(0, Discard(t("3m"))), (1, Pon((13, 13))), (1, Discard(t("7z"))), (1, Kakan(13)), (2, Ron())],
    draws="9m1z9m3m",
    ends="win",
    note="an added kan robbed",
)


def test_a_robbed_added_kan_reveals_no_dora():
    events = mjai(CHANKAN)
    assert after(events, "kakan", 2) == ["kakan", "hora"]
    assert "dora" not in kinds(events)
    assert board_order_problems(events) == []


ANKAN = Hand(
    ["22z258m258p258s369m", SEAT1_EEE, QUIET[2], SEAT3_NO_EAST],
    [(0, Discard(t("2z"))), (1, Ankan((41, 41, 41, 41)))],
    draws="1z",
    dead=DEAD,
    note="a closed kan",
)


def test_closed_kan_dora_comes_at_once_before_the_replacement_draw():
    events = mjai(ANKAN)
    assert after(events, "ankan", 3) == ["ankan", "dora", "tsumo"]
    assert board_order_problems(events) == []


FOUR_KANS = Hand(
    ["1z258m258p258s369m5z", "111z2222z3333z9m9p", "4444z147m147p147s", "567z369p369s369m8p"],
    [
        (0, Discard(41)),
        (1, Minkan((41, 41, 41))),
        (1, Ankan((42, 42, 42, 42))),
        (1, Ankan((43, 43, 43, 43))),
        (1, Discard(t("9m"))),
        (2, Ankan((44, 44, 44, 44))),
    ],
    draws="6m",
    ends="four_kans",
    note="an open kan, two closed kans by the same seat, a fourth kan by another",
)


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

RIICHI_PON = Hand(
    ["123456789m11p56s1z", SEAT1_EEE, QUIET[2], SEAT3_NO_EAST],
    [(0, Discard(41, riichi=True)), (1, Pon((41, 41)))],
    note="the dealer's riichi discard is called",
)
RIICHI_MINKAN = Hand(
    ["123456789m11p56s1z", SEAT1_EEE, QUIET[2], SEAT3_NO_EAST],
    [(0, Discard(41, riichi=True)), (1, Minkan((41, 41, 41)))],
    note="the dealer's riichi discard is called for a kan",
)
RIICHI_CHI = Hand(
    ["123456789m11p56s7p", "89p147m147s12345z", QUIET[2], SEAT3_NO_EAST],
    [(0, Discard(t("7p"), riichi=True)), (1, Chi((t("8p"), t("9p"))))],
    note="the dealer's riichi discard is taken for a chi",
)


@pytest.mark.parametrize(
    ("hand", "call"),
    [(RIICHI_PON, "pon"), (RIICHI_CHI, "chi"), (RIICHI_MINKAN, "daiminkan")],
)
def test_reach_accepted_comes_before_the_call_on_the_riichi_discard(hand, call):
    events = mjai(hand)
    assert after(events, "reach") == ["reach", "dahai", "reach_accepted", call]
    assert board_order_problems(events) == []


DOUBLE_RON = Hand(
    ["123456m789p1122z7s", "123456789m11p56s", QUIET[2], "234m567m345p66p68s"],
    [(0, Discard(t("7s"), riichi=True)), (3, Ron()), (1, Ron())],
    ends="win",
    note="the dealer's riichi discard is won on by two seats",
)


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
    "hand", [MINKAN, KAKAN, CHANKAN, FOUR_KANS, RIICHI_PON, RIICHI_CHI, DOUBLE_RON]
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
        for h in (MINKAN, CHANKAN, FOUR_KANS)
    }
    assert len(docs[MINKAN.note][2]) == 2
    assert len(docs[CHANKAN.note][2]) == 1  # the robbed kan shows none
    assert len(docs[FOUR_KANS.note][2]) == 5
