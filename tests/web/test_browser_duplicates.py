"""The duplicate-set page (#/duplicates/{key}) and favourites/notes in the browser: a closed
set's tables side by side hand by hand with its seed, an open set keeping its seed secret, in
English, Chinese and Japanese, at desktop and phone sizes; a favourite and a private note
made on the replay page and listed on the player's own page. Screenshots:
tests/artifacts/web-duplicates-*."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from openmahjong import fairness
from openmahjong.bots.selfplay import play_match
from openmahjong.rules.riichi.game.options import preset as make_preset
from openmahjong.stats.seeding import store_record
from openmahjong.store import Database
from openmahjong.store import duplicates as dup
from openmahjong.store.models import User
from openmahjong.store.record_models import DuplicateSet

from .conftest import SIZES
from .seeded_server import open_page, serve_seeded

SEED = int("5eed" * 16, 16)
SALT = "ab" * 16
KEYS = {"closed": "closedset0000001", "open": "openset000000001"}
PASSWORD = "dora-indicator-7"


async def _seed(path: Path) -> None:
    db = Database(f"sqlite+aiosqlite:///{path}")
    await db.migrate()
    # Two tables on the same walls, played by different bots: the same hands, other choices.
    records = [
        play_match(make_preset("majsoul-tonpuu"), SEED, salt=SALT, bots=bots).record(reveal=True)
        for bots in ("efficiency", "efficiency-nodefence")
    ]
    now = datetime.now(UTC).replace(microsecond=0)
    async with db.session() as s:
        s.add(User(id=1, name="orga", name_key="orga"))
        await s.flush()
        for state, key in KEYS.items():
            s.add(
                DuplicateSet(
                    key=key,
                    name=f"Friday {state}",
                    organiser_id=1,
                    ruleset="riichi",
                    preset="majsoul-tonpuu",
                    rules=records[0]["header"]["options"],
                    commitment=fairness.format_commitment(fairness.commitment(SEED, SALT)),
                    salt=SALT,
                    master_seed=fairness.format_master_seed(SEED),
                    created_at=now - timedelta(hours=2),
                    closes_at=now - timedelta(minutes=5) if state == "closed" else None,
                )
            )
        await s.flush()
        for k, record in enumerate(records):
            names = [f"{who}{k + 1}" for who in ("Ann", "Bo", "Cy", "Di")]
            game = await store_record(
                s,
                record,
                [(n, None, True) for n in names],
                started_at=now - timedelta(hours=1),
                finished_at=now - timedelta(minutes=30),
            )
            await dup.link_game(s, KEYS["closed"], game)
    await db.close()


@pytest.fixture(scope="module")
def dup_server(tmp_path_factory):
    yield from serve_seeded(tmp_path_factory, "dup-web", _seed)


@pytest.mark.parametrize("size", list(SIZES))
def test_a_closed_set_shows_its_tables_side_by_side(browser, dup_server, size):
    page, context = open_page(browser, dup_server, size)
    try:
        page.open(f"#/duplicates/{KEYS['closed']}")
        p = page.page
        p.wait_for_selector("[data-testid=dup-hand]")
        assert p.locator("main h1").inner_text() == "Duplicate set Friday closed"
        assert "Closed" in p.locator("[data-testid=dup-state]").inner_text()
        assert p.locator("[data-testid=dup-seed]").inner_text() == "5eed" * 16
        assert p.locator("[data-testid=dup-table]").count() >= 2
        hands = p.locator("[data-testid=dup-hand]")
        assert hands.count() >= 1
        first = hands.first.inner_text()
        assert "Hand 1" in first and "Table 1" in first and "Table 2" in first
        assert p.locator("text=commitment checked").count() == 2
        # Nothing is wider than the screen: the tables stack on a phone.
        width = p.evaluate("document.documentElement.scrollWidth")
        assert width <= SIZES[size]["width"]
        page.shot("duplicates-closed")
    finally:
        context.close()
    assert not page.problems, page.problems


@pytest.mark.parametrize(("locale", "words"), [("zh-CN", "复式牌局"), ("ja-JP", "デュプリケート")])
def test_the_page_speaks_chinese_and_japanese(browser, dup_server, locale, words):
    page, context = open_page(browser, dup_server, "phone", locale)
    try:
        page.open(f"#/duplicates/{KEYS['closed']}")
        page.page.wait_for_selector("[data-testid=dup-hand]")
        assert words in page.page.locator("main h1").inner_text()
        page.shot(f"duplicates-{locale}")
    finally:
        context.close()
    assert not page.problems, page.problems


def test_an_open_set_keeps_its_seed_secret(browser, dup_server):
    page, context = open_page(browser, dup_server, "desktop")
    try:
        page.open(f"#/duplicates/{KEYS['open']}")
        p = page.page
        p.wait_for_selector("[data-testid=dup-state]")
        text = p.locator("main").inner_text()
        assert "secret until the set closes" in text and "5eed5eed" not in text
        assert "No table has started" in text
        page.shot("duplicates-open")
    finally:
        context.close()
    assert not page.problems, page.problems


def test_a_favourite_and_a_note_are_made_on_the_replay_and_listed_on_ones_page(browser, dup_server):
    page, context = open_page(browser, dup_server, "desktop")
    try:
        p = page.page
        page.open("#/")
        user = p.evaluate(
            """async (password) => {
                const r = await fetch('/api/auth/register', {method: 'POST',
                  headers: {'Content-Type': 'application/json'},
                  body: JSON.stringify({name: 'noter', password})});
                const u = (await r.json()).user;
                localStorage.setItem('openmahjong.user', JSON.stringify({id: u.id, name: u.name}));
                return u;
            }""",
            PASSWORD,
        )
        page.open("#/replay/1")
        p.reload()
        p.wait_for_selector("[data-testid=favourite]")
        p.click("[data-testid=favourite]")
        p.wait_for_selector("[data-testid=favourite][aria-pressed=true]")
        p.fill("[data-testid=note]", "East 3: I should have pushed")
        p.click("[data-testid=save-note]")
        p.wait_for_selector("[data-testid=bookmark-status]:has-text('Saved')")
        # A step re-renders the page: the panel and its note stay.
        p.keyboard.press("ArrowRight")
        assert p.input_value("[data-testid=note]") == "East 3: I should have pushed"
        page.shot("bookmarks-replay")
        page.open(f"#/player/{user['id']}")
        p.wait_for_selector("[data-testid=my-bookmarks]")
        listed = p.locator("[data-testid=my-bookmarks]").inner_text()
        assert "Game 1" in listed and "I should have pushed" in listed and "★" in listed
    finally:
        context.close()
    assert not page.problems, page.problems
