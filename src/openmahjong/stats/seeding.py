"""Databases of known games for tests, benchmarks and demonstrations: bots play whole matches
(``openmahjong.bots``; one seed always plays the same games) and each is written into the store
the way a room stores it (``server/game_setup.py``, ``server/room.py``): the public header when
it starts, every action in order, then the engine's record and the seats' results when it
ends, then the statistics update.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from openmahjong.bots.driver import play_to_end
from openmahjong.bots.selfplay import selfplay_seed
from openmahjong.rules.registry import get_ruleset
from openmahjong.stats.store import record_game
from openmahjong.store import games as store_games
from openmahjong.table.match import split_entry

__all__ = ["play_records", "store_record"]

#: A match that has not ended after this many actions is a bug.
MAX_ACTIONS = 1_000_000


def play_records(
    ruleset: str, count: int, *, seed: int = 0, preset: str | None = None, **changes: Any
) -> list[dict[str, Any]]:
    """``count`` self-played records of ``ruleset`` (its standard preset unless ``preset``;
    ``changes`` alter the options, e.g. ``rounds=1`` for a short MCR match)."""
    rules = get_ruleset(ruleset)
    options = rules.options(preset or rules.standard_preset, **changes)
    records = []
    for g in range(count):
        master_seed, salt = selfplay_seed(seed, g)
        match = rules.new_match(["p1", "p2", "p3", "p4"], master_seed, salt, options)
        bots = [rules.bot((master_seed >> (32 * s)) ^ s) for s in range(rules.seats)]
        play_to_end(match, bots.__getitem__, max_actions=MAX_ACTIONS)
        records.append(match.record())
    return records


async def store_record(
    session: AsyncSession,
    record: dict[str, Any],
    players: Sequence[tuple[str, int | None, bool]],
    *,
    started_at: datetime,
    finished_at: datetime,
    casual: bool = False,
    supplied_seed: bool = False,
    count: bool = True,
) -> int:
    """Store a finished self-played ``record`` as a room would; returns the game's id.

    ``players``: per table seat, ``(name, user_id or None, is_bot)``. ``count``: also add it
    to the statistics as the room does when a game ends."""
    header = {k: v for k, v in record["header"].items() if k != "master_seed"}
    game = await store_games.create_game(
        session,
        ruleset=header["ruleset"],
        preset=header.get("preset"),
        header=header,
        seats=[
            store_games.SeatEntry(i, name, user_id=uid, is_bot=bot)
            for i, (name, uid, bot) in enumerate(players)
        ],
        commitment=header["commitment"],
        salt=header["salt"],
        master_seed=record["header"]["master_seed"],
        started_at=started_at,
        supplied_seed=supplied_seed,
        casual=casual,
    )
    for seq, entry in enumerate(record["actions"], start=1):
        seat, action, flags = split_entry(entry)
        await store_games.append_action(
            session, game.id, seq, seat, action, timeout="timeout" in flags
        )
    result = record["result"]
    document = dict(record)
    document["header"] = {
        **record["header"],
        "started_at": started_at.isoformat(),
        "ended_at": finished_at.isoformat(),
    }
    await store_games.finish_game(
        session,
        game.id,
        [
            store_games.SeatResult(i, int(result["final_points"][i]), int(result["places"][i]))
            for i in range(len(players))
        ],
        finished_at=finished_at,
        record=document,
    )
    if count:
        await record_game(session, game.id)
    return game.id
