"""Ids no row can have are answered like missing ones (404), or 422 in a query; never a 500.

Issue 15, item 8: ``/api/games/9223372036854775808`` raised SQLite's OverflowError (500 with a
130-line trace).
"""

from __future__ import annotations

import pytest
import pytest_asyncio

from tests.server.server_helpers import register

pytestmark = pytest.mark.asyncio

HUGE = [2**63, 10**30, int("9" * 400)]
# What a missing row of each kind answers; an id out of range must answer the same.
PATHS = [
    ("GET", "/api/games/{}", "no_such_game"),
    ("GET", "/api/games/{}/record", "no_such_game"),
    ("GET", "/api/games/{}/check", "no_such_game"),
    ("GET", "/api/players/{}", "no_such_player"),
    ("GET", "/api/rooms/{}", "no_such_room"),
    ("DELETE", "/api/rooms/{}", "no_such_room"),
    ("PUT", "/api/admin/users/{}/role", "no_such_user"),
]


@pytest_asyncio.fixture
async def admin(client):
    await register(client, "root-admin")
    return client


@pytest.mark.parametrize(("method", "path", "code"), PATHS)
async def test_an_id_out_of_range_is_a_missing_row(admin, method, path, code):
    body = {"role": "player"} if method == "PUT" else None
    missing = await admin.request(method, path.format(2**63 - 1), json=body)
    assert missing.status_code == 404, missing.text
    assert missing.json()["error"]["code"] == code
    for value in [*HUGE, 0, -1]:
        response = await admin.request(method, path.format(value), json=body)
        assert response.status_code == 404, (value, response.text)
        error = response.json()["error"]
        assert set(error) == {"code", "message", "params"}
        assert len(str(error["params"])) < 60  # the id is not echoed at any length
        assert error["code"] == code
        assert len(error["message"]) < 100  # the id is not echoed at any length


@pytest.mark.parametrize("query", [f"before={2**63}", f"before={10**30}", f"player={2**63}",
                                   f"player={10**30}"])  # fmt: skip
async def test_a_query_id_out_of_range_is_invalid(client, query):
    response = await client.get(f"/api/games?{query}")
    assert response.status_code == 422, response.text
    error = response.json()["error"]
    assert error["code"] == "invalid_request"
    assert error["fields"][0]["field"] == query.split("=")[0]


async def test_a_player_written_in_other_digits_is_a_name(client):
    """``"²".isdigit()`` is true but ``int("²")`` fails: such a player is a name nobody has."""
    for player in ["²", "٣", "1²"]:
        response = await client.get("/api/games", params={"player": player})
        assert response.status_code == 200, response.text
        assert response.json()["games"] == []


async def test_the_largest_ids_are_still_looked_up(client):
    response = await client.get(f"/api/games?before={2**63 - 1}&player={2**63 - 1}")
    assert response.status_code == 200, response.text
