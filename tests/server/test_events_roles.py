"""Roles on every event route (docs/events.md, "Who may do what"): the OpenAPI schema's routes
under /api/events, /api/notifications and /api/users/{name}/events are walked as each role,
and each answer's status is the one the table below says. A route the table does not name
fails the test, so a new route has to say who may use it.

Each call gets a fresh event in the state the route needs (written straight to the store), so
one role's success never changes what the next role meets. The applicant's events belong to
``applicant``; the revoked role asks about its own event, made before its rights were revoked.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from event_helpers import PHONE, account, application, client_like, revoke_organiser
from server_helpers import register
from sqlalchemy import select

from openmahjong.server.notifications import notify
from openmahjong.store.event_models import Event, EventStatus
from openmahjong.store.models import User, utcnow

pytestmark = pytest.mark.asyncio

ROLES = ("anonymous", "guest", "player", "applicant", "event_admin", "admin", "revoked")
ANYONE = dict.fromkeys(ROLES, 200)
SIGNED_IN = {**ANYONE, "anonymous": 401}
#: Event admins only: everyone else is refused by role (403), even before the event is read.
EVENT_ADMINS = {
    "anonymous": 401,
    "guest": 403,
    "player": 403,
    "applicant": 403,
    "event_admin": 200,
    "admin": 200,
    "revoked": 403,
}
#: The applicant's own routes on an unapproved event: hidden (404) from who may not see it,
#: refused (403) to event admins (they review, they do not edit) and to the revoked.
APPLICANT_ONLY = {
    "anonymous": 401,
    "guest": 404,
    "player": 404,
    "applicant": 200,
    "event_admin": 403,
    "admin": 403,
    "revoked": 403,
}
#: The management panel of an approved event: its organiser and event admins; the revoked
#: organiser is refused (403 organiser_revoked), everyone else 403 forbidden.
MANAGER = {
    "anonymous": 401,
    "guest": 403,
    "player": 403,
    "applicant": 200,
    "event_admin": 200,
    "admin": 200,
    "revoked": 403,
}
#: A player registering: any account of a person (a guest is refused: guest_account).
PLAYERS = {**SIGNED_IN, "guest": 403}
ROOM = {"name": "Round 1", "ruleset": "riichi", "preset": "majsoul-tonpuu"}

#: (method, path) -> (the event's state, the body, the expected status by role).
ROUTES: dict[tuple[str, str], tuple[str | None, Any, dict[str, int]]] = {
    ("GET", "/api/events/rules"): (None, None, ANYONE),
    ("POST", "/api/events/check"): (None, {"name": "FST Cup"}, ANYONE),
    ("POST", "/api/events"): (
        None,
        "application",
        {
            "anonymous": 401,
            "guest": 403,
            "player": 201,
            "applicant": 201,
            "event_admin": 201,
            "admin": 201,
            "revoked": 403,
        },
    ),
    ("GET", "/api/events/mine"): (None, None, SIGNED_IN),
    ("GET", "/api/events"): (None, None, ANYONE),
    ("GET", "/api/events/review"): (None, None, EVENT_ADMINS),
    ("GET", "/api/events/{event_id}"): (
        "pending",
        None,
        {
            "anonymous": 404,
            "guest": 404,
            "player": 404,
            "applicant": 200,
            "event_admin": 200,
            "admin": 200,
            "revoked": 200,
        },
    ),
    ("PATCH", "/api/events/{event_id}"): (
        "draft",
        {"contact": "Telegram @gugu_mj"},
        APPLICANT_ONLY,
    ),
    ("POST", "/api/events/{event_id}/submit"): ("draft", {"notes": "ready"}, APPLICANT_ONLY),
    ("POST", "/api/events/{event_id}/notes"): (
        "pending",
        {"text": "a question"},
        {**APPLICANT_ONLY, "applicant": 201, "event_admin": 201, "admin": 201},
    ),
    ("POST", "/api/events/{event_id}/review"): ("pending", {"decision": "approve"}, EVENT_ADMINS),
    ("POST", "/api/events/{event_id}/open"): ("upcoming", None, EVENT_ADMINS),
    ("POST", "/api/events/{event_id}/close"): ("running", None, EVENT_ADMINS),
    ("GET", "/api/notifications"): (None, None, SIGNED_IN),
    ("POST", "/api/notifications/read-all"): (None, None, SIGNED_IN),
    ("POST", "/api/notifications/{notification_id}/read"): (None, None, SIGNED_IN),
    ("GET", "/api/users/{name}/events"): (None, None, ANYONE),
    ("PUT", "/api/events/{event_id}/page"): ("upcoming", {"rules": "East round only"}, MANAGER),
    ("POST", "/api/events/{event_id}/registration"): ("upcoming", {"open": True}, MANAGER),
    ("POST", "/api/events/{event_id}/register"): ("registering", None, PLAYERS),
    # Nobody is registered yet: a person is told so (404 not_a_participant).
    ("DELETE", "/api/events/{event_id}/register"): (
        "registering",
        None,
        {**dict.fromkeys(ROLES, 404), "anonymous": 401, "guest": 403},
    ),
    ("GET", "/api/events/{event_id}/participants"): ("upcoming", None, ANYONE),
    ("POST", "/api/events/{event_id}/participants"): ("upcoming", {"name": "player1"}, MANAGER),
    # applicant1 is not on the list: the organiser and event admins are told so (404).
    ("DELETE", "/api/events/{event_id}/participants/{name}"): (
        "upcoming",
        None,
        {**MANAGER, "applicant": 404, "event_admin": 404, "admin": 404},
    ),
    ("POST", "/api/events/{event_id}/rooms"): (
        "running",
        ROOM,
        {**MANAGER, "applicant": 201, "event_admin": 201, "admin": 201},
    ),
    ("GET", "/api/events/{event_id}/rooms"): ("upcoming", None, ANYONE),
    ("GET", "/api/events/{event_id}/results"): ("finished", None, ANYONE),
    ("GET", "/api/events/{event_id}/results.csv"): ("finished", None, ANYONE),
}

#: An approved event's public page: everyone, signed in or not.
APPROVED_PAGE = ("GET", "/api/events/{event_id}", "upcoming", ANYONE)

PREFIXES = ("/api/events", "/api/notifications")


def _schema_routes(app) -> set[tuple[str, str]]:
    found = set()
    for path, item in app.openapi()["paths"].items():
        if path.startswith(PREFIXES) or (
            path.startswith("/api/users/") and path.endswith("/events")
        ):
            found |= {(method.upper(), path) for method in item}
    return found


async def _event(app, owner: str, state: str) -> int:
    """An event of ``owner`` in ``state`` (a phase for approved ones, or ``registering``: an
    upcoming one with registration open), straight in the store."""
    approved = ("upcoming", "running", "registering", "finished")
    status = "approved" if state in approved else state
    now = utcnow()
    async with app.state.om.db.session() as s:
        owner_id = await s.scalar(select(User.id).where(User.name == owner))
        event = Event(
            organiser_id=owner_id,
            name="Gugu Gaga MCR Mahjong Group Tournament",
            status=EventStatus(status).value,
            planned_start=now + timedelta(days=9),
            description="Register: QQ group 123456789",
            organiser_name="Zhang Wei",
            contact="WeChat zhangwei_mj",
            phone=PHONE,
            rules_accepted_at=now,
            page={},
            submitted_at=None if state == "draft" else now,
            opened_at=now if state in ("running", "finished") else None,
            closed_at=now if state == "finished" else None,
            registration_open=state == "registering",
        )
        s.add(event)
        await s.flush()
        return event.id


async def _notification(app, name: str) -> int:
    async with app.state.om.db.session() as s:
        user = await s.scalar(select(User).where(User.name == name))
        row = notify(s, user, "event_note", "hello", {"event": 1})
        await s.flush()
        return row.id


async def test_every_route_answers_each_role_as_the_table_says(app, client):
    clients = {role: client_like(client) for role in ROLES}
    names = {
        "guest": None,
        "player": "player1",
        "applicant": "applicant1",
        "event_admin": "reviewer1",
        "admin": "root-admin",
        "revoked": "revoked1",
    }
    try:
        await clients["guest"].post("/api/auth/guest")
        names["guest"] = (await clients["guest"].get("/api/auth/me")).json()["name"]
        for role in ("player", "applicant"):
            await account(app, clients[role], names[role])
        await account(app, clients["event_admin"], "reviewer1", "event_admin")
        await register(clients["admin"], "root-admin")
        revoked_id = (await register(clients["revoked"], "revoked1"))["user"]["id"]
        await revoke_organiser(clients["admin"], revoked_id)

        schema = _schema_routes(app)
        assert schema - set(ROUTES) == set(), "routes without a row in ROUTES: add one each"
        assert set(ROUTES) - schema == set(), "rows in ROUTES for routes that are gone"

        wrong = []
        rows = [(m, p, *ROUTES[(m, p)]) for m, p in ROUTES]
        method, path, state, expected = APPROVED_PAGE
        rows.append((method, path, state, None, expected))
        for method, path, state, body, expected in rows:
            for role in ROLES:
                owner = "revoked1" if role == "revoked" else "applicant1"
                url = path.replace("{name}", "applicant1")
                if state is not None:
                    url = url.replace("{event_id}", str(await _event(app, owner, state)))
                if "{notification_id}" in url:
                    mine = names.get(role) or "applicant1"  # a visitor asks about someone's
                    url = url.replace("{notification_id}", str(await _notification(app, mine)))
                payload = application() if body == "application" else body
                r = await clients[role].request(method, url, json=payload)
                if r.status_code != expected[role]:
                    got = (r.status_code, r.text[:120])
                    wrong.append((method, path, state, role, expected[role], got))
                # The phone is an event admin's alone, whatever the route.
                if role not in ("event_admin", "admin"):
                    assert PHONE not in r.text, (method, path, role)
        assert wrong == []
    finally:
        for c in clients.values():
            await c.aclose()
