"""The statistics over HTTP: a game played in a room adds to them when it ends (in its own
store transaction), and ``/api/stats/...`` answers from the summaries; bad input is refused.
Every statistic against a recount from records: tests/store/test_stats.py."""

from __future__ import annotations

import pytest
import pytest_asyncio
from records_helpers import settings_on
from test_room_play import players

from openmahjong.store.models import Game
from openmahjong.store.stats_tables import StatGame

pytestmark = pytest.mark.asyncio


@pytest_asyncio.fixture(params=["sqlite", "postgresql"])
async def settings(request, tmp_path):
    async with settings_on(request.param, tmp_path, matchmaking_bot_fill_seconds=0.05) as s:
        yield s


async def test_a_finished_room_game_shows_in_the_statistics(app, live, client):
    (human,) = await players(live, 1)
    await human.send({"type": "queue", "ruleset": "riichi", "preset": "majsoul-tonpuu"})
    start = await human.next("game_start")
    await human.autoplay()
    async with app.state.om.db.session() as s:
        game = await s.get(Game, start["game"])
        marked = await s.get(StatGame, start["game"])
    assert game.counts_for_stats and marked is not None
    hands = len(game.record["hands"])
    me = human.user["id"]
    seat = next(x for x in game.record["result"]["seats"] if x["player_id"] == me)
    place = game.record["result"]["places"][seat["seat"]]

    answer = await client.get(f"/api/stats/players/{me}")
    assert answer.status_code == 200
    riichi = answer.json()["rulesets"]["riichi"]
    assert riichi["games"] == 1 and riichi["hands"] == hands
    assert riichi["placements"] == {str(place): 1}
    assert riichi["riichi_rate"] is not None and riichi["call_rate"] is not None
    # Rank and rating after the game, from the ranks package's events.
    (point,) = riichi["history"]["points"]
    assert point["game_id"] == start["game"] and point["sigma"] < 25 / 3
    only = await client.get(f"/api/stats/players/{me}", params={"ruleset": "mcr"})
    assert only.json()["rulesets"] == {}

    platform = (await client.get("/api/stats/platform", params={"days": 7})).json()
    assert platform["games"] == 1 and len(platform["days"]) == 7
    assert platform["days"][-1]["games"] == 1 and platform["days"][-1]["active_players"] == 1
    assert platform["presets"] == [{"ruleset": "riichi", "preset": "majsoul-tonpuu", "games": 1}]
    assert platform["bot_share"] == {"games": 1.0, "seats": 0.75}
    await human.close()


async def test_bad_requests_are_refused(client):
    missing = await client.get("/api/stats/players/987654")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "no_such_player"
    huge = await client.get(f"/api/stats/players/{2**70}")
    assert huge.status_code == 404
    for days in ("0", "367", "x"):
        answer = await client.get("/api/stats/platform", params={"days": days})
        assert answer.status_code == 422, days
    long_name = await client.get("/api/stats/players/1", params={"ruleset": "r" * 40})
    assert long_name.status_code == 422
