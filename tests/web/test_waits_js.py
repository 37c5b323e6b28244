"""waits.js (the waits help while ready) against each ruleset's own winning shapes: every tile
that completes a ready hand, for hands one tile short of sets and a pair, seven pairs, thirteen
orphans and MCR's knitted shapes (a knitted straight with a set and a pair, or with a pair
beside a meld; lesser and greater honors and knitted tiles). MCR's client data names the knitted
shapes; Riichi's does not, and its waits leave them out."""

from __future__ import annotations

import random

from openmahjong.rules.registry import get_ruleset
from openmahjong.tiles import ALL_KINDS

from .jsrun import needs_node, run_ok

pytestmark = needs_node

#: Winning shapes of 14 - 3k concealed tiles, each taken apart one tile at a time below.
WINS = {
    "knitted straight, set, pair": [11, 14, 17, 22, 25, 28, 33, 36, 39, 41, 41, 41, 45, 45],
    "knitted straight, chow, pair": [21, 24, 27, 12, 15, 18, 33, 36, 39, 34, 35, 36, 47, 47],
    "knitted straight and a pair, one meld": [31, 34, 37, 12, 15, 18, 23, 26, 29, 44, 44],
    "lesser honors and knitted": [11, 14, 22, 25, 28, 33, 39, 41, 42, 43, 44, 45, 46, 47],
    "lesser, eight suited": [11, 14, 17, 22, 25, 28, 33, 36, 41, 42, 43, 45, 46, 47],
    "greater honors and knitted": [12, 15, 18, 23, 26, 31, 37, 41, 42, 43, 44, 45, 46, 47],
    "sets and a pair": [11, 12, 13, 22, 22, 22, 34, 35, 36, 37, 38, 39, 41, 41],
    "seven pairs": [11, 11, 15, 15, 23, 23, 29, 29, 34, 34, 41, 41, 46, 46],
    "thirteen orphans": [11, 19, 21, 29, 31, 39, 41, 42, 43, 44, 45, 46, 47, 47],
}


def ready_hands() -> list[list[int]]:
    hands = []
    for tiles in WINS.values():
        for i in sorted(set(range(len(tiles)))):
            hands.append(tiles[:i] + tiles[i + 1 :])
    # Random regular hands too, so the shared shapes stay as they were.
    rng = random.Random(18)
    for _ in range(20):
        suit = rng.choice((10, 20, 30))
        start = rng.randint(1, 7)
        tiles = [suit + start + j for j in range(3)] * 2 + [rng.choice(ALL_KINDS)] * 3
        tiles += [suit + start] * 2 + [rng.choice((41, 46))] * 3
        if all(tiles.count(t) <= 4 for t in tiles):
            hands.append(tiles[1:])
    return hands


def expected_waits(ruleset: str, hand: list[int]) -> list[int]:
    rules = get_ruleset(ruleset)
    return [k for k in ALL_KINDS if hand.count(k) < 4 and rules.is_winning_shape([*hand, k])]


def test_waits_follow_each_rulesets_shapes():
    hands = ready_hands()
    shapes = {name: get_ruleset(name).client_info().get("shapes", []) for name in ("riichi", "mcr")}
    assert shapes == {"riichi": [], "mcr": ["knitted"]}
    calls = [
        ("waits_of", {"hand": hand, "shapes": shapes[name]})
        for name in ("riichi", "mcr")
        for hand in hands
    ]
    got = run_ok(calls)
    want = [expected_waits(name, hand) for name in ("riichi", "mcr") for hand in hands]
    wrong = [(call[1], g, w) for call, g, w in zip(calls, got, want, strict=True) if g != w]
    assert not wrong, wrong[:5]
    # The knitted hands have waits in MCR and (with no other shape) none in Riichi.
    by_hand = dict(zip((tuple(h) for h in hands), got[len(hands) :], strict=True))
    lesser = tuple(WINS["lesser honors and knitted"][1:])
    assert by_hand[lesser] == [11, 17, 36]  # any knitted tile the hand lacks
    assert got[hands.index(list(lesser))] == []
