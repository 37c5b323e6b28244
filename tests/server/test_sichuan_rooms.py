"""Sichuan Bloody through the registry on the server: listed for the lobby form with what the
client needs, and rooms made with its preset and its own options (checked by its model)."""

from __future__ import annotations

import pytest
from server_helpers import register

from openmahjong.rules.sichuan.game.options import SichuanOptions

pytestmark = pytest.mark.asyncio


async def test_the_lobby_lists_sichuan_with_its_preset_and_client_data(client):
    listed = (await client.get("/api/rooms/rulesets")).json()
    entry = listed["sichuan"]
    assert entry["seats"] == 4 and entry["presets"] == ["majsoul-bloodshed"]
    assert entry["wall"]["size"] == 108 and entry["wall"]["hand_number"] == "round_index"
    assert entry["wall"]["exchange_directions"] == ["clockwise", "counterclockwise", "across"]
    assert max(entry["wall"]["kinds"]) == 39  # no honors
    client_data = entry["client"]
    assert client_data["default_preset"] == "majsoul-bloodshed"
    assert client_data["table"]["exchange"]["count"] == 3
    assert client_data["table"]["void"] == ["m", "p", "s"]
    assert {"hands", "starting_points"} <= entry["options_schema"]["properties"].keys()
    assert entry["outside_formats"] == []
    info = (await client.get("/api/info")).json()
    assert "sichuan" in info["rulesets"]


async def test_a_room_is_made_with_the_preset_and_its_changes(client):
    await register(client, "host")
    body = {"name": "Bloodshed", "ruleset": "sichuan", "preset": "majsoul-bloodshed"}
    made = await client.post("/api/rooms", json={**body, "rules": {"starting_points": 30000}})
    assert made.status_code == 201, made.text
    room = made.json()
    assert room["ruleset"] == "sichuan" and room["preset"] == "majsoul-bloodshed"
    expected = SichuanOptions(name="majsoul-bloodshed", starting_points=30000).model_dump()
    assert room["rules"] == expected
    listed = (await client.get("/api/rooms?ruleset=sichuan")).json()
    assert [r["id"] for r in listed] == [room["id"]]


async def test_bad_sichuan_rules_are_refused(client):
    await register(client, "host")
    body = {"name": "Bloodshed", "ruleset": "sichuan", "preset": "majsoul-bloodshed"}
    for rules in ({"hands": 0}, {"red_fives": False}, {"starting_points": "lots"}):
        refused = await client.post("/api/rooms", json={**body, "rules": rules})
        assert refused.status_code == 422, rules
        assert refused.json()["error"]["code"] == "bad_rules"
    unknown = await client.post("/api/rooms", json={**body, "preset": "tenhou"})
    assert unknown.status_code == 422 and unknown.json()["error"]["code"] == "unknown_preset"
    assert (await client.get("/api/rooms")).json() == []
