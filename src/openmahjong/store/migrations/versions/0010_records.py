"""Duplicate sets, favourites, private notes and bulk-download counts.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-01

``duplicate_sets`` keeps each set's secret master seed and salt (and its public commitment);
``duplicate_tables`` links the games played on it. ``game_favourites`` and ``game_notes`` are
each account's own marks on records; ``download_counts`` what each account (or address) took
in bulk per UTC day. Nothing existing changes: games from before are in no set.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _fk(table: str, column: str, target: str, ondelete: str) -> sa.ForeignKeyConstraint:
    referred = target.partition(".")[0]
    return sa.ForeignKeyConstraint(
        [column], [target], name=f"fk_{table}_{column}_{referred}", ondelete=ondelete
    )


def upgrade() -> None:
    op.create_table(
        "duplicate_sets",
        sa.Column("key", sa.String(32), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("organiser_id", sa.Integer(), nullable=True),
        sa.Column("ruleset", sa.String(32), nullable=False),
        sa.Column("preset", sa.String(64), nullable=False),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("commitment", sa.String(80), nullable=False),
        sa.Column("salt", sa.String(128), nullable=False),
        sa.Column("master_seed", sa.String(80), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("closes_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("key", name="pk_duplicate_sets"),
        _fk("duplicate_sets", "organiser_id", "users.id", "SET NULL"),
    )
    op.create_index(
        "ix_duplicate_sets_organiser_id", "duplicate_sets", ["organiser_id"], unique=False
    )
    op.create_table(
        "duplicate_tables",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("set_key", sa.String(32), nullable=False),
        sa.PrimaryKeyConstraint("game_id", name="pk_duplicate_tables"),
        _fk("duplicate_tables", "game_id", "games.id", "CASCADE"),
        _fk("duplicate_tables", "set_key", "duplicate_sets.key", "CASCADE"),
    )
    op.create_index("ix_duplicate_tables_set_key", "duplicate_tables", ["set_key"], unique=False)
    op.create_table(
        "game_favourites",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("user_id", "game_id", name="pk_game_favourites"),
        _fk("game_favourites", "user_id", "users.id", "CASCADE"),
        _fk("game_favourites", "game_id", "games.id", "CASCADE"),
    )
    op.create_table(
        "game_notes",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("text", sa.String(2000), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("user_id", "game_id", name="pk_game_notes"),
        _fk("game_notes", "user_id", "users.id", "CASCADE"),
        _fk("game_notes", "game_id", "games.id", "CASCADE"),
    )
    op.create_table(
        "download_counts",
        sa.Column("subject", sa.String(80), nullable=False),
        sa.Column("day", sa.String(10), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("subject", "day", name="pk_download_counts"),
    )


def downgrade() -> None:
    for table in (
        "download_counts",
        "game_notes",
        "game_favourites",
        "duplicate_tables",
        "duplicate_sets",
    ):
        op.drop_table(table)
