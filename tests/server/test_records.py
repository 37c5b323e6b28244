"""Records over HTTP: the list of finished games, one record, a player's page."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
from server_helpers import register

from openmahjong.store import games as g
from openmahjong.store.models import Rating

pytestmark = pytest.mark.asyncio

T0 = datetime(2026, 3, 1, 12, tzinfo=UTC)


async def _play(app, seats, ruleset="riichi", hour=0, places=(1, 2, 3, 4), finish=True) -> int:
    """Store a game as a room would: header, seats, actions, then the result."""
    async with app.state.om.db.session() as s:
        game = await g.create_game(
            s,
            ruleset=ruleset,
            preset="MAJSOUL_HANCHAN" if ruleset == "riichi" else None,
            header={"options": {}, "player_entry_order": [x.user_id for x in seats]},
            seats=seats,
            commitment="98765",
            salt="00ff",
            master_seed="cd" * 32,
            started_at=T0 + timedelta(hours=hour),
        )
        await g.append_action(s, game.id, 1, 0, {"type": "discard", "tile": 45, "riichi": False})
        await g.append_action(s, game.id, 2, 1, {"type": "pass"})
        if finish:
            await g.finish_game(
                s,
                game.id,
                [g.SeatResult(i, 30000 - 5000 * i, p) for i, p in enumerate(places)],
                finished_at=T0 + timedelta(hours=hour, minutes=40),
            )
        return game.id


@pytest.fixture
def table():
    def seats(*players):
        names = [*players, *[f"cpu{i}" for i in range(4 - len(players))]]
        return [
            g.SeatEntry(
                i,
                p if isinstance(p, str) else p["name"],
                user_id=None if isinstance(p, str) else p["id"],
                is_bot=isinstance(p, str),
            )
            for i, p in enumerate(names)
        ]

    return seats


async def test_games_are_listed_newest_first_with_filters(app, client, table):
    alice = (await register(client, "alice"))["user"]
    first = await _play(app, table(alice), hour=0, places=(2, 1, 3, 4))
    second = await _play(app, table(), ruleset="mcr", hour=1)
    third = await _play(app, table(alice), ruleset="mcr", hour=2)
    await _play(app, table(alice), hour=3, finish=False)  # still live: not listed

    listed = (await client.get("/api/games")).json()
    assert [x["id"] for x in listed["games"]] == [third, second, first]
    assert listed["next_before"] is None
    top = listed["games"][0]
    assert top["ruleset"] == "mcr" and top["has_bots"] and top["status"] == "finished"
    assert top["record_url"] == f"/api/games/{third}/record"
    assert [(s["seat"], s["name"], s["placement"]) for s in top["seats"]][:2] == [
        (0, "alice", 1),
        (1, "cpu0", 2),
    ]

    page = (await client.get("/api/games?limit=2")).json()
    assert [x["id"] for x in page["games"]] == [third, second] and page["next_before"] == second
    rest = (await client.get(f"/api/games?limit=2&before={second}")).json()
    assert [x["id"] for x in rest["games"]] == [first]

    by_id = (await client.get(f"/api/games?player={alice['id']}")).json()["games"]
    by_name = (await client.get("/api/games?player=ALICE")).json()["games"]
    assert [x["id"] for x in by_id] == [x["id"] for x in by_name] == [third, first]
    riichi = (await client.get("/api/games?ruleset=riichi")).json()["games"]
    assert [x["id"] for x in riichi] == [first]
    assert (await client.get("/api/games?player=nobody")).json()["games"] == []


@pytest.mark.parametrize("query", ["limit=0", "limit=101", "limit=ten", "before=0"])
async def test_bad_list_queries_are_refused(client, query):
    response = await client.get(f"/api/games?{query}")
    assert response.status_code == 422
    assert response.json()["error"]["code"] == "invalid_request"


async def test_record_is_the_stored_document(app, client, table):
    game_id = await _play(app, table())
    response = await client.get(f"/api/games/{game_id}/record")
    assert response.status_code == 200
    record = response.json()
    async with app.state.om.db.session() as s:
        stored = (await g.get_game(s, game_id)).record
    assert record == stored
    assert record["header"]["master_seed"] == "cd" * 32
    assert record["actions"] == [
        [0, {"type": "discard", "tile": 45, "riichi": False}],
        [1, {"type": "pass"}],
    ]
    summary = (await client.get(f"/api/games/{game_id}")).json()
    assert summary["id"] == game_id and len(summary["seats"]) == 4


async def test_live_unknown_and_unexported_records(app, client, table):
    live = await _play(app, table(), finish=False)
    response = await client.get(f"/api/games/{live}/record")
    assert response.status_code == 409 and response.json()["error"]["code"] == "game_in_progress"
    assert "cd" * 32 not in response.text  # the seed stays secret while the game is live
    missing = await client.get("/api/games/999/record")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "no_such_game"
    done = await _play(app, table())  # a log-built record: no per-hand summaries to export
    export = await client.get(f"/api/games/{done}/record?format=tenhou6")
    assert export.status_code == 422 and export.json()["error"]["code"] == "export_failed"
    mcr = await _play(app, table(), ruleset="mcr")
    export = await client.get(f"/api/games/{mcr}/record?format=mjai")
    assert export.status_code == 422 and export.json()["error"]["code"] == "export_unsupported"
    unknown = await client.get(f"/api/games/{done}/record?format=pdf")
    assert unknown.status_code == 422


async def test_player_page(app, client, table):
    bob = (await register(client, "bob"))["user"]
    await client.post("/api/auth/email", json={"email": "bob@example.org"})
    await _play(app, table(bob), places=(1, 2, 3, 4))
    await _play(app, table(bob), hour=1, places=(4, 1, 2, 3))
    async with app.state.om.db.session() as s:
        s.add(Rating(user_id=bob["id"], ruleset="riichi", category="hanchan", rating=1520.0))
    page = await client.get(f"/api/players/{bob['id']}")
    assert page.status_code == 200
    body = page.json()
    assert body["name"] == "bob" and not body["is_guest"]
    assert "email" not in body and "role" not in body  # public page, private fields stay out
    assert body["stats"]["games"] == 2
    assert body["stats"]["placements"] == {"1": 1, "4": 1}
    assert body["stats"]["average_placement"] == 2.5
    assert [r["rating"] for r in body["ratings"]] == [1520.0]
    assert len(body["recent_games"]) == 2
    assert (await client.get("/api/players/999")).json()["error"]["code"] == "no_such_player"


@pytest.fixture(scope="module")
def bot_match():
    from openmahjong.bots.selfplay import play_match, selfplay_seed
    from openmahjong.rules.riichi.game.options import preset

    master_seed, salt = selfplay_seed(11, 0)
    return play_match(preset("majsoul-tonpuu"), master_seed, salt=salt, bots="efficiency")


async def _store_match(app, match) -> int:
    from openmahjong.fairness import format_master_seed
    from openmahjong.rules.riichi.game.match import split_entry

    live = match.record(reveal=False)
    final = match.record()
    async with app.state.om.db.session() as s:
        game = await g.create_game(
            s,
            ruleset="riichi",
            preset="majsoul-tonpuu",
            header=live["header"],
            seats=[
                g.SeatEntry(i, n, is_bot=True) for i, n in enumerate(final["header"]["players"])
            ],
            commitment=live["header"]["commitment"],
            salt=live["header"]["salt"],
            master_seed=format_master_seed(match.master_seed),
        )
        for seq, entry in enumerate(live["actions"], start=1):
            seat, action, flags = split_entry(entry)
            await g.append_action(s, game.id, seq, seat, action, timeout="timeout" in flags)
        places = final["result"]["places"]
        points = final["result"]["final_points"]
        await g.finish_game(
            s,
            game.id,
            [g.SeatResult(i, points[i], places[i]) for i in range(4)],
            record=final,
        )
        return game.id


async def test_records_export_to_tenhou6_and_mjai(app, client, bot_match):
    game_id = await _store_match(app, bot_match)
    ours = (await client.get(f"/api/games/{game_id}/record")).json()
    assert ours["header"]["master_seed"] and len(ours["actions"]) == len(bot_match.log)

    tenhou = await client.get(f"/api/games/{game_id}/record?format=tenhou6")
    assert tenhou.status_code == 200, tenhou.text
    assert tenhou.headers["content-type"].startswith("application/json")
    document = tenhou.json()
    assert len(document["log"]) == len(bot_match.hands)  # one entry per hand played

    mjai = await client.get(f"/api/games/{game_id}/record?format=mjai")
    assert mjai.status_code == 200 and mjai.headers["content-type"].startswith(
        "application/x-ndjson"
    )
    events = [json.loads(line) for line in mjai.text.splitlines() if line.strip()]
    kinds = [e["type"] for e in events]
    assert kinds[0] == "start_game" and kinds[-1] == "end_game"
    assert kinds.count("start_kyoku") == len(bot_match.hands)
