"""Room leases (issue 24): ``room_leases``, which server process runs a live room's game.

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-06

A new table only: the upgrade starts it empty, the downgrade drops it.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "room_leases",
        sa.Column("room_id", sa.Integer(), nullable=False),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("room_id", name="pk_room_leases"),
        sa.ForeignKeyConstraint(
            ["room_id"], ["rooms.id"], name="fk_room_leases_room_id_rooms", ondelete="CASCADE"
        ),
    )


def downgrade() -> None:
    op.drop_table("room_leases")
