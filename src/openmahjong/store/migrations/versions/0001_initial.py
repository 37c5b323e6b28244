"""Initial schema: users, sessions, email codes, rooms, games, seats, action log, ratings.

Revision ID: 0001
Revises:
Create Date: 2026-11-29

Written by hand to match ``openmahjong.store.models`` (tests/store checks that the migrated
schema and the models agree). Times are ``DateTime(timezone=True)``; the models' ``UTCDateTime``
only adds the zone back on reading from SQLite.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _time(name: str, nullable: bool = False) -> sa.Column:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def _user_fk(table: str, column: str = "user_id", on_delete: str = "CASCADE") -> sa.Constraint:
    return sa.ForeignKeyConstraint(
        [column], ["users.id"], name=f"fk_{table}_{column}_users", ondelete=on_delete
    )


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("name_key", sa.String(32), nullable=False),
        sa.Column("password_hash", sa.String(255), nullable=True),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("is_guest", sa.Boolean(), nullable=False),
        sa.Column("email", sa.String(254), nullable=True),
        _time("email_verified_at", nullable=True),
        _time("created_at"),
        _time("last_login_at", nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_users"),
        sa.UniqueConstraint("name_key", name="uq_users_name_key"),
        sa.UniqueConstraint("email", name="uq_users_email"),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        _time("created_at"),
        _time("expires_at"),
        _time("last_seen_at", nullable=True),
        sa.Column("client", sa.String(64), nullable=True),
        sa.PrimaryKeyConstraint("token_hash", name="pk_sessions"),
        _user_fk("sessions"),
    )
    op.create_index("ix_sessions_user_id", "sessions", ["user_id"])
    op.create_table(
        "email_codes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("email", sa.String(254), nullable=False),
        sa.Column("code_hash", sa.String(128), nullable=False),
        _time("created_at"),
        _time("expires_at"),
        sa.Column("attempts", sa.Integer(), nullable=False),
        _time("used_at", nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_email_codes"),
        _user_fk("email_codes"),
    )
    op.create_index("ix_email_codes_user_id", "email_codes", ["user_id"])
    op.create_table(
        "rooms",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("ruleset", sa.String(32), nullable=False),
        sa.Column("preset", sa.String(64), nullable=True),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("owner_id", sa.Integer(), nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("password_hash", sa.String(255), nullable=True),
        _time("created_at"),
        _time("closed_at", nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_rooms"),
        _user_fk("rooms", "owner_id", "SET NULL"),
    )
    op.create_index("ix_rooms_status", "rooms", ["status"])
    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("ruleset", sa.String(32), nullable=False),
        sa.Column("preset", sa.String(64), nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("room_id", sa.Integer(), nullable=True),
        sa.Column("has_bots", sa.Boolean(), nullable=False),
        sa.Column("commitment", sa.String(80), nullable=False),
        sa.Column("salt", sa.String(128), nullable=False),
        sa.Column("master_seed", sa.String(80), nullable=False),
        sa.Column("header", sa.JSON(), nullable=False),
        sa.Column("record", sa.JSON(), nullable=True),
        _time("started_at"),
        _time("finished_at", nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_games"),
        sa.ForeignKeyConstraint(
            ["room_id"], ["rooms.id"], name="fk_games_room_id_rooms", ondelete="SET NULL"
        ),
    )
    op.create_index("ix_games_ruleset", "games", ["ruleset"])
    op.create_index("ix_games_status_finished", "games", ["status", "finished_at"])
    op.create_table(
        "game_seats",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("display_name", sa.String(64), nullable=False),
        sa.Column("is_bot", sa.Boolean(), nullable=False),
        sa.Column("final_score", sa.Integer(), nullable=True),
        sa.Column("placement", sa.Integer(), nullable=True),
        sa.Column("rating_change", sa.Float(), nullable=True),
        sa.PrimaryKeyConstraint("game_id", "seat", name="pk_game_seats"),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name="fk_game_seats_game_id_games", ondelete="CASCADE"
        ),
        _user_fk("game_seats", on_delete="SET NULL"),
    )
    op.create_index("ix_game_seats_user_game", "game_seats", ["user_id", "game_id"])
    op.create_table(
        "game_actions",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("action", sa.JSON(), nullable=False),
        sa.Column("timeout", sa.Boolean(), nullable=False),
        _time("created_at"),
        sa.PrimaryKeyConstraint("game_id", "seq", name="pk_game_actions"),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name="fk_game_actions_game_id_games", ondelete="CASCADE"
        ),
    )
    op.create_table(
        "ratings",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("ruleset", sa.String(32), nullable=False),
        sa.Column("category", sa.String(32), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("rank", sa.String(32), nullable=False),
        sa.Column("rank_points", sa.Integer(), nullable=False),
        sa.Column("games_played", sa.Integer(), nullable=False),
        _time("updated_at"),
        sa.PrimaryKeyConstraint("user_id", "ruleset", "category", name="pk_ratings"),
        _user_fk("ratings"),
    )
    op.create_index(
        "ix_ratings_ruleset_category_rating", "ratings", ["ruleset", "category", "rating"]
    )


def downgrade() -> None:
    for table in (
        "ratings",
        "game_actions",
        "game_seats",
        "games",
        "rooms",
        "email_codes",
        "sessions",
        "users",
    ):
        op.drop_table(table)
