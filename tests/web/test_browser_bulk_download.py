"""A whole day's records from the web (the replays page's "Download a whole day" panel, over
GET /api/records/bulk): the archive holds that day's games in the chosen format, the quota is
stated before and after each download, a format the ruleset cannot take is refused with its
reason at no cost, and past the quota the page says so. Desktop and phone; Chinese and
Japanese. Screenshots: tests/artifacts/web-bulk-download-*."""

from __future__ import annotations

import io
import json
import zipfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from openmahjong.bots.selfplay import play_match
from openmahjong.rules.riichi.game.options import preset as make_preset
from openmahjong.stats.seeding import store_record
from openmahjong.store import Database

from .conftest import SIZES
from .seeded_server import open_page, serve_seeded

DAY = "2026-12-01"
OTHER_DAY = datetime(2026, 11, 30, 9, tzinfo=UTC)
REFUSED = "Failed to load resource"  # the browser's console line for a 422 or 429 answer


async def _seed(path: Path) -> None:
    """Two Riichi games that finished on DAY and one the day before (not in DAY's archive)."""
    db = Database(f"sqlite+aiosqlite:///{path}")
    await db.migrate()
    finished = [
        datetime(2026, 12, 1, 10, tzinfo=UTC),
        datetime(2026, 12, 1, 22, tzinfo=UTC),
        OTHER_DAY,
    ]
    async with db.session() as s:
        for k, when in enumerate(finished):
            record = play_match(make_preset("majsoul-tonpuu"), 700 + k, salt="00" * 16).record(
                reveal=True
            )
            await store_record(
                s,
                record,
                [(f"bot{k}{seat}", None, True) for seat in range(4)],
                started_at=when - timedelta(minutes=25),
                finished_at=when,
            )
    await db.close()


@pytest.fixture(scope="module")
def bulk_server(tmp_path_factory):
    yield from serve_seeded(tmp_path_factory, "bulk-web", _seed)


def _quota(p) -> str:
    return p.locator("[data-testid=bulk-quota]").inner_text()


def _download(p) -> zipfile.ZipFile:
    with p.expect_download() as info:
        p.click("text=Download the archive")
    path = info.value.path()
    assert info.value.suggested_filename.endswith(".zip")
    return zipfile.ZipFile(io.BytesIO(Path(path).read_bytes()))


@pytest.mark.parametrize("size", list(SIZES))
def test_a_days_archive_from_the_replays_page_within_the_quota(browser, bulk_server, size):
    page, context = open_page(browser, bulk_server, size)
    page.allowed.append(REFUSED)
    try:
        p = page.page
        page.open("#/replays")
        p.wait_for_selector("[data-testid=bulk-quota]:has-text('archives left')")
        page.shot("bulk-download")
        assert p.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]
        if size == "phone":
            return  # the layout only: every run comes from 127.0.0.1, one address's quota
        assert _quota(p) == "Your quota today: 2 of 2 archives left."
        p.fill("input[name=day]", DAY)
        p.select_option("select[name=format]", "mjai")
        archive = _download(p)
        manifest = json.loads(archive.read("manifest.json"))
        assert (manifest["day"], manifest["ruleset"], manifest["format"]) == (DAY, "riichi", "mjai")
        assert len(manifest["games"]) == 2
        names = sorted(n for n in archive.namelist() if n != "manifest.json")
        assert names == sorted(f"{g}.mjai.jsonl" for g in manifest["games"])
        first_event = json.loads(archive.read(names[0]).decode().splitlines()[0])
        assert first_event["type"] == "start_game"
        assert manifest["quota"]["remaining"] == 1
        p.wait_for_selector("[data-testid=bulk-quota]:has-text('1 of 2')")
        # A format the ruleset cannot take: its reason, and nothing counted.
        p.select_option("select[name=ruleset]", "sichuan")
        p.click("text=Download the archive")
        p.wait_for_selector("[data-testid=bulk-result] :text('mjai does not describe sichuan')")
        assert _quota(p) == "Your quota today: 1 of 2 archives left."
        # The last one, then the limit.
        p.select_option("select[name=ruleset]", "riichi")
        p.select_option("select[name=format]", "json")
        assert len(json.loads(_download(p).read("manifest.json"))["games"]) == 2
        p.wait_for_selector("[data-testid=bulk-quota]:has-text('0 of 2')")
        p.click("text=Download the archive")
        p.wait_for_selector("[data-testid=bulk-result] [role=alert]")
        refused = p.locator("[data-testid=bulk-result]").inner_text()
        assert "downloaded your 2 bulk archives for today" in refused, refused
        assert _quota(p) == "Your quota today: 0 of 2 archives left."
        page.shot("bulk-download-refused")
    finally:
        context.close()
    assert not page.problems, page.problems


@pytest.mark.parametrize(
    ("locale", "words"), [("zh-CN", "下载一整天的牌谱"), ("ja-JP", "1日分をまとめて")]
)
def test_the_panel_speaks_chinese_and_japanese(browser, bulk_server, locale, words):
    page, context = open_page(browser, bulk_server, "phone", locale)
    try:
        page.open("#/replays")
        p = page.page
        p.wait_for_selector("#bulk-title")
        assert words in p.locator("#bulk-title").inner_text()
        p.wait_for_selector("[data-testid=bulk-quota]:has-text('2')")
        page.shot(f"bulk-download-{locale}")
    finally:
        context.close()
    assert not page.problems, page.problems
