"""Ranks and ratings in the database: written when a game ends, rebuilt from every record.

``record_game`` runs in the transaction that stores the game's end; ``rebuild`` replays every
counted game (and every rank credit) in order from a clean slate. Both go through
``engine.apply_game``, so a rebuild gives exactly what the incremental updates gave.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from openmahjong.ranks.engine import (
    GameSeatView,
    GameView,
    PlayerState,
    SeatOutcome,
    apply_game,
    counted,
    default_state,
)
from openmahjong.ranks.ladder import Standing, ladder_for
from openmahjong.store.models import Game, GameSeat, RankCredit, RankEvent, Rating, utcnow

__all__ = ["CATEGORY", "apply_credit", "rebuild", "record_game", "state_of"]

#: Ranks and ratings live in the ratings row of this category (one per player and ruleset).
CATEGORY = "default"
#: Games whose seats a rebuild reads at once.
_CHUNK = 1000


@dataclass(frozen=True)
class _GameRow:
    """The few columns of a game the rank step reads (a rebuild never loads whole records)."""

    id: int
    ruleset: str
    preset: str | None
    tier: str | None
    finished_at: datetime | None
    options: dict[str, Any]


def _row_of(game: Game) -> _GameRow:
    options = dict((game.header or {}).get("options") or {})
    return _GameRow(game.id, game.ruleset, game.preset, game.tier, game.finished_at, options)


def _view(game: _GameRow, seats: Iterable[GameSeat]) -> GameView | None:
    """The rank step's view of a stored game that counts, or None when it takes no part."""
    if game.finished_at is None:
        return None
    views = [
        GameSeatView(
            s.seat,
            s.user_id,
            bool(s.is_bot),
            int(s.final_score or 0),
            int(s.placement or 0),
        )
        for s in seats
    ]
    if not counted(game.ruleset, views):
        return None
    return GameView(
        game.id,
        game.ruleset,
        game.preset,
        game.tier,
        game.finished_at,
        dict(game.options or {}),
        tuple(sorted(views, key=lambda v: v.seat)),
    )


def _state(row: Rating) -> PlayerState:
    return PlayerState(
        Standing(row.rank_step, row.rank_points),
        row.mu,
        row.sigma,
        row.games_played,
        row.ranked_games,
    )


def _write(row: Rating, ruleset: str, state: PlayerState) -> None:
    ladder = ladder_for(ruleset)
    row.rank = ladder.key(state.standing)
    row.rank_step = state.standing.step
    row.rank_points = state.standing.points
    row.mu = state.mu
    row.sigma = state.sigma
    row.rating = state.ordinal
    row.games_played = state.games
    row.ranked_games = state.ranked_games
    row.updated_at = utcnow()


def _event(view: GameView, o: SeatOutcome) -> RankEvent:
    return RankEvent(
        game_id=view.id,
        user_id=o.user_id,
        ruleset=view.ruleset,
        preset=view.preset,
        tier=view.tier,
        finished_at=view.finished_at,
        placement=o.placement,
        rank_before=o.rank_before,
        rank_after=o.rank_after,
        points_after=o.points_after,
        rank_delta=o.rank_delta,
        mu_after=o.mu_after,
        sigma_after=o.sigma_after,
    )


async def _rating_row(session: AsyncSession, user_id: int, ruleset: str) -> Rating | None:
    return await session.get(Rating, (user_id, ruleset, CATEGORY))


async def state_of(session: AsyncSession, user_id: int, ruleset: str) -> PlayerState:
    row = await _rating_row(session, user_id, ruleset)
    return default_state(ruleset) if row is None else _state(row)


async def record_game(session: AsyncSession, game_id: int) -> list[SeatOutcome]:
    """Apply a just-finished game to its players' ranks and ratings (in the caller's
    transaction). A game that does not count, or was already applied, changes nothing."""
    game = await session.get(Game, game_id)
    if game is None:
        raise LookupError(f"no game {game_id}")
    if not game.counts_for_stats:
        return []
    seats = list(await session.scalars(select(GameSeat).where(GameSeat.game_id == game_id)))
    view = _view(_row_of(game), seats)
    if view is None:
        return []
    done = await session.scalar(select(RankEvent.game_id).where(RankEvent.game_id == game_id))
    if done is not None:
        return []
    rows: dict[int, Rating] = {}
    states: dict[int, PlayerState] = {}
    for person in view.people:
        uid = person.user_id
        assert uid is not None
        row = await _rating_row(session, uid, view.ruleset)
        if row is None:
            row = Rating(user_id=uid, ruleset=view.ruleset, category=CATEGORY)
            session.add(row)
            states[uid] = default_state(view.ruleset)
        else:
            states[uid] = _state(row)
        rows[uid] = row
    outcomes = apply_game(view, states)
    for uid, row in rows.items():
        _write(row, view.ruleset, states[uid])
    for o in outcomes:
        session.add(_event(view, o))
    await session.flush()
    return outcomes


def apply_credit(state: PlayerState, ruleset: str, rank: str) -> bool:
    """Raise ``state`` to ``rank`` at its starting points when it stands lower; returns
    whether it changed. A credit never lowers anyone."""
    ladder = ladder_for(ruleset)
    target = ladder.index(rank)
    if target <= state.standing.step:
        return False
    state.standing = Standing(target, ladder.step(target).start)
    return True


async def rebuild(session: AsyncSession) -> dict[str, int]:
    """Recompute every rank and rating from the stored records, in game order (finish time,
    then id), rank credits applied at the time they were granted. Idempotent: what it writes
    equals what the incremental updates wrote. Returns counts (games, players, credits)."""
    await session.execute(delete(RankEvent))
    await session.execute(delete(Rating).where(Rating.category == CATEGORY))
    await session.flush()
    states: dict[tuple[int, str], PlayerState] = {}
    # Only the columns the step reads, in order; seats fetched a chunk of games at a time.
    query = (
        select(
            Game.id,
            Game.ruleset,
            Game.preset,
            Game.tier,
            Game.finished_at,
            Game.header["options"],
        )
        .where(Game.counts_for_stats)
        .order_by(Game.finished_at, Game.id)
    )
    rows = [
        _GameRow(gid, ruleset, preset, tier, finished, options if isinstance(options, dict) else {})
        for gid, ruleset, preset, tier, finished, options in (await session.execute(query)).all()
    ]
    credits = list(
        await session.scalars(
            select(RankCredit)
            .where(RankCredit.kind == "rank")
            .order_by(RankCredit.created_at, RankCredit.id)
        )
    )
    pending = list(credits)
    counts = {"games": 0, "credits": 0}
    events: list[RankEvent] = []

    def credits_until(moment: datetime | None) -> None:
        while pending and (moment is None or pending[0].created_at < moment):
            credit = pending.pop(0)
            key = (credit.user_id, credit.ruleset)
            state = states.setdefault(key, default_state(credit.ruleset))
            if credit.rank is not None:
                apply_credit(state, credit.ruleset, credit.rank)
            counts["credits"] += 1

    for start in range(0, len(rows), _CHUNK):
        chunk = rows[start : start + _CHUNK]
        seats_by_game: dict[int, list[GameSeat]] = {}
        found = await session.scalars(
            select(GameSeat).where(GameSeat.game_id.in_([g.id for g in chunk]))
        )
        for seat in found:
            seats_by_game.setdefault(seat.game_id, []).append(seat)
        for game in chunk:
            view = _view(game, seats_by_game.get(game.id, []))
            if view is None:
                continue
            credits_until(view.finished_at)
            per_ruleset: dict[int, PlayerState] = {}
            for person in view.people:
                uid = person.user_id
                assert uid is not None
                per_ruleset[uid] = states.setdefault(
                    (uid, view.ruleset), default_state(view.ruleset)
                )
            for o in apply_game(view, per_ruleset):
                events.append(_event(view, o))
            counts["games"] += 1
        for seats in seats_by_game.values():  # the chunk's seats are read: let them go
            for seat in seats:
                session.expunge(seat)
    credits_until(None)
    for (uid, ruleset), state in states.items():
        row = Rating(user_id=uid, ruleset=ruleset, category=CATEGORY)
        _write(row, ruleset, state)
        session.add(row)
    session.add_all(events)
    await session.flush()
    return {**counts, "players": len(states)}


def describe(state: PlayerState, ruleset: str) -> dict[str, Any]:
    """A state as the API shows it (rank, bar, rating with its uncertainty)."""
    ladder = ladder_for(ruleset)
    step = ladder.step(state.standing.step)
    return {
        "rank": step.key,
        "group": step.group,
        "level": step.level,
        "points": state.standing.points,
        "bar": step.bar,
        "start": step.start,
        "mu": state.mu,
        "sigma": state.sigma,
        "ordinal": state.ordinal,
    }
