"""Running an event (docs/events.md, "Running the event"): the page, registration, the
participant list, event rooms with kept and free seats (over the room socket too), who may do
each, and the states in which it may be done."""

from __future__ import annotations

import pytest
import pytest_asyncio
from event_helpers import account, application, client_like, code
from server_helpers import PASSWORD, register
from sqlalchemy import select

from openmahjong.server.client import PlayClient
from openmahjong.store.event_models import EventParticipant
from openmahjong.store.models import Game, GameSeat, Room

pytestmark = pytest.mark.asyncio

ROOM = {"name": "Round 1, table 1", "ruleset": "riichi", "preset": "majsoul-tonpuu"}
FAST = {"move_seconds": 5, "bank_seconds": 5, "call_protection": False, "spectator_delay": 0}


async def new_event(organiser, reviewer, *, approve: bool = True, n: int = 1) -> int:
    """An event of ``organiser``'s, approved by ``reviewer`` (or left pending)."""
    body = application(name=f"Gugu Gaga Cup table {n}")
    r = await organiser.post("/api/events", json=body)
    assert r.status_code == 201, r.text
    event_id = r.json()["id"]
    if approve:
        r = await reviewer.post(f"/api/events/{event_id}/review", json={"decision": "approve"})
        assert r.status_code == 200, r.text
    return event_id


@pytest_asyncio.fixture
async def panel(app, client):
    """(organiser, reviewer, player, event id): ``client`` organises an approved event."""
    await register(client, "organiser1")
    async with client_like(client) as reviewer, client_like(client) as player:
        await account(app, reviewer, "reviewer1", "event_admin")
        await register(player, "player1")
        yield client, reviewer, player, await new_event(client, reviewer)


async def names(client, event_id: int) -> list[str]:
    r = await client.get(f"/api/events/{event_id}/participants")
    assert r.status_code == 200, r.text
    return [p["name"] for p in r.json()["participants"]]


# --- the page -------------------------------------------------------------------------------


async def test_the_organiser_edits_the_public_page(panel, client):
    organiser, _, player, event_id = panel
    page = {
        "rules": "MCR, four rounds.\n\n\n\nTime limit 90 minutes",
        "prizes": "1st: a trophy <b>gold</b>",
        "schedule": "Sat 10:00",
    }
    r = await organiser.put(f"/api/events/{event_id}/page", json=page)
    assert r.status_code == 200, r.text
    assert r.json()["page"] == {
        "rules": "MCR, four rounds.\n\nTime limit 90 minutes",  # cleaned: one empty line
        "prizes": "1st: a trophy <b>gold</b>",  # markup stays text
        "schedule": "Sat 10:00",
        "announcements": "",
    }
    async with client_like(client) as visitor:
        shown = (await visitor.get(f"/api/events/{event_id}")).json()
    assert shown["page"]["schedule"] == "Sat 10:00"
    # A stranger may not; a body with a key the page does not have changes nothing.
    assert code(await player.put(f"/api/events/{event_id}/page", json=page)) == (403, "forbidden")
    r = await organiser.put(f"/api/events/{event_id}/page", json={"venue": "x"})
    assert code(r) == (422, "invalid_request")
    r = await organiser.put(f"/api/events/{event_id}/page", json={"rules": "x" * 5001})
    assert code(r) == (422, "invalid_request")
    assert (await visitor_page(client, event_id))["schedule"] == "Sat 10:00"


async def visitor_page(client, event_id: int) -> dict:
    async with client_like(client) as visitor:
        return (await visitor.get(f"/api/events/{event_id}")).json()["page"]


async def test_the_panel_waits_for_approval_and_hides_unapproved_events(panel):
    organiser, reviewer, player, _ = panel
    pending = await new_event(organiser, reviewer, approve=False, n=2)
    url = f"/api/events/{pending}"
    r = await organiser.put(f"{url}/page", json={"rules": "r"})
    assert code(r) == (409, "event_state")
    assert r.json()["error"]["params"]["state"] == "pending"
    assert code(await organiser.post(f"{url}/rooms", json=ROOM)) == (409, "event_state")
    assert code(await organiser.post(f"{url}/registration", json={"open": True})) == (
        409,
        "event_state",
    )
    # To anyone else an unapproved event is not there at all.
    assert code(await player.put(f"{url}/page", json={"rules": "r"})) == (404, "no_such_event")
    assert code(await player.get(f"{url}/participants")) == (404, "no_such_event")
    assert code(await player.post(f"{url}/register")) == (404, "no_such_event")
    assert code(await player.get(f"{url}/results")) == (404, "no_such_event")


# --- registration and participants ----------------------------------------------------------


async def test_players_register_only_while_registration_is_open(panel, client):
    organiser, _, player, event_id = panel
    url = f"/api/events/{event_id}"
    assert code(await player.post(f"{url}/register")) == (409, "registration_closed")
    assert code(await player.post(f"{url}/registration", json={"open": True})) == (
        403,
        "forbidden",
    )
    r = await organiser.post(f"{url}/registration", json={"open": True})
    assert r.status_code == 200 and r.json()["registration_open"] is True
    r = await player.post(f"{url}/register")
    assert r.status_code == 200, r.text
    assert [p["name"] for p in r.json()["participants"]] == ["player1"]
    await player.post(f"{url}/register")  # again: still once
    assert await names(player, event_id) == ["player1"]
    assert (await player.get(url)).json()["participants"] == 1
    async with client_like(client) as guest:
        await guest.post("/api/auth/guest")
        assert code(await guest.post(f"{url}/register")) == (403, "guest_account")
    r = await player.delete(f"{url}/register")
    assert r.status_code == 200 and r.json()["participants"] == []
    assert code(await player.delete(f"{url}/register")) == (404, "not_a_participant")
    await player.post(f"{url}/register")
    await organiser.post(f"{url}/registration", json={"open": False})
    assert code(await player.delete(f"{url}/register")) == (409, "registration_closed")
    assert await names(player, event_id) == ["player1"]


async def test_a_finished_event_does_not_open_registration_or_rooms(panel):
    organiser, reviewer, _, event_id = panel
    url = f"/api/events/{event_id}"
    await reviewer.post(f"{url}/open")
    await reviewer.post(f"{url}/close")
    r = await organiser.post(f"{url}/registration", json={"open": True})
    assert code(r) == (409, "event_state") and r.json()["error"]["params"]["state"] == "finished"
    assert code(await organiser.post(f"{url}/rooms", json=ROOM)) == (409, "event_state")
    assert (await organiser.post(f"{url}/registration", json={"open": False})).status_code == 200


async def test_the_organiser_adds_and_removes_participants(app, panel, client):
    organiser, reviewer, player, event_id = panel
    url = f"/api/events/{event_id}/participants"
    r = await organiser.post(url, json={"name": "PLAYER1"})  # compared as sign-in compares
    assert r.status_code == 200, r.text
    assert [p["name"] for p in r.json()["participants"]] == ["player1"]
    assert code(await organiser.post(url, json={"name": "nobody-here"})) == (404, "no_such_user")
    async with client_like(client) as guest:
        guest_name = (await guest.post("/api/auth/guest")).json()["user"]["name"]
    assert code(await organiser.post(url, json={"name": guest_name})) == (422, "guest_account")
    # An event admin may manage too; a player may not.
    assert (await reviewer.post(url, json={"name": "organiser1"})).status_code == 200
    assert code(await player.post(url, json={"name": "player1"})) == (403, "forbidden")
    assert code(await player.delete(f"{url}/organiser1")) == (403, "forbidden")
    # The list is public: names and times, nothing else.
    async with client_like(client) as visitor:
        shown = (await visitor.get(url)).json()
    assert [p["name"] for p in shown["participants"]] == ["player1", "organiser1"]
    assert set(shown["participants"][0]) == {"name", "registered_at"}
    r = await organiser.delete(f"{url}/player1")
    assert r.status_code == 200 and [p["name"] for p in r.json()["participants"]] == ["organiser1"]
    assert code(await organiser.delete(f"{url}/player1")) == (404, "not_a_participant")
    async with app.state.om.db.session() as s:
        rows = list(await s.scalars(select(EventParticipant.user_id)))
    assert len(rows) == 1


# --- rooms ----------------------------------------------------------------------------------


async def test_event_rooms_with_kept_and_free_seats(app, panel):
    organiser, _, player, event_id = panel
    url = f"/api/events/{event_id}"
    await organiser.post(f"{url}/participants", json={"name": "player1"})
    body = {
        **ROOM,
        "ruleset": "mcr",
        "preset": "mcr-1round",
        "seats": ["player1", None, None, None],
    }
    r = await organiser.post(f"{url}/rooms", json=body)
    assert r.status_code == 201, r.text
    room = r.json()
    assert room["seats"] == ["player1", None, None, None]
    assert (room["ruleset"], room["preset"], room["games"]) == ("mcr", "mcr-1round", [])
    # A real room: listed, with the kept seats in its options for the room task.
    assert (await player.get(f"/api/rooms/{room['id']}")).json()["ruleset"] == "mcr"
    async with app.state.om.db.session() as s:
        row = await s.get(Room, room["id"])
        assert row.options["event"] == event_id
        assert row.options["assigned"][1:] == [None, None, None]
    listed = (await player.get(f"{url}/rooms")).json()
    assert [r["id"] for r in listed] == [room["id"]]
    assert [r["id"] for r in (await player.get(url)).json()["rooms"]] == [room["id"]]
    # Without seats: every seat free.
    r = await organiser.post(f"{url}/rooms", json=ROOM)
    assert r.status_code == 201 and r.json()["seats"] == [None] * 4


@pytest.mark.parametrize(
    ("seats", "wanted"),
    [
        (["player1", None, None], (422, "event_seats")),  # riichi has four
        (["player1", "player1", None, None], (422, "event_seats")),
        (["organiser1", None, None, None], (422, "not_a_participant")),
        (["ghost-account", None, None, None], (404, "no_such_user")),
    ],
)
async def test_bad_seats_are_refused_and_open_no_room(app, panel, seats, wanted):
    organiser, _, _, event_id = panel
    await organiser.post(f"/api/events/{event_id}/participants", json={"name": "player1"})
    r = await organiser.post(f"/api/events/{event_id}/rooms", json={**ROOM, "seats": seats})
    assert code(r) == wanted
    assert r.json()["error"]["params"].get("field", "seats") == "seats"
    async with app.state.om.db.session() as s:
        assert list(await s.scalars(select(Room.id))) == []


async def test_a_bad_ruleset_is_refused_as_post_api_rooms_refuses_it(panel):
    organiser, _, _, event_id = panel
    url = f"/api/events/{event_id}/rooms"
    assert code(await organiser.post(url, json={**ROOM, "ruleset": "nope"})) == (
        422,
        "unknown_ruleset",
    )
    assert code(await organiser.post(url, json={**ROOM, "preset": "nope"})) == (
        422,
        "unknown_preset",
    )
    assert code(await organiser.post(url, json={**ROOM, "password": "x"})) == (
        422,
        "invalid_request",
    )


async def _socket(live: str, client, name: str) -> PlayClient:
    """``name``'s play socket (a bearer session of its own)."""
    async with client_like(client) as http:
        r = await http.post(
            "/api/auth/login", json={"name": name, "password": PASSWORD, "session": "bearer"}
        )
        assert r.status_code == 200, r.text
        token = r.json()["token"]
    socket = PlayClient(f"ws://{live}/ws", token)
    await socket.connect()
    return socket


async def test_a_kept_seat_is_its_players_and_free_seats_the_participants(app, live, panel):
    organiser, _, player, event_id = panel
    url = f"/api/events/{event_id}"
    async with client_like(organiser) as second, client_like(organiser) as outsider:
        await register(second, "player2")
        await register(outsider, "outsider1")
        for name in ("player1", "player2", "organiser1"):
            await organiser.post(f"{url}/participants", json={"name": name})
        body = {**ROOM, "table": FAST, "seats": ["player1", "player2", None, None]}
        room = (await organiser.post(f"{url}/rooms", json=body)).json()["id"]

        sockets = {n: await _socket(live, organiser, n) for n in ("organiser1", "player1")}
        sockets["player2"] = await _socket(live, organiser, "player2")
        sockets["outsider1"] = await _socket(live, organiser, "outsider1")
        try:
            # Not on the list: refused even with seats free.
            await sockets["outsider1"].send({"type": "join", "room": room})
            refused = await sockets["outsider1"].next("error")
            assert refused["code"] == "not_a_participant"
            # player2 takes the seat kept for them, though seat 0 and the free ones are empty.
            await sockets["player2"].send({"type": "join", "room": room})
            state = await sockets["player2"].next("room")
            assert state["seats"][1]["name"] == "player2" and state["seats"][0] is None
            # The organiser (a participant) takes a free seat, a bot the last one.
            await sockets["organiser1"].send({"type": "join", "room": room})
            await sockets["organiser1"].send({"type": "add_bot", "room": room})
            full = await sockets["organiser1"].next(
                lambda m: m["type"] == "room" and m["seats"][3] is not None
            )
            assert full["seats"][2]["name"] == "organiser1" and full["seats"][3]["bot"]
            # Only seat 0 is empty, and it is player1's: a bot or another is refused.
            await sockets["organiser1"].send({"type": "add_bot", "room": room})
            assert (await sockets["organiser1"].next("error"))["code"] == "seat_assigned"
            await sockets["outsider1"].send({"type": "join", "room": room})
            assert (await sockets["outsider1"].next("error"))["code"] == "seat_assigned"
            await sockets["player1"].send({"type": "join", "room": room})
            state = await sockets["player1"].next(
                lambda m: m["type"] == "room" and m["seats"][0] is not None
            )
            assert state["seats"][0]["name"] == "player1"
        finally:
            for s in sockets.values():
                await s.close()


async def test_a_normal_room_seats_anyone_as_before(live, client):
    await register(client, "owner1")
    r = await client.post("/api/rooms", json={**ROOM, "table": FAST})
    room = r.json()["id"]
    socket = await _socket(live, client, "owner1")
    try:
        await socket.send({"type": "join", "room": room})
        assert (await socket.next("room"))["seats"][0]["name"] == "owner1"
        for _ in range(3):
            await socket.send({"type": "add_bot", "room": room})
        await socket.send({"type": "add_bot", "room": room})
        assert (await socket.next("error"))["code"] == "room_full"
    finally:
        await socket.close()


async def test_a_game_played_with_bots_in_an_event_room_makes_the_results(app, live, panel):
    """The whole way: a participant and three bots play an event room's game to its end over
    the socket; the results table counts it with the settlement the game's record shows."""
    organiser, _, _, event_id = panel
    url = f"/api/events/{event_id}"
    await organiser.post(f"{url}/participants", json={"name": "organiser1"})
    body = {**ROOM, "table": FAST, "seats": ["organiser1", None, None, None]}
    room = (await organiser.post(f"{url}/rooms", json=body)).json()["id"]
    socket = await _socket(live, organiser, "organiser1")
    try:
        await socket.send({"type": "join", "room": room})
        await socket.send({"type": "ready", "room": room})
        for _ in range(3):
            await socket.send({"type": "add_bot", "room": room})
        await socket.next(
            lambda m: m["type"] == "room" and all(s and s["ready"] for s in m["seats"])
        )
        await socket.send({"type": "start", "room": room})
        end = await socket.autoplay()
    finally:
        await socket.close()
    async with app.state.om.db.session() as s:
        game = await s.get(Game, end["game"])
        seat = next(
            x.seat
            for x in await s.scalars(select(GameSeat).where(GameSeat.game_id == game.id))
            if x.display_name == "organiser1"
        )
        settled = game.record["result"]["settlement"]["scores"][seat]
        place = game.record["result"]["places"][seat]
    rows = (await organiser.get(f"{url}/results")).json()
    assert [(r["player"], r["games"], r["total"], r["average_placement"]) for r in rows] == [
        ("organiser1", 1, settled, place)
    ]
    listed = (await organiser.get(f"{url}/rooms")).json()
    assert [g["id"] for g in listed[0]["games"]] == [end["game"]]
    played = (await organiser.get("/api/users/organiser1/events")).json()
    assert [(e["id"], e["registered"], e["games"]) for e in played] == [(event_id, True, 1)]
