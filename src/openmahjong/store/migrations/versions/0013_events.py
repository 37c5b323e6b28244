"""Events (issue 23): ``events``, ``event_notes``, ``event_participants``, ``event_rooms`` and
``notifications``.

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-06

New tables only: the upgrade starts them empty, the downgrade drops them.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _when(name: str, nullable: bool = False) -> sa.Column:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def _user_fk(table: str, column: str, ondelete: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        [column], ["users.id"], name=f"fk_{table}_{column}_users", ondelete=ondelete
    )


def upgrade() -> None:
    op.create_table(
        "events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("organiser_id", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("status", sa.String(24), nullable=False),
        _when("planned_start"),
        _when("planned_end", nullable=True),
        sa.Column("description", sa.Text(), nullable=False),
        sa.Column("organiser_name", sa.String(64), nullable=False),
        sa.Column("contact", sa.String(200), nullable=False),
        sa.Column("phone", sa.String(32), nullable=False),
        _when("rules_accepted_at"),
        sa.Column("page", sa.JSON(), nullable=False),
        sa.Column("registration_open", sa.Boolean(), nullable=False),
        _when("created_at"),
        _when("updated_at"),
        _when("submitted_at", nullable=True),
        _when("decided_at", nullable=True),
        sa.Column("decided_by", sa.Integer(), nullable=True),
        _when("opened_at", nullable=True),
        _when("closed_at", nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_events"),
        _user_fk("events", "organiser_id", "SET NULL"),
        _user_fk("events", "decided_by", "SET NULL"),
    )
    op.create_index("ix_events_organiser_id", "events", ["organiser_id"])
    op.create_index("ix_events_status", "events", ["status"])
    op.create_table(
        "event_notes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("author_id", sa.Integer(), nullable=True),
        sa.Column("kind", sa.String(24), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        _when("created_at"),
        sa.PrimaryKeyConstraint("id", name="pk_event_notes"),
        sa.ForeignKeyConstraint(
            ["event_id"], ["events.id"], name="fk_event_notes_event_id_events", ondelete="CASCADE"
        ),
        _user_fk("event_notes", "author_id", "SET NULL"),
    )
    op.create_index("ix_event_notes_event_id", "event_notes", ["event_id"])
    op.create_table(
        "event_participants",
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        _when("registered_at"),
        sa.PrimaryKeyConstraint("event_id", "user_id", name="pk_event_participants"),
        sa.ForeignKeyConstraint(
            ["event_id"],
            ["events.id"],
            name="fk_event_participants_event_id_events",
            ondelete="CASCADE",
        ),
        _user_fk("event_participants", "user_id", "CASCADE"),
    )
    op.create_index("ix_event_participants_user_id", "event_participants", ["user_id"])
    op.create_table(
        "event_rooms",
        sa.Column("room_id", sa.Integer(), nullable=False),
        sa.Column("event_id", sa.Integer(), nullable=False),
        sa.Column("assigned", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("room_id", name="pk_event_rooms"),
        sa.ForeignKeyConstraint(
            ["room_id"], ["rooms.id"], name="fk_event_rooms_room_id_rooms", ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["event_id"], ["events.id"], name="fk_event_rooms_event_id_events", ondelete="CASCADE"
        ),
    )
    op.create_index("ix_event_rooms_event_id", "event_rooms", ["event_id"])
    op.create_table(
        "notifications",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("params", sa.JSON(), nullable=False),
        sa.Column("text", sa.String(1000), nullable=False),
        sa.Column("link", sa.String(200), nullable=True),
        _when("created_at"),
        _when("read_at", nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_notifications"),
        _user_fk("notifications", "user_id", "CASCADE"),
    )
    op.create_index("ix_notifications_user_id", "notifications", ["user_id"])


def downgrade() -> None:
    op.drop_index("ix_notifications_user_id", table_name="notifications")
    op.drop_table("notifications")
    op.drop_index("ix_event_rooms_event_id", table_name="event_rooms")
    op.drop_table("event_rooms")
    op.drop_index("ix_event_participants_user_id", table_name="event_participants")
    op.drop_table("event_participants")
    op.drop_index("ix_event_notes_event_id", table_name="event_notes")
    op.drop_table("event_notes")
    op.drop_index("ix_events_status", table_name="events")
    op.drop_index("ix_events_organiser_id", table_name="events")
    op.drop_table("events")
