"""Folding narrows the discards criterion by criterion; the choice is the one the four criteria
give together (danger summed over the riichi players, shanten, value, the seed's tie-break)."""

from __future__ import annotations

import random

from openmahjong.bots.riichi import RiichiBot, _risks, _Situation
from openmahjong.bots.safety import danger
from openmahjong.hand import improving


def random_fold_case(rng: random.Random) -> tuple[_Situation, dict[int, int]]:
    counts = [0] * 34
    for tile_id in rng.sample(range(136), 14):
        counts[tile_id // 4] += 1
    seen = [min(4, n + rng.choice((0, 0, 1, 2, 3))) for n in counts]
    threats = [[rng.random() < 0.3 for _ in range(34)] for _ in range(rng.choice((1, 1, 2, 3)))]
    value = [rng.choice((0, 0, 0, 1, 2)) for _ in range(34)]
    sit = _Situation(0, counts, threats, [], frozenset({31, 32, 33}), False, seen, value)
    held = [i for i in range(34) if counts[i]]
    rng.shuffle(held)  # the engine's order of the discards, which an exact tie follows
    return sit, improving.shanten_after(counts, held)


def test_fold_matches_the_four_criteria_at_once():
    rng = random.Random(8)
    for n in range(3000):
        bot = RiichiBot(seed=n)
        sit, after = random_fold_case(rng)
        risk = {i: sum(danger(i, sit.seen, gen) for gen in sit.threats) for i in after}
        want = min(after, key=lambda i: (risk[i], after[i], sit.value[i], bot._tiebreak(i)))
        assert _risks(sit, after) == risk
        assert bot._fold(sit, after) == want, (sit, after)
