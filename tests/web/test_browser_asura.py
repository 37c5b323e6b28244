"""A Battle of Asura game (Riichi's ``majsoul-asura``) played by clicking in Chromium against
three Riichi bots, at desktop (1280x800) and phone (390x844) sizes, failing on any console error
(conftest.Page).

The room is made through the lobby form (ruleset Riichi, preset majsoul-asura, a short hand-end
hold). The table gets Sichuan's pieces from the ruleset's option table (option-tables.js), with
Riichi's own dora and sticks kept: each hand's exchange picker (any three tiles: the suggestion
chosen, one of another suit added, the suggestion again, confirmed), then play with winners
sitting out (greyed, their order shown, their hands face down to the others: "won (hidden)")
while the table goes on, and the hand's screen with each win's order, its yaku (shown at the
hand's end) and its payments. Desktop plays until a hand has ended with a win (at most three
hands), the phone one hand. Screenshots go to tests/artifacts/.
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
    min_box,
    new_name,
    picked_tiles,
    register_in_page,
    seat_bots_and_start,
)

pytestmark = pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")

SEEDS = {"desktop": 5, "phone": 8}
#: Hands to play at most: desktop until a hand's screen lists a win, the phone one hand.
HANDS = {"desktop": 3, "phone": 1}


def open_asura_room(page, seed: int) -> int:
    return create_room_in_lobby(
        page,
        seed,
        name="asura",
        ruleset="riichi",
        preset="majsoul-asura",
        numbers={"hand_end_seconds": "3"},
    )


def exchange(page, first: bool) -> list[int]:
    """Any three tiles: the suggestion starts chosen; a tile of another suit than the others
    joins the choice (Sichuan would start over), Confirm stays enabled; Suggested, Confirm."""
    p = page.page
    p.get_by_test_id("exchange-picker").wait_for(timeout=20000)
    prompt = p.evaluate(f"{SESSION}.prompt")
    choice = prompt["choice"]
    assert prompt["actions"] == [] and choice["type"] == "exchange"
    assert choice["same_suit"] is False and choice["count"] == 3
    suggested = choice["suggested"]
    assert sorted(picked_tiles(p)) == sorted(suggested)
    assert "any three" in p.get_by_test_id("exchange-picker").text_content()
    confirm = p.get_by_test_id("exchange-confirm")
    assert confirm.is_enabled()
    if first:
        page.shot("asura-exchange")
        w, h = min_box(p.locator(".hand-tile"))
        assert w >= 40 and h >= 40, (w, h)
        fits_width(page)
    # A tile not chosen joins; the oldest choice drops: still three, mixed suits allowed.
    other = p.locator(".hand-tile.pick:not(.picked)").first
    other.click()
    now = picked_tiles(p)
    assert len(now) == 3 and sorted(now) != sorted(suggested)
    assert confirm.is_enabled()
    p.locator("[data-action=exchange-suggested]").click()
    chosen = picked_tiles(p)
    assert sorted(chosen) == sorted(suggested)
    confirm.click()
    # What was clicked is what the server passed (TilesExchanged: own.given).
    p.wait_for_function(f"() => ({SESSION}.view.own || {{}}).given?.length === 3", timeout=20000)
    given = p.evaluate(f"{SESSION}.view.own.given")
    assert sorted(given) == sorted(chosen), (given, chosen)
    return chosen


def play_hands(page, hands: int, *, seconds: float = 300) -> dict:
    """Click through up to ``hands`` hands (desktop stops at the first hand's screen with a
    win): the exchange, a win when offered, else the drawn tile, pass on calls; on each hand's
    screen the wins' orders and yaku, then Continue."""
    p = page.page
    seen = {"hands": 0, "exchanged": [], "wins_seen": 0, "going_on": False, "discards": 0}
    seen["sticks_dora"] = False
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if p.get_by_test_id("match-end").count():
            break
        if p.get_by_test_id("result").count():
            result = p.get_by_test_id("result")
            wins = result.get_by_test_id("win")
            seen["hands"] += 1
            if wins.count():
                orders = result.get_by_test_id("win-order").evaluate_all(
                    "e => e.map(x => +x.dataset.order)"
                )
                assert orders == list(range(1, wins.count() + 1)), orders
                # WinnerRevealed: every hand and its yaku, nothing left hidden.
                assert result.get_by_test_id("win-hidden").count() == 0
                assert result.get_by_test_id("win-hand").count() == wins.count()
                assert result.locator("ul.yaku li").count() >= wins.count()
                assert result.get_by_test_id("win-payments").count() == wins.count()
                seen["wins_seen"] += wins.count()
                if seen["wins_seen"] == wins.count():
                    page.shot("asura-result")
            elif seen["hands"] == 1:
                page.shot("asura-result")
            if seen["hands"] >= hands or (seen["wins_seen"] and page.size == "desktop"):
                break
            _tap(p.get_by_role("button", name="Continue"))
            continue
        if p.get_by_test_id("exchange-picker").count():
            seen["exchanged"].append(exchange(page, first=not seen["exchanged"]))
            if len(seen["exchanged"]) == 1:
                p.wait_for_function(
                    "() => document.querySelector('[data-testid=sc-stage]')?.dataset.stage"
                    " === 'play'",
                    timeout=20000,
                )
                seen["sticks_dora"] = (
                    p.get_by_test_id("dora").count() > 0 and p.get_by_test_id("sticks").count() > 0
                )
                page.shot("asura-play")
            continue
        view = p.evaluate(f"{SESSION}.view") or {}
        wins_now = ((view.get("table") or {}).get("wins")) or []
        if wins_now and not seen["going_on"] and (view.get("table") or {}).get("stage") == "play":
            # A win and the table goes on: the winner sits out, its order shown; to the others
            # its hand is face down ("won (hidden)"); the centre notes what it paid.
            first = wins_now[0]["seat"]
            seat = p.locator(f".board .seat[data-seat='{first}']")
            if seat.count() and "sat-out" in (seat.get_attribute("class") or ""):
                badge = seat.locator(".won-badge")
                assert badge.get_attribute("data-order") == "1"
                if first != view.get("seat"):
                    assert badge.get_attribute("data-hidden") == "1"
                    assert "won (hidden)" in badge.text_content()
                    assert p.locator("[data-note=win-hidden]").count() >= 1
                page.shot("asura-won")
                seen["going_on"] = True
        playable = p.locator(".hand-tile.playable")
        if p.locator(WINS).count():
            _tap(p.locator(WINS).first)
        elif playable.count():
            target = p.locator(".hand-tile.playable.drawn")
            if _tap(target if target.count() else playable.last):
                seen["discards"] += 1
        elif p.locator(".act-btn[data-action=reveal]").count():
            _tap(p.locator(".act-btn[data-action=reveal]").first)
        elif p.locator(".act-btn[data-action=pass]").count():
            _tap(p.locator(".act-btn[data-action=pass]").first)
        p.wait_for_timeout(80)
    return seen


def test_an_asura_game_by_clicking(page, live_server):
    p = page.page
    register_in_page(page, new_name("asura"))
    room_id = open_asura_room(page, SEEDS[page.size])
    room = httpx.get(f"{live_server.url}/api/rooms/{room_id}").json()
    assert room["ruleset"] == "riichi" and room["preset"] == "majsoul-asura", room
    seat_bots_and_start(page)
    p.evaluate(ROOM_MODULE)
    me = p.evaluate(f"{SESSION}.seat")
    seen = play_hands(page, HANDS[page.size])
    assert seen["exchanged"] and seen["discards"] > 0, seen
    # Riichi's own pieces stay on an Asura table: the dora indicator and the sticks.
    assert seen["sticks_dora"], seen
    assert seen["hands"] >= 1
    if page.size == "desktop":
        assert seen["wins_seen"] and seen["going_on"], seen
    # The hand's record, once the game is over, is the server's; here the table's word: the
    # exchange was the Asura one (any three, shown as such) and the seat kept its place.
    assert p.evaluate(f"{SESSION}.seat") == me
    assert not page.problems, "\n".join(page.problems)
