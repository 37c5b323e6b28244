"""Request dependencies: the database session, the signed-in user, role checks."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Coroutine
from datetime import timedelta
from typing import Annotated, Any

from fastapi import Depends, Request
from sqlalchemy.ext.asyncio import AsyncSession

from openmahjong.server.errors import ApiError
from openmahjong.server.security import hash_token
from openmahjong.server.state import ServerState
from openmahjong.store.models import AuthSession, Role, User, utcnow

__all__ = [
    "CurrentUser",
    "DbSession",
    "State",
    "client_address",
    "get_state",
    "optional_session",
    "require_role",
    "token_from",
]

# Writing last_seen_at on every request would turn every read into a write.
_SEEN_RESOLUTION = timedelta(minutes=5)


def get_state(request: Request) -> ServerState:
    return request.app.state.om


State = Annotated[ServerState, Depends(get_state)]


async def db_session(request: Request) -> AsyncIterator[AsyncSession]:
    """A session per request. Handlers commit on success; anything not committed is dropped."""
    async with get_state(request).db.sessions() as session:
        yield session


DbSession = Annotated[AsyncSession, Depends(db_session)]


def client_address(request: Request) -> str:
    state = get_state(request)
    if state.settings.trust_proxy:
        forwarded = request.headers.get("x-forwarded-for")
        if forwarded:
            return forwarded.split(",")[0].strip()[:64]
    return (request.client.host if request.client else "unknown")[:64]


def token_from(request: Request) -> str | None:
    """A bearer token from ``Authorization``, else the session cookie."""
    header = request.headers.get("authorization")
    if header:
        scheme, _, value = header.partition(" ")
        if scheme.lower() == "bearer" and value.strip():
            return value.strip()
        raise ApiError(
            401,
            "bad_authorization",
            "the Authorization header must be 'Bearer <token>'",
            headers={"WWW-Authenticate": "Bearer"},
        )
    return request.cookies.get(get_state(request).settings.cookie_name)


async def session_for_token(db: AsyncSession, token: str) -> AuthSession | None:
    found = await db.get(AuthSession, hash_token(token))
    if found is None:
        return None
    now = utcnow()
    if found.expires_at <= now:
        await db.delete(found)
        await db.commit()
        return None
    if found.last_seen_at is None or now - found.last_seen_at > _SEEN_RESOLUTION:
        found.last_seen_at = now
        await db.commit()
    return found


async def optional_session(request: Request, db: DbSession) -> AuthSession | None:
    token = token_from(request)
    return None if token is None else await session_for_token(db, token)


async def _current_user(
    db: DbSession, auth: Annotated[AuthSession | None, Depends(optional_session)]
) -> User:
    if auth is None:
        raise ApiError(
            401,
            "not_signed_in",
            "sign in first (session cookie or 'Authorization: Bearer <token>')",
            headers={"WWW-Authenticate": "Bearer"},
        )
    user = await db.get(User, auth.user_id)
    if user is None:  # the account was removed under the session
        raise ApiError(401, "not_signed_in", "this session's account no longer exists")
    return user


CurrentUser = Annotated[User, Depends(_current_user)]


def require_role(role: Role) -> Callable[..., Coroutine[Any, Any, User]]:
    """A dependency that lets through users holding ``role`` or a stronger one."""

    async def check(user: CurrentUser) -> User:
        if not Role(user.role).includes(role):
            raise ApiError(
                403, "forbidden", f"this needs the {role.value} role; you are {user.role}"
            )
        return user

    return check
