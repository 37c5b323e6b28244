"""Rigged 144-tile Taiwan walls for the tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from openmahjong.fairness import build_wall
from openmahjong.rules.taiwan.game.options import TaiwanOptions
from openmahjong.rules.taiwan.game.round import new_hand
from openmahjong.table import PASS, Phase, Table
from openmahjong.tiles import FLOWERS, parse

KEPT = 16


def tiles(spec: str | Sequence[int]) -> list[int]:
    return parse(spec) if isinstance(spec, str) else list(spec)


def wall(hands: Sequence[str], draws: str = "", back: str = "", last: str = "") -> list[int]:
    """Seats 0-3 get ``hands`` (the dealer's, seat 0, may hold a 17th tile), then the live
    draws in order, filler, ``last`` (the last live tiles, in order), ``back`` (the
    replacement draws, ``back[0]`` first) and the 16 tiles kept unplayed. Flowers not named
    anywhere are kept back, so filler is never one."""
    held = [tiles(h) for h in hands]
    draw_tiles, back_tiles, last_tiles = tiles(draws), tiles(back), tiles(last)
    used = (
        Counter(t for h in held for t in h)
        + Counter(draw_tiles)
        + Counter(back_tiles)
        + Counter(last_tiles)
    )
    pool = Counter(build_wall("taiwan"))
    assert not used - pool, f"not enough of {sorted((used - pool).elements())}"
    left = pool - used
    flowers = [f for f in FLOWERS if left[f]]
    filler = sorted(t for t in left.elements() if t not in FLOWERS)
    kept = flowers + filler[len(filler) - (KEPT - len(flowers)) :]
    filler = filler[: len(filler) - (KEPT - len(flowers))]
    take = iter(filler)
    extra = [held[0][16]] if len(held[0]) == 17 else []
    heads = [h[:16] + [next(take) for _ in range(16 - len(h[:16]))] for h in held]
    if not extra:
        extra = [next(take)]
    out = [t for h in heads for t in h] + extra + draw_tiles + list(take) + last_tiles
    out += back_tiles[::-1] + kept
    assert len(out) == 144
    return out


def make(hands: Sequence[str], draws: str = "", back: str = "", last: str = "", **options) -> Table:
    return new_hand(wall(hands, draws, back, last), TaiwanOptions(**options))


def pass_all(t: Table) -> None:
    while t.phase == Phase.REACTION:
        for s in t.waiting_for():
            t.act(s, PASS)
