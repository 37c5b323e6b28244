"""Statistics summary tables: ``stat_games``, ``stat_counters``, ``stat_active_days`` and
``stat_best_hands``.

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-01

Derived data only (``openmahjong.stats``): they start empty, and ``openmahjong stats rebuild``
fills them from the records of every game stored before this revision. The downgrade drops
them and loses nothing the records do not hold.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "stat_games",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("ruleset", sa.String(32), nullable=False),
        sa.Column("day", sa.String(10), nullable=False),
        sa.PrimaryKeyConstraint("game_id", name="pk_stat_games"),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name="fk_stat_games_game_id_games", ondelete="CASCADE"
        ),
    )
    op.create_table(
        "stat_counters",
        sa.Column("scope", sa.String(8), nullable=False),
        sa.Column("subject", sa.String(24), nullable=False),
        sa.Column("ruleset", sa.String(32), nullable=False),
        sa.Column("name", sa.String(128), nullable=False),
        sa.Column("value", sa.BigInteger(), nullable=False),
        sa.PrimaryKeyConstraint("scope", "subject", "ruleset", "name", name="pk_stat_counters"),
    )
    op.create_table(
        "stat_active_days",
        sa.Column("day", sa.String(10), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("ruleset", sa.String(32), nullable=False),
        sa.Column("week", sa.String(10), nullable=False),
        sa.PrimaryKeyConstraint("day", "user_id", "ruleset", name="pk_stat_active_days"),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name="fk_stat_active_days_user_id_users", ondelete="CASCADE"
        ),
    )
    op.create_index("ix_stat_active_days_week", "stat_active_days", ["week"])
    op.create_table(
        "stat_best_hands",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("hand_index", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("ruleset", sa.String(32), nullable=False),
        sa.Column("value", sa.Integer(), nullable=False),
        sa.Column("detail", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("game_id", "hand_index", "seat", name="pk_stat_best_hands"),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name="fk_stat_best_hands_game_id_games", ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name="fk_stat_best_hands_user_id_users", ondelete="CASCADE"
        ),
    )
    op.create_index("ix_stat_best_hands_user_ruleset", "stat_best_hands", ["user_id", "ruleset"])


def downgrade() -> None:
    op.drop_index("ix_stat_best_hands_user_ruleset", table_name="stat_best_hands")
    op.drop_table("stat_best_hands")
    op.drop_index("ix_stat_active_days_week", table_name="stat_active_days")
    op.drop_table("stat_active_days")
    op.drop_table("stat_counters")
    op.drop_table("stat_games")
