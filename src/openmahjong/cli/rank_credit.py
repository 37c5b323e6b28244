"""``openmahjong admin grant-credit``: rank credit from the command line, straight on the
database (no server needed). The grant is written to the rank credit audit log under the admin
named with ``--by`` (who must hold the admin role)."""

from __future__ import annotations

import asyncio
from typing import Annotated

import typer

from openmahjong.cli import app as root_app
from openmahjong.cli.accounts import account_named, database_session
from openmahjong.cli.output import fail, out, plain

__all__ = ["grant_credit"]


def _admin_group() -> typer.Typer:
    """The ``admin`` command group (the accounts commands make it; made here otherwise)."""
    for group in root_app.registered_groups:
        if group.name == "admin" and group.typer_instance is not None:
            return group.typer_instance
    group_app = typer.Typer(help="Admin commands straight on the database.")
    root_app.add_typer(group_app, name="admin", no_args_is_help=True)
    return group_app


app = _admin_group()


async def _grant(
    database: str | None,
    player: str,
    by: str,
    kind: str,
    ruleset: str,
    rank: str | None,
    certificate: str,
    reason: str,
) -> tuple[str, str]:
    from openmahjong.ranks import credit

    async with database_session(database) as s:
        user = await account_named(s, player)
        admin = await account_named(s, by)
        try:
            await credit.grant(
                s,
                admin=admin,
                user=user,
                kind=kind,
                certificate=certificate,
                reason=reason,
                ruleset=ruleset,
                rank=rank,
            )
        except credit.CreditError as refused:
            fail(refused.message)
        credit.write_general_audit(s, admin, user, kind, ruleset, rank, certificate, reason)
        await s.commit()
        return user.name, admin.name


@app.command("grant-credit")
def grant_credit(
    player: Annotated[str, typer.Argument(help="The account receiving the credit.")],
    by: Annotated[str, typer.Option("--by", help="The admin granting it (an admin account).")],
    certificate: Annotated[
        str, typer.Option(help="The verified certificate: issuer, number, the rank on it.")
    ],
    reason: Annotated[str, typer.Option(help="Why (kept in the audit log).")],
    kind: Annotated[str, typer.Option(help="rank (a rank credit) or mcrpl (eligibility).")] = (
        "rank"
    ),
    rank: Annotated[
        str | None, typer.Option(help="The rank to credit (MCR: up to level-1).")
    ] = None,
    ruleset: Annotated[str, typer.Option(help="The ladder (mcr).")] = "mcr",
    database: Annotated[
        str | None,
        typer.Option("--database", help="Database URL (default $OPENMAHJONG_DATABASE_URL)."),
    ] = None,
) -> None:
    """Grant a verified certificate's rank credit (``--kind rank --rank level-1``) or MCRPL
    eligibility (``--kind mcrpl``); refused, changing nothing, when the admin is not one, the
    rank is above the cap or a field is missing."""
    name, admin = asyncio.run(
        _grant(database, player, by, kind, ruleset, rank, certificate, reason)
    )
    what = "MCRPL eligibility" if kind == "mcrpl" else f"rank credit {rank} on {ruleset}"
    out.print(f"{plain(name)} received {plain(what)} from {plain(admin)}")
