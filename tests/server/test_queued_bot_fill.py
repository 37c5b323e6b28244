"""The `queued` message tells how long until bots fill a matchmaking table (the operator's
setting), so the web client can show the wait; without a bot fill it says null."""

from __future__ import annotations

import pytest
from fake_clock import FakeClock
from server_helpers import make_settings
from test_room_play import players

pytestmark = pytest.mark.asyncio

QUEUE = {"type": "queue", "ruleset": "riichi", "preset": "majsoul-tonpuu"}


@pytest.fixture
def settings(tmp_path, request):
    return make_settings(tmp_path, matchmaking_bot_fill_seconds=getattr(request, "param", 7.5))


async def test_queued_names_the_bot_fill_seconds(app, live):
    app.state.rooms.clock = FakeClock()  # the fill never comes during the test
    (alone,) = await players(live, 1)
    await alone.send(QUEUE)
    assert (await alone.next("queued"))["bot_fill_seconds"] == 7.5
    await alone.close()


@pytest.mark.parametrize("settings", [None], indirect=True)
async def test_queued_without_a_bot_fill_says_null(app, live):
    (alone,) = await players(live, 1)
    await alone.send(QUEUE)
    assert (await alone.next("queued"))["bot_fill_seconds"] is None
    await alone.send({"type": "unqueue"})
    await alone.close()
