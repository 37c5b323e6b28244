"""MCR shanten over the five forms, fast enough to ask on every discard.

``hand.shanten_counts(counts, forms=MCR_FORMS)`` tries every form in full. Here the Riichi forms
(regular, seven pairs, thirteen orphans) take the fast table path, honors-and-knitted is a count,
and a knitted straight pattern is only worked out when the tiles it lacks could still beat the
best so far. The answer is the same (checked against ``MCR_FORMS`` in the tests).
"""

from __future__ import annotations

from collections.abc import Sequence

from openmahjong.hand.distance import regular_distance
from openmahjong.hand.shanten import KNITTED_PATTERNS, shanten_counts

__all__ = ["mcr_shanten"]

_HONOR_RANGE = range(27, 34)
#: For each suited kind index, the knitted patterns holding it.
_MEMBER_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(p for p, pattern in enumerate(KNITTED_PATTERNS) if i in pattern) for i in range(27)
)


_CACHE: dict[bytes, int] = {}
_CACHE_LIMIT = 200_000


def mcr_shanten(counts: Sequence[int]) -> int:
    """Shanten of a 34-count hand (13 - 3k or 14 - 3k tiles) over MCR's five forms (memoised:
    a bot asks about the same hands again and again)."""
    key = bytes(counts)
    found = _CACHE.get(key)
    if found is None:
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        found = _CACHE[key] = _mcr_shanten(counts)
    return found


def _mcr_shanten(counts: Sequence[int]) -> int:
    best = shanten_counts(counts)
    n = sum(counts)
    present = [0] * 6
    for i in range(27):
        if counts[i]:
            for p in _MEMBER_OF[i]:
                present[p] += 1
    if n < 13:
        sets = n // 3 - 3
        if sets < 0:
            return best
    else:
        sets = 1
        honors = sum(1 for i in _HONOR_RANGE if counts[i])
        best = min(best, 13 - min(14, max(present) + honors))
    if best <= -1:
        return best
    rest = list(counts)
    for p, pattern in enumerate(KNITTED_PATTERNS):
        missing = 9 - present[p]
        if missing - 1 >= best:
            continue
        held = [i for i in pattern if counts[i]]
        for i in held:
            rest[i] -= 1
        distance = missing + regular_distance(bytes(rest), sets)
        for i in held:
            rest[i] += 1
        best = min(best, distance - 1)
    return best
