"""Games in the database: start one, append its actions as they happen, finish it, read records.

The action log is append-only: this module offers no way to change or delete an action, and
``(game_id, seq)`` is the primary key, so a replayed or duplicated write fails instead of being
stored twice. A live game's record is its header plus its actions, which is all a restarted
server needs to rebuild the table by replay (``live_games`` + ``actions``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import JSON, Boolean, Integer, func, insert, literal, select
from sqlalchemy.engine import CursorResult
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from openmahjong.store.duplicates import sealed_games
from openmahjong.store.models import (
    Game,
    GameAction,
    GameSeat,
    GameStatus,
    UTCDateTime,
    utcnow,
)

__all__ = [
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "ActionOutOfOrder",
    "GameNotLive",
    "LiveGame",
    "SeatEntry",
    "SeatResult",
    "actions",
    "append_action",
    "create_game",
    "finish_game",
    "get_game",
    "list_finished",
    "live_games",
    "load_live",
    "player_games",
    "player_stats",
    "seats_of",
]

RECORD_FORMAT = "openmahjong"
RECORD_VERSION = 1


class ActionOutOfOrder(ValueError):
    """An action was written with a sequence number other than the next one."""


class GameNotLive(ValueError):
    """The game has ended: nothing more can be written to its log."""


@dataclass(frozen=True, slots=True)
class SeatEntry:
    seat: int
    display_name: str
    user_id: int | None = None
    is_bot: bool = False


@dataclass(frozen=True, slots=True)
class SeatResult:
    seat: int
    final_score: int
    placement: int
    rating_change: float | None = None


async def create_game(
    session: AsyncSession,
    *,
    ruleset: str,
    header: dict[str, Any],
    seats: Sequence[SeatEntry],
    commitment: str,
    salt: str,
    master_seed: str,
    preset: str | None = None,
    room_id: int | None = None,
    started_at: datetime | None = None,
    supplied_seed: bool = False,
    casual: bool = False,
    tier: str | None = None,
) -> Game:
    """Store a new live game. ``header`` (e.g. the engine's ``record(reveal=False)["header"]``)
    must not hold the master seed: it is public while the game is live. ``supplied_seed``: a
    player chose the master seed (the room's own seed), so the game never counts for stats;
    ``casual``: a table of a casual matchmaking line, which never counts either; ``tier``: the
    room tier of the ranked line it was started from (only such games move ranks)."""
    if header.get("master_seed") is not None:
        raise ValueError("the header is public during play: pass master_seed separately")
    if len({s.seat for s in seats}) != len(seats):
        raise ValueError("two entries for the same seat")
    public = {
        "ruleset": ruleset,
        "preset": preset,
        **header,
        "commitment": commitment,
        "salt": salt,
    }
    game = Game(
        ruleset=ruleset,
        preset=preset,
        status=GameStatus.LIVE.value,
        room_id=room_id,
        has_bots=any(s.is_bot for s in seats),
        supplied_seed=supplied_seed,
        casual=casual,
        tier=None if casual else tier,
        commitment=commitment,
        salt=salt,
        master_seed=master_seed,
        header=public,
        started_at=started_at or utcnow(),
    )
    session.add(game)
    await session.flush()
    for s in seats:
        session.add(
            GameSeat(
                game_id=game.id,
                seat=s.seat,
                user_id=s.user_id,
                display_name=s.display_name,
                is_bot=s.is_bot,
            )
        )
    await session.flush()
    return game


async def _next_seq(session: AsyncSession, game_id: int) -> int:
    last = await session.scalar(
        select(func.max(GameAction.seq)).where(GameAction.game_id == game_id)
    )
    return 1 if last is None else last + 1


async def append_action(
    session: AsyncSession,
    game_id: int,
    seq: int,
    seat: int | None,
    action: dict[str, Any],
    *,
    timeout: bool = False,
    clock: dict[str, Any] | None = None,
) -> None:
    """Append action number ``seq`` (1, 2, 3 ... per game) to a live game's log, with the
    room's ``clock`` at that moment (``GameAction.clock``) if it keeps one.

    Raises ``ActionOutOfOrder`` for any other number (a duplicate or a gap), ``GameNotLive``
    when the game has ended and ``LookupError`` for no such game; nothing is written then.

    This runs once per move of every table, before the move is broadcast, so the normal case is
    one statement: an INSERT that only happens if the game is live and ``seq`` follows the last
    stored number. Only when it writes nothing do further queries find out why.
    """
    previous = (
        select(func.coalesce(func.max(GameAction.seq), 0))
        .where(GameAction.game_id == game_id)
        .scalar_subquery()
    )
    live = select(Game.id).where(Game.id == game_id, Game.status == GameStatus.LIVE.value)
    row = select(
        literal(game_id, Integer()),
        literal(seq, Integer()),
        literal(seat, Integer()),
        literal(action, JSON()),
        literal(timeout, Boolean()),
        literal(utcnow(), UTCDateTime()),
        literal(clock, JSON(none_as_null=True)),
    ).where(live.exists(), previous == seq - 1)
    statement = insert(GameAction).from_select(
        ["game_id", "seq", "seat", "action", "timeout", "created_at", "clock"], row
    )
    try:
        async with session.begin_nested():
            written = cast(CursorResult[Any], await session.execute(statement)).rowcount
    except IntegrityError:
        # A concurrent writer stored this number between our check and our insert.
        raise ActionOutOfOrder(f"game {game_id}: action {seq} is already stored") from None
    if written == 1:
        return
    game = await session.get(Game, game_id)
    if game is None:
        raise LookupError(f"no game {game_id}")
    if game.status != GameStatus.LIVE.value:
        raise GameNotLive(f"game {game_id} is {game.status}: its log is closed")
    expected = await _next_seq(session, game_id)
    raise ActionOutOfOrder(f"game {game_id}: action {seq} given, the next is {expected}")


async def actions(session: AsyncSession, game_id: int) -> list[GameAction]:
    result = await session.scalars(
        select(GameAction).where(GameAction.game_id == game_id).order_by(GameAction.seq)
    )
    return list(result)


async def seats_of(session: AsyncSession, game_id: int) -> list[GameSeat]:
    result = await session.scalars(
        select(GameSeat).where(GameSeat.game_id == game_id).order_by(GameSeat.seat)
    )
    return list(result)


def _seat_results(seats: list[GameSeat]) -> list[dict[str, Any]]:
    return [
        {
            "seat": s.seat,
            "name": s.display_name,
            "player_id": s.user_id,
            "is_bot": s.is_bot,
            "score": s.final_score,
            "placement": s.placement,
        }
        for s in seats
    ]


def _server_header(game: Game) -> dict[str, Any]:
    return {
        "game_id": game.id,
        "has_bots": game.has_bots,
        "supplied_seed": game.supplied_seed,
        "casual": game.casual,
        "started_at": game.started_at.isoformat(),
        "ended_at": game.finished_at.isoformat() if game.finished_at is not None else None,
    }


def _record(game: Game, seats: list[GameSeat], log: list[GameAction]) -> dict[str, Any]:
    """The record built from the stored header and log (docs/records.md envelope)."""
    header = dict(game.header)
    header["master_seed"] = game.master_seed
    header.update(_server_header(game))
    return {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "header": header,
        # [seat, action] plus "timeout" when the server played it for the seat: the store-log
        # entry shape that the engines' replay (split_entry) reads as it is.
        "actions": [[a.seat, a.action, *(["timeout"] if a.timeout else [])] for a in log],
        "result": {"seats": _seat_results(seats)},
    }


def _check_engine_record(document: dict[str, Any], log: list[GameAction]) -> None:
    """Refuse an engine record that is not ours, not complete, or not this game's log."""
    if document.get("format") != RECORD_FORMAT or document.get("version") != RECORD_VERSION:
        raise ValueError(
            f"not a {RECORD_FORMAT} v{RECORD_VERSION} record: "
            f"format {document.get('format')!r}, version {document.get('version')!r}"
        )
    entries = document.get("actions")
    if not isinstance(entries, list) or len(entries) != len(log):
        count = len(entries) if isinstance(entries, list) else "no"
        raise ValueError(f"the record has {count} actions but {len(log)} were stored")
    if (document.get("header") or {}).get("master_seed") is None:
        raise ValueError("a finished game's record reveals its master seed")


def _engine_record(game: Game, seats: list[GameSeat], document: dict[str, Any]) -> dict[str, Any]:
    """The engine's document completed with what only the server knows (id, times, seats)."""
    header = dict(document.get("header") or {})
    for key, value in _server_header(game).items():
        if header.get(key) is None:
            header[key] = value
    result = dict(document.get("result") or {})
    result.setdefault("seats", _seat_results(seats))
    return {**document, "header": header, "result": result}


async def finish_game(
    session: AsyncSession,
    game_id: int,
    results: Sequence[SeatResult],
    *,
    status: GameStatus = GameStatus.FINISHED,
    finished_at: datetime | None = None,
    record: dict[str, Any] | None = None,
    extra_result: dict[str, Any] | None = None,
) -> Game:
    """End a live game: store each seat's result and the complete record (master seed revealed).

    ``record`` is the engine's document (``RiichiMatch.record()``); it must hold exactly the
    actions stored in the log. Without it the record is built from the header and the log.
    """
    game = await session.get(Game, game_id)
    if game is None:
        raise LookupError(f"no game {game_id}")
    if game.status != GameStatus.LIVE.value:
        raise GameNotLive(f"game {game_id} is already {game.status}")
    seats = {s.seat: s for s in await seats_of(session, game_id)}
    for r in results:
        if r.seat not in seats:
            raise ValueError(f"game {game_id} has no seat {r.seat}")
    log = await actions(session, game_id)
    if record is not None:
        _check_engine_record(record, log)  # before anything changes
    ended = finished_at or utcnow()
    for r in results:
        seat = seats[r.seat]
        seat.final_score = r.final_score
        seat.placement = r.placement
        seat.rating_change = r.rating_change
    game.status = status.value
    game.finished_at = ended
    ordered = [seats[k] for k in sorted(seats)]
    document = (
        _record(game, ordered, log) if record is None else _engine_record(game, ordered, record)
    )
    if extra_result:
        document["result"].update(extra_result)
    game.record = document
    await session.flush()
    return game


async def get_game(session: AsyncSession, game_id: int) -> Game | None:
    return await session.get(Game, game_id)


async def live_games(session: AsyncSession) -> list[Game]:
    """Every game still being played, oldest first: what a restarted server must resume."""
    result = await session.scalars(
        select(Game).where(Game.status == GameStatus.LIVE.value).order_by(Game.id)
    )
    return list(result)


async def list_finished(
    session: AsyncSession,
    *,
    limit: int = 20,
    player_id: int | None = None,
    ruleset: str | None = None,
    before_id: int | None = None,
    supplied_seed: bool | None = None,
) -> list[Game]:
    """Finished games, newest first (by finish time, then id); ``supplied_seed`` true or
    false: only the games whose seed a player supplied, or only the others. Games of a
    duplicate set that is not closed are never listed (``duplicates.sealed_games``)."""
    query = select(Game).where(Game.status == GameStatus.FINISHED.value)
    # A game of a duplicate set that is not closed shows walls other tables still play.
    query = query.where(Game.id.not_in(sealed_games()))
    if supplied_seed is not None:
        query = query.where(Game.supplied_seed.is_(supplied_seed))
    if ruleset is not None:
        query = query.where(Game.ruleset == ruleset)
    if player_id is not None:
        query = query.where(
            Game.id.in_(select(GameSeat.game_id).where(GameSeat.user_id == player_id))
        )
    if before_id is not None:
        query = query.where(Game.id < before_id)
    query = query.order_by(Game.finished_at.desc(), Game.id.desc()).limit(limit)
    return list(await session.scalars(query))


async def player_games(session: AsyncSession, user_id: int, limit: int = 20) -> list[Game]:
    return await list_finished(session, limit=limit, player_id=user_id)


async def player_stats(session: AsyncSession, user_id: int) -> dict[str, Any]:
    """Games, placements and average placement, overall and per ruleset, of the games that
    count (``Game.counts_for_stats``); ``supplied_seed_games`` says how many finished games
    were left out because a player supplied their seed, ``casual_games`` how many were played
    in a casual (unranked) line."""
    query = (
        select(Game.ruleset, GameSeat.placement, func.count())
        .join(Game, Game.id == GameSeat.game_id)
        .where(GameSeat.user_id == user_id, Game.counts_for_stats)
        .group_by(Game.ruleset, GameSeat.placement)
    )
    left_out = await _finished_count(session, user_id, Game.supplied_seed.is_(True))
    casual = await _finished_count(session, user_id, Game.casual.is_(True))
    per: dict[str, dict[str, Any]] = {}
    for ruleset, placement, count in (await session.execute(query)).all():
        entry = per.setdefault(ruleset, {"games": 0, "placements": {}})
        entry["games"] += count
        if placement is not None:
            entry["placements"][str(placement)] = count

    def summary(entries: list[dict[str, Any]]) -> dict[str, Any]:
        games = sum(e["games"] for e in entries)
        placements: dict[str, int] = {}
        for e in entries:
            for k, v in e["placements"].items():
                placements[k] = placements.get(k, 0) + v
        placed = sum(placements.values())
        average = (
            round(sum(int(k) * v for k, v in placements.items()) / placed, 3) if placed else None
        )
        return {
            "games": games,
            "placements": dict(sorted(placements.items())),
            "average_placement": average,
        }

    return {
        **summary(list(per.values())),
        "by_ruleset": {name: summary([per[name]]) for name in sorted(per)},
        "supplied_seed_games": left_out,
        "casual_games": casual,
    }


async def _finished_count(session: AsyncSession, user_id: int, condition: Any) -> int:
    """How many finished games of ``user_id`` meet ``condition`` (a SQL condition on Game)."""
    found = await session.scalar(
        select(func.count())
        .select_from(GameSeat)
        .join(Game, Game.id == GameSeat.game_id)
        .where(GameSeat.user_id == user_id, Game.status == GameStatus.FINISHED.value, condition)
    )
    return found or 0


@dataclass(frozen=True, slots=True)
class LiveGame:
    """Everything a restarted server needs to rebuild one live table by replay."""

    game: Game
    seats: list[GameSeat]
    actions: list[GameAction]

    @property
    def next_seq(self) -> int:
        return self.actions[-1].seq + 1 if self.actions else 1


async def load_live(session: AsyncSession, game_id: int) -> LiveGame:
    """A live game with its seats and its action log in order (``GameNotLive`` if it ended)."""
    game = await session.get(Game, game_id)
    if game is None:
        raise LookupError(f"no game {game_id}")
    if game.status != GameStatus.LIVE.value:
        raise GameNotLive(f"game {game_id} is {game.status}")
    return LiveGame(game, await seats_of(session, game_id), await actions(session, game_id))
