"""Every string a user supplies is shown as text, never as markup (issue 15, item 9).

Rooms are named with HTML and script payloads (the server keeps room names as plain text, so
these are accepted as they are), and a player's name is set to such a payload straight in the
database (the server refuses it at sign-up now, but names stored before the rules, or by a bug,
must still be harmless). Then, at desktop and phone sizes, the lobby, a room and its live table,
the replays list, the player page, a replay of a game under that name and the fan quiz's
leaderboard must show each payload literally, create no element from it, and fire no dialog.
Any console error (an ``<img src=x>`` that got made would log its failed load) fails the test
too (conftest's ``page``).
"""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import update

from openmahjong.bots.selfplay import play_match, selfplay_seed
from openmahjong.fairness import format_master_seed
from openmahjong.rules.riichi.game.match import split_entry
from openmahjong.rules.riichi.game.options import preset
from openmahjong.store import Database
from openmahjong.store import games as g
from openmahjong.store.models import User
from openmahjong.store.quiz_models import QuizRating

from .conftest import browser_missing
from .play_helpers import PASSWORD, new_name, seat_bots_and_start

pytestmark = pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")

#: Room names: each would run script or make elements if it were read as HTML.
ROOM_NAMES = [
    "<img src=x onerror=alert(1)>",
    '"><svg onload=alert(2)>',
    "Tom & Jerry's <b>table</b> &amp; <script>alert(3)</script>",
]
#: The player's name, put in the database directly: sign-up refuses it.
PLAYER_NAME = "<img src=x onerror=alert(4)>"
SHOTS = Path("/tmp")

#: What a payload read as HTML would leave behind: handler attributes, elements the app never
#: makes in its pages (its only <img> is the brand mark; its SVGs are tiles and the charts of
#: js/charts.js), and the <b> of the third room name.
MARKUP_LEFT = """() => ({
  handlers: document.querySelectorAll('[onerror], [onload], [onclick], [onmouseover]').length,
  images: document.querySelectorAll('img:not(.brand-mark)').length,
  scripts: document.querySelectorAll('body script').length,
  bold: document.querySelectorAll('main b').length,
  foreignSvg: [...document.querySelectorAll('main svg')].filter(s => !s.matches(
    'svg.tile, svg.rank-icon, svg.lock-icon, figure.chart > svg.chart-svg, '
    + '.chart-donut-body > svg.chart-svg')).length,
})"""


def _in_thread(work) -> Any:
    """Run a coroutine function to its end in its own thread: sync Playwright keeps this
    thread's event loop busy."""
    out: dict[str, Any] = {}

    def run() -> None:
        try:
            out["value"] = asyncio.run(work())
        except BaseException as exc:  # handed to the caller
            out["error"] = exc

    worker = threading.Thread(target=run)
    worker.start()
    worker.join(120)
    if "error" in out:
        raise out["error"]
    return out.get("value")


def _rename(url: str, user_id: int, name: str) -> None:
    async def work() -> None:
        db = Database(url)
        try:
            async with db.session() as s:
                await s.execute(update(User).where(User.id == user_id).values(name=name))
        finally:
            await db.close()

    _in_thread(work)


def _store_game(url: str, user_id: int, name: str) -> int:
    """A finished bot game whose first player is ``name``: the record's header and the game's
    seats carry it, as they would for a game played at a table."""
    master_seed, salt = selfplay_seed(29, 0)
    players = [name, "bot-2", "bot-3", "bot-4"]
    match = play_match(preset("majsoul-tonpuu"), master_seed, salt=salt, players=players)

    async def work() -> int:
        live = match.record(reveal=False)
        db = Database(url)
        try:
            async with db.session() as s:
                seats = [
                    g.SeatEntry(i, p, user_id=user_id)
                    if p == name
                    else g.SeatEntry(i, p, is_bot=True)
                    for i, p in enumerate(live["header"]["players"])
                ]
                row = await g.create_game(
                    s,
                    ruleset="riichi",
                    preset=live["header"]["preset"],
                    header=live["header"],
                    seats=seats,
                    commitment=live["header"]["commitment"],
                    salt=live["header"]["salt"],
                    master_seed=format_master_seed(match.master_seed),
                )
                game_id = row.id
            async with db.session() as s:
                for seq, entry in enumerate(live["actions"], start=1):
                    seat, action, flags = split_entry(entry)
                    await g.append_action(s, game_id, seq, seat, action, timeout="timeout" in flags)
            final = match.record()
            result = final["result"]
            places = zip(result["final_points"], result["places"], strict=True)
            async with db.session() as s:
                await g.finish_game(
                    s,
                    game_id,
                    [g.SeatResult(i, points, place) for i, (points, place) in enumerate(places)],
                    record=final,
                )
            return game_id
        finally:
            await db.close()

    return _in_thread(work)


def _player(live_server, url: str) -> dict[str, Any]:
    """A new account renamed to ``PLAYER_NAME``; it still signs in by its first name."""
    login = new_name("hostile")
    answer = httpx.post(
        f"{live_server.url}/api/auth/register",
        json={"name": login, "password": PASSWORD, "session": "bearer"},
    )
    assert answer.status_code == 201, answer.text
    user_id = answer.json()["user"]["id"]
    _rename(url, user_id, PLAYER_NAME)
    return {"login": login, "user_id": user_id, "token": answer.json()["token"]}


@pytest.fixture(scope="module")
def hostile(live_server) -> dict[str, Any]:
    """Two players named ``PLAYER_NAME`` (one per page size: a player sits at one table at a
    time), a room for each of ``ROOM_NAMES`` (the first two owned by one player each), and a
    finished game of the first player."""
    url = live_server.server.config.app.state.om.settings.database_url
    players = {size: _player(live_server, url) for size in ("desktop", "phone")}
    owners = [players["desktop"], players["phone"], players["desktop"]]
    rooms = []
    for name, owner in zip(ROOM_NAMES, owners, strict=True):
        made = httpx.post(
            f"{live_server.url}/api/rooms",
            json={"name": name, "ruleset": "riichi", "preset": "majsoul-tonpuu"},
            headers={"Authorization": f"Bearer {owner['token']}"},
        )
        assert made.status_code == 201 and made.json()["name"] == name, made.text
        assert made.json()["owner"]["name"] == PLAYER_NAME
        rooms.append(made.json()["id"])
    game = _store_game(url, players["desktop"]["user_id"], PLAYER_NAME)
    return {"players": players, "rooms": rooms, "game": game}


@pytest.fixture
def dialogs(page) -> list[str]:
    """Every alert, confirm or prompt the page opens (dismissed at once)."""
    fired: list[str] = []

    def seen(dialog) -> None:
        fired.append(dialog.message)
        dialog.dismiss()

    page.page.on("dialog", seen)
    return fired


def _shows_as_text(page, texts: list[str], dialogs: list[str]) -> None:
    p = page.page
    p.wait_for_timeout(300)  # an <img onerror> or <svg onload> would have fired by now
    shown = p.evaluate("document.querySelector('main').innerText")
    for text in texts:
        assert text in shown, f"{text!r} is not shown as it is:\n{shown[:800]}"
    left = p.evaluate(MARKUP_LEFT)
    assert left == {"handlers": 0, "images": 0, "scripts": 0, "bold": 0, "foreignSvg": 0}, left
    assert dialogs == []


def _sign_in_as_the_player(page, hostile, dialogs) -> None:
    """Through the lobby's form, with the name the account signs in by (its key is unchanged)."""
    p = page.page
    page.open("#/lobby")
    p.fill("input[name=account-name]", hostile["players"][page.size]["login"])
    p.fill("input[name=account-password]", PASSWORD)
    p.get_by_role("button", name="Sign in").click()
    p.wait_for_selector("[data-testid=signed-in]")
    assert PLAYER_NAME in p.text_content("[data-testid=signed-in]")
    _shows_as_text(page, [PLAYER_NAME], dialogs)


def test_the_lobby_lists_hostile_room_and_owner_names_as_text(page, hostile, dialogs):
    p = page.page
    page.open("#/lobby")
    for room in hostile["rooms"]:
        p.locator(f"a[href='#/room/{room}']").wait_for()
    _shows_as_text(page, [*ROOM_NAMES, PLAYER_NAME], dialogs)
    listed = p.locator(f"a[href='#/room/{hostile['rooms'][0]}'] strong").text_content()
    assert listed == ROOM_NAMES[0]
    page.page.screenshot(path=str(SHOTS / f"h4-lobby-{page.size}.png"), full_page=True)


def test_a_room_and_its_table_show_the_names_as_text(page, hostile, dialogs):
    p = page.page
    _sign_in_as_the_player(page, hostile, dialogs)
    room = hostile["rooms"][0 if page.size == "desktop" else 1]
    name = ROOM_NAMES[0 if page.size == "desktop" else 1]
    page.open(f"#/room/{room}")
    p.locator("[data-testid=room-seats] li strong").first.wait_for()
    assert p.text_content("main h1") == name
    _shows_as_text(page, [name, PLAYER_NAME], dialogs)
    seat_bots_and_start(page)
    p.wait_for_function(
        "(n) => document.querySelector('[data-testid=table]')?.innerText.includes(n)",
        arg=PLAYER_NAME,
    )
    _shows_as_text(page, [PLAYER_NAME], dialogs)
    page.page.screenshot(path=str(SHOTS / f"h4-table-{page.size}.png"), full_page=True)


def test_records_the_player_page_and_the_replay_show_the_name_as_text(page, hostile, dialogs):
    p = page.page
    game = hostile["game"]
    page.open("#/replays")
    row = p.locator(f"[data-testid=games] tr[data-game='{game}']")
    row.wait_for()
    assert PLAYER_NAME in row.text_content()
    _shows_as_text(page, [PLAYER_NAME], dialogs)
    page.open(f"#/player/{hostile['players']['desktop']['user_id']}")
    p.locator(f"[data-testid=games] tr[data-game='{game}']").wait_for()
    assert PLAYER_NAME in p.text_content("main h1")
    _shows_as_text(page, [PLAYER_NAME], dialogs)
    page.open(f"#/replay/{game}")
    p.wait_for_selector("[data-testid=step]")
    for _ in range(8):  # a few actions in: the last-action line names who acted
        p.get_by_test_id("forward").click()
    _shows_as_text(page, [PLAYER_NAME], dialogs)
    page.page.screenshot(path=str(SHOTS / f"h4-replay-{page.size}.png"), full_page=True)


def _quiz_rating(url: str, user_id: int) -> None:
    """A rating in the fan quiz's Riichi pool, above any a test match reaches: the player
    heads that leaderboard."""

    async def work() -> None:
        db = Database(url)
        try:
            async with db.session() as s:
                if await s.get(QuizRating, (user_id, "riichi")) is None:
                    s.add(QuizRating(user_id=user_id, pool="riichi", rating=1900, wins=40))
        finally:
            await db.close()

    _in_thread(work)


def test_the_quiz_leaderboard_shows_the_name_as_text(page, hostile, live_server, dialogs):
    url = live_server.server.config.app.state.om.settings.database_url
    user_id = hostile["players"]["desktop"]["user_id"]
    _quiz_rating(url, user_id)
    page.open("#/quiz?tab=board&pool=riichi")
    row = page.page.locator(f"[data-testid=quiz-board] tr[data-player='{user_id}']")
    row.wait_for()
    assert PLAYER_NAME in row.text_content() and "1900" in row.text_content()
    _shows_as_text(page, [PLAYER_NAME], dialogs)
