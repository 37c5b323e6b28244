"""Ranks and ratings written when a game ends, and rebuilt from the records (SQLite and
PostgreSQL)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from openmahjong import ranks
from openmahjong.store import Database
from tests.ranks.helpers import T0, play, rating, set_rank, snapshot, users

pytestmark = pytest.mark.asyncio


async def test_a_gold_south_game_gives_exact_rank_points(database: Database):
    a, b, c, d = await users(database, "ann", "bob", "cy", "dee")
    for uid in (a, b, c, d):
        await set_rank(database, uid, "expert-2", 700)
    await play(database, [a, b, c, d], [48200, 30000, 18700, 3100])
    # ann: ceil(23.2 + 15) = 39, +80 Gold South first
    assert (await rating(database, a)).rank_points == 700 + 39 + 80
    # bob: ceil(5 + 5) = 10, +40 second
    assert (await rating(database, b)).rank_points == 700 + 10 + 40
    # cy: ceil(-6.3 - 5) = -11
    assert (await rating(database, c)).rank_points == 700 - 11
    # dee: ceil(-21.9 - 15) = -36, and Expert 2 loses 100 for 4th in South
    assert (await rating(database, d)).rank_points == 700 - 36 - 100


async def test_promotion_and_demotion_edges_through_games(database: Database):
    a, b, c, d = await users(database, "ann", "bob", "cy", "dee")
    await set_rank(database, a, "adept-3", 900)  # needs 100 for Expert 1
    await set_rank(database, b, "master-1", 30)  # a 4th place demotes
    await set_rank(database, c, "adept-1", 5)  # cannot demote
    await set_rank(database, d, "novice-3", 150)
    # Silver East: ann first with 45,000: ceil(20 + 15) + 20 = 55 -> 955
    await play(
        database, [a, b, c, d], [45000, 5000, 20000, 30000], preset="majsoul-tonpuu", tier="silver"
    )
    assert (await rating(database, a)).rank_points == 955
    # bob 4th in East: ceil(-20 - 15) - 80 = -115 from 30: Expert 3 at its start (1000)
    row = await rating(database, b)
    assert (row.rank, row.rank_points) == ("expert-3", 1000)
    # cy 3rd: ceil(-5 - 5) = -10 from 5: stays Adept 1 at 0
    row = await rating(database, c)
    assert (row.rank, row.rank_points) == ("adept-1", 0)
    # dee 2nd: ceil(5 + 5) + 10 = 20 -> 170
    assert (await rating(database, d)).rank_points == 170
    # ann again first: 955 + 55 = 1010 >= 1000: Expert 1 at 600
    await play(
        database,
        [a, b, c, d],
        [45000, 5000, 20000, 30000],
        preset="majsoul-tonpuu",
        tier="silver",
        when=T0 + timedelta(hours=1),
    )
    row = await rating(database, a)
    assert (row.rank, row.rank_points) == ("expert-1", 600)


async def test_rating_orders_by_placement_and_uncertainty_shrinks(database: Database):
    a, b, c, d = await users(database, "ann", "bob", "cy", "dee")
    await play(database, [a, b, c, d], [40000, 30000, 20000, 10000], tier=None)
    rows = [await rating(database, u) for u in (a, b, c, d)]
    mus = [r.mu for r in rows]
    assert mus == sorted(mus, reverse=True) and mus[0] > 25 > mus[3]
    assert all(r.sigma < 25 / 3 for r in rows)
    # Unranked (no tier): the rating moved, the rank did not.
    assert all(r.rank == "novice-1" and r.rank_points == 0 and r.ranked_games == 0 for r in rows)
    before = rows[0].sigma
    await play(
        database, [a, b, c, d], [40000, 30000, 20000, 10000], tier=None, when=T0 + timedelta(1)
    )
    after = await rating(database, a)
    assert after.sigma < before and after.games_played == 2
    assert after.rating == pytest.approx(after.mu - 3 * after.sigma)


async def test_casual_and_supplied_seed_games_change_nothing(database: Database):
    a, b, c, d = await users(database, "ann", "bob", "cy", "dee")
    await play(database, [a, b, c, d], [40000, 30000, 20000, 10000], casual=True)
    await play(database, [a, b, c, d], [40000, 30000, 20000, 10000], supplied_seed=True)
    assert await snapshot(database) == ([], [])


async def test_bot_seats_are_not_rated_and_a_game_is_applied_once(database: Database):
    (a,) = await users(database, "ann")
    game = await play(database, [None, a, None, None], [10000, 40000, 30000, 20000])
    # First with 40,000 from Novice 1: ceil(15 + 15) + 80 = 110 >= 20: Novice 2 at 0.
    row = await rating(database, a)
    assert (row.rank, row.rank_points, row.games_played) == ("novice-2", 0, 1)
    async with database.session() as s:
        assert await ranks.record_game(s, game) == []  # again: nothing
    assert (await rating(database, a)).games_played == 1


async def test_rebuild_equals_incremental_and_is_idempotent(database: Database):
    ids = await users(database, *[f"p{i}" for i in range(6)])
    import random

    rng = random.Random(7)
    when = T0
    for n in range(40):
        table = rng.sample(ids, 4)
        if n % 7 == 3:
            table[rng.randrange(4)] = None  # a bot seat
        scores = [rng.randrange(-5, 60) * 1000 for _ in range(4)]
        preset, tier = rng.choice(
            [("majsoul-hanchan", "bronze"), ("majsoul-tonpuu", "silver"), ("majsoul-hanchan", None)]
        )
        when += timedelta(minutes=30)
        await play(database, table, scores, preset=preset, tier=tier, when=when)
    incremental = await snapshot(database)
    assert len(incremental[1]) > 100
    async with database.session() as s:
        counts = await ranks.rebuild(s)
    assert counts["games"] == 40
    assert await snapshot(database) == incremental
    async with database.session() as s:
        await ranks.rebuild(s)
    assert await snapshot(database) == incremental


async def test_rebuild_from_records_never_applied(database: Database):
    a, b, c, d = await users(database, "ann", "bob", "cy", "dee")
    await play(database, [a, b, c, d], [48200, 30000, 18700, 3100], record=False)
    assert await snapshot(database) == ([], [])
    async with database.session() as s:
        await ranks.rebuild(s)
    # From Novice 1: ann ceil(38.2) + 80 = 119 >= 20: Novice 2 at 0.
    row = await rating(database, a)
    assert (row.rank, row.rank_points) == ("novice-2", 0)


async def test_sichuan_uses_its_starting_points(database: Database):
    a, b, c, d = await users(database, "ann", "bob", "cy", "dee")
    for uid in (a, b, c, d):
        await set_rank(database, uid, "adept-2", 500, ruleset="sichuan")
    await play(
        database,
        [a, b, c, d],
        [71000, 52000, 45500, 31500],
        ruleset="sichuan",
        preset="majsoul-bloodshed",
        tier="bronze",
    )
    # ceil((71,000 - 50,000)/1000 + 15) + 10 (Bronze East) = 46
    assert (await rating(database, a, "sichuan")).rank_points == 546
    # ceil(-18.5 - 15) - 20 (Adept 2, East) = -33 - 20
    assert (await rating(database, d, "sichuan")).rank_points == 500 - 53
