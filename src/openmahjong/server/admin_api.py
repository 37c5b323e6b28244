"""Admin pages' routes (``/api/admin``, admins only): an account's roles and sanctions, grants
and revocations, sanctions and their lifting, and the audit log every one of them writes.

Rank credit is granted by the ranks routes; an account's credits show here beside the rest.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query, Request
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, WithJsonSchema, field_validator
from sqlalchemy import select

from openmahjong.server.account_api import (
    RankCreditOut,
    SanctionOut,
    account_roles,
    rank_credits,
    sanction_out,
)
from openmahjong.server.accounts import UserOut, user_out
from openmahjong.server.deps import DbSession, require_role
from openmahjong.server.errors import ApiError
from openmahjong.server.ids import MAX_ROW_ID, UserId
from openmahjong.server.role_changes import change_role
from openmahjong.server.sanctions import end_sessions, record_audit, remove_banned
from openmahjong.server.security import name_key
from openmahjong.store.admin_models import AccountRole, AuditEntry, Sanction, SanctionKind
from openmahjong.store.models import Role, User, utcnow

__all__ = ["router"]

router = APIRouter(prefix="/api/admin", tags=["admin"])
Admin = Annotated[User, Depends(require_role(Role.ADMIN))]

SanctionId = Annotated[int, Path(ge=1, le=MAX_ROW_ID, description="A sanction's id.")]

# A sanction ends within ten years (a longer one is "until lifted": no end date).
MAX_SANCTION = timedelta(days=3650)


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _short_time(value: object) -> object:
    if isinstance(value, str) and len(value) > TIME_MAX:
        raise ValueError(f"a date and time is at most {TIME_MAX} characters")
    return value


TIME_MAX = 40
EndsAt = Annotated[
    datetime,
    BeforeValidator(_short_time),
    WithJsonSchema({"type": "string", "format": "date-time", "maxLength": TIME_MAX}),
]
Reason = Annotated[str, Field(min_length=1, max_length=500, examples=["abusive chat"])]


def _reason(value: str) -> str:
    value = value.strip()
    if not value:
        raise ValueError("say why (the audit log keeps it)")
    return value


class RoleChangeIn(Body):
    role: AccountRole
    grant: bool = True
    reason: Reason
    _clean = field_validator("reason")(_reason)


class SanctionIn(Body):
    kind: SanctionKind
    reason: Reason
    #: When it ends (UTC); omitted: until an admin lifts it.
    ends_at: EndsAt | None = None
    _clean = field_validator("reason")(_reason)


class LiftIn(Body):
    reason: Reason
    _clean = field_validator("reason")(_reason)


class AdminAccountOut(BaseModel):
    user: UserOut
    roles: list[str]
    #: Every sanction, newest first, with whether it is in force.
    sanctions: list[SanctionOut]
    rank_credits: list[RankCreditOut]


class AuditOut(BaseModel):
    id: int
    actor: str
    actor_id: int | None
    target: str | None
    target_id: int | None
    action: str
    reason: str
    detail: dict[str, object]
    created_at: datetime


class AuditPage(BaseModel):
    entries: list[AuditOut]
    #: Pass as ``before`` for the next (older) page; None on the last page.
    next_before: int | None


async def _account(db: DbSession, user: User) -> AdminAccountOut:
    now = utcnow()
    rows = await db.scalars(
        select(Sanction).where(Sanction.user_id == user.id).order_by(Sanction.id.desc())
    )
    return AdminAccountOut(
        user=user_out(user),
        roles=await account_roles(db, user),
        sanctions=[sanction_out(s, now) for s in rows],
        rank_credits=await rank_credits(db, user.id),
    )


async def _user(db: DbSession, user_id: int) -> User:
    user = await db.get(User, user_id)
    if user is None:
        raise ApiError(404, "no_such_user", f"no account {user_id}", params={"user": user_id})
    return user


@router.get("/accounts", response_model=AdminAccountOut)
async def find_account(
    db: DbSession, _admin: Admin, name: Annotated[str, Query(min_length=1, max_length=64)]
) -> AdminAccountOut:
    """An account by name (case does not matter): its roles, sanctions and rank credit."""
    user = await db.scalar(select(User).where(User.name_key == name_key(name.strip())))
    if user is None:
        raise ApiError(404, "no_such_user", f"no account named {name!r}", params={"name": name})
    return await _account(db, user)


@router.get("/accounts/{user_id}", response_model=AdminAccountOut)
async def get_account(user_id: UserId, db: DbSession, _admin: Admin) -> AdminAccountOut:
    """An account by id: its roles, sanctions and rank credit."""
    return await _account(db, await _user(db, user_id))


@router.post("/accounts/{user_id}/roles", response_model=AdminAccountOut)
async def grant_or_revoke_role(
    user_id: UserId, body: RoleChangeIn, db: DbSession, acting: Admin
) -> AdminAccountOut:
    """Grant (``grant: true``) or revoke a role: admin, organiser or sponsor."""
    user = await _user(db, user_id)
    await change_role(db, acting, user, body.role, grant=body.grant, reason=body.reason)
    return await _account(db, user)


@router.post("/accounts/{user_id}/sanctions", status_code=201, response_model=AdminAccountOut)
async def sanction(
    user_id: UserId, body: SanctionIn, request: Request, db: DbSession, acting: Admin
) -> AdminAccountOut:
    """Warn, revoke organiser rights, or ban (ends its sessions, lines and lobby seats)."""
    user = await _user(db, user_id)
    if user.id == acting.id:
        raise ApiError(422, "own_account", "an admin cannot sanction their own account")
    now = utcnow()
    ends = body.ends_at
    if ends is not None:
        if ends.tzinfo is None:
            raise ApiError(422, "bad_end", "give the end date with its time zone (e.g. Z)")
        if ends <= now or ends - now > MAX_SANCTION:
            raise ApiError(
                422,
                "bad_end",
                "the end date must be in the future and within ten years",
                params={"ends_at": ends.isoformat()},
            )
    row = Sanction(
        user_id=user.id,
        kind=body.kind.value,
        reason=body.reason,
        created_by=acting.id,
        created_at=now,
        ends_at=ends,
    )
    db.add(row)
    await db.flush()
    record_audit(
        db,
        acting,
        user,
        f"sanction.{body.kind.value}",
        body.reason,
        sanction=row.id,
        ends_at=ends.isoformat() if ends else None,
    )
    if body.kind == SanctionKind.BAN:
        await end_sessions(db, user.id)
    await db.commit()
    if body.kind == SanctionKind.BAN:
        app = request.app.state
        await remove_banned(getattr(app, "rooms", None), getattr(app, "hub", None), user.id)
    return await _account(db, user)


@router.post("/sanctions/{sanction_id}/lift", response_model=AdminAccountOut)
async def lift(
    sanction_id: SanctionId, body: LiftIn, db: DbSession, acting: Admin
) -> AdminAccountOut:
    """End a sanction now (it stays in the account's history and the audit log)."""
    row = await db.get(Sanction, sanction_id)
    if row is None:
        raise ApiError(
            404, "no_such_sanction", f"no sanction {sanction_id}", params={"sanction": sanction_id}
        )
    now = utcnow()
    if not row.active(now):
        raise ApiError(
            409, "sanction_over", "this sanction is over already", params={"sanction": row.id}
        )
    row.lifted_at, row.lifted_by = now, acting.id
    user = await _user(db, row.user_id)
    record_audit(db, acting, user, "sanction.lift", body.reason, sanction=row.id, kind=row.kind)
    await db.commit()
    return await _account(db, user)


@router.get("/audit", response_model=AuditPage)
async def audit_log(
    db: DbSession,
    _admin: Admin,
    before: Annotated[int | None, Query(ge=1, le=MAX_ROW_ID)] = None,
    target: Annotated[int | None, Query(ge=1, le=MAX_ROW_ID)] = None,
    limit: Annotated[int, Query(ge=1, le=100)] = 25,
) -> AuditPage:
    """The audit log, newest first, ``limit`` entries a page; ``target``: one account's."""
    query = select(AuditEntry).order_by(AuditEntry.id.desc()).limit(limit + 1)
    if before is not None:
        query = query.where(AuditEntry.id < before)
    if target is not None:
        query = query.where(AuditEntry.target_id == target)
    rows = list(await db.scalars(query))
    more = len(rows) > limit
    rows = rows[:limit]
    return AuditPage(
        entries=[
            AuditOut(
                id=e.id,
                actor=e.actor_name,
                actor_id=e.actor_id,
                target=e.target_name,
                target_id=e.target_id,
                action=e.action,
                reason=e.reason,
                detail=dict(e.detail or {}),
                created_at=e.created_at,
            )
            for e in rows
        ],
        next_before=rows[-1].id if more and rows else None,
    )
