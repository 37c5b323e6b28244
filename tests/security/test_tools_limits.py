"""Every text and list of the tools API and commands is bounded: refused before any parsing.

Issue 15: a long ``hand`` or ``visible`` on ``POST /api/tools/analyze`` (no sign-in) cost
quadratic CPU. Oversized fields are now a 422 naming the field, with ``tiles.parse`` never
called; the commands refuse the same input with exit status 2.
"""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from openmahjong import tiles
from openmahjong.cli import app as cli
from openmahjong.tools import limits

LONG_HAND = "1m" * 1000  # 2 000 characters: within the body cap, far above any hand

BASES = {
    "/api/tools/analyze": {"hand": "123m406p789s1122z", "visible": "", "ruleset": "riichi"},
    "/api/tools/score/riichi": {
        "hand": "234m567p22s345678s",
        "win": "8s",
        "melds": [],
        "dora": [],
        "ura": [],
        "seat": "E",
        "round": "E",
        "discarder": "S",
        "pao": None,
        "preset": "majsoul",
    },
    "/api/tools/score/mcr": {
        "hand": "123456789m11122p",
        "win": "2m",
        "melds": [],
        "seat_wind": "E",
        "prevalent_wind": "E",
    },
}

# (route, field, oversized value)
OVERSIZED = [
    (route, field, value)
    for route, base in BASES.items()
    for field, value in [
        *[(f, LONG_HAND) for f in base if f not in ("melds", "dora", "ura")],
        *[(f, ["1m"] * 20) for f in ("melds", "dora", "ura") if f in base],
        *[(f, [LONG_HAND]) for f in ("melds", "dora", "ura") if f in base],
    ]
]


@pytest.mark.asyncio
@pytest.mark.parametrize(("route", "field", "value"), OVERSIZED, ids=lambda v: str(v)[:24])
async def test_an_oversized_field_is_refused_before_parsing(
    client, parse_calls, route, field, value
):
    response = await client.post(route, json={**BASES[route], field: value})
    assert response.status_code == 422, response.text
    error = response.json()["error"]
    assert error["code"] == "invalid_request"
    assert [f["field"].split(".")[0] for f in error["fields"]] == [field]
    assert parse_calls.calls == 0


@pytest.mark.asyncio
@pytest.mark.parametrize("route", list(BASES))
async def test_real_requests_still_fit(client, route):
    """The limits leave room: a hand padded with spaces to the limit is still read."""
    padded = BASES[route]["hand"].ljust(limits.HAND_CHARS)
    response = await client.post(route, json={**BASES[route], "hand": padded})
    assert response.status_code == 200, response.text


@pytest.mark.asyncio
async def test_visible_holds_a_whole_wall(client):
    wall = "".join(f"{d}{s}" for s in "mps" for d in "123456789" for _ in range(4))
    wall += "".join(f"{d}z" for d in "1234567" for _ in range(4))
    assert len(wall) <= limits.VISIBLE_CHARS
    # Everything the hand does not hold is seen: the whole set, never a fifth copy.
    base = BASES["/api/tools/analyze"]
    rest = tiles.parse(wall)
    for tile in tiles.parse(base["hand"]):
        rest.remove(tiles.kind(tile))
    body = {**base, "visible": tiles.format(rest)}
    assert (await client.post("/api/tools/analyze", json=body)).status_code == 200


CLI_CASES = [
    ["analyze", LONG_HAND],
    ["analyze", "123m406p789s1122z", "--visible", LONG_HAND * 2],
    ["score", "riichi", LONG_HAND, "--win", "8s"],
    ["score", "riichi", "234m567p22s345678s", "--win", "8s", "--meld", LONG_HAND],
    ["score", "riichi", "234m567p22s345678s", "--win", "8s", *["--dora", "1m"] * 20],
    ["score", "mcr", LONG_HAND, "--win", "2m"],
    ["score", "mcr", "123456789m11122p", "--win", LONG_HAND],
]


@pytest.mark.parametrize("args", CLI_CASES, ids=lambda a: " ".join(a)[:40])
def test_the_commands_refuse_an_oversized_hand(parse_calls, args):
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.output
    assert "error:" in result.stderr
    assert "at most" in result.stderr
    assert len(result.stderr) < 400  # one clear line, not the input echoed back
    assert parse_calls.calls == 0
