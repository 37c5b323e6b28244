"""The account page's routes (email, password, sessions, roles, rank credit) and the admin
routes: roles, sanctions enforced at sign-in and in rooms and lines, and the audit log each
admin action writes."""

from __future__ import annotations

import asyncio
import logging
import re
from datetime import UTC, datetime, timedelta

import httpx
import pytest
import pytest_asyncio
from records_helpers import settings_on
from server_helpers import PASSWORD, register
from sqlalchemy import func, select, update

from openmahjong.server.client import PlayClient
from openmahjong.server.errors import ApiError
from openmahjong.server.sanctions import organiser_refused, require_organiser_rights
from openmahjong.store.admin_models import AuditEntry, Sanction
from openmahjong.store.models import AuthSession, QueueEntry, User, utcnow

pytestmark = pytest.mark.asyncio


@pytest_asyncio.fixture(params=["sqlite", "postgresql"])
async def settings(request, tmp_path):
    # People only in the lines: nobody is seated with bots before the ban.
    async with settings_on(
        request.param, tmp_path, admins=["root-admin"], matchmaking_bot_fill_seconds=None
    ) as s:
        yield s


def _code(response: httpx.Response) -> tuple[int, str]:
    return response.status_code, response.json()["error"]["code"]


async def _admin(client: httpx.AsyncClient) -> int:
    body = await register(client, "root-admin")
    assert body["user"]["role"] == "admin"
    return body["user"]["id"]


async def _audit(app) -> list[tuple[str, str | None, str, str]]:
    async with app.state.om.db.session() as s:
        rows = await s.scalars(select(AuditEntry).order_by(AuditEntry.id))
        return [(e.actor_name, e.target_name, e.action, e.reason) for e in rows]


async def test_link_and_verify_an_email_then_the_account_shows_it(client, caplog):
    caplog.set_level(logging.WARNING, logger="openmahjong.server.mail")
    await register(client, "erin01")
    assert (
        await client.post("/api/auth/email", json={"email": "Erin@Example.org"})
    ).status_code == 202
    line = next(r.getMessage() for r in caplog.records if "erin@example.org" in r.getMessage())
    code = re.search(r": (\d{6}) ", line).group(1)
    wrong = "000000" if code != "000000" else "111111"
    assert _code(await client.post("/api/auth/email/verify", json={"code": wrong})) == (
        422,
        "wrong_code",
    )
    assert (await client.get("/api/account")).json()["user"]["email"] is None
    assert (await client.post("/api/auth/email/verify", json={"code": code})).status_code == 200
    account = (await client.get("/api/account")).json()
    assert account["user"]["email"] == "erin@example.org"
    assert account["email_verified_at"] is not None
    assert account["roles"] == [] and account["sanctions"] == [] and account["rank_credits"] == []


async def test_a_wrong_current_password_changes_nothing(client, other):
    await register(client, "frank01")
    r = await client.post(
        "/api/auth/password",
        json={"current_password": "not-it-at-all", "new_password": "a-new-pass-99"},
    )
    assert _code(r) == (401, "wrong_credentials")
    assert (
        await other.post("/api/auth/login", json={"name": "frank01", "password": PASSWORD})
    ).status_code == 200
    r = await client.post(
        "/api/auth/password", json={"current_password": PASSWORD, "new_password": "a-new-pass-99"}
    )
    assert r.status_code == 200 and r.json() == {"other_sessions_ended": 1}
    assert (await other.get("/api/account")).status_code == 401
    old = await other.post("/api/auth/login", json={"name": "frank01", "password": PASSWORD})
    assert _code(old) == (401, "wrong_credentials")


async def test_sessions_are_listed_and_any_of_them_ends(app, client, other):
    await register(client, "gina01")
    await other.post(
        "/api/auth/login",
        json={"name": "gina01", "password": PASSWORD},
        headers={"User-Agent": "PhoneBrowser/2.0"},
    )
    listed = (await client.get("/api/account/sessions")).json()
    assert len(listed) == 2
    mine = next(s for s in listed if s["current"])
    theirs = next(s for s in listed if not s["current"])
    assert theirs["user_agent"] == "PhoneBrowser/2.0" and theirs["client"]
    assert len(theirs["id"]) == 16 and theirs["created_at"]
    # Someone else's session is no session of yours.
    await register(other, "henk01")
    foreign = (await other.get("/api/account/sessions")).json()[0]["id"]
    assert _code(await client.delete(f"/api/account/sessions/{foreign}")) == (
        404,
        "no_such_session",
    )
    assert _code(await client.delete("/api/account/sessions/not-hex")) == (422, "invalid_request")
    # Ending the phone's session: it is gone and the list says so.
    await other.post("/api/auth/login", json={"name": "gina01", "password": PASSWORD})
    phone = [s for s in (await client.get("/api/account/sessions")).json() if not s["current"]]
    for s in phone:
        r = await client.delete(f"/api/account/sessions/{s['id']}")
        assert r.json() == {"ended": True, "current": False}
    assert (await other.get("/api/account")).status_code == 401
    # Ending the current one signs this browser out.
    r = await client.delete(f"/api/account/sessions/{mine['id']}")
    assert r.json() == {"ended": True, "current": True}
    assert "om_session=" in r.headers["set-cookie"]
    assert (await client.get("/api/account")).status_code == 401
    async with app.state.om.db.session() as s:
        assert await s.scalar(select(func.count()).select_from(AuthSession)) == 1  # henk01's


async def test_admin_routes_need_the_admin_role(client, other):
    anonymous = await client.get("/api/admin/audit")
    assert _code(anonymous) == (401, "not_signed_in")
    target = (await register(client, "ivan01"))["user"]["id"]
    for method, url, body in [
        ("GET", "/api/admin/audit", None),
        ("GET", "/api/admin/accounts?name=ivan01", None),
        ("GET", f"/api/admin/accounts/{target}", None),
        ("POST", f"/api/admin/accounts/{target}/roles", {"role": "sponsor", "reason": "x"}),
        ("POST", f"/api/admin/accounts/{target}/sanctions", {"kind": "warning", "reason": "x"}),
        ("POST", "/api/admin/sanctions/1/lift", {"reason": "x"}),
    ]:
        assert _code(await client.request(method, url, json=body)) == (403, "forbidden"), url


async def test_roles_are_granted_and_revoked_each_with_an_audit_entry(app, client, other):
    await _admin(client)
    target = (await register(other, "jane01"))["user"]["id"]
    url = f"/api/admin/accounts/{target}/roles"
    r = await client.post(url, json={"role": "organiser", "reason": "runs the club league"})
    assert r.status_code == 200 and r.json()["roles"] == ["organiser"]
    await client.post(url, json={"role": "sponsor", "reason": "pays for the server"})
    assert _code(await client.post(url, json={"role": "sponsor", "reason": "again"})) == (
        409,
        "role_unchanged",
    )
    assert (await other.get("/api/account")).json()["roles"] == ["organiser", "sponsor"]
    await client.post(url, json={"role": "admin", "reason": "helps moderate"})
    assert (await other.get("/api/account")).json()["roles"] == ["admin", "organiser", "sponsor"]
    r = await client.post(url, json={"role": "organiser", "grant": False, "reason": "league over"})
    assert r.json()["roles"] == ["admin", "sponsor"]
    # Bad input is refused and writes nothing.
    assert _code(await client.post(url, json={"role": "emperor", "reason": "x"}))[0] == 422
    assert _code(await client.post(url, json={"role": "sponsor", "reason": "   "}))[0] == 422
    assert await _audit(app) == [
        ("root-admin", "jane01", "role.grant", "runs the club league"),
        ("root-admin", "jane01", "role.grant", "pays for the server"),
        ("root-admin", "jane01", "role.grant", "helps moderate"),
        ("root-admin", "jane01", "role.revoke", "league over"),
    ]


async def test_a_ban_ends_sessions_refuses_login_with_its_end_and_expires(app, client, other):
    await _admin(client)
    target = (await register(other, "karl01"))["user"]["id"]
    ends = (utcnow() + timedelta(days=3)).replace(microsecond=0)
    url = f"/api/admin/accounts/{target}/sanctions"
    past = {"kind": "ban", "reason": "x", "ends_at": "2020-01-01T00:00:00Z"}
    assert _code(await client.post(url, json=past)) == (422, "bad_end")
    r = await client.post(
        url, json={"kind": "ban", "reason": "cheating", "ends_at": ends.isoformat()}
    )
    assert r.status_code == 201
    ban = r.json()["sanctions"][0]
    assert ban["kind"] == "ban" and ban["active"] is True
    assert (await other.get("/api/account")).status_code == 401  # signed out at once
    login = await other.post("/api/auth/login", json={"name": "karl01", "password": PASSWORD})
    assert _code(login) == (403, "banned")
    error = login.json()["error"]
    assert error["params"]["reason"] == "cheating"
    assert datetime.fromisoformat(error["params"]["until"]) == ends
    assert f"{ends:%Y-%m-%d %H:%M}" in error["message"]
    # A wrong password still says only that.
    wrong = await other.post("/api/auth/login", json={"name": "karl01", "password": "nope-nope-1"})
    assert _code(wrong) == (401, "wrong_credentials")
    # The end date passes: the ban is over by itself.
    async with app.state.om.db.session() as s:
        await s.execute(update(Sanction).values(ends_at=utcnow() - timedelta(seconds=1)))
    login = await other.post("/api/auth/login", json={"name": "karl01", "password": PASSWORD})
    assert login.status_code == 200
    assert [a for _, _, a, _ in await _audit(app)] == ["sanction.ban"]


async def test_lifting_a_ban_lets_the_account_in_and_is_audited(app, client, other):
    await _admin(client)
    target = (await register(other, "lena01"))["user"]["id"]
    r = await client.post(
        f"/api/admin/accounts/{target}/sanctions", json={"kind": "ban", "reason": "spam"}
    )
    sid = r.json()["sanctions"][0]["id"]
    assert r.json()["sanctions"][0]["ends_at"] is None
    login = await other.post("/api/auth/login", json={"name": "lena01", "password": PASSWORD})
    assert (
        _code(login) == (403, "banned")
        and "until an admin lifts it" in login.json()["error"]["message"]
    )
    r = await client.post(f"/api/admin/sanctions/{sid}/lift", json={"reason": "appeal upheld"})
    assert r.json()["sanctions"][0]["active"] is False
    assert _code(await client.post(f"/api/admin/sanctions/{sid}/lift", json={"reason": "x"})) == (
        409,
        "sanction_over",
    )
    assert (
        await other.post("/api/auth/login", json={"name": "lena01", "password": PASSWORD})
    ).status_code == 200
    assert [(a, why) for _, _, a, why in await _audit(app)] == [
        ("sanction.ban", "spam"),
        ("sanction.lift", "appeal upheld"),
    ]


async def test_a_warning_shows_on_the_account_and_refuses_nothing(client, other):
    await _admin(client)
    target = (await register(other, "mia01"))["user"]["id"]
    await client.post(
        f"/api/admin/accounts/{target}/sanctions", json={"kind": "warning", "reason": "be kind"}
    )
    account = (await other.get("/api/account")).json()
    assert [(s["kind"], s["reason"]) for s in account["sanctions"]] == [("warning", "be kind")]
    assert (
        await other.post("/api/auth/login", json={"name": "mia01", "password": PASSWORD})
    ).status_code == 200


async def test_organiser_rights_revoked_until_the_end_date(app, client, other):
    await _admin(client)
    target = (await register(other, "nora01"))["user"]["id"]
    ends = utcnow() + timedelta(hours=5)
    body = {"kind": "organiser_revoked", "reason": "fake results", "ends_at": ends.isoformat()}
    await client.post(f"/api/admin/accounts/{target}/sanctions", json=body)
    async with app.state.om.db.session() as s:
        user = await s.get(User, target)
        with pytest.raises(ApiError) as refused:
            await require_organiser_rights(s, user)
        assert refused.value.code == "organiser_revoked" and refused.value.status == 403
        await s.execute(update(Sanction).values(ends_at=utcnow() - timedelta(seconds=1)))
    async with app.state.om.db.session() as s:
        assert await organiser_refused(s, await s.get(User, target)) is None


async def test_the_audit_log_is_paged_newest_first(client, other):
    await _admin(client)
    target = (await register(other, "olga01"))["user"]["id"]
    for n in range(5):
        body = {"kind": "warning", "reason": f"warning {n}"}
        await client.post(f"/api/admin/accounts/{target}/sanctions", json=body)
    page = (await client.get("/api/admin/audit?limit=2")).json()
    assert [e["reason"] for e in page["entries"]] == ["warning 4", "warning 3"]
    assert page["entries"][0]["actor"] == "root-admin" and page["entries"][0]["target"] == "olga01"
    page = (await client.get(f"/api/admin/audit?limit=2&before={page['next_before']}")).json()
    assert [e["reason"] for e in page["entries"]] == ["warning 2", "warning 1"]
    page = (await client.get(f"/api/admin/audit?limit=2&before={page['next_before']}")).json()
    assert [e["reason"] for e in page["entries"]] == ["warning 0"] and page["next_before"] is None
    found = (await client.get("/api/admin/accounts?name=OLGA01")).json()
    assert found["user"]["id"] == target and len(found["sanctions"]) == 5


async def _bearer(live: str, name: str) -> tuple[int, str]:
    async with httpx.AsyncClient(base_url=f"http://{live}") as http:
        r = await http.post(
            "/api/auth/register", json={"name": name, "password": PASSWORD, "session": "bearer"}
        )
        body = r.json()
        return body["user"]["id"], body["token"]


async def test_a_ban_takes_the_player_out_of_lines_and_rooms(app, live, client):
    await _admin(client)
    queued_id, queued_token = await _bearer(live, "pia01")
    seated_id, seated_token = await _bearer(live, "quin01")
    waiting = PlayClient(f"ws://{live}/ws", queued_token)
    seated = PlayClient(f"ws://{live}/ws", seated_token)
    await waiting.connect()
    await seated.connect()
    await waiting.send({"type": "queue", "ruleset": "riichi", "preset": "majsoul-tonpuu"})
    await waiting.next("queued")
    async with httpx.AsyncClient(base_url=f"http://{live}") as http:
        r = await http.post(
            "/api/rooms",
            json={"name": "t", "ruleset": "riichi", "preset": "majsoul-tonpuu"},
            headers={"Authorization": f"Bearer {seated_token}"},
        )
        room = r.json()["id"]
    await seated.send({"type": "join", "room": room})
    await seated.next(
        lambda m: m["type"] == "room" and any(s and s["name"] == "quin01" for s in m["seats"])
    )
    for uid in (queued_id, seated_id):
        r = await client.post(
            f"/api/admin/accounts/{uid}/sanctions", json={"kind": "ban", "reason": "bots"}
        )
        assert r.status_code == 201
    async with app.state.om.db.session() as s:
        assert await s.scalar(select(func.count()).select_from(QueueEntry)) == 0
    manager = app.state.rooms
    assert manager.queued(queued_id) is None and seated_id not in manager.by_user
    assert all(s is None for s in manager.rooms[room].lobby)
    # Their sockets were closed by the server (4403); the hub lets go once each read ends.
    for _ in range(100):
        if not app.state.hub.connected(queued_id) and not app.state.hub.connected(seated_id):
            break
        await asyncio.sleep(0.02)
    assert not app.state.hub.connected(queued_id) and not app.state.hub.connected(seated_id)
    await waiting.close()
    await seated.close()


async def test_a_banned_account_is_refused_a_seat_and_a_line(app, live):
    uid, token = await _bearer(live, "rosa01")
    player = PlayClient(f"ws://{live}/ws", token)
    await player.connect()
    ends = datetime.now(UTC) + timedelta(days=1)
    async with app.state.om.db.session() as s:  # a ban whose sessions were not yet ended
        s.add(Sanction(user_id=uid, kind="ban", reason="abuse", ends_at=ends))
    await player.send({"type": "queue", "ruleset": "riichi", "preset": "majsoul-tonpuu"})
    error = await player.next("error")
    assert error["code"] == "banned" and error["params"]["reason"] == "abuse"
    await player.send({"type": "join", "room": 1})
    assert (await player.next("error"))["code"] == "banned"
    assert app.state.rooms.queued(uid) is None
    await player.close()


async def test_rank_credit_shows_on_the_account_and_in_the_audit_log(app, client, other):
    await _admin(client)
    target = (await register(other, "sven01"))["user"]["id"]
    body = {
        "player_id": target,
        "kind": "mcrpl",
        "ruleset": "mcr",
        "certificate": "MCR federation no. 4711",
        "reason": "certificate checked",
    }
    assert (await client.post("/api/admin/rank-credit", json=body)).status_code == 201
    credits = (await other.get("/api/account")).json()["rank_credits"]
    assert [(c["kind"], c["certificate"], c["granted_by"]) for c in credits] == [
        ("mcrpl", "MCR federation no. 4711", "root-admin")
    ]
    assert (await client.get(f"/api/admin/accounts/{target}")).json()["rank_credits"] == credits
    assert await _audit(app) == [
        ("root-admin", "sven01", "rank_credit.grant", "certificate checked")
    ]


async def test_a_banned_bot_account_is_not_seated_by_a_room_owner(app, live, client):
    await _admin(client)
    async with httpx.AsyncClient(base_url=f"http://{live}") as http:
        body = {"name": "tilebot01", "password": PASSWORD, "session": "bearer", "is_bot": True}
        bot_id = (await http.post("/api/auth/register", json=body)).json()["user"]["id"]
    _owner_id, token = await _bearer(live, "tess01")
    async with httpx.AsyncClient(base_url=f"http://{live}") as http:
        r = await http.post(
            "/api/rooms",
            json={"name": "t", "ruleset": "riichi", "preset": "majsoul-tonpuu"},
            headers={"Authorization": f"Bearer {token}"},
        )
        room = r.json()["id"]
    ban = {"kind": "ban", "reason": "plays for someone else"}
    assert (
        await client.post(f"/api/admin/accounts/{bot_id}/sanctions", json=ban)
    ).status_code == 201
    owner = PlayClient(f"ws://{live}/ws", token)
    await owner.connect()
    await owner.send({"type": "add_bot", "room": room, "account": "tilebot01"})
    error = await owner.next("error")
    assert error["code"] == "banned" and error["params"]["reason"] == "plays for someone else"
    assert all(s is None for s in (await app.state.rooms.get(room)).lobby)
    await owner.close()
