"""Dora from indicators: the tile after the indicator, in a cycle per suit, winds and dragons.

Numbers wrap 9 -> 1, winds go E -> S -> W -> N -> E, dragons White -> Green -> Red -> White
(the physical order; our codes are Red 45, White 46, Green 47, so dense 32 -> 33 -> 31 -> 32).
"""

from __future__ import annotations

from collections.abc import Iterable

from openmahjong import tiles as T

__all__ = ["dora_index", "count_dora", "DORA_OF_CODE"]


def dora_index(indicator_index: int) -> int:
    """Dense index of the dora an indicator (dense index) points to."""
    i = indicator_index
    if i < 27:
        return i - 8 if i % 9 == 8 else i + 1
    if i < 31:
        return 27 if i == 30 else i + 1
    return {32: 33, 33: 31, 31: 32}[i]


#: Indicator tile code (red fives included) -> dense index of the dora it shows.
DORA_OF_CODE: dict[int, int] = {
    code: dora_index(T.index34(code))
    for code in [*range(11, 20), *range(21, 30), *range(31, 40), *range(41, 48), 105, 205, 305]
}


def count_dora(physical: list[int], indicators: Iterable[int]) -> int:
    """How many dora the held tiles (count vector, kans as four) contain."""
    total = 0
    for ind in indicators:
        try:
            total += physical[DORA_OF_CODE[ind]]
        except (KeyError, TypeError):
            raise ValueError(f"dora indicator {ind!r} is not a Riichi tile code") from None
    return total
