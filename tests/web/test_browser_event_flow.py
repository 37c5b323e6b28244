"""Issue 23's whole flow in the browser (docs/events.md, docs/web-client.md "Events"): an
organiser applies through the form (each rule refused at its field while typing), an event
admin requests changes, the organiser replies and resubmits, the admin approves and opens the
event; the organiser opens registration, a player registers on the public page, the organiser
opens two event rooms (a seat kept for each of them); the organiser plays one in the browser
with bots, the player's client plays the other; the results table, the CSV and the public
page show both games."""

from __future__ import annotations

import asyncio
import csv
import io
import threading
from collections.abc import Iterator

import httpx
import pytest

from openmahjong.server.client import PlayClient

from .conftest import CHROMIUM, CHROMIUM_ARGS, Page, browser_missing
from .play_helpers import PASSWORD, fits_width, play_to_the_end, seat_bots_and_start
from .test_browser_contrast import audit
from .webapp import LiveServer, make_app

pytestmark = pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")

ADMIN = "flow-admin"
ORGANISER = "flow-organiser"
PLAYER = "flow-player"
NAME = "Gugu Gaga Riichi Mahjong Group Tournament"
PHONE = "+86 138 0000 1234"


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[LiveServer]:
    app, _ = make_app(tmp_path_factory.mktemp("event-flow"), admins=[ADMIN])
    live = LiveServer(app).start()
    for name in (ADMIN, ORGANISER, PLAYER):
        r = httpx.post(f"{live.url}/api/auth/register", json={"name": name, "password": PASSWORD})
        assert r.status_code == 201, r.text
    yield live
    live.stop()


@pytest.fixture(scope="module")
def chromium():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def signed_in_page(chromium, server, name: str, size: dict[str, int]) -> Page:
    """A browser of its own, signed in as ``name`` through the lobby's form."""
    context = chromium.new_context(viewport=size, locale="en-US")
    page = Page(context.new_page(), f"{size['width']}", server.url)
    p = page.page
    page.open("#/lobby")
    p.fill("input[name=account-name]", name)
    p.fill("input[name=account-password]", PASSWORD)
    p.locator("form.auth-form button[type=submit]").click()
    p.wait_for_selector("[data-testid=signed-in]")
    return page


def fresh(page: Page, route: str) -> None:
    """Open ``route`` anew: going to the address a page already shows changes nothing."""
    page.open(route)
    page.page.reload()
    page.page.wait_for_selector("main[data-loaded] h1")


def as_shown(value: object) -> str:
    """A value as the page writes it: a whole number without ".0" (JavaScript's String)."""
    return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)


def error_at(p, field: str) -> str:
    return p.locator(f"[data-error-for={field}]").inner_text()


def play_with_bots_over_the_socket(url: str, room: int) -> dict:
    """The player's own client (not a browser) takes the seat kept for them; the organiser's
    client (the room's owner) seats three bots and starts; every prompt is answered until the
    game's end."""

    async def socket_of(name: str) -> PlayClient:
        r = httpx.post(
            f"{url}/api/auth/login",
            json={"name": name, "password": PASSWORD, "session": "bearer"},
        )
        socket = PlayClient(f"{url.replace('http', 'ws')}/ws", r.json()["token"])
        await socket.connect()
        return socket

    async def run() -> dict:
        player, owner = await socket_of(PLAYER), await socket_of(ORGANISER)
        try:
            await player.send({"type": "join", "room": room})
            await player.send({"type": "ready", "room": room})
            await player.next(lambda m: m["type"] == "room" and m["seats"][0] is not None)
            for _ in range(3):
                await owner.send({"type": "add_bot", "room": room})
            await player.next(
                lambda m: m["type"] == "room" and all(s and s["ready"] for s in m["seats"])
            )
            await owner.send({"type": "start", "room": room})
            return await player.autoplay()
        except TimeoutError:
            seen = [m.get("type") for m in player.log + owner.log][-12:]
            raise AssertionError(seen, player.log[-2:], owner.log[-2:]) from None
        finally:
            await player.close()
            await owner.close()

    return asyncio.run(run())


def test_apply_review_run_and_publish_an_event(chromium, server):
    desktop = {"width": 1280, "height": 800}
    phone = {"width": 390, "height": 844}
    organiser = signed_in_page(chromium, server, ORGANISER, phone)
    admin = signed_in_page(chromium, server, ADMIN, desktop)
    player = signed_in_page(chromium, server, PLAYER, phone)
    o, a = organiser.page, admin.page
    low: list = []  # text below AA contrast or targets under 24 px, page by page

    # --- the application: each rule explained and refused at its field while typing ---------
    organiser.open("#/events/apply")
    form = o.get_by_test_id("event-form")
    form.wait_for()
    assert "80% of entry fees" in o.get_by_test_id("event-rules").inner_text()
    o.fill("input[name=name]", "MCR Mahjong Tournament")
    o.wait_for_function("document.querySelector('[data-error-for=name]').textContent !== ''")
    assert "complete event name" in error_at(o, "name")
    assert o.locator("input[name=name]").get_attribute("aria-invalid") == "true"
    o.fill("input[name=name]", "FST Cup")
    o.wait_for_function("/FST/.test(document.querySelector('[data-error-for=name]').textContent)")
    o.fill("input[name=name]", NAME)
    o.wait_for_function("document.querySelector('[data-error-for=name]').textContent === ''")
    o.fill("textarea[name=description]", "Two rounds of Riichi. Register with the organiser.")
    o.wait_for_function(
        "/registration contact/.test(document.querySelector('[data-error-for=description]')"
        ".textContent)"
    )
    o.fill("textarea[name=description]", "Two rounds of Riichi. Register: QQ group 123456789.")
    o.fill("input[name=planned_start]", "2027-01-16T18:00")
    o.fill("input[name=organiser_name]", "Zhang Wei")
    o.fill("input[name=contact]", "WeChat zhangwei_mj")
    o.fill("input[name=phone]", "12")
    o.wait_for_function("document.querySelector('[data-error-for=phone]').textContent")
    o.fill("input[name=phone]", PHONE)
    o.fill("textarea[name=notes]", "Our first event on the platform.")
    # Sending without the rules accepted: refused at the checkbox, nothing stored.
    o.get_by_test_id("apply-submit").click()
    o.wait_for_function("document.querySelector('[data-error-for=accept_rules]').textContent")
    assert "Accept the platform's event rules" in error_at(o, "accept_rules")
    assert httpx.get(f"{server.url}/api/events?phase=upcoming").json() == []
    organiser.shot("event-apply-errors")
    low += audit(organiser, "apply form with its problems")
    o.locator("input[name=accept_rules]").check()
    o.get_by_test_id("apply-submit").click()
    o.wait_for_url("**/#/events/*/manage")
    event_id = int(o.url.split("/")[-2])
    o.get_by_test_id("event-state").wait_for()
    assert o.get_by_test_id("event-state").inner_text() == "Waiting for review"
    assert "Our first event" in o.get_by_test_id("event-history").inner_text()

    # --- the review: changes requested with a reason -----------------------------------------
    admin.open("#/events/review")
    item = a.locator(f"[data-testid=review-item][data-event='{event_id}']")
    item.wait_for()
    assert PHONE in item.get_by_test_id("review-phone").inner_text()  # event admins only
    item.get_by_role("radio", name="Request changes").check()
    item.locator("textarea[name=reason]").fill("Please add the schedule.")
    item.get_by_test_id("send-decision").click()
    a.wait_for_function(
        f"document.querySelector(\"[data-event='{event_id}'] [data-testid=event-state]\")"
        "?.textContent === 'Changes requested'"
    )
    admin.shot("event-review")
    low += audit(admin, "review queue")

    # --- the organiser replies and resubmits; the history keeps every step in order ----------
    fresh(organiser, f"#/events/{event_id}/manage")
    o.get_by_test_id("event-form").wait_for()
    assert o.get_by_test_id("event-state").inner_text() == "Changes requested"
    assert PHONE not in o.locator("main").inner_text()  # never shown back, even to its owner
    o.fill(
        "textarea[name=description]",
        "Two rounds of Riichi. Register: QQ group 123456789.\nSchedule: two rounds on Saturday.",
    )
    o.fill("textarea[name=notes]", "Added the schedule.")
    o.get_by_test_id("apply-submit").click()  # "Send again for review"
    o.wait_for_function(
        "document.querySelector('[data-testid=event-state]')?.textContent === 'Waiting for review'"
    )
    kinds = o.locator("[data-testid=event-history] li").evaluate_all(
        "e => e.map(li => li.dataset.kind)"
    )
    # The edit is saved (its own entry), then sent again with the reply.
    assert kinds == ["submit", "request_changes", "save", "resubmit"], kinds
    history = o.get_by_test_id("event-history").inner_text()
    assert history.index("Please add the schedule.") < history.index("Added the schedule.")
    organiser.shot("event-resubmitted")
    low += audit(organiser, "an application sent again")

    # --- approval and opening -------------------------------------------------------------
    fresh(admin, "#/events/review")
    item = a.locator(f"[data-testid=review-item][data-event='{event_id}']")
    item.get_by_role("radio", name="Approve").check()
    item.get_by_test_id("send-decision").click()
    a.wait_for_function(
        f"document.querySelector(\"[data-event='{event_id}'] [data-testid=event-state]\")"
        "?.textContent === 'Upcoming'"
    )
    admin.open(f"#/events/{event_id}/manage")
    a.get_by_test_id("event-open").click()
    a.wait_for_function(
        "document.querySelector('[data-testid=event-state]')?.textContent === 'Running'"
    )

    # --- the panel: the page, registration, participants ----------------------------------
    fresh(organiser, f"#/events/{event_id}/manage")
    o.get_by_test_id("panel-registration").wait_for()
    o.get_by_test_id("open-registration").click()
    o.get_by_test_id("close-registration").wait_for()
    o.locator("[data-testid=panel-page] textarea[name=prizes]").fill("First place: a trophy.")
    o.get_by_test_id("save-page").click()
    o.locator("[data-testid=panel-page] [data-testid=saved]").wait_for()
    o.locator("input[name=participant]").fill(ORGANISER)
    o.get_by_test_id("add-participant").click()
    o.get_by_test_id("participants").wait_for()
    # The player registers on the public page.
    player.open(f"#/events/{event_id}")
    player.page.get_by_test_id("register").click()
    player.page.get_by_test_id("registered").wait_for()

    # --- two event rooms, a seat kept in each ---------------------------------------------
    fresh(organiser, f"#/events/{event_id}/manage")
    rooms = []
    for k, keeper in enumerate((ORGANISER, PLAYER)):
        new = o.get_by_test_id("new-room")
        new.wait_for()
        new.locator("input[name=room-name]").fill(f"Round 1 table {k + 1}")
        new.locator("select[name=preset]").select_option("majsoul-tonpuu")
        new.locator("select[name=seat-1]").select_option(keeper)
        o.get_by_test_id("open-room").click()
        o.wait_for_function(
            "(n) => document.querySelectorAll('[data-testid=event-rooms] > li').length === n",
            arg=k + 1,
        )
        rooms.append(
            int(o.locator("[data-testid=event-rooms] > li").last.get_attribute("data-room"))
        )
    fits_width(organiser)
    organiser.shot("event-panel")
    low += audit(organiser, "management panel")

    # --- both rooms played: one in the browser, one by the player's client ----------------
    ended: list[dict | BaseException] = []

    def other_room() -> None:
        try:
            ended.append(play_with_bots_over_the_socket(server.url, rooms[1]))
        except BaseException as exc:  # shown by the assertion below
            ended.append(exc)

    played = threading.Thread(target=other_room)
    played.start()
    organiser.open(f"#/room/{rooms[0]}")
    seat_bots_and_start(organiser)
    play_to_the_end(organiser)
    played.join(timeout=300)
    assert len(ended) == 1 and isinstance(ended[0], dict), ended
    assert ended[0]["type"] == "game_end", ended

    # --- the results: the panel's table, the CSV, the public page -------------------------
    fresh(organiser, f"#/events/{event_id}/manage")
    o.get_by_test_id("results").wait_for()
    ranked = o.locator("[data-testid=results] tbody th").all_inner_texts()
    assert sorted(ranked) == sorted([ORGANISER, PLAYER]), ranked
    csv_text = httpx.get(f"{server.url}/api/events/{event_id}/results.csv").text
    rows = list(csv.DictReader(io.StringIO(csv_text)))
    assert [r["player"] for r in rows] == ranked and {r["games"] for r in rows} == {"1"}
    api = httpx.get(f"{server.url}/api/events/{event_id}/results").json()
    shown = o.locator("[data-testid=results] tbody tr").evaluate_all(
        "e => e.map(tr => [...tr.children].map(c => c.textContent))"
    )
    columns = ("rank", "player", "games", "total", "average_placement", "firsts", "best")
    assert shown == [[as_shown(r[k]) for k in columns] for r in api], shown

    fresh(player, f"#/events/{event_id}")
    q = player.page
    q.get_by_test_id("results").wait_for()
    assert q.get_by_test_id("event-state").inner_text() == "Running"
    assert "First place: a trophy." in q.get_by_test_id("event-prizes").inner_text()
    assert "Schedule: two rounds on Saturday." in q.get_by_test_id("event-description").inner_text()
    listed = q.get_by_test_id("event-rooms").inner_text()
    assert "Round 1 table 1" in listed and "Round 1 table 2" in listed
    assert q.locator("[data-testid=event-rooms] [data-game]").count() == 2
    assert PHONE not in q.locator("main").inner_text() and "Added the schedule" not in listed
    fits_width(player)
    player.shot("event-public")
    low += audit(player, "public page")
    # The list shows it under its phase.
    player.open("#/events")
    running = q.get_by_test_id("events-running").get_by_test_id("event-item")
    running.wait_for()
    assert running.locator("h3").inner_text() == NAME
    low += audit(player, "events list")
    assert not low, "\n".join(map(str, low))
    for page in (organiser, admin, player):
        assert not page.problems, "\n".join(page.problems)
        page.page.context.close()
