"""The group commit of the action logs (``store.action_log.ActionLog``) on SQLite and PostgreSQL:
many tables' actions committed together, each in its game's order with its clock, and an action
that cannot be stored refused alone while the rest of its batch stands."""

from __future__ import annotations

import asyncio

import pytest

from openmahjong.store import Database
from openmahjong.store import games as g
from openmahjong.store.action_log import ActionLog
from tests.store.test_storage import _new_game

pytestmark = pytest.mark.asyncio


def _discard(tile: int) -> dict:
    return {"type": "discard", "tile": tile, "riichi": False}


async def test_tables_writing_at_once_share_transactions_and_keep_their_order(
    database: Database,
):
    games = [await _new_game(database) for _ in range(5)]
    log = ActionLog(database)

    async def play(game_id: int) -> None:
        for seq in range(1, 9):
            clock = {"banks": [20.0 - seq, 20.0, 20.0, 20.0], "hand": 0, "prompts": [seq] * 4}
            await log.append(game_id, seq, seq % 4, _discard(seq), clock=clock)

    try:
        await asyncio.gather(*(play(game_id) for game_id in games))
    finally:
        await log.close()
    assert log.written == 40
    assert log.batches < 40  # actions arriving during a commit went into the next one together
    async with database.session() as s:
        for game_id in games:
            stored = await g.actions(s, game_id)
            assert [a.seq for a in stored] == list(range(1, 9))
            assert [a.action["tile"] for a in stored] == list(range(1, 9))
            assert stored[-1].clock["banks"][0] == 12.0 and stored[-1].clock["prompts"] == [8] * 4


async def test_a_number_stored_twice_is_refused_alone(database: Database):
    clashing, other = await _new_game(database), await _new_game(database)
    async with database.session() as s:
        await g.append_action(s, clashing, 1, 0, _discard(11))
    log = ActionLog(database)
    try:
        results = await asyncio.gather(
            log.append(clashing, 1, 0, _discard(12)),  # number 1 is taken
            log.append(other, 1, 0, _discard(13)),
            return_exceptions=True,
        )
        await log.append(clashing, 2, 1, {"type": "pass"}, timeout=True)
    finally:
        await log.close()
    assert isinstance(results[0], g.ActionOutOfOrder) and results[1] is None
    async with database.session() as s:
        assert [a.action["tile"] for a in await g.actions(s, other)] == [13]
        stored = await g.actions(s, clashing)
    assert [(a.seq, a.action.get("tile"), a.timeout) for a in stored] == [
        (1, 11, False),
        (2, None, True),
    ]
