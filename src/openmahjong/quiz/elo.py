"""The quiz's Elo ratings (platform guide §7.7): one rating per player and pool.

Every player starts at ``START`` (1000). After a ranked match the change is
``32 x (result - expected)`` rounded to the nearest whole point, and the loser loses exactly
what the winner gains: the change is computed once and given to one side with its sign turned
for the other. A drawn match (best of 5 level after five rounds) is a result of 0.5 each: the
lower-rated player gains what the higher-rated one loses (nothing between equals).

Halves round away from zero, so the same match gives the same figure whichever side it is
computed from (Python's ``round`` would round 2.5 to 2 but -2.5 to -2: the same).
"""

from __future__ import annotations

import math

__all__ = ["K", "START", "change", "expected", "rate"]

START = 1000
K = 32


def expected(rating: float, opponent: float) -> float:
    """The score ``rating`` is expected to make against ``opponent`` (0 to 1)."""
    return 1.0 / (1.0 + 10.0 ** ((opponent - rating) / 400.0))


def _nearest(x: float) -> int:
    return int(math.copysign(math.floor(abs(x) + 0.5), x))


def change(rating: float, opponent: float, result: float) -> int:
    """Points ``rating`` gains (negative: loses) for ``result`` (1 win, 0.5 draw, 0 loss)."""
    if result not in (0, 0.5, 1):
        raise ValueError(f"a result is 1, 0.5 or 0, not {result!r}")
    return _nearest(K * (result - expected(rating, opponent)))


def rate(a: int, b: int, result_a: float) -> tuple[int, int]:
    """The two new ratings after a match that ``a`` scored ``result_a`` in; zero-sum."""
    delta = change(a, b, result_a)
    return a + delta, b - delta
