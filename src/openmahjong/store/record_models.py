"""Tables around the public records: duplicate sets and their tables, favourites and private
notes on a record, and the bulk-download counts that quotas are checked against.

Imported by ``openmahjong.store`` so the tables are on ``Base.metadata`` (migration 0010).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from openmahjong.store.models import Base, UTCDateTime, utcnow

__all__ = ["DownloadCount", "DuplicateSet", "DuplicateTable", "GameFavourite", "GameNote"]


class DuplicateSet(Base):
    """One master seed and salt shared by every table started from ``key`` (duplicate play).

    The seed is secret until the set closes: its closing time has passed (the organiser's
    close sets it to now) and none of its tables is still being played. The commitment is
    public from the start."""

    __tablename__ = "duplicate_sets"

    #: The key tables are opened with (URL-safe, random): also the set's address.
    key: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    organiser_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), index=True
    )
    #: The rules every table plays: walls are only the same under the same rules.
    ruleset: Mapped[str] = mapped_column(String(32))
    preset: Mapped[str] = mapped_column(String(64))
    rules: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    commitment: Mapped[str] = mapped_column(String(80))
    salt: Mapped[str] = mapped_column(String(128))
    #: Secret until the set closes.
    master_seed: Mapped[str] = mapped_column(String(80))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    #: No table starts from then on; the set closes once its last table has ended. None:
    #: open until the organiser closes it.
    closes_at: Mapped[datetime | None] = mapped_column(UTCDateTime())


class DuplicateTable(Base):
    """A game played on a duplicate set's walls."""

    __tablename__ = "duplicate_tables"

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    set_key: Mapped[str] = mapped_column(
        ForeignKey("duplicate_sets.key", ondelete="CASCADE"), index=True
    )


class GameFavourite(Base):
    """A record one account marked as a favourite (seen only by that account)."""

    __tablename__ = "game_favourites"

    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class GameNote(Base):
    """One account's private note on a record (seen only by that account)."""

    __tablename__ = "game_notes"

    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    text: Mapped[str] = mapped_column(String(2000))
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class DownloadCount(Base):
    """Bulk archives one subject (``user:<id>`` or ``addr:<address>``) took on one UTC day."""

    __tablename__ = "download_counts"

    subject: Mapped[str] = mapped_column(String(80), primary_key=True)
    #: ``YYYY-MM-DD`` (UTC).
    day: Mapped[str] = mapped_column(String(10), primary_key=True)
    count: Mapped[int] = mapped_column(Integer, default=0)
