"""What waits for a game outlives a restart: ``lobby_seats`` and ``queue_entries``.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-29

The seats taken in an open room's lobby (who, bot or not, ready or not) and the players waiting
in matchmaking lines (which line, since when) were kept in memory only; see ``LobbySeat`` and
``QueueEntry``.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _user_fk(table: str) -> sa.Constraint:
    return sa.ForeignKeyConstraint(
        ["user_id"], ["users.id"], name=f"fk_{table}_user_id_users", ondelete="CASCADE"
    )


def upgrade() -> None:
    op.create_table(
        "lobby_seats",
        sa.Column("room_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("is_bot", sa.Boolean(), nullable=False),
        sa.Column("ready", sa.Boolean(), nullable=False),
        sa.PrimaryKeyConstraint("room_id", "seat", name="pk_lobby_seats"),
        sa.ForeignKeyConstraint(
            ["room_id"], ["rooms.id"], name="fk_lobby_seats_room_id_rooms", ondelete="CASCADE"
        ),
        _user_fk("lobby_seats"),
    )
    op.create_table(
        "queue_entries",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("ruleset", sa.String(32), nullable=False),
        sa.Column("preset", sa.String(64), nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_queue_entries"),
        sa.UniqueConstraint("user_id", name="uq_queue_entries_user_id"),
        _user_fk("queue_entries"),
    )


def downgrade() -> None:
    op.drop_table("queue_entries")
    op.drop_table("lobby_seats")
