"""The Sichuan table's centre notes of kan bonuses and payments, in Chromium and in en/zh/ja: the
engine's own events from rigged hands (test_round.py's open kan, concealed kan and robbed added
kan) folded by sichuan-view.js as the room folds them, then drawn by its ``seatParts`` centre.
Each note names the seat, the kind of kan and every payment; a robbed added kan's note says its
bonus went back; a win's note its order, han and payments."""

from __future__ import annotations

import pytest

from openmahjong.rules.sichuan.game.events import KanBonus, SichuanWon
from openmahjong.table import Ankan, Kakan, Minkan, Ron
from openmahjong.table.events import event_to_dict
from openmahjong.tiles import parse
from tests.rules.sichuan.test_round import (
    DEALER_5S,
    FILL_M,
    FILL_P,
    discard,
    kakan_table,
    rig,
    t1,
)

from .conftest import SIZES, Page, browser_missing

pytestmark = pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")

NAMES = ["east", "south", "west", "north"]


def open_kan_events() -> list[dict]:
    t = rig([DEALER_5S, "555s123p456p789p2s", "123m456m789m13s66s", FILL_M], "smpm", back="9p")
    discard(t, 0, "5s")
    t.act(1, Minkan(tuple(parse("555s"))))
    return _kept(t)


def concealed_kan_events() -> list[dict]:
    t = rig(["1111p222p333p44p99m", FILL_P, "12345789s5678p9p", FILL_P], "sppm", back="4p")
    t.act(0, Ankan(tuple(parse("1111p"))))
    return _kept(t)


def robbed_kan_events() -> list[dict]:
    t = kakan_table("123m456m789m46s11s")  # seat 2 waits on 5s
    t.act(1, Kakan(t1("5s")))
    t.act(2, Ron())
    return _kept(t)


def _kept(table) -> list[dict]:
    return [event_to_dict(e) for e in table.events if isinstance(e, (KanBonus, SichuanWon))]


#: Fold the events into a fresh view (sichuan-view.js) and draw the centre after each one.
NOTES = """async ({events, names, lang}) => {
  const i18n = await import('/js/i18n.js');
  const sv = await import('/js/sichuan-view.js');
  i18n.setLangForTests(lang);
  let v = {seat: null, table: {stage: 'play'}, points: [50000, 50000, 50000, 50000],
    seats_public: [0, 1, 2, 3].map(() => ({won: null, revealed: [], void: null})), notes: []};
  const drawn = [];
  for (const ev of events) {
    v = sv.applySichuanEvent(v, ev, {}) || v;
    const centre = sv.seatParts({view: v, names, label: {number: 1, hands: 4}}).centre();
    drawn.push([...centre.querySelectorAll('[data-note]')].map((li) => [li.dataset.note,
      +li.dataset.seat, li.textContent]));
  }
  i18n.setLangForTests('en');
  return {drawn, points: v.points};
}"""


@pytest.fixture(scope="module")
def chromium_page(browser, live_server):
    context = browser.new_context(viewport=SIZES["desktop"], locale="en-US")
    page = Page(context.new_page(), "desktop", live_server.url)
    page.open("#/")
    yield page
    context.close()
    assert not page.problems, "\n".join(page.problems)


def notes(page: Page, events: list[dict], lang: str = "en") -> dict:
    return page.page.evaluate(NOTES, {"events": events, "names": NAMES, "lang": lang})


def test_an_open_kan_note_names_the_feeder_paying(chromium_page):
    out = notes(chromium_page, open_kan_events())
    assert out["drawn"] == [[["kan", 1, "south's open kan: east -2000, south +2000"]]]
    assert out["points"] == [48000, 52000, 50000, 50000]


def test_a_concealed_kan_note_names_every_payer(chromium_page):
    out = notes(chromium_page, concealed_kan_events())
    text = "east's concealed kan: east +6000, south -2000, west -2000, north -2000"
    assert out["drawn"] == [[["kan", 0, text]]]
    assert out["points"] == [56000, 48000, 48000, 48000]


def test_a_robbed_added_kan_pays_back_and_the_win_is_noted(chromium_page):
    out = notes(chromium_page, robbed_kan_events())
    paid = ["kan", 1, "south's added kan: east -1000, south +3000, west -1000, north -1000"]
    back = ["kan-cancelled", 1, "south's added kan was robbed: its bonus is paid back"]
    win = ["win", 2, "west won (1st win): 2 han, south -2000, west +2000"]
    # The centre keeps the last two notes.
    assert out["drawn"] == [[paid], [paid, back], [back, win]]
    assert out["points"] == [50000, 48000, 52000, 50000]


@pytest.mark.parametrize(
    ("lang", "kan", "robbed"),
    [
        ("zh", "south补杠：east -1000", "south的补杠被抢：杠钱退回"),
        ("ja", "southの加槓：east -1000", "southの加槓は槍槓された：槓の支払いは返還"),
    ],
)
def test_the_notes_in_chinese_and_japanese(chromium_page, lang, kan, robbed):
    drawn = notes(chromium_page, robbed_kan_events(), lang)["drawn"]
    assert drawn[0][0][2].startswith(kan)
    assert drawn[1][1][2] == robbed
