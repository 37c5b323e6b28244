"""The live table and a spectator's table on a phone held upright (390x844), and the same checks
at 1280x800: a call prompt of three chi options and Pass moves nothing (every hand tile, the
board, the tools keep their boxes) and fits one row under the board, every target is at least
40 px, the other seats' names read upright, pond tiles carry their names (tooltip and label)
and a pointer over one reaches it, and a spectator's board sits under the title line, not under
an empty screen. Drawn from engine views, as the room page draws them (title, table, tools)."""

from __future__ import annotations

import copy

import pytest

from .conftest import SIZES, Page, browser_missing
from .fixtures.engine_views import interesting_views
from .fixtures.stored_games import record_of

pytestmark = pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")

#: The room page's game view from plain state: title line, table, tools (pages/room.js).
ROOM = """async (state) => {
  const table = await import('/js/table-view.js');
  const tools = await import('/js/room-tools.js');
  document.body.classList.add('game-view');
  const main = document.querySelector('main');
  main.replaceChildren(
    Object.assign(document.createElement('h1'), {textContent: 'Room 1'}),
    table.renderTable(state, {}),
    tools.roomTools({view: state.view, options: {riichi: true}, sound: false}, {}));
}"""

#: Where every part that must stay put is: board, own hand, each hand tile, tools.
BOXES = """() => {
  const box = (e) => {
    const r = e.getBoundingClientRect();
    return [r.x, r.y, r.width, r.height].map(Math.round);
  };
  const out = {};
  const parts = ['own-hand', 'room-tools', 'action-area'].map((id) => `[data-testid=${id}]`);
  for (const sel of ['.board', ...parts]) {
    const e = document.querySelector(sel);
    if (e) out[sel] = box(e);
  }
  document.querySelectorAll('.hand-tile').forEach((e, i) => { out['tile' + i] = box(e); });
  return out;
}"""

#: Each name's first and last letters: upright text runs left to right on one line.
NAME_LETTERS = """() => [...document.querySelectorAll('.seat-name')].map((el) => {
  const text = el.firstChild;
  const letter = (i) => {
    const r = document.createRange();
    r.setStart(text, i);
    r.setEnd(text, i + 1);
    const b = r.getBoundingClientRect();
    return [b.x, b.y];
  };
  return {name: el.textContent, first: letter(0), last: letter(text.length - 1)};
})"""

#: Each pond tile's tooltip and label, and whether a pointer at its centre lands on it.
POND_TILES = """() => [...document.querySelectorAll('.pond .discard')].map((el) => {
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  const svg = el.querySelector('svg');
  const label = svg && svg.getAttribute('aria-label');
  return {title: el.title, label, hit: !!hit && el.contains(hit)};
})"""

NAMES = ["alice-the-first", "bob", "carol", "dave"]


@pytest.fixture(scope="module")
def views():
    return interesting_views(0)


@pytest.fixture(scope="module", params=list(SIZES))
def room_page(request, browser, live_server):
    """One page per size for the module: each test draws its own state into it."""
    context = browser.new_context(viewport=SIZES[request.param], locale="en-US")
    wrapped = Page(context.new_page(), request.param, live_server.url)
    wrapped.open("#/lobby")
    yield wrapped
    context.close()
    assert not wrapped.problems, "\n".join(wrapped.problems)


def three_chi(view: dict) -> list[dict]:
    chis = [a for a in view["legal_actions"] if a["type"] == "chi"]
    assert len(chis) == 3, view["legal_actions"]
    return view["legal_actions"]


def test_a_call_prompt_moves_nothing_and_fits_one_row(room_page, views):
    p = room_page.page
    chi = views["chi"]
    p.evaluate(ROOM, {"view": chi, "prompt": None, "names": NAMES})
    before = p.evaluate(BOXES)
    p.evaluate(ROOM, {"view": chi, "prompt": {"seq": 1, "actions": three_chi(chi)}, "names": NAMES})
    after = p.evaluate(BOXES)
    assert len([k for k in before if k.startswith("tile")]) == len(chi["hand"])
    assert after == before
    buttons = p.locator("[data-testid=actions] .act-btn")
    assert buttons.count() == 4
    board_bottom = before[".board"][1] + before[".board"][3]
    rows = []
    for b in buttons.all():
        x, y, w, h = (round(v) for v in b.bounding_box().values())
        assert w >= 40 and h >= 40, (b.text_content(), w, h)
        assert y >= board_bottom - 1, ("a button over the board", b.text_content(), y, board_bottom)
        rows.append((y, y + h))
    # One row: every button spans the same line (they may differ in height).
    assert max(top for top, _ in rows) < min(bottom for _, bottom in rows), rows
    size = p.viewport_size
    for key, (x, y, w, h) in after.items():
        assert x >= 0 and y >= 0 and x + w <= size["width"] and y + h <= size["height"], (key, size)
    # Every target on the page (hand tiles, buttons, the tools' switches, the language).
    for el in p.locator("main button:visible, main a:visible, main label:visible, #lang").all():
        box = el.bounding_box()
        what = el.evaluate("e => e.outerHTML.slice(0, 80)")
        assert box["width"] >= 40 and box["height"] >= 40, (what, box)
    room_page.shot("phone-layout-call")


def test_names_read_upright_and_pond_tiles_say_what_they_are(room_page, views):
    p = room_page.page
    p.evaluate(ROOM, {"view": views["busy"], "prompt": None, "names": NAMES})
    letters = p.evaluate(NAME_LETTERS)
    assert sorted(n["name"] for n in letters) == sorted(NAMES)
    for n in letters:
        (x0, y0), (x1, y1) = n["first"], n["last"]
        assert x1 > x0 and abs(y1 - y0) < 2, n
    tiles = p.evaluate(POND_TILES)
    assert len(tiles) > 8
    for tile in tiles:
        assert tile["title"] and tile["title"] == tile["label"] and tile["hit"], tile


def test_a_spectators_board_sits_under_the_title(room_page, views):
    p = room_page.page
    spectator = copy.deepcopy(views["busy"])
    spectator.update({"seat": None, "hand": [], "legal_actions": []})
    p.evaluate(ROOM, {"view": spectator, "prompt": None, "names": NAMES})
    board = p.locator(".board").bounding_box()
    title = p.locator("main > h1").bounding_box()
    size = p.viewport_size
    assert board["y"] <= title["y"] + title["height"] + 8, (board, title)
    assert board["y"] + board["height"] <= size["height"]
    # The board keeps the screen's width on a phone (or most of its height wider up).
    assert board["width"] >= min(size["width"] - 10, size["height"] - 60), board
    tools = p.get_by_test_id("room-tools").bounding_box()
    if room_page.size == "phone":
        assert tools["y"] >= board["y"] + board["height"] - 1, (tools, board)
    room_page.shot("phone-layout-spectator")


#: The hand's result and the match's end over the game view, as the room shows them.
MODAL = """async ([summary, end, names]) => {
  const r = await import('/js/result-view.js');
  const handlers = {next() {}, copy() {}, close() {}};
  const hold = {seconds: 8, waiting: 1};
  const el = summary ? r.resultElement(summary, {names, hold, handlers})
    : r.matchEndElement({...end, names}, {names, handlers});
  document.querySelector('main').append(r.modal(el));
}"""


def test_the_screens_a_player_sees(room_page, views):
    """Mid-hand, riichi's choice, a hand's result and the match's end: each on screen, kept as
    screenshots for review (docs/web-client.md describes them)."""
    p = room_page.page
    busy = views["busy"]
    state = {"view": busy, "names": NAMES, "rules": {"table": {"sticks": True}}}
    state["prompt"] = {"seq": 1, "actions": busy["legal_actions"]}
    state["clock"] = {"move": 6, "total": 8, "bank": 20}
    p.evaluate(ROOM, state)
    room_page.shot("review-mid-hand")
    riichi = views["riichi"]
    p.evaluate(ROOM, {**state, "view": riichi, "riichi": True,
                      "prompt": {"seq": 2, "actions": riichi["legal_actions"]}})  # fmt: skip
    assert p.locator(".hand-tile.blocked").count() > 0
    room_page.shot("review-riichi")
    record = record_of(0)
    won = next(h for h in record["hands"] if h.get("wins"))
    size = p.viewport_size
    for name, args in (
        ("hand-end", [won, None, NAMES]),
        ("match-end", [None, record["result"], NAMES]),
    ):
        p.evaluate(ROOM, {**state, "prompt": None})
        p.evaluate(MODAL, args)
        box = p.locator(".modal-backdrop .modal").bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"], (name, box)
        room_page.shot(f"review-{name}")
