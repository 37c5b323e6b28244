"""Names that look alike are refused: ``users.name_skeleton``, with a unique index.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01

A name's skeleton is what it looks like ("aIice01" and "аlice01", with a Cyrillic а, both look
like "alice01"; see ``openmahjong.server.lookalikes``). Registration refuses a name whose
skeleton is taken, and the unique index settles two registrations racing for lookalikes.

Accounts made before this revision get their skeleton here, oldest first. Where two old names
already look alike, the older account keeps the skeleton and the newer one gets none: both go on
signing in by their names (``name_key`` is unchanged), and no new lookalike of either can
register. Guests get none: their names are the server's, and no account may take their form.

The skeleton comes from the lookalike table as it is now; a revision that changes the table
must recompute the column the same way.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

from openmahjong.server.lookalikes import skeleton

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# The table as this revision sees it (not the model, which later revisions may change).
_users = sa.table(
    "users",
    sa.column("id", sa.Integer),
    sa.column("name", sa.String),
    sa.column("is_guest", sa.Boolean),
    sa.column("name_skeleton", sa.String),
)
_BATCH = 1000


def upgrade() -> None:
    op.add_column("users", sa.Column("name_skeleton", sa.String(64), nullable=True))
    connection = op.get_bind()
    rows = connection.execute(
        sa.select(_users.c.id, _users.c.name)
        .where(_users.c.is_guest.is_(False))
        .order_by(_users.c.id)
    ).all()
    seen: set[str] = set()
    updates: list[dict[str, object]] = []
    for user_id, name in rows:
        shape = skeleton(name)[:64]
        if shape in seen:
            continue  # looks like an older account's name: that one keeps the skeleton
        seen.add(shape)
        updates.append({"uid": user_id, "shape": shape})
    statement = (
        sa.update(_users)
        .where(_users.c.id == sa.bindparam("uid"))
        .values(name_skeleton=sa.bindparam("shape"))
    )
    for start in range(0, len(updates), _BATCH):
        connection.execute(statement, updates[start : start + _BATCH])
    op.create_index("ix_users_name_skeleton", "users", ["name_skeleton"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_users_name_skeleton", table_name="users")
    with op.batch_alter_table("users") as batch:
        batch.drop_column("name_skeleton")
