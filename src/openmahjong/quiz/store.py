"""The quiz's stored side: ratings per pool, a finished ranked match with its rounds, and the
leaderboard. Only matchmaking is stored and rated (platform guide §7.6, §7.7)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from openmahjong.quiz import elo
from openmahjong.quiz.catalogue import POOLS
from openmahjong.quiz.game import Match
from openmahjong.store.models import User
from openmahjong.store.quiz_models import QuizMatch, QuizRating, QuizRound

__all__ = ["leaderboard", "matches_of", "rating", "record_match"]


async def _row(db: AsyncSession, user_id: int, pool: str) -> QuizRating:
    row = await db.get(QuizRating, (user_id, pool))
    if row is None:
        row = QuizRating(user_id=user_id, pool=pool, rating=elo.START, wins=0, losses=0, draws=0)
        db.add(row)
    return row


async def rating(db: AsyncSession, user_id: int, pool: str) -> int:
    """The player's rating in ``pool`` (``elo.START`` before their first match)."""
    row = await db.get(QuizRating, (user_id, pool))
    return elo.START if row is None else row.rating


async def record_match(db: AsyncSession, match: Match) -> dict[str, Any]:
    """Store a finished ranked match and move both ratings; returns each player's rating
    before and after, by user id."""
    if not match.over:
        raise ValueError("only a finished match is recorded")
    a, b = match.players
    pool = match.settings.pool
    row_a, row_b = await _row(db, a, pool), await _row(db, b, pool)
    result_a = match.result(a)
    assert result_a is not None
    before_a, before_b = row_a.rating, row_b.rating
    row_a.rating, row_b.rating = elo.rate(before_a, before_b, result_a)
    for row, result in ((row_a, result_a), (row_b, 1 - result_a)):
        if result == 1:
            row.wins += 1
        elif result == 0:
            row.losses += 1
        else:
            row.draws += 1
    stored = QuizMatch(
        pool=pool,
        player_a=a,
        player_b=b,
        score_a=match.wins(a),
        score_b=match.wins(b),
        result_a=round(result_a * 10),
        rating_a=before_a,
        rating_b=before_b,
        change_a=row_a.rating - before_a,
        seed=match.seed,
    )
    db.add(stored)
    await db.flush()
    for number, r in enumerate(match.rounds, start=1):
        db.add(
            QuizRound(
                match_id=stored.id,
                number=number,
                pattern=r.answer.id,
                value=str(r.value),
                winner_id=r.winner,
                end_reason=r.end_reason or "time",
                guesses={str(p): [g.pattern.id for g in r.guesses[p]] for p in r.players},
            )
        )
    return {
        "match": stored.id,
        "ratings": {
            str(a): {"before": before_a, "after": row_a.rating},
            str(b): {"before": before_b, "after": row_b.rating},
        },
    }


async def leaderboard(db: AsyncSession, pool: str, limit: int = 100) -> list[dict[str, Any]]:
    """The pool's players by rating, highest first (ties: more wins, then the earlier id)."""
    if pool not in POOLS:
        raise ValueError(f"unknown quiz pool {pool!r}")
    rows = await db.execute(
        select(QuizRating, User.name)
        .join(User, User.id == QuizRating.user_id)
        .where(QuizRating.pool == pool)
        .order_by(QuizRating.rating.desc(), QuizRating.wins.desc(), QuizRating.user_id)
        .limit(limit)
    )
    return [
        {
            "rank": i,
            "user_id": r.user_id,
            "name": name,
            "rating": r.rating,
            "wins": r.wins,
            "losses": r.losses,
            "draws": r.draws,
            "matches": r.wins + r.losses + r.draws,
        }
        for i, (r, name) in enumerate(rows.all(), start=1)
    ]


async def matches_of(db: AsyncSession, user_id: int, limit: int = 20) -> list[dict[str, Any]]:
    """A player's latest ranked matches, newest first (the history)."""
    rows = await db.scalars(
        select(QuizMatch)
        .where((QuizMatch.player_a == user_id) | (QuizMatch.player_b == user_id))
        .order_by(QuizMatch.id.desc())
        .limit(limit)
    )
    out = []
    for m in rows:
        mine_a = m.player_a == user_id
        out.append(
            {
                "id": m.id,
                "pool": m.pool,
                "opponent": m.player_b if mine_a else m.player_a,
                "score": [m.score_a, m.score_b] if mine_a else [m.score_b, m.score_a],
                "result": (m.result_a if mine_a else 10 - m.result_a) / 10,
                "change": m.change_a if mine_a else -m.change_a,
                "ended_at": m.ended_at.isoformat(),
            }
        )
    return out
