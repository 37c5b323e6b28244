"""Findings of the outside probe of the routes added for issues 18 to 22 (docs/security.md,
"Probe of the new routes"): each test reproduced its finding before the fix."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from openmahjong.store.record_models import DuplicateSet
from tests.server.server_helpers import register

pytestmark = pytest.mark.asyncio

SET = {"name": "Friday duplicate", "ruleset": "riichi", "preset": "majsoul-hanchan"}


async def _sets(app) -> int:
    async with app.state.om.db.session() as db:
        return await db.scalar(select(func.count()).select_from(DuplicateSet))


@pytest.mark.parametrize(
    "closes_at",
    [
        # The last hour of year 9999 west of UTC is year 10000 in UTC: the store's conversion
        # overflowed (a 500) before the route refused it.
        "9999-12-31T23:00:00-12:00",
        "9999-12-31T23:59:59Z",
        "2999-01-01T00:00:00Z",
    ],
)
async def test_a_duplicate_set_closing_centuries_away_is_refused(app, client, closes_at):
    await register(client, "organiser-far")
    response = await client.post("/api/duplicates", json={**SET, "closes_at": closes_at})
    assert response.status_code == 422, response.text
    assert response.json()["error"]["code"] == "bad_closes_at"
    assert await _sets(app) == 0
