"""The wall: a live section drawn from the front and an optional dead section at the back.

Dead-wall layout (Riichi, 14 tiles; ``dead[i]`` counts from the start of the dead section):

* ``dead[0..4]`` the dora indicators in the order they are shown: the first at the start and
  one per kan (DoraDorara shows three at the start and two for kans: the same five slots);
* ``dead[5..9]`` the matching ura-dora indicators;
* ``dead[10..13]`` the replacement (rinshan) draws, in order.

Each replacement draw moves the last live tile to the back of the dead section, so the dead
wall keeps its size and the live wall shrinks by one. With ``dead_size=0`` (MCR, Sichuan) a
replacement draw simply takes the last live tile.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from openmahjong.table.errors import IllegalAction

__all__ = ["Wall", "INDICATOR_SLOTS", "URA_OFFSET", "REPLACEMENT_OFFSET"]

INDICATOR_SLOTS = 5
URA_OFFSET = 5
REPLACEMENT_OFFSET = 10
REPLACEMENTS = 4


@dataclass
class Wall:
    live: list[int]
    dead: list[int] = field(default_factory=list)
    #: Index of the next live draw.
    position: int = 0
    replacements_drawn: int = 0

    @classmethod
    def split(cls, rest: Sequence[int], dead_size: int) -> Wall:
        """A wall from the tiles left after the deal: the last ``dead_size`` become dead."""
        rest = list(rest)
        if dead_size:
            return cls(live=rest[:-dead_size], dead=rest[-dead_size:])
        return cls(live=rest)

    @property
    def live_remaining(self) -> int:
        return len(self.live) - self.position

    @property
    def replacements_left(self) -> int:
        if not self.dead:
            return 1 if self.live_remaining else 0
        return REPLACEMENTS - self.replacements_drawn

    def draw(self) -> int:
        position = self.position
        if position >= len(self.live):  # ``live_remaining`` inlined: a draw every turn
            raise IllegalAction("the live wall is exhausted")
        self.position = position + 1
        return self.live[position]

    def draw_replacement(self) -> int:
        if not self.dead:
            if self.live_remaining <= 0:
                raise IllegalAction("no tile is left for a replacement draw")
            return self.live.pop()
        if self.replacements_left <= 0:
            raise IllegalAction("the dead wall has no replacement tile left")
        tile = self.dead[REPLACEMENT_OFFSET + self.replacements_drawn]
        self.replacements_drawn += 1
        if self.live_remaining > 0:
            # Keep the dead wall at its size: one live tile crosses over.
            self.dead.append(self.live.pop())
        return tile

    def indicator(self, i: int) -> int:
        return self.dead[i]

    def ura_indicator(self, i: int) -> int:
        return self.dead[URA_OFFSET + i]

    def remaining_tiles(self) -> list[int]:
        """Every tile still in the wall (live not yet drawn plus the whole dead section)."""
        drawn_dead = set(range(REPLACEMENT_OFFSET, REPLACEMENT_OFFSET + self.replacements_drawn))
        dead = [t for i, t in enumerate(self.dead) if i not in drawn_dead]
        return self.live[self.position :] + dead
