"""What the web client reads about rulesets and walls: ``GET /api/rooms/rulesets`` (each
installed ruleset's presets, option schema, wall and client object) and ``GET /api/tools/walls``
(every wall the seed tool rebuilds). The default ruleset comes first: the client's default is
the first ruleset listed."""

from __future__ import annotations

import httpx
import pytest

from openmahjong import fairness
from openmahjong.rules.registry import rulesets

from .webapp import make_app

pytestmark = pytest.mark.asyncio


async def get(tmp_path, url: str, **settings: object) -> dict:
    app, _ = make_app(tmp_path, **settings)
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
        response = await client.get(url)
    assert response.status_code == 200, response.text
    return response.json()


async def test_every_ruleset_is_listed_with_what_the_client_needs(tmp_path):
    listed = await get(tmp_path, "/api/rooms/rulesets")
    assert list(listed)[0] == "riichi"  # the configured default first
    assert set(listed) == set(rulesets())
    for name, entry in listed.items():
        ruleset = rulesets()[name]
        assert entry["options_schema"] == ruleset.options_schema.model_json_schema()
        assert entry["wall"]["name"] == ruleset.wall_rules.name
        assert entry["wall"]["size"] == len(fairness.build_wall(ruleset.wall_rules.name))
        client = entry["client"]
        # Every option the lobby form offers is one the ruleset's schema has.
        for spec in client["lobby"]:
            assert spec["option"] in entry["options_schema"]["properties"], (name, spec)
        assert entry["client"]["default_preset"] in entry["presets"]
    assert listed["mcr"]["client"]["words"]["pon"] == "mcrAct.pon"


async def test_the_default_ruleset_is_a_setting(tmp_path):
    listed = await get(tmp_path, "/api/rooms/rulesets", default_ruleset="mcr")
    assert list(listed)[0] == "mcr"
    walls = await get(tmp_path, "/api/tools/walls", default_ruleset="mcr")
    assert list(walls)[0] == "mcr"


async def test_walls_are_listed_as_the_fairness_module_builds_them(tmp_path):
    walls = await get(tmp_path, "/api/tools/walls")
    assert list(walls)[0] == "riichi"
    assert set(walls) >= {"riichi", "mcr", "sichuan"}  # sichuan: a wall with no ruleset yet
    for name, wall in walls.items():
        rules = fairness.wall_rules(name)
        assert wall["kinds"] == list(rules.kinds) and wall["extra"] == list(rules.extra)
        assert wall["hand_number"] == rules.hand_number and wall["red_fives"] == rules.red_fives
