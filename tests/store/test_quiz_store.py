"""The fan quiz's stored side on SQLite and PostgreSQL: ranked matches move Elo ratings per
pool (each match from the ratings the last one left), wins/losses/draws are counted, the
rounds are kept, the leaderboard and a player's history read them back."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from openmahjong.quiz import store
from openmahjong.quiz.game import Match, ranked
from openmahjong.store import Database, User
from openmahjong.store.quiz_models import QuizRound

pytestmark = pytest.mark.asyncio

T0 = 1000.0


def finished(pool: str, a: int, b: int, winners: list[int | None], seed: int = 1) -> Match:
    """A ranked match whose rounds are won by ``winners`` in turn (None: the time runs out)."""
    m = Match(ranked(pool), (a, b), seed=seed)
    now = T0
    for w in winners:
        r = m.next_round(now)
        if w is None:
            r.expire(now + 60)
        else:
            r.guess(w, r.answer.id, now + 3)
        now += 70
    assert m.over
    return m


async def test_ratings_move_per_pool_from_the_last_match(database: Database):
    async with database.session() as s:
        users = [User(name=n, name_key=n) for n in ("ann", "ben", "cat")]
        s.add_all(users)
        await s.flush()
        a, b, c = (u.id for u in users)
        # equal ratings: 16 moves; then 1016 beats 984: expected 0.546, 32 x 0.454 -> 15
        one = await store.record_match(s, finished("riichi", a, b, [a, a, a]))
        assert one["ratings"] == {
            str(a): {"before": 1000, "after": 1016},
            str(b): {"before": 1000, "after": 984},
        }
        two = await store.record_match(s, finished("riichi", b, a, [a, b, a, a], seed=2))
        assert two["ratings"][str(a)] == {"before": 1016, "after": 1031}
        assert two["ratings"][str(b)] == {"before": 984, "after": 969}
        # the other pool has its own ratings, from 1000
        await store.record_match(s, finished("mcr+riichi", a, b, [b, b, b], seed=3))
        # a draw (1-1 after five rounds) moves one point from 1031 to 1000: round(32 x -0.045)
        await store.record_match(s, finished("riichi", a, c, [a, None, c, None, None], seed=4))
        with pytest.raises(ValueError, match="finished"):
            await store.record_match(s, Match(ranked("riichi"), (a, c), seed=5))
    async with database.session() as s:
        board = await store.leaderboard(s, "riichi")
        assert [(p["name"], p["rating"], p["wins"], p["losses"], p["draws"]) for p in board] == [
            ("ann", 1030, 2, 0, 1),
            ("cat", 1001, 0, 0, 1),
            ("ben", 969, 0, 2, 0),
        ]
        mixed = await store.leaderboard(s, "mcr+riichi")
        assert [(p["name"], p["rating"]) for p in mixed] == [("ben", 1016), ("ann", 984)]
        assert await store.rating(s, c, "mcr+riichi") == 1000  # never played there
        history = await store.matches_of(s, a)
        assert [(h["pool"], h["score"], h["result"], h["change"]) for h in history] == [
            ("riichi", [1, 1], 0.5, -1),
            ("mcr+riichi", [0, 3], 0.0, -16),
            ("riichi", [3, 1], 1.0, 15),
            ("riichi", [3, 0], 1.0, 16),
        ]
        rounds = (await s.scalars(select(QuizRound))).all()
        assert len(rounds) == 3 + 4 + 3 + 5
        assert {r.end_reason for r in rounds} == {"solved", "time"}
        with pytest.raises(ValueError, match="unknown quiz pool"):
            await store.leaderboard(s, "sichuan")
