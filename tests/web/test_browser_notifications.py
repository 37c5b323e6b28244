"""Issue 23's notifications and the profile's events in the browser (docs/web-client.md,
"Events"): a reviewer's decision reaches the applicant as a count in the header and an entry
on #/notifications worded in the page's language; opening it goes to the event and marks it
read; a player's profile lists the events they registered for. A visitor who is not signed in
costs no request for a count and sees no error."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import httpx
import pytest

from openmahjong.store.models import utcnow

from .conftest import CHROMIUM, CHROMIUM_ARGS, SIZES, Page, browser_missing
from .play_helpers import PASSWORD, fits_width
from .test_browser_contrast import audit
from .test_browser_event_flow import signed_in_page
from .webapp import LiveServer, make_app

pytestmark = pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")

ADMIN = "note-admin"
ORGANISER = "note-organiser"
PLAYER = "note-player"
NAME = "Gugu Gaga Riichi Mahjong Group Winter Tournament"
REASON = "Say what the prizes are."


def application() -> dict:
    start = utcnow() + timedelta(days=20)
    return {
        "name": NAME,
        "planned_start": start.isoformat(),
        "planned_end": (start + timedelta(days=1)).isoformat(),
        "description": "One day of riichi at the club. Register: QQ group 123456789.",
        "organiser_name": "Li Na",
        "contact": "WeChat lina_mj, answers within a day",
        "phone": "+86 138 0000 5678",
        "notes": "",
        "accept_rules": True,
        "submit": True,
    }


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[LiveServer]:
    app, _ = make_app(tmp_path_factory.mktemp("notifications"), admins=[ADMIN])
    live = LiveServer(app).start()
    yield live
    live.stop()


@pytest.fixture(scope="module")
def accounts(server) -> Iterator[dict[str, httpx.Client]]:
    clients = {}
    for name in (ADMIN, ORGANISER, PLAYER):
        c = httpx.Client(base_url=server.url)
        r = c.post("/api/auth/register", json={"name": name, "password": PASSWORD})
        assert r.status_code == 201, r.text
        clients[name] = c
    yield clients
    for c in clients.values():
        c.close()


@pytest.fixture(scope="module")
def chromium():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def badge_count(p) -> str:
    return p.locator("[data-testid=note-badge] .note-count").inner_text()


@pytest.mark.parametrize("size", list(SIZES))
def test_a_decision_reaches_the_applicant_and_the_profile_lists_events(
    chromium, server, accounts, size
):
    admin, organiser = accounts[ADMIN], accounts[ORGANISER]
    name = f"{NAME} {size}"
    r = organiser.post("/api/events", json={**application(), "name": name})
    assert r.status_code == 201, r.text
    event = r.json()["id"]
    r = admin.post(
        f"/api/events/{event}/review", json={"decision": "request_changes", "reason": REASON}
    )
    assert r.status_code == 200, r.text
    unread = organiser.get("/api/notifications?unread=true").json()["unread"]
    assert unread >= 1

    page = signed_in_page(chromium, server, ORGANISER, SIZES[size])
    p = page.page
    page.open("#/events")
    p.wait_for_selector("[data-testid=note-badge]:not([hidden])")
    assert badge_count(p) == str(unread)
    assert "unread" in (p.locator("[data-testid=note-badge]").get_attribute("aria-label") or "")

    p.locator("[data-testid=note-badge]").click()
    p.wait_for_selector("[data-testid=notification]")
    first = p.locator("[data-testid=notification]").first
    assert first.get_attribute("data-kind") == "event_changes_requested"
    assert first.locator(".note-text").inner_text() == (
        f"Changes were requested to your event “{name}”: {REASON}"
    )
    assert first.locator(".note-new").count() == 1
    fits_width(page)
    low = audit(page, f"notifications {size}")
    assert not low, low
    page.shot("notifications")

    # The same entry in Japanese: worded by the client from its kind and params.
    p.select_option("#lang", "ja")
    p.wait_for_selector("h1:text('お知らせ')")
    assert p.locator("[data-testid=notification] .note-text").first.inner_text() == (
        f"大会「{name}」に修正の依頼があります：{REASON}"
    )
    p.select_option("#lang", "en")
    p.wait_for_selector("h1:text('Notifications')")

    # Opening it goes to the event's management page and marks it read.
    p.locator("[data-testid=notification]").first.get_by_role("link", name="Open").click()
    p.wait_for_url(f"**#/events/{event}/manage")
    p.wait_for_selector("main[data-loaded] h1")
    left = organiser.get("/api/notifications?unread=true").json()["unread"]
    assert left == unread - 1
    assert badge_count(p) == (str(left) if left else "")

    # Mark all read: the count goes from the header and the page.
    page.open("#/notifications")
    if left:
        p.locator("[data-testid=note-read-all]").click()
    p.wait_for_selector("[data-testid=note-unread]:text('0 unread')")
    assert badge_count(p) == ""
    assert organiser.get("/api/notifications?unread=true").json()["unread"] == 0
    assert p.locator(".note-new").count() == 0

    # Resubmitted, approved, opened: a player registers and their profile lists the event.
    assert organiser.post(f"/api/events/{event}/submit").status_code == 200
    r = admin.post(f"/api/events/{event}/review", json={"decision": "approve"})
    assert r.status_code == 200, r.text
    assert admin.post(f"/api/events/{event}/open").status_code == 200
    r = organiser.post(f"/api/events/{event}/registration", json={"open": True})
    assert r.status_code == 200, r.text
    player = accounts[PLAYER]
    assert player.post(f"/api/events/{event}/register").status_code in (200, 201)
    me = player.get("/api/auth/me").json()
    page.open(f"#/player/{me['id']}")
    p.wait_for_selector(f"[data-testid=profile-event][data-event='{event}']")
    line = p.locator(f"[data-testid=profile-event][data-event='{event}']")
    assert name in line.inner_text() and "Registered" in line.inner_text()
    assert line.get_by_role("link", name=name).get_attribute("href") == f"#/events/{event}"
    assert not page.problems, page.problems
    p.context.close()


def test_a_visitor_asks_for_no_count(chromium, server):
    context = chromium.new_context(viewport=SIZES["phone"], locale="en-US")
    page = Page(context.new_page(), "phone", server.url)
    asked: list[str] = []
    page.page.on("request", lambda req: asked.append(req.url))
    page.open("#/notifications")
    page.page.wait_for_selector("[data-testid=sign-in-first]")
    assert page.page.locator("[data-testid=note-badge]").is_hidden()
    assert not [u for u in asked if "/api/notifications" in u], asked
    assert not page.problems, page.problems
    context.close()
