"""Ranks and ratings: ``games.tier``, ``queue_entries.tier``, the Weng-Lin columns of
``ratings``, ``rank_events`` and the ``rank_credits`` audit log.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01

A ranked matchmaking line now has a room tier (bronze ... throne) and its games store it;
only those games move ranks (``openmahjong.ranks``). Ratings gain mu, sigma, the rank's place
on its ladder (for leaderboard order) and a count of ranked games. Games stored before this
revision have no tier: they count for ratings but not for ranks, so ``ranks.rebuild``
recomputes the same thing from the records either way.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    for table in ("queue_entries", "games"):
        op.add_column(table, sa.Column("tier", sa.String(16), nullable=True))
    op.add_column(
        "ratings", sa.Column("rank_step", sa.Integer(), nullable=False, server_default="0")
    )
    op.add_column("ratings", sa.Column("mu", sa.Float(), nullable=False, server_default="25.0"))
    op.add_column(
        "ratings",
        sa.Column("sigma", sa.Float(), nullable=False, server_default="8.333333333333334"),
    )
    op.add_column(
        "ratings", sa.Column("ranked_games", sa.Integer(), nullable=False, server_default="0")
    )
    op.create_index(
        "ix_ratings_ruleset_category_rank",
        "ratings",
        ["ruleset", "category", "rank_step", "rank_points"],
    )
    op.create_table(
        "rank_events",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("ruleset", sa.String(32), nullable=False),
        sa.Column("preset", sa.String(64), nullable=True),
        sa.Column("tier", sa.String(16), nullable=True),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("placement", sa.Integer(), nullable=False),
        sa.Column("rank_before", sa.String(32), nullable=False),
        sa.Column("rank_after", sa.String(32), nullable=False),
        sa.Column("points_after", sa.Integer(), nullable=False),
        sa.Column("rank_delta", sa.Integer(), nullable=False),
        sa.Column("mu_after", sa.Float(), nullable=False),
        sa.Column("sigma_after", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("game_id", "user_id", name="pk_rank_events"),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name="fk_rank_events_game_id_games",
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name="fk_rank_events_user_id_users",
            ondelete="CASCADE",
        ),
    )
    op.create_index("ix_rank_events_user_id", "rank_events", ["user_id"])
    # Covering the period leaderboards' aggregate (who, ranked or not, points) in a window.
    op.create_index(
        "ix_rank_events_ruleset_finished",
        "rank_events",
        ["ruleset", "finished_at", "user_id", "tier", "rank_delta"],
    )
    op.create_index(
        "ix_rank_events_ruleset_preset_finished",
        "rank_events",
        ["ruleset", "preset", "finished_at", "user_id", "tier", "rank_delta"],
    )
    op.create_table(
        "rank_credits",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("granted_by", sa.Integer(), nullable=True),
        sa.Column("granted_by_name", sa.String(32), nullable=False),
        sa.Column("ruleset", sa.String(32), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("rank", sa.String(32), nullable=True),
        sa.Column("certificate", sa.String(200), nullable=False),
        sa.Column("reason", sa.String(500), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_rank_credits"),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name="fk_rank_credits_user_id_users",
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["granted_by"],
            ["users.id"],
            name="fk_rank_credits_granted_by_users",
            ondelete="SET NULL",
        ),
    )
    op.create_index("ix_rank_credits_user_id", "rank_credits", ["user_id"])


def downgrade() -> None:
    op.drop_index("ix_rank_credits_user_id", table_name="rank_credits")
    op.drop_table("rank_credits")
    for name in (
        "ix_rank_events_ruleset_preset_finished",
        "ix_rank_events_ruleset_finished",
        "ix_rank_events_user_id",
    ):
        op.drop_index(name, table_name="rank_events")
    op.drop_table("rank_events")
    op.drop_index("ix_ratings_ruleset_category_rank", table_name="ratings")
    with op.batch_alter_table("ratings") as batch:
        for column in ("ranked_games", "sigma", "mu", "rank_step"):
            batch.drop_column(column)
    for table in ("games", "queue_entries"):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("tier")
