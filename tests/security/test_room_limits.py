"""A room's free-form ``rules`` changes are bounded: few keys, short names, plain JSON values."""

from __future__ import annotations

import pytest

from tests.server.server_helpers import register

pytestmark = pytest.mark.asyncio

ROOM = {"name": "east", "ruleset": "riichi", "preset": "majsoul-hanchan"}


@pytest.mark.parametrize(
    "rules",
    [
        {"name": "x" * 5000},  # a string the options would have kept and echoed
        {"starting_points": 10**30},  # past any integer a client can hold exactly
        {"red_fives": {"nested": [[[True]]]}},  # not a plain value
        {"red_fives": [True]},
        {f"option{i}": True for i in range(100)},  # too many keys
        {"k" * 1000: True},  # a key no option has
    ],
    ids=["long-string", "huge-int", "object", "list", "many-keys", "long-key"],
)
async def test_oversized_or_shapeless_rules_are_refused(client, rules):
    await register(client, "roomowner")
    response = await client.post("/api/rooms", json={**ROOM, "rules": rules})
    assert response.status_code == 422, response.text
    error = response.json()["error"]
    assert error["code"] == "invalid_request"
    assert error["fields"][0]["field"].startswith("rules")


async def test_plain_rule_changes_still_work(client):
    await register(client, "roomowner")
    rules = {"red_fives": False, "starting_points": 30000, "kan_dora": "EARLY_KAN_DORA"}
    response = await client.post("/api/rooms", json={**ROOM, "rules": rules})
    assert response.status_code == 201, response.text
    assert response.json()["rules"]["starting_points"] == 30000


@pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity"])
async def test_non_finite_numbers_are_refused(client, value):
    """Python's JSON reader takes NaN and Infinity; the answer could not be written back."""
    await register(client, "roomowner")
    for body in [
        f'{{"name": "e", "ruleset": "riichi", "preset": "majsoul-hanchan", '
        f'"table": {{"move_seconds": {value}}}}}',
        f'{{"name": "e", "ruleset": "riichi", "preset": "majsoul-hanchan", '
        f'"rules": {{"starting_points": {value}}}}}',
    ]:
        response = await client.post(
            "/api/rooms", content=body, headers={"Content-Type": "application/json"}
        )
        assert 400 <= response.status_code < 500, response.text
        assert "error" in response.json()
