"""Rigged Changsha walls: hands, live draws, and the tiles at the back (what kans turn)."""

from __future__ import annotations

from collections.abc import Sequence

from openmahjong.rules.changsha.game.options import ChangshaOptions
from openmahjong.rules.changsha.game.round import new_hand
from openmahjong.table import rigged_wall
from openmahjong.table.actions import PASS
from openmahjong.table.kernel import Phase, Table
from openmahjong.tiles import parse

DEALT = 53


def wall(hands: Sequence[str], draws: str = "", back: str = "", *, dealer: int = 0) -> list[int]:
    """``back``: the tiles at the end of the wall, in the order they leave it (the last tile of
    the wall first: a kan turns ``back[0]`` then ``back[1]``)."""
    tiles = rigged_wall(hands, draws, dealer=dealer, ruleset="changsha", dead_size=0)
    fixed = DEALT + len(parse(draws)) if draws else DEALT
    for i, t in enumerate(parse(back) if back else []):
        target = len(tiles) - 1 - i
        source = next(j for j in range(fixed, len(tiles) - i) if tiles[j] == t)
        tiles[source], tiles[target] = tiles[target], tiles[source]
    return tiles


def table(
    hands: Sequence[str], draws: str = "", back: str = "", *, dealer: int = 0, **options: object
) -> Table:
    opts = ChangshaOptions(**{"starting_wins": False, "birds": 0, **options})  # type: ignore[arg-type]
    return new_hand(opts, wall(hands, draws, back, dealer=dealer), dealer=dealer)


def pass_all(t: Table) -> None:
    """Everybody asked in a reaction window passes."""
    while t.phase == Phase.REACTION:
        for s in t.waiting_for():
            t.act(s, PASS)
