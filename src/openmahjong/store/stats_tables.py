"""The statistics summary tables (``openmahjong.stats``; migration 0008).

They are derived data: everything here is computed from the stored records of the games that
count (``Game.counts_for_stats``), added to when such a game ends and rebuilt from all records
by ``openmahjong stats rebuild``. Reading them never touches a record, which keeps
``/api/stats/...`` fast however many games are stored.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, BigInteger, ForeignKey, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from openmahjong.store.models import Base

__all__ = ["StatGame", "StatCounter", "StatActiveDay", "StatBestHand"]


class StatGame(Base):
    """A counted game already added to the summaries: adding it again changes nothing."""

    __tablename__ = "stat_games"

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    ruleset: Mapped[str] = mapped_column(String(32))
    #: The UTC day it finished on (``YYYY-MM-DD``).
    day: Mapped[str] = mapped_column(String(10))


class StatCounter(Base):
    """One running count: ``scope`` "player" (``subject`` a user id) or "day" (``subject`` a
    UTC date, ``YYYY-MM-DD``), per ruleset, under a ``name`` such as ``wins``, ``place:1`` or
    ``yaku:riichi`` (``docs/statistics.md`` lists them). Adding a game adds to counts in one
    statement per table, so two games ending at once never lose an update."""

    __tablename__ = "stat_counters"

    scope: Mapped[str] = mapped_column(String(8), primary_key=True)
    subject: Mapped[str] = mapped_column(String(24), primary_key=True)
    ruleset: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(128), primary_key=True)
    value: Mapped[int] = mapped_column(BigInteger, default=0)


class StatActiveDay(Base):
    """A player (not a bot seat) finished a counted game of ``ruleset`` on ``day``: the
    platform's active players per day and week are counts of these rows."""

    __tablename__ = "stat_active_days"

    day: Mapped[str] = mapped_column(String(10), primary_key=True)
    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    ruleset: Mapped[str] = mapped_column(String(32), primary_key=True)
    #: The Monday of ``day``'s ISO week: active players per week count distinct users by it.
    week: Mapped[str] = mapped_column(String(10), index=True)


class StatBestHand(Base):
    """One of a player's best winning hands in a ruleset (the top ``stats.BEST_HANDS`` by
    value; ties go to the earlier hand)."""

    __tablename__ = "stat_best_hands"
    __table_args__ = (Index("ix_stat_best_hands_user_ruleset", "user_id", "ruleset"),)

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    #: The hand's position in the record's ``hands`` (0-based) and the winner's table seat.
    hand_index: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    ruleset: Mapped[str] = mapped_column(String(32))
    value: Mapped[int] = mapped_column(Integer)
    #: The hand's label (``E2-1``), its yaku or fans and the winning tile, as the API shows it.
    detail: Mapped[dict[str, Any]] = mapped_column(JSON)
