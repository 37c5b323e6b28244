"""Rooms over HTTP: rules checked by the ruleset, table settings, secrets kept, closing."""

from __future__ import annotations

import pytest
from server_helpers import register

pytestmark = pytest.mark.asyncio

SEED = "1234567890abcdef01234567890abcdef01234567890abcdef01234567890abcdef"[:64]


async def test_rulesets_and_presets_are_listed(client):
    listed = (await client.get("/api/rooms/rulesets")).json()
    assert "riichi" in listed and "majsoul-hanchan" in listed["riichi"]["presets"]


async def test_create_with_defaults_then_list_and_get(client, other):
    await register(client, "host")
    response = await client.post(
        "/api/rooms", json={"name": "East", "ruleset": "riichi", "preset": "majsoul-tonpuu"}
    )
    assert response.status_code == 201, response.text
    room = response.json()
    assert room["owner"]["name"] == "host" and room["status"] == "open"
    assert room["rules"]["length"] == 4 and room["rules"]["red_fives"] is True
    assert room["table"] == {
        "move_seconds": 5,
        "bank_seconds": 20,
        "call_protection": True,
        "protection_delay": 1.3,
        "catch_up_first": 0.7,
        "catch_up_second": 0.5,
        "tactical_calls": None,
        "hand_end_seconds": 10,
        "spectators": True,
        "spectator_delay": 10,
    }
    assert not room["has_password"] and not room["supplied_seed"]
    listed = (await other.get("/api/rooms")).json()  # anyone may look, signed in or not
    assert [r["id"] for r in listed] == [room["id"]]
    assert (await other.get(f"/api/rooms/{room['id']}")).json() == room
    assert (await other.get("/api/rooms?ruleset=mcr")).json() == []


async def test_rule_changes_table_settings_password_and_seed(client):
    await register(client, "dup")
    body = {
        "name": "Duplicate",
        "ruleset": "riichi",
        "preset": "majsoul-hanchan",
        "rules": {"red_fives": False},
        "table": {
            "move_seconds": 10,
            "bank_seconds": 60,
            "call_protection": False,
            "tactical_calls": True,
            "spectators": False,
        },
        "password": "letmein",
        "master_seed": SEED,
    }
    response = await client.post("/api/rooms", json=body)
    assert response.status_code == 201, response.text
    room = response.json()
    assert room["rules"]["red_fives"] is False and room["rules"]["length"] == 8
    assert room["table"]["move_seconds"] == 10 and room["table"]["tactical_calls"] is True
    assert room["has_password"] and room["supplied_seed"]
    text = (await client.get(f"/api/rooms/{room['id']}")).text + (
        await client.get("/api/rooms")
    ).text
    assert SEED not in text and "letmein" not in text


@pytest.mark.parametrize(
    ("change", "status", "code"),
    [
        ({"ruleset": "go"}, 422, "unknown_ruleset"),
        ({"preset": "wrc"}, 422, "unknown_preset"),
        ({"rules": {"length": 5}}, 422, "bad_rules"),
        ({"rules": {"no_such_rule": 1}}, 422, "bad_rules"),
        ({"master_seed": "xyz"}, 422, "bad_master_seed"),
        ({"table": {"move_seconds": 0}}, 422, "invalid_request"),
        ({"table": {"protection_delay": 99}}, 422, "invalid_request"),
        ({"name": ""}, 422, "invalid_request"),
        ({"seats": 3}, 422, "invalid_request"),
    ],
)
async def test_bad_rooms_are_refused_and_nothing_is_stored(client, change, status, code):
    await register(client, "picky")
    body = {"name": "R", "ruleset": "riichi", "preset": "majsoul-hanchan", **change}
    response = await client.post("/api/rooms", json=body)
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert error["code"] == code and error["message"]
    assert (await client.get("/api/rooms")).json() == []


async def test_signed_out_cannot_create(client):
    response = await client.post(
        "/api/rooms", json={"name": "R", "ruleset": "riichi", "preset": "majsoul-hanchan"}
    )
    assert response.status_code == 401


async def test_closing_is_for_the_owner_or_an_admin(client, other, app):
    await register(client, "owner")
    body = {"name": "R", "ruleset": "riichi", "preset": "majsoul-hanchan"}
    first = (await client.post("/api/rooms", json=body)).json()
    second = (await client.post("/api/rooms", json=body)).json()
    await register(other, "stranger")
    refused = await other.delete(f"/api/rooms/{first['id']}")
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "forbidden"
    closed = await client.delete(f"/api/rooms/{first['id']}")
    assert closed.status_code == 200 and closed.json()["status"] == "closed"
    assert [r["id"] for r in (await client.get("/api/rooms")).json()] == [second["id"]]
    await other.post("/api/auth/logout")
    await register(other, "root-admin")  # named in the test settings' admins
    assert (await other.delete(f"/api/rooms/{second['id']}")).json()["status"] == "closed"
    assert (await client.get("/api/rooms/999")).json()["error"]["code"] == "no_such_room"
