"""web/js/qingque-fan-names.js and web/js/win-details.js against the Python rules: Qingque's fan
names are the scorer's FAN_NAMES, Changsha's values its BIG_WINS and small wins, and the birds
and starting-hand wins the room keeps from the events (``handExtras``) or reads off a record's
summary (``birdsOf``, ``startingOf``) point at the seats ``bird_seat`` gives (under node)."""

from __future__ import annotations

import json
import re

from openmahjong.rules.changsha.game.round import bird_seat
from openmahjong.rules.changsha.game.web_client import MESSAGES as CHANGSHA_MESSAGES
from openmahjong.rules.changsha.scoring import BIG_WINS, NAMES, SMALL_RON, SMALL_TSUMO
from openmahjong.rules.qingque.scoring import FAN_NAMES
from openmahjong.tiles import SUITED

from .jsrun import WEB, needs_node, run_node


def test_the_browser_qingque_fan_names_are_the_python_table():
    text = (WEB / "js" / "qingque-fan-names.js").read_text(encoding="utf-8")
    rows = [
        (json.loads(zh), json.loads(en))
        for zh, en in re.findall(r'^  ("[^"]+"): ("[^"]+"),$', text, flags=re.M)
    ]
    assert rows == list(FAN_NAMES)


def test_the_browser_changsha_values_are_the_python_table():
    text = (WEB / "js" / "win-details.js").read_text(encoding="utf-8")
    block = re.search(r"export const CHANGSHA_VALUES = \{(.*?)\};", text, flags=re.S)
    assert block
    values = {k: int(v) for k, v in re.findall(r"(\w+): (\d+)", block.group(1))}
    assert values == BIG_WINS
    small = re.search(r"export const CHANGSHA_SMALL = \{ ron: (\d+), tsumo: (\d+) \};", text)
    assert small and (int(small.group(1)), int(small.group(2))) == (SMALL_RON, SMALL_TSUMO)
    # Every pattern the screen names has its words in the ruleset's messages.
    for key in [*BIG_WINS, "small"]:
        for lang in ("en", "zh", "ja"):
            assert CHANGSHA_MESSAGES[lang][f"changsha.{key}"] == NAMES[key][lang]


SCRIPT = """
import { readFileSync } from "node:fs";
const dir = process.argv[1];
const w = await import(`file://${dir}/win-details.js`);
const i18n = await import(`file://${dir}/i18n.js`);
const input = JSON.parse(readFileSync(0, "utf8"));
i18n.addMessages(input.messages);
const out = {
  summaryBirds: input.dealers.map((dealer) => w.birdsOf({ birds: input.tiles, dealer })),
  extras: w.handExtras(input.events, { table: { dealer: 2 } }),
  starting: w.startingOf({ starting: [[1, ["sixi", "banban"]]] }),
  names: ["en", "zh", "ja"].map((lang) => {
    i18n.setLangForTests(lang);
    return w.patternName("haohua_qixiaodui");
  }),
  qingque: w.isQingqueWin({ fans: [["和牌", 1]], fan: 1, base: 1 }),
  mcrIsNot: w.isQingqueWin({ fans: [["和牌", 1, 1]], fan_total: 8, total: 8 }),
};
process.stdout.write(JSON.stringify(out));
"""


@needs_node
def test_birds_and_starting_wins_as_the_room_and_the_records_give_them():
    tiles = list(SUITED)
    events = [
        {"type": "HandStarted", "dealer": 2},
        {
            "type": "StartingWin",
            "seat": 3,
            "patterns": ["queyise"],
            "hand": [11, 12],
            "deltas": [-2, -2, -2, 6],
        },
        {"type": "BirdsTurned", "tiles": [15, 29], "seats": [2, 2]},
    ]
    payload = {
        "tiles": tiles,
        "dealers": [0, 1, 2, 3],
        "events": events,
        "messages": CHANGSHA_MESSAGES,
    }
    out = run_node(["--input-type=module", "-e", SCRIPT, str(WEB / "js")], payload)
    for dealer, birds in zip([0, 1, 2, 3], out["summaryBirds"], strict=True):
        assert birds == [{"tile": t, "seat": bird_seat(t, dealer)} for t in tiles]
    assert out["extras"] == {
        "starting": [
            {"seat": 3, "patterns": ["queyise"], "hand": [11, 12], "deltas": [-2, -2, -2, 6]}
        ],
        "birds": [15, 29],
        "bird_seats": [2, 2],
        "dealer": 2,
    }
    assert out["starting"] == [
        {"seat": 1, "patterns": ["sixi", "banban"], "hand": None, "deltas": None}
    ]
    assert out["names"] == [NAMES["haohua_qixiaodui"][lang] for lang in ("en", "zh", "ja")]
    assert out["qingque"] is True and out["mcrIsNot"] is False
