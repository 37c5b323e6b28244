"""How long each piece of a tool request may be: far above any real hand, far below abuse.

The HTTP API and the commands validate their requests with these types before anything is
parsed, so an oversized field is refused at once (HTTP 422, exit status 2) whatever the parser
would have cost. docs/security.md lists every limit.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, StringConstraints

__all__ = [
    "HAND_CHARS",
    "VISIBLE_CHARS",
    "TILE_CHARS",
    "MELD_CHARS",
    "WORD_CHARS",
    "MAX_MELDS",
    "MAX_INDICATORS",
    "HandText",
    "VisibleText",
    "TileText",
    "MeldText",
    "Word",
    "Melds",
    "Indicators",
]

#: A hand: 14 tiles and 8 flowers with a suit letter and a space each is 66 characters.
HAND_CHARS = 128
#: Tiles seen elsewhere: a whole wall of 136, written one letter per tile, is 272.
VISIBLE_CHARS = 512
#: One tile (``4s``), or a few dora indicators written together (``3m5p``).
TILE_CHARS = 16
#: One meld: ``ankan:1111m`` is 11 characters.
MELD_CHARS = 32
#: Names of winds, rulesets and presets (``south``, ``majsoul``).
WORD_CHARS = 32
#: Four melds make a hand; five dora indicators (four kans) are the most a table shows.
MAX_MELDS = 4
MAX_INDICATORS = 8

HandText = Annotated[str, StringConstraints(max_length=HAND_CHARS)]
VisibleText = Annotated[str, StringConstraints(max_length=VISIBLE_CHARS)]
TileText = Annotated[str, StringConstraints(max_length=TILE_CHARS)]
MeldText = Annotated[str, StringConstraints(max_length=MELD_CHARS)]
Word = Annotated[str, StringConstraints(max_length=WORD_CHARS)]
Melds = Annotated[list[MeldText], Field(max_length=MAX_MELDS)]
Indicators = Annotated[list[TileText], Field(max_length=MAX_INDICATORS)]
