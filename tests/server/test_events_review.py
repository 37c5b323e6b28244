"""The review (docs/events.md, "The review"): every transition of the state machine and every
refused one (409 event_state, nothing changed), the notes as a two-way history appended in
order, the applicant notified in-app always and by email through a fake SMTP server when one is
configured and the address verified."""

from __future__ import annotations

from email.message import EmailMessage

import pytest
import pytest_asyncio
from event_helpers import account, application, client_like, code, notes_of, revoke_organiser
from server_helpers import client_for, make_settings, register, running
from sqlalchemy import update

from openmahjong.server import mail
from openmahjong.store.models import User, utcnow

pytestmark = pytest.mark.asyncio

STATES = ["draft", "pending", "changes_requested", "rejected", "upcoming", "running", "finished"]


@pytest_asyncio.fixture
async def roles(app, client):
    """``client`` is the applicant; answers (applicant, reviewer) clients."""
    await register(client, "applicant1")
    async with client_like(client) as reviewer:
        await account(app, reviewer, "reviewer1", "event_admin")
        yield client, reviewer


async def _in_state(applicant, reviewer, state: str, n: int) -> int:
    """A new event brought to ``state`` by the routes themselves."""
    body = application(name=f"Gugu Gaga Cup table {n}", submit=state != "draft")
    event_id = (await applicant.post("/api/events", json=body)).json()["id"]
    steps = {
        "draft": [],
        "pending": [],
        "changes_requested": [("review", {"decision": "request_changes", "reason": "prizes?"})],
        "rejected": [("review", {"decision": "reject", "reason": "a duplicate"})],
        "upcoming": [("review", {"decision": "approve"})],
        "running": [("review", {"decision": "approve"}), ("open", None)],
        "finished": [("review", {"decision": "approve"}), ("open", None), ("close", None)],
    }[state]
    for action, body in steps:
        r = await reviewer.post(f"/api/events/{event_id}/{action}", json=body)
        assert r.status_code == 200, r.text
    return event_id


def _state(event: dict) -> str:
    return event["phase"] or event["status"]


#: Action -> (the states it is allowed in, the state it leads to).
ALLOWED = {
    "submit": ({"draft", "changes_requested"}, "pending"),
    "approve": ({"pending"}, "upcoming"),
    "reject": ({"pending"}, "rejected"),
    "request_changes": ({"pending"}, "changes_requested"),
    "open": ({"upcoming"}, "running"),
    "close": ({"running"}, "finished"),
    "edit": ({"draft", "changes_requested"}, None),
    "edit_dates": (set(STATES) - {"rejected"}, None),
}


async def _do(applicant, reviewer, event_id: int, action: str):
    url = f"/api/events/{event_id}"
    if action == "submit":
        return await applicant.post(f"{url}/submit", json={"notes": "ready"})
    if action in ("approve", "reject", "request_changes"):
        return await reviewer.post(f"{url}/review", json={"decision": action, "reason": "why"})
    if action in ("open", "close"):
        return await reviewer.post(f"{url}/{action}")
    if action == "edit":
        return await applicant.patch(url, json={"contact": "Telegram @gugu_mj"})
    return await applicant.patch(url, json={"planned_end": None})


@pytest.mark.parametrize("action", list(ALLOWED))
async def test_every_transition_and_every_refused_one(roles, action):
    applicant, reviewer = roles
    allowed, leads_to = ALLOWED[action]
    for n, state in enumerate(STATES):
        event_id = await _in_state(applicant, reviewer, state, n)
        before = (await reviewer.get(f"/api/events/{event_id}")).json()
        assert _state(before) == state
        r = await _do(applicant, reviewer, event_id, action)
        after = (await reviewer.get(f"/api/events/{event_id}")).json()
        if state in allowed:
            assert r.status_code == 200, (state, r.text)
            assert _state(after) == (leads_to or state)
        else:
            assert code(r) == (409, "event_state"), (state, r.text)
            assert r.json()["error"]["params"] == {"state": state, "event": event_id}
            assert after == before  # nothing changed, not even the history


async def test_a_reason_is_required_to_reject_or_request_changes(roles):
    applicant, reviewer = roles
    event_id = await _in_state(applicant, reviewer, "pending", 0)
    for decision in ("reject", "request_changes"):
        for reason in ("", "  \n "):
            r = await reviewer.post(
                f"/api/events/{event_id}/review", json={"decision": decision, "reason": reason}
            )
            assert code(r) == (422, "event_reason_required")
    assert code(
        await reviewer.post(f"/api/events/{event_id}/review", json={"decision": "maybe"})
    ) == (422, "invalid_request")
    assert (await reviewer.get(f"/api/events/{event_id}")).json()["status"] == "pending"


async def test_an_event_admin_does_not_review_their_own_application(roles):
    _, reviewer = roles
    own = (await reviewer.post("/api/events", json=application())).json()
    assert own["viewer"]["can_review"] is False
    r = await reviewer.post(f"/api/events/{own['id']}/review", json={"decision": "approve"})
    assert code(r) == (403, "forbidden")
    assert (await reviewer.get(f"/api/events/{own['id']}")).json()["status"] == "pending"


async def test_the_notes_are_a_two_way_history_in_order(app, roles):
    applicant, reviewer = roles
    body = application(submit=False, notes="saved: prizes still open")
    event_id = (await applicant.post("/api/events", json=body)).json()["id"]
    url = f"/api/events/{event_id}"
    await applicant.post(f"{url}/submit", json={"notes": "please review"})
    await reviewer.post(
        f"{url}/review", json={"decision": "request_changes", "reason": "state the prizes"}
    )
    await applicant.post(f"{url}/notes", json={"text": "prizes: 500, 300, 200"})
    await applicant.patch(url, json={"description": "Prizes 500/300/200. QQ group 123456789."})
    await applicant.post(f"{url}/submit", json={"notes": "prizes added"})
    await reviewer.post(f"{url}/review", json={"decision": "approve", "reason": "thanks"})
    await reviewer.post(f"{url}/notes", json={"text": "good luck"})
    expected = [
        ("save", "applicant1", "saved: prizes still open"),
        ("submit", "applicant1", "please review"),
        ("request_changes", "reviewer1", "state the prizes"),
        ("note", "applicant1", "prizes: 500, 300, 200"),
        ("save", "applicant1", ""),
        ("resubmit", "applicant1", "prizes added"),
        ("approve", "reviewer1", "thanks"),
        ("note", "reviewer1", "good luck"),
    ]
    assert await notes_of(app, event_id) == expected
    seen = (await applicant.get(url)).json()["notes"]
    assert [(n["kind"], n["author"], n["text"]) for n in seen] == expected
    assert [n["reviewer"] for n in seen] == [False, False, True, False, False, False, True, True]
    assert [n["at"] for n in seen] == sorted(n["at"] for n in seen)
    # Nothing edits or deletes an entry: no route does, and each answer carried the same rows.
    methods = {
        (m, r.path)
        for r in app.routes
        if getattr(r, "path", "").startswith("/api/events")
        for m in getattr(r, "methods", ())
    }
    assert not {m for m, p in methods if "notes" in p} - {"POST"}
    # The public never sees them.
    public = await client_like(applicant).get(url)
    assert "notes" not in public.json() and "prizes added" not in public.text
    assert code(await applicant.post(f"{url}/notes", json={"text": " \u200b "})) == (
        422,
        "event_note_empty",
    )


async def test_decisions_notify_the_applicant_and_submissions_the_reviewers(roles):
    applicant, reviewer = roles
    event_id = await _in_state(applicant, reviewer, "pending", 0)
    url = f"/api/events/{event_id}"
    inbox = (await reviewer.get("/api/notifications")).json()
    assert [(n["kind"], n["params"]["event"]) for n in inbox["items"]] == [
        ("event_submitted", event_id)
    ]
    await reviewer.post(f"{url}/review", json={"decision": "request_changes", "reason": "dates?"})
    await reviewer.post(f"{url}/notes", json={"text": "end on Sunday"})
    await applicant.post(f"{url}/submit")
    await reviewer.post(f"{url}/review", json={"decision": "approve"})
    mine = (await applicant.get("/api/notifications")).json()
    assert mine["unread"] == 3
    named = {"event": event_id, "name": "Gugu Gaga Cup table 0"}
    assert [(n["kind"], n["params"]) for n in mine["items"]] == [
        ("event_approved", {**named, "reason": ""}),
        ("event_note", {**named, "text": "end on Sunday"}),
        ("event_changes_requested", {**named, "reason": "dates?"}),
    ]
    assert all(n["link"] == f"#/events/{event_id}/manage" for n in mine["items"])
    assert mine["items"][2]["text"] == (
        "Changes were requested to your event 'Gugu Gaga Cup table 0': dates?"
    )
    inbox = (await reviewer.get("/api/notifications")).json()
    assert [(n["kind"], n["params"]["resubmitted"]) for n in inbox["items"]] == [
        ("event_submitted", True),
        ("event_submitted", False),
    ]


async def test_a_revoked_applicant_keeps_the_view_but_cannot_act(app, roles):
    applicant, reviewer = roles
    event_id = await _in_state(applicant, reviewer, "changes_requested", 0)
    me = (await applicant.get("/api/auth/me")).json()
    async with client_like(applicant) as admin:
        await register(admin, "root-admin")
        await revoke_organiser(admin, me["id"])
    url = f"/api/events/{event_id}"
    assert (await applicant.get(url)).status_code == 200
    for r in (
        await applicant.post(f"{url}/submit"),
        await applicant.patch(url, json={"planned_end": None}),
        await applicant.post(f"{url}/notes", json={"text": "but why"}),
    ):
        assert code(r) == (403, "organiser_revoked")
    assert (await applicant.get(url)).json()["status"] == "changes_requested"


# --- email through a fake SMTP server ------------------------------------------------------


class FakeSMTP:
    """Stands in for smtplib.SMTP: records what was sent (or fails when told to)."""

    sent: list[EmailMessage] = []
    fail = False

    def __init__(self, host: str, port: int, timeout: float) -> None:
        self.host, self.port = host, port

    def __enter__(self) -> FakeSMTP:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def starttls(self) -> None:
        pass

    def login(self, user: str, password: str) -> None:
        pass

    def send_message(self, message: EmailMessage) -> None:
        if FakeSMTP.fail:
            raise OSError("the mail server is down")
        FakeSMTP.sent.append(message)


async def test_decisions_are_emailed_when_smtp_is_configured(tmp_path, monkeypatch):
    FakeSMTP.sent = []
    FakeSMTP.fail = False
    monkeypatch.setattr(mail.smtplib, "SMTP", FakeSMTP)
    settings = make_settings(tmp_path, smtp_host="smtp.test", smtp_from="events@om.test")
    async with (
        running(settings) as app,
        client_for(app) as applicant,
        client_for(app) as reviewer,
    ):
        await register(applicant, "mailed1")
        await account(app, reviewer, "reviewer2", "event_admin")
        async with app.state.om.db.session() as s:
            await s.execute(
                update(User)
                .where(User.name == "mailed1")
                .values(email="mailed1@example.org", email_verified_at=utcnow())
            )
        first = await _in_state(applicant, reviewer, "pending", 1)
        await reviewer.post(
            f"/api/events/{first}/review",
            json={"decision": "request_changes", "reason": "add the prizes"},
        )
        (message,) = FakeSMTP.sent
        assert message["To"] == "mailed1@example.org"
        assert message["From"] == "events@om.test"
        assert "add the prizes" in message["Subject"]
        assert f"#/events/{first}/manage" in message.get_content()
        # The reviewer has no verified address: the submissions reached them in-app only.
        assert (await reviewer.get("/api/notifications")).json()["unread"] == 1
        # A mail server that is down does not undo the decision.
        FakeSMTP.fail = True
        second = await _in_state(applicant, reviewer, "pending", 2)
        r = await reviewer.post(f"/api/events/{second}/review", json={"decision": "approve"})
        assert r.status_code == 200 and r.json()["phase"] == "upcoming"
        assert len(FakeSMTP.sent) == 1
        kinds = [n["kind"] for n in (await applicant.get("/api/notifications")).json()["items"]]
        assert kinds == ["event_approved", "event_changes_requested"]


async def test_no_email_without_a_verified_address(tmp_path, monkeypatch):
    FakeSMTP.sent = []
    FakeSMTP.fail = False
    monkeypatch.setattr(mail.smtplib, "SMTP", FakeSMTP)
    async with (
        running(make_settings(tmp_path, smtp_host="smtp.test")) as app,
        client_for(app) as applicant,
        client_for(app) as reviewer,
    ):
        await register(applicant, "unmailed1")
        await account(app, reviewer, "reviewer3", "event_admin")
        async with app.state.om.db.session() as s:  # an address not verified
            await s.execute(
                update(User).where(User.name == "unmailed1").values(email="u@example.org")
            )
        event_id = await _in_state(applicant, reviewer, "pending", 1)
        await reviewer.post(f"/api/events/{event_id}/review", json={"decision": "approve"})
        assert FakeSMTP.sent == []
        assert (await applicant.get("/api/notifications")).json()["unread"] == 1


# --- the whole flow on SQLite and PostgreSQL ------------------------------------------------


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
async def test_the_review_flow_on_each_database(tmp_path, kind):
    from records_helpers import settings_on

    async with (
        settings_on(kind, tmp_path) as settings,
        running(settings) as app,
        client_for(app) as applicant,
        client_for(app) as reviewer,
    ):
        await register(applicant, "flow1")
        await account(app, reviewer, "flowreviewer", "event_admin")
        first = await _in_state(applicant, reviewer, "pending", 1)
        second = await _in_state(applicant, reviewer, "pending", 2)
        draft = await _in_state(applicant, reviewer, "draft", 3)
        url = f"/api/events/{first}"
        await reviewer.post(
            f"{url}/review", json={"decision": "request_changes", "reason": "the prizes?"}
        )
        queue = (await reviewer.get("/api/events/review")).json()
        # Pending first (oldest first), then waiting for changes; drafts are not sent.
        assert [(e["id"], e["status"]) for e in queue] == [
            (second, "pending"),
            (first, "changes_requested"),
        ]
        assert draft not in [e["id"] for e in queue]
        await applicant.post(f"{url}/notes", json={"text": "500 / 300 / 200"})
        await applicant.post(f"{url}/submit", json={"notes": "prizes stated"})
        await reviewer.post(f"{url}/review", json={"decision": "approve"})
        await reviewer.post(
            f"/api/events/{second}/review", json={"decision": "reject", "reason": "a copy"}
        )
        await reviewer.post(f"{url}/open")
        assert [(e["id"], e["phase"]) for e in (await applicant.get("/api/events")).json()] == [
            (first, "running")
        ]
        await reviewer.post(f"{url}/close")
        finished = (await applicant.get("/api/events?phase=finished")).json()
        assert [e["id"] for e in finished] == [first]
        assert [n[0] for n in await notes_of(app, first)] == [
            "submit",
            "request_changes",
            "note",
            "resubmit",
            "approve",
            "open",
            "close",
        ]
        mine = (await applicant.get("/api/events/mine")).json()
        assert {e["id"]: e["status"] for e in mine} == {
            first: "approved",
            second: "rejected",
            draft: "draft",
        }
        kinds = [n["kind"] for n in (await applicant.get("/api/notifications")).json()["items"]]
        assert kinds == ["event_rejected", "event_approved", "event_changes_requested"]
        assert (await applicant.get("/api/users/flow1/events")).json() == []


async def test_of_two_decisions_at_once_one_wins(app, roles):
    """A reviewer's answer read the event pending; another's approval landed first: the
    stale one is refused (409 event_state) and changes nothing."""
    from openmahjong.server.errors import ApiError
    from openmahjong.server.events import move
    from openmahjong.store.event_models import Event

    applicant, reviewer = roles
    event_id = await _in_state(applicant, reviewer, "pending", 0)
    async with app.state.om.db.sessions() as stale:
        seen = await stale.get(Event, event_id)
        assert seen.status == "pending"
        r = await reviewer.post(f"/api/events/{event_id}/review", json={"decision": "approve"})
        assert r.status_code == 200
        with pytest.raises(ApiError) as refused:
            await move(stale, seen, "only a pending application can be reviewed", status="rejected")
        assert (refused.value.status, refused.value.code) == (409, "event_state")
        assert refused.value.params == {"state": "upcoming", "event": event_id}
    assert (await reviewer.get(f"/api/events/{event_id}")).json()["status"] == "approved"
