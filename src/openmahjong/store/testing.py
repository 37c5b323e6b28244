"""Helpers for tests that need a real database (this project's and plugins').

PostgreSQL: the development machines and CI run one at 127.0.0.1:5432 with a database ``test``
and trust authentication. ``OPENMAHJONG_TEST_POSTGRES_URL`` overrides where to look. Each test
run works in a fresh schema of its own, dropped afterwards, so runs repeat and never meet.
"""

from __future__ import annotations

import os
import secrets

__all__ = [
    "POSTGRES_CANDIDATES",
    "create_schema",
    "drop_schema",
    "find_postgres",
    "postgres_or_reason",
]

POSTGRES_CANDIDATES = (
    "postgresql+asyncpg://postgres@127.0.0.1:5432/test",
    "postgresql+asyncpg://root@127.0.0.1:5432/test",
)


def _asyncpg_dsn(url: str) -> str:
    return url.replace("postgresql+asyncpg://", "postgresql://", 1)


async def find_postgres() -> tuple[str | None, str]:
    """The first PostgreSQL URL that accepts a connection, or ``None`` and why none did."""
    import asyncpg

    override = os.environ.get("OPENMAHJONG_TEST_POSTGRES_URL")
    candidates = (override,) if override else POSTGRES_CANDIDATES
    reasons = []
    for url in candidates:
        try:
            connection = await asyncpg.connect(_asyncpg_dsn(url), timeout=5)
        except Exception as exc:  # any failure means: not usable from here
            reasons.append(f"{url}: {type(exc).__name__}: {exc}")
            continue
        await connection.close()
        return url, ""
    return None, "PostgreSQL unreachable (" + "; ".join(reasons) + ")"


async def create_schema(url: str, prefix: str = "om_test") -> str:
    """Create an empty schema with a random name and return the name."""
    import asyncpg

    name = f"{prefix}_{secrets.token_hex(6)}"
    connection = await asyncpg.connect(_asyncpg_dsn(url), timeout=5)
    try:
        await connection.execute(f'CREATE SCHEMA "{name}"')
    finally:
        await connection.close()
    return name


async def drop_schema(url: str, name: str) -> None:
    import asyncpg

    connection = await asyncpg.connect(_asyncpg_dsn(url), timeout=5)
    try:
        await connection.execute(f'DROP SCHEMA IF EXISTS "{name}" CASCADE')
    finally:
        await connection.close()


_postgres_probe: tuple[str | None, str] | None = None


async def postgres_or_reason() -> tuple[str | None, str]:
    """``find_postgres`` once per process (a test session probes only once)."""
    global _postgres_probe
    if _postgres_probe is None:
        _postgres_probe = await find_postgres()
    return _postgres_probe
