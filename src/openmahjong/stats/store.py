"""Writing the summary tables: one game when it ends (``record_game``), or everything again
from every stored record (``rebuild``).

Both go through :func:`openmahjong.stats.counts.game_counts`, so a rebuild writes exactly what
the games' one-by-one updates wrote (a test holds them equal on SQLite and PostgreSQL).
Counter additions are upserts that add in the database (``value = value + excluded.value``):
two tables finishing at once never lose each other's counts.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from typing import Any, cast

from sqlalchemy import Table, and_, delete, insert, select, tuple_
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from openmahjong.stats.counts import (
    BEST_HANDS,
    BestRow,
    GameCounts,
    GameInfo,
    SeatInfo,
    Totals,
    game_counts,
)
from openmahjong.store.models import Game, GameSeat
from openmahjong.store.stats_tables import StatActiveDay, StatBestHand, StatCounter, StatGame

__all__ = ["record_game", "rebuild", "add_counts"]

log = logging.getLogger(__name__)

#: Games read per query while rebuilding (their records are held in memory only this long).
CHUNK = 500
#: Rows per INSERT statement while writing.
WRITE_CHUNK = 5000

_COUNTERS = cast(Table, StatCounter.__table__)
_ACTIVE = cast(Table, StatActiveDay.__table__)
_BEST = cast(Table, StatBestHand.__table__)
_GAMES = cast(Table, StatGame.__table__)


def _info(game: Game) -> GameInfo:
    assert game.finished_at is not None
    return GameInfo(
        id=game.id,
        ruleset=game.ruleset,
        preset=game.preset,
        has_bots=game.has_bots,
        started_at=game.started_at,
        finished_at=game.finished_at,
    )


def _seat_infos(seats: Iterable[GameSeat]) -> list[SeatInfo]:
    return sorted((SeatInfo(s.seat, s.user_id, s.is_bot) for s in seats), key=lambda s: s.seat)


async def _dialect_insert(session: AsyncSession, table: Any) -> Any:
    name = (await session.connection()).dialect.name
    if name == "postgresql":
        return postgresql.insert(table)
    if name == "sqlite":
        return sqlite.insert(table)
    raise RuntimeError(f"statistics need SQLite or PostgreSQL, not {name}")


def _chunks(
    rows: Sequence[dict[str, Any]], size: int = WRITE_CHUNK
) -> Iterable[list[dict[str, Any]]]:
    for start in range(0, len(rows), size):
        yield list(rows[start : start + size])


def _best_values(rows: Iterable[BestRow]) -> list[dict[str, Any]]:
    return [
        {
            "game_id": r.game_id,
            "hand_index": r.hand_index,
            "seat": r.seat,
            "user_id": r.user_id,
            "ruleset": r.ruleset,
            "value": r.value,
            "detail": r.detail,
        }
        for r in rows
    ]


async def add_counts(session: AsyncSession, counts: GameCounts) -> None:
    """Add one game's counts to the tables (in the caller's transaction)."""
    if counts.counters:
        statement = await _dialect_insert(session, _COUNTERS)
        statement = statement.on_conflict_do_update(
            index_elements=["scope", "subject", "ruleset", "name"],
            set_={"value": _COUNTERS.c.value + statement.excluded.value},
        )
        # Sorted, so concurrent games lock shared rows in one order (no deadlock on PostgreSQL).
        rows = [
            {"scope": k[0], "subject": k[1], "ruleset": k[2], "name": k[3], "value": v}
            for k, v in sorted(counts.counters.items())
        ]
        await session.execute(statement, rows)
    if counts.active:
        statement = (await _dialect_insert(session, _ACTIVE)).on_conflict_do_nothing()
        rows = [
            {"day": d, "user_id": u, "ruleset": r, "week": w}
            for d, u, r, w in sorted(counts.active)
        ]
        await session.execute(statement, rows)
    if counts.best:
        await session.execute(insert(_BEST), _best_values(counts.best))
        for user_id, ruleset in sorted({(r.user_id, r.ruleset) for r in counts.best}):
            await _trim_best(session, user_id, ruleset)


async def _trim_best(session: AsyncSession, user_id: int, ruleset: str) -> None:
    """Keep a player's ``BEST_HANDS`` best hands in a ruleset; delete the rest."""
    beyond = (
        select(StatBestHand.game_id, StatBestHand.hand_index, StatBestHand.seat)
        .where(StatBestHand.user_id == user_id, StatBestHand.ruleset == ruleset)
        .order_by(
            StatBestHand.value.desc(),
            StatBestHand.game_id,
            StatBestHand.hand_index,
            StatBestHand.seat,
        )
        .offset(BEST_HANDS)
    )
    extra = [tuple(row) for row in (await session.execute(beyond)).all()]
    if extra:
        key = tuple_(StatBestHand.game_id, StatBestHand.hand_index, StatBestHand.seat)
        await session.execute(delete(StatBestHand).where(key.in_(extra)))


async def record_game(session: AsyncSession, game_id: int) -> bool:
    """Add a just-finished game to the statistics (in the caller's transaction); returns
    whether it was added. A game that does not count (``Game.counts_for_stats``) or was
    already added changes nothing. A record the extractor cannot read is logged and left out
    (the game itself still ends; ``openmahjong stats rebuild`` retries every record)."""
    game = await session.get(Game, game_id)
    if game is None:
        raise LookupError(f"no game {game_id}")
    if not game.counts_for_stats or game.record is None or game.finished_at is None:
        return False
    if await session.get(StatGame, game_id) is not None:
        return False
    seats = await session.scalars(select(GameSeat).where(GameSeat.game_id == game_id))
    try:
        async with session.begin_nested():
            info = _info(game)
            counts = game_counts(info, game.record, _seat_infos(seats))
            session.add(StatGame(game_id=game_id, ruleset=game.ruleset, day=counts.day))
            await session.flush()
            await add_counts(session, counts)
    except Exception:
        log.exception("game %s: statistics not updated (stats rebuild will retry)", game_id)
        return False
    return True


async def _counted_ids(session: AsyncSession) -> list[int]:
    found = await session.scalars(select(Game.id).where(Game.counts_for_stats).order_by(Game.id))
    return list(found)


async def _totals(session: AsyncSession) -> Totals:
    """Every counted game's counts, summed in memory, reading ``CHUNK`` records at a time."""
    totals = Totals()
    ids = await _counted_ids(session)
    for start in range(0, len(ids), CHUNK):
        chunk = ids[start : start + CHUNK]
        seat_rows = await session.execute(
            select(GameSeat.game_id, GameSeat.seat, GameSeat.user_id, GameSeat.is_bot).where(
                GameSeat.game_id.in_(chunk)
            )
        )
        seats: dict[int, list[SeatInfo]] = {}
        for gid, seat, uid, bot in seat_rows.all():
            seats.setdefault(gid, []).append(SeatInfo(seat, uid, bot))
        games = await session.execute(
            select(
                Game.id,
                Game.ruleset,
                Game.preset,
                Game.has_bots,
                Game.started_at,
                Game.finished_at,
                Game.record,
            )
            .where(and_(Game.id.in_(chunk), Game.record.is_not(None)))
            .order_by(Game.id)
        )
        for gid, ruleset, preset, has_bots, started, finished, record in games.all():
            info = GameInfo(gid, ruleset, preset, has_bots, started, finished)
            ordered = sorted(seats.get(gid, []), key=lambda s: s.seat)
            try:
                counts = game_counts(info, record, ordered)
            except Exception:
                log.exception("game %s: its record cannot be read for statistics", gid)
                continue
            totals.add(info, counts)
    return totals


async def rebuild(session: AsyncSession, *, with_ranks: bool = True) -> dict[str, Any]:
    """Recompute every summary table from all stored records (in the caller's transaction):
    what was there is replaced, so running it twice leaves the same tables. Then the ranks'
    own rebuild (``openmahjong.ranks.rebuild``) when that package is installed, unless
    ``with_ranks`` is false (the benchmark times the statistics alone)."""
    totals = await _totals(session)
    for table in (StatBestHand, StatActiveDay, StatCounter, StatGame):
        await session.execute(delete(table))
    markers = [{"game_id": g, "ruleset": r, "day": d} for g, r, d in totals.games]
    for rows in _chunks(markers):
        await session.execute(insert(_GAMES), rows)
    counters = [
        {"scope": k[0], "subject": k[1], "ruleset": k[2], "name": k[3], "value": v}
        for k, v in sorted(totals.counters.items())
        if v
    ]
    for rows in _chunks(counters):
        await session.execute(insert(_COUNTERS), rows)
    active = [
        {"day": d, "user_id": u, "ruleset": r, "week": w} for d, u, r, w in sorted(totals.active)
    ]
    for rows in _chunks(active):
        await session.execute(insert(_ACTIVE), rows)
    best = _best_values(totals.best())
    for rows in _chunks(best):
        await session.execute(insert(_BEST), rows)
    await session.flush()
    summary: dict[str, Any] = {
        "games": len(markers),
        "counters": len(counters),
        "active_days": len(active),
        "best_hands": len(best),
        "ranks": await _rebuild_ranks(session) if with_ranks else None,
    }
    return summary


async def _rebuild_ranks(session: AsyncSession) -> Any:
    """``openmahjong.ranks.rebuild(session)`` when the ranks package has one, else ``None``."""
    try:
        from openmahjong import ranks
    except ImportError:
        return None
    step = getattr(ranks, "rebuild", None)
    return None if step is None else await step(session)
