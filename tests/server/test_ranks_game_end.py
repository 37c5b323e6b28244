"""A ranked matchmaking game writes ranks and ratings when it ends (in the game's own store
transaction). That casual and supplied-seed games write nothing: tests/ranks/test_store.py."""

from __future__ import annotations

import pytest
from server_helpers import make_settings
from sqlalchemy import select
from test_room_play import players

from openmahjong.store.models import Game, RankEvent, Rating

pytestmark = pytest.mark.asyncio


@pytest.fixture
def settings(tmp_path):
    return make_settings(tmp_path, matchmaking_bot_fill_seconds=0.05)


async def test_a_bronze_game_with_bots_moves_the_human_only(app, live):
    (human,) = await players(live, 1)
    await human.send(
        {"type": "queue", "ruleset": "riichi", "preset": "majsoul-tonpuu", "tier": "bronze"}
    )
    start = await human.next("game_start")
    end = await human.autoplay()
    assert end["game"] == start["game"]
    async with app.state.om.db.session() as s:
        game = await s.get(Game, start["game"])
        events = list(await s.scalars(select(RankEvent).where(RankEvent.game_id == game.id)))
        rows = list(await s.scalars(select(Rating)))
    assert game.tier == "bronze" and not game.casual
    (event,) = events  # the human only: bots are not rated
    assert event.user_id == human.user["id"] and event.tier == "bronze"
    (row,) = rows
    assert (row.rank, row.rank_points) == (event.rank_after, event.points_after)
    assert row.ranked_games == row.games_played == 1 and row.sigma < 25 / 3
    await human.close()
