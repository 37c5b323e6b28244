"""Seeded games of known outcomes for the ranks tests."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from sqlalchemy import select

from openmahjong import ranks
from openmahjong.store import Database, User
from openmahjong.store import games as g
from openmahjong.store.models import RankEvent, Rating

T0 = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)
OPTIONS = {
    ("riichi", "majsoul-hanchan"): {"length": 8, "starting_points": 25000},
    ("riichi", "majsoul-tonpuu"): {"length": 4, "starting_points": 25000},
    ("sichuan", "majsoul-bloodshed"): {"hands": 4, "starting_points": 50000},
    ("mcr", "mcr-4rounds"): {"rounds": 4, "starting_points": 0},
}


async def users(db: Database, *names: str) -> list[int]:
    async with db.session() as s:
        rows = [User(name=n, name_key=n.lower()) for n in names]
        s.add_all(rows)
        await s.flush()
        return [u.id for u in rows]


async def play(
    db: Database,
    players: Sequence[int | None],
    scores: Sequence[int],
    *,
    ruleset: str = "riichi",
    preset: str = "majsoul-hanchan",
    tier: str | None = "gold",
    when: datetime = T0,
    casual: bool = False,
    supplied_seed: bool = False,
    record: bool = True,
) -> int:
    """Store a finished four-seat game (``None``: a bot seat) with these final scores (seat
    order; placement by score, the earlier seat first on a tie) and, unless told otherwise,
    apply it to ranks the way the server does when a game ends."""
    order = sorted(range(4), key=lambda i: (-scores[i], i))
    places = {seat: place + 1 for place, seat in enumerate(order)}
    async with db.session() as s:
        game = await g.create_game(
            s,
            ruleset=ruleset,
            preset=preset,
            header={"options": OPTIONS[(ruleset, preset)]},
            seats=[
                g.SeatEntry(i, f"p{i}", user_id=uid, is_bot=uid is None)
                for i, uid in enumerate(players)
            ],
            commitment="1",
            salt="00",
            master_seed="ab" * 32,
            started_at=when - timedelta(minutes=20),
            casual=casual,
            supplied_seed=supplied_seed,
            tier=tier,
        )
        await g.finish_game(
            s,
            game.id,
            [g.SeatResult(i, scores[i], places[i]) for i in range(4)],
            finished_at=when,
        )
        if record:
            await ranks.record_game(s, game.id)
        return game.id


async def snapshot(db: Database) -> tuple[list[tuple], list[tuple]]:
    """Every ratings row and rank event, without the write times."""
    async with db.session() as s:
        ratings = [
            (
                r.user_id,
                r.ruleset,
                r.category,
                r.rank,
                r.rank_step,
                r.rank_points,
                round(r.mu, 9),
                round(r.sigma, 9),
                round(r.rating, 9),
                r.games_played,
                r.ranked_games,
            )
            for r in await s.scalars(select(Rating).order_by(Rating.user_id, Rating.ruleset))
        ]
        events = [
            (
                e.game_id,
                e.user_id,
                e.rank_before,
                e.rank_after,
                e.points_after,
                e.rank_delta,
                round(e.mu_after, 9),
                round(e.sigma_after, 9),
            )
            for e in await s.scalars(
                select(RankEvent).order_by(RankEvent.game_id, RankEvent.user_id)
            )
        ]
    return ratings, events


async def rating(db: Database, user_id: int, ruleset: str = "riichi") -> Rating | None:
    async with db.session() as s:
        return await s.get(Rating, (user_id, ruleset, "default"))


async def set_rank(db: Database, user_id: int, rank: str, points: int, ruleset: str = "riichi"):
    """Put a player at ``rank`` with ``points`` (a test's starting position)."""
    ladder = ranks.ladder_for(ruleset)
    async with db.session() as s:
        row = await s.get(Rating, (user_id, ruleset, "default"))
        if row is None:
            row = Rating(user_id=user_id, ruleset=ruleset, category="default")
            s.add(row)
        row.rank = rank
        row.rank_step = ladder.index(rank)
        row.rank_points = points
        row.mu, row.sigma, row.rating = 25.0, 25.0 / 3, 0.0
        row.games_played = row.ranked_games = 0
