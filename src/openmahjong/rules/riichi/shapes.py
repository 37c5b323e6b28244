"""Every reading of a winning hand: which shape it is and which wait the winning tile filled.

A reading fixes everything fu and the shape-dependent yaku need: the pair, the four sets (melds
included) with whether each is concealed, and the wait. One decomposition gives several readings
when the winning tile fits several places (``23444m`` + 4m: tanki or ryanmen/shanpon). A triplet
completed by a discard counts as open (its third tile came from another player).
"""

from __future__ import annotations

from typing import NamedTuple

from openmahjong.hand.decompose import SEQUENCE, TRIPLET, raw_decompositions
from openmahjong.rules.riichi.hand import Hand

__all__ = [
    "REGULAR",
    "CHIITOITSU",
    "KOKUSHI",
    "TANKI",
    "SHANPON",
    "KANCHAN",
    "PENCHAN",
    "RYANMEN",
    "THIRTEEN_SIDED",
    "Reading",
    "readings",
    "TERMINALS_AND_HONORS",
]

REGULAR, CHIITOITSU, KOKUSHI = 0, 1, 2
TANKI, SHANPON, KANCHAN, PENCHAN, RYANMEN, THIRTEEN_SIDED = range(6)
WAIT_NAMES = ("tanki", "shanpon", "kanchan", "penchan", "ryanmen", "13-sided")

TERMINALS_AND_HONORS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


class Reading(NamedTuple):
    form: int
    pair: int  # index34, -1 for thirteen orphans
    # Four (type 0 triplet / 1 run, index, concealed, kan) for a regular hand, else empty.
    sets: tuple[tuple[int, int, bool, bool], ...]
    wait: int


def _sequence_wait(start: int, win: int) -> int:
    offset = start % 9
    if win == start + 1:
        return KANCHAN
    if win == start:
        return PENCHAN if offset == 6 else RYANMEN
    return PENCHAN if offset == 0 else RYANMEN


def readings(hand: Hand, tsumo: bool) -> list[Reading]:
    """All readings of the hand; empty when it is not a winning shape."""
    out: list[Reading] = []
    c = hand.concealed
    win = hand.win
    if not hand.melds:
        # 14 concealed tiles: seven distinct pairs leave nothing else.
        if c.count(2) == 7:
            out.append(Reading(CHIITOITSU, win, (), TANKI))
        # Thirteen orphans: exactly the 13 kinds present (21 absent), all of them orphans.
        elif c.count(0) == 21 and all(c[i] for i in TERMINALS_AND_HONORS):
            pair = next(i for i in TERMINALS_AND_HONORS if c[i] == 2)
            out.append(Reading(KOKUSHI, pair, (), THIRTEEN_SIDED if pair == win else TANKI))
            return out
    melded = hand.melds
    new = _new_reading
    for pair, blocks in raw_decompositions(c):
        # Sets are plain (type, index, concealed, kan) tuples; MeldSet has the same layout.
        own = tuple([_CONCEALED[b] for b in blocks]) + melded
        if pair == win:
            out.append(new(Reading, (REGULAR, pair, own, TANKI)))
        seen: list[tuple[int, int]] = []  # (wait, start) already read: identical sets read once
        for j, (t, i) in enumerate(blocks):
            if i > win or i + 2 < win:
                continue
            if t == SEQUENCE:
                wait = _sequence_wait(i, win)
                if seen and (wait, i) in seen:
                    continue
                seen.append((wait, i))
                out.append(new(Reading, (REGULAR, pair, own, wait)))
            elif i == win:
                if seen and (SHANPON, i) in seen:
                    continue
                seen.append((SHANPON, i))
                sets = list(own)
                sets[j] = (TRIPLET, i, tsumo, False)
                out.append(new(Reading, (REGULAR, pair, tuple(sets), SHANPON)))
    return out


_new_reading = tuple.__new__  # builds the named tuple without its Python-level __new__
# A concealed block as a set tuple, made once: (type, index) -> (type, index, True, False).
_CONCEALED = {(t, i): (t, i, True, False) for t in (TRIPLET, SEQUENCE) for i in range(34)}
