"""Games say whether a player supplied their master seed: ``games.supplied_seed``.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01

A room created with its own ``master_seed`` (duplicate play) lets its owner know every wall, so
its games are flagged and never count for statistics or ratings (``Game.counts_for_stats``).

Games stored before this revision are derived from their room: the seed a room was created
with is kept in ``rooms.options["master_seed"]`` and never changes, so every game played in
such a room is flagged. A game whose room is gone (``room_id`` null) cannot be told and stays
unflagged; the record header never held the flag before, so it cannot help.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# The tables as this revision sees them (not the models, which later revisions may change).
_rooms = sa.table("rooms", sa.column("id", sa.Integer), sa.column("options", sa.JSON))
_games = sa.table("games", sa.column("room_id", sa.Integer), sa.column("supplied_seed", sa.Boolean))


def upgrade() -> None:
    op.add_column(
        "games",
        sa.Column("supplied_seed", sa.Boolean(), nullable=False, server_default=sa.false()),
    )
    connection = op.get_bind()
    # Read the options in Python: JSON paths are spelled differently by each database, and a
    # server has few rooms.
    seeded = [
        room_id
        for room_id, options in connection.execute(sa.select(_rooms.c.id, _rooms.c.options))
        if isinstance(options, dict) and options.get("master_seed") is not None
    ]
    for start in range(0, len(seeded), 500):
        chunk = seeded[start : start + 500]
        connection.execute(
            sa.update(_games).where(_games.c.room_id.in_(chunk)).values(supplied_seed=True)
        )


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("supplied_seed")
