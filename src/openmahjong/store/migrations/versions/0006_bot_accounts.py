"""Outside AIs' accounts: ``users.is_bot``.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01

An account registered with ``is_bot`` belongs to a program (an mjai bot): room owners may seat it
with ``add_bot`` and it plays those seats over ``/ws/mjai`` (docs/protocol.md). Accounts made
before this revision are people's: false.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column(
        "users", sa.Column("is_bot", sa.Boolean(), nullable=False, server_default=sa.false())
    )


def downgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.drop_column("is_bot")
