"""A whole bot-played Riichi match through the store: every action appended as it happens, the
engine's record stored at the end, and both the stored record and the log replay to the same
final points (architecture decision 4: a game is its record)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from openmahjong.bots.selfplay import play_match, selfplay_seed
from openmahjong.fairness import format_master_seed
from openmahjong.rules.riichi.game.match import replay_match, split_entry
from openmahjong.rules.riichi.game.options import preset
from openmahjong.store import Database
from openmahjong.store import games as g

pytestmark = pytest.mark.asyncio


@pytest.fixture(scope="module")
def match():
    master_seed, salt = selfplay_seed(7, 0)
    return play_match(preset("majsoul-tonpuu"), master_seed, salt=salt, bots="efficiency")


async def _store_live(db: Database, match) -> int:
    """What a room does: create the game with the public header, then log each action."""
    live = match.record(reveal=False)
    async with db.session() as s:
        game = await g.create_game(
            s,
            ruleset="riichi",
            preset="majsoul-tonpuu",
            header=live["header"],
            seats=[
                g.SeatEntry(i, name, is_bot=True)
                for i, name in enumerate(live["header"]["players"])
            ],
            commitment=live["header"]["commitment"],
            salt=live["header"]["salt"],
            master_seed=format_master_seed(match.master_seed),
        )
        game_id = game.id
    for seq, entry in enumerate(live["actions"], start=1):
        seat, action, flags = split_entry(entry)
        async with db.session() as s:
            await g.append_action(s, game_id, seq, seat, action, timeout="timeout" in flags)
    return game_id


def _results(record: dict[str, Any]) -> list[g.SeatResult]:
    result = record["result"]
    return [
        g.SeatResult(seat, points, place)
        for seat, (points, place) in enumerate(
            zip(result["final_points"], result["places"], strict=True)
        )
    ]


async def test_engine_record_is_stored_and_replays(database: Database, match):
    game_id = await _store_live(database, match)
    final = match.record(started_at="2026-01-01T00:00:00+00:00")
    async with database.session() as s:
        await g.finish_game(s, game_id, _results(final), record=final)
    async with database.session() as s:
        stored = (await g.get_game(s, game_id)).record
    as_json = json.loads(json.dumps(final))  # tuples come back as lists
    assert stored["actions"] == as_json["actions"] and stored["hands"] == as_json["hands"]
    assert stored["header"]["game_id"] == game_id and stored["header"]["ended_at"]
    assert stored["header"]["started_at"] == "2026-01-01T00:00:00+00:00"  # the engine's kept
    assert [x["placement"] for x in stored["result"]["seats"]] == final["result"]["places"]
    replayed = replay_match(stored)
    assert replayed.state.final_points == match.state.final_points


async def test_the_log_alone_replays_the_match(database: Database, match):
    game_id = await _store_live(database, match)
    async with database.session() as s:
        await g.finish_game(s, game_id, _results(match.record()))  # record built from the log
        built = (await g.get_game(s, game_id)).record
    assert len(built["actions"]) == len(match.log)
    assert replay_match(built).state.final_points == match.state.final_points


async def test_a_record_that_is_not_the_log_is_refused(database: Database, match):
    game_id = await _store_live(database, match)
    final = match.record()
    short = {**final, "actions": final["actions"][:-1]}
    hidden = {**final, "header": {**final["header"], "master_seed": None}}
    for bad, says in (
        (short, "actions but"),
        (hidden, "master seed"),
        ({**final, "version": 99}, "record"),
    ):
        async with database.session() as s:
            with pytest.raises(ValueError, match=says):
                await g.finish_game(s, game_id, _results(final), record=bad)
    async with database.session() as s:
        assert (await g.get_game(s, game_id)).status == "live"  # nothing changed
