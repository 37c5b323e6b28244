"""Every reading of a winning hand: which shape it is and which wait the winning tile filled.

A reading fixes everything fu and the shape-dependent yaku need: the pair, the four sets (melds
included) with whether each is concealed, and the wait. One decomposition gives several readings
when the winning tile fits several places (``23444m`` + 4m: tanki or ryanmen/shanpon). A triplet
completed by a discard counts as open (its third tile came from another player).
"""

from __future__ import annotations

from typing import NamedTuple

from openmahjong.hand.decompose import SEQUENCE, TRIPLET, decompositions
from openmahjong.rules.riichi.hand import Hand, MeldSet

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
    sets: tuple[MeldSet, ...]  # four sets for a regular hand, empty otherwise
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
        pairs = 0
        for n in c:
            if n == 2:
                pairs += 1
            elif n:
                break
        else:
            if pairs == 7:
                out.append(Reading(CHIITOITSU, win, (), TANKI))
        orphans = [c[i] for i in TERMINALS_AND_HONORS]
        if all(orphans) and sum(orphans) == 14:
            pair = next(i for i in TERMINALS_AND_HONORS if c[i] == 2)
            out.append(Reading(KOKUSHI, pair, (), THIRTEEN_SIDED if pair == win else TANKI))
            return out
    melded = hand.melds
    for d in decompositions(c):
        own = [MeldSet(t, i, True, False) for t, i in d.sets]
        if d.pair == win:
            out.append(Reading(REGULAR, d.pair, tuple(own) + melded, TANKI))
        seen: set[tuple[int, int]] = set()
        for j, (t, i) in enumerate(d.sets):
            if t == TRIPLET:
                if i != win or (t, i) in seen:
                    continue
                seen.add((t, i))
                sets = own[:]
                sets[j] = MeldSet(TRIPLET, i, tsumo, False)
                out.append(Reading(REGULAR, d.pair, tuple(sets) + melded, SHANPON))
            elif t == SEQUENCE and i <= win <= i + 2:
                wait = _sequence_wait(i, win)
                if (wait, i) in seen:
                    continue
                seen.add((wait, i))
                out.append(Reading(REGULAR, d.pair, tuple(own) + melded, wait))
    return out
