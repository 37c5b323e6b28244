"""Accounts over HTTP: register, log in and out, guests, password changes, email links.

A session is either an HTTP-only cookie (browsers) or a bearer token (bots, scripts); each
request that creates one picks with ``"session": "cookie"`` (default) or ``"bearer"``.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import re
import secrets
from datetime import datetime, timedelta
from typing import Annotated, Any, Literal, cast

from fastapi import APIRouter, Depends, Query, Request, Response
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import delete, select, update
from sqlalchemy.engine import CursorResult
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from openmahjong.server.deps import (
    CurrentUser,
    DbSession,
    State,
    client_address,
    optional_session,
    require_role,
)
from openmahjong.server.errors import ApiError
from openmahjong.server.ids import UserId
from openmahjong.server.sanctions import active_sanction, banned_error, record_audit
from openmahjong.server.security import (
    GUEST_PREFIX,
    clean_name,
    hash_token,
    name_key,
    name_problem,
    name_skeleton,
    new_token,
    password_problem,
    unprintable,
)
from openmahjong.server.state import ServerState
from openmahjong.store.admin_models import SanctionKind
from openmahjong.store.models import AuthSession, EmailCode, Role, User, utcnow

__all__ = ["admin", "router", "user_out"]

router = APIRouter(prefix="/api/auth", tags=["accounts"])
admin = APIRouter(prefix="/api/admin", tags=["admin"])

SessionKind = Literal["cookie", "bearer"]
_EMAIL = re.compile(r"[^@\s]{1,64}@[^@\s]+\.[^@\s.]{2,}")


class Body(BaseModel):
    # Unknown fields are a mistake worth reporting (a typo'd "pasword" would otherwise pass).
    model_config = ConfigDict(extra="forbid")


class RegisterIn(Body):
    name: str = Field(max_length=64, examples=["alice"])
    password: str = Field(max_length=1024, examples=["correct horse battery"])
    session: SessionKind = "cookie"
    #: An outside AI's account: it plays only the seats room owners invite it to, over
    #: ``/ws/mjai`` (docs/protocol.md); fixed at registration.
    is_bot: bool = False


class LoginIn(Body):
    name: str = Field(max_length=64)
    password: str = Field(max_length=1024)
    session: SessionKind = "cookie"


class GuestIn(Body):
    session: SessionKind = "cookie"


class PasswordIn(Body):
    current_password: str = Field(max_length=1024)
    new_password: str = Field(max_length=1024)


class EmailIn(Body):
    email: str = Field(max_length=254, examples=["alice@example.org"])


class CodeIn(Body):
    code: str = Field(max_length=32, examples=["123456"])


class RoleIn(Body):
    role: Role
    #: Kept in the audit log.
    reason: str = Field(default="", max_length=500)


class UserOut(BaseModel):
    id: int
    name: str
    role: Role
    is_guest: bool
    is_bot: bool = False
    email: str | None
    created_at: datetime


class SignedIn(BaseModel):
    user: UserOut
    session: SessionKind
    expires_at: datetime
    #: Only for ``"session": "bearer"``: send it as ``Authorization: Bearer <token>``.
    token: str | None = None


def user_out(user: User) -> UserOut:
    return UserOut(
        id=user.id,
        name=user.name,
        role=Role(user.role),
        is_guest=user.is_guest,
        is_bot=bool(user.is_bot),
        email=user.email,
        created_at=user.created_at,
    )


async def _start_session(
    state: ServerState,
    db: AsyncSession,
    request: Request,
    response: Response,
    user: User,
    kind: SessionKind,
) -> SignedIn:
    token = new_token()
    days = state.settings.guest_session_days if user.is_guest else state.settings.session_days
    expires = utcnow() + timedelta(days=days)
    db.add(
        AuthSession(
            token_hash=hash_token(token),
            user_id=user.id,
            kind=kind,
            expires_at=expires,
            client=client_address(request),
            user_agent=(request.headers.get("user-agent") or "")[:200] or None,
        )
    )
    user.last_login_at = utcnow()
    await db.commit()
    if kind == "cookie":
        response.set_cookie(
            state.settings.cookie_name,
            token,
            max_age=int(timedelta(days=days).total_seconds()),
            httponly=True,
            secure=state.settings.cookie_secure,
            samesite=state.settings.cookie_samesite,
            path="/",
        )
        return SignedIn(user=user_out(user), session=kind, expires_at=expires)
    return SignedIn(user=user_out(user), session=kind, expires_at=expires, token=token)


def _role_for(state: ServerState, name: str) -> Role:
    admins = {name_key(n) for n in state.settings.admins}
    return Role.ADMIN if name_key(name) in admins else Role.PLAYER


def _name_taken(name: str, *, lookalike: bool) -> ApiError:
    if lookalike:
        return ApiError(
            409,
            "name_taken",
            f"the name {name!r} looks too much like a taken one",
            params={"name": name, "lookalike": True},
        )
    return ApiError(409, "name_taken", f"the name {name!r} is taken", params={"name": name})


def _rate_limited(what: str, wait: float) -> ApiError:
    seconds = max(1, math.ceil(wait))
    when = f"{seconds} s" if seconds < 120 else f"{math.ceil(seconds / 60)} min"
    return ApiError(
        429,
        "rate_limited",
        f"too many {what}: try again in {when}",
        headers={"Retry-After": str(seconds)},
        params={"what": what, "seconds": seconds},
        retry_after=seconds,
    )


class _SignupLimit:
    """How many accounts (or guests) one client address may create per signup window: a
    script cannot fill the database with accounts. Checked before any work, counted on
    success; a limit of 0 turns it off."""

    def __init__(self, state: ServerState, request: Request, *, guest: bool) -> None:
        settings = state.settings
        self.limiter = state.signups
        self.limit = settings.guest_limit if guest else settings.signup_limit
        self.key = f"{'guest' if guest else 'signup'}:{client_address(request)}"
        self.what = "guest players" if guest else "new accounts"

    async def check(self) -> None:
        if not self.limit:
            return
        wait = await self.limiter.retry_after(self.key, self.limit)
        if wait is not None:
            raise _rate_limited(f"{self.what} from your address", wait)

    async def count(self) -> None:
        if self.limit:
            await self.limiter.hit(self.key)


@router.post(
    "/register",
    status_code=201,
    response_model=SignedIn,
    responses={429: {"description": "too many accounts from this address"}},
)
async def register(
    body: RegisterIn, request: Request, response: Response, state: State, db: DbSession
) -> SignedIn:
    """Create an account and sign in. One address may create only so many per hour (429)."""
    signups = _SignupLimit(state, request, guest=False)
    await signups.check()
    name = clean_name(body.name)  # kept and shown in NFKC
    admin_named = _role_for(state, name) == Role.ADMIN
    problem = name_problem(name, reserved_ok=admin_named)
    if problem:
        raise ApiError(422, "bad_name", problem)
    problem = password_problem(body.password, name, state.settings.password_min_length)
    if problem:
        raise ApiError(422, "weak_password", problem)
    key, shape = name_key(name), name_skeleton(name)
    taken = await db.scalar(
        select(User.name_key).where((User.name_key == key) | (User.name_skeleton == shape))
    )
    if taken is not None:
        raise _name_taken(name, lookalike=taken != key)
    user = User(
        name=name,
        name_key=key,
        name_skeleton=shape,
        password_hash=await state.passwords.hash(body.password),
        role=Role.ADMIN.value if admin_named else Role.PLAYER.value,
        is_guest=False,
        is_bot=body.is_bot,
    )
    db.add(user)
    try:
        await db.flush()
    except IntegrityError:  # registered by someone else between the check and the insert
        await db.rollback()
        raise _name_taken(name, lookalike=False) from None
    await signups.count()
    return await _start_session(state, db, request, response, user, body.session)


def _login_buckets(state: ServerState, request: Request, name: str) -> list[tuple[str, int]]:
    """Failure counters a login must be under: per account name and client (guessing one
    password), and per client over all names, with more room (trying many names)."""
    client = client_address(request)
    limit = state.settings.login_attempts
    return [(f"login:{name_key(name)}:{client}", limit), (f"login-client:{client}", 4 * limit)]


@router.post(
    "/login",
    response_model=SignedIn,
    responses={
        401: {"description": "wrong name or password"},
        403: {"description": "the account is banned (until when, and why)"},
        429: {"description": "limit"},
    },
)
async def login(
    body: LoginIn, request: Request, response: Response, state: State, db: DbSession
) -> SignedIn:
    """Sign in with name and password. Repeated failures are refused for a while (429)."""
    buckets = _login_buckets(state, request, body.name)
    for key, limit in buckets:
        wait = await state.limiter.retry_after(key, limit)
        if wait is not None:
            # Refused before the password is even checked: guessing on is pointless.
            raise _rate_limited("failed logins", wait)
    user = await db.scalar(select(User).where(User.name_key == name_key(body.name)))
    stored = user.password_hash if user is not None else None
    if user is None or stored is None or not await state.passwords.verify(stored, body.password):
        if user is None or stored is None:
            await state.passwords.verify(None, body.password)  # same cost as a wrong password
        for key, _limit in buckets:
            await state.limiter.hit(key)
        raise ApiError(401, "wrong_credentials", "wrong name or password")
    await state.limiter.reset(buckets[0][0])
    ban = await active_sanction(db, user.id, SanctionKind.BAN)
    if ban is not None:  # the password was right: saying so leaks nothing
        raise banned_error(ban)
    if state.passwords.needs_rehash(stored):
        user.password_hash = await state.passwords.hash(body.password)
    return await _start_session(state, db, request, response, user, body.session)


@router.post(
    "/guest",
    status_code=201,
    response_model=SignedIn,
    responses={429: {"description": "too many guests from this address"}},
)
async def guest(
    request: Request, response: Response, state: State, db: DbSession, body: GuestIn | None = None
) -> SignedIn:
    """Play without an account: a fresh guest player (casual tables only, no password)."""
    kind: SessionKind = body.session if body is not None else "cookie"
    signups = _SignupLimit(state, request, guest=True)
    await signups.check()
    for _ in range(5):
        name = GUEST_PREFIX + secrets.token_hex(4)
        user = User(name=name, name_key=name, password_hash=None, is_guest=True)
        db.add(user)
        try:
            await db.flush()
        except IntegrityError:
            await db.rollback()
            continue
        await signups.count()
        return await _start_session(state, db, request, response, user, kind)
    raise ApiError(503, "busy", "could not pick a free guest name, try again")


@router.post("/logout")
async def logout(
    response: Response,
    state: State,
    db: DbSession,
    auth: Annotated[AuthSession | None, Depends(optional_session)],
) -> dict[str, bool]:
    """End this session (cookie or bearer token). Always clears the cookie."""
    ended = False
    if auth is not None:
        await db.delete(auth)
        await db.commit()
        ended = True
    response.delete_cookie(state.settings.cookie_name, path="/")
    return {"signed_out": ended}


@router.get("/me", response_model=UserOut)
async def me(user: CurrentUser) -> UserOut:
    """The signed-in account."""
    return user_out(user)


@router.post("/password")
async def change_password(
    body: PasswordIn,
    state: State,
    db: DbSession,
    user: CurrentUser,
    auth: Annotated[AuthSession | None, Depends(optional_session)],
) -> dict[str, int]:
    """Change the password; every other session of the account is signed out."""
    if user.is_guest:
        raise ApiError(403, "guest_account", "guest players have no password to change")
    key = f"password:{user.id}"
    wait = await state.limiter.retry_after(key, state.settings.login_attempts)
    if wait is not None:
        raise _rate_limited("wrong passwords", wait)
    if not await state.passwords.verify(user.password_hash, body.current_password):
        await state.limiter.hit(key)
        raise ApiError(401, "wrong_credentials", "the current password is wrong")
    problem = password_problem(body.new_password, user.name, state.settings.password_min_length)
    if problem:
        raise ApiError(422, "weak_password", problem)
    if body.new_password == body.current_password:
        raise ApiError(422, "weak_password", "the new password is the current one")
    await state.limiter.reset(key)
    user.password_hash = await state.passwords.hash(body.new_password)
    current = auth.token_hash if auth is not None else ""
    result = await db.execute(
        delete(AuthSession).where(AuthSession.user_id == user.id, AuthSession.token_hash != current)
    )
    await db.commit()
    return {"other_sessions_ended": cast(CursorResult[Any], result).rowcount or 0}


def _code_hash(code: str, salt: str | None = None) -> str:
    salt = salt or secrets.token_hex(8)
    return f"{salt}${hashlib.sha256(f'{salt}:{code}'.encode()).hexdigest()}"


def _code_matches(code: str, stored: str) -> bool:
    salt, _, _ = stored.partition("$")
    return hmac.compare_digest(_code_hash(code, salt), stored)


async def _email_owner(db: AsyncSession, email: str) -> int | None:
    return await db.scalar(select(User.id).where(User.email == email))


@router.post("/email", status_code=202)
async def request_email_code(
    body: EmailIn, state: State, db: DbSession, user: CurrentUser
) -> dict[str, object]:
    """Send a verification code to ``email``; the address is linked once the code comes back."""
    if user.is_guest:
        raise ApiError(403, "guest_account", "register an account to link an email address")
    email = body.email.strip()
    if not _EMAIL.fullmatch(email) or any(unprintable(c) for c in email):
        raise ApiError(
            422, "bad_email", f"{email!r} is not an email address", params={"email": email}
        )
    email = email.lower()
    owner = await _email_owner(db, email)
    if owner is not None and owner != user.id:
        raise ApiError(409, "email_taken", "this address is linked to another account")
    # One account must not turn the server into a mail cannon aimed at someone else's inbox.
    sends, send_key = state.settings.email_code_sends, f"email:{user.id}"
    if sends:
        wait = await state.signups.retry_after(send_key, sends)
        if wait is not None:
            raise _rate_limited("verification emails for your account", wait)
        await state.signups.hit(send_key)
    now = utcnow()
    minutes = state.settings.email_code_minutes
    # Only the newest code counts: earlier ones stop working.
    await db.execute(
        update(EmailCode)
        .where(EmailCode.user_id == user.id, EmailCode.used_at.is_(None))
        .values(used_at=now)
    )
    code = f"{secrets.randbelow(10**6):06d}"
    db.add(
        EmailCode(
            user_id=user.id,
            email=email,
            code_hash=_code_hash(code),
            expires_at=now + timedelta(minutes=minutes),
            attempts=0,
        )
    )
    await db.commit()
    await state.mailer.send_code(user.name, email, code, minutes)
    return {"email": email, "expires_in_minutes": minutes}


@router.post("/email/verify", response_model=UserOut)
async def verify_email(body: CodeIn, state: State, db: DbSession, user: CurrentUser) -> UserOut:
    """Confirm the code that was sent; the address becomes the account's email."""
    pending = await db.scalar(
        select(EmailCode)
        .where(EmailCode.user_id == user.id, EmailCode.used_at.is_(None))
        .order_by(EmailCode.id.desc())
        .limit(1)
    )
    if pending is None or pending.expires_at <= utcnow():
        raise ApiError(404, "no_pending_code", "no code is waiting: ask for a new one")
    if pending.attempts >= state.settings.email_code_attempts:
        raise ApiError(429, "too_many_attempts", "too many wrong codes: ask for a new one")
    if not _code_matches(body.code.strip(), pending.code_hash):
        pending.attempts += 1
        await db.commit()
        left = state.settings.email_code_attempts - pending.attempts
        raise ApiError(
            422, "wrong_code", f"that code is wrong ({left} tries left)", params={"left": left}
        )
    owner = await _email_owner(db, pending.email)
    if owner is not None and owner != user.id:
        raise ApiError(409, "email_taken", "this address is linked to another account")
    pending.used_at = utcnow()
    user.email = pending.email
    user.email_verified_at = utcnow()
    try:
        await db.commit()
    except IntegrityError:
        await db.rollback()
        raise ApiError(409, "email_taken", "this address is linked to another account") from None
    return user_out(user)


# ---------------------------------------------------------------- admin


@admin.get("/users", response_model=list[UserOut])
async def list_users(
    db: DbSession,
    _admin: Annotated[User, Depends(require_role(Role.ADMIN))],
    limit: Annotated[int, Query(ge=1, le=500)] = 100,
) -> list[UserOut]:
    """Admins only: accounts, newest first."""
    users = await db.scalars(select(User).order_by(User.id.desc()).limit(limit))
    return [user_out(u) for u in users]


@admin.put("/users/{user_id}/role", response_model=UserOut)
async def set_role(
    user_id: UserId,
    body: RoleIn,
    db: DbSession,
    acting: Annotated[User, Depends(require_role(Role.ADMIN))],
) -> UserOut:
    """Admins only: give an account the player, event_admin or admin role."""
    user = await db.get(User, user_id)
    if user is None:
        raise ApiError(404, "no_such_user", f"no account {user_id}", params={"user": user_id})
    if user.is_guest and body.role != Role.PLAYER:
        raise ApiError(422, "guest_account", "guest players cannot hold a role")
    if user.id == acting.id and body.role != Role.ADMIN:
        raise ApiError(422, "own_role", "an admin cannot take the admin role from themselves")
    before = user.role
    user.role = body.role.value
    record_audit(
        db, acting, user, "role.set", body.reason.strip(), role=body.role.value, before=before
    )
    await db.commit()
    return user_out(user)


async def apply_configured_admins(state: ServerState) -> None:
    """Give the admin role to the accounts named in ``OPENMAHJONG_ADMINS`` (at startup)."""
    keys = [name_key(n) for n in state.settings.admins]
    if not keys:
        return
    async with state.db.session() as db:
        await db.execute(
            update(User)
            .where(User.name_key.in_(keys), User.is_guest.is_(False))
            .values(role=Role.ADMIN.value)
        )


async def purge_expired(state: ServerState) -> int:
    """Delete sessions and email codes past their expiry (at startup); returns how many."""
    now = utcnow()
    async with state.db.session() as db:
        sessions = await db.execute(delete(AuthSession).where(AuthSession.expires_at <= now))
        codes = await db.execute(delete(EmailCode).where(EmailCode.expires_at <= now))
    return sum(cast(CursorResult[Any], r).rowcount or 0 for r in (sessions, codes))
