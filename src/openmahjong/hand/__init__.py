"""Shape analysis shared by every ruleset: decompositions, shanten, waits, useful tiles.

Everything here is pure and works on platform tile codes (``openmahjong.tiles``) or on count
vectors of 34 in code order. The speed comes from per-suit tables (``distance``,
``suit_tables``, and ``part_tables`` for single calls) that fill lazily.
"""

from openmahjong.hand.batch import shanten_batch
from openmahjong.hand.decompose import Decomposition, decompositions
from openmahjong.hand.shanten import (
    ALL_FORMS,
    HONORS_AND_KNITTED,
    KNITTED_STRAIGHT,
    MCR_FORMS,
    REGULAR,
    RIICHI_FORMS,
    SEVEN_PAIRS,
    SICHUAN_FORMS,
    THIRTEEN_ORPHANS,
    shanten,
    shanten_after_discards,
    shanten_after_draws,
    shanten_by_form,
    shanten_counts,
)
from openmahjong.hand.useful import (
    DiscardOption,
    UsefulTile,
    discard_table,
    useful_tiles,
    wait_indices,
    waits,
)

__all__ = [
    "ALL_FORMS",
    "HONORS_AND_KNITTED",
    "KNITTED_STRAIGHT",
    "MCR_FORMS",
    "REGULAR",
    "RIICHI_FORMS",
    "SEVEN_PAIRS",
    "SICHUAN_FORMS",
    "THIRTEEN_ORPHANS",
    "Decomposition",
    "DiscardOption",
    "UsefulTile",
    "decompositions",
    "discard_table",
    "shanten",
    "shanten_after_discards",
    "shanten_after_draws",
    "shanten_batch",
    "shanten_by_form",
    "shanten_counts",
    "useful_tiles",
    "wait_indices",
    "waits",
]
