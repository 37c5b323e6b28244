"""Bulk record downloads: one UTC day of one ruleset's finished games as a zip, in our JSON,
tenhou.net/6 or mjai, streamed (``GET /api/records/bulk``), and the daily quota that limits
them (``GET /api/records/quota``).

The archive holds one file per game (``<id>.json``, ``<id>.tenhou6.json`` or
``<id>.mjai.jsonl``) and, last, ``manifest.json``: the day, ruleset, format, every game put in,
every game left out with the reason (a Battle of Asura game has no tenhou.net/6 form), and the
quota. Records are read and converted a batch at a time, so a large day never sits in memory.

Quota: archives per UTC day, per account (``bulk_quota_account``), per client address without
a session (``bulk_quota_anonymous``), more for sponsors (the ``sponsor`` role,
``bulk_quota_sponsor``). Every answer states it in ``X-Quota-Limit`` and
``X-Quota-Remaining``; past it, 429 ``quota_exceeded``.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Annotated, Any, Literal, cast

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import StreamingResponse
from pydantic import BaseModel
from sqlalchemy import insert, select, update
from sqlalchemy.engine import CursorResult
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from openmahjong.formats.archive import ARCHIVE_FORMATS, ZipStream, entry_name, record_entry
from openmahjong.rules.registry import get_ruleset, preset_name, rulesets
from openmahjong.server.deps import DbSession, State, client_address, optional_session
from openmahjong.server.errors import ApiError
from openmahjong.store.database import Database
from openmahjong.store.duplicates import sealed_games
from openmahjong.store.models import AuthSession, Game, GameStatus, User
from openmahjong.store.record_models import DownloadCount

__all__ = ["BATCH", "archive_chunks", "day_game_ids", "refusal", "router"]

router = APIRouter(prefix="/api/records", tags=["records"])

#: Records read and converted at a time.
BATCH = 50

ArchiveFormat = Literal["json", "tenhou6", "mjai"]


def refusal(ruleset: str, preset: str | None, fmt: str) -> str | None:
    """Why ``fmt`` cannot hold ``ruleset`` (``preset``) games, or None."""
    if fmt not in ARCHIVE_FORMATS:
        return f"unknown format {fmt!r}: choose one of {', '.join(ARCHIVE_FORMATS)}"
    if fmt == "json":
        return None
    found = rulesets().get(ruleset)
    if found is None:
        return f"no ruleset {ruleset!r} is installed"
    if fmt not in found.outside_formats:
        return f"{fmt} does not describe {ruleset} games (it knows Riichi only); use json"
    if preset is not None and getattr(found.options(preset), "asura", False):
        return (
            f"{fmt} cannot hold Battle of Asura games ({preset}): the format has no tile "
            "exchange and no play after a win; use json"
        )
    return None


def _day_bounds(day: date) -> tuple[datetime, datetime]:
    start = datetime(day.year, day.month, day.day, tzinfo=UTC)
    return start, start + timedelta(days=1)


async def day_game_ids(
    session: AsyncSession, day: date, ruleset: str, preset: str | None = None
) -> list[int]:
    """The finished games of ``ruleset`` (and ``preset``) that ended on UTC ``day``, public
    ones only (no sealed duplicate table), by id."""
    start, end = _day_bounds(day)
    query = select(Game.id).where(
        Game.status == GameStatus.FINISHED.value,
        Game.ruleset == ruleset,
        Game.finished_at >= start,
        Game.finished_at < end,
        Game.id.not_in(sealed_games()),
    )
    if preset is not None:
        query = query.where(Game.preset == preset)
    return list(await session.scalars(query.order_by(Game.id)))


def _flagged(game: Game) -> dict[str, Any]:
    """The record as ``GET /api/games/{id}/record`` serves it (the header's flags)."""
    record = game.record or {}
    header = {
        **(record.get("header") or {}),
        "supplied_seed": game.supplied_seed,
        "casual": game.casual,
    }
    return {**record, "header": header}


def _convert(
    games: list[tuple[int, dict[str, Any]]], fmt: str
) -> list[tuple[int, str | None, str | None]]:
    return [(gid, *record_entry(record, fmt)) for gid, record in games]


async def archive_chunks(
    db: Database,
    ids: list[int],
    fmt: str,
    manifest: dict[str, Any],
) -> AsyncIterator[bytes]:
    """The zip of games ``ids`` in ``fmt``, as it is written: read a batch, convert it (off
    the event loop), add it, hand over the bytes, and so on; ``manifest.json`` last."""
    archive = ZipStream()
    put: list[int] = []
    left_out: list[dict[str, Any]] = []
    for i in range(0, len(ids), BATCH):
        chunk = ids[i : i + BATCH]
        async with db.sessions() as session:
            rows = await session.scalars(select(Game).where(Game.id.in_(chunk)).order_by(Game.id))
            games = [(g.id, _flagged(g)) for g in rows if g.record is not None]
        converted = await asyncio.to_thread(_convert, games, fmt)
        for gid, text, reason in converted:
            if text is None:
                left_out.append({"game": gid, "reason": reason})
                continue
            archive.add(entry_name(gid, fmt), text)
            put.append(gid)
        yield archive.take()
    body = {**manifest, "format": fmt, "games": put, "left_out": left_out}
    archive.add("manifest.json", json.dumps(body, ensure_ascii=False, indent=1) + "\n")
    archive.close()
    yield archive.take()


# ------------------------------------------------------------------ quota


@dataclass(frozen=True)
class Quota:
    subject: str
    limit: int
    used: int
    sponsor: bool

    @property
    def remaining(self) -> int:
        return max(0, self.limit - self.used)

    def headers(self) -> dict[str, str]:
        return {"X-Quota-Limit": str(self.limit), "X-Quota-Remaining": str(self.remaining)}


class QuotaOut(BaseModel):
    #: ``user:<id>`` or ``address`` (an address is not echoed).
    subject: str
    sponsor: bool
    limit: int
    used: int
    remaining: int
    #: The UTC day the counts are for; they start again at midnight UTC.
    day: str


def _today() -> str:
    return datetime.now(UTC).date().isoformat()


async def _is_sponsor(db: AsyncSession, user_id: int) -> bool:
    from openmahjong.store.admin_models import AccountRole, UserRole

    found = await db.scalar(
        select(UserRole.user_id).where(
            UserRole.user_id == user_id, UserRole.role == AccountRole.SPONSOR.value
        )
    )
    return found is not None


async def _quota(request: Request, db: AsyncSession, auth: AuthSession | None) -> Quota:
    settings = request.app.state.om.settings
    user = await db.get(User, auth.user_id) if auth is not None else None
    if user is None:
        subject, limit, sponsor = (
            f"addr:{client_address(request)}",
            settings.bulk_quota_anonymous,
            False,
        )
    else:
        sponsor = await _is_sponsor(db, user.id)
        limit = settings.bulk_quota_sponsor if sponsor else settings.bulk_quota_account
        subject = f"user:{user.id}"
    used = await db.scalar(
        select(DownloadCount.count).where(
            DownloadCount.subject == subject, DownloadCount.day == _today()
        )
    )
    return Quota(subject, limit, used or 0, sponsor)


async def _charge(db: AsyncSession, quota: Quota) -> Quota | None:
    """Count one archive against ``quota`` in one conditional UPDATE (two servers cannot both
    take the last one); None when none is left."""
    day = _today()
    try:
        async with db.begin_nested():
            await db.execute(insert(DownloadCount).values(subject=quota.subject, day=day, count=0))
    except IntegrityError:
        pass  # the day's row exists
    statement = (
        update(DownloadCount)
        .where(
            DownloadCount.subject == quota.subject,
            DownloadCount.day == day,
            DownloadCount.count < quota.limit,
        )
        .values(count=DownloadCount.count + 1)
    )
    done = cast(CursorResult[Any], await db.execute(statement)).rowcount
    await db.commit()
    if done != 1:
        return None
    return Quota(quota.subject, quota.limit, quota.used + 1, quota.sponsor)


def _exceeded(quota: Quota) -> ApiError:
    more = "" if quota.sponsor else " (sponsors get more: docs/records.md)"
    return ApiError(
        429,
        "quota_exceeded",
        f"you have downloaded your {quota.limit} bulk archives for today (UTC); the count "
        f"starts again at midnight UTC{more}",
        params={"limit": quota.limit, "remaining": 0, "day": _today()},
        headers={**quota.headers(), "Retry-After": str(_seconds_to_midnight())},
    )


def _seconds_to_midnight() -> int:
    now = datetime.now(UTC)
    midnight = datetime(now.year, now.month, now.day, tzinfo=UTC) + timedelta(days=1)
    return max(1, int((midnight - now).total_seconds()))


Auth = Annotated[AuthSession | None, Depends(optional_session)]


@router.get("/quota", response_model=QuotaOut)
async def quota(request: Request, db: DbSession, auth: Auth) -> Any:
    """Your bulk-download quota today: limit, used, remaining (also in the headers)."""
    q = await _quota(request, db, auth)
    body = QuotaOut(
        subject="address" if q.subject.startswith("addr:") else q.subject,
        sponsor=q.sponsor,
        limit=q.limit,
        used=q.used,
        remaining=q.remaining,
        day=_today(),
    )
    from fastapi.responses import JSONResponse

    return JSONResponse(body.model_dump(), headers=q.headers())


def _day(text: str) -> date:
    """The ``day`` query as a date (its shape is checked by the route: YYYY-MM-DD)."""
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise ApiError(
            422, "bad_day", f"{text} is not a day of the calendar", params={"day": text}
        ) from None


@router.get(
    "/bulk",
    responses={
        200: {"description": "A zip streamed as it is written", "content": {"application/zip": {}}},
        429: {"description": "the daily quota is used up"},
    },
)
async def bulk(
    request: Request,
    state: State,
    db: DbSession,
    auth: Auth,
    day_text: Annotated[
        str,
        Query(
            min_length=10,
            max_length=10,
            pattern=r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$",
            alias="day",
            description="UTC day the games ended, YYYY-MM-DD.",
        ),
    ],
    ruleset: Annotated[str, Query(max_length=32)],
    format: Annotated[ArchiveFormat, Query()] = "json",  # noqa: A002
    preset: Annotated[str | None, Query(max_length=64)] = None,
) -> StreamingResponse:
    """Every public finished game of ``ruleset`` that ended on ``day`` (UTC), as a zip of
    records in ``format`` with ``manifest.json``. Counts one archive against the quota."""
    day = _day(day_text)
    try:
        found = get_ruleset(ruleset)
    except ValueError as exc:
        raise ApiError(422, "unknown_ruleset", str(exc), params={"ruleset": ruleset}) from None
    if preset is not None:
        if preset not in found.presets:
            raise ApiError(
                422,
                "unknown_preset",
                f"{ruleset} has no preset {preset!r}",
                params={"ruleset": ruleset, "preset": preset},
            )
        preset = preset_name(found, preset)
    reason = refusal(ruleset, preset, format)
    if reason is not None:
        raise ApiError(
            422,
            "export_unsupported",
            reason,
            params={"format": format, "ruleset": ruleset, "preset": preset},
        )
    if day > datetime.now(UTC).date():
        raise ApiError(
            422, "bad_day", f"{day} has not happened yet (UTC)", params={"day": str(day)}
        )
    charged = await _charge(db, await _quota(request, db, auth))
    if charged is None:
        raise _exceeded(await _quota(request, db, auth))
    ids = await day_game_ids(db, day, ruleset, preset)
    await db.close()  # the stream reads with sessions of its own
    manifest = {
        "day": day.isoformat(),
        "ruleset": ruleset,
        "preset": preset,
        "quota": {"limit": charged.limit, "remaining": charged.remaining},
    }
    name = f"openmahjong-{day.isoformat()}-{ruleset}{'-' + preset if preset else ''}-{format}.zip"
    return StreamingResponse(
        archive_chunks(state.db, ids, format, manifest),
        media_type="application/zip",
        headers={**charged.headers(), "Content-Disposition": f'attachment; filename="{name}"'},
    )
