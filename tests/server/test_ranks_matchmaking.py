"""The skill rating balances a ranked line: when a ranked line holds more players than a table
seats (after a restart the stored places come back all at once), the first in line sits with
the three whose rating ordinals are closest to theirs, and the others keep waiting in order.
The casual line stays first come, first seated. On SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import timedelta

import pytest
import pytest_asyncio
from records_helpers import settings_on
from test_room_play import players

from openmahjong.store import rooms as store_rooms
from openmahjong.store.models import Rating, utcnow

pytestmark = pytest.mark.asyncio

# Each player's (mu, sigma) on riichi, in the order they joined the line. Ordinals
# (mu - 3 sigma): 10, 30, 11, 9, 12.5, -4. The first in line (10) sits with 11, 9 and 12.5;
# 30 and -4, the farthest from them, wait.
SKILLS = [(19.0, 3.0), (36.0, 2.0), (20.0, 3.0), (18.0, 3.0), (20.0, 2.5), (20.0, 8.0)]
CLOSEST = [0, 2, 3, 4]


@pytest_asyncio.fixture(params=["sqlite", "postgresql"])
async def settings(request, tmp_path):
    async with settings_on(request.param, tmp_path, matchmaking_bot_fill_seconds=None) as s:
        yield s


async def _stored_line(app, ids: list[int], *, casual: bool) -> None:
    """Ratings for ``ids`` as SKILLS says and their stored places in the tonpuu's bronze
    (or casual) line, a minute apart, as a server that stopped would have left them."""
    start = utcnow() - timedelta(minutes=30)
    async with app.state.om.db.session() as s:
        for uid, (mu, sigma) in zip(ids, SKILLS, strict=True):
            s.add(
                Rating(
                    user_id=uid,
                    ruleset="riichi",
                    category="default",
                    rank="novice-1",
                    mu=mu,
                    sigma=sigma,
                    rating=mu - 3 * sigma,
                )
            )
        for i, uid in enumerate(ids):
            await store_rooms.join_queue(
                s,
                uid,
                "riichi",
                "majsoul-tonpuu",
                start + timedelta(minutes=i),
                casual=casual,
                tier=None if casual else "bronze",
            )


async def _seated_and_waiting(app, live, casual: bool) -> tuple[list[int], list[int]]:
    """Six players in one stored line, the server restarted: who got the table (indexes in
    line order) and who still waits (indexes, in line order)."""
    clients = await players(live, 6)
    ids = [c.user["id"] for c in clients]
    await _stored_line(app, ids, casual=casual)
    rooms = app.state.rooms
    rooms.queues.clear()  # what a restarted server starts from: only the stored places
    assert await rooms.restore_queues() == 2
    starts = {}
    for i in range(6):
        if rooms.queued(ids[i]) is None:
            starts[i] = (await clients[i].next("game_start"))["game"]
    (line,) = [line for line in rooms.queues.values() if line]
    waiting = [ids.index(user.id) for user, _since in line]
    assert len(set(starts.values())) == 1, "the four seated share one table"
    for c in clients:
        await c.close()
    return sorted(starts), waiting


async def test_a_long_ranked_line_seats_the_first_with_the_closest_ratings(app, live):
    seated, waiting = await _seated_and_waiting(app, live, casual=False)
    assert seated == CLOSEST
    assert waiting == [1, 5]


async def test_the_casual_line_seats_the_first_four_whatever_their_ratings(app, live):
    seated, waiting = await _seated_and_waiting(app, live, casual=True)
    assert seated == [0, 1, 2, 3]
    assert waiting == [4, 5]
