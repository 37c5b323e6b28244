"""Random legal hands for property tests: tiles drawn without replacement from one set."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from openmahjong.tiles import ALL_KINDS

WALL = [k for k in ALL_KINDS for _ in range(4)]
HAND_SIZES = (1, 2, 4, 5, 7, 8, 10, 11, 13, 14)


@st.composite
def hands(draw: st.DrawFn, sizes: tuple[int, ...] = HAND_SIZES) -> list[int]:
    size = draw(st.sampled_from(sizes))
    positions = draw(st.lists(st.integers(0, 135), min_size=size, max_size=size, unique=True))
    return sorted(WALL[i] for i in positions)


def random_counts(rng: random.Random, size: int) -> list[int]:
    counts = [0] * 34
    for i in rng.sample(range(136), size):
        counts[i // 4] += 1
    return counts


def random_part(rng: random.Random, tiles: int, kinds: int = 9) -> bytes:
    """Counts of one suit (nine kinds) or of the honors (seven) holding ``tiles`` tiles, at most
    four of a kind (``tiles`` <= 4 * ``kinds``)."""
    counts = [0] * kinds
    while tiles:
        i = rng.randrange(kinds)
        if counts[i] < 4:
            counts[i] += 1
            tiles -= 1
    return bytes(counts)
