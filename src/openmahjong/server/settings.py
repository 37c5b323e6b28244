"""Server settings, read from ``OPENMAHJONG_*`` environment variables (pydantic-settings).

Every field below is one variable: ``database_url`` is ``OPENMAHJONG_DATABASE_URL`` and so on.
``openmahjong serve`` options override the environment; tests pass a ``Settings`` directly.
"""

from __future__ import annotations

import ipaddress
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from openmahjong.store.database import DEFAULT_DATABASE_URL

__all__ = ["WEB_DIR", "Settings"]

#: The static browser client shipped inside the package.
WEB_DIR = Path(__file__).resolve().parent.parent / "web"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="OPENMAHJONG_", extra="ignore")

    # --- where to listen (openmahjong serve; --host and --port override them)
    host: str = Field(
        default="127.0.0.1",
        description="Address to listen on; 0.0.0.0 (or ::) for every interface.",
    )
    port: int = Field(default=8000, ge=1, le=65535, description="TCP port to listen on.")

    # --- what the lobby offers first
    default_ruleset: str = Field(
        default="riichi",
        description="The ruleset GET /api/rooms/rulesets lists first (the web client's default; "
        "when it is not installed, the others keep their name order).",
    )

    # --- storage
    database_url: str = Field(
        default=DEFAULT_DATABASE_URL,
        description="SQLAlchemy URL: sqlite+aiosqlite:///file.db or postgresql+asyncpg://...",
    )
    database_schema: str | None = Field(
        default=None, description="PostgreSQL only: keep every table in this schema (search path)."
    )
    migrate_on_start: bool = Field(default=True, description="Apply pending migrations at startup.")
    redis_url: str | None = Field(
        default=None,
        description="redis://host:6379/0. When set, the login and signup rate limits are shared "
        "by every server process through Redis; otherwise they are kept in this process.",
    )

    redis_prefix: str = Field(
        default="om:",
        description="Prefix of every Redis key this server writes (one per deployment, or a "
        "random one per test).",
    )

    # --- several server processes (docs/deploy.md)
    room_leases: Literal["auto", "off", "redis", "database"] = Field(
        default="auto",
        description="Several server processes (docs/deploy.md): where the lease that says which "
        "process runs a live room is kept: redis, database (PostgreSQL shared by the "
        "processes; Redis still carries the messages between them), or off (one process owns "
        "every room). auto: redis when redis_url is set, else off.",
    )
    lease_seconds: float = Field(
        default=10,
        gt=0,
        description="How long a room's lease holds without renewal: after a process dies, "
        "another takes its rooms within about this long. The owner renews every third of it.",
    )

    # --- sessions and cookies
    cookie_name: str = "om_session"
    cookie_secure: bool = Field(
        default=False, description="Send the session cookie over HTTPS only (turn on behind TLS)."
    )
    cookie_samesite: Literal["lax", "strict", "none"] = "lax"
    session_days: float = Field(default=30, gt=0, description="Lifetime of a signed-in session.")
    guest_session_days: float = Field(default=7, gt=0, description="Lifetime of a guest session.")

    # --- accounts
    admins: Annotated[list[str], NoDecode] = Field(
        default_factory=list,
        description="Comma-separated account names that hold the admin role; applied at "
        "startup and when such a name registers.",
    )
    password_min_length: int = Field(default=8, ge=6)
    login_attempts: int = Field(
        default=5, ge=1, description="Failed logins allowed per account name and client per window."
    )
    login_window_seconds: float = Field(default=300, gt=0)
    signup_limit: int = Field(
        default=20,
        ge=0,
        description="Accounts one client address may register per signup window; 0: no limit.",
    )
    guest_limit: int = Field(
        default=100,
        ge=0,
        description="Guest players one client address may start per signup window; 0: no "
        "limit (e.g. for a load test, which starts four guests per table).",
    )
    signup_window_seconds: float = Field(default=3600, gt=0)
    trust_proxy: bool = Field(
        default=False,
        description="Take the client address from X-Forwarded-For, and only when the request "
        "comes from one of proxy_addresses (turn on behind your own proxy).",
    )
    proxy_addresses: Annotated[list[str], NoDecode] = Field(
        default_factory=lambda: ["127.0.0.1", "::1"],
        description="Comma-separated addresses or networks (CIDR) of your own proxies: the only "
        "peers whose X-Forwarded-For is read when trust_proxy is on.",
    )
    email_code_minutes: float = Field(default=15, gt=0)
    email_code_attempts: int = Field(default=5, ge=1)
    email_code_sends: int = Field(
        default=5,
        ge=0,
        description="Verification emails one account may ask for per signup window; 0: no limit.",
    )
    # argon2id cost; the defaults are argon2-cffi's (RFC 9106 low-memory profile).
    argon2_time_cost: int = Field(default=3, ge=1)
    argon2_memory_kib: int = Field(default=65536, ge=8)
    argon2_parallelism: int = Field(default=4, ge=1)

    # --- outgoing mail (none configured: verification codes go to the server log)
    smtp_host: str | None = None
    smtp_port: int = 587
    smtp_user: str | None = None
    smtp_password: str | None = None
    smtp_from: str = "openmahjong@localhost"
    smtp_starttls: bool = True

    # --- matchmaking
    matchmaking_bot_fill_seconds: float | None = Field(
        default=None,
        ge=0,
        description="Fill a matchmaking table with bots once its first player has waited this "
        "long; unset: tables wait for people only.",
    )

    # --- bulk record downloads (docs/records.md): archives per UTC day
    bulk_quota_anonymous: int = Field(
        default=2,
        ge=0,
        description="Bulk archives a client address without a session may download per UTC day.",
    )
    bulk_quota_account: int = Field(
        default=10, ge=0, description="Bulk archives a signed-in account may download per UTC day."
    )
    bulk_quota_sponsor: int = Field(
        default=100, ge=0, description="Bulk archives per UTC day for a sponsor (the sponsor role)."
    )

    # --- connections (docs/security.md): limits that hold without a proxy in front
    header_timeout_seconds: float = Field(
        default=10,
        gt=0,
        description="Time a client has to send a whole request head (request line and "
        "headers) once it connects or starts a request; slower connections are closed.",
    )
    keep_alive_seconds: float = Field(
        default=5, gt=0, description="Idle time after a response before the connection closes."
    )
    max_connections: int = Field(
        default=0,
        ge=0,
        description="Open connections and requests the server handles at once; over it, "
        "new requests get 503. 0: no limit.",
    )
    shutdown_timeout_seconds: float = Field(
        default=10,
        ge=0,
        description="On SIGTERM or Ctrl-C, how long open connections may take to finish.",
    )
    max_sockets_per_user: int = Field(
        default=8,
        ge=0,
        description="Play WebSockets (/ws) one account may hold open at once; one more is "
        "refused with too_many_connections (close code 4409). 0: no limit.",
    )
    max_sockets_per_address: int = Field(
        default=64,
        ge=0,
        description="Play WebSockets one client address may hold open at once, signed in or "
        "not yet (the address as client_address counts it, proxies considered). 0: no limit.",
    )

    # --- web client
    web_dir: Path | None = Field(
        default=None, description="Folder served at /; default: the client inside the package."
    )

    @field_validator("admins", mode="before")
    @classmethod
    def _split_names(cls, value: object) -> object:
        if isinstance(value, str):
            return [name.strip() for name in value.split(",") if name.strip()]
        return value

    @field_validator("proxy_addresses", mode="before")
    @classmethod
    def _split_addresses(cls, value: object) -> object:
        if isinstance(value, str):
            value = [part.strip() for part in value.split(",") if part.strip()]
        return value

    @field_validator("proxy_addresses")
    @classmethod
    def _check_addresses(cls, value: list[str]) -> list[str]:
        for entry in value:
            try:
                ipaddress.ip_network(entry, strict=False)
            except ValueError:
                raise ValueError(f"{entry!r} is not an IP address or network") from None
        return value

    @property
    def static_dir(self) -> Path:
        return self.web_dir if self.web_dir is not None else WEB_DIR
