"""Duplicate sets in the database: create one, link a table's game to it, and the one rule
that decides whether a game's record is sealed (``sealed_games``).

A set is *open* while no closing time has passed; *closing* once it has but a table is still
being played; *closed* after that. Every game of a set that is not closed is sealed: no
public route serves it, lists it or exports it, since its record would show walls other
tables have still to play.
"""

from __future__ import annotations

import enum
import secrets
from datetime import datetime
from typing import Any

from sqlalchemy import Select, exists, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from openmahjong import fairness
from openmahjong.store.models import Game, GameSeat, GameStatus, utcnow
from openmahjong.store.record_models import DuplicateSet, DuplicateTable

__all__ = [
    "SetState",
    "close_set",
    "create_set",
    "is_sealed",
    "link_game",
    "played_in_set",
    "sealed_games",
    "set_games",
    "set_state",
]

#: Random bytes in a key (16 URL-safe characters).
KEY_BYTES = 12


class SetState(enum.StrEnum):
    OPEN = "open"
    #: Past its closing time, a table still playing: no new table, the seed still secret.
    CLOSING = "closing"
    CLOSED = "closed"


def _live_in(set_key: Any) -> Any:
    return exists(
        select(DuplicateTable.game_id)
        .join(Game, Game.id == DuplicateTable.game_id)
        .where(DuplicateTable.set_key == set_key, Game.status == GameStatus.LIVE.value)
    )


def _not_closed(now: datetime) -> Any:
    """SQL: the set (``DuplicateSet`` row) is not closed at ``now``."""
    return or_(
        DuplicateSet.closes_at.is_(None),
        DuplicateSet.closes_at > now,
        _live_in(DuplicateSet.key),
    )


def sealed_games(now: datetime | None = None) -> Select[Any]:
    """The ids of every game whose set is not closed (use as ``Game.id.not_in(...)``)."""
    return (
        select(DuplicateTable.game_id)
        .join(DuplicateSet, DuplicateSet.key == DuplicateTable.set_key)
        .where(_not_closed(now or utcnow()))
    )


async def is_sealed(session: AsyncSession, game_id: int) -> str | None:
    """The key of the still-closed set ``game_id`` belongs to, else None."""
    query = (
        select(DuplicateTable.set_key)
        .join(DuplicateSet, DuplicateSet.key == DuplicateTable.set_key)
        .where(DuplicateTable.game_id == game_id, _not_closed(utcnow()))
    )
    return await session.scalar(query)


async def set_state(
    session: AsyncSession, row: DuplicateSet, now: datetime | None = None
) -> SetState:
    now = now or utcnow()
    if row.closes_at is None or row.closes_at > now:
        return SetState.OPEN
    live = await session.scalar(select(_live_in(row.key)))
    return SetState.CLOSING if live else SetState.CLOSED


async def create_set(
    session: AsyncSession,
    *,
    name: str,
    organiser_id: int | None,
    ruleset: str,
    preset: str,
    rules: dict[str, Any],
    closes_at: datetime | None = None,
) -> DuplicateSet:
    """A new set with a fresh master seed and salt (``fairness.new_seed``/``new_salt``)."""
    seed = fairness.new_seed()
    salt = fairness.new_salt()
    row = DuplicateSet(
        key=secrets.token_urlsafe(KEY_BYTES),
        name=name,
        organiser_id=organiser_id,
        ruleset=ruleset,
        preset=preset,
        rules=rules,
        commitment=fairness.format_commitment(fairness.commitment(seed, salt)),
        salt=salt,
        master_seed=fairness.format_master_seed(seed),
        created_at=utcnow(),
        closes_at=closes_at,
    )
    session.add(row)
    await session.flush()
    return row


async def close_set(session: AsyncSession, row: DuplicateSet) -> None:
    """No new table from now; the seed is revealed once the last table ends."""
    now = utcnow()
    if row.closes_at is None or row.closes_at > now:
        row.closes_at = now
    await session.flush()


async def link_game(session: AsyncSession, set_key: str, game_id: int) -> None:
    session.add(DuplicateTable(game_id=game_id, set_key=set_key))
    await session.flush()


async def played_in_set(session: AsyncSession, set_key: str, user_ids: list[int]) -> list[int]:
    """Which of ``user_ids`` already sat at a table of the set (any game, live or ended)."""
    if not user_ids:
        return []
    query = (
        select(GameSeat.user_id)
        .join(DuplicateTable, DuplicateTable.game_id == GameSeat.game_id)
        .where(DuplicateTable.set_key == set_key, GameSeat.user_id.in_(user_ids))
        .distinct()
    )
    return sorted(u for u in await session.scalars(query) if u is not None)


async def set_games(session: AsyncSession, set_key: str) -> list[Game]:
    """The set's games, first started first."""
    query = (
        select(Game)
        .join(DuplicateTable, DuplicateTable.game_id == Game.id)
        .where(DuplicateTable.set_key == set_key)
        .order_by(Game.started_at, Game.id)
    )
    return list(await session.scalars(query))
