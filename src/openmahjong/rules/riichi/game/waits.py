"""Ready-hand checks for the round engine: complete shapes and winning tiles on count vectors.

The scorer decides yaku and value; the engine only needs "is this shape complete" and "which
kinds complete it" (for riichi, furiten, kan-in-riichi and tenpai at an exhaustive draw).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from openmahjong.hand.shanten import shanten_counts
from openmahjong.hand.useful import wait_indices
from openmahjong.tiles import counts34

__all__ = ["is_complete", "is_ready", "waits", "riichi_waits", "is_kokushi_complete", "ORPHANS"]

#: Dense indices of the 13 terminals and honors.
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_ORPHAN_SET = frozenset(ORPHANS)


def is_kokushi_complete(c: list[int]) -> bool:
    return (
        sum(c) == 14
        and all(c[i] >= 1 for i in ORPHANS)
        and all(n == 0 for i, n in enumerate(c) if i not in _ORPHAN_SET)
    )


def is_complete(c: list[int]) -> bool:
    """A concealed count vector of 3k+2 tiles completes a hand (the melds being the rest):
    regular, seven pairs (four of a kind is not two pairs) or thirteen orphans."""
    if sum(c) % 3 != 2:
        return False
    return shanten_counts(c) == -1


def is_ready(c: list[int]) -> bool:
    """A 3k+1 count vector is one tile from complete (a fifth copy never counts)."""
    return shanten_counts(c) == 0


#: Count vector (as bytes) -> its waits. The engine asks about the same 13-tile hands again
#: and again (riichi discards, ron checks, furiten, kans), and the answer depends on the
#: counts alone. Bounded, and it only remembers answers: everything stays pure.
_WAITS: dict[bytes, tuple[int, ...]] = {}
_WAITS_LIMIT = 100_000


def waits(c: Sequence[int]) -> list[int]:
    """Kinds (dense indices) that complete a 3k+1 count vector (a kind held four times in the
    hand cannot, as no fifth copy exists), whether or not a copy is still unseen."""
    key = bytes(c)
    found = _WAITS.get(key)
    if found is None:
        if len(_WAITS) >= _WAITS_LIMIT:
            _WAITS.clear()
        found = _WAITS[key] = tuple(wait_indices(list(c)))
    return list(found)


def riichi_waits(tiles: Iterable[int]) -> list[int]:
    """Waits that count as tenpai: a kind already held four times in the hand does not."""
    return waits(counts34(tiles))
