"""Rigged walls for tests and puzzles: say who holds what and what comes next.

``rigged_wall`` returns a full wall (a permutation of the ruleset's tile set) laid out the way
:func:`openmahjong.fairness.deal` and :class:`~openmahjong.table.wall.Wall` read it:
13 tiles per seat in seat order, the dealer's 14th, the live draws in order, unspecified live
tiles, and the dead wall last (see :mod:`openmahjong.table.wall` for its layout).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from openmahjong.fairness import build_wall
from openmahjong.tiles import parse

__all__ = ["rigged_wall"]


def _tiles(spec: str | Sequence[int]) -> list[int]:
    return parse(spec) if isinstance(spec, str) else list(spec)


def rigged_wall(
    hands: Sequence[str | Sequence[int]],
    draws: str | Sequence[int] = (),
    dead: str | Sequence[int] = (),
    *,
    dealer: int = 0,
    ruleset: str = "riichi",
    red_fives: bool = True,
    dead_size: int = 14,
    seats: int = 4,
    hand_size: int = 13,
) -> list[int]:
    """``hands[dealer]`` may have 14 tiles (its 14th is the dealer's extra tile); ``draws``
    are the live draws in order; ``dead`` the first tiles of the dead wall. Everything
    unspecified is filled from the unused tiles in code order. ``hand_size``: the tiles each
    seat is dealt (Taiwan's 16: the dealer's hand may then have 17)."""
    hand_tiles = [_tiles(h) for h in hands]
    if len(hand_tiles) != seats:
        raise ValueError(f"give {seats} hands, not {len(hand_tiles)}")
    extra: list[int] = []
    for s, h in enumerate(hand_tiles):
        want = hand_size + 1 if s == dealer else hand_size
        if len(h) > want:
            raise ValueError(f"seat {s} needs {want} tiles, not {len(h)}")
        if len(h) == hand_size + 1:
            extra = [h[hand_size]]
    draw_tiles = _tiles(draws)
    dead_tiles = _tiles(dead)
    pool = Counter(build_wall(ruleset, red_fives=red_fives))
    used: Counter[int] = Counter()
    for t in [t for h in hand_tiles for t in h] + draw_tiles + dead_tiles:
        used[t] += 1
    short = used - pool
    if short:
        raise ValueError(f"the tile set does not hold enough of {sorted(short)}")
    rest = sorted((pool - used).elements())
    take = iter(rest)
    n = hand_size
    heads = [h[:n] + [next(take) for _ in range(n - len(h[:n]))] for h in hand_tiles]
    if not extra:
        extra = [next(take)]
    remaining = list(take)
    dead_fill = dead_size - len(dead_tiles)
    if dead_fill < 0:
        raise ValueError(f"the dead wall holds only {dead_size} tiles")
    live_fill = remaining[: len(remaining) - dead_fill] if dead_fill else remaining
    dead_rest = remaining[len(remaining) - dead_fill :] if dead_fill else []
    wall = [t for h in heads for t in h] + extra + draw_tiles + live_fill
    return wall + dead_tiles + dead_rest
