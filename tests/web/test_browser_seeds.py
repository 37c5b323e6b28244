"""A room whose owner chose the master seed, in Chromium at desktop and phone sizes: the lobby
flags it, the room page warns and does not seat a visitor until they choose to sit, the table
keeps the warning, and the replays, the replay and the player page flag the finished game.

Screenshots of the warnings go to tests/artifacts/ (``web-supplied-seed-*``), as for every
browser test.
"""

from __future__ import annotations

import httpx
import pytest

from .conftest import browser_missing
from .fixtures.stored_games import store_bot_game
from .play_helpers import (
    PASSWORD,
    ROOM_MODULE,
    SESSION,
    create_room_in_lobby,
    fits_width,
    new_name,
    register_in_page,
    seat_bots_and_start,
)

pytestmark = pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")

SEED = "5eed" * 16


def _owner_and_room(base: str, **extra) -> tuple[dict, int]:
    """Another player (over HTTP) and the seeded room they opened."""
    name = new_name("seeder")
    answer = httpx.post(
        f"{base}/api/auth/register",
        json={"name": name, "password": PASSWORD, "session": "bearer"},
    )
    assert answer.status_code == 201, answer.text
    body = answer.json()
    room = httpx.post(
        f"{base}/api/rooms",
        json={"name": f"{name} duplicate", "ruleset": "riichi", "preset": "majsoul-tonpuu",
              "master_seed": SEED, **extra},
        headers={"Authorization": f"Bearer {body['token']}"},
    )  # fmt: skip
    assert room.status_code == 201, room.text
    return body["user"], room.json()["id"]


def test_a_visitor_is_warned_before_sitting_and_sits_only_when_they_choose(page, live_server):
    p = page.page
    _owner, room_id = _owner_and_room(live_server.url)
    plain = httpx.get(f"{live_server.url}/api/rooms").json()
    register_in_page(page, new_name("visitor"))
    # The lobby's list flags the room, and only that room.
    item = p.locator(f"[data-testid=rooms] [data-room='{room_id}']")
    item.wait_for()
    flag = item.get_by_test_id("seed-flag")
    assert flag.is_visible() and "seed" in flag.text_content().lower()
    flagged = {r["id"] for r in plain if r["supplied_seed"]}
    for other in plain:
        shown = p.locator(f"[data-room='{other['id']}'] [data-testid=seed-flag]").count()
        assert shown == (other["id"] in flagged)
    item.scroll_into_view_if_needed()
    fits_width(page)
    page.shot("supplied-seed-lobby")

    item.locator("a.room-link").click()
    warning = p.get_by_test_id("seed-warning")
    warning.wait_for()
    text = warning.text_content()
    assert "every wall" in text and "never count" in text
    p.get_by_test_id("connection").wait_for()
    p.wait_for_function(
        "document.querySelector('[data-testid=connection]')?.dataset.status === 'online'"
    )
    p.evaluate(ROOM_MODULE)
    # Connected, and still not seated: no join was sent.
    assert p.evaluate(f"{SESSION}.room") is None
    sit = p.get_by_test_id("sit-anyway")
    assert sit.is_visible()
    assert "null" not in p.text_content("main")  # no empty panel drawn as text
    fits_width(page)
    page.shot("supplied-seed-room")

    sit.click()
    p.locator("[data-testid=room-seats] li strong").first.wait_for()
    assert p.evaluate(f"{SESSION}.room.supplied_seed") is True
    assert p.get_by_test_id("seed-warning").is_visible()  # still there while seated
    assert p.get_by_test_id("sit-anyway").count() == 0


def test_the_owner_is_told_and_the_table_keeps_the_warning(page, live_server):
    p = page.page
    register_in_page(page, new_name("owner"))
    create_room_in_lobby(page, int(SEED, 16), name="duplicate")
    warning = p.get_by_test_id("seed-warning")
    warning.wait_for()
    assert "You chose" in warning.text_content()
    seat_bots_and_start(page)
    p.evaluate(ROOM_MODULE)
    assert p.evaluate(f"{SESSION}.suppliedSeed") is True  # from game_start
    assert p.get_by_test_id("seed-warning").is_visible()
    assert p.get_by_test_id("table").is_visible()
    fits_width(page)
    page.shot("supplied-seed-table")


@pytest.fixture(scope="module")
def seeded_game(live_server):
    url = live_server.server.config.app.state.om.settings.database_url
    name = new_name("duplicate")
    answer = httpx.post(
        f"{live_server.url}/api/auth/register",
        json={"name": name, "password": PASSWORD, "session": "bearer"},
    )
    user_id = answer.json()["user"]["id"]
    fair = store_bot_game(url, 0, (user_id, name))
    known = store_bot_game(url, 1, (user_id, name), supplied_seed=True)
    return {"user_id": user_id, "fair": fair, "known": known}


def test_replays_the_replay_and_the_player_page_flag_the_game(page, seeded_game):
    p = page.page
    known, fair = seeded_game["known"], seeded_game["fair"]
    page.open("#/replays")
    row = p.locator(f"[data-testid=games] tr[data-game='{known}']")
    row.wait_for()
    assert row.get_by_test_id("seed-flag").is_visible()
    assert p.locator(f"tr[data-game='{fair}'] [data-testid=seed-flag]").count() == 0

    row.locator("a.button").click()
    p.wait_for_selector("[data-testid=step]")
    warning = p.get_by_test_id("seed-warning")
    assert warning.is_visible() and "does not count" in warning.text_content()
    fits_width(page)
    page.shot("supplied-seed-replay")
    page.open(f"#/replay/{fair}")
    p.wait_for_selector("[data-testid=step]")
    assert p.get_by_test_id("seed-warning").count() == 0
    assert "null" not in p.text_content("main")

    page.open(f"#/player/{seeded_game['user_id']}")
    p.wait_for_selector("[data-testid=stats]")
    cells = p.locator("[data-testid=stats] tbody tr").first.locator("td").all_text_contents()
    assert cells[1] == "1"  # the fair game only
    note = p.get_by_test_id("seed-excluded")
    assert note.is_visible() and "1" in note.text_content()
    assert p.locator(f"tr[data-game='{known}'] [data-testid=seed-flag]").is_visible()
    assert "null" not in p.text_content("main")
    fits_width(page)
    page.shot("supplied-seed-profile")
