"""Duplicate sets: every table opened with a set's key deals the same walls (the same seed
and salt), nobody can learn them before playing (no route, message or list shows a table's
seed, record or result while the set is open), and after the set closes every table reveals
the seed, verifies, and the set shows them side by side hand by hand. On SQLite and
PostgreSQL."""

from __future__ import annotations

import io
import json
import zipfile
from datetime import UTC, datetime, timedelta

import httpx
import pytest
import pytest_asyncio
from records_helpers import riichi_record, settings_on, store_finished
from server_helpers import register
from test_room_play import FAST, make_room, players, seat_everyone

from openmahjong import fairness
from openmahjong.store import duplicates as dup
from openmahjong.store.record_models import DuplicateSet

pytestmark = pytest.mark.asyncio

SET = {"name": "Friday duplicate", "ruleset": "riichi", "preset": "majsoul-tonpuu"}


@pytest_asyncio.fixture(params=["sqlite", "postgresql"])
async def settings(request, tmp_path):
    async with settings_on(request.param, tmp_path) as s:
        yield s


async def _organiser(client: httpx.AsyncClient, name: str = "orga") -> dict:
    return await register(client, name)


async def _new_set(client: httpx.AsyncClient, **extra) -> dict:
    r = await client.post("/api/duplicates", json={**SET, **extra})
    assert r.status_code == 201, r.text
    return r.json()


async def _set_row(app, key: str) -> DuplicateSet:
    async with app.state.om.db.session() as s:
        row = await s.get(DuplicateSet, key)
        assert row is not None
        return row


async def _play_table(live: str, key: str) -> tuple[dict, dict, dict]:
    """One guest and three bots play a table of the set to its end: its game_start, first
    view and game_end messages."""
    [me] = await players(live, 1)
    room = await make_room(live, me.token, FAST, duplicate_key=key)
    await seat_everyone(room, [me], bots=3)
    start = await me.next("game_start")
    view = await me.next("view")
    end = await me.autoplay()
    await me.close()
    return start, view, end


async def _probe(client: httpx.AsyncClient, game: int, player: int, key: str) -> str:
    """Every public route that shows a game, as one text; each answer checked."""
    texts = []
    for url in (
        f"/api/games/{game}",
        f"/api/games/{game}/record",
        f"/api/games/{game}/check",
        f"/api/games/{game}/record?format=mjai",
    ):
        r = await client.get(url)
        assert r.status_code == 409 and r.json()["error"]["code"] == "duplicate_sealed", url
        texts.append(r.text)
    listed = (await client.get("/api/games?limit=100")).json()
    assert game not in [x["id"] for x in listed["games"]]
    page = (await client.get(f"/api/players/{player}")).json()
    assert game not in [x["id"] for x in page["recent_games"]]
    today = datetime.now(UTC).date().isoformat()
    bulk = await client.get(f"/api/records/bulk?day={today}&ruleset=riichi")
    with zipfile.ZipFile(io.BytesIO(bulk.content)) as z:
        manifest = json.loads(z.read("manifest.json"))
        assert game not in manifest["games"] and z.namelist() == ["manifest.json"]
    state = (await client.get(f"/api/duplicates/{key}")).json()
    stats = (await client.get(f"/api/stats/players/{player}")).json()
    best = [b for r in stats.get("rulesets", {}).values() for b in r.get("best_hands", [])]
    assert game not in [b["game_id"] for b in best]
    texts += [json.dumps(listed), json.dumps(page), json.dumps(state), json.dumps(stats)]
    return "\n".join(texts)


async def test_tables_share_walls_and_nothing_leaks_before_close(app, live, client):
    await _organiser(client)
    created = await _new_set(client)
    key = created["key"]
    assert created["state"] == "open" and created["master_seed"] is None
    row = await _set_row(app, key)
    assert created["commitment"] == fairness.format_commitment(
        fairness.commitment(fairness.parse_master_seed(row.master_seed), row.salt)
    )

    first = await _play_table(live, key)
    second = await _play_table(live, key)
    for start, _view, end in (first, second):
        # The commitment and salt are the set's at every table; the seed is not told.
        assert (start["commitment"], start["salt"]) == (created["commitment"], created["salt"])
        assert end["master_seed"] is None and end["duplicate_key"] == key
    # The same seat got the same dealt hand at both tables: the same wall.
    assert first[1]["seat"] == second[1]["seat"]
    assert first[1]["view"]["hand"] == second[1]["view"]["hand"]
    games = [first[0]["game"], second[0]["game"]]

    # Probes before close: nothing shows the seed, a record or a result.
    seed = row.master_seed
    seed_int = str(fairness.parse_master_seed(seed))
    anyone = app.state.om
    async with httpx.AsyncClient(base_url=f"http://{live}") as stranger:
        for game in games:
            async with anyone.db.session() as s:
                from sqlalchemy import select

                from openmahjong.store.models import GameSeat

                player = await s.scalar(
                    select(GameSeat.user_id).where(
                        GameSeat.game_id == game, GameSeat.user_id.is_not(None)
                    )
                )
            seen = await _probe(stranger, game, player, key)
            assert seed not in seen and seed_int not in seen
    state = (await client.get(f"/api/duplicates/{key}")).json()
    assert state["state"] == "open" and state["master_seed"] is None and state["hands"] == []
    assert [t["game_id"] for t in state["tables"]] == games
    assert all(
        s["score"] is None and s["placement"] is None for t in state["tables"] for s in t["seats"]
    )
    assert all(t["record_url"] is None for t in state["tables"])

    # Close: the seed, every record, its check, and the hands side by side.
    closed = (await client.post(f"/api/duplicates/{key}/close")).json()
    assert closed["state"] == "closed" and closed["master_seed"] == seed
    assert all(t["commitment_ok"] is True for t in closed["tables"])
    assert all(s["placement"] in (1, 2, 3, 4) for t in closed["tables"] for s in t["seats"])
    for game in games:
        record = (await client.get(f"/api/games/{game}/record")).json()
        assert record["header"]["master_seed"] == seed
        assert record["header"]["commitment"] == created["commitment"]
        check = (await client.get(f"/api/games/{game}/check")).json()
        assert check["ok"] is True and check["fairness"]["commitment"] is True
    records = [(await client.get(f"/api/games/{g}/record")).json() for g in games]
    hands = closed["hands"]
    assert len(hands) == max(len(r["hands"]) for r in records)
    for row_ in hands:
        assert [t["game_id"] if t else None for t in row_["tables"]][:1] == [games[0]]
        n = row_["hand"] - 1
        for table, record in zip(row_["tables"], records, strict=True):
            if n < len(record["hands"]):
                summary = record["hands"][n]
                assert table["label"] == summary["label"] and table["deltas"] == summary["deltas"]
                assert [w["seat"] for w in table["wins"]] == [
                    w["seat"] for w in summary.get("wins", [])
                ]
    listed = [x["id"] for x in (await client.get("/api/games?limit=100")).json()["games"]]
    assert set(games) <= set(listed)


async def test_a_player_plays_one_table_of_a_set(app, live, client):
    await _organiser(client)
    key = (await _new_set(client))["key"]
    [me] = await players(live, 1)
    room = await make_room(live, me.token, FAST, duplicate_key=key)
    await seat_everyone(room, [me], bots=3)
    await me.next("game_start")
    await me.autoplay()
    again = await make_room(live, me.token, FAST, duplicate_key=key)
    await seat_everyone(again, [me], bots=3)
    refused = await me.next("error")
    assert refused["code"] == "duplicate_played" and "know its walls" in refused["message"]
    await me.close()


async def test_a_closing_set_stays_sealed_while_a_table_plays(app, client):
    """Past its closing time a set takes no table, but a table still playing keeps it sealed;
    it closes when that table ends."""
    await _organiser(client)
    created = await _new_set(client, closes_at=(datetime.now(UTC) + timedelta(hours=1)).isoformat())
    key = created["key"]
    db = app.state.om.db
    done = await store_finished(db, riichi_record(1), finished_at=datetime.now(UTC))
    from openmahjong.store import games as g

    async with db.session() as s:
        await dup.link_game(s, key, done)
        live_game = await g.create_game(
            s,
            ruleset="riichi",
            header={},
            seats=[g.SeatEntry(i, f"p{i}") for i in range(4)],
            commitment=created["commitment"],
            salt=created["salt"],
            master_seed="ab",
        )
        await dup.link_game(s, key, live_game.id)
        row = await s.get(DuplicateSet, key)
        row.closes_at = datetime.now(UTC) - timedelta(seconds=1)
    state = (await client.get(f"/api/duplicates/{key}")).json()
    assert state["state"] == "closing" and state["master_seed"] is None
    assert (await client.get(f"/api/games/{done}/record")).status_code == 409
    r = await client.post("/api/rooms", json={**SET, "name": "late", "duplicate_key": key})
    assert r.status_code == 409 and r.json()["error"]["code"] == "duplicate_closed"
    async with db.session() as s:
        await g.finish_game(s, live_game.id, [g.SeatResult(i, 25000, i + 1) for i in range(4)])
    state = (await client.get(f"/api/duplicates/{key}")).json()
    assert state["state"] == "closed" and state["master_seed"] is not None
    assert (await client.get(f"/api/games/{done}/record")).status_code == 200


async def test_who_may_create_open_tables_and_close(app, client, other):
    r = await client.post("/api/duplicates", json=SET)
    assert r.status_code == 401
    await other.post("/api/auth/guest", json={})
    r = await other.post("/api/duplicates", json=SET)
    assert r.status_code == 403 and r.json()["error"]["code"] == "organiser_account"
    await _organiser(client)
    for bad, code in (
        ({"ruleset": "go"}, "unknown_ruleset"),
        ({"preset": "nope"}, "unknown_preset"),
        ({"rules": {"red_fives": "many"}}, "bad_rules"),
        ({"closes_at": "2020-01-01T00:00:00Z"}, "bad_closes_at"),
        ({"name": "   "}, "bad_duplicate_name"),
    ):
        r = await client.post("/api/duplicates", json={**SET, **bad})
        assert r.status_code == 422 and r.json()["error"]["code"] == code, (bad, r.text)
    r = await client.post("/api/duplicates", json={**SET, "extra": 1})
    assert r.status_code == 422
    key = (await _new_set(client))["key"]
    mine = (await client.get("/api/duplicates")).json()
    assert [s["key"] for s in mine] == [key]
    # A table must play the set's rules, and no seed of its own; nobody watches it.
    r = await other.post(
        "/api/rooms", json={**SET, "name": "t", "preset": "majsoul-hanchan", "duplicate_key": key}
    )
    assert r.status_code == 422 and r.json()["error"]["code"] == "duplicate_rules_differ"
    r = await other.post(
        "/api/rooms", json={**SET, "name": "t", "rules": {"red_fives": False}, "duplicate_key": key}
    )
    assert r.json()["error"]["code"] == "duplicate_rules_differ"
    r = await other.post(
        "/api/rooms", json={**SET, "name": "t", "duplicate_key": key, "master_seed": "ab" * 32}
    )
    assert r.json()["error"]["code"] == "duplicate_and_seed"
    r = await other.post("/api/rooms", json={**SET, "name": "t", "duplicate_key": "nokey"})
    assert r.status_code == 404 and r.json()["error"]["code"] == "no_such_duplicate"
    r = await other.post(
        "/api/rooms", json={**SET, "name": "t", "duplicate_key": key, "table": {"spectators": True}}
    )
    assert r.status_code == 201
    assert r.json()["duplicate_key"] == key and r.json()["table"]["spectators"] is False
    # Only the organiser (or an admin) closes.
    r = await other.post(f"/api/duplicates/{key}/close")
    assert r.status_code == 403
    assert (await client.get(f"/api/duplicates/{key}")).json()["state"] == "open"
    assert (await client.get("/api/duplicates/no-such")).status_code == 404
    assert (await client.get("/api/duplicates/bad key!")).status_code == 422


async def test_a_table_without_rules_plays_the_sets_rules(client, other):
    await _organiser(client)
    key = (await _new_set(client, rules={"red_fives": False}))["key"]
    await other.post("/api/auth/guest", json={})
    r = await other.post("/api/rooms", json={**SET, "name": "t", "duplicate_key": key})
    assert r.status_code == 201, r.text
    assert r.json()["rules"]["red_fives"] is False
    same = {**SET, "name": "t", "duplicate_key": key, "rules": {"red_fives": False}}
    assert (await other.post("/api/rooms", json=same)).status_code == 201
    differ = {**SET, "name": "t", "duplicate_key": key, "rules": {"red_fives": True}}
    r = await other.post("/api/rooms", json=differ)
    assert r.json()["error"]["code"] == "duplicate_rules_differ"
