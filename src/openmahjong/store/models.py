"""The database schema as SQLAlchemy 2 declarative models.

The same models serve SQLite (the zero-setup default) and PostgreSQL (production), so only
portable column types are used: JSON documents go in ``JSON`` columns, times are stored in UTC
and always read back timezone-aware (SQLite itself keeps no zone).

The schema itself is created by the Alembic migrations in ``store/migrations``; these models
must stay equal to what the migrations build (a test compares them).
"""

from __future__ import annotations

import enum
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    TypeDecorator,
    and_,
    false,
)
from sqlalchemy.ext.hybrid import hybrid_property
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.sql.elements import ColumnElement

__all__ = [
    "Base",
    "Role",
    "GameStatus",
    "RoomStatus",
    "User",
    "AuthSession",
    "EmailCode",
    "Game",
    "GameSeat",
    "GameAction",
    "Rating",
    "RankCredit",
    "RankEvent",
    "Room",
    "LobbySeat",
    "QueueEntry",
    "utcnow",
]


def utcnow() -> datetime:
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator[datetime]):
    """A timestamp that is written as UTC and always read back with ``tzinfo=UTC``."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given to the database: use an aware UTC time")
        return value.astimezone(UTC)

    def process_result_value(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:  # SQLite returns what it was given, minus the zone
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


# Stable constraint names, so later migrations can refer to them on both databases.
NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class Role(enum.StrEnum):
    """Account roles, weakest first: each role may do everything the ones before it may."""

    PLAYER = "player"
    EVENT_ADMIN = "event_admin"
    ADMIN = "admin"

    @property
    def level(self) -> int:
        return list(Role).index(self)

    def includes(self, other: Role) -> bool:
        return self.level >= other.level


class GameStatus(enum.StrEnum):
    LIVE = "live"
    FINISHED = "finished"
    ABORTED = "aborted"


class RoomStatus(enum.StrEnum):
    OPEN = "open"
    PLAYING = "playing"
    CLOSED = "closed"


class User(Base):
    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: The name as the player typed it, shown everywhere.
    name: Mapped[str] = mapped_column(String(32))
    #: ``name`` case-folded: uniqueness and lookups ignore case, so "Alice" and "alice" clash.
    name_key: Mapped[str] = mapped_column(String(32), unique=True)
    #: What the name looks like (``security.name_skeleton``): a name that can pass for a taken
    #: one is refused. ``None`` for guests and for names taken before lookalikes were checked
    #: that look like an older account's (migration 0005).
    name_skeleton: Mapped[str | None] = mapped_column(String(64), unique=True, index=True)
    #: argon2 hash; ``None`` for guests, who have no password.
    password_hash: Mapped[str | None] = mapped_column(String(255))
    role: Mapped[str] = mapped_column(String(16), default=Role.PLAYER.value)
    is_guest: Mapped[bool] = mapped_column(Boolean, default=False)
    #: An outside AI's account (registered with ``is_bot``): it plays the seats room owners
    #: invite it to, over ``/ws/mjai`` only (migration 0006).
    is_bot: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: A verified address only; a pending one lives in ``email_codes`` until confirmed.
    email: Mapped[str | None] = mapped_column(String(254), unique=True)
    email_verified_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    last_login_at: Mapped[datetime | None] = mapped_column(UTCDateTime())


class AuthSession(Base):
    """A signed-in session: a browser cookie or a bearer token. Only the token's hash is kept."""

    __tablename__ = "sessions"

    #: SHA-256 of the token, hex. The token itself is shown once and never stored.
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    #: "cookie" or "bearer".
    kind: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime())
    last_seen_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    #: The client's address when the session was made (for the user's own session list).
    client: Mapped[str | None] = mapped_column(String(64))
    #: The browser or program (its User-Agent, cut to 200 characters) for the session list.
    user_agent: Mapped[str | None] = mapped_column(String(200))


class EmailCode(Base):
    """A pending email link: the code sent to ``email``, stored as a salted hash."""

    __tablename__ = "email_codes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    email: Mapped[str] = mapped_column(String(254))
    code_hash: Mapped[str] = mapped_column(String(128))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime())
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    used_at: Mapped[datetime | None] = mapped_column(UTCDateTime())


class Room(Base):
    """A table people gather at before (and while) a game is played there."""

    __tablename__ = "rooms"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    ruleset: Mapped[str] = mapped_column(String(32))
    preset: Mapped[str | None] = mapped_column(String(64))
    #: Everything else the room was created with (game length, timers, call protection, ...).
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    owner_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    status: Mapped[str] = mapped_column(String(16), default=RoomStatus.OPEN.value, index=True)
    password_hash: Mapped[str | None] = mapped_column(String(255))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    closed_at: Mapped[datetime | None] = mapped_column(UTCDateTime())


class RoomLease(Base):
    """Which server process runs a live room's game, and until when (``server/leases.py``):
    the database lease store, used when the processes share PostgreSQL but no Redis."""

    __tablename__ = "room_leases"

    room_id: Mapped[int] = mapped_column(
        ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True
    )
    #: The owning process' name (a random hex string per start).
    owner: Mapped[str] = mapped_column(String(64))
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime())


class LobbySeat(Base):
    """A taken seat in the lobby of an open room: kept so a restart finds who sat where.

    A room only has these rows while it is open; they go when its game starts (the game's seats
    are in ``game_seats``) or when it closes.
    """

    __tablename__ = "lobby_seats"

    room_id: Mapped[int] = mapped_column(
        ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: ``None`` for a bot; a removed account leaves the lobby with it.
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(64))
    is_bot: Mapped[bool] = mapped_column(Boolean, default=False)
    ready: Mapped[bool] = mapped_column(Boolean, default=False)


class QueueEntry(Base):
    """A player waiting in a matchmaking line (one line per ruleset and preset).

    A player waits in one line at most. The line's order is ``joined_at`` then ``id``; the
    wall-clock ``joined_at`` lets a restarted server count the time already waited.
    """

    __tablename__ = "queue_entries"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), unique=True)
    ruleset: Mapped[str] = mapped_column(String(32))
    preset: Mapped[str] = mapped_column(String(64))
    joined_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    #: The casual line of that preset (unranked: its games never count, ``Game.casual``).
    casual: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: The ranked line's room tier (``ranks.Tier``: bronze ... throne); None for casual.
    tier: Mapped[str | None] = mapped_column(String(16))


class Game(Base):
    """One match. Its record is the header plus the action log (architecture decision 4)."""

    __tablename__ = "games"
    __table_args__ = (Index("ix_games_status_finished", "status", "finished_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    ruleset: Mapped[str] = mapped_column(String(32), index=True)
    preset: Mapped[str | None] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(16), default=GameStatus.LIVE.value)
    room_id: Mapped[int | None] = mapped_column(ForeignKey("rooms.id", ondelete="SET NULL"))
    #: True when any seat was played by a bot (such games are kept but marked).
    has_bots: Mapped[bool] = mapped_column(Boolean, default=False)
    #: True when a player supplied the master seed (a room's ``master_seed``, duplicate play):
    #: that player knew every wall, so the game never counts (``counts_for_stats``).
    supplied_seed: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: Played from a casual matchmaking line (Mahjong Soul's Casual Room): unranked, so the game
    #: never counts for statistics, ratings or ranks (``counts_for_stats``).
    casual: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: The room tier of the ranked matchmaking line it was played from (``ranks.Tier``):
    #: only such games move ranks. None for custom rooms and casual lines (migration 0008).
    tier: Mapped[str | None] = mapped_column(String(16))
    #: Public from the start: the fairness commitment (decimal string, it is 256 bits) and salt.
    commitment: Mapped[str] = mapped_column(String(80))
    salt: Mapped[str] = mapped_column(String(128))
    #: Secret while the game is live; revealed (copied into the record) when it ends.
    master_seed: Mapped[str] = mapped_column(String(80))
    #: The record header: ruleset, options, seats, commitment, salt ... (no master seed while live).
    header: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: The complete record document, written when the game finishes.
    record: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    started_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime())

    @hybrid_property
    def counts_for_stats(self) -> bool:
        """Whether the game counts for statistics, ratings and ranks: the one rule every count
        uses (in Python, and as a SQL condition in queries). It must have been played to its
        end, with a wall nobody could know (a player-supplied seed never counts), and not in a
        casual (unranked) line."""
        return (
            self.status == GameStatus.FINISHED.value and not self.supplied_seed and not self.casual
        )

    @counts_for_stats.inplace.expression
    @classmethod
    def _counts_for_stats(cls) -> ColumnElement[bool]:
        return and_(
            cls.status == GameStatus.FINISHED.value,
            cls.supplied_seed.is_(False),
            cls.casual.is_(False),
        )


class GameSeat(Base):
    """Who sat where in a game, and how it ended for them."""

    __tablename__ = "game_seats"
    __table_args__ = (Index("ix_game_seats_user_game", "user_id", "game_id"),)

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    #: The name shown in the record (kept even if the account is renamed or removed).
    display_name: Mapped[str] = mapped_column(String(64))
    is_bot: Mapped[bool] = mapped_column(Boolean, default=False)
    final_score: Mapped[int | None] = mapped_column(Integer)
    #: 1 = first; ties share the better place only if the ruleset says so.
    placement: Mapped[int | None] = mapped_column(Integer)
    rating_change: Mapped[float | None] = mapped_column(Float)


class GameAction(Base):
    """The append-only action log of a game: one row per player action or timeout, in order.

    ``(game_id, seq)`` is the primary key, so an action can never be stored twice under the same
    number, and a restarted server replays exactly these rows.
    """

    __tablename__ = "game_actions"

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int | None] = mapped_column(Integer)
    #: The action as the core writes it (``action_to_dict``), e.g. ``{"type": "discard", ...}``.
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: True when the server played this action for the seat because its time ran out.
    timeout: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    #: The room's clocks as this action was stored, for a restarted server: ``banks`` (seconds
    #: left per table seat), ``hand`` (hands finished, so a new hand's full banks are known)
    #: and ``prompts`` (per player, the last prompt number sent; null for a bot).
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True), nullable=True)


class Rating(Base):
    """A player's standing on one ladder (a ruleset plus a category such as a game length)."""

    __tablename__ = "ratings"

    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    ruleset: Mapped[str] = mapped_column(String(32), primary_key=True)
    category: Mapped[str] = mapped_column(String(32), primary_key=True, default="default")
    rating: Mapped[float] = mapped_column(Float, default=1500.0)
    #: Rank name on the ladder (e.g. "novice-1") and the points inside it.
    rank: Mapped[str] = mapped_column(String(32), default="novice")
    rank_points: Mapped[int] = mapped_column(Integer, default=0)
    games_played: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, onupdate=utcnow)
    #: The rank's place on its ladder (``ranks.ladder``), so leaderboards sort in SQL.
    rank_step: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    #: Weng-Lin (Plackett-Luce) skill: mean and uncertainty; ``rating`` holds the ordinal
    #: mu - 3 sigma (migration 0008).
    mu: Mapped[float] = mapped_column(Float, default=25.0, server_default="25.0")
    sigma: Mapped[float] = mapped_column(
        Float, default=25.0 / 3, server_default="8.333333333333334"
    )
    #: Ranked games played (``games_played`` counts every rated game).
    ranked_games: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


# Rating ladders are looked up per ruleset for leaderboards.
Index("ix_ratings_ruleset_category_rating", Rating.ruleset, Rating.category, Rating.rating)
Index(
    "ix_ratings_ruleset_category_rank",
    Rating.ruleset,
    Rating.category,
    Rating.rank_step,
    Rating.rank_points,
)


class RankEvent(Base):
    """What one counted game did to one player's rank and rating (``openmahjong.ranks``):
    written when the game ends, rebuilt from the records by ``ranks.rebuild``. Leaderboards
    for a period read these (who played, points gained)."""

    __tablename__ = "rank_events"
    __table_args__ = (
        # Covering the period boards' aggregate (who, ranked or not, points) within a window.
        Index(
            "ix_rank_events_ruleset_finished",
            "ruleset",
            "finished_at",
            "user_id",
            "tier",
            "rank_delta",
        ),
        Index(
            "ix_rank_events_ruleset_preset_finished",
            "ruleset",
            "preset",
            "finished_at",
            "user_id",
            "tier",
            "rank_delta",
        ),
    )

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    ruleset: Mapped[str] = mapped_column(String(32))
    preset: Mapped[str | None] = mapped_column(String(64))
    tier: Mapped[str | None] = mapped_column(String(16))
    finished_at: Mapped[datetime] = mapped_column(UTCDateTime())
    placement: Mapped[int] = mapped_column(Integer)
    #: Rank before and after, and the rank points the game gave (0 for an unranked game).
    rank_before: Mapped[str] = mapped_column(String(32))
    rank_after: Mapped[str] = mapped_column(String(32))
    points_after: Mapped[int] = mapped_column(Integer)
    rank_delta: Mapped[int] = mapped_column(Integer)
    mu_after: Mapped[float] = mapped_column(Float)
    sigma_after: Mapped[float] = mapped_column(Float)


class RankCredit(Base):
    """The audit log of rank credit (platform guide section 10): an admin granted a verified
    certificate's credit (a rank, capped by the ladder) or MCRPL eligibility."""

    __tablename__ = "rank_credits"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: Who received it.
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    #: The admin who granted it (kept by name too, should the account go).
    granted_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    granted_by_name: Mapped[str] = mapped_column(String(32))
    ruleset: Mapped[str] = mapped_column(String(32))
    #: "rank" (a rank credit) or "mcrpl" (MCRPL eligibility).
    kind: Mapped[str] = mapped_column(String(16))
    #: The rank granted (kind "rank"), e.g. "level-1".
    rank: Mapped[str | None] = mapped_column(String(32))
    #: The certificate as verified (issuer, number, rank written on it).
    certificate: Mapped[str] = mapped_column(String(200))
    reason: Mapped[str] = mapped_column(String(500))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
