"""Leaderboards per ruleset, preset and period, paged: by rank (ladder step, then rank
points) or by rating (the ordinal mu - 3 sigma). A period (week: the last 7 days, month: the
last 30) keeps the players who played a counted game of that preset in it and says how many
they played and the rank points they gained there; "all" keeps everyone with a game (all
presets: read from the ratings rows alone, on their index, with no points-gained figure)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any, Literal

from sqlalchemy import func, literal, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql.elements import ColumnElement

from openmahjong.ranks.ladder import ladder_for
from openmahjong.ranks.store import CATEGORY
from openmahjong.store.models import RankEvent, Rating, User, utcnow

__all__ = ["PAGE_SIZE", "PERIODS", "Period", "leaderboard"]

PAGE_SIZE = 50
Period = Literal["week", "month", "all"]
PERIODS: dict[str, timedelta | None] = {
    "week": timedelta(days=7),
    "month": timedelta(days=30),
    "all": None,
}


async def leaderboard(
    session: AsyncSession,
    ruleset: str,
    *,
    preset: str | None = None,
    period: str = "all",
    by: str = "rank",
    page: int = 1,
    page_size: int = PAGE_SIZE,
    now: datetime | None = None,
) -> dict[str, Any]:
    """One page of the board (``page`` from 1). Raises ``ValueError`` for an unknown
    ruleset, period or order."""
    ladder = ladder_for(ruleset)
    if period not in PERIODS:
        raise ValueError(f"period must be one of {', '.join(PERIODS)}, not {period!r}")
    if by not in ("rank", "rating"):
        raise ValueError(f"by must be rank or rating, not {by!r}")
    if page < 1:
        raise ValueError("pages count from 1")
    span = PERIODS[period]
    since = None if span is None else (now or utcnow()) - span
    if since is None and preset is None:
        # All time, every preset: the ratings rows alone (their own counters), on the index.
        games_column = Rating.ranked_games if by == "rank" else Rating.games_played
        base = (
            select(Rating, User.name, games_column, literal(None))
            .join(User, User.id == Rating.user_id)
            .where(Rating.ruleset == ruleset, Rating.category == CATEGORY, games_column > 0)
        )
    else:
        played = select(
            RankEvent.user_id.label("user_id"),
            func.count().label("games"),
            func.coalesce(func.sum(RankEvent.rank_delta), 0).label("gained"),
        ).where(RankEvent.ruleset == ruleset)
        if preset is not None:
            played = played.where(RankEvent.preset == preset)
        if since is not None:
            played = played.where(RankEvent.finished_at >= since)
        if by == "rank":
            played = played.where(RankEvent.tier.is_not(None))
        sub = played.group_by(RankEvent.user_id).subquery()
        base = (
            select(Rating, User.name, sub.c.games, sub.c.gained)
            .join(sub, sub.c.user_id == Rating.user_id)
            .join(User, User.id == Rating.user_id)
            .where(Rating.ruleset == ruleset, Rating.category == CATEGORY)
        )
    order: list[ColumnElement[Any]]
    if by == "rank":
        order = [Rating.rank_step.desc(), Rating.rank_points.desc(), Rating.rating.desc()]
    else:
        order = [Rating.rating.desc(), Rating.rank_step.desc(), Rating.rank_points.desc()]
    page_query = base.order_by(*order, Rating.user_id).limit(page_size)
    page_query = page_query.offset((page - 1) * page_size)
    rows: list[Any]
    total: Any
    if since is None and preset is None:
        # Read in index order and stop at the page; the count is a cheap index count.
        rows = [(*r, None) for r in (await session.execute(page_query)).all()]
        total = await session.scalar(select(func.count()).select_from(base.subquery())) or 0
    else:
        # The aggregate once: the page and the board's size in one pass (a window count);
        # past the last page the rows are empty and a count says how many there are.
        window = page_query.add_columns(func.count().over().label("total"))
        rows = list((await session.execute(window)).all())
        if rows:
            total = rows[0][-1]
        else:
            total = await session.scalar(select(func.count()).select_from(base.subquery())) or 0
    entries = []
    for i, (rating, name, games, gained, _total) in enumerate(rows):
        step = ladder.step(rating.rank_step)
        entries.append(
            {
                "place": (page - 1) * page_size + i + 1,
                "player_id": rating.user_id,
                "name": name,
                "rank": rating.rank,
                "group": step.group,
                "level": step.level,
                "rank_points": rating.rank_points,
                "bar": step.bar,
                "mu": round(rating.mu, 3),
                "sigma": round(rating.sigma, 3),
                "rating": round(rating.rating, 3),
                "games": int(games),
                "points_gained": None if gained is None else int(gained),
            }
        )
    return {
        "ruleset": ruleset,
        "preset": preset,
        "period": period,
        "by": by,
        "page": page,
        "page_size": page_size,
        "total": int(total),
        "pages": max(1, -(-int(total) // page_size)),
        "entries": entries,
    }
