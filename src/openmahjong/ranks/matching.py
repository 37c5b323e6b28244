"""The ranked matchmaking lines: which ranks may queue in which tier, and who sits together
when a line holds more players than a table seats."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from openmahjong.ranks.engine import default_state
from openmahjong.ranks.ladder import Standing, Tier, ladder_for
from openmahjong.ranks.store import CATEGORY
from openmahjong.store.models import Rating

__all__ = ["closest_table", "gate_refusal", "ordinals", "tier_gates"]


def tier_gates(ruleset: str) -> dict[str, str | None]:
    """Per tier, the lowest rank that may queue (None: anyone)."""
    ladder = ladder_for(ruleset)
    return {tier.value: ladder.gate(tier) for tier in Tier}


async def gate_refusal(
    session: AsyncSession, user_id: int, ruleset: str, tier: Tier
) -> tuple[str, str] | None:
    """Why ``user_id`` may not wait in ``ruleset``'s ``tier`` line, as (their rank, the rank the
    line needs); None when they may."""
    ladder = ladder_for(ruleset)
    row = await session.get(Rating, (user_id, ruleset, CATEGORY))
    standing = None if row is None else Standing(row.rank_step, row.rank_points)
    if ladder.may_queue(standing, tier):
        return None
    gate = ladder.gate(tier)
    assert gate is not None
    return ladder.key(standing or ladder.first()), gate


async def ordinals(session: AsyncSession, user_ids: Sequence[int], ruleset: str) -> list[float]:
    """Each player's rating ordinal (mu - 3 sigma) on ``ruleset``, in the order given; a player
    never rated has the default."""
    rows = await session.scalars(
        select(Rating).where(
            Rating.user_id.in_(list(user_ids)),
            Rating.ruleset == ruleset,
            Rating.category == CATEGORY,
        )
    )
    found = {r.user_id: r.rating for r in rows}
    fallback = default_state(ruleset).ordinal
    return [found.get(uid, fallback) for uid in user_ids]


def closest_table(ratings: Sequence[float], seats: int) -> list[int]:
    """Who sits at the next table, as indexes into the line (first come first): the first in
    line always (nobody waits forever), with the others whose ratings are closest to theirs
    (a tie goes to whoever waited longer). A line no longer than a table seats them all."""
    if len(ratings) <= seats:
        return list(range(len(ratings)))
    anchor = ratings[0]
    others = sorted(range(1, len(ratings)), key=lambda i: (abs(ratings[i] - anchor), i))
    return sorted([0, *others[: seats - 1]])
