"""In-app notifications (docs/events.md, "Notifications"): notify() writes the row, the list
answers the unread count newest first, one or all are marked read, another account's is a
404 like a missing one, and a visitor is asked to sign in."""

from __future__ import annotations

import pytest
from event_helpers import client_like, code
from server_helpers import register
from sqlalchemy import select

from openmahjong.server.notifications import notify, send_queued
from openmahjong.store.models import User

pytestmark = pytest.mark.asyncio


async def _notify(app, name: str, kind: str, text: str, **params) -> None:
    async with app.state.om.db.session() as s:
        user = await s.scalar(select(User).where(User.name == name))
        notify(s, user, kind, text, params, f"#/events/{params.get('event', 1)}")
    # No SMTP in these settings: nothing queued is sent, and nothing fails.
    async with app.state.om.db.session() as s:
        assert await send_queued(s, app.state.om.mailer) == 0


async def test_list_read_one_and_read_all(app, client):
    await register(client, "reader1")
    for n in range(3):
        await _notify(app, "reader1", "event_approved", f"Event {n} approved", event=n + 1)
    body = (await client.get("/api/notifications")).json()
    assert body["unread"] == 3
    assert [n["text"] for n in body["items"]] == [
        "Event 2 approved",
        "Event 1 approved",
        "Event 0 approved",
    ]
    first = body["items"][-1]
    assert first["kind"] == "event_approved" and first["params"] == {"event": 1}
    assert first["link"] == "#/events/1" and first["read_at"] is None
    read = await client.post(f"/api/notifications/{first['id']}/read")
    assert read.status_code == 200 and read.json()["read_at"] is not None
    again = await client.post(f"/api/notifications/{first['id']}/read")
    assert again.json()["read_at"] == read.json()["read_at"]  # read once, kept
    assert (await client.get("/api/notifications")).json()["unread"] == 2
    unread = (await client.get("/api/notifications?unread=true")).json()["items"]
    assert [n["text"] for n in unread] == ["Event 2 approved", "Event 1 approved"]
    assert len((await client.get("/api/notifications?limit=1")).json()["items"]) == 1
    assert (await client.post("/api/notifications/read-all")).json()["unread"] == 0
    assert (await client.get("/api/notifications?unread=true")).json()["items"] == []


async def test_another_accounts_notification_is_not_found(app, client):
    await register(client, "reader2")
    await _notify(app, "reader2", "event_note", "A reviewer wrote", event=7)
    note_id = (await client.get("/api/notifications")).json()["items"][0]["id"]
    async with client_like(client) as other:
        await register(other, "reader3")
        assert (await other.get("/api/notifications")).json() == {"unread": 0, "items": []}
        assert code(await other.post(f"/api/notifications/{note_id}/read")) == (
            404,
            "no_such_notification",
        )
        await other.post("/api/notifications/read-all")
    assert (await client.get("/api/notifications")).json()["unread"] == 1  # untouched
    for bad in ("0", "99999999999999999999", "-3"):
        assert code(await client.post(f"/api/notifications/{bad}/read")) == (
            404,
            "no_such_notification",
        )


async def test_a_visitor_is_asked_to_sign_in(client):
    assert code(await client.get("/api/notifications")) == (401, "not_signed_in")
    assert code(await client.post("/api/notifications/read-all")) == (401, "not_signed_in")
    assert code(await client.post("/api/notifications/1/read")) == (401, "not_signed_in")
