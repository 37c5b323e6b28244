"""Reading the statistics: a player's per ruleset, and the platform's.

Only the summary tables are read (a few indexed rows per request); the rates are worked out
here from the counts, so the API and the tests' recount share one definition of each
(``docs/statistics.md``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from datetime import date, timedelta
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncSession

from openmahjong.stats.counts import BEST_HANDS, week_of
from openmahjong.stats.extract import EXTRACTORS
from openmahjong.store import models
from openmahjong.store.duplicates import sealed_games
from openmahjong.store.stats_tables import StatActiveDay, StatBestHand, StatCounter

__all__ = ["player_statistics", "platform_statistics", "summarise_player", "history"]


def _ratio(part: int, whole: int) -> float | None:
    return round(part / whole, 4) if whole else None


def _mean(total: int, count: int) -> float | None:
    return round(total / count, 1) if count else None


def summarise_player(counts: Mapping[str, int], ruleset: str) -> dict[str, Any]:
    """A player's statistics in one ruleset from their counters (name -> value)."""
    c = defaultdict(int, counts)
    places = {
        name.split(":", 1)[1]: value for name, value in counts.items() if name.startswith("place:")
    }
    placed = sum(places.values())
    average = round(sum(int(k) * v for k, v in places.items()) / placed, 3) if placed else None
    tracks = EXTRACTORS[ruleset].tracks if ruleset in EXTRACTORS else frozenset()
    known = ruleset in EXTRACTORS
    hands, wins = c["hands"], c["wins"]
    yaku = sorted(
        (
            (name.split(":", 1)[1], value)
            for name, value in counts.items()
            if name.startswith("yaku:")
        ),
        key=lambda item: (-item[1], item[0]),
    )
    return {
        "games": c["games"],
        "placements": dict(sorted(places.items(), key=lambda item: int(item[0]))),
        "average_placement": average,
        "hands": hands,
        "win_rate": _ratio(wins, hands) if known else None,
        "deal_in_rate": _ratio(c["deal_ins"], hands) if known else None,
        "riichi_rate": _ratio(c["riichi"], hands) if "riichi" in tracks else None,
        "call_rate": _ratio(c["calls"], hands) if known else None,
        "tsumo_share": _ratio(c["tsumo"], wins) if known else None,
        "average_win_value": _mean(c["win_value"], wins) if known else None,
        "average_deal_in_value": _mean(c["deal_in_value"], c["deal_ins"]) if known else None,
        "draw_tenpai_rate": _ratio(c["draw_tenpai"], c["draws"]) if "tenpai" in tracks else None,
        "yaku": [
            {"name": name, "wins": value, "share": _ratio(value, wins)} for name, value in yaku
        ],
        "counts": {
            name: c[name]
            for name in (
                "wins",
                "tsumo",
                "win_value",
                "deal_ins",
                "deal_in_value",
                "riichi",
                "calls",
                "draws",
                "draw_tenpai",
            )
        },
    }


async def history(session: AsyncSession, user_id: int, ruleset: str) -> dict[str, Any]:
    """Rank and rating after each ranked game, oldest first, from the ranks package's
    ``rank_events`` table; ``available`` is false (and the series empty) where that table
    does not exist yet."""
    # The ranks package's table (issue #21): read where it exists, so either lands first.
    RankEvent: Any = getattr(models, "RankEvent", None)
    if RankEvent is None:
        return {"available": False, "points": []}
    query = (
        select(RankEvent)
        .where(RankEvent.user_id == user_id, RankEvent.ruleset == ruleset)
        .order_by(RankEvent.finished_at, RankEvent.game_id)
    )
    try:
        async with session.begin_nested():
            events = list(await session.scalars(query))
    except DBAPIError:
        return {"available": False, "points": []}
    return {
        "available": True,
        "points": [
            {
                "game_id": e.game_id,
                "at": e.finished_at.isoformat(),
                "rank": e.rank_after,
                "rank_points": e.points_after,
                "rating": round(e.mu_after, 2),  # shown as mu ± 2 sigma, as the ranks panel does
                "mu": round(e.mu_after, 3),
                "sigma": round(e.sigma_after, 3),
            }
            for e in events
        ],
    }


def _not_sealed() -> list[Any]:
    """A condition leaving out the best hands of duplicate-set games whose set is not closed:
    a hand's tile and yaku would tell the players still to come something of the walls."""
    try:
        from openmahjong.store.duplicates import sealed_games
    except ImportError:  # no duplicate play on this install
        return []
    return [StatBestHand.game_id.not_in(sealed_games())]


async def player_statistics(
    session: AsyncSession, user_id: int, ruleset: str | None = None
) -> dict[str, Any]:
    """Per ruleset: the summary, the best hands and the rank/rating history."""
    query = select(StatCounter.ruleset, StatCounter.name, StatCounter.value).where(
        StatCounter.scope == "player", StatCounter.subject == str(user_id)
    )
    if ruleset is not None:
        query = query.where(StatCounter.ruleset == ruleset)
    per: dict[str, dict[str, int]] = defaultdict(dict)
    for rs, name, value in (await session.execute(query)).all():
        per[rs][name] = int(value)
    out: dict[str, Any] = {}
    for rs in sorted(per):
        best = await session.scalars(
            select(StatBestHand)
            .where(StatBestHand.user_id == user_id, StatBestHand.ruleset == rs)
            .where(*_not_sealed())
            # A hand of an open duplicate set would tell tables still to play their walls.
            .where(StatBestHand.game_id.not_in(sealed_games()))
            .order_by(
                StatBestHand.value.desc(),
                StatBestHand.game_id,
                StatBestHand.hand_index,
                StatBestHand.seat,
            )
            .limit(BEST_HANDS)
        )
        out[rs] = {
            **summarise_player(per[rs], rs),
            "best_hands": [
                {"game_id": b.game_id, "hand_index": b.hand_index, "value": b.value, **b.detail}
                for b in best
            ],
            "history": await history(session, user_id, rs),
        }
    return {"player_id": user_id, "rulesets": out}


async def platform_statistics(
    session: AsyncSession, *, days: int = 30, today: date | None = None
) -> dict[str, Any]:
    """The platform over its last ``days`` days (per day and ISO week) and all time (mix,
    game length, bot share)."""
    today = today or date.today()
    first = today - timedelta(days=days - 1)
    per_day: dict[str, dict[str, int]] = {}
    recent = await session.execute(
        select(StatCounter.subject, StatCounter.name, func.sum(StatCounter.value))
        .where(
            StatCounter.scope == "day",
            StatCounter.subject >= first.isoformat(),
            StatCounter.name.in_(("games", "hands", "bot_games")),
        )
        .group_by(StatCounter.subject, StatCounter.name)
    )
    for day, name, value in recent.all():
        per_day.setdefault(day, {})[name] = int(value)
    active_day = dict(
        (
            await session.execute(
                select(StatActiveDay.day, func.count(func.distinct(StatActiveDay.user_id)))
                .where(StatActiveDay.day >= first.isoformat())
                .group_by(StatActiveDay.day)
            )
        ).all()
    )
    first_week = week_of(first)
    active_week = dict(
        (
            await session.execute(
                select(StatActiveDay.week, func.count(func.distinct(StatActiveDay.user_id)))
                .where(StatActiveDay.week >= first_week)
                .group_by(StatActiveDay.week)
            )
        ).all()
    )
    daily = []
    for n in range(days):
        day = (first + timedelta(days=n)).isoformat()
        row = per_day.get(day, {})
        daily.append(
            {
                "day": day,
                "games": row.get("games", 0),
                "hands": row.get("hands", 0),
                "active_players": int(active_day.get(day, 0)),
            }
        )
    weeks = []
    week = date.fromisoformat(first_week)
    while week <= today:
        weeks.append(
            {"week": week.isoformat(), "active_players": int(active_week.get(week.isoformat(), 0))}
        )
        week += timedelta(days=7)
    totals: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    everything = await session.execute(
        select(StatCounter.ruleset, StatCounter.name, func.sum(StatCounter.value))
        .where(StatCounter.scope == "day")
        .group_by(StatCounter.ruleset, StatCounter.name)
    )
    for rs, name, value in everything.all():
        totals[rs][name] = int(value)
    return {
        "days": daily,
        "weeks": weeks,
        **_all_time(totals),
    }


def _all_time(totals: Mapping[str, Mapping[str, int]]) -> dict[str, Any]:
    def total(name: str) -> int:
        return sum(t.get(name, 0) for t in totals.values())

    games = total("games")
    presets: list[dict[str, Any]] = []
    for rs in sorted(totals):
        for name, value in totals[rs].items():
            if name.startswith("preset:") and value:
                preset = name.split(":", 1)[1]
                presets.append(
                    {"ruleset": rs, "preset": None if preset == "-" else preset, "games": value}
                )
    presets.sort(key=lambda p: (-p["games"], p["ruleset"], p["preset"] or ""))
    return {
        "games": games,
        "rulesets": [
            {"ruleset": rs, "games": totals[rs].get("games", 0)}
            for rs in sorted(totals, key=lambda r: (-totals[r].get("games", 0), r))
        ],
        "presets": presets,
        "average_game": {
            "hands": _mean(total("hands"), games),
            "minutes": round(total("seconds") / games / 60, 1) if games else None,
        },
        "bot_share": {
            "games": _ratio(total("bot_games"), games),
            "seats": _ratio(total("bot_seats"), total("seats")),
        },
    }
