"""Hand analysis for Sichuan: shanten with a void suit, waits, useful tiles, the discard table.

A Sichuan hand wins in two suits at most and holds no tile of its void suit, so void tiles
count as tiles still to replace (``hand.sichuan``) and the discard table lists them first:
they must go before anything else. Without a void the analysis takes the suit whose voiding
leaves the hand closest to winning (ties: the suit with fewer tiles, then m, p, s) and says so.
"""

from __future__ import annotations

from typing import Any

from openmahjong import tiles
from openmahjong.hand import sichuan as shape

__all__ = ["analyze_sichuan", "best_void"]

_WAITING = (13, 10, 7, 4, 1)
_DISCARDING = (14, 11, 8, 5, 2)


def _melds(n: int) -> int:
    """Melds implied by a concealed hand's size (13 - 3k or 14 - 3k tiles)."""
    if n in _WAITING:
        return (13 - n) // 3
    if n in _DISCARDING:
        return (14 - n) // 3
    raise ValueError(
        f"a hand has 13 or 14 tiles less three per meld (14, 13, 11, 10, ...); got {n}"
    )


def _shanten(counts: list[int], melds: int, void: int) -> int:
    if sum(counts) in _DISCARDING:
        return min(o.shanten for o in shape.discard_options(counts, melds, void))
    return shape.shanten(counts, melds, void)


def best_void(counts: list[int], melds: int) -> int:
    """The suit whose voiding leaves the hand closest to winning (see the module's note)."""

    def key(suit: int) -> tuple[int, int, int]:
        held = sum(counts[9 * suit : 9 * suit + 9])
        return (_shanten(list(counts), melds, suit), held, suit)

    return min(range(3), key=key)


def analyze_sichuan(held: list[int], visible: list[int], void: str | None) -> dict[str, Any]:
    """The analysis as plain data (``held`` and ``visible`` checked by the caller)."""
    counts = tiles.counts34(held)
    melds = _melds(len(held))
    chosen = shape.suit_index(void)
    if chosen is None:
        chosen = best_void(counts, melds)
    seen = tiles.counts34(visible)
    void_held = sum(counts[9 * chosen : 9 * chosen + 9])
    letter = shape.SUITS[chosen]
    by_form = {
        "regular": shape.regular_shanten(counts, melds, chosen),
        "seven_pairs": shape.seven_pairs_shanten(counts, melds, chosen),
    }
    result: dict[str, Any] = {
        "hand": tiles.format(sorted(held, key=tiles.sort_key)),
        "ruleset": "sichuan",
        "tiles": len(held),
        "void": letter,
        "void_given": void is not None,
        "void_tiles": void_held,
        "shanten": min(by_form.values()),
        "shanten_by_form": {f: (None if v >= 99 else v) for f, v in by_form.items()},
    }
    if len(held) in _WAITING:
        now, kinds = shape.improving(counts, melds, chosen)
        result["waits"] = [tiles.format([tiles.from_index34(i)]) for i in kinds] if now == 0 else []
        useful = [
            {"tile": tiles.format([tiles.from_index34(i)]), "remaining": _left(i, counts, seen)}
            for i in kinds
        ]
        result["useful"] = useful
        result["useful_total"] = sum(u["remaining"] for u in useful)
        return result
    result["discards"] = [
        {
            "discard": tiles.format([tiles.from_index34(o.kind)]),
            "void": o.void,
            "shanten": o.shanten,
            "useful": [tiles.format([tiles.from_index34(i)]) for i in o.useful],
            "useful_total": o.remaining,
        }
        for o in shape.discard_options(counts, melds, chosen, seen)
    ]
    return result


def _left(i: int, counts: list[int], seen: list[int]) -> int:
    return max(0, 4 - counts[i] - seen[i])
