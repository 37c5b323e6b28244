"""Issue 25's acceptance for Taiwan 16-tile: a whole one-round game (一圈) played by clicking in
Chromium at desktop size, failing on any page error or console error (conftest.Page), and the
16-tile table at phone width.

The room is made through the lobby form with three bots. The person discards by clicking a hand
tile (the drawn one when there is one), wins when a win is offered and passes every other prompt
(``test_browser_new_rulesets.click_to_the_end``), until the end-of-game screen; the stored game
is finished and its record replays cleanly (``/api/games/{id}/check``). Screenshots go to
tests/artifacts (``web-taiwan-table-desktop.png``, ``web-taiwan-table-phone.png`` ...): the
hand's 16 or 17 tiles must fit on the table at both widths.
"""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from .conftest import SIZES, Page, browser_missing
from .play_helpers import (
    create_room_in_lobby,
    id_in_address,
    new_name,
    register_in_page,
    seat_bots_and_start,
)
from .test_browser_new_rulesets import click_to_the_end

pytestmark = pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")


def _page(browser, live_server, size: str) -> Iterator[Page]:
    context = browser.new_context(viewport=SIZES[size], locale="en-US")
    wrapped = Page(context.new_page(), size, live_server.url)
    yield wrapped
    context.close()
    assert not wrapped.problems, "\n".join(wrapped.problems)


@pytest.fixture
def desktop(browser, live_server) -> Iterator[Page]:
    yield from _page(browser, live_server, "desktop")


@pytest.fixture
def phone(browser, live_server) -> Iterator[Page]:
    yield from _page(browser, live_server, "phone")


def _hand_fits(page: Page) -> None:
    """Every tile of the seat's hand lies inside the window, none on top of another."""
    p = page.page
    # The deal passes through shorter hands (a flower laid out before its replacement comes),
    # so wait for the whole hand before measuring it.
    p.wait_for_function(
        "[16, 17].includes(document.querySelectorAll('.hand-tile').length)", timeout=15_000
    )
    width = p.viewport_size["width"]
    boxes = [b for b in (t.bounding_box() for t in p.locator(".hand-tile").all()) if b]
    assert len(boxes) in (16, 17), len(boxes)
    for box in boxes:
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 1, (box, width)
    rows: dict[int, list[dict]] = {}
    for box in boxes:
        rows.setdefault(round(box["y"]), []).append(box)
    for row in rows.values():
        row.sort(key=lambda b: b["x"])
        for a, b in zip(row, row[1:], strict=False):
            assert a["x"] + a["width"] <= b["x"] + 1, (a, b)


def _start(page: Page, port: int, name: str) -> str:
    register_in_page(page, new_name("tw"))
    room_id = create_room_in_lobby(
        page, port, name=name, ruleset="taiwan", preset="taiwan-1round", rules={}, numbers={}
    )
    room = httpx.get(f"{page.base}/api/rooms/{room_id}").json()
    assert room["ruleset"] == "taiwan" and room["preset"] == "taiwan-1round", room
    seat_bots_and_start(page)
    return room_id


def test_a_whole_taiwan_game_by_clicking(desktop, live_server):
    page, p = desktop, desktop.page
    _start(page, 25_100, "issue25-taiwan")
    _hand_fits(page)
    page.shot("taiwan-start")
    done = click_to_the_end(page, "taiwan", seconds=240)
    page.shot("taiwan-end")
    assert done["discards"] > 0, done
    assert done["hands"] >= 4, done  # every seat deals at least once in 一圈
    end_text = p.text_content("main") or ""
    assert "taiwan." not in end_text and "common." not in end_text, end_text[:400]

    p.get_by_test_id("replay-link").click()
    p.wait_for_selector("[data-testid=step]")
    game_id = id_in_address(p.url)
    game = httpx.get(f"{live_server.url}/api/games/{game_id}").json()
    assert game["status"] == "finished", game
    record = httpx.get(f"{live_server.url}/api/games/{game_id}/record").json()
    assert record["header"]["ruleset"] == "taiwan"
    assert len(record["hands"]) == done["hands"]
    check = httpx.get(f"{live_server.url}/api/games/{game_id}/check", timeout=30).json()
    assert check["ok"] and check["status"] == "ok", check
    assert check["hands_matched"] == done["hands"], check


def test_the_sixteen_tile_table_fits_a_phone(phone):
    _start(phone, 25_101, "issue25-taiwan-phone")
    _hand_fits(phone)
    phone.shot("taiwan-table")
