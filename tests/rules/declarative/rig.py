"""Rigged walls of a declared ruleset for the tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from openmahjong.rules.declarative import DeclaredRuleset, new_hand
from openmahjong.table import PASS, Phase, Table
from openmahjong.tiles import parse


def tiles(spec: str | Sequence[int]) -> list[int]:
    return parse(spec) if isinstance(spec, str) else list(spec)


def wall(
    ruleset: DeclaredRuleset, hands: Sequence[str], draws: str = "", back: str = ""
) -> list[int]:
    """Seats 0-3 get ``hands`` (the dealer's, seat 0, may hold a 14th tile), then the live
    draws in order, filler, and ``back`` (replacement draws, ``back[0]`` the wall's last
    tile). The filler is the unused tiles in code order (flowers last)."""
    held = [tiles(h) for h in hands]
    draw_tiles, back_tiles = tiles(draws), tiles(back)
    used = Counter(t for h in held for t in h) + Counter(draw_tiles) + Counter(back_tiles)
    pool = Counter(ruleset.wall_rules.build())
    assert not used - pool, f"not enough of {sorted((used - pool).elements())}"
    take = iter(sorted((pool - used).elements()))
    extra = [held[0][13]] if len(held[0]) == 14 else []
    heads = [h[:13] + [next(take) for _ in range(13 - len(h[:13]))] for h in held]
    if not extra:
        extra = [next(take)]
    out = [t for h in heads for t in h] + extra + draw_tiles + list(take) + back_tiles[::-1]
    assert len(out) == ruleset.tiles
    return out


def make(
    ruleset: DeclaredRuleset, hands: Sequence[str], draws: str = "", back: str = "", **kw
) -> Table:
    return new_hand(ruleset.declaration, wall(ruleset, hands, draws, back), **kw)


def pass_all(t: Table) -> None:
    while t.phase == Phase.REACTION:
        for s in t.waiting_for():
            t.act(s, PASS)
