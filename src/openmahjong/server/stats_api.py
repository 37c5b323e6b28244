"""Public statistics over HTTP (``docs/statistics.md``): a player's per ruleset, and the
platform's. Both read the summary tables only (``openmahjong.stats``), never a record, so each
answer is a few indexed queries however many games are stored."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any

from fastapi import APIRouter, Query

from openmahjong import stats
from openmahjong.server.deps import DbSession
from openmahjong.server.errors import ApiError
from openmahjong.server.ids import PlayerId
from openmahjong.store.models import User

__all__ = ["router"]

router = APIRouter(prefix="/api/stats", tags=["statistics"])

#: The longest period the platform answer covers day by day.
MAX_DAYS = 366


@router.get("/players/{player_id}")
async def player_stats(
    player_id: PlayerId,
    db: DbSession,
    ruleset: Annotated[
        str | None,
        Query(max_length=32, description="Only this ruleset (riichi, mcr, sichuan, ...)."),
    ] = None,
) -> dict[str, Any]:
    """A player's statistics per ruleset: games, placements, win / deal-in / riichi / call
    rates, tsumo share, average win and deal-in value, draw tenpai rate, yaku or fan
    frequencies, best hands, and rank and rating after each ranked game. Only the games that
    count (``Game.counts_for_stats``); a rate the ruleset has no such thing for is null."""
    user = await db.get(User, player_id)
    if user is None:
        raise ApiError(
            404, "no_such_player", f"no player {player_id}", params={"player": player_id}
        )
    found = await stats.player_statistics(db, user.id, ruleset)
    return {"player_id": user.id, "name": user.name, "rulesets": found["rulesets"]}


@router.get("/platform")
async def platform_stats(
    db: DbSession,
    days: Annotated[
        int, Query(ge=1, le=MAX_DAYS, description="Days to list, ending today (UTC).")
    ] = 30,
) -> dict[str, Any]:
    """Games and active players per day (and active players per ISO week) over the last
    ``days`` days; all-time ruleset and preset mix, average game length and bot share."""
    today = datetime.now(UTC).date()
    return {
        "today": today.isoformat(),
        **await stats.platform_statistics(db, days=days, today=today),
    }
