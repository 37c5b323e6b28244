"""``openmahjong admin grant-role|revoke-role|roles``: roles from the command line, straight on
the database (no server needed), so the first admin can be made before anyone can sign in as
one. Each change writes the audit log with ``cli`` as who did it.
"""

from __future__ import annotations

import asyncio
from typing import Annotated

import typer

from openmahjong.cli import app as root_app
from openmahjong.cli.output import fail, out, plain

__all__ = ["grant_role", "revoke_role", "roles"]

app = typer.Typer(help="Accounts' roles from the command line (the audit log says cli).")
root_app.add_typer(app, name="admin", no_args_is_help=True)

DatabaseOption = Annotated[
    str | None,
    typer.Option("--database", help="Database URL (default $OPENMAHJONG_DATABASE_URL)."),
]
ROLES = "admin, organiser or sponsor"


async def _change(database: str | None, name: str, role: str, grant: bool, reason: str) -> str:
    from sqlalchemy import select

    from openmahjong.server.errors import ApiError
    from openmahjong.server.role_changes import change_role
    from openmahjong.server.security import name_key
    from openmahjong.server.settings import Settings
    from openmahjong.store.admin_models import AccountRole
    from openmahjong.store.database import Database
    from openmahjong.store.models import User

    try:
        account_role = AccountRole(role)
    except ValueError:
        fail(f"no role {role!r}: give {ROLES}")
    settings = Settings() if database is None else Settings(database_url=database)
    db = Database(settings.database_url, schema=settings.database_schema)
    try:
        await db.migrate()
        async with db.sessions() as s:
            user = await s.scalar(select(User).where(User.name_key == name_key(name)))
            if user is None:
                fail(f"no account named {name!r}")
            try:
                await change_role(s, None, user, account_role, grant=grant, reason=reason)
            except ApiError as refused:
                fail(refused.message)
            return user.name
    finally:
        await db.close()


@app.command("grant-role")
def grant_role(
    user: Annotated[str, typer.Argument(help="The account's name.")],
    role: Annotated[str, typer.Argument(help=f"The role: {ROLES}.")],
    reason: Annotated[str, typer.Option(help="Kept in the audit log.")] = "granted from the CLI",
    database: DatabaseOption = None,
) -> None:
    """Grant a role (``openmahjong admin grant-role alice admin`` makes the first admin)."""
    name = asyncio.run(_change(database, user, role, True, reason))
    out.print(f"{plain(name)} now holds the {plain(role)} role")


@app.command("revoke-role")
def revoke_role(
    user: Annotated[str, typer.Argument(help="The account's name.")],
    role: Annotated[str, typer.Argument(help=f"The role: {ROLES}.")],
    reason: Annotated[str, typer.Option(help="Kept in the audit log.")] = "revoked from the CLI",
    database: DatabaseOption = None,
) -> None:
    """Take a role away."""
    name = asyncio.run(_change(database, user, role, False, reason))
    out.print(f"{plain(name)} no longer holds the {plain(role)} role")


async def _roles(database: str | None, name: str) -> tuple[str, list[str]]:
    from sqlalchemy import select

    from openmahjong.server.account_api import account_roles
    from openmahjong.server.security import name_key
    from openmahjong.server.settings import Settings
    from openmahjong.store.database import Database
    from openmahjong.store.models import User

    settings = Settings() if database is None else Settings(database_url=database)
    db = Database(settings.database_url, schema=settings.database_schema)
    try:
        await db.migrate()
        async with db.sessions() as s:
            user = await s.scalar(select(User).where(User.name_key == name_key(name)))
            if user is None:
                fail(f"no account named {name!r}")
            return user.name, await account_roles(s, user)
    finally:
        await db.close()


@app.command("roles")
def roles(
    user: Annotated[str, typer.Argument(help="The account's name.")],
    database: DatabaseOption = None,
) -> None:
    """The roles an account holds."""
    name, held = asyncio.run(_roles(database, user))
    out.print(f"{plain(name)}: {plain(', '.join(held) or 'no role')}")
