"""The table as a game view (issue 18): a square board, the own hand fixed at the bottom of the
screen whatever the ponds hold and whether a prompt is open, targets of at least 40 px, tiles
that may not be discarded drawn apart, the live round label from the server's label data, and
text on the table readable (WCAG AA). Drawn from engine views at 1280x800 and 390x844, in the
full-screen game view the room page uses; one live room checks that the view hides the site's
navigation and that leaving brings it back."""

from __future__ import annotations

import copy

import pytest

from .conftest import browser_missing
from .fixtures.engine_views import interesting_views
from .play_helpers import new_name, register_in_page

pytestmark = pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")

#: The room page's game view, drawn from plain state: the page's navigation hidden, a title
#: line, then the table (as pages/room.js draws it while a game runs).
GAME = """async (state) => {
  const m = await import('/js/table-view.js');
  window.__acted = [];
  window.__state = state;
  document.body.classList.add('game-view');
  const redraw = () => {
    const el = m.renderTable(window.__state, {
      act: (a) => window.__acted.push(a),
      toggleRiichi: () => { window.__state.riichi = !window.__state.riichi; redraw(); },
    });
    const main = document.querySelector('main');
    main.replaceChildren(Object.assign(document.createElement('h1'), {textContent: 'table'}), el);
  };
  window.__redraw = redraw;
  redraw();
}"""

BOX = "(el) => { const r = el.getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; }"

#: Every text on the board and under it with its colour against what lies behind it (the
#: element's own background and its ancestors', translucent ones blended over the next).
CONTRAST = """() => {
  const rgba = (s) => {
    const m = s.match(/[\\d.]+/g).map(Number);
    return [m[0], m[1], m[2], m[3] ?? 1];
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
    for (const [r, g, b, a] of layers.reverse()) {
      out = [r * a + out[0] * (1 - a), g * a + out[1] * (1 - a), b * a + out[2] * (1 - a)];
    }
    return out;
  };
  const found = [];
  const table = document.querySelector('.table2d');
  const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || el.closest('svg')) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || el.getClientRects().length === 0) continue;
    const fg = rgba(style.color);
    const [a, b] = [lum(fg), lum(behind(el))];
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    found.push([n.textContent.trim().slice(0, 30), ratio]);
  }
  return found;
}"""


@pytest.fixture(scope="module")
def views():
    return interesting_views(0)


def crowded(view: dict, per_seat: int = 18) -> dict:
    """The view with ``per_seat`` discards in every pond (one of them a riichi tile)."""
    v = copy.deepcopy(view)
    tiles = [t for t in v["hand"]] or [11]
    v["discards"] = [
        [[tiles[(seat + i) % len(tiles)], i % 3 == 0, i == 5, None] for i in range(per_seat)]
        for seat in range(len(v["discards"]))
    ]
    return v


def box(locator) -> list[float]:
    return [round(x, 1) for x in locator.evaluate(BOX)]


def in_viewport(p, locator) -> None:
    x, y, w, h = box(locator)
    size = p.viewport_size
    inside = x >= 0 and y >= 0 and x + w <= size["width"] and y + h <= size["height"]
    assert inside, (x, y, w, h, size)


def test_the_own_hand_stays_put_as_ponds_grow_and_prompts_come(page, views):
    p = page.page
    page.open("#/lobby")
    view = views["riichi"]
    prompt = {"seq": 1, "actions": view["legal_actions"]}
    p.evaluate(GAME, {"view": view, "prompt": prompt, "clock": {"move": 4, "total": 8, "bank": 20}})
    hand = p.get_by_test_id("own-hand")
    drawn = p.locator(".hand-tile.drawn")
    before, drawn_before = box(hand), box(drawn)
    in_viewport(p, hand)
    # The site's navigation is gone in the game view; the language switch stays.
    assert not p.locator(".mainnav").is_visible() and p.locator("#lang").is_visible()
    # 18 discards in each pond: the hand and its drawn tile have not moved, all on screen.
    p.evaluate(GAME, {"view": crowded(view), "prompt": prompt, "clock": {"move": 4, "total": 8}})
    assert p.locator("[data-testid=discards-0] .discard").count() == 18
    assert box(hand) == before and box(drawn) == drawn_before
    in_viewport(p, drawn)
    page.shot("table-crowded")
    # The latest discard is marked, in one pond only.
    p.evaluate(
        "() => { window.__state.view.events = [{type: 'Discarded', seat: 2, tile: 11}];"
        " window.__redraw(); }"
    )
    assert p.locator(".discard.last").count() == 1
    assert p.locator("[data-testid=discards-2] .discard").last.get_attribute("data-last") == "1"
    # A call window opens and closes: nothing on the page moves (no layout shift).
    chi = views["chi"]
    p.evaluate(GAME, {"view": chi, "prompt": None})
    board = p.locator(".board")
    hand_box, board_box = box(hand), box(board)
    p.evaluate(GAME, {"view": chi, "prompt": {"seq": 2, "actions": chi["legal_actions"]}})
    assert p.locator(".act-btn[data-action=chi]").count()
    assert box(hand) == hand_box and box(board) == board_box
    in_viewport(p, p.get_by_test_id("actions"))
    page.shot("table-call")
    # The clock is a bar as well as text.
    p.evaluate(GAME, {"view": view, "prompt": prompt, "clock": {"move": 2, "total": 8}})
    fill = p.locator(".clock-fill").evaluate(
        "e => e.getBoundingClientRect().width / e.parentElement.getBoundingClientRect().width"
    )
    assert abs(fill - 0.25) < 0.02


#: Where each seat's pond and melds lie on the board, as offsets from its centre in sides.
GEOMETRY = """() => {
  const board = document.querySelector('.board').getBoundingClientRect();
  const mid = (r) => [r.x + r.width / 2, r.y + r.height / 2];
  const [cx, cy] = mid(board);
  const off = (el) => {
    const [x, y] = mid(el.getBoundingClientRect());
    return [(x - cx) / board.width, (y - cy) / board.height];
  };
  const seats = {};
  for (const seat of document.querySelectorAll('.board .seat')) {
    const where = [...seat.classList].find((c) => c.startsWith('seat-') && c !== 'seat-edge');
    const melds = seat.querySelector('.melds');
    seats[where.slice(5)] = {pond: off(seat.querySelector('.pond')),
      melds: melds && melds.children.length ? off(melds) : null, rotation: seat.dataset.rotation};
  }
  return {side: [board.width, board.height], centre: off(document.querySelector('.centre')), seats};
}"""


def test_a_square_board_with_each_pond_facing_its_seat(page, views):
    p = page.page
    page.open("#/lobby")
    p.evaluate(GAME, {"view": crowded(views["busy"], 12)})
    found = p.evaluate(GEOMETRY)
    width, height = found["side"]
    assert abs(width - height) <= 1, found["side"]  # a square
    assert all(abs(x) < 0.05 for x in found["centre"]), found["centre"]  # the centre's box
    # Each pond lies between the centre and its seat's edge (you below, across above, right
    # and left beside), turned to face that seat; melds lie further out at the seat's edge.
    toward = {"self": (0, 1), "right": (1, 0), "across": (0, -1), "left": (-1, 0)}
    rotation = {"self": "0", "right": "270", "across": "180", "left": "90"}
    assert set(found["seats"]) == set(toward)
    for where, seat in found["seats"].items():
        dx, dy = toward[where]
        along = seat["pond"][0] * dx + seat["pond"][1] * dy
        across = abs(seat["pond"][0] * dy) + abs(seat["pond"][1] * dx)
        assert 0.1 < along < 0.5 and across < 0.15, (where, seat)
        assert seat["rotation"] == rotation[where]
        if seat["melds"]:
            assert seat["melds"][0] * dx + seat["melds"][1] * dy > along, (where, seat)


def test_every_target_is_large_enough_and_blocked_tiles_look_blocked(page, views):
    p = page.page
    page.open("#/lobby")
    view = views["riichi"]
    actions = view["legal_actions"]
    p.evaluate(GAME, {"view": view, "prompt": {"seq": 1, "actions": actions}})
    targets = p.locator("main button:visible, main a:visible, #lang")
    for el in targets.all():
        _x, _y, w, h = box(el)
        assert w >= 40 and h >= 40, (el.evaluate("e => e.outerHTML.slice(0, 80)"), w, h)
    # An ordinary turn: every tile may go, none is blocked.
    assert p.locator(".hand-tile.blocked").count() == 0
    # Riichi's choice: only the tiles that keep tenpai may go, the others look blocked.
    p.locator("[data-action=riichi]").click()
    riichi = {a["tile"] for a in actions if a["type"] == "discard" and a["riichi"]}
    blocked = p.locator(".hand-tile.blocked")
    assert blocked.count() == len([t for t in view["hand"] if t not in riichi])
    look = (
        "e => { const s = getComputedStyle(e.querySelector('svg')); return [s.opacity, s.filter] }"
    )
    assert blocked.first.evaluate(look) != p.locator(".hand-tile.playable").first.evaluate(look)
    page.shot("table-riichi-choice")
    # The hand locked by riichi (or kuikae after a call): the prompt offers some tiles only.
    drawn = int(p.locator(".hand-tile.drawn").get_attribute("data-tile"))
    only = [{"type": "discard", "tile": drawn, "riichi": False}]
    p.evaluate(GAME, {"view": view, "prompt": {"seq": 2, "actions": only}})
    assert p.locator(".hand-tile.playable").count() == 1
    assert p.locator(".hand-tile.blocked").count() == len(view["hand"]) - 1
    # Between turns no tile may go and none is dimmed: the hand reads as usual.
    p.evaluate(GAME, {"view": view, "prompt": None})
    assert p.locator(".hand-tile.blocked").count() == 0


def test_round_label_sticks_and_contrast(page, views):
    p = page.page
    page.open("#/lobby")
    view = copy.deepcopy(views["busy"])
    # The kernel's hand counter says the 6th hand; the match's label data says East 4, 1 honba.
    view["table"].update({"hand_number": 6, "round_wind": 41, "honba": 0, "sticks": 1})
    riichi_rules = {"table": {"sticks": True}}
    label = {"wind": 41, "number": 4, "honba": 1}
    p.evaluate(GAME, {"view": view, "label": label, "rules": riichi_rules})
    assert p.text_content("[data-testid=hand-counter]") == "East 4"
    assert p.text_content("[data-testid=honba]") == "1 honba"
    assert p.text_content("[data-testid=sticks]") == "1 riichi sticks"
    # A ruleset without sticks (MCR's client data) shows neither honba nor sticks.
    mcr_rules = {"table": {"sticks": False}}
    p.evaluate(GAME, {"view": view, "label": {"wind": 42, "number": 2}, "rules": mcr_rules})
    assert p.text_content("[data-testid=hand-counter]") == "South 2"
    assert p.get_by_test_id("sticks").count() == 0 and p.get_by_test_id("honba").count() == 0
    # Without a wind round the button says the hand's number (Changsha); a ruleset whose own
    # centre part numbers its hands (Sichuan's "Hand 1 of 2", parts.numbersHands: the live room
    # in test_browser_win_details.py) keeps "Commitment" there, not a second "Hand".
    windless = copy.deepcopy(view)
    windless["table"]["round_wind"] = None
    p.evaluate(GAME, {"view": windless, "label": {"number": 1, "hands": 2}, "rules": mcr_rules})
    assert p.text_content("[data-testid=hand-counter]") == "Hand 1 of 2"
    # Text on the table reads at 4.5:1 at least, with the seat to play lit and a prompt open.
    prompt = {"seq": 3, "actions": view["legal_actions"]}
    clock = {"move": 1, "total": 8}
    busy = {"view": crowded(view), "rules": riichi_rules, "clock": clock, "prompt": prompt}
    p.evaluate(GAME, busy)
    texts = p.evaluate(CONTRAST)
    assert len(texts) > 10
    low = [(text, round(ratio, 2)) for text, ratio in texts if ratio < 4.5]
    assert not low, low
    page.shot("table-busy")


def test_the_game_view_hides_the_site_navigation_until_leaving(page, live_server):
    p = page.page
    register_in_page(page, new_name("table"))
    assert p.locator(".mainnav").is_visible()
    p.get_by_test_id("play-bots").click()
    p.wait_for_url("**/#/room/*")
    p.get_by_test_id("table").wait_for(timeout=15000)
    assert not p.locator(".mainnav").is_visible() and not p.locator(".footer").is_visible()
    in_viewport(p, p.get_by_test_id("own-hand"))
    assert p.get_by_test_id("hand-counter").text_content() == "East 1"
    page.shot("game-view")
    p.get_by_test_id("game-exit").click()
    p.wait_for_url("**/#/lobby")
    p.locator(".mainnav").wait_for()
    assert p.evaluate("document.body.classList.contains('game-view')") is False
