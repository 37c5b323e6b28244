"""The action log keeps the room's clocks: ``game_actions.clock``.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29

With each action the room stores what a restarted server needs to go on with the same clocks
and prompt numbers (each seat's bank, the hand they belong to, the last prompt number each
player was sent); see ``GameAction.clock``. Older rows have none.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("game_actions", sa.Column("clock", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game_actions") as batch:
        batch.drop_column("clock")
