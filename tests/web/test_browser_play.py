"""The lobby, table, replay and profile pages in Chromium, at desktop and phone sizes.

Like the tools tests, each test fails on any console error (conftest.Page) and saves
screenshots under tests/artifacts/. The table renderer is driven with views taken from the
engine (``Table.view(seat)`` as JSON); the replay and profile pages read bot games stored in the
live server's database exactly as a room stores them; the lobby talks to the real HTTP API.
Playing a hand through the WebSocket needs the room messages of docs/protocol.md: that test
skips, saying so, while the server does not answer them.
"""

from __future__ import annotations

import re
import time

import httpx
import pytest

from openmahjong import fairness
from openmahjong.rules.riichi.yaku_table import YAKU

from .conftest import browser_missing, record_load_time
from .fixtures.engine_views import interesting_views, states_by_hand
from .fixtures.stored_games import record_of, store_bot_game
from .play_helpers import (
    PASSWORD,
    fits_width,
    id_in_address,
    min_box,
    new_name,
    play_to_the_end,
    register_in_page,
)

pytestmark = pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")


def load_seconds(p, selector: str) -> float:
    """Seconds from a reload (modules cached, as for any visitor's second page) until
    ``selector`` is on the page; written to ``tests/artifacts/page-load.txt`` for people to
    read (speed is measured, never asserted: the machines are shared)."""
    started = time.monotonic()
    p.reload()
    p.wait_for_selector(selector)
    seconds = time.monotonic() - started
    record_load_time(f"{p.url} {selector}", seconds * 1000)
    return seconds


RENDER = """async ([state, mode]) => {
  const m = await import('/js/table-view.js');
  window.__acted = [];
  window.__state = state;
  const redraw = () => {
    const el = m.renderTable(window.__state, {
      act: (a) => window.__acted.push(a),
      toggleRiichi: () => { window.__state.riichi = !window.__state.riichi; redraw(); },
      toggleFairness: () => {
        window.__state.showFairness = !window.__state.showFairness; redraw();
      },
      copy: (text) => { window.__copied = text; },
      next: () => { window.__state.result = null; redraw(); },
    });
    const main = document.querySelector('main');
    main.replaceChildren(Object.assign(document.createElement('h1'), {textContent: mode}), el);
  };
  redraw();
}"""


# ---------------------------------------------------------------------------------- lobby


def test_lobby_register_and_create_a_room_with_every_option(page, live_server):
    p = page.page
    page.open("#/lobby")
    p.get_by_test_id("rooms").or_(p.locator("main .lobby p.muted")).first.wait_for()
    load_seconds(p, "[data-testid=play-bots]")
    assert p.get_by_test_id("play-bots").is_disabled()  # not signed in yet
    name = new_name("lobby")
    register_in_page(page, name)
    assert name in p.text_content("[data-testid=signed-in]")
    assert p.get_by_test_id("play-bots").is_enabled()
    form = p.locator("[data-testid=create-room]")
    form.locator("input[name=room-name]").fill(f"{name}'s table")
    form.locator("select[name=length]").select_option("8")
    form.locator("input[name=move_seconds]").fill("7")
    form.locator("input[name=bank_seconds]").fill("30")
    form.locator("input[name=hand_end_seconds]").fill("4")
    form.locator("select[name=tactical_calls]").select_option("off")
    form.locator("input[name=red_fives]").uncheck()
    form.locator("input[name=call_protection]").uncheck()
    form.locator("input[name=protection_delay]").fill("1.5")
    form.locator("input[name=spectators]").uncheck()
    form.locator("input[name=room-password]").fill("secret")
    form.locator("input[name=master-seed]").fill("ab" * 32)
    page.shot("lobby-form")
    form.get_by_role("button", name="Open the room").click()
    p.wait_for_url("**/#/room/*")
    room_id = id_in_address(p.url)
    room = httpx.get(f"{live_server.url}/api/rooms/{room_id}").json()
    assert room["name"] == f"{name}'s table" and room["preset"] == "majsoul-tonpuu"
    assert room["rules"]["length"] == 8 and room["rules"]["red_fives"] is False
    assert room["table"] == {
        "move_seconds": 7, "bank_seconds": 30, "call_protection": False,
        "protection_delay": 1.5, "catch_up_first": 0.7, "catch_up_second": 0.5,
        "tactical_calls": False, "spectators": False, "spectator_delay": 10.0,
        "hand_end_seconds": 4.0,
    }  # fmt: skip
    assert room["has_password"] and room["supplied_seed"]
    # The new room is in the lobby's list.
    page.open("#/lobby")
    p.locator(f"[data-testid=rooms] [data-room='{room_id}']").wait_for()
    fits_width(page)
    page.shot("lobby")
    # Touch targets.
    for selector in ("button", "input[name=room-name]", "select", ".room-link"):
        _w, h = min_box(p.locator(f"main {selector}"))
        assert h >= 40, f"{selector} is {h}px high"


def test_lobby_bad_seed_is_explained_and_guest_can_sign_in(page):
    p = page.page
    page.page.set_default_timeout(10000)
    page.open("#/lobby")
    p.get_by_role("button", name="Play as guest").click()
    p.wait_for_selector("[data-testid=signed-in]")
    assert "guest" in p.text_content("[data-testid=signed-in]")
    page.allowed.append("422")
    p.fill("input[name=master-seed]", "not a seed")
    p.get_by_role("button", name="Open the room").click()
    alert = p.locator("[data-testid=create-room] ~ div [role=alert]")
    alert.wait_for()
    assert "seed" in alert.text_content().lower()
    p.get_by_role("button", name="Sign out").click()
    p.wait_for_selector("input[name=account-name]")


# ---------------------------------------------------------------------------------- table


@pytest.fixture(scope="module")
def views():
    return interesting_views(0)


def test_table_renderer_discards_riichi_and_shows_everything(page, views):
    p = page.page
    page.open("#/lobby")
    view = views["riichi"]
    actions = view["legal_actions"]
    prompt = {"seq": 5, "actions": actions, "context": {}}
    fair = {"commitment": "12345", "salt": "ab" * 16}
    state = {"view": view, "names": ["alice", "bot-1", "bot-2", "bot-3"], "prompt": prompt,
             "fairness": fair, "clock": {"move": 4, "bank": 18}}  # fmt: skip
    p.evaluate(RENDER, [state, "riichi"])
    me = view["seat"]
    hand = p.locator("[data-testid=own-hand] .hand-tile")
    assert hand.count() == len(view["hand"])
    assert p.locator(".hand-tile.drawn").count() == 1
    # Every tile of the seat's hand is shown; the discards and scores of every seat.
    shown = sorted(int(x) for x in hand.evaluate_all("els => els.map(e => e.dataset.tile)"))
    assert shown == sorted(view["hand"])
    for seat in range(4):
        tiles = p.locator(f"[data-testid=discards-{seat}] .discard")
        assert tiles.count() == len(view["discards"][seat])
        flags = tiles.evaluate_all("els => els.map(e => e.dataset.tsumogiri === '1')")
        assert flags == [d[1] for d in view["discards"][seat]]
        assert p.text_content(f"[data-testid=points-{seat}]") == str(view["points"][seat])
    dora = p.locator("[data-testid=dora] svg.tile").evaluate_all("e => e.map(x => +x.dataset.tile)")
    assert dora == view["table"]["dora_indicators"]
    assert "Move 4 s" in p.text_content("[data-testid=clock]")
    page.shot("table-riichi")
    # Riichi: the button switches the hand to the riichi discards.
    p.locator("[data-action=riichi]").click()
    riichi_tiles = {a["tile"] for a in actions if a["type"] == "discard" and a["riichi"]}
    playable = p.locator(".hand-tile.playable").evaluate_all("e => e.map(x => +x.dataset.tile)")
    assert set(playable) == riichi_tiles
    p.locator(".hand-tile.playable").first.click()
    acted = p.evaluate("window.__acted")
    assert acted[-1]["riichi"] is True and acted[-1] in actions
    # A plain discard of the drawn tile, by keyboard.
    p.evaluate(RENDER, [state, "plain"])
    p.locator(".hand-tile.drawn").focus()
    p.keyboard.press("Enter")
    acted = p.evaluate("window.__acted")
    drawn = int(p.get_attribute(".hand-tile.drawn", "data-tile"))
    assert acted == [{"type": "discard", "tile": drawn, "riichi": False}]
    assert acted[0] in actions
    # The hand counter opens the commitment and salt with copy buttons.
    p.get_by_test_id("hand-counter").click()
    assert p.text_content("[data-testid=commitment]") == "12345"
    p.locator("[data-testid=fairness] button").last.click()
    assert p.evaluate("window.__copied") == fair["salt"]
    w, h = min_box(p.locator(".hand-tile"))
    assert w >= 40 and h >= 40, (w, h)
    w, h = min_box(p.locator(".act-btn"))
    assert w >= 40 and h >= 40, (w, h)
    assert me == view["seat"]


@pytest.mark.parametrize("kind", ["chi", "pon"])
def test_call_window_offers_each_call_with_its_tiles(page, views, kind):
    p = page.page
    page.open("#/lobby")
    view = views[kind]
    actions = view["legal_actions"]
    state = {"view": view, "prompt": {"seq": 9, "actions": actions}}
    p.evaluate(RENDER, [state, kind])
    offered = [a for a in actions if a["type"] == kind]
    buttons = p.locator(f".act-btn[data-action={kind}]")
    assert buttons.count() == len(offered)
    for i, a in enumerate(offered):
        tiles = buttons.nth(i).locator("svg.tile").evaluate_all("e => e.map(x => +x.dataset.tile)")
        assert tiles == a["tiles"]
    assert p.locator(".hand-tile.playable").count() == 0  # no discards in a call window
    page.shot(f"table-{kind}")
    buttons.last.click()
    p.get_by_role("button", name="Pass").click()
    assert p.evaluate("window.__acted") == [offered[-1], {"type": "pass"}]


def test_melds_turn_the_claimed_tile_and_riichi_discards_lie_sideways(page, views):
    p = page.page
    page.open("#/lobby")
    view = views["busy"]
    p.evaluate(RENDER, [{"view": view}, "busy"])
    for seat in range(4):
        melds = view["melds"][seat]
        shown = p.locator(f"[data-seat='{seat}'] .meld")
        assert shown.count() == len(melds)
        for i, m in enumerate(melds):
            called = shown.nth(i).locator("[data-called] svg.tile.sideways")
            if m["kind"] == "ankan":
                assert shown.nth(i).locator("svg.back").count() == 2
            else:
                assert called.count() == 1
                assert int(called.get_attribute("data-tile")) == m["called_tile"]
        riichi = [d for d in view["discards"][seat] if d[2]]
        assert p.locator(f"[data-testid=discards-{seat}] svg.tile.sideways").count() == len(riichi)
    fits_width(page)
    page.shot("table-melds")


def test_win_draw_and_match_end_screens_link_to_the_seed_check(page):
    p = page.page
    page.open("#/lobby")
    record = record_of(0)
    hands = record["hands"]
    win = next(h for h in hands if h["wins"])
    header = record["header"]
    end = {"ranking": record["result"]["ranking"], "final_points": record["result"]["final_points"],
           "master_seed": header["master_seed"], "salt": header["salt"],
           "commitment": header["commitment"], "ruleset": "riichi",
           "hands": max(h["round_index"] for h in hands),
           "players": header["player_entry_order"]}  # fmt: skip
    view = interesting_views(0)["turn"]
    state = {"view": view, "names": header["players"], "result": win, "matchEnd": end}
    p.evaluate(RENDER, [state, "end"])
    result = p.get_by_test_id("result")
    shown = result.locator(".yaku li").evaluate_all("e => e.map(x => x.dataset.yaku)")
    assert shown == [name for name, _han in win["wins"][0]["yaku"]]
    assert YAKU[shown[0]].en in result.text_content()
    rows = p.locator("[data-testid=payments] tbody tr")
    assert rows.count() == 4
    assert f"{win['wins'][0]['han']} han" in result.text_content()
    draws = [h for h in hands if not h["wins"]]
    placements = p.locator("[data-testid=match-end] tbody strong").all_text_contents()
    assert placements == [header["players"][s] for s in end["ranking"]]
    page.shot("table-end")
    if draws:
        p.evaluate(RENDER, [{**state, "result": draws[0], "matchEnd": None}, "draw"])
        assert "Draw" in p.text_content("[data-testid=result] h2")
    p.evaluate(RENDER, [state, "end"])
    p.get_by_test_id("verify-link").click()
    p.wait_for_selector("[data-testid=commitment-status]")
    assert p.get_attribute("[data-testid=commitment-status]", "data-match") == "yes"
    seats = p.locator("[data-testid=seat-order] .player").all_text_contents()
    assert seats == header["players"]
    assert seats == fairness.seat_order(
        int(header["master_seed"], 16), header["player_entry_order"]
    )


# ---------------------------------------------------------------------------------- replays


@pytest.fixture(scope="module")
def stored(live_server):
    """A registered player, one bot game with them in seat 0, and one more bot game."""
    url = live_server.server.config.app.state.om.settings.database_url
    name = new_name("replayer")
    answer = httpx.post(
        f"{live_server.url}/api/auth/register",
        json={"name": name, "password": PASSWORD, "session": "bearer"},
    )
    assert answer.status_code == 201, answer.text
    user_id = answer.json()["user"]["id"]
    first = store_bot_game(url, 0, (user_id, name))
    second = store_bot_game(url, 1)
    return {"user_id": user_id, "name": name, "games": [first, second]}


def test_replay_steps_through_a_game(page, stored):
    p = page.page
    game_id = stored["games"][0]
    page.open("#/replays")
    p.locator(f"[data-testid=games] tr[data-game='{game_id}'] a.button").click()
    p.wait_for_selector("[data-testid=step]")
    record = record_of(0)
    expected = states_by_hand(record)
    assert p.text_content("[data-testid=step]") == f"Action 0 of {len(expected[0]) - 1}"
    fits_width(page)
    page.shot("replay-start")
    for k in range(1, 6):
        p.get_by_test_id("forward").click()
        want = expected[0][k]
        for seat in range(4):
            count = p.locator(f"[data-testid=discards-{seat}] .discard").count()
            assert count == len(want["discards"][seat]), (k, seat)
    assert "Action 5" in p.text_content("[data-testid=step]")
    assert p.text_content("[data-testid=last-action]").strip()
    # Keyboard: back with the arrow key.
    p.locator("body").press("ArrowLeft")
    assert "Action 4" in p.text_content("[data-testid=step]")
    # Every hand is shown face up (the "see all hands" default).
    opp = p.locator(".seat-across .opp-hand svg.tile:not(.back)")
    assert opp.count() > 0
    # Jump to the second hand and to its end: the result screen.
    p.select_option("select[name=hand]", "1")
    assert "Action 0" in p.text_content("[data-testid=step]")
    p.get_by_test_id("last").click()
    p.get_by_test_id("result").wait_for()
    page.shot("replay-hand-end")
    # The last hand's end shows the match end with the seed link.
    p.select_option("select[name=hand]", str(len(expected) - 1))
    p.get_by_test_id("last").click()
    p.get_by_test_id("match-end").wait_for()
    assert p.text_content("[data-testid=master-seed]") == record["header"]["master_seed"]
    page.shot("replay-end")


def test_profile_shows_statistics_and_recent_games(page, stored):
    p = page.page
    page.open(f"#/player/{stored['user_id']}")
    p.wait_for_selector("[data-testid=stats]")
    load_seconds(p, "[data-testid=stats]")
    assert stored["name"] in p.text_content("main h1")
    cells = p.locator("[data-testid=stats] tbody tr").first.locator("td").all_text_contents()
    assert cells[1] == "1"
    p.locator(f"[data-testid=games] tr[data-game='{stored['games'][0]}']").wait_for()
    fits_width(page)
    page.shot("profile")
    # Find a player by name.
    p.fill("input[name=player]", stored["name"])
    p.get_by_role("button", name="Open").click()
    p.wait_for_url(f"**/#/player/{stored['user_id']}")


# ---------------------------------------------------------------------------------- socket


STATUS = "document.querySelector('[data-testid=connection]')?.dataset.status"
SESSION = "(await import('/js/pages/room.js'))._session()"


def test_room_page_connects_and_reconnects_after_a_drop(page, live_server):
    p = page.page
    register_in_page(page, new_name("sock"))
    room = p.evaluate(
        """async () => (await (await fetch('/api/rooms', {method: 'POST',
             headers: {'Content-Type': 'application/json'},
             body: JSON.stringify({name: 'socket', ruleset: 'riichi',
                                   preset: 'majsoul-tonpuu'})})).json())"""
    )
    page.allowed.append("WebSocket")  # Chromium logs the deliberately dropped socket
    page.open(f"#/room/{room['id']}")
    status = p.get_by_test_id("connection")
    p.wait_for_function(
        "document.querySelector('[data-testid=connection]')?.dataset.status === 'online'"
    )
    p.evaluate("async () => (await import('/js/pages/room.js'))._session().client.drop()")
    p.wait_for_function(
        "document.querySelector('[data-testid=connection]')?.dataset.status !== 'online'"
    )
    p.wait_for_function(
        "document.querySelector('[data-testid=connection]')?.dataset.status === 'online'",
        timeout=10000,
    )
    connections = p.evaluate(
        "async () => (await import('/js/pages/room.js'))._session().client.connections"
    )
    assert connections == 2
    assert status.is_visible()
    page.shot("room-reconnected")


# ---------------------------------------------------------------------------------- play


def room_protocol_missing(live_url: str) -> str | None:
    from openmahjong.server import protocol

    if "join" not in getattr(protocol, "CLIENT_TYPES", ()):
        return "the play protocol has no room messages yet (join/add_bot/ready/start)"
    return None


def test_play_a_hand_against_three_bots_and_replay_it(page, live_server):
    reason = room_protocol_missing(live_server.url)
    if reason:
        pytest.skip(reason)
    p = page.page
    register_in_page(page, new_name("play"))
    p.get_by_test_id("play-bots").click()
    p.wait_for_url("**/#/room/*")
    table = p.get_by_test_id("table")
    try:
        table.wait_for(timeout=15000)
    except Exception:
        pytest.skip("the server did not start a game from the room messages: " +
                    (p.text_content("main") or "")[:300])  # fmt: skip
    fits_width(page)
    page.shot("play-start")
    done = play_to_the_end(page)
    if not done["hands"]:
        # Seen rarely in CI, never here: say what the server stored (an aborted game names
        # the exception that ended it), so the next failure explains itself.
        href = p.get_by_test_id("replay-link").get_attribute("href") or ""
        stored = httpx.get(f"{live_server.url}/api/games/{href.rsplit('/', 1)[-1]}").text
        pytest.fail(f"the match ended with no hand result shown ({done}); stored: {stored[:2000]}")
    assert done["discards"]
    page.shot("play-end")
    seed = p.text_content("[data-testid=master-seed]")
    # The match is over: its replay opens from the end screen and steps through the actions.
    p.get_by_test_id("replay-link").click()
    p.wait_for_selector("[data-testid=step]")
    game_id = id_in_address(p.url)
    record = httpx.get(f"{live_server.url}/api/games/{game_id}/record").json()
    assert record["header"]["master_seed"] == seed
    for _ in range(8):
        p.get_by_test_id("forward").click()
    assert "Action 8" in p.text_content("[data-testid=step]")
    p.get_by_test_id("last").click()
    p.get_by_test_id("result").wait_for()
    page.shot("play-replay")
    # The seed verifies against the commitment shown at the start.
    p.get_by_test_id("hand-counter").click()
    assert p.text_content("[data-testid=commitment]") == record["header"]["commitment"]


def test_quick_match_waits_in_line_and_can_stop(page):
    p = page.page
    register_in_page(page, new_name("quick"))
    p.get_by_test_id("quick-match").click()
    p.wait_for_url("**/#/room/quick*")
    queue = p.get_by_test_id("queue")
    queue.wait_for()
    queued = "document.querySelector('[data-testid=queue]').textContent.includes('1 in')"
    p.wait_for_function(queued)
    page.shot("quick-match")
    queue.get_by_role("button", name="Stop waiting").click()
    p.wait_for_url("**/#/lobby")


@pytest.mark.parametrize("lang", ["zh", "ja"])
def test_table_and_result_have_no_english_in_chinese_or_japanese(page, views, lang):
    p = page.page
    page.open("#/lobby")
    p.select_option("#lang", lang)
    record = record_of(0)
    win = next(h for h in record["hands"] if h["wins"])
    view = views["riichi"]
    prompt = {"seq": 1, "actions": view["legal_actions"]}
    state = {"view": view, "names": ["甲", "乙", "丙", "丁"], "result": win, "showFairness": True,
             "prompt": prompt, "clock": {"move": 3}}  # fmt: skip
    p.evaluate(RENDER, [state, "表"])
    text = p.evaluate("document.querySelector('main').innerText")
    english = re.findall(r"\b[A-Za-z]{4,}\s+[A-Za-z]{4,}\b", text)
    assert not english, english
    page.shot(f"table-{lang}")
    p.select_option("#lang", "en")
