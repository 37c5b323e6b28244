"""The account panel (#/account) and the admin page (#/admin) in the browser, at desktop and
phone sizes: link an email with the code the server logged, see and end sessions, a wrong
current password refused, then an admin grants a role and bans the account (the audit log
shows both) and the banned account's sign-in says until when."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator

import httpx
import pytest

from .conftest import CHROMIUM, CHROMIUM_ARGS, SIZES, Page, browser_missing
from .play_helpers import PASSWORD, fits_width, new_name, register_in_page
from .webapp import LiveServer, make_app

pytestmark = pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")

ADMIN = "root-admin"
PHONE_AGENT = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Safari/604.1"


class Codes(logging.Handler):
    """The email codes the server logs (no SMTP configured), by address."""

    def __init__(self) -> None:
        super().__init__()
        self.by_address: dict[str, str] = {}

    def emit(self, record: logging.LogRecord) -> None:
        found = re.search(r"to (\S+): (\d{6}) ", record.getMessage())
        if found:
            self.by_address[found.group(1)] = found.group(2)


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[LiveServer]:
    app, _ = make_app(tmp_path_factory.mktemp("account"), admins=[ADMIN])
    live = LiveServer(app).start()
    r = httpx.post(f"{live.url}/api/auth/register", json={"name": ADMIN, "password": PASSWORD})
    assert r.status_code == 201 and r.json()["user"]["role"] == "admin", r.text
    yield live
    live.stop()


@pytest.fixture(scope="module")
def codes() -> Iterator[Codes]:
    handler = Codes()
    logger = logging.getLogger("openmahjong.server.mail")
    logger.addHandler(handler)
    level = logger.level
    logger.setLevel(logging.WARNING)
    yield handler
    logger.removeHandler(handler)
    logger.setLevel(level)


@pytest.fixture(params=list(SIZES))
def page(request, server) -> Iterator[Page]:
    reason = browser_missing()
    if reason:
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = chromium.new_context(viewport=SIZES[request.param], locale="en-US")
        wrapped = Page(context.new_page(), request.param, server.url)
        yield wrapped
        context.close()
        chromium.close()
    assert not wrapped.problems, "\n".join(wrapped.problems)


def test_account_panel_then_an_admin_grants_a_role_and_bans(page, server, codes):
    p = page.page
    page.allowed += ["401", "403"]  # the refused password and the banned sign-in
    name = new_name("acct")
    register_in_page(page, name)
    # A second session, from a phone, for the list.
    other = httpx.post(
        f"{server.url}/api/auth/login",
        json={"name": name, "password": PASSWORD, "session": "bearer"},
        headers={"User-Agent": PHONE_AGENT},
    )
    assert other.status_code == 200
    phone_token = other.json()["token"]
    page.open("#/account")
    rows = p.get_by_test_id("session-row")
    rows.first.wait_for()
    assert rows.count() == 2
    assert "Safari · iPhone" in p.locator("[data-testid=session-row][data-current=no]").inner_text()
    assert "this device" in p.locator("[data-testid=session-row][data-current=yes]").inner_text()
    assert p.get_by_test_id("roles").inner_text() == "none"
    # Link an email: the code comes from the server's log.
    address = f"{name}@example.org"
    p.fill("input[name=email]", address)
    p.get_by_role("button", name="Send a code").click()
    p.get_by_test_id("email-code-form").wait_for()
    p.fill("input[name=email-code]", codes.by_address[address])
    p.get_by_role("button", name="Verify").click()
    p.wait_for_function(
        f"(document.querySelector('[data-testid=email-now]') || {{}}).textContent"
        f"?.startsWith('{address}, verified')"
    )
    page.shot("account-panel")
    fits_width(page)
    # End the phone's session: its token is refused from now on.
    p.locator("[data-testid=session-row][data-current=no] button").click()
    p.wait_for_function("document.querySelectorAll('[data-testid=session-row]').length === 1")
    me = httpx.get(f"{server.url}/api/auth/me", headers={"Authorization": f"Bearer {phone_token}"})
    assert me.status_code == 401
    # A wrong current password: a clear error, and the password stays.
    p.fill("input[name=current-password]", "not-my-password-9")
    p.fill("input[name=new-password]", "a-brand-new-one-77")
    p.get_by_role("button", name="Change password").click()
    alert = p.get_by_test_id("password-panel").locator("[role=alert]")
    alert.wait_for()
    assert alert.inner_text() == "the current password is wrong"
    # Sign out here: the current session ends and the lobby asks to sign in.
    p.locator("[data-testid=session-row][data-current=yes] button").click()
    p.wait_for_selector("input[name=account-name]")
    # The admin signs in, finds the account, grants sponsor and bans it until a date.
    p.fill("input[name=account-name]", ADMIN)
    p.fill("input[name=account-password]", PASSWORD)
    p.locator("form.auth-form button[type=submit]").click()
    p.wait_for_selector("[data-testid=signed-in]")
    page.open("#/admin")
    p.fill("input[name=account]", name)
    p.get_by_role("button", name="Find").click()
    card = p.get_by_test_id("admin-account")
    card.wait_for()
    card.locator("select[name=role]").select_option("sponsor")
    p.fill("input[name=role-reason]", "pays for the server")
    card.get_by_role("button", name="Grant", exact=True).click()
    roles = "(document.querySelector('[data-testid=admin-roles]') || {}).textContent"
    p.wait_for_function(f"{roles}?.includes('sponsor')")
    # MCRPL eligibility on a verified certificate, through the ranks route.
    card = p.get_by_test_id("admin-account")
    card.locator("select[name=credit-kind]").select_option("mcrpl")
    p.fill("input[name=credit-certificate]", "MCR federation, no. 4711")
    p.fill("input[name=credit-reason]", "certificate checked by mail")
    card.get_by_role("button", name="Grant credit").click()
    p.get_by_test_id("rank-credits").wait_for()
    assert "MCRPL eligibility" in p.get_by_test_id("rank-credits").inner_text()
    card = p.get_by_test_id("admin-account")
    card.locator("select[name=kind]").select_option("ban")
    p.fill("input[name=sanction-reason]", "cheating at the table")
    p.fill("input[name=ends-at]", "2031-01-02T10:00")
    card.get_by_role("button", name="Apply").click()
    p.get_by_test_id("sanctions").wait_for()
    assert "cheating at the table" in p.get_by_test_id("sanctions").inner_text()
    audit = p.get_by_test_id("audit")
    # Three actions so far (the role, the credit, the ban): the table reloads after each, so wait
    # for the ban's own row rather than a row count the earlier reloads already reach.
    p.wait_for_function(
        "[...document.querySelectorAll('[data-testid=audit] tbody tr')]"
        ".some((row) => row.textContent.includes('sanction.ban'))"
    )
    text = audit.inner_text()
    assert "sanction.ban" in text and "role.grant" in text and "pays for the server" in text
    page.shot("admin-page")
    fits_width(page)
    # The banned account's sign-in is refused with the end date.
    r = httpx.post(f"{server.url}/api/auth/login", json={"name": name, "password": PASSWORD})
    assert r.status_code == 403 and r.json()["error"]["code"] == "banned"
    assert r.json()["error"]["params"]["until"].startswith("2031-01-02")
