"""Replays that teach (issue 18): sorted face-up hands, whose view (one seat's or all open),
draws as their own steps, localised hand labels, ``?hand=n`` on a game already loaded, a ron
hand's last step read as the win, the hands' timeline, keys, and the tenhou.net/6 export."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import browser_missing
from .fixtures.stored_games import record_of, store_bot_game

pytestmark = pytest.mark.skipif(browser_missing(), reason="chromium is not installed")

#: Bot game 0's fifth hand (E3-0) is won on a discard and its last entry is a pass.
RON_HAND = 4


#: A one-finger horizontal swipe of `dx` pixels over an element (synthetic touch events).
SWIPE = """(el, dx) => {
  const at = (x) => [new Touch({ identifier: 1, target: el, clientX: x, clientY: 300 })];
  const touch = (type, now, x) =>
    el.dispatchEvent(new TouchEvent(type, { touches: now, changedTouches: at(x), bubbles: true }));
  touch("touchstart", at(200), 200);
  touch("touchend", [], 200 + dx);
}"""


def sort_key(code: int) -> int:
    """tiles.js compareTiles: a red five sorts as the five of its suit."""
    return (code // 100) * 10 + 5 if code > 100 else code


def hand_tiles(p, seat: int) -> list[int]:
    return [
        int(x)
        for x in p.locator(f"[data-seat='{seat}'] .opp-hand svg").evaluate_all(
            "els => els.map(e => e.dataset.tile || '0')"
        )
    ]


@pytest.fixture(scope="module")
def game_id(live_server) -> int:
    url = live_server.server.config.app.state.om.settings.database_url
    return store_bot_game(url, 0)


def test_replay_views_labels_keys_and_export(page, game_id):
    p = page.page
    record = record_of(0)
    ron = record["hands"][RON_HAND]
    assert ron["label"] == "E3-0" and ron["wins"][0]["from_seat"] is not None
    page.open(f"#/replay/{game_id}")
    p.wait_for_selector("[data-testid=step]")
    # Every hand open and sorted; the dealer's drawn tile stays last.
    dealer = record["hands"][0]["dealer"]
    for seat in range(4):
        tiles = hand_tiles(p, seat)
        body = tiles[:-1] if seat == dealer else tiles
        assert len(tiles) == (14 if seat == dealer else 13) and 0 not in tiles, seat
        assert body == sorted(body, key=sort_key), (seat, tiles)
    # One seat's view: that seat at the bottom with its own hand, the others face down.
    p.select_option("[data-testid=view]", "1")
    own = (
        p.get_by_test_id("own-hand")
        .locator("svg")
        .evaluate_all("els => els.map(e => +e.dataset.tile)")
    )
    assert len(own) == 13 and own == sorted(own, key=sort_key), own
    for seat in (0, 2, 3):
        assert set(hand_tiles(p, seat)) == {0}, seat
    page.shot("replay-seat-view")
    p.select_option("[data-testid=view]", "all")
    # The timeline lists every hand with its result and labels them for people.
    timeline = p.get_by_test_id("timeline")
    assert timeline.locator("button").count() == len(record["hands"])
    assert "East 1, 0 honba" in timeline.text_content() and "E1-0" not in timeline.text_content()
    # Keys: right steps, End and Home go to the hand's ends.
    p.locator("body").press("ArrowRight")
    assert p.text_content("[data-testid=step]").startswith("Action 1 ")
    p.keyboard.press("End")
    n, total = p.text_content("[data-testid=step]").removeprefix("Action ").split(" of ")
    assert n == total and int(total) > 1
    p.keyboard.press("Home")
    assert p.text_content("[data-testid=step]").startswith("Action 0 ")
    # A swipe to the left over the table steps forward, one to the right back.
    for dx, step in ((-120, 1), (120, 0)):
        p.get_by_test_id("table").evaluate(SWIPE, dx)
        assert p.text_content("[data-testid=step]").startswith(f"Action {step} "), dx
    # ?hand=n on the game already loaded opens that hand; its last step is the ron, not a pass.
    p.evaluate(f"window.location.hash = '#/replay/{game_id}?hand={RON_HAND}'")
    p.wait_for_function(
        f"(document.querySelector('select[name=hand]') || {{}}).value === '{RON_HAND}'"
    )
    p.keyboard.press("End")
    last = p.text_content("[data-testid=last-action]")
    assert "Ron" in last and "Pass" not in last, last
    assert record["header"]["players"][ron["wins"][0]["seat"]] in last
    page.shot("replay-ron-end")
    # Draws as their own steps: more steps, one of them a draw.
    steps_before = int(p.text_content("[data-testid=step]").split(" of ")[1])
    assert not p.locator("input[name=draw-steps]").is_checked() and "draws=" not in p.url
    p.locator("input[name=draw-steps]").check()
    steps_after = int(p.text_content("[data-testid=step]").split(" of ")[1])
    assert steps_after > steps_before
    # Off by default, on by the checkbox; the address says so, and a reload keeps it.
    assert "draws=1" in p.url
    p.reload()
    p.wait_for_selector("input[name=draw-steps]:checked")
    assert int(p.text_content("[data-testid=step]").split(" of ")[1]) == steps_after
    p.locator("body").click(position={"x": 2, "y": 2})
    seen = []
    for _ in range(4):
        p.keyboard.press("ArrowRight")
        seen.append(p.text_content("[data-testid=last-action]"))
    assert any(text.endswith(": draws") for text in seen), seen
    # The timeline jumps.
    timeline.locator("button[data-hand='3']").click()
    assert p.locator("select[name=hand]").input_value() == "3"
    # The tenhou.net/6 export downloads a log the format describes.
    with p.expect_download() as got:
        p.get_by_test_id("export-tenhou6").click()
    log = json.loads(Path(got.value.path()).read_text(encoding="utf-8"))
    assert len(log["log"]) == len(record["hands"]) and len(log["name"]) == 4
    if page.size != "desktop":
        return
    # Localised hand labels.
    for code, text in (("ja", "東1局 0本場"), ("zh", "东1局 0本场")):
        p.evaluate(f"localStorage.setItem('openmahjong.lang', '{code}')")
        p.reload()
        p.wait_for_selector("[data-testid=timeline]")
        assert text in p.text_content("[data-testid=timeline]"), code
    page.shot("replay-zh-timeline")
