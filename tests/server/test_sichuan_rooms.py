"""Sichuan Bloody through the registry on the server: listed for the lobby form with what the
client needs, rooms made with its preset and its own options (checked by its model), and its
stored games served and checked as ``replay check`` does."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from server_helpers import register
from tests.rules.sichuan.random_driver import play_randomly

from openmahjong.formats.verify import verify_record
from openmahjong.rules.sichuan.game.options import SichuanOptions
from openmahjong.store import games as g

pytestmark = pytest.mark.asyncio


async def test_the_lobby_lists_sichuan_with_its_preset_and_client_data(client):
    listed = (await client.get("/api/rooms/rulesets")).json()
    entry = listed["sichuan"]
    assert entry["seats"] == 4 and entry["presets"] == ["chengdu-xuezhan", "majsoul-bloodshed"]
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


# --------------------------------------------------------------------------- records


T0 = datetime(2026, 3, 1, 12, tzinfo=UTC)


def _self_played() -> dict:
    from openmahjong.rules.sichuan.game.ruleset import RULESET

    match = RULESET.new_match(["a", "b", "c", "d"], 2024, "5a17", "majsoul-bloodshed")
    return play_randomly(match, 2024).record()


async def _store(app, record: dict, *, with_record: bool) -> int:
    """Store a finished Sichuan game as a room would: header, the action log (timeouts kept),
    then the record, or none (the server rebuilds it from the log)."""
    header = record["header"]
    seats = [g.SeatEntry(i, name, is_bot=True) for i, name in enumerate(header["players"])]
    async with app.state.om.db.session() as s:
        game = await g.create_game(
            s,
            ruleset="sichuan",
            preset=header["preset"],
            header={k: v for k, v in header.items() if k != "master_seed"},
            seats=seats,
            commitment=header["commitment"],
            salt=header["salt"],
            master_seed=header["master_seed"],
            started_at=T0,
        )
        for seq, (_n, seat, action, *flags) in enumerate(record["actions"], start=1):
            await g.append_action(s, game.id, seq, seat, action, timeout="timeout" in flags)
        places = record["result"]["places"]
        points = record["result"]["final_points"]
        results = [g.SeatResult(i, points[i], places[i]) for i in range(4)]
        await g.finish_game(
            s, game.id, results, finished_at=T0, record=record if with_record else None
        )
        return game.id


@pytest.mark.parametrize("with_record", [True, False], ids=["record", "log-only"])
async def test_a_stored_sichuan_game_is_served_and_checks_ok(app, client, with_record):
    record = _self_played()
    game = await _store(app, record, with_record=with_record)
    check = (await client.get(f"/api/games/{game}/check")).json()
    assert check["status"] == "ok" and check["ok"], check
    assert check["fairness"] == {"seed_revealed": True, "commitment": True, "seating": True}
    served = (await client.get(f"/api/games/{game}/record")).json()
    assert served["header"]["ruleset"] == "sichuan"
    assert verify_record(served).status == "ok"
    if with_record:
        assert check["hands"] == check["hands_matched"] == 4
    exported = await client.get(f"/api/games/{game}/record", params={"format": "mjai"})
    assert exported.status_code == 422  # mjai describes no Sichuan game


# --------------------------------------------------------------------------- a game in a room


async def test_a_whole_game_in_a_room_with_three_bots(app, client):
    """One person (answering the exchange's choice with its suggestion) and three Sichuan
    bots play the four hands; the stored game checks ok."""
    from exchange_room import play_exchange_room

    played = await play_exchange_room(app, "sichuan", "majsoul-bloodshed", timeout=120)
    final = played.end["result"]["final_points"]
    assert played.choices == len(final) == 4  # one exchange a hand
    assert sum(final) == 4 * 50000
    check = played.check
    assert check["ok"] and check["hands"] == check["hands_matched"] == 4, check
