"""What one server process holds, shared by every request: settings, database, helpers."""

from __future__ import annotations

from dataclasses import dataclass

from openmahjong.server.mail import Mailer
from openmahjong.server.ratelimit import Limiter, limiter_for
from openmahjong.server.security import Passwords
from openmahjong.server.settings import Settings
from openmahjong.store.database import Database

__all__ = ["ServerState"]


@dataclass
class ServerState:
    settings: Settings
    db: Database
    passwords: Passwords
    #: Failed logins per (account name, client) and password-change attempts per account.
    limiter: Limiter
    mailer: Mailer
    #: Accounts and guests created per client address (``signup_window_seconds``).
    signups: Limiter

    @classmethod
    def from_settings(cls, settings: Settings) -> ServerState:
        return cls(
            settings=settings,
            db=Database(settings.database_url, schema=settings.database_schema),
            passwords=Passwords(
                settings.argon2_time_cost, settings.argon2_memory_kib, settings.argon2_parallelism
            ),
            limiter=limiter_for(settings.redis_url, settings.login_window_seconds),
            mailer=Mailer(settings),
            signups=limiter_for(settings.redis_url, settings.signup_window_seconds),
        )

    async def close(self) -> None:
        await self.limiter.close()
        await self.signups.close()
        await self.db.close()
