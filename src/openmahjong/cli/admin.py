"""``openmahjong admin grant-role|revoke-role|roles``: roles from the command line, straight on
the database (no server needed), so the first admin can be made before anyone can sign in as
one. Each change writes the audit log with ``cli`` as who did it.
"""

from __future__ import annotations

import asyncio
from typing import Annotated

import typer

from openmahjong.cli import app as root_app
from openmahjong.cli.accounts import account_named, database_session
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
    from openmahjong.server.errors import ApiError
    from openmahjong.server.role_changes import change_role
    from openmahjong.store.admin_models import AccountRole

    try:
        account_role = AccountRole(role)
    except ValueError:
        fail(f"no role {role!r}: give {ROLES}")
    async with database_session(database) as s:
        user = await account_named(s, name)
        try:
            await change_role(s, None, user, account_role, grant=grant, reason=reason)
        except ApiError as refused:
            fail(refused.message)
        return user.name


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
    from openmahjong.server.account_api import account_roles

    async with database_session(database) as s:
        user = await account_named(s, name)
        return user.name, await account_roles(s, user)


@app.command("roles")
def roles(
    user: Annotated[str, typer.Argument(help="The account's name.")],
    database: DatabaseOption = None,
) -> None:
    """The roles an account holds."""
    name, held = asyncio.run(_roles(database, user))
    out.print(f"{plain(name)}: {plain(', '.join(held) or 'no role')}")
