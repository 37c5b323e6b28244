"""Whole flows in Chromium, at desktop and phone sizes, each failing on any console error:

* a call and a win by clicking: the room gets a master seed (a room option) under which the
  human seat, playing a script worked out in the engine beforehand (fixtures/scripted_game.py),
  is offered a chi or pon, takes it, and wins (by self-draw at desktop size, on a discard at
  phone size); the win screen's yaku, han, fu and payments are checked against the stored
  record, the rest of the match is played out, and the game's replay shows the call and win;
* quick match: alone in the queue, the server's bot fill (``matchmaking_bot_fill_seconds``)
  makes a table and the match is played to its end, while a second browser watches it as a
  spectator: delayed (its end comes after the player's), and never a concealed tile of anyone.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import httpx
import pytest

from openmahjong.fairness import format_master_seed
from openmahjong.rules.riichi.yaku_table import YAKU

from .conftest import SIZES, Page, browser_missing
from .fixtures.scripted_game import Script, find_call_and_win
from .play_helpers import (
    ROOM_MODULE,
    SESSION,
    create_room_in_lobby,
    fits_width,
    id_in_address,
    new_name,
    play_script,
    play_to_the_end,
    register_in_page,
    replay_shows_call,
    seat_bots_and_start,
)
from .webapp import LiveServer, make_app

pytestmark = pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")


@pytest.fixture(scope="module")
def scripts() -> dict[str, Script]:
    return {"desktop": find_call_and_win("tsumo"), "phone": find_call_and_win("ron")}


def _messages(frame: str) -> list[dict]:
    """The messages of one frame: the client asks for batched frames (a JSON array)."""
    data = json.loads(frame)
    return data if isinstance(data, list) else [data]


def test_a_call_and_a_win_by_clicking_then_the_replay(page, live_server, scripts):
    p = page.page
    script = scripts[page.size]
    name = new_name("caller")
    register_in_page(page, name)
    room_id = create_room_in_lobby(page, script.master_seed)
    seat_bots_and_start(page)
    p.evaluate(ROOM_MODULE)
    assert p.evaluate(f"{SESSION}.seat") == script.human_seat
    fits_width(page)
    play_script(page, script)
    # The win screen: who won how, the yaku with their han, han and fu, and the payments.
    result = p.get_by_test_id("result")
    result.wait_for(timeout=15000)
    win_text = result.get_by_test_id("win").first.text_content()
    how = "self-draw" if script.steps[-1][1]["type"] == "tsumo" else "discard"
    assert name in win_text and how in win_text, win_text
    shown_yaku = result.locator(".yaku li").evaluate_all("e => e.map(x => x.dataset.yaku)")
    score_line = result.locator(".score-line").first.text_content()
    # Each change is the cell's own number; a riichi stick put down is a note beside it.
    changes = p.locator("[data-testid=payments] tbody tr td:nth-child(2)").evaluate_all(
        "cells => cells.map(c => c.firstChild.textContent)"
    )
    fits_width(page)
    page.shot("call-win-result")
    p.get_by_role("button", name="Continue").click()
    # The rest of the match, then the stored record says what the screen said.
    play_to_the_end(page)
    page.shot("call-win-end")
    p.get_by_test_id("replay-link").click()
    p.wait_for_selector("[data-testid=step]")
    game_id = id_in_address(p.url)
    record = httpx.get(f"{live_server.url}/api/games/{game_id}/record").json()
    assert record["header"]["master_seed"] == format_master_seed(script.master_seed)
    assert record["header"]["options"] == script.options
    first = record["hands"][0]
    (won,) = first["wins"]
    assert won["seat"] == script.human_seat
    assert shown_yaku == [yaku for yaku, _han in won["yaku"]]
    assert all(YAKU[y].en for y in shown_yaku)
    assert f"{won['han']} han {won['fu']} fu" in score_line or "yakuman" in score_line
    assert f"{won['total']} points" in score_line
    assert changes == [f"+{d}" if d > 0 else str(d) for d in first["deltas"]]
    rooms = httpx.get(f"{live_server.url}/api/rooms/{room_id}").json()
    assert rooms["supplied_seed"]
    # The replay of the first hand: no meld before the human's call, one after it, the win at
    # the end.
    kind = replay_shows_call(page, record, script.human_seat)
    assert kind.capitalize() in p.text_content("[data-testid=last-action]")
    page.shot("call-win-replay-call")
    p.keyboard.press("End")
    p.get_by_test_id("result").wait_for()
    replay_yaku = p.locator("[data-testid=result] .yaku li").evaluate_all(
        "e => e.map(x => x.dataset.yaku)"
    )
    assert replay_yaku == shown_yaku
    fits_width(page)
    page.shot("call-win-replay-win")


# ------------------------------------------------------------------ quick match and spectators


@pytest.fixture(scope="module")
def quick_server(tmp_path_factory) -> Iterator[LiveServer]:
    """A server whose matchmaking fills a table with bots once someone has waited 2 s."""
    app, _kind = make_app(tmp_path_factory.mktemp("quick"), matchmaking_bot_fill_seconds=2)
    server = LiveServer(app).start()
    yield server
    server.stop()


@pytest.fixture(params=list(SIZES))
def two_pages(request, browser, quick_server) -> Iterator[tuple[Page, Page]]:
    """A player and a spectator, each in its own browser context (own cookies)."""
    contexts = [
        browser.new_context(viewport=SIZES[request.param], locale="en-US") for _ in range(2)
    ]
    pages = tuple(Page(c.new_page(), request.param, quick_server.url) for c in contexts)
    yield pages
    for c in contexts:
        c.close()
    problems = [x for pg in pages for x in pg.problems]
    assert not problems, "\n".join(problems)


SPECTATOR_STATE = f"""() => {{
  const s = {SESSION};
  const shown = Object.keys((s.view && s.view.shown) || {{}}).map(Number);
  const faceUp = [...document.querySelectorAll('.seat')]
    .filter((el) => el.querySelector('.opp-hand svg.tile:not(.back)'))
    .map((el) => +el.dataset.seat);
  return {{
    seat: s.seat, ownHand: document.querySelectorAll('[data-testid=own-hand]').length,
    hand: (s.view && s.view.hand) || [], shown, faceUp,
    discards: document.querySelectorAll('.discard').length,
    remaining: s.view ? s.view.live_remaining : null,
    ended: document.querySelectorAll('[data-testid=match-end]').length,
  }};
}}"""


def test_quick_match_fills_with_bots_while_a_spectator_watches(two_pages, quick_server):
    player, spectator = two_pages
    p, s = player.page, spectator.page
    register_in_page(player, new_name("quick"))
    p.get_by_test_id("quick-match").click()
    # The wait is shown, with when bots come (the server's queued.bot_fill_seconds).
    wait = p.get_by_test_id("queue-wait")
    wait.wait_for(timeout=5000)
    assert "bots fill the table after 2 s" in wait.text_content()
    p.wait_for_url(re.compile(r".*#/room/\d+$"), timeout=15000)  # bots took the free seats
    p.get_by_test_id("table").wait_for(timeout=15000)
    room_id = id_in_address(p.url)
    room = httpx.get(f"{quick_server.url}/api/rooms/{room_id}").json()
    assert "matchmaking" in room["name"] and room["table"]["spectators"]
    delay = room["table"]["spectator_delay"]
    fits_width(player)
    player.shot("quick-table")
    # The spectator: every socket frame is kept, to check what it was sent.
    frames: list[dict] = []
    s.on(
        "websocket",
        lambda ws: ws.on(
            "framereceived", lambda data: frames.extend(_messages(data)) if data else None
        ),
    )
    watcher = new_name("watcher")
    register_in_page(spectator, watcher)
    spectator.open(f"#/room/{room_id}")
    s.get_by_test_id("watch").click()
    s.get_by_test_id("table").wait_for(timeout=15000)
    s.evaluate(ROOM_MODULE)
    seen = {"max_discards": 0}

    def watch() -> None:
        state = s.evaluate(SPECTATOR_STATE)
        assert state["seat"] is None and state["ownHand"] == 0 and state["hand"] == []
        # Face up only the hands a win showed to everybody.
        assert set(state["faceUp"]) <= set(state["shown"]), state
        if state["discards"] >= 8 > seen["max_discards"]:
            assert 0 < state["remaining"] < 69, state  # the wall counts down for spectators too
            spectator.shot("spectator-table")
            # The connection drops: the page watches again once it is back (not a seat).
            s.evaluate("async () => (await import('/js/pages/room.js'))._session().client.drop()")
        seen["max_discards"] = max(seen["max_discards"], state["discards"])

    done = play_to_the_end(player, each=watch)
    assert done["discards"] and done["hands"] >= 1
    player.shot("quick-end")
    # The spectator is behind by the room's delay: the end reaches it later.
    assert s.evaluate(SPECTATOR_STATE)["ended"] == 0, f"the spectator is not {delay} s behind"
    s.get_by_test_id("match-end").wait_for(timeout=(delay + 20) * 1000)
    watch()
    assert seen["max_discards"] > 0
    fits_width(spectator)
    spectator.shot("spectator-end")
    # What the spectator was sent: no prompt, no seat's view, no dealt hand, no drawn tile.
    # Each hand starts with the public view (seat null, no hand: docs/protocol.md). The one
    # error allowed is the refused seat of opening a room whose game runs (the page then
    # offers to watch).
    kinds = {f.get("type") for f in frames}
    assert "game_start" in kinds and "event" in kinds and "game_end" in kinds
    assert "prompt" not in kinds
    errors = {f["code"] for f in frames if f.get("type") == "error"}
    assert errors <= {"room_playing"}, errors
    views = [f for f in frames if f.get("type") == "view"]
    assert views and all(f["seat"] is None and not f["view"]["hand"] for f in views)
    events = [f["event"] for f in frames if f.get("type") == "event"]
    events += [e for f in views for e in f["view"].get("events") or []]
    assert not [e for e in events if e["type"] == "Dealt"]
    drew = [e for e in events if e["type"] == "Drew"]
    assert drew and all(e["tile"] is None for e in drew)
    assert next(f for f in frames if f.get("type") == "game_start")["seat"] is None
    # Watching again after the drop: a second start, and never a seat at the table.
    assert [f["seat"] for f in frames if f.get("type") == "game_start"] == [None, None]
    rooms = [f for f in frames if f.get("type") == "room"]
    assert rooms and all(watcher not in [x["name"] for x in r["seats"] if x] for r in rooms)
