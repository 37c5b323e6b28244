"""The events list (#/events) in the browser at desktop and phone sizes: an approved event is
listed under its phase with its organiser and count, the other phases say they are empty.
The whole flow is tests/web/test_browser_event_flow.py."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import httpx
import pytest

from .conftest import CHROMIUM, CHROMIUM_ARGS, SIZES, Page, browser_missing
from .play_helpers import PASSWORD, fits_width
from .webapp import LiveServer, make_app

pytestmark = pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")

ADMIN = "events-root"
NAME = "Gugu Gaga MCR Mahjong Group Tournament"


def signed_in(url: str, name: str) -> httpx.Client:
    http = httpx.Client(base_url=url)
    r = http.post("/api/auth/register", json={"name": name, "password": PASSWORD})
    assert r.status_code == 201, r.text
    return http


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[LiveServer]:
    app, _ = make_app(tmp_path_factory.mktemp("events"), admins=[ADMIN])
    live = LiveServer(app).start()
    admin = signed_in(live.url, ADMIN)
    organiser = signed_in(live.url, "organiser7")
    start = datetime.now(UTC) + timedelta(days=30)
    body = {
        "name": NAME,
        "planned_start": start.isoformat(),
        "description": "Two days of MCR. Register: QQ group 123456789.",
        "organiser_name": "Zhang Wei",
        "contact": "WeChat zhangwei_mj",
        "phone": "+86 138 0000 0000",
        "accept_rules": True,
    }
    r = organiser.post("/api/events", json=body)
    assert r.status_code == 201, r.text
    r = admin.post(f"/api/events/{r.json()['id']}/review", json={"decision": "approve"})
    assert r.status_code == 200, r.text
    yield live
    live.stop()


@pytest.fixture(params=list(SIZES))
def page(request, server) -> Iterator[Page]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = chromium.new_context(viewport=SIZES[request.param], locale="en-US")
        wrapped = Page(context.new_page(), request.param, server.url)
        yield wrapped
        context.close()
        chromium.close()
    assert not wrapped.problems, "\n".join(wrapped.problems)


def test_the_list_shows_the_approved_event_under_its_phase(page):
    p = page.page
    page.open("#/events")
    item = p.get_by_test_id("events-upcoming").get_by_test_id("event-item")
    item.wait_for()
    assert item.locator("h3").inner_text() == NAME
    assert "Organiser: Zhang Wei" in item.inner_text()
    assert "0 registered" in item.inner_text()
    for phase in ("running", "finished"):
        section = p.get_by_test_id(f"events-{phase}")
        assert "No events here yet." in section.inner_text()
    assert p.locator("nav.mainnav a[href='#/events']").get_attribute("aria-current") == "page"
    page.shot("events-list")
    fits_width(page)
