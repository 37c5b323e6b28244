"""What a raw fan set is worth: the source's table, and an estimate fitted to it for a set the
table lacks.

The source (``scoring.cpp``'s ``get_fan``; the Unity client's ``QingqueScoring.GetFan``) strips
the occasional fans from a raw set, looks the rest up in ``fan_cache.json`` and adds the
occasional fans' own values (天和 / 地和 16, 岭上开花 / 海底捞月 / 河底捞鱼 / 抢杠 4). The value
of a set is not a sum of per-fan values: the table was computed from how often hands with those
fans occur, and it is the only definition of the values the source ships.

We hold all 9,645 of its entries (:mod:`.fan_table`). A set that is not among them (the source
precomputed the sets its own hands reach, and our readings could in principle reach another)
gets an estimate from :func:`regular_value`: a ridge regression (one weight per fan, penalty
``RIDGE`` on each fan, ``RIDGE_WIN`` on 和牌) fitted to the table the first time it is needed,
in pure Python. Every result says whether its value is the source's.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from functools import cache

from openmahjong.rules.qingque.criteria import CODE_ORDER, OCCASIONAL_NAMES
from openmahjong.rules.qingque.fan_table import ENTRIES

__all__ = ["OCCASIONAL", "RIDGE", "RIDGE_WIN", "better", "fit", "regular_value", "weights"]

#: The occasional fans and their own values (``QingqueFan.cs`` ``QingqueFanMetadata.Tags``,
#: ``scoring.cpp``'s ``fans``), added on top of the table's value.
OCCASIONAL: dict[str, int] = {
    "天和": 16, "地和": 16, "岭上开花": 4, "海底捞月": 4, "河底捞鱼": 4, "抢杠": 4,
}  # fmt: skip
assert tuple(OCCASIONAL) == OCCASIONAL_NAMES

#: The ridge penalties of the estimate: on every fan, and on 和牌 (the intercept, present in
#: every set). Chosen by ten-fold cross-validation on the entries held: penalising the
#: intercept too costs little overall (root-mean-square error 2.00 fan, not 1.92) and gains
#: much on the entries under 16 fan (3.14, not 4.10), which are the hands most often won.
RIDGE = 0.3
RIDGE_WIN = 10.0
_INDEX = {name: i for i, name in enumerate(CODE_ORDER)}


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a is square and, with the ridge, regular)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        p = m[col][col]
        for r in range(col + 1, n):
            f = m[r][col] / p
            if f:
                row, top = m[r], m[col]
                for k in range(col, n + 1):
                    row[k] -= f * top[k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))) / m[r][r]
    return x


def fit(entries: Mapping[frozenset[int], float]) -> list[float]:
    """Ridge weights (one per bit of :data:`CODE_ORDER`) fitted to table ``entries``."""
    n = len(CODE_ORDER)
    a = [[0.0] * n for _ in range(n)]
    b = [0.0] * n
    for bits, value in entries.items():
        for i in bits:
            b[i] += value
            for j in bits:
                a[i][j] += 1.0
    a[0][0] += RIDGE_WIN
    for i in range(1, n):
        a[i][i] += RIDGE
    return _solve(a, b)


@cache
def _weights() -> list[float]:
    return fit(ENTRIES)  # about a second: only when a set is missing from the table


def weights() -> dict[str, float]:
    """The estimate's weight of each fan (zero for fans no held entry has)."""
    return dict(zip(CODE_ORDER, _weights(), strict=True))


def regular_value(raw: Iterable[str]) -> tuple[float, bool]:
    """The value of a raw set without its occasional fans, and whether it is the source's own
    (``True``) or our estimate (``False``)."""
    bits = frozenset(_INDEX[name] for name in raw if name not in OCCASIONAL)
    if not bits:
        return 0.0, True
    if bits in ENTRIES:
        return ENTRIES[bits], True
    weights = _weights()
    estimate = sum(weights[i] for i in bits)
    return round(max(1.0, estimate), 4), False


def better(a: float, b: float) -> bool:
    """The source's ``is_greater_than``: ``a`` beats ``b`` by more than 0.001 fan, or by its
    rounded base points, or by its rounded ``10 a tanh(a / 10)``."""
    if a - b > 1e-3:
        return True
    if round(a * a) > round(b * b) + 1e-3:
        return True
    return round(10 * a * math.tanh(0.1 * a)) > round(10 * b * math.tanh(0.1 * b)) + 1e-3
