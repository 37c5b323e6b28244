"""One counted game as additions to the summary tables (pure: no database here).

``game_counts`` turns a game (its row's few fields, its record and its seats) into the counter
additions, active-day rows and best-hand candidates it contributes. The incremental update
writes one game's; the rebuild sums every game's in memory and writes the totals. Both go
through this one function, which is why the two always agree.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

from openmahjong.stats.extract import BestHand, facts_of

__all__ = [
    "BEST_HANDS",
    "BestRow",
    "GameCounts",
    "GameInfo",
    "SeatInfo",
    "Totals",
    "game_counts",
    "week_of",
]

#: How many best hands are kept per player and ruleset.
BEST_HANDS = 10

#: A counter's key: (scope, subject, ruleset, name).
Key = tuple[str, str, str, str]


@dataclass(frozen=True, slots=True)
class SeatInfo:
    seat: int
    user_id: int | None
    is_bot: bool


@dataclass(frozen=True, slots=True)
class GameInfo:
    """The fields of a ``games`` row the statistics read."""

    id: int
    ruleset: str
    preset: str | None
    has_bots: bool
    started_at: datetime
    finished_at: datetime


@dataclass(frozen=True, slots=True)
class BestRow:
    game_id: int
    hand_index: int
    seat: int
    user_id: int
    ruleset: str
    value: int
    detail: dict[str, Any]

    def order(self) -> tuple[int, int, int, int]:
        """Best first: higher value, then the earlier game and hand."""
        return (-self.value, self.game_id, self.hand_index, self.seat)


@dataclass(slots=True)
class GameCounts:
    day: str
    counters: Counter[Key] = field(default_factory=Counter)
    #: (day, user_id, ruleset, week)
    active: set[tuple[str, int, str, str]] = field(default_factory=set)
    best: list[BestRow] = field(default_factory=list)


def week_of(day: date) -> str:
    """The Monday of ``day``'s ISO week, as ``YYYY-MM-DD``."""
    return (day - timedelta(days=day.weekday())).isoformat()


def game_counts(game: GameInfo, record: Mapping[str, Any], seats: Sequence[SeatInfo]) -> GameCounts:
    """Everything one counted game adds (``docs/statistics.md`` names each counter)."""
    finished = game.finished_at
    day = finished.date().isoformat()
    out = GameCounts(day)
    c = out.counters
    rs = game.ruleset
    hands = len(record.get("hands") or [])
    seconds = max(0, int((finished - game.started_at).total_seconds()))
    bots = sum(1 for s in seats if s.is_bot)
    for name, value in (
        ("games", 1),
        ("hands", hands),
        ("seconds", seconds),
        ("bot_games", 1 if game.has_bots or bots else 0),
        ("seats", len(seats)),
        ("bot_seats", bots),
        (f"preset:{game.preset or '-'}", 1),
    ):
        c[("day", day, rs, name)] += value
    result = record.get("result") or {}
    places = list(result.get("places") or [])
    facts = facts_of(rs, record)
    week = week_of(finished.date())
    for s in seats:
        if s.user_id is None:
            continue
        subject = str(s.user_id)
        c[("player", subject, rs, "games")] += 1
        if s.seat < len(places):
            c[("player", subject, rs, f"place:{int(places[s.seat])}")] += 1
        if not s.is_bot:
            out.active.add((day, s.user_id, rs, week))
        if facts is None or s.seat >= len(facts):
            continue
        f = facts[s.seat]
        for name, value in f.counts().items():
            if value:
                c[("player", subject, rs, name)] += value
        out.best.extend(_best_rows(game, s.user_id, f.best))
    # Zero additions carry nothing: leaving them out keeps the tables equal however they
    # were filled (a counter row exists only where something was counted).
    for key in [k for k, v in c.items() if v == 0]:
        del c[key]
    return out


def _best_rows(game: GameInfo, user_id: int, hands: Iterable[BestHand]) -> list[BestRow]:
    rows = [
        BestRow(game.id, h.hand_index, h.seat, user_id, game.ruleset, h.value, h.detail)
        for h in hands
    ]
    return sorted(rows, key=BestRow.order)[:BEST_HANDS]


class Totals:
    """Many games' counts summed (the rebuild), best hands kept to the top per player."""

    def __init__(self) -> None:
        self.games: list[tuple[int, str, str]] = []
        self.counters: Counter[Key] = Counter()
        self.active: set[tuple[str, int, str, str]] = set()
        # Per (user, ruleset): a heap of the best rows, worst on top, at most BEST_HANDS.
        self._best: dict[tuple[int, str], list[tuple[tuple[int, int, int, int], int, BestRow]]] = {}
        self._tie = 0

    def add(self, game: GameInfo, counts: GameCounts) -> None:
        self.games.append((game.id, game.ruleset, counts.day))
        self.counters.update(counts.counters)
        self.active |= counts.active
        for row in counts.best:
            heap = self._best.setdefault((row.user_id, row.ruleset), [])
            # heapq is a min-heap: negate the order so the worst kept row is on top.
            o = row.order()
            item = ((-o[0], -o[1], -o[2], -o[3]), self._tie, row)
            self._tie += 1
            if len(heap) < BEST_HANDS:
                heapq.heappush(heap, item)
            elif item[0] > heap[0][0]:
                heapq.heapreplace(heap, item)

    def best(self) -> list[BestRow]:
        return [row for heap in self._best.values() for _, _, row in heap]
