"""Rigged 144-tile walls for the MCR round tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from openmahjong.fairness import build_wall
from openmahjong.rules.mcr.game import McrOptions, new_hand
from openmahjong.table import PASS, Discard, Phase, Table
from openmahjong.tiles import is_flower, parse


def tile(text: str) -> int:
    return parse(text)[0]


def tiles(spec: str | Sequence[int]) -> list[int]:
    return parse(spec) if isinstance(spec, str) else list(spec)


def mcr_wall(
    hands: Sequence[str | Sequence[int]],
    draws: str | Sequence[int] = (),
    back: str | Sequence[int] = (),
    *,
    dealer: int = 0,
) -> list[int]:
    """A full MCR wall: ``hands`` (the dealer's may have a 14th tile), the live draws in order,
    then filler, and ``back``: the replacement draws in order (``back[0]`` is the last tile of
    the wall). Unused flowers sit in the middle of the filler, far from both ends."""
    held = [tiles(h) for h in hands]
    draw_tiles, back_tiles = tiles(draws), tiles(back)
    used = Counter(t for h in held for t in h) + Counter(draw_tiles) + Counter(back_tiles)
    pool = Counter(build_wall("mcr"))
    assert not used - pool, f"not enough of {sorted((used - pool).elements())}"
    rest = sorted((pool - used).elements())
    plain = [t for t in rest if not is_flower(t)]
    flowers = [t for t in rest if is_flower(t)]
    take = iter(plain)
    extra = [held[dealer][13]] if len(held[dealer]) == 14 else []
    heads = [h[:13] + [next(take) for _ in range(13 - len(h[:13]))] for h in held]
    if not extra:
        extra = [next(take)]
    filler = list(take)
    middle = len(filler) // 2
    filler = filler[:middle] + flowers + filler[middle:]
    wall = [t for h in heads for t in h] + extra + draw_tiles + filler + back_tiles[::-1]
    assert len(wall) == 144
    return wall


def make(hands, draws=(), back=(), *, dealer=0, points=(0, 0, 0, 0), prevalent_wind=41,
         **options) -> Table:  # fmt: skip
    wall = mcr_wall(hands, draws, back, dealer=dealer)
    return new_hand(
        wall, McrOptions(**options), dealer=dealer, points=points, prevalent_wind=prevalent_wind
    )


def discard(t: Table, seat: int, text: str, *, settle: bool = True) -> None:
    t.act(seat, Discard(tile(text)))
    if settle:
        pass_all(t)


def pass_all(t: Table) -> None:
    while t.phase == Phase.REACTION:
        for s in t.waiting_for():
            t.act(s, PASS)
