"""Issue 20 audit: what the special rooms' own tests left to the ordinary ones.

* DoraDorara and Melee in a room with three bots (Asura's is ``test_asura_room.py``): the game
  ends, no exchange is offered and the stored record checks ok hand by hand.
* Every Riichi preset, the special rooms included, has a casual matchmaking line."""

from __future__ import annotations

import pytest
from exchange_room import play_exchange_room
from server_helpers import make_settings
from test_room_play import players

from openmahjong.rules.riichi.game.options import PRESETS

pytestmark = pytest.mark.asyncio


@pytest.fixture
def settings(tmp_path):
    """People only: nobody is seated by bot fill while the lines are looked at."""
    return make_settings(tmp_path, matchmaking_bot_fill_seconds=None)


@pytest.mark.parametrize("preset", ["majsoul-dorasan", "majsoul-melee"])
async def test_a_special_preset_plays_a_whole_game_in_a_room_with_three_bots(app, preset):
    def no_exchange(choice):  # only Asura opens a hand with an exchange
        raise AssertionError(f"{preset} offered an exchange: {choice}")

    played = await play_exchange_room(app, "riichi", preset, timeout=180, check_choice=no_exchange)
    check = played.check
    assert check["ok"] and check["hands"] == check["hands_matched"], check
    assert played.choices == 0
    bust = min(played.end["result"]["final_points"]) < 0
    assert check["hands"] >= 4 or bust, (check, played.end["result"])


async def test_every_riichi_preset_has_a_casual_line(app, live):
    assert {"majsoul-asura", "majsoul-dorasan", "majsoul-melee"} <= set(PRESETS)
    (queuer,) = await players(live, 1)
    for preset in PRESETS:
        await queuer.send({"type": "queue", "ruleset": "riichi", "preset": preset, "casual": True})
        queued = await queuer.next("queued")
        assert queued["casual"] is True and queued["preset"] == preset
        lines = {k: [u.id for u, _ in v] for k, v in app.state.rooms.queues.items() if v}
        # One place only, in the casual line of that preset (no tier: no rank requirement).
        assert list(lines) == [("riichi", preset, True, None)], lines
    await queuer.close()
