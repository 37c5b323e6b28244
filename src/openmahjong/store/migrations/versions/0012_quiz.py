"""The fan quiz's tables: ``quiz_ratings``, ``quiz_matches`` and ``quiz_rounds`` (issue 22).

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-01

New tables only: the upgrade starts them empty, the downgrade drops them.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "quiz_ratings",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("pool", sa.String(16), nullable=False),
        sa.Column("rating", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("losses", sa.Integer(), nullable=False),
        sa.Column("draws", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("user_id", "pool", name="pk_quiz_ratings"),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name="fk_quiz_ratings_user_id_users", ondelete="CASCADE"
        ),
    )
    op.create_index("ix_quiz_ratings_pool_rating", "quiz_ratings", ["pool", "rating"])
    op.create_table(
        "quiz_matches",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("pool", sa.String(16), nullable=False),
        sa.Column("player_a", sa.Integer(), nullable=True),
        sa.Column("player_b", sa.Integer(), nullable=True),
        sa.Column("score_a", sa.Integer(), nullable=False),
        sa.Column("score_b", sa.Integer(), nullable=False),
        sa.Column("result_a", sa.Integer(), nullable=False),
        sa.Column("rating_a", sa.Integer(), nullable=False),
        sa.Column("rating_b", sa.Integer(), nullable=False),
        sa.Column("change_a", sa.Integer(), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_quiz_matches"),
        sa.ForeignKeyConstraint(
            ["player_a"], ["users.id"], name="fk_quiz_matches_player_a_users", ondelete="SET NULL"
        ),
        sa.ForeignKeyConstraint(
            ["player_b"], ["users.id"], name="fk_quiz_matches_player_b_users", ondelete="SET NULL"
        ),
    )
    op.create_index("ix_quiz_matches_player_a", "quiz_matches", ["player_a"])
    op.create_index("ix_quiz_matches_player_b", "quiz_matches", ["player_b"])
    op.create_table(
        "quiz_rounds",
        sa.Column("match_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("pattern", sa.String(64), nullable=False),
        sa.Column("value", sa.String(16), nullable=False),
        sa.Column("winner_id", sa.Integer(), nullable=True),
        sa.Column("end_reason", sa.String(16), nullable=False),
        sa.Column("guesses", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("match_id", "number", name="pk_quiz_rounds"),
        sa.ForeignKeyConstraint(
            ["match_id"],
            ["quiz_matches.id"],
            name="fk_quiz_rounds_match_id_quiz_matches",
            ondelete="CASCADE",
        ),
    )


def downgrade() -> None:
    op.drop_table("quiz_rounds")
    op.drop_index("ix_quiz_matches_player_b", table_name="quiz_matches")
    op.drop_index("ix_quiz_matches_player_a", table_name="quiz_matches")
    op.drop_table("quiz_matches")
    op.drop_index("ix_quiz_ratings_pool_rating", table_name="quiz_ratings")
    op.drop_table("quiz_ratings")
