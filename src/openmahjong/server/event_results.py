"""An event's results table (docs/events.md, "Results"): each finished game of the event's rooms
gives each human seat the ruleset's settlement of that game and its placement; players are
ranked by total, then first places, then the better average placement, then the best single
game, then name. Pure functions, plus :func:`event_games`, the one query that reads the games.

The settlement per ruleset:

- Riichi: the settled score with uma and oka, in thousands (``rules.riichi.game.settlement``:
  the very function the game's record uses, under the game's own options);
- MCR: table points 4 / 2 / 1 / 0 by place; players with equal final scores share the points
  of the places they hold (two tied for first take (4 + 2) / 2 = 3 each);
- Sichuan: the match's final point change (final points minus the starting points).

An event whose rooms play more than one ruleset gets one table per ruleset (each row names its
``ruleset``; ranks count within it): points of different rulesets do not add up.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from openmahjong.rules.riichi.game.options import GameOptions
from openmahjong.rules.riichi.game.settlement import settle
from openmahjong.store.event_models import EventRoom
from openmahjong.store.models import Game, GameSeat, GameStatus, User

__all__ = [
    "CSV_COLUMNS",
    "FinishedGame",
    "SeatOutcome",
    "event_games",
    "game_scores",
    "results_csv",
    "results_table",
    "safe_cell",
]

#: MCR's table points by place (1st to 4th).
MCR_TABLE_POINTS = (4, 2, 1, 0)
CSV_COLUMNS = (
    "rank",
    "player",
    "games",
    "total",
    "average_placement",
    "firsts",
    "best",
    "ruleset",
)


@dataclass(frozen=True)
class SeatOutcome:
    seat: int
    #: None: the account is gone, or a seat our bot played.
    user_id: int | None
    name: str
    is_bot: bool
    final_score: int
    placement: int


@dataclass(frozen=True)
class FinishedGame:
    ruleset: str
    #: The game's rules as its record header keeps them (``header["options"]``).
    options: dict[str, Any]
    seats: Sequence[SeatOutcome]


@dataclass
class _Line:
    user_id: int
    name: str
    ruleset: str
    scores: list[Fraction] = field(default_factory=list)
    places: list[int] = field(default_factory=list)

    def sort_key(self) -> tuple[Any, ...]:
        return (
            -sum(self.scores),
            -self.places.count(1),
            Fraction(sum(self.places), len(self.places)),
            -max(self.scores),
            self.name.casefold(),
            self.name,
        )


def _riichi(game: FinishedGame) -> list[Fraction]:
    options = GameOptions.model_validate(game.options)
    ordered = sorted(game.seats, key=lambda s: s.seat)
    tenths = settle([s.final_score for s in ordered], options)
    by_seat = {s.seat: Fraction(t, 10) for s, t in zip(ordered, tenths, strict=True)}
    return [by_seat[s.seat] for s in game.seats]


def _mcr(game: FinishedGame) -> list[Fraction]:
    """4 / 2 / 1 / 0 by place, equal final scores sharing their places' points."""
    out = []
    for s in game.seats:
        tied = sorted(o.placement for o in game.seats if o.final_score == s.final_score)
        points = [MCR_TABLE_POINTS[p - 1] for p in tied if 1 <= p <= len(MCR_TABLE_POINTS)]
        out.append(Fraction(sum(points), len(points)) if points else Fraction(0))
    return out


def _sichuan(game: FinishedGame) -> list[Fraction]:
    start = int(game.options.get("starting_points", 0))
    return [Fraction(s.final_score - start) for s in game.seats]


#: Changsha settles like Sichuan: the points won or lost from the start.
_SETTLE = {"riichi": _riichi, "mcr": _mcr, "sichuan": _sichuan, "changsha": _sichuan}


def game_scores(game: FinishedGame) -> list[Fraction]:
    """Each seat's settlement of ``game`` (in ``game.seats`` order), as the event counts it.
    A ruleset without its own rule counts the final score."""
    settle_game = _SETTLE.get(game.ruleset)
    if settle_game is None:
        return [Fraction(s.final_score) for s in game.seats]
    return settle_game(game)


def _number(value: Fraction) -> int | float:
    """A whole number stays whole; anything else to two decimals (Riichi has one at most)."""
    return int(value) if value.denominator == 1 else round(float(value), 2)


def results_table(games: Iterable[FinishedGame]) -> list[dict[str, Any]]:
    """The rows of the results table, best first (one block per ruleset, in name order):
    ``rank, player, games, total, average_placement, firsts, best, ruleset``."""
    lines: dict[tuple[str, int], _Line] = {}
    for game in games:
        for seat, score in zip(game.seats, game_scores(game), strict=True):
            if seat.is_bot or seat.user_id is None or seat.placement < 1:
                continue
            line = lines.setdefault(
                (game.ruleset, seat.user_id), _Line(seat.user_id, seat.name, game.ruleset)
            )
            line.scores.append(score)
            line.places.append(seat.placement)
    rows: list[dict[str, Any]] = []
    for ruleset in sorted({r for r, _ in lines}):
        ranked = sorted((v for (r, _), v in lines.items() if r == ruleset), key=_Line.sort_key)
        for rank, line in enumerate(ranked, start=1):
            rows.append(
                {
                    "rank": rank,
                    "player": line.name,
                    "games": len(line.scores),
                    "total": _number(sum(line.scores, Fraction(0))),
                    "average_placement": round(sum(line.places) / len(line.places), 2),
                    "firsts": line.places.count(1),
                    "best": _number(max(line.scores)),
                    "ruleset": ruleset,
                }
            )
    return rows


#: A spreadsheet reads a cell starting with one of these as a formula (or as a DDE call).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(text: str) -> str:
    """``text`` as a spreadsheet shows it, never runs it: a leading quote before a formula."""
    return "'" + text if text.startswith(_FORMULA_START) else text


def results_csv(rows: Sequence[dict[str, Any]]) -> str:
    """The table as CSV with a header row. Text cells (the player, the ruleset) are made safe
    against formula injection; the numbers are the server's own and stay numbers."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for row in rows:
        writer.writerow(
            [safe_cell(row[c]) if isinstance(row[c], str) else row[c] for c in CSV_COLUMNS]
        )
    return out.getvalue()


async def event_games(db: AsyncSession, event_id: int) -> list[FinishedGame]:
    """The finished games of ``event_id``'s rooms, oldest first, with their seats (a player's
    current name; the name in the record when the account is gone)."""
    games = list(
        await db.scalars(
            select(Game)
            .join(EventRoom, EventRoom.room_id == Game.room_id)
            .where(EventRoom.event_id == event_id, Game.status == GameStatus.FINISHED.value)
            .order_by(Game.finished_at, Game.id)
        )
    )
    if not games:
        return []
    rows = await db.execute(
        select(GameSeat, User.name)
        .outerjoin(User, User.id == GameSeat.user_id)
        .where(GameSeat.game_id.in_([g.id for g in games]))
        .order_by(GameSeat.game_id, GameSeat.seat)
    )
    seats: dict[int, list[SeatOutcome]] = {}
    for seat, name in rows.all():
        seats.setdefault(seat.game_id, []).append(
            SeatOutcome(
                seat=seat.seat,
                user_id=seat.user_id,
                name=name or seat.display_name,
                is_bot=seat.is_bot,
                final_score=seat.final_score or 0,
                placement=seat.placement or 0,  # 0: no result stored, not counted
            )
        )
    return [
        FinishedGame(g.ruleset, (g.header or {}).get("options") or {}, seats.get(g.id, []))
        for g in games
    ]
