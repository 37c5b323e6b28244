"""The statistics in the browser: a player's page with a tab per ruleset (figures, SVG charts,
best hands) and the platform page (#/stats), at desktop and phone sizes, in English and
Chinese, over a server whose database holds self-played games stored as a room stores them.
Screenshots: tests/artifacts/web-stats-*."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from openmahjong.stats.seeding import play_records, store_record
from openmahjong.store import Database
from openmahjong.store.models import User

from .conftest import SIZES
from .seeded_server import open_page, serve_seeded


async def _seed(path: Path) -> None:
    db = Database(f"sqlite+aiosqlite:///{path}")
    await db.migrate()
    riichi = play_records("riichi", 2, seed=3, preset="majsoul-tonpuu")
    sichuan = play_records("sichuan", 1, seed=3)
    mcr = play_records("mcr", 1, seed=3, preset="mcr-1round")
    now = datetime.now(UTC).replace(microsecond=0)
    async with db.session() as s:
        for n in range(1, 5):
            s.add(User(id=n, name=f"player{n}", name_key=f"player{n}"))
        await s.flush()
        people = [(f"player{n}", n, False) for n in range(1, 5)]
        games = [*riichi, *sichuan, *mcr]
        for k, record in enumerate(games):
            end = now - timedelta(days=k)
            seats = people if k % 2 == 0 else [*people[:3], ("bot", None, True)]
            await store_record(
                s, record, seats, started_at=end - timedelta(minutes=30), finished_at=end
            )
    await db.close()


@pytest.fixture(scope="module")
def stats_server(tmp_path_factory):
    yield from serve_seeded(tmp_path_factory, "stats-web", _seed)


@pytest.mark.parametrize("size", list(SIZES))
def test_player_statistics_per_ruleset_with_charts(stats_server, browser, size):
    page, context = open_page(browser, stats_server, size)
    try:
        page.open("#/player/1")
        p = page.page
        p.wait_for_selector("[data-testid=player-stats] [role=tab]")
        tabs = p.locator("[data-testid=player-stats] [role=tab]")
        assert tabs.count() == 3  # riichi, mcr and sichuan games
        assert p.locator("[role=tab][aria-selected=true]").count() == 1
        figures = p.locator("[data-testid=stat-figures]").inner_text()
        assert "Win rate" in figures and "Average placement" in figures
        # Every chart is an SVG image named by its caption.
        charts = p.locator("[data-testid=player-stats] figure.chart svg[role=img]")
        assert charts.count() >= 2
        label = charts.first.get_attribute("aria-labelledby")
        assert p.locator(f"#{label}").inner_text() == "Placements"
        p.locator("[role=tab][data-ruleset=riichi]").click()
        assert "Riichi rate" in p.locator("[data-testid=stat-figures]").inner_text()
        assert p.locator("[data-testid=best-hands] a[href^='#/replay/']").count() >= 1
        page.shot("stats-player-riichi")
        # Arrow keys move between the tabs.
        p.locator("[role=tab][data-ruleset=riichi]").focus()
        p.keyboard.press("ArrowRight")
        selected = p.locator("[role=tab][aria-selected=true]").get_attribute("data-ruleset")
        assert selected != "riichi"
        # No horizontal scrolling on a phone.
        width = p.evaluate("document.documentElement.scrollWidth")
        assert width <= SIZES[size]["width"] + 1
    finally:
        context.close()
    assert not page.problems, "\n".join(page.problems)


@pytest.mark.parametrize("size", list(SIZES))
def test_platform_statistics_page(stats_server, browser, size):
    page, context = open_page(browser, stats_server, size)
    try:
        page.open("#/stats")
        p = page.page
        p.wait_for_selector("[data-testid=platform-figures]")
        figures = p.locator("[data-testid=platform-figures]").inner_text()
        assert "Counted games" in figures and "4" in figures
        charts = p.locator("[data-testid=platform-charts] figure.chart svg[role=img]")
        assert charts.count() == 4  # games per day, active per day and week, ruleset mix
        # One bar per day, each with its count in a <title>.
        bars = p.locator("[data-testid=platform-charts] figure.chart-kind-bar").first.locator(
            "rect"
        )
        assert bars.count() == 30
        assert p.locator("[data-testid=preset-mix] tbody tr").count() == 3
        page.shot("stats-platform")
        width = p.evaluate("document.documentElement.scrollWidth")
        assert width <= SIZES[size]["width"] + 1
    finally:
        context.close()
    assert not page.problems, "\n".join(page.problems)


def test_statistics_in_chinese_and_japanese(stats_server, browser):
    for locale, words in (("zh-CN", ("和牌率", "顺位")), ("ja-JP", ("和了率", "平均順位"))):
        page, context = open_page(browser, stats_server, "phone", locale)
        try:
            page.open("#/player/1")
            page.page.wait_for_selector("[data-testid=stat-figures]")
            text = page.page.locator("[data-testid=player-stats]").inner_text()
            assert all(w in text for w in words), (locale, text[:200])
            page.shot(f"stats-player-{locale[:2]}")
        finally:
            context.close()
        assert not page.problems, "\n".join(page.problems)
