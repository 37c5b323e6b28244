"""``openmahjong records download``: one UTC day of one ruleset's public games as a zip of
records (our JSON, tenhou.net/6 or mjai), from a server (``--server URL``: its
``GET /api/records/bulk``, counted against your quota) or straight from a database
(``--database URL``, default ``$OPENMAHJONG_DATABASE_URL``: no quota, the same archive).
"""

from __future__ import annotations

import asyncio
from datetime import date
from pathlib import Path
from typing import Annotated

import typer

from openmahjong.cli.output import err, fail, plain
from openmahjong.cli.records import app

__all__ = ["download"]


def _default_name(day: date, ruleset: str, preset: str | None, fmt: str) -> str:
    return f"openmahjong-{day.isoformat()}-{ruleset}{'-' + preset if preset else ''}-{fmt}.zip"


def _from_server(
    server: str,
    token: str | None,
    day: date,
    ruleset: str,
    preset: str | None,
    fmt: str,
    out: Path,
) -> None:
    import httpx

    params = {"day": day.isoformat(), "ruleset": ruleset, "format": fmt}
    if preset:
        params["preset"] = preset
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    url = server.rstrip("/") + "/api/records/bulk"
    try:
        with httpx.stream("GET", url, params=params, headers=headers, timeout=120) as r:
            if r.status_code != 200:
                r.read()
                try:
                    message = r.json()["error"]["message"]
                except (ValueError, KeyError, TypeError):
                    message = r.text[:200] or f"HTTP {r.status_code}"
                fail(f"{server}: {message}")
            with out.open("wb") as f:
                for part in r.iter_bytes():
                    f.write(part)
            left = r.headers.get("x-quota-remaining")
            limit = r.headers.get("x-quota-limit")
    except httpx.HTTPError as exc:
        fail(f"cannot reach {server}: {exc}")
    except OSError as exc:
        fail(f"{out}: cannot write: {exc.strerror or exc}")
    if left is not None:
        err.print(f"quota: {left} of {limit} archives left today (UTC)", markup=False)


async def _from_database(
    database: str | None, day: date, ruleset: str, preset: str | None, fmt: str, out: Path
) -> int:
    from openmahjong.server.bulk import archive_chunks, day_game_ids
    from openmahjong.server.settings import Settings
    from openmahjong.store.database import Database

    settings = Settings() if database is None else Settings(database_url=database)
    db = Database(settings.database_url, schema=settings.database_schema)
    try:
        async with db.sessions() as s:
            ids = await day_game_ids(s, day, ruleset, preset)
        manifest = {"day": day.isoformat(), "ruleset": ruleset, "preset": preset}
        with out.open("wb") as f:
            async for part in archive_chunks(db, ids, fmt, manifest):
                f.write(part)
        return len(ids)
    finally:
        await db.close()


@app.command("download")
def download(
    day: Annotated[str, typer.Option("--day", help="UTC day the games ended: YYYY-MM-DD.")],
    ruleset: Annotated[str, typer.Option("--ruleset", help="riichi, mcr, sichuan, ...")],
    fmt: Annotated[str, typer.Option("--format", help="json, tenhou6 or mjai.")] = "json",
    preset: Annotated[str | None, typer.Option(help="Only this preset's games.")] = None,
    out: Annotated[Path | None, typer.Option("--out", help="The zip to write.")] = None,
    server: Annotated[
        str | None, typer.Option(help="Download from this server (http://host:port).")
    ] = None,
    token: Annotated[
        str | None,
        typer.Option(envvar="OPENMAHJONG_TOKEN", help="Bearer token for --server (your quota)."),
    ] = None,
    database: Annotated[
        str | None,
        typer.Option(help="Read this database instead (default $OPENMAHJONG_DATABASE_URL)."),
    ] = None,
) -> None:
    """Download a day of one ruleset's public records as a zip (docs/records.md)."""
    from openmahjong.rules.registry import get_ruleset, preset_name
    from openmahjong.server.bulk import refusal

    try:
        when = date.fromisoformat(day)
    except ValueError:
        fail(f"--day: {day!r} is not a date: use YYYY-MM-DD")
    if server is not None and database is not None:
        fail("give --server or --database, not both")
    try:
        found = get_ruleset(ruleset)
    except ValueError as exc:
        fail(f"--ruleset: {exc}")
    if preset is not None:
        if preset not in found.presets:
            fail(f"--preset: {ruleset} has no preset {preset!r}")
        preset = preset_name(found, preset)
    reason = refusal(ruleset, preset, fmt)
    if reason is not None:
        fail(f"--format: {reason}")
    target = out or Path(_default_name(when, ruleset, preset, fmt))
    if server is not None:
        _from_server(server, token, when, ruleset, preset, fmt, target)
        err.print(f"wrote {plain(str(target))}")
        return
    try:
        count = asyncio.run(_from_database(database, when, ruleset, preset, fmt, target))
    except OSError as exc:
        fail(f"{target}: cannot write: {exc.strerror or exc}")
    err.print(f"wrote {plain(str(target))}: {count} games")
