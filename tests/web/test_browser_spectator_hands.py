"""A spectator watching a game of four bots across three hands (issue 18, bug 3: a spectator's
table never reset, ponds and melds piled up, the label stayed East 1, "0 tiles left", dora
indicators accumulated). The room's owner watches its own room: it leaves its seat, presses
Watch, seats four bots and starts. A mutation observer keeps what the table shows after every
message; each hand must start from an empty table (no discards, no melds), the label must
advance, the wall count start again at the live wall after the deal and one dora indicator."""

from __future__ import annotations

import pytest

from .conftest import SIZES, Page, browser_missing
from .play_helpers import new_name, register_in_page

pytestmark = pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")

#: The room: Riichi tonpuu, spectators with no delay, a short pause after each hand.
CREATE = """async (name) => {
  const headers = {'Content-Type': 'application/json'};
  const r = await fetch('/api/rooms', {method: 'POST', headers,
    body: JSON.stringify({name, ruleset: 'riichi', preset: 'majsoul-tonpuu',
      table: {spectators: true, spectator_delay: 0, hand_end_seconds: 1}})});
  if (!r.ok) throw new Error(await r.text());
  return (await r.json()).id;
}"""

#: What the table shows after each change, kept while it differs from the last one kept.
OBSERVE = """() => {
  window.__snaps = [];
  const main = document.querySelector('main');
  const text = (sel) => { const e = main.querySelector(sel); return e ? e.textContent : null; };
  new MutationObserver(() => {
    const label = text('[data-testid=hand-counter]');
    if (label === null) return;
    const snap = {
      hand: `${label} / ${text('[data-testid=honba]')}`,
      discards: main.querySelectorAll('.pond .discard').length,
      melds: main.querySelectorAll('.board .meld').length,
      remaining: text('[data-testid=remaining]'),
      dora: main.querySelectorAll('[data-testid=dora] svg.tile').length,
      result: !!main.querySelector('[data-testid=result]'),
    };
    const last = window.__snaps[window.__snaps.length - 1];
    if (!last || JSON.stringify(last) !== JSON.stringify(snap)) window.__snaps.push(snap);
  }).observe(main, {childList: true, subtree: true});
}"""

#: How many hands' labels the table has shown (the empty table before the first reads "Hand").
HANDS_SEEN = (
    "() => new Set(window.__snaps.filter((s) => s.hand.includes('honba')).map((s) => s.hand)).size"
)


def test_a_spectators_table_resets_each_hand(browser, live_server):
    # One size: what is checked is the table's state, not its layout (test_browser_phone_layout).
    size = "phone"
    context = browser.new_context(viewport=SIZES[size], locale="en-US")
    page = Page(context.new_page(), size, live_server.url)
    p = page.page
    try:
        register_in_page(page, new_name("watcher"))
        room_id = p.evaluate(CREATE, new_name("bots only"))
        page.open(f"#/room/{room_id}")
        # The owner is seated on arrival: it leaves the seat and watches instead.
        p.get_by_role("button", name="Leave").click()
        p.get_by_test_id("watch").click()
        for _ in range(4):
            p.get_by_test_id("add-bot").click()
            p.wait_for_timeout(150)
        p.wait_for_selector("[data-testid=start]:not([disabled])")
        p.evaluate(OBSERVE)
        p.get_by_test_id("start").click()
        p.wait_for_function(f"({HANDS_SEEN})() >= 3", timeout=60000)
        snaps = p.evaluate("window.__snaps")
        page.shot("spectator-hands")
    finally:
        context.close()
    assert not page.problems, "\n".join(page.problems)
    snaps = [s for s in snaps if "honba" in s["hand"]]
    hands: list[str] = []
    for snap in snaps:
        if not hands or snap["hand"] != hands[-1]:
            hands.append(snap["hand"])
    # The label advances hand by hand (never back to one seen before).
    assert len(hands) == len(set(hands)) >= 3, hands
    assert hands[0] == "East 1 / 0 honba", hands
    for i, hand in enumerate(hands[:3]):
        shown = [s for s in snaps if s["hand"] == hand]
        first, last = shown[0], shown[-1]
        # A fresh table: nothing in the ponds or melds, the live wall after the deal, one dora.
        assert first["discards"] == 0 and first["melds"] == 0, (hand, first)
        assert first["remaining"] == "69 tiles left" and first["dora"] == 1, (hand, first)
        assert not first["result"], (hand, first)
        if i == 2:
            break  # the third hand's start is what counts; it is still being played
        # ...which the hand then filled: discards made, the wall counted down, a result shown.
        assert last["discards"] > 0 and last["remaining"] != "69 tiles left", (hand, last)
        assert any(s["result"] for s in shown), hand
