"""The browser's tile notation (web/js/tiles.js) against openmahjong.tiles."""

from __future__ import annotations

import random

import pytest

from openmahjong import tiles

from .jsrun import needs_node, run_js, run_ok

pytestmark = needs_node

EVERY_TILE = [*tiles.ALL_KINDS, *tiles.FLOWERS, *tiles.RED_FIVES]


def test_parse_matches_python():
    texts = [
        "123m406p789s1234567z",
        "0m0p0s",
        "12345678f",
        "5z 6z 7z",
        "1m2m3m",
        "",
        "19m19p19s1234567z1m",
        "11112222333344z",
    ]
    assert run_ok([("parse", {"text": t}) for t in texts]) == [tiles.parse(t) for t in texts]


def test_honor_digits_follow_the_common_convention():
    # 5z White (46), 6z Green (47), 7z Red (45): not our code order.
    (got,) = run_ok([("parse", {"text": "1234567z"})])
    assert got == [41, 42, 43, 44, 46, 47, 45]


def test_format_round_trips_every_tile_and_random_hands():
    rng = random.Random(3)
    hands = [[t] for t in EVERY_TILE] + [rng.sample(EVERY_TILE, 14) for _ in range(50)]
    got = run_ok([("format", {"tiles": h}) for h in hands])
    assert got == [tiles.format(h) for h in hands]
    back = run_ok([("parse", {"text": text}) for text in got])
    assert back == hands


def test_sort_matches_sort_key():
    rng = random.Random(5)
    hands = [rng.sample(EVERY_TILE, 20) for _ in range(20)]
    got = run_ok([("sort", {"tiles": h}) for h in hands])
    assert got == [sorted(h, key=tiles.sort_key) for h in hands]


@pytest.mark.parametrize("text", ["123x", "m", "123", "8z", "9f", "0f", "11111m", "000m"])
def test_bad_notation_is_refused_like_python(text):
    (result,) = run_js([("parse", {"text": text})])
    assert "error" in result and result["key"], result
    with pytest.raises(ValueError):
        tiles.parse(text)
