"""Migration 0009 (sessions' user agent, roles, sanctions, the audit log) on SQLite and
PostgreSQL: sessions stored before it keep working with no user agent, a sanction is in force
until its end date, and the downgrade takes it all away again."""

from __future__ import annotations

from datetime import timedelta

import pytest
import sqlalchemy as sa

from openmahjong.server.sanctions import active_sanction, record_audit
from openmahjong.store import Database
from openmahjong.store.admin_models import AuditEntry, Sanction, SanctionKind, UserRole
from openmahjong.store.models import AuthSession, User, UTCDateTime, utcnow
from tests.store.migration_steps import USERS, columns, migrate

pytestmark = pytest.mark.asyncio

SESSIONS = sa.table(
    "sessions",
    sa.column("token_hash", sa.String),
    sa.column("user_id", sa.Integer),
    sa.column("kind", sa.String),
    sa.column("created_at", UTCDateTime()),
    sa.column("expires_at", UTCDateTime()),
)


async def _tables(db: Database) -> set[str]:
    async with db.engine.connect() as c:
        return await c.run_sync(lambda s: set(sa.inspect(s).get_table_names()))


async def test_sessions_before_it_have_no_user_agent_and_the_tables_go_back(empty: Database):
    await migrate(empty, "0008")
    now = utcnow()
    async with empty.engine.begin() as c:
        user = {"id": 1, "name": "alice01", "name_key": "alice01", "role": "player"}
        await c.execute(sa.insert(USERS), [{**user, "is_guest": False, "created_at": now}])
        session = {"token_hash": "ab" * 32, "user_id": 1, "kind": "cookie", "created_at": now}
        await c.execute(sa.insert(SESSIONS), [{**session, "expires_at": now + timedelta(days=1)}])
    await migrate(empty, "0009")
    assert "user_agent" in await columns(empty, "sessions")
    assert {"user_roles", "sanctions", "audit_log"} <= await _tables(empty)
    async with empty.session() as s:
        stored = await s.get(AuthSession, "ab" * 32)
        assert stored is not None and stored.user_agent is None
    await migrate(empty, "0008", down=True)
    assert "user_agent" not in await columns(empty, "sessions")
    assert not {"user_roles", "sanctions", "audit_log"} & await _tables(empty)


async def test_a_sanction_is_in_force_until_its_end_and_the_audit_keeps_names(
    database: Database,
):
    now = utcnow()
    async with database.session() as s:
        admin = User(name="Root", name_key="root", role="admin")
        bob = User(name="Bob", name_key="bob")
        s.add_all([admin, bob])
        await s.flush()
        s.add(UserRole(user_id=bob.id, role="sponsor", granted_by=admin.id))
        s.add(Sanction(user_id=bob.id, kind="ban", reason="old", ends_at=now - timedelta(hours=1)))
        s.add(Sanction(user_id=bob.id, kind="ban", reason="soon", ends_at=now + timedelta(hours=1)))
        s.add(Sanction(user_id=bob.id, kind="ban", reason="later", ends_at=now + timedelta(days=2)))
        s.add(Sanction(user_id=bob.id, kind="warning", reason="w"))
        record_audit(s, admin, bob, "sanction.ban", "soon", ends_at="x")
    async with database.session() as s:
        ban = await active_sanction(s, bob.id, SanctionKind.BAN, now)
        assert ban is not None and ban.reason == "later"  # the one ending last
        later = now + timedelta(days=3)
        assert await active_sanction(s, bob.id, SanctionKind.BAN, later) is None
        assert await active_sanction(s, bob.id, SanctionKind.ORGANISER_REVOKED, now) is None
        warning = await active_sanction(s, bob.id, SanctionKind.WARNING, later)
        assert warning is not None  # no end date: until lifted
        await s.delete(await s.get(User, admin.id))
    async with database.session() as s:
        entry = await s.scalar(sa.select(AuditEntry))
        assert entry is not None and entry.actor_id is None  # the admin's account went
        assert (entry.actor_name, entry.target_name, entry.detail) == (
            "Root",
            "Bob",
            {"ends_at": "x"},
        )
        role = await s.get(UserRole, (bob.id, "sponsor"))
        assert role is not None and role.granted_by is None
