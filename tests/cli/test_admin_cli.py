"""``openmahjong admin``: the first admin is made from the command line, on the database
itself; each change is in the audit log (by ``cli``), and bad input changes nothing."""

from __future__ import annotations

import asyncio

from sqlalchemy import select
from typer.testing import CliRunner

from openmahjong.cli import app
from openmahjong.store import Database
from openmahjong.store.admin_models import AuditEntry
from openmahjong.store.models import User


def _setup(url: str) -> None:
    async def run() -> None:
        db = Database(url)
        await db.migrate()
        async with db.session() as s:
            s.add(User(name="Alice", name_key="alice", password_hash="x", role="player"))
            s.add(User(name="guest-0a0b0c0d", name_key="guest-0a0b0c0d", is_guest=True))
        await db.close()

    asyncio.run(run())


def _state(url: str) -> tuple[str, list[tuple[str, str | None, str, str]]]:
    async def run():
        db = Database(url)
        async with db.session() as s:
            role = await s.scalar(select(User.role).where(User.name_key == "alice"))
            rows = await s.scalars(select(AuditEntry).order_by(AuditEntry.id))
            audit = [(e.actor_name, e.target_name, e.action, e.reason) for e in rows]
        await db.close()
        return role, audit

    return asyncio.run(run())


def test_grant_role_makes_the_first_admin_and_is_audited(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path / 'a.db'}"
    _setup(url)
    runner = CliRunner()
    done = runner.invoke(app, ["admin", "grant-role", "ALICE", "admin", "--database", url])
    assert done.exit_code == 0, done.output
    assert "Alice now holds the admin role" in done.output
    again = runner.invoke(app, ["admin", "grant-role", "alice", "admin", "--database", url])
    assert again.exit_code == 2 and "holds the admin role already" in again.output
    sponsor = ["admin", "grant-role", "alice", "sponsor", "--reason", "pays", "--database", url]
    assert runner.invoke(app, sponsor).exit_code == 0
    shown = runner.invoke(app, ["admin", "roles", "alice", "--database", url])
    assert "Alice: admin, sponsor" in shown.output
    assert _state(url) == (
        "admin",
        [
            ("cli", "Alice", "role.grant", "granted from the CLI"),
            ("cli", "Alice", "role.grant", "pays"),
        ],
    )


def test_bad_input_is_one_line_and_changes_nothing(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path / 'b.db'}"
    _setup(url)
    runner = CliRunner()
    for args, said in [
        (["nobody", "admin"], "no account named 'nobody'"),
        (["alice", "emperor"], "no role 'emperor'"),
        (["guest-0a0b0c0d", "sponsor"], "guest players cannot hold a role"),
    ]:
        done = runner.invoke(app, ["admin", "grant-role", *args, "--database", url])
        assert done.exit_code == 2 and said in done.output, done.output
    assert _state(url) == ("player", [])
