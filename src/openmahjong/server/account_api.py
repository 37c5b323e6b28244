"""The signed-in account's own page (``/api/account``): its roles, sanctions and rank credit,
and its sessions, each of which it may end.

Linking an email and changing the password are the ``/api/auth`` routes (``accounts.py``).
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Depends, Path, Response
from pydantic import BaseModel
from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from openmahjong.server.accounts import UserOut, user_out
from openmahjong.server.deps import CurrentUser, DbSession, State, optional_session
from openmahjong.server.errors import ApiError
from openmahjong.store.admin_models import AccountRole, Sanction, UserRole
from openmahjong.store.models import AuthSession, RankCredit, Role, User, utcnow

__all__ = ["SanctionOut", "account_roles", "rank_credits", "router", "sanction_out"]

router = APIRouter(prefix="/api/account", tags=["account"])

# Shown to the account instead of the token's hash: enough to name one of its sessions.
SESSION_ID_LENGTH = 16


class SanctionOut(BaseModel):
    id: int
    kind: str
    reason: str
    created_at: datetime
    ends_at: datetime | None
    lifted_at: datetime | None
    active: bool


class RankCreditOut(BaseModel):
    ruleset: str
    kind: str
    rank: str | None
    certificate: str
    reason: str
    granted_by: str
    created_at: datetime


class AccountOut(BaseModel):
    user: UserOut
    email_verified_at: datetime | None
    #: Every role the account holds: ``admin``/``event_admin`` (``users.role``) and the granted
    #: ones (``organiser``, ``sponsor``).
    roles: list[str]
    #: Sanctions in force now (warnings included).
    sanctions: list[SanctionOut]
    rank_credits: list[RankCreditOut]


class SessionOut(BaseModel):
    id: str
    kind: str
    current: bool
    user_agent: str | None
    client: str | None
    created_at: datetime
    last_seen_at: datetime | None
    expires_at: datetime


def sanction_out(s: Sanction, now: datetime) -> SanctionOut:
    return SanctionOut(
        id=s.id,
        kind=s.kind,
        reason=s.reason,
        created_at=s.created_at,
        ends_at=s.ends_at,
        lifted_at=s.lifted_at,
        active=s.active(now),
    )


async def account_roles(db: AsyncSession, user: User) -> list[str]:
    granted = await db.scalars(select(UserRole.role).where(UserRole.user_id == user.id))
    ladder = [] if user.role == Role.PLAYER.value else [user.role]
    return ladder + sorted(r for r in granted if r != AccountRole.ADMIN.value)


async def rank_credits(db: AsyncSession, user_id: int) -> list[RankCreditOut]:
    """The account's rank credit grants (the ranks package's ``rank_credits`` table)."""
    rows = await db.scalars(
        select(RankCredit).where(RankCredit.user_id == user_id).order_by(RankCredit.id.desc())
    )
    return [
        RankCreditOut(
            ruleset=r.ruleset,
            kind=r.kind,
            rank=r.rank,
            certificate=r.certificate,
            reason=r.reason,
            granted_by=r.granted_by_name,
            created_at=r.created_at,
        )
        for r in rows
    ]


@router.get("", response_model=AccountOut)
async def account(db: DbSession, user: CurrentUser) -> AccountOut:
    """The signed-in account: email, roles, sanctions in force, rank credit."""
    now = utcnow()
    sanctions = await db.scalars(
        select(Sanction)
        .where(Sanction.user_id == user.id, Sanction.active_at(now))
        .order_by(Sanction.id.desc())
    )
    return AccountOut(
        user=user_out(user),
        email_verified_at=user.email_verified_at,
        roles=await account_roles(db, user),
        sanctions=[sanction_out(s, now) for s in sanctions],
        rank_credits=await rank_credits(db, user.id),
    )


@router.get("/sessions", response_model=list[SessionOut])
async def sessions(
    db: DbSession,
    user: CurrentUser,
    auth: Annotated[AuthSession | None, Depends(optional_session)],
) -> list[SessionOut]:
    """The account's sessions, the most recently used first; ``current`` is this one."""
    now = utcnow()
    rows = await db.scalars(
        select(AuthSession).where(AuthSession.user_id == user.id, AuthSession.expires_at > now)
    )
    current = auth.token_hash if auth is not None else None
    found = sorted(rows, key=lambda s: s.last_seen_at or s.created_at, reverse=True)
    return [
        SessionOut(
            id=s.token_hash[:SESSION_ID_LENGTH],
            kind=s.kind,
            current=s.token_hash == current,
            user_agent=s.user_agent,
            client=s.client,
            created_at=s.created_at,
            last_seen_at=s.last_seen_at,
            expires_at=s.expires_at,
        )
        for s in found
    ]


SessionId = Annotated[
    str,
    Path(
        min_length=SESSION_ID_LENGTH,
        max_length=SESSION_ID_LENGTH,
        pattern="^[0-9a-f]+$",
        description="A session's id from GET /api/account/sessions.",
    ),
]


@router.delete("/sessions/{session_id}")
async def end_session(
    session_id: SessionId,
    response: Response,
    state: State,
    db: DbSession,
    user: CurrentUser,
    auth: Annotated[AuthSession | None, Depends(optional_session)],
) -> dict[str, bool]:
    """End one of the account's sessions. Ending the current one signs this browser out."""
    rows = await db.scalars(select(AuthSession).where(AuthSession.user_id == user.id))
    match = [s for s in rows if s.token_hash.startswith(session_id)]
    if len(match) != 1:
        raise ApiError(
            404, "no_such_session", "no such session of yours", params={"session": session_id}
        )
    hash_ = match[0].token_hash
    await db.execute(delete(AuthSession).where(AuthSession.token_hash == hash_))
    await db.commit()
    current = auth is not None and auth.token_hash == hash_
    if current:
        response.delete_cookie(state.settings.cookie_name, path="/")
    return {"ended": True, "current": current}
