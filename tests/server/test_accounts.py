"""Accounts: register, log in and out, guests, sessions, passwords, email codes, limits, roles."""

from __future__ import annotations

import logging
import re

import httpx
import pytest
from fastapi import FastAPI
from server_helpers import PASSWORD, client_for, make_settings, register, running
from sqlalchemy import func, select

from openmahjong.server import Settings
from openmahjong.server.ratelimit import MemoryLimiter
from openmahjong.store.models import AuthSession, Role, User

pytestmark = pytest.mark.asyncio


async def _count(app: FastAPI, model) -> int:
    async with app.state.om.db.session() as s:
        return await s.scalar(select(func.count()).select_from(model))


def _error(response: httpx.Response) -> tuple[int, str]:
    body = response.json()
    assert set(body) == {"error"}, body
    assert body["error"]["message"], body
    return response.status_code, body["error"]["code"]


async def test_health_docs_and_the_placeholder_page(client):
    assert (await client.get("/api/health")).json() == {"status": "ok"}
    assert (await client.get("/docs")).status_code == 200
    info = (await client.get("/api/info")).json()
    assert info["protocol"] == 1 and info["websocket"] == "/ws" and "riichi" in info["rulesets"]
    schema = (await client.get("/openapi.json")).json()
    assert "/api/auth/register" in schema["paths"] and "/api/games" in schema["paths"]
    assert "/api/tools/analyze" in schema["paths"]  # the tools router is served by the app
    page = await client.get("/")
    assert page.status_code == 200 and "openmahjong" in page.text
    assert _error(await client.get("/api/no-such-thing")) == (404, "not_found")


async def test_register_signs_in_with_an_http_only_cookie(client):
    response = await client.post("/api/auth/register", json={"name": "Alice", "password": PASSWORD})
    assert response.status_code == 201
    body = response.json()
    assert body["user"]["name"] == "Alice" and body["user"]["role"] == "player"
    assert body["session"] == "cookie" and body["token"] is None
    cookie = response.headers["set-cookie"]
    assert cookie.startswith("om_session=") and "HttpOnly" in cookie and "SameSite=lax" in cookie
    me = await client.get("/api/auth/me")
    assert me.status_code == 200 and me.json()["name"] == "Alice"


async def test_stored_password_is_an_argon2_hash(app, client):
    await register(client, "hashcheck")
    async with app.state.om.db.session() as s:
        user = await s.scalar(select(User).where(User.name_key == "hashcheck"))
    assert user.password_hash.startswith("$argon2id$") and PASSWORD not in user.password_hash


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"name": "alice", "password": "short"}, 422, "weak_password"),
        ({"name": "alice", "password": "password123"}, 422, "weak_password"),
        ({"name": "alice", "password": "aaaaaaaaaaaa"}, 422, "weak_password"),
        ({"name": "alice", "password": "xx-alice-xx"}, 422, "weak_password"),
        ({"name": "al", "password": PASSWORD}, 422, "bad_name"),
        ({"name": "has space", "password": PASSWORD}, 422, "bad_name"),
        ({"name": "guest-1234", "password": PASSWORD}, 422, "bad_name"),
        ({"name": "alice"}, 422, "invalid_request"),
        ({"name": "alice", "password": PASSWORD, "pasword": "typo"}, 422, "invalid_request"),
        ({"name": 7, "password": PASSWORD}, 422, "invalid_request"),
        ({"name": "alice", "password": PASSWORD, "session": "smoke"}, 422, "invalid_request"),
    ],
)
async def test_bad_registrations_are_refused_and_change_nothing(app, client, body, status, code):
    assert _error(await client.post("/api/auth/register", json=body)) == (status, code)
    assert await _count(app, User) == 0
    assert await _count(app, AuthSession) == 0
    assert "set-cookie" not in (await client.get("/api/health")).headers


async def test_malformed_json_gets_a_clear_message(client):
    response = await client.post(
        "/api/auth/login", content=b'{"name": ', headers={"content-type": "application/json"}
    )
    assert _error(response) == (422, "invalid_request")
    assert "not valid JSON" in response.json()["error"]["message"]


async def test_a_body_that_is_not_declared_json_is_refused(app, client):
    # A cross-site HTML form cannot send application/json, so it cannot act with the cookie.
    response = await client.post(
        "/api/auth/register",
        content=b'{"name": "formuser", "password": "abcdefgh-9"}',
        headers={"content-type": "text/plain"},
    )
    assert _error(response) == (422, "invalid_request")
    assert "Content-Type: application/json" in response.json()["error"]["message"]
    assert await _count(app, User) == 0


async def test_field_problems_are_listed(client):
    response = await client.post("/api/auth/register", json={"password": PASSWORD})
    fields = response.json()["error"]["fields"]
    assert fields == [{"field": "name", "problem": "Field required"}]


async def test_duplicate_name_ignores_case_and_changes_nothing(app, client, other):
    await register(client, "Bob")
    response = await other.post(
        "/api/auth/register", json={"name": "bOB", "password": "another-pass-9"}
    )
    assert _error(response) == (409, "name_taken")
    assert await _count(app, User) == 1
    # The original owner still signs in with the original password.
    login = await other.post("/api/auth/login", json={"name": "bob", "password": PASSWORD})
    assert login.status_code == 200 and login.json()["user"]["name"] == "Bob"


async def test_login_logout_and_wrong_password(client, other):
    await register(other, "carol")
    wrong = await client.post("/api/auth/login", json={"name": "carol", "password": "nope-nope"})
    assert _error(wrong) == (401, "wrong_credentials")
    unknown = await client.post("/api/auth/login", json={"name": "nobody", "password": PASSWORD})
    assert _error(unknown) == (401, "wrong_credentials")  # same answer: names are not revealed
    assert _error(await client.get("/api/auth/me")) == (401, "not_signed_in")
    ok = await client.post("/api/auth/login", json={"name": "CAROL", "password": PASSWORD})
    assert ok.status_code == 200
    assert (await client.get("/api/auth/me")).json()["name"] == "carol"
    out = await client.post("/api/auth/logout")
    assert out.json() == {"signed_out": True}
    assert 'om_session=""' in out.headers["set-cookie"] or "Max-Age=0" in out.headers["set-cookie"]
    assert _error(await client.get("/api/auth/me")) == (401, "not_signed_in")
    # The other browser's session is untouched.
    assert (await other.get("/api/auth/me")).status_code == 200
    assert (await client.post("/api/auth/logout")).json() == {"signed_out": False}


async def test_bearer_tokens_for_bots_and_scripts(app, client):
    await register(client, "botmaker")
    async with client_for(app) as script:
        response = await script.post(
            "/api/auth/login",
            json={"name": "botmaker", "password": PASSWORD, "session": "bearer"},
        )
        assert response.status_code == 200 and "set-cookie" not in response.headers
        token = response.json()["token"]
        assert len(token) >= 40
        auth = {"Authorization": f"Bearer {token}"}
        assert (await script.get("/api/auth/me", headers=auth)).json()["name"] == "botmaker"
        bad = await script.get("/api/auth/me", headers={"Authorization": "Basic abc"})
        assert _error(bad) == (401, "bad_authorization")
        forged = await script.get("/api/auth/me", headers={"Authorization": "Bearer x" * 3})
        assert _error(forged) == (401, "not_signed_in")
        assert (await script.post("/api/auth/logout", headers=auth)).json()["signed_out"]
        assert _error(await script.get("/api/auth/me", headers=auth)) == (401, "not_signed_in")
    async with app.state.om.db.session() as s:
        stored = list(await s.scalars(select(AuthSession.token_hash)))
    assert token not in stored  # only hashes are kept


async def test_guests_play_without_an_account(app, client):
    response = await client.post("/api/auth/guest")
    assert response.status_code == 201
    user = response.json()["user"]
    assert user["is_guest"] and user["name"].startswith("guest-")
    assert (await client.get("/api/auth/me")).json()["id"] == user["id"]
    change = await client.post(
        "/api/auth/password", json={"current_password": "", "new_password": PASSWORD}
    )
    assert _error(change) == (403, "guest_account")
    email = await client.post("/api/auth/email", json={"email": "g@example.org"})
    assert _error(email) == (403, "guest_account")
    async with client_for(app) as bot:
        guest = await bot.post("/api/auth/guest", json={"session": "bearer"})
        token = guest.json()["token"]
        me = await bot.get("/api/auth/me", headers={"Authorization": f"Bearer {token}"})
        assert me.json()["is_guest"] and me.json()["id"] != user["id"]


async def test_change_password_ends_other_sessions(app, client, other):
    await register(client, "dave")
    await other.post("/api/auth/login", json={"name": "dave", "password": PASSWORD})
    new = "riichi-ippatsu-tsumo"

    wrong = await client.post(
        "/api/auth/password", json={"current_password": "not-it-123", "new_password": new}
    )
    assert _error(wrong) == (401, "wrong_credentials")
    weak = await client.post(
        "/api/auth/password", json={"current_password": PASSWORD, "new_password": "abc"}
    )
    assert _error(weak) == (422, "weak_password")
    assert (await other.get("/api/auth/me")).status_code == 200  # nothing changed so far

    ok = await client.post(
        "/api/auth/password", json={"current_password": PASSWORD, "new_password": new}
    )
    assert ok.status_code == 200 and ok.json() == {"other_sessions_ended": 1}
    assert (await client.get("/api/auth/me")).status_code == 200  # this session stays
    assert _error(await other.get("/api/auth/me")) == (401, "not_signed_in")
    old = await other.post("/api/auth/login", json={"name": "dave", "password": PASSWORD})
    assert _error(old) == (401, "wrong_credentials")
    assert (await other.post("/api/auth/login", json={"name": "dave", "password": new})).is_success


def _code_from_log(caplog: pytest.LogCaptureFixture, address: str) -> str:
    lines = [r.getMessage() for r in caplog.records if address in r.getMessage()]
    assert lines, "the code was not logged"
    return re.search(r": (\d{6}) ", lines[-1]).group(1)


async def test_link_an_email_with_the_logged_code(app, client, other, caplog):
    caplog.set_level(logging.WARNING, logger="openmahjong.server.mail")
    await register(client, "erin")
    bad = await client.post("/api/auth/email", json={"email": "not-an-address"})
    assert _error(bad) == (422, "bad_email")
    none_yet = await client.post("/api/auth/email/verify", json={"code": "000000"})
    assert _error(none_yet) == (404, "no_pending_code")

    sent = await client.post("/api/auth/email", json={"email": "Erin@Example.org"})
    assert sent.status_code == 202 and sent.json()["email"] == "erin@example.org"
    code = _code_from_log(caplog, "erin@example.org")
    wrong_code = "000000" if code != "000000" else "111111"
    wrong = await client.post("/api/auth/email/verify", json={"code": wrong_code})
    assert _error(wrong) == (422, "wrong_code")
    assert (await client.get("/api/auth/me")).json()["email"] is None

    ok = await client.post("/api/auth/email/verify", json={"code": code})
    assert ok.status_code == 200 and ok.json()["email"] == "erin@example.org"
    again = await client.post("/api/auth/email/verify", json={"code": code})
    assert _error(again) == (404, "no_pending_code")  # a code works once

    await register(other, "frank")
    taken = await other.post("/api/auth/email", json={"email": "erin@example.org"})
    assert _error(taken) == (409, "email_taken")


async def test_a_newer_code_replaces_the_older_one(client, caplog):
    caplog.set_level(logging.WARNING, logger="openmahjong.server.mail")
    await register(client, "gina")
    await client.post("/api/auth/email", json={"email": "one@example.org"})
    first = _code_from_log(caplog, "one@example.org")
    await client.post("/api/auth/email", json={"email": "two@example.org"})
    second = _code_from_log(caplog, "two@example.org")
    if first != second:
        stale = await client.post("/api/auth/email/verify", json={"code": first})
        assert _error(stale) == (422, "wrong_code")
    ok = await client.post("/api/auth/email/verify", json={"code": second})
    assert ok.json()["email"] == "two@example.org"


async def test_email_code_attempts_are_limited(app, client, caplog):
    caplog.set_level(logging.WARNING, logger="openmahjong.server.mail")
    await register(client, "hank")
    await client.post("/api/auth/email", json={"email": "hank@example.org"})
    code = _code_from_log(caplog, "hank@example.org")
    wrong = "000000" if code != "000000" else "111111"
    for _ in range(app.state.om.settings.email_code_attempts):
        await client.post("/api/auth/email/verify", json={"code": wrong})
    blocked = await client.post("/api/auth/email/verify", json={"code": code})
    assert _error(blocked) == (429, "too_many_attempts")


async def test_verification_emails_per_account_are_limited(app, client, caplog):
    caplog.set_level(logging.WARNING, logger="openmahjong.server.mail")
    await register(client, "ivan")
    sends = app.state.om.settings.email_code_sends
    for n in range(sends):
        sent = await client.post("/api/auth/email", json={"email": f"v{n}@example.org"})
        assert sent.status_code == 202
    blocked = await client.post("/api/auth/email", json={"email": "victim@example.org"})
    assert _error(blocked) == (429, "rate_limited")
    assert "too many verification emails for your account" in blocked.json()["error"]["message"]
    assert "victim@example.org" not in caplog.text  # nothing was sent
    # The last code that did go out still links its address.
    code = _code_from_log(caplog, f"v{sends - 1}@example.org")
    ok = await client.post("/api/auth/email/verify", json={"code": code})
    assert ok.json()["email"] == f"v{sends - 1}@example.org"


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def test_login_rate_limit_then_the_window_passes(app, client, other):
    clock = FakeClock()
    settings = app.state.om.settings
    app.state.om.limiter = MemoryLimiter(settings.login_window_seconds, clock=clock)
    await register(other, "ivan")
    for _ in range(settings.login_attempts):
        response = await client.post("/api/auth/login", json={"name": "ivan", "password": "x" * 9})
        assert _error(response) == (401, "wrong_credentials")
    # Now even the right password is refused, with a hint when to retry.
    blocked = await client.post("/api/auth/login", json={"name": "ivan", "password": PASSWORD})
    assert _error(blocked) == (429, "rate_limited")
    retry = int(blocked.headers["retry-after"])
    assert 0 < retry <= settings.login_window_seconds + 1
    assert blocked.json()["error"]["retry_after"] == retry
    assert await _count(app, AuthSession) == 1  # only ivan's registration session
    # Another account from the same client is not blocked by ivan's counter.
    await register(other, "judy")
    judy = await client.post("/api/auth/login", json={"name": "judy", "password": PASSWORD})
    assert judy.status_code == 200
    clock.now += settings.login_window_seconds + 1
    ok = await client.post("/api/auth/login", json={"name": "ivan", "password": PASSWORD})
    assert ok.status_code == 200


async def test_many_names_from_one_client_hit_the_client_limit(app, client):
    clock = FakeClock()
    settings = app.state.om.settings
    app.state.om.limiter = MemoryLimiter(settings.login_window_seconds, clock=clock)
    codes = []
    for i in range(4 * settings.login_attempts + 1):
        response = await client.post(
            "/api/auth/login", json={"name": f"user{i}", "password": "x" * 9}
        )
        codes.append(response.status_code)
    assert codes[:-1] == [401] * (4 * settings.login_attempts) and codes[-1] == 429


async def _sign_up(client: httpx.AsyncClient, address: str, name: str | None) -> httpx.Response:
    """Register ``name`` (or start a guest for None) as the client at ``address``."""
    where = {"X-Forwarded-For": address}
    if name is None:
        return await client.post("/api/auth/guest", headers=where)
    body = {"name": name, "password": PASSWORD}
    return await client.post("/api/auth/register", json=body, headers=where)


async def test_signups_and_guests_are_throttled_per_client_address(tmp_path):
    settings = make_settings(tmp_path, signup_limit=2, guest_limit=3, trust_proxy=True)
    clock = FakeClock()
    here, there = "198.51.100.7", "203.0.113.9"
    async with running(settings) as app, client_for(app) as client:
        app.state.om.signups = MemoryLimiter(settings.signup_window_seconds, clock=clock)
        bad = await _sign_up(client, here, "x")  # refused registrations are not counted
        assert _error(bad) == (422, "bad_name")
        for name in ("kim", "lee"):
            assert (await _sign_up(client, here, name)).status_code == 201
        blocked = await _sign_up(client, here, "moe")
        assert _error(blocked) == (429, "rate_limited")
        message = blocked.json()["error"]["message"]
        assert message == "too many new accounts from your address: try again in 60 min"
        retry = int(blocked.headers["retry-after"])
        assert blocked.json()["error"]["retry_after"] == retry == 3600
        assert await _count(app, User) == 2
        # Another address is not held back; guests have their own allowance.
        assert (await _sign_up(client, there, "ned")).status_code == 201
        for _ in range(settings.guest_limit):
            assert (await _sign_up(client, here, None)).status_code == 201
        guest = await _sign_up(client, here, None)
        assert _error(guest) == (429, "rate_limited")
        assert "too many guest players from your address" in guest.json()["error"]["message"]
        # Signing in is not signing up.
        login = {"name": "kim", "password": PASSWORD}
        login_headers = {"X-Forwarded-For": here}
        relogin = await client.post("/api/auth/login", json=login, headers=login_headers)
        assert relogin.status_code == 200
        clock.now += settings.signup_window_seconds
        assert (await _sign_up(client, here, "moe")).status_code == 201
        assert (await _sign_up(client, here, None)).status_code == 201


async def test_a_forwarded_address_is_ignored_unless_the_proxy_is_trusted(tmp_path):
    settings = make_settings(tmp_path, signup_limit=1)
    assert not settings.trust_proxy
    async with running(settings) as app, client_for(app) as client:
        assert (await _sign_up(client, "198.51.100.1", "olga")).status_code == 201
        # A made-up X-Forwarded-For does not make a new client out of the same one.
        dodge = await _sign_up(client, "198.51.100.2", "petra")
        assert _error(dodge) == (429, "rate_limited")


async def test_wrong_current_passwords_are_limited(app, client):
    clock = FakeClock()
    settings = app.state.om.settings
    app.state.om.limiter = MemoryLimiter(settings.login_window_seconds, clock=clock)
    await register(client, "quinn")
    new = "pung-of-dragons-5"
    for _ in range(settings.login_attempts):
        wrong = await client.post(
            "/api/auth/password", json={"current_password": "guess-123", "new_password": new}
        )
        assert _error(wrong) == (401, "wrong_credentials")
    right = {"current_password": PASSWORD, "new_password": new}
    blocked = await client.post("/api/auth/password", json=right)
    assert _error(blocked) == (429, "rate_limited")
    assert "wrong passwords" in blocked.json()["error"]["message"]
    clock.now += settings.login_window_seconds
    assert (await client.post("/api/auth/password", json=right)).status_code == 200


async def test_a_zero_limit_turns_signup_throttling_off(tmp_path, monkeypatch):
    assert Settings().signup_limit > 0 and Settings().guest_limit > 0
    monkeypatch.setenv("OPENMAHJONG_SIGNUP_LIMIT", "0")
    monkeypatch.setenv("OPENMAHJONG_GUEST_LIMIT", "0")
    settings = make_settings(tmp_path)
    assert settings.signup_limit == settings.guest_limit == 0
    async with running(settings) as app, client_for(app) as client:
        for i in range(8):
            assert (await _sign_up(client, "127.0.0.1", f"user{i}")).status_code == 201
            assert (await _sign_up(client, "127.0.0.1", None)).status_code == 201


async def test_roles_guard_admin_routes(app, client, other):
    alice = await register(client, "alice")
    assert _error(await client.get("/api/admin/users")) == (403, "forbidden")
    assert _error(await other.get("/api/admin/users")) == (401, "not_signed_in")
    # "root-admin" is named in the settings' admins, so it registers as an admin.
    root = await register(other, "Root-Admin")
    assert root["user"]["role"] == "admin"
    listed = await other.get("/api/admin/users")
    assert {u["name"] for u in listed.json()} == {"alice", "Root-Admin"}
    promote = await other.put(
        f"/api/admin/users/{alice['user']['id']}/role", json={"role": "event_admin"}
    )
    assert promote.json()["role"] == "event_admin"
    assert (await client.get("/api/auth/me")).json()["role"] == "event_admin"
    assert _error(await client.get("/api/admin/users")) == (403, "forbidden")  # still not admin
    bad = await other.put(f"/api/admin/users/{alice['user']['id']}/role", json={"role": "king"})
    assert _error(bad) == (422, "invalid_request")
    missing = await other.put("/api/admin/users/999/role", json={"role": "player"})
    assert _error(missing) == (404, "no_such_user")
    self_demote = await other.put(
        f"/api/admin/users/{root['user']['id']}/role", json={"role": "player"}
    )
    assert _error(self_demote) == (422, "own_role")


async def test_role_order():
    assert Role.ADMIN.includes(Role.EVENT_ADMIN) and Role.ADMIN.includes(Role.PLAYER)
    assert Role.EVENT_ADMIN.includes(Role.PLAYER) and not Role.EVENT_ADMIN.includes(Role.ADMIN)
    assert not Role.PLAYER.includes(Role.EVENT_ADMIN)


async def test_a_server_bug_is_answered_in_the_error_shape(app, caplog):
    async def bug() -> None:
        raise RuntimeError("boom")

    app.add_api_route("/api/test-bug", bug)
    app.router.routes.insert(0, app.router.routes.pop())  # before the web client's catch-all

    transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as c:
        response = await c.get("/api/test-bug")
    assert _error(response) == (500, "internal_error")
    assert "boom" not in response.text  # details stay in the log
    assert any("GET /api/test-bug failed" in r.getMessage() for r in caplog.records)
