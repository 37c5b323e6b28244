"""A declared ruleset (the rule-author kit, ``openmahjong.rules.declarative``) in Chromium:
the sample declaration of ``tests/rules/declarative`` registered as a plugin, its room made
through the lobby form (its name and fields from its ``client_info``), a whole game played by
clicking at desktop size with three of its bots, no page or console error, no untranslated key
on the screens, and the stored record replaying cleanly (``/api/games/{id}/check``).
Screenshots go to tests/artifacts (``web-declared-*-desktop.png``)."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from tests.rules.declarative.sample import registered

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


@pytest.fixture(scope="module", autouse=True)
def sample() -> Iterator[None]:
    with registered():
        yield


@pytest.fixture
def desktop(browser, live_server) -> Iterator[Page]:
    context = browser.new_context(viewport=SIZES["desktop"], locale="en-US")
    wrapped = Page(context.new_page(), "desktop", live_server.url)
    yield wrapped
    context.close()
    assert not wrapped.problems, "\n".join(wrapped.problems)


def test_a_whole_game_of_a_declared_ruleset_by_clicking(desktop, live_server):
    page, p = desktop, desktop.page
    register_in_page(page, new_name("decl"))
    # The lobby names it in the page's language, from the plugin's own messages.
    options = p.locator("[data-testid=create-room] select[name=ruleset] option[value=sample]")
    options.wait_for(state="attached")
    assert (options.text_content() or "").strip() == "Sample"
    room_id = create_room_in_lobby(
        page, 31_337, name="declared", ruleset="sample", preset="sample-quick",
        numbers={"hands": "2"},
    )  # fmt: skip
    room = httpx.get(f"{live_server.url}/api/rooms/{room_id}").json()
    assert room["ruleset"] == "sample" and room["rules"]["hands"] == 2, room
    seat_bots_and_start(page)
    done = click_to_the_end(page, "declared")
    page.shot("declared-end")
    assert done["discards"] > 0 and done["hands"] == 2, done
    end_text = p.text_content("main") or ""
    assert "sample." not in end_text and "common." not in end_text, end_text[:400]

    p.get_by_test_id("replay-link").click()
    p.wait_for_selector("[data-testid=step]")
    game_id = id_in_address(p.url)
    record = httpx.get(f"{live_server.url}/api/games/{game_id}/record").json()
    assert record["header"]["ruleset"] == "sample" and len(record["hands"]) == 2
    check = httpx.get(f"{live_server.url}/api/games/{game_id}/check", timeout=30).json()
    assert check["ok"] and check["hands_matched"] == 2, check
