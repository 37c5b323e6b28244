"""Ranks over HTTP and the play socket: the ladder, a player's ranks, public leaderboards
(paging, presets, periods), rank credit by admins with its audit log, and the tier gates of
the ranked matchmaking lines."""

from __future__ import annotations

from datetime import timedelta

import httpx
import pytest
import pytest_asyncio
from records_helpers import settings_on
from server_helpers import register
from sqlalchemy import func, select
from test_room_play import players
from tests.ranks.helpers import play, set_rank

from openmahjong.ranks import ladder_for
from openmahjong.store.models import QueueEntry, RankCredit, Rating, utcnow

pytestmark = pytest.mark.asyncio


@pytest_asyncio.fixture(params=["sqlite", "postgresql"])
async def settings(request, tmp_path):
    async with settings_on(
        request.param, tmp_path, admins=["root-admin"], matchmaking_bot_fill_seconds=None
    ) as s:
        yield s


def _code(response: httpx.Response) -> tuple[int, str]:
    return response.status_code, response.json()["error"]["code"]


async def _users(client: httpx.AsyncClient, *names: str) -> list[int]:
    ids = []
    for name in names:
        async with httpx.AsyncClient(
            transport=client._transport, base_url="http://testserver"
        ) as own:
            ids.append((await register(own, name))["user"]["id"])
    return ids


async def test_the_ladder_and_a_players_ranks(app, client):
    ladder = (await client.get("/api/ranks/riichi")).json()
    assert [s["key"] for s in ladder["steps"]][:4] == [
        "novice-1",
        "novice-2",
        "novice-3",
        "adept-1",
    ]
    assert ladder["gates"] == {
        "bronze": None,
        "silver": "adept-1",
        "gold": "expert-1",
        "jade": "master-1",
        "throne": "saint-1",
    }
    assert ladder["room_bonus"]["jade/south"] == [110, 55, 0, 0]
    assert (await client.get("/api/ranks/mcr")).json()["credit_cap"] == "level-1"
    assert _code(await client.get("/api/ranks/poker")) == (404, "no_ladder")
    (uid,) = await _users(client, "rankone")
    await set_rank(app.state.om.db, uid, "expert-1", 250)
    body = (await client.get(f"/api/players/{uid}/ranks")).json()
    riichi = next(r for r in body["ranks"] if r["ruleset"] == "riichi")
    assert (riichi["rank"], riichi["points"], riichi["bar"]) == ("expert-1", 250, 1200)
    assert riichi["tiers"]["gold"] == {"open": True, "needs": "expert-1"}
    assert riichi["tiers"]["jade"] == {"open": False, "needs": "master-1"}
    mcr = next(r for r in body["ranks"] if r["ruleset"] == "mcr")
    assert mcr["rank"] == "level-9" and mcr["sigma"] == pytest.approx(8.333, abs=1e-3)


async def test_leaderboards_page_by_rank_and_rating_per_preset_and_period(app, client):
    db = app.state.om.db
    ids = await _users(client, *[f"lb{i:02d}" for i in range(8)])
    now = utcnow()
    # Two tables now in the hanchan, one 20 days ago in the tonpuu.
    await play(db, ids[:4], [50000, 30000, 15000, 5000], when=now - timedelta(hours=1))
    await play(db, ids[4:], [45000, 35000, 12000, 8000], when=now - timedelta(minutes=30))
    await play(
        db,
        ids[:4],
        [10000, 20000, 30000, 40000],
        preset="majsoul-tonpuu",
        when=now - timedelta(days=20),
    )
    board = (await client.get("/api/leaderboards/riichi?page_size=3")).json()
    assert (board["total"], board["pages"], len(board["entries"])) == (8, 3, 3)
    every = []
    for page in (1, 2, 3):
        got = (await client.get(f"/api/leaderboards/riichi?page_size=3&page={page}")).json()
        every += got["entries"]
    assert [e["place"] for e in every] == list(range(1, 9))
    assert len({e["player_id"] for e in every}) == 8
    ladder = ladder_for("riichi")
    steps = [(ladder.index(e["rank"]), e["rank_points"]) for e in every]
    assert steps == sorted(steps, reverse=True)
    assert steps[0] > steps[-1]  # the seeded games spread them
    # The week keeps the hanchan players who played this week; the tonpuu game is older.
    week = (await client.get("/api/leaderboards/riichi?period=week")).json()
    assert week["total"] == 8
    tonpuu_week = (
        await client.get("/api/leaderboards/riichi?period=week&preset=majsoul-tonpuu")
    ).json()
    assert tonpuu_week["total"] == 0
    tonpuu_month = (
        await client.get("/api/leaderboards/riichi?period=month&preset=majsoul-tonpuu")
    ).json()
    assert tonpuu_month["total"] == 4 and all(e["games"] == 1 for e in tonpuu_month["entries"])
    by_rating = (await client.get("/api/leaderboards/riichi?by=rating")).json()["entries"]
    ratings = [e["rating"] for e in by_rating]
    assert ratings == sorted(ratings, reverse=True)
    assert _code(await client.get("/api/leaderboards/riichi?period=year"))[0] == 422
    assert _code(await client.get("/api/leaderboards/riichi?preset=nope")) == (
        404,
        "unknown_preset",
    )
    assert _code(await client.get("/api/leaderboards/riichi?page=0"))[0] == 422


async def _count(app, model) -> int:
    async with app.state.om.db.session() as s:
        return await s.scalar(select(func.count()).select_from(model)) or 0


async def test_rank_credit_by_an_admin_with_its_audit_log(app, client, other):
    await register(client, "root-admin")
    target = (await register(other, "certified"))["user"]["id"]
    grant = {
        "player": "certified",
        "kind": "rank",
        "ruleset": "mcr",
        "rank": "level-1",
        "certificate": "CMA amateur level 1, no. 2026-0042",
        "reason": "certificate checked against the issuer's register",
    }
    # A player may not grant.
    assert _code(await other.post("/api/admin/rank-credit", json=grant)) == (403, "forbidden")
    # Above the cap, missing reason, a ladder without credit: refused, nothing written.
    for bad, code in (
        ({**grant, "rank": "dan-1"}, "above_cap"),
        ({**grant, "reason": "  "}, "bad_reason"),
        ({**grant, "ruleset": "riichi", "rank": "adept-1"}, "no_credit"),
        ({**grant, "kind": "mcrpl"}, "bad_rank"),
    ):
        assert _code(await client.post("/api/admin/rank-credit", json=bad)) == (422, code)
    assert await _count(app, RankCredit) == 0 and await _count(app, Rating) == 0
    made = await client.post("/api/admin/rank-credit", json=grant)
    assert made.status_code == 201, made.text
    assert made.json()["granted_by"] == "root-admin"
    ranks = (await client.get(f"/api/players/{target}/ranks")).json()
    mcr = next(r for r in ranks["ranks"] if r["ruleset"] == "mcr")
    assert (mcr["rank"], mcr["points"]) == ("level-1", 180)  # Level 1's starting points
    assert not ranks["mcrpl_eligible"]
    eligibility = {
        "player_id": target,
        "kind": "mcrpl",
        "certificate": "MCR professional certificate P-17",
        "reason": "verified in the testing group",
    }
    assert (await client.post("/api/admin/rank-credit", json=eligibility)).status_code == 201
    assert (await client.get(f"/api/players/{target}/ranks")).json()["mcrpl_eligible"]
    log = (await client.get(f"/api/admin/rank-credit?player_id={target}")).json()
    assert [(c["kind"], c["rank"], c["granted_by"]) for c in log["credits"]] == [
        ("mcrpl", None, "root-admin"),
        ("rank", "level-1", "root-admin"),
    ]
    assert log["credits"][1]["reason"] == grant["reason"]
    assert _code(await other.get("/api/admin/rank-credit")) == (403, "forbidden")


async def test_a_rank_below_the_tier_gate_is_refused_and_changes_nothing(app, live):
    (novice, expert) = await players(live, 2)
    await novice.send(
        {"type": "queue", "ruleset": "riichi", "preset": "majsoul-tonpuu", "tier": "gold"}
    )
    refused = await novice.next("error")
    assert refused["code"] == "rank_too_low"
    assert (
        "the gold line needs expert-1 or higher on riichi; you are novice-1" in refused["message"]
    )
    assert await _count(app, QueueEntry) == 0
    assert not app.state.rooms.queues.get(("riichi", "majsoul-tonpuu", False, "gold"))
    # The casual line changes nothing: no gate there.
    await novice.send(
        {"type": "queue", "ruleset": "riichi", "preset": "majsoul-tonpuu", "casual": True}
    )
    assert (await novice.next("queued"))["casual"] is True
    # An Expert 1 may queue in Gold, and hears which tier they wait in.
    await set_rank(app.state.om.db, expert.user["id"], "expert-1", 0)
    await expert.send(
        {"type": "queue", "ruleset": "riichi", "preset": "majsoul-tonpuu", "tier": "gold"}
    )
    queued = await expert.next("queued")
    assert (queued["tier"], queued["waiting"]) == ("gold", 1)
    async with app.state.om.db.session() as s:
        stored = await s.scalar(select(QueueEntry).where(QueueEntry.user_id == expert.user["id"]))
        assert stored.tier == "gold"
    for c in (novice, expert):
        await c.close()
