"""Accounts and admin: ``sessions.user_agent``, ``user_roles``, ``sanctions`` and ``audit_log``.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-01

Roles beside ``users.role`` (organiser, sponsor), sanctions (warning, organiser rights revoked,
ban) with their end, and the audit log every admin action writes. Sessions made before this
revision have no user agent (the account page says "unknown").
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _user_fk(table: str, column: str, ondelete: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        [column], ["users.id"], name=f"fk_{table}_{column}_users", ondelete=ondelete
    )


def upgrade() -> None:
    op.add_column("sessions", sa.Column("user_agent", sa.String(200), nullable=True))
    op.create_table(
        "user_roles",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("granted_by", sa.Integer(), nullable=True),
        sa.Column("granted_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("user_id", "role", name="pk_user_roles"),
        _user_fk("user_roles", "user_id", "CASCADE"),
        _user_fk("user_roles", "granted_by", "SET NULL"),
    )
    op.create_table(
        "sanctions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(24), nullable=False),
        sa.Column("reason", sa.String(500), nullable=False),
        sa.Column("created_by", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ends_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("lifted_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("lifted_by", sa.Integer(), nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_sanctions"),
        _user_fk("sanctions", "user_id", "CASCADE"),
        _user_fk("sanctions", "created_by", "SET NULL"),
        _user_fk("sanctions", "lifted_by", "SET NULL"),
    )
    op.create_index("ix_sanctions_user_id", "sanctions", ["user_id"])
    op.create_table(
        "audit_log",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("actor_id", sa.Integer(), nullable=True),
        sa.Column("actor_name", sa.String(32), nullable=False),
        sa.Column("target_id", sa.Integer(), nullable=True),
        sa.Column("target_name", sa.String(32), nullable=True),
        sa.Column("action", sa.String(32), nullable=False),
        sa.Column("reason", sa.String(500), nullable=False),
        sa.Column("detail", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_audit_log"),
        _user_fk("audit_log", "actor_id", "SET NULL"),
        _user_fk("audit_log", "target_id", "SET NULL"),
    )
    op.create_index("ix_audit_log_target_id", "audit_log", ["target_id"])
    op.create_index("ix_audit_log_created_at", "audit_log", ["created_at"])


def downgrade() -> None:
    op.drop_index("ix_audit_log_created_at", table_name="audit_log")
    op.drop_index("ix_audit_log_target_id", table_name="audit_log")
    op.drop_table("audit_log")
    op.drop_index("ix_sanctions_user_id", table_name="sanctions")
    op.drop_table("sanctions")
    op.drop_table("user_roles")
    with op.batch_alter_table("sessions") as batch:
        batch.drop_column("user_agent")
