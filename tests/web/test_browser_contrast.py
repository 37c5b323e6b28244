"""Every page of the site in Chromium at 1280x800 and 390x844, read as the browser renders it:
each text's colour against what lies behind it (translucent layers and faded ancestors
blended) at WCAG AA (4.5:1, 3:1 for large text: 24 px, or 18.66 px bold), and every target a
finger or pointer can press at least 40 x 40 px (a checkbox by its label; a link inside a
sentence is text, WCAG 2.5.8's inline exception; disabled controls are not targets).

Pages: home, tiles, the tools (analysis, both calculators, seed check with a verified seed),
the lobby signed in, a room before its game, the game view (a call prompt, the tools with the
waits help, a hand's result and the match end as modals), the replays list, a replay, the
player page, the fan quiz (a solo round with a hint of each colour, a room's form, the
leaderboard). One browser context per size for the whole module."""

from __future__ import annotations

import copy

import pytest

from openmahjong.quiz.catalogue import get

from .conftest import SIZES, Page, browser_missing
from .fixtures.engine_views import interesting_views
from .fixtures.stored_games import record_of, store_bot_game
from .play_helpers import new_name, register_in_page

pytestmark = pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")

#: Text below AA and targets below 40 px on the page as it is now: [[what, ratio or size]].
AUDIT = """() => {
  const rgba = (s) => {
    const m = (s.match(/[\\d.]+/g) || ['0', '0', '0', '0']).map(Number);
    return [m[0], m[1], m[2], m[3] ?? 1];
  };
  const over = (top, [r, g, b]) => {
    const a = top[3];
    return [top[0] * a + r * (1 - a), top[1] * a + g * (1 - a), top[2] * a + b * (1 - a)];
  };
  const lum = ([r, g, b]) => {
    const c = [r, g, b].map((v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  const behind = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const bg = rgba(getComputedStyle(e).backgroundColor);
      if (bg[3] > 0) layers.push(bg);
      if (bg[3] >= 1) break;
    }
    let out = [255, 255, 255];
    for (const layer of layers.reverse()) out = over(layer, out);
    return out;
  };
  const opacity = (el) => {
    let o = 1;
    for (let e = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
    return o;
  };
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    return r.width > 1 && r.height > 1 && s.visibility !== 'hidden' && el.getClientRects().length;
  };
  const what = (el) => el.outerHTML.slice(0, 90);
  const low = [];
  let texts = 0;
  let pressable = 0;
  // Under an open modal only the modal is read (the page behind it is dimmed on purpose).
  const root = document.querySelector('.modal-backdrop') || document.body;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || el.closest('svg, option, script, style')) continue;
    if (!shown(el) || el.closest(':disabled')) continue;
    const style = getComputedStyle(el);
    const bg = behind(el);
    const fg = over([...rgba(style.color).slice(0, 3), rgba(style.color)[3] * opacity(el)], bg);
    const [a, b] = [lum(fg), lum(bg)];
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    texts += 1;
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    if (ratio < (large ? 3 : 4.5)) {
      const text = n.textContent.trim().slice(0, 40);
      low.push(['text', text, Math.round(ratio * 100) / 100, what(el)]);
    }
  }
  const targets = 'a[href], button, input:not([type=hidden]), select, textarea, summary, '
    + '[role=button]';
  for (const el of root.querySelectorAll(targets)) {
    if (!shown(el) || el.disabled) continue;
    const inSentence = el.tagName === 'A' && el.parentElement
      && el.parentElement.textContent.trim().length > el.textContent.trim().length;
    if (inSentence) continue;
    const box = (['checkbox', 'radio'].includes(el.type) && el.closest('label')) || el;
    const r = box.getBoundingClientRect();
    if (r.right <= 0 || r.bottom <= 0) continue; // the skip link, off screen until focused
    pressable += 1;
    if (r.width < 39.5 || r.height < 39.5) {
      low.push(['target', Math.round(r.width), Math.round(r.height), what(el)]);
    }
  }
  return {low, texts, pressable};
}"""

#: The room's game view from engine views (as pages/room.js draws it), then its two modals.
GAME_VIEW = """async ([state, summary, end]) => {
  const table = await import('/js/table-view.js');
  const tools = await import('/js/room-tools.js');
  const result = await import('/js/result-view.js');
  document.body.classList.add('game-view');
  const main = document.querySelector('main');
  const parts = [
    Object.assign(document.createElement('h1'), {textContent: 'Room 7'}),
    table.renderTable(state, {}),
    tools.roomTools({view: state.view, options: {riichi: true}, sound: true}, {}),
  ];
  const names = state.names;
  const hold = {seconds: 8, waiting: 1};
  const handlers = {next() {}, copy() {}, close() {}};
  if (summary) parts.push(result.modal(result.resultElement(summary, {names, hold, handlers})));
  if (end) parts.push(result.modal(result.matchEndElement(end, {names, handlers})));
  main.replaceChildren(...parts);
}"""

NAMES = ["alice", "bob", "carol", "dave"]


@pytest.fixture(scope="module", params=list(SIZES))
def site(request, browser, live_server):
    """A signed-in page of one size, a stored game and a room of its own."""
    url = live_server.server.config.app.state.om.settings.database_url
    context = browser.new_context(viewport=SIZES[request.param], locale="en-US")
    page = Page(context.new_page(), request.param, live_server.url)
    name = new_name("contrast")
    register_in_page(page, name)
    # The player sits in the stored game: the replays list links the name to the player page.
    me = page.page.evaluate("async () => (await (await fetch('/api/auth/me')).json())")
    game_id = store_bot_game(url, 0, (me["id"], name))
    room_id = page.page.evaluate(
        "async (name) => { const r = await fetch('/api/rooms', {method: 'POST',"
        " headers: {'Content-Type': 'application/json'},"
        " body: JSON.stringify({name, ruleset: 'riichi', preset: 'majsoul-tonpuu'})});"
        " return (await r.json()).id; }",
        new_name("contrast room"),
    )
    yield page, game_id, room_id
    context.close()
    assert not page.problems, "\n".join(page.problems)


def audit(page, where: str) -> list:
    found = page.page.evaluate(AUDIT)
    # Something was read: the page's texts and at least its controls.
    assert found["texts"] >= 5 and found["pressable"] >= 1, (where, found)
    return [[where, *item] for item in found["low"]]


def test_every_page_reads_at_aa_with_large_targets(site, live_server):
    page, game_id, room_id = site
    p = page.page
    seed = "0" * 63 + "1"
    routes = {
        "home": ("#/", "main h1"),
        "tiles": ("#/tiles", "main svg.tile"),
        "analysis": ("#/tools/analyze", "main form"),
        "riichi calculator": ("#/tools/riichi", "main form"),
        "mcr calculator": ("#/tools/mcr", "main form"),
        "seed check": (f"#/tools/seed?seed={seed}&salt=s&ruleset=riichi&hands=1", "main svg.tile"),
        "lobby": ("#/lobby", "[data-testid=signed-in]"),
        "room": (f"#/room/{room_id}", "[data-testid=room-seats]"),
        "replays": ("#/replays", "main table .seat-list a"),
        "replay": (f"#/replay/{game_id}", "[data-testid=table]"),
        "player": ("#/player", "main h2"),
        "quiz room": ("#/quiz?tab=room", "[data-testid=quiz-create]"),
        "quiz leaderboard": ("#/quiz?tab=board", "[data-testid=quiz-board-empty], .leaderboard"),
    }
    problems = []
    for where, (route, ready) in routes.items():
        page.open(route)
        p.wait_for_selector(ready)
        problems += audit(page, where)
        if where == "replay":  # the replay at a hand's end: its result drawn under the table
            p.keyboard.press("End")
            p.wait_for_selector("[data-testid=result]")
            problems += audit(page, "replay end")
    # The fan quiz's solo round with a hint of each colour: the answer is Ittsuu [2, 1] and
    # Riichi is guessed (ruleset green, value 1 yellow, the rest grey).
    page.open("#/quiz")
    p.select_option("select[name=pool]", "riichi")
    p.click("[data-testid=quiz-solo-start]")
    p.wait_for_selector("[data-testid=quiz-guess]")
    solo = live_server.server.config.app.state.quiz.solo
    next(reversed(solo.values())).answer = get("riichi:ittsu")
    p.fill("[data-testid=quiz-guess]", "Riichi")
    p.keyboard.press("Enter")
    p.wait_for_selector("td.hint-yellow")
    problems += audit(page, "quiz solo")
    # The game view: a call prompt with the waits help; a hand's result; the match's end.
    page.open("#/lobby")
    views = interesting_views(0)
    chi = copy.deepcopy(views["chi"])
    chi["hand"] = [12, 13, 14, 15, 16, 21, 22, 23, 31, 32, 33, 46, 46]  # ready: 1m 4m 7m
    chi["own"] = {"furiten": True}
    chi["discards"][1] += [[11, False, False, None]] * 4  # no 1m left: a dead wait, faded
    clock = {"move": 5, "total": 8, "bank": 20}
    state = {"view": chi, "names": NAMES, "clock": clock, "rules": {"table": {"sticks": True}}}
    state["prompt"] = {"seq": 1, "actions": chi["legal_actions"]}
    p.evaluate(GAME_VIEW, [state, None, None])
    problems += audit(page, "game view")
    page.shot("contrast-game-view")
    record = record_of(0)
    won = next(h for h in record["hands"] if h.get("wins"))
    p.evaluate(GAME_VIEW, [state, won, None])
    problems += audit(page, "hand end")
    end = {**record["result"], "names": NAMES}
    p.evaluate(GAME_VIEW, [state, None, end])
    problems += audit(page, "match end")
    assert not problems, "\n".join(map(str, problems))
