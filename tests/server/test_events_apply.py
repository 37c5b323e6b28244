"""The event application over HTTP (docs/events.md, "The application and its rules"): every
rule refused at its field with the guide's examples and nothing stored, /check answering all
problems at once, drafts, edits, the phone seen by event admins only, unapproved events hidden,
the public list by phase and a player's events."""

from __future__ import annotations

from datetime import timedelta

import pytest
from event_helpers import PHONE, account, application, client_like, code, revoke_organiser
from server_helpers import register
from sqlalchemy import func, select

from openmahjong.store.event_models import Event, EventNote, EventParticipant, EventRoom
from openmahjong.store.models import Game, GameSeat, Room, User, utcnow

pytestmark = pytest.mark.asyncio


async def _count(app, model) -> int:
    async with app.state.om.db.session() as s:
        return await s.scalar(select(func.count()).select_from(model)) or 0


@pytest.mark.parametrize(
    ("changes", "field", "error"),
    [
        ({"name": "MCR Mahjong Tournament"}, "name", "event_name_generic"),
        ({"name": "FST Cup"}, "name", "event_name_abbreviation"),
        ({"name": "国标麻将比赛"}, "name", "event_name_generic"),
        ({"name": "FST杯"}, "name", "event_name_abbreviation"),
        ({"name": "  "}, "name", "event_name_length"),
        ({"planned_start": None}, "planned_start", "event_dates"),
        ({"planned_end": utcnow().isoformat()}, "planned_end", "event_dates"),
        ({"planned_start": "2027-01-01T10:00:00"}, "planned_start", "event_dates"),
        (
            {"description": "Two days of MCR. Ask around."},
            "description",
            "event_description_contact",
        ),
        ({"description": ""}, "description", "event_description_length"),
        ({"organiser_name": "\u200b"}, "organiser_name", "event_organiser"),
        ({"contact": "me"}, "contact", "event_contact"),
        ({"phone": "12345"}, "phone", "event_phone"),
        ({"phone": "call me"}, "phone", "event_phone"),
        ({"accept_rules": False}, "accept_rules", "event_rules_not_accepted"),
    ],
)
async def test_each_rule_is_refused_at_its_field_and_nothing_is_stored(
    app, client, changes, field, error
):
    await register(client, "organiser1")
    for submit in (True, False):  # a draft meets the same rules
        r = await client.post("/api/events", json=application(submit=submit, **changes))
        assert code(r) == (422, error), r.text
        body = r.json()["error"]
        assert body["params"]["field"] == field and len(body["message"]) <= 400
    assert await _count(app, Event) == 0 and await _count(app, EventNote) == 0


async def test_the_guides_valid_names_are_accepted(client):
    await register(client, "organiser2")
    for name in (
        "1st Mystery Guest Cup MCR Mahjong Tournament",
        "Gugu Gaga MCR Mahjong Group Tournament",
        "第一届神秘嘉宾杯国标麻将比赛",
        "咕咕嘎嘎国标麻将群内赛",
    ):
        r = await client.post("/api/events", json=application(name=name))
        assert r.status_code == 201, r.text
        assert r.json()["name"] == name and r.json()["status"] == "pending"


async def test_check_answers_every_problem_and_saves_nothing(app, client):
    # No account needed: the rules are public.
    r = await client.post(
        "/api/events/check",
        json={"name": "FST Cup", "description": "see you there", "phone": "12"},
    )
    assert r.status_code == 200
    assert [(p["field"], p["code"]) for p in r.json()["problems"]] == [
        ("name", "event_name_abbreviation"),
        ("planned_start", "event_dates"),
        ("description", "event_description_contact"),
        ("organiser_name", "event_organiser"),
        ("contact", "event_contact"),
        ("phone", "event_phone"),
        ("accept_rules", "event_rules_not_accepted"),
    ]
    ok = await client.post("/api/events/check", json=application())
    assert ok.json() == {"problems": []}
    assert await _count(app, Event) == 0
    # A misspelt field is a malformed body, not a silently dropped one.
    assert code(await client.post("/api/events/check", json={"nmae": "x"})) == (
        422,
        "invalid_request",
    )


async def test_the_rules_text(client):
    body = (await client.get("/api/events/rules")).json()
    assert len(body["event_rules"]) == 3
    assert "tobacco" in body["event_rules"][2]
    assert "FST Cup" in body["name_examples"]["invalid"]
    assert "never shown" in body["fields"]["phone"]


async def test_a_draft_then_edits_with_the_whole_application_checked_again(app, client):
    await register(client, "organiser3")
    r = await client.post("/api/events", json=application(submit=False, notes="draft one"))
    assert r.status_code == 201
    event = r.json()
    assert event["status"] == "draft" and event["submitted_at"] is None
    assert event["viewer"]["can_edit"] and event["viewer"]["can_submit"]
    url = f"/api/events/{event['id']}"
    # A bad change is refused and changes nothing.
    assert code(await client.patch(url, json={"name": "Riichi Cup"})) == (
        422,
        "event_name_generic",
    )
    # A good one is stored cleaned, and the end removed (a recurring event).
    r = await client.patch(
        url,
        json={"name": "  Gugu\u200b Gaga  Monthly Riichi League ", "planned_end": None,
              "notes": "now monthly"},
    )  # fmt: skip
    assert r.status_code == 200, r.text
    assert r.json()["name"] == "Gugu Gaga Monthly Riichi League"
    assert r.json()["planned_end"] is None
    assert [(n["kind"], n["text"]) for n in r.json()["notes"]] == [
        ("save", "draft one"),
        ("save", "now monthly"),
    ]
    # An empty change is no save.
    same = await client.patch(url, json={})
    assert len(same.json()["notes"]) == 2
    mine = (await client.get("/api/events/mine")).json()
    assert [(e["id"], e["status"]) for e in mine] == [(event["id"], "draft")]


async def test_once_sent_only_the_planned_dates_change(app, client):
    await register(client, "organiser4")
    event = (await client.post("/api/events", json=application())).json()
    url = f"/api/events/{event['id']}"
    refused = await client.patch(url, json={"description": "QQ 123456789, new words"})
    assert code(refused) == (409, "event_state")
    assert refused.json()["error"]["params"]["state"] == "pending"
    later = (utcnow() + timedelta(days=60)).isoformat()
    r = await client.patch(url, json={"planned_start": later, "planned_end": None})
    assert r.status_code == 200 and r.json()["planned_end"] is None
    assert r.json()["description"] == event["description"]


async def test_the_phone_only_reaches_event_admins(app, client):
    await register(client, "organiser5")
    event = (await client.post("/api/events", json=application())).json()
    assert PHONE not in str(event) and "phone" not in event
    url = f"/api/events/{event['id']}"
    async with client_like(client) as admin, client_like(client) as anyone:
        await account(app, admin, "reviewer5", "event_admin")
        seen = (await admin.get(url)).json()
        assert seen["phone"] == PHONE and seen["contact"].startswith("WeChat")
        queue = (await admin.get("/api/events/review")).json()
        assert queue[0]["phone"] == PHONE
        await admin.post(f"{url}/review", json={"decision": "approve"})
        # Approved: public now, and still without the phone or the private keys.
        await register(anyone, "visitor5")
        public = await anyone.get(url)
        assert public.status_code == 200
        assert PHONE not in public.text
        assert {"phone", "contact", "notes"}.isdisjoint(public.json())
        signed_out = await client_like(client).get(url)
        assert signed_out.status_code == 200 and PHONE not in signed_out.text
        for path in ("/api/events", "/api/events/mine", "/api/users/organiser5/events"):
            assert PHONE not in (await client.get(path)).text
        assert PHONE not in (await client.get(url)).text  # the applicant's own view


async def test_an_unapproved_event_is_404_to_others(app, client):
    await register(client, "organiser6")
    event = (await client.post("/api/events", json=application())).json()
    url = f"/api/events/{event['id']}"
    async with client_like(client) as other:
        assert code(await other.get(url)) == (404, "no_such_event")
        await register(other, "nosy6")
        assert code(await other.get(url)) == (404, "no_such_event")
        assert code(await other.get("/api/events/999999")) == (404, "no_such_event")
        assert code(await other.get("/api/events/0")) == (404, "no_such_event")
        assert code(await other.patch(url, json={"name": "Nosy Gugu Cup"})) == (
            404,
            "no_such_event",
        )
        assert await other.get("/api/events") is not None
        assert (await other.get("/api/events")).json() == []


async def test_who_may_apply(app, client):
    async with client_like(client) as guest, client_like(client) as admin:
        await guest.post("/api/auth/guest")
        assert code(await guest.post("/api/events", json=application())) == (
            403,
            "organiser_account",
        )
        assert code(await client_like(client).post("/api/events", json=application())) == (
            401,
            "not_signed_in",
        )
        uid = (await register(client, "organiser7"))["user"]["id"]
        await register(admin, "root-admin")
        await revoke_organiser(admin, uid)
        refused = await client.post("/api/events", json=application())
        assert code(refused) == (403, "organiser_revoked")
        assert refused.json()["error"]["params"]["reason"] == "prizes not paid"
    assert await _count(app, Event) == 0


async def test_unresolved_applications_are_capped(app, client):
    await register(client, "organiser8")
    for n in range(10):
        r = await client.post("/api/events", json=application(name=f"Gugu Gaga Cup number {n}"))
        assert r.status_code == 201
    r = await client.post("/api/events", json=application(name="Gugu Gaga Cup one more"))
    assert code(r) == (409, "too_many_applications") and r.json()["error"]["params"]["max"] == 10


async def _approved(app, client, admin, name: str, **changes) -> int:
    event = (await client.post("/api/events", json=application(name=name, **changes))).json()
    r = await admin.post(f"/api/events/{event['id']}/review", json={"decision": "approve"})
    assert r.status_code == 200
    return event["id"]


async def test_the_public_list_by_phase_and_a_players_events(app, client):
    await register(client, "organiser9")
    async with client_like(client) as admin:
        await account(app, admin, "reviewer9", "event_admin")
        soon = (utcnow() + timedelta(days=5)).isoformat()
        later = (utcnow() + timedelta(days=50)).isoformat()
        upcoming = await _approved(
            app, client, admin, "Gugu Upcoming Cup", planned_start=soon, planned_end=None
        )
        running = await _approved(app, client, admin, "Gugu Running Cup")
        finished = await _approved(
            app, client, admin, "Gugu Finished Cup", planned_start=later, planned_end=None
        )
        hidden = (await client.post("/api/events", json=application(name="Gugu Hidden Cup"))).json()
        for eid in (running, finished):
            assert (await admin.post(f"/api/events/{eid}/open")).json()["phase"] == "running"
        assert (await admin.post(f"/api/events/{finished}/close")).json()["phase"] == "finished"
    every = (await client.get("/api/events")).json()
    assert [(e["id"], e["phase"]) for e in every] == [
        (running, "running"),
        (upcoming, "upcoming"),
        (finished, "finished"),
    ]
    assert hidden["id"] not in [e["id"] for e in every]
    for phase, eid in (("running", running), ("upcoming", upcoming), ("finished", finished)):
        assert [e["id"] for e in (await client.get(f"/api/events?phase={phase}")).json()] == [eid]
    assert (await client.get("/api/events?phase=past")).status_code == 422
    assert [e["id"] for e in (await client.get("/api/events?limit=1&offset=1")).json()] == [
        upcoming
    ]

    # A player registered for one event and played a game at another's room.
    async with client_like(client) as player:
        pid = (await register(player, "player9"))["user"]["id"]
    async with app.state.om.db.session() as s:
        s.add(EventParticipant(event_id=upcoming, user_id=pid))
        room = Room(name="Gugu table 1", ruleset="mcr", preset="mcr-standard")
        s.add(room)
        await s.flush()
        s.add(EventRoom(room_id=room.id, event_id=finished, assigned=[pid, None, None, None]))
        game = Game(
            ruleset="mcr", room_id=room.id, status="finished", commitment="c", salt="s",
            master_seed="m", header={},
        )  # fmt: skip
        s.add(game)
        await s.flush()
        s.add(GameSeat(game_id=game.id, seat=0, user_id=pid, display_name="player9"))
        # The hidden (pending) event never shows, even registered.
        s.add(EventParticipant(event_id=hidden["id"], user_id=pid))
    played = (await client.get("/api/users/PLAYER9/events")).json()
    assert [(e["id"], e["registered"], e["games"]) for e in played] == [
        (finished, False, 1),
        (upcoming, True, 0),
    ]
    assert (await client.get("/api/users/organiser9/events")).json() == []
    assert code(await client.get("/api/users/nobody-here/events")) == (404, "no_such_user")
    listed = {e["id"]: e["participants"] for e in (await client.get("/api/events")).json()}
    assert listed[upcoming] == 1
    async with app.state.om.db.session() as s:
        assert await s.scalar(select(User.id).where(User.name == "player9")) == pid
