"""The fan quiz's tables (issue 22): ratings per pool, ranked matches and their rounds.

Only matchmaking is stored (platform guide §7.6: private rooms and solo training record
nothing). Imported by ``openmahjong.store`` so the tables are on ``Base.metadata``
(migration ``*_quiz``).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from openmahjong.store.models import Base, UTCDateTime, utcnow

__all__ = ["QuizMatch", "QuizRating", "QuizRound"]


class QuizRating(Base):
    """A player's Elo rating in one pool ("riichi" or "mcr+riichi"), from 1000."""

    __tablename__ = "quiz_ratings"

    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    pool: Mapped[str] = mapped_column(String(16), primary_key=True)
    rating: Mapped[int] = mapped_column(Integer, default=1000)
    wins: Mapped[int] = mapped_column(Integer, default=0)
    losses: Mapped[int] = mapped_column(Integer, default=0)
    draws: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, onupdate=utcnow)


# The leaderboard reads one pool by rating.
Index("ix_quiz_ratings_pool_rating", QuizRating.pool, QuizRating.rating)


class QuizMatch(Base):
    """One ranked best-of-5 match and what it did to both ratings."""

    __tablename__ = "quiz_matches"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    pool: Mapped[str] = mapped_column(String(16))
    player_a: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), index=True
    )
    player_b: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), index=True
    )
    score_a: Mapped[int] = mapped_column(Integer)
    score_b: Mapped[int] = mapped_column(Integer)
    #: 1 A won, 0.5 drawn, 0 B won, as A's result in tenths: 10, 5 or 0.
    result_a: Mapped[int] = mapped_column(Integer)
    rating_a: Mapped[int] = mapped_column(Integer)  # before the match
    rating_b: Mapped[int] = mapped_column(Integer)
    change_a: Mapped[int] = mapped_column(Integer)  # B's change is -change_a
    seed: Mapped[int] = mapped_column(Integer)
    started_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    ended_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class QuizRound(Base):
    """One round of a stored match: the answer, who solved it and every guess."""

    __tablename__ = "quiz_rounds"

    match_id: Mapped[int] = mapped_column(
        ForeignKey("quiz_matches.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    pattern: Mapped[str] = mapped_column(String(64))
    value: Mapped[str] = mapped_column(String(16))
    winner_id: Mapped[int | None] = mapped_column(Integer)
    end_reason: Mapped[str] = mapped_column(String(16))
    #: {"<user id>": ["pattern id", ...]} in the order guessed.
    guesses: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
