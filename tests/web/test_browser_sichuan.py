"""A whole Sichuan Bloody match played by clicking in Chromium against three Sichuan bots, at
desktop (1280x800) and phone (390x844) sizes, failing on any console error (conftest.Page).

The room is made through the lobby form (ruleset Sichuan, its preset, a short match by its
``hands`` option). Each hand: the exchange picker (the suggested three tiles chosen, changed
and chosen again, confirmed), the tiles received highlighted with their direction, the void
buttons (the suggestion marked), a void badge on every seat, then the discards (a win taken
when offered). Winners' hands stay face up with their win order and the seat greyed; each
hand's screen lists the wins in order or the draw's recheck. The stored record says what the
screen said (the exchanged tiles, the voids). Screenshots go to tests/artifacts/.
"""

from __future__ import annotations

import time

import httpx
import pytest

from .conftest import browser_missing
from .play_helpers import (
    ROOM_MODULE,
    SESSION,
    WINS,
    _tap,
    create_room_in_lobby,
    fits_width,
    id_in_address,
    min_box,
    new_name,
    picked_tiles,
    register_in_page,
    seat_bots_and_start,
)
from .test_browser_contrast import audit

pytestmark = pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")

#: Hands of the match by size: two at desktop size (the dealer rule runs once), one on a phone.
HANDS = {"desktop": 2, "phone": 1}
SEEDS = {"desktop": 19, "phone": 23}


def _suit(tile: int) -> int:
    return tile // 10


def open_sichuan_room(page, seed: int, hands: int) -> int:
    return create_room_in_lobby(
        page,
        seed,
        name="bloody",
        ruleset="sichuan",
        preset="majsoul-bloodshed",
        # The longest move clock the server allows: the first exchange waits for a screenshot
        # and the contrast audit, which on a loaded two-worker run outlasted 60 s + 60 s.
        numbers={"hands": str(hands), "move_seconds": "300"},
    )


def exchange(page, first: bool) -> list[int]:
    """The exchange picker: the suggestion chosen; one tile off (Confirm disabled), on again;
    Confirm. Returns the tiles passed."""
    p = page.page
    picker = p.get_by_test_id("exchange-picker")
    picker.wait_for(timeout=20000)
    prompt = p.evaluate(f"{SESSION}.prompt")
    assert prompt["actions"] == [] and prompt["choice"]["type"] == "exchange"
    suggested = prompt["choice"]["suggested"]
    assert sorted(picked_tiles(p)) == sorted(suggested)
    confirm = p.get_by_test_id("exchange-confirm")
    assert confirm.is_enabled()
    if first:
        page.shot("sichuan-exchange")
        page.low_contrast = audit(page, "exchange")
        w, h = min_box(p.locator(".hand-tile"))
        assert w >= 40 and h >= 40, (w, h)
        fits_width(page)
    first_picked = p.locator(".hand-tile.picked").first
    key = first_picked.get_attribute("data-key")
    first_picked.click()
    assert len(picked_tiles(p)) == 2 and not confirm.is_enabled()
    assert "2 of 3" in p.get_by_test_id("exchange-count").text_content()
    p.locator(f".hand-tile[data-key='{key}']").click()
    chosen = picked_tiles(p)
    assert sorted(chosen) == sorted(suggested) and len({_suit(t) for t in chosen}) == 1
    confirm.click()
    return chosen


def declare_void(page, first: bool) -> str:
    """The void buttons after the exchange: the received tiles stand out with their giver and
    direction; the suggested suit (the first listed) is marked and taken."""
    p = page.page
    p.get_by_test_id("void-picker").wait_for(timeout=20000)
    prompt = p.evaluate(f"{SESSION}.prompt")
    suits = [a["suit"] for a in prompt["actions"]]
    assert sorted(suits) == ["m", "p", "s"]
    marked = p.locator(".act-void.suggested")
    assert marked.count() == 1 and marked.get_attribute("data-action") == f"void-{suits[0]}"
    view = p.evaluate(f"{SESSION}.view")
    received = view["own"]["received"]
    assert len(received) == 3
    shown = p.locator(".hand-tile.received").evaluate_all("e => e.map(x => +x.dataset.tile)")
    assert sorted(shown) == sorted(received)
    line = p.get_by_test_id("received-line")
    direction = view["table"]["exchange_direction"]
    assert line.get_attribute("data-direction") == direction
    assert {"clockwise": "clockwise", "counterclockwise": "counter-clockwise", "across": "across"}[
        direction
    ] in line.text_content()
    if first:
        page.shot("sichuan-void")
        page.low_contrast += audit(page, "void")
        w, h = min_box(p.locator(".act-void"))
        assert w >= 40 and h >= 40, (w, h)
        fits_width(page)
    marked.click()
    return suits[0]


#: Scrolled to its top, a hand's screen longer than the modal keeps its foot (countdown,
#: Continue) flush with the modal's inner bottom edge: nothing scrolls past below it.
FOOT_GAP = """() => {
  const m = document.querySelector('.modal');
  const f = m && m.querySelector('.result-foot');
  if (!f || m.scrollHeight <= m.clientHeight + 1) return 0;
  m.scrollTop = 0;
  const inner = m.getBoundingClientRect().top + m.clientTop + m.clientHeight;
  return Math.abs(inner - f.getBoundingClientRect().bottom);
}"""


RECHECK_FITS = """() => {
  const m = document.querySelector('.modal');
  const table = m.querySelector('[data-testid=recheck] table');
  return m.scrollWidth <= m.clientWidth &&
    table.getBoundingClientRect().right <= m.getBoundingClientRect().right - m.clientLeft;
}"""


def foot_covers_the_bottom(p) -> bool:
    return p.evaluate(FOOT_GAP) <= 1


def play_match(page, *, seconds: float = 420) -> dict:
    """Click through the match: each hand's exchange and void, then a win when offered, else
    the drawn tile (or the last playable one), pass on calls; Continue on each hand's screen."""
    p = page.page
    seen = {
        "hands": 0,
        "exchanged": [],
        "voids": [],
        "badges": [],
        "won_shot": False,
        "wins_seen": 0,
        "recheck": False,
        "discards": 0,
    }
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if p.get_by_test_id("match-end").count():
            break
        if p.get_by_test_id("result").count():
            result = p.get_by_test_id("result")
            wins = result.get_by_test_id("win")
            if wins.count():
                orders = result.get_by_test_id("win-order").evaluate_all(
                    "e => e.map(x => +x.dataset.order)"
                )
                assert orders == list(range(1, len(orders) + 1)), orders
                assert result.locator("li[data-kind=base]").count() == wins.count()
                seen["wins_seen"] += wins.count()
            if result.get_by_test_id("recheck").count():
                seen["recheck"] = True
                assert foot_covers_the_bottom(p), "lines show through below Continue"
                result.get_by_test_id("recheck").locator("table").evaluate(
                    "e => e.scrollIntoView({block: 'center'})"
                )
                # Every column of the recheck within the modal, the phone's too.
                assert p.evaluate(RECHECK_FITS), "the recheck table is wider than the modal"
                page.shot("sichuan-recheck")
            if seen["hands"] == 0:
                page.shot("sichuan-result")
                page.low_contrast += audit(page, "the hand's screen")
                p.select_option("#lang", "zh")
                p.get_by_test_id("result").wait_for()
                page.shot("sichuan-result-zh")
                p.select_option("#lang", "en")
            seen["hands"] += 1
            _tap(p.get_by_role("button", name="Continue"))
            continue
        if p.get_by_test_id("exchange-picker").count():
            seen["exchanged"].append(exchange(page, first=not seen["exchanged"]))
            continue
        if p.get_by_test_id("void-picker").count():
            seen["voids"].append(declare_void(page, first=not seen["voids"]))
            # Every seat's void badge once all declared.
            p.wait_for_function("() => document.querySelectorAll('.void-badge').length === 4")
            seen["badges"].append(
                p.locator(".void-badge").evaluate_all(
                    "e => e.map(x => [+x.closest('[data-seat]').dataset.seat, x.dataset.void])"
                )
            )
            if len(seen["voids"]) == 1:
                page.shot("sichuan-play")
            continue
        if not seen["won_shot"] and p.locator(".board .won-badge").count():
            # A winner sits out: its hand face up, its order shown, its side greyed.
            winner = p.locator(".board .seat.sat-out").first
            if winner.count():
                assert winner.locator(".won-badge").count() == 1
                page.shot("sichuan-bloody")
                page.low_contrast += audit(page, "a winner sits out")
                seen["won_shot"] = True
        playable = p.locator(".hand-tile.playable")
        if p.locator(WINS).count():
            _tap(p.locator(WINS).first)
        elif playable.count():
            target = p.locator(".hand-tile.playable.drawn")
            if _tap(target if target.count() else playable.last):
                seen["discards"] += 1
        elif p.locator(".act-btn[data-action=pass]").count():
            _tap(p.locator(".act-btn[data-action=pass]").first)
        p.wait_for_timeout(80)
    p.get_by_test_id("match-end").wait_for(timeout=5000)
    return seen


def test_a_sichuan_match_by_clicking(page, live_server):
    p = page.page
    seed, hands = SEEDS[page.size], HANDS[page.size]
    register_in_page(page, new_name("sichuan"))
    room_id = open_sichuan_room(page, seed, hands)
    room = httpx.get(f"{live_server.url}/api/rooms/{room_id}").json()
    assert room["ruleset"] == "sichuan" and room["preset"] == "majsoul-bloodshed", room
    seat_bots_and_start(page)
    p.evaluate(ROOM_MODULE)
    me = p.evaluate(f"{SESSION}.seat")
    # No riichi sticks, honba or dora on this table (its client data says so).
    assert p.get_by_test_id("sticks").count() == 0 and p.get_by_test_id("dora").count() == 0
    seen = play_match(page)
    page.shot("sichuan-end")
    # Every text at AA against what lies behind it, every target 40 px (test_browser_contrast).
    assert not page.low_contrast, page.low_contrast
    assert seen["hands"] == hands and len(seen["exchanged"]) == hands
    assert seen["discards"] > 0
    # Either somebody won (and the screen listed the wins in order) or the draw was rechecked.
    assert seen["wins_seen"] or seen["recheck"], seen

    p.get_by_test_id("replay-link").click()
    p.wait_for_selector("[data-testid=step]")
    game_id = id_in_address(p.url)
    record = httpx.get(f"{live_server.url}/api/games/{game_id}/record").json()
    assert record["header"]["ruleset"] == "sichuan"
    assert record["header"]["options"]["hands"] == hands
    assert len(record["hands"]) == hands
    # What was clicked is what the server stored: the tiles passed and the void declared.
    mine = [e for e in record["actions"] if e[1] == me]
    passed = [e[2]["tiles"] for e in mine if e[2]["type"] == "exchange"]
    assert [sorted(x) for x in passed] == [sorted(x) for x in seen["exchanged"]]
    declared = [e[2]["suit"] for e in mine if e[2]["type"] == "void"]
    assert declared == seen["voids"]
    for hand, badges in zip(record["hands"], seen["badges"], strict=True):
        assert [suit for _seat, suit in sorted(badges)] == hand["voids"]
    wins = sum(len(h["wins"]) for h in record["hands"])
    assert wins == seen["wins_seen"]
    # The replay at the deal: the exchange stage, no badges yet; at the hand's end: the voids,
    # each winner's order on its seat and the same wins on the hand's screen.
    assert p.get_by_test_id("sc-stage").get_attribute("data-stage") == "exchange"
    assert p.locator(".void-badge").count() == 0
    fits_width(page)
    page.shot("sichuan-replay")
    p.locator("body").press("End")
    p.get_by_test_id("result").wait_for()
    first = record["hands"][0]
    voids = p.locator(".void-badge").evaluate_all(
        "e => e.map(x => [+x.closest('[data-seat]').dataset.seat, x.dataset.void])"
    )
    assert [suit for _seat, suit in sorted(voids)] == first["voids"]
    orders = p.locator(".board .won-badge").evaluate_all(
        "e => e.map(x => [+x.closest('[data-seat]').dataset.seat, +x.dataset.order])"
    )
    assert sorted(orders, key=lambda x: x[1]) == [[w["seat"], w["order"]] for w in first["wins"]]
    replay_orders = p.get_by_test_id("win-order").evaluate_all("e => e.map(x => +x.dataset.order)")
    assert replay_orders == [w["order"] for w in first["wins"]]
    page.shot("sichuan-replay-end")


#: A room of four Sichuan bots, two hands, spectators with no delay, a short pause after a hand.
CREATE_BOTS_ROOM = """async (name) => {
  const headers = {'Content-Type': 'application/json'};
  const r = await fetch('/api/rooms', {method: 'POST', headers,
    body: JSON.stringify({name, ruleset: 'sichuan', preset: 'majsoul-bloodshed', rules: {hands: 2},
      table: {spectators: true, spectator_delay: 0, hand_end_seconds: 1}})});
  if (!r.ok) throw new Error(await r.text());
  return (await r.json()).id;
}"""

#: What a spectator's table shows after each change (stage, hand, badges), kept when it differs.
OBSERVE = """() => {
  window.__snaps = [];
  const main = document.querySelector('main');
  new MutationObserver(() => {
    const stage = main.querySelector('[data-testid=sc-stage]');
    if (!stage) return;
    const hand = main.querySelector('[data-testid=sc-hand]');
    const snap = {
      stage: stage.dataset.stage, hand: hand ? hand.textContent : null,
      voids: main.querySelectorAll('.board .void-badge').length,
      won: [...main.querySelectorAll('.board .won-badge')].map((b) => +b.dataset.order).sort(),
      faceUp: main.querySelectorAll('.board .sat-out .opp-hand.face-up').length,
      discards: main.querySelectorAll('.pond .discard').length,
    };
    const last = window.__snaps[window.__snaps.length - 1];
    if (!last || JSON.stringify(last) !== JSON.stringify(snap)) window.__snaps.push(snap);
    if (snap.won.length && !window.__wonShown) window.__wonShown = true;
  }).observe(main, {childList: true, subtree: true});
}"""


def test_a_spectator_follows_a_sichuan_game(browser, live_server):
    """The owner of a room of four Sichuan bots watches it: each hand's stages in order
    (exchange, void, play), the four void badges once declared, winners face up with their
    order, and the second hand starting from a clean table (no badges, no discards)."""
    from .conftest import SIZES, Page

    size = "desktop"
    context = browser.new_context(viewport=SIZES[size], locale="en-US")
    page = Page(context.new_page(), size, live_server.url)
    p = page.page
    try:
        register_in_page(page, new_name("watcher"))
        room_id = p.evaluate(CREATE_BOTS_ROOM, new_name("bloody bots"))
        page.open(f"#/room/{room_id}")
        p.get_by_role("button", name="Leave").click()
        p.get_by_test_id("watch").click()
        for _ in range(4):
            p.get_by_test_id("add-bot").click()
            p.wait_for_timeout(150)
        p.wait_for_selector("[data-testid=start]:not([disabled])")
        p.evaluate(OBSERVE)
        p.get_by_test_id("start").click()
        p.wait_for_function("() => window.__wonShown === true", timeout=60000)
        # Bots play at once: by now the match may be over; its end closed, the last table.
        p.get_by_test_id("match-end").wait_for(timeout=90000)
        p.get_by_test_id("close-end").click()
        page.shot("sichuan-spectator")
        snaps = p.evaluate("window.__snaps")
    finally:
        context.close()
    assert not page.problems, "\n".join(page.problems)
    hands = [s["hand"] for s in snaps if s["hand"]]
    assert "Hand 1 of 2" in hands and "Hand 2 of 2" in hands, sorted(set(hands))
    for label in ("Hand 1 of 2", "Hand 2 of 2"):
        mine = [s for s in snaps if s["hand"] == label]
        stages = [s["stage"] for s in mine]
        order = [st for k, st in enumerate(stages) if k == 0 or stages[k - 1] != st]
        assert order[:3] == ["exchange", "void", "play"], order
        # A fresh hand: nothing of the last one on its table before play.
        assert all(
            not s["won"] and s["voids"] == 0 and s["discards"] == 0
            for s in mine
            if s["stage"] in ("exchange", "void")
        )
        assert any(s["voids"] == 4 for s in mine if s["stage"] == "play")
    wins = [s["won"] for s in snaps if s["won"]]
    assert wins and all(w == list(range(1, len(w) + 1)) for w in wins)
    assert all(s["faceUp"] == len(s["won"]) for s in snaps if s["won"] and s["stage"] == "play")
