"""Casual matchmaking lines: ``queue_entries.casual`` and ``games.casual``.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01

A player may wait in a preset's casual line (Mahjong Soul's Casual Room): no rank requirement,
and its games are stored with ``casual`` and never count for statistics, ratings or ranks
(``Game.counts_for_stats``). Lines and games from before this revision are the ranked kind:
false.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    for table in ("queue_entries", "games"):
        op.add_column(
            table, sa.Column("casual", sa.Boolean(), nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    for table in ("games", "queue_entries"):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("casual")
