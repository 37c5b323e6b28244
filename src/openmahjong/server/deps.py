"""Request dependencies: the database session, the signed-in user, role checks."""

from __future__ import annotations

import functools
import ipaddress
from collections.abc import AsyncIterator, Callable, Coroutine
from datetime import timedelta
from typing import Annotated, Any

from fastapi import Depends, Request
from sqlalchemy.ext.asyncio import AsyncSession
from starlette.requests import HTTPConnection

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

IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network

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


def client_address(connection: HTTPConnection) -> str:
    """The address rate limits and connection caps count by (a request or a WebSocket).

    The peer's own address, unless ``trust_proxy`` is on *and* the peer is one of
    ``proxy_addresses``: then ``X-Forwarded-For`` is read from the right, skipping our own
    proxies, and the first other hop is the client. The left end is whatever the client wrote,
    so reading from the left would let anyone pick their address.
    """
    peer = connection.client.host if connection.client else "unknown"
    settings = connection.app.state.om.settings
    if not settings.trust_proxy:
        return peer[:64]
    proxies = _networks(tuple(settings.proxy_addresses))
    address = peer
    hops = ",".join(connection.headers.getlist("x-forwarded-for")).split(",")
    for hop in reversed(hops):
        if not _within(address, proxies):
            break  # ``address`` is not a proxy of ours: it is the client
        hop = hop.strip()
        if not _is_address(hop):
            break  # a proxy of ours passed on garbage: count the request as that proxy's
        address = hop
    return address[:64]


@functools.lru_cache(maxsize=8)
def _networks(entries: tuple[str, ...]) -> tuple[IPNetwork, ...]:
    return tuple(ipaddress.ip_network(entry, strict=False) for entry in entries)


def _is_address(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def _within(address: str, networks: tuple[IPNetwork, ...]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip.version == net.version and ip in net for net in networks)


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
                403,
                "forbidden",
                f"this needs the {role.value} role; you are {user.role}",
                params={"role": role.value, "yours": user.role},
            )
        return user

    return check
