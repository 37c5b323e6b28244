"""Ranks in the browser: the player page's rank block (tier icon, level, point bar, rating with
its uncertainty) and the leaderboard page (#/leaderboards: ruleset, preset, period, order,
pages), at desktop and phone sizes, in English, Chinese and Japanese, over a server whose
database holds ranked games of known outcomes. Screenshots: tests/artifacts/web-ranks-*."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from openmahjong.store import Database
from openmahjong.store.models import utcnow
from tests.ranks.helpers import play, set_rank, users

from .conftest import SIZES
from .seeded_server import open_page, serve_seeded


async def _seed(path: Path) -> None:
    db = Database(f"sqlite+aiosqlite:///{path}")
    await db.migrate()
    ids = await users(db, *[f"ranker{n:02d}" for n in range(1, 61)])
    # ranker01 stands at Expert 2 with 700 and wins a Gold hanchan: 700 + 39 + 80 = 819.
    await set_rank(db, ids[0], "expert-2", 700)
    await set_rank(db, ids[1], "celestial-2", 1530)
    now = utcnow()
    await play(db, ids[:4], [48200, 30000, 18700, 3100], when=now - timedelta(hours=2))
    for n in range(4, 60, 4):
        await play(
            db,
            ids[n : n + 4],
            [40000, 30000, 20000, 10000],
            preset="majsoul-tonpuu",
            tier="bronze",
            when=now - timedelta(hours=1, minutes=n),
        )
    await db.close()


@pytest.fixture(scope="module")
def ranks_server(tmp_path_factory):
    yield from serve_seeded(tmp_path_factory, "ranks-web", _seed)


@pytest.mark.parametrize("size", list(SIZES))
def test_the_player_pages_rank_block(ranks_server, browser, size):
    page, context = open_page(browser, ranks_server, size)
    try:
        page.open("#/player/1")
        p = page.page
        p.wait_for_selector("[data-testid=rank-riichi]")
        card = p.locator("[data-testid=rank-riichi]")
        text = card.inner_text()
        assert "Expert 2" in text and "819 / 1400 rank points" in text
        assert "Rating " in text and " ± " in text
        icon = card.locator("svg.rank-icon")
        assert icon.get_attribute("data-group") == "expert"
        assert icon.get_attribute("aria-label") == "Expert 2"
        assert card.locator("progress").get_attribute("max") == "1400"
        # The other ladders show their first rank.
        assert "Level 9" in p.locator("[data-testid=rank-mcr]").inner_text()
        assert "null" not in p.locator("[data-testid=ranks]").inner_text()
        page.shot("ranks-profile")
        page.open("#/player/2")
        p.wait_for_selector("[data-testid=rank-riichi]")
        celestial = p.locator("[data-testid=rank-riichi]").inner_text()
        assert "Celestial 2" in celestial and "soul points" in celestial
        width = p.evaluate("document.documentElement.scrollWidth")
        assert width <= SIZES[size]["width"] + 1
    finally:
        context.close()
    assert not page.problems, "\n".join(page.problems)


@pytest.mark.parametrize("size", list(SIZES))
def test_the_leaderboard_page(ranks_server, browser, size):
    page, context = open_page(browser, ranks_server, size)
    try:
        page.open("#/leaderboards")
        p = page.page
        p.wait_for_selector("[data-testid=board] tbody tr")
        rows = p.locator("[data-testid=board] tbody tr")
        assert rows.count() == 50  # a full first page
        first = rows.first.inner_text()
        assert "ranker02" in first and "Celestial 2" in first
        assert "ranker01" in rows.nth(1).inner_text()
        assert "Page 1 of 2 (60 players)" in p.locator("[data-testid=board-page]").inner_text()
        page.shot("ranks-leaderboard")
        p.locator("[data-testid=board-next]").click()
        p.wait_for_selector("[data-testid=board-page]:has-text('Page 2 of 2')")
        assert p.locator("[data-testid=board] tbody tr").count() == 10
        # The hanchan this week: the Gold table's four.
        p.select_option("select[name=preset]", "majsoul-hanchan")
        p.wait_for_selector("[data-testid=board-page]:has-text('(4 players)')")
        p.select_option("select[name=period]", "week")
        p.wait_for_selector("[data-testid=board-page]:has-text('(4 players)')")
        board = p.locator("[data-testid=board] tbody tr")
        assert "ranker02" in board.first.inner_text() and "ranker01" in board.nth(1).inner_text()
        if size == "desktop":  # a phone hides the games and gained columns
            assert "+0.2" in board.first.inner_text()
            assert "+119" in board.nth(1).inner_text()
        p.select_option("select[name=by]", "rating")
        p.wait_for_selector("[data-testid=board] tbody tr")
        assert "by=rating" in p.url
        width = p.evaluate("document.documentElement.scrollWidth")
        assert width <= SIZES[size]["width"] + 1
    finally:
        context.close()
    assert not page.problems, "\n".join(page.problems)


@pytest.mark.parametrize(
    ("locale", "title", "rank"), [("zh-CN", "排行榜", "魂天2"), ("ja-JP", "ランキング", "魂天2")]
)
def test_leaderboards_in_chinese_and_japanese(ranks_server, browser, locale, title, rank):
    page, context = open_page(browser, ranks_server, "phone", locale)
    try:
        page.open("#/leaderboards")
        p = page.page
        p.wait_for_selector("[data-testid=board] tbody tr")
        assert p.locator("main h1").inner_text() == title
        assert rank in p.locator("[data-testid=board] tbody tr").first.inner_text()
        page.shot(f"ranks-leaderboard-{locale}")
    finally:
        context.close()
    assert not page.problems, "\n".join(page.problems)


@pytest.mark.parametrize("size", list(SIZES))
def test_the_lobbys_ranked_lines_show_their_gates(ranks_server, browser, size):
    page, context = open_page(browser, ranks_server, size)
    try:
        p = page.page
        page.open("#/")
        name = f"gated{size}"
        status = p.evaluate(
            """async (name) => (await fetch('/api/auth/register', {method: 'POST',
                 headers: {'content-type': 'application/json'},
                 body: JSON.stringify({name, password: 'correct horse battery'})})).status""",
            name,
        )
        assert status == 201
        # The client asks who is signed in only when its hint says someone is.
        p.evaluate(
            "(name) => localStorage.setItem('openmahjong.user', JSON.stringify({name}))", name
        )
        p.reload()
        page.open("#/lobby")
        p.wait_for_selector("[data-testid=tier-lines] [data-testid=tier-throne]")
        bronze = p.locator("[data-testid=tier-bronze]")
        assert bronze.evaluate("e => e.tagName") == "A"
        assert "tier=bronze" in bronze.get_attribute("href")
        p.wait_for_selector("[data-testid=tier-silver][data-locked]")
        silver = p.locator("[data-testid=tier-silver]").inner_text()
        assert "Silver: needs Adept 1; you are Novice 1" in silver
        throne = p.locator("[data-testid=tier-throne]").inner_text()
        assert "needs Saint 1" in throne
        # The lines follow the ruleset chosen below: MCR's Silver needs Level 6.
        p.select_option("select[name=ruleset]", "mcr")
        p.wait_for_selector("[data-testid=tier-silver]:has-text('Level 6')")
        page.shot("ranks-lobby-lines")
        width = p.evaluate("document.documentElement.scrollWidth")
        assert width <= SIZES[size]["width"] + 1
    finally:
        context.close()
    assert not page.problems, "\n".join(page.problems)
