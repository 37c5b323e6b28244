"""Sichuan shapes: how far a hand is from winning when one suit is void.

A Sichuan hand wins with sets and a pair or with seven pairs, in two suits at most, holding no
tile of its void suit. Tiles of the void suit are dead weight here: each must be discarded and
replaced, so they count as tiles still lacking, never as parts of a set. Seven pairs follow
Sichuan's rule that four of a kind are two pairs (the dragon seven pairs), unlike Riichi's.

The regular form reads the shared distance tables (``hand.distance``); seven pairs and the
single-suit (flush) targets are arithmetic on the same 34 counts. Everything is pure.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openmahjong.hand.distance import (
    COMBINED,
    VECTORS,
    combine,
    honor_id,
    regular_distance,
    suit_class_id,
    suit_code,
)

__all__ = [
    "SUITS",
    "SichuanDiscard",
    "suit_index",
    "without_suit",
    "regular_shanten",
    "seven_pairs_shanten",
    "shanten",
    "improving",
    "wait_kinds",
    "discard_options",
]

#: Suit letters by suit index (34-index // 9).
SUITS = "mps"


def suit_index(letter: str | None) -> int | None:
    """0, 1 or 2 for "m", "p", "s"; None for None; ValueError for anything else."""
    if letter is None:
        return None
    if letter not in ("m", "p", "s"):
        raise ValueError(f"a void suit is m, p or s; got {letter!r}")
    return SUITS.index(letter)


def without_suit(counts: Sequence[int], suit: int | None) -> list[int]:
    """The counts with one suit's nine kinds emptied (``suit`` None: a copy)."""
    out = list(counts)
    if suit is not None:
        for i in range(9 * suit, 9 * suit + 9):
            out[i] = 0
    return out


def regular_shanten(counts: Sequence[int], melds: int, void: int | None = None) -> int:
    """Sets-and-a-pair shanten of the concealed ``counts`` (13 - 3 * melds tiles, or 14 - ...),
    the void suit's tiles counted as tiles to replace."""
    live = without_suit(counts, void)
    return regular_distance(bytes(live), 4 - melds) - 1


def seven_pairs_shanten(counts: Sequence[int], melds: int, void: int | None = None) -> int:
    """Seven pairs shanten (99 with a meld); four of a kind are two pairs."""
    if melds:
        return 99
    pairs = singles = 0
    for i, n in enumerate(counts):
        if n and (void is None or i // 9 != void):
            pairs += n >> 1
            singles += n & 1
    missing = 7 - pairs
    return missing + max(0, missing - singles) - 1


def shanten(counts: Sequence[int], melds: int, void: int | None = None) -> int:
    """The lower of the two forms' shanten (-1: a complete hand of 14 - 3k tiles)."""
    regular = regular_shanten(counts, melds, void)
    pairs = seven_pairs_shanten(counts, melds, void)
    return regular if regular < pairs else pairs


def _live_kinds(void: int | None, suits: Sequence[int] | None = None) -> list[int]:
    chosen = [s for s in (suits if suits is not None else (0, 1, 2)) if s != void]
    return [i for s in chosen for i in range(9 * s, 9 * s + 9)]


#: Base-5 place value of each position of a suit's code (``distance.suit_code``).
_PLACE = tuple(5 ** (8 - p) for p in range(9))
_MEMO: dict[tuple[bytes, int, int], tuple[int, list[int]]] = {}
_MEMO_LIMIT = 100_000


def improving(counts: list[int], melds: int, void: int | None = None) -> tuple[int, list[int]]:
    """``(shanten, kinds)`` of a 13 - 3k tile hand: the live kinds whose draw lowers it.

    One more tile changes one suit, so each suit's base-5 code is read once and a draw adds a
    place value to it (the regular form's distance vector then comes from the shared tables);
    seven pairs only need the pair and single counts. Answers are remembered by the counts.
    """
    key = (bytes(counts), melds, -1 if void is None else void)
    found = _MEMO.get(key)
    if found is None:
        found = _improving(counts, melds, void)
        if len(_MEMO) >= _MEMO_LIMIT:
            _MEMO.clear()
        _MEMO[key] = found
    return found[0], list(found[1])


def _improving(counts: list[int], melds: int, void: int | None) -> tuple[int, list[int]]:
    honors = honor_id(bytes(7))
    codes = [0 if s == void else suit_code(bytes(counts[9 * s : 9 * s + 9])) for s in range(3)]
    ids = [suit_class_id(c) for c in codes]
    slot = 2 * (4 - melds) + 1
    regular = VECTORS[combine(combine(ids[0], ids[1]), combine(ids[2], honors))][slot] - 1
    pairs = singles = 0
    for s in range(3):
        if s != void:
            for n in counts[9 * s : 9 * s + 9]:
                pairs += n >> 1
                singles += n & 1
    closed = melds == 0
    now = regular
    if closed:
        missing = 7 - pairs
        now = min(now, missing + max(0, missing - singles) - 1)
    better = []
    for s in range(3):
        if s == void:
            continue
        a, b = (k for k in range(3) if k != s)
        rest = combine(combine(ids[a], ids[b]), honors)
        code = codes[s]
        for p in range(9):
            i = 9 * s + p
            n = counts[i]
            if n >= 4:
                continue
            grown = suit_class_id(code + _PLACE[p])
            try:  # the memoised merge, read directly (a call per kind is most of the cost)
                merged = COMBINED[grown][rest]
            except KeyError:
                merged = combine(grown, rest)
            after = VECTORS[merged][slot] - 1
            if closed and after >= now:
                missing = 7 - pairs - (n & 1)
                left = singles - 1 if n & 1 else singles + 1
                pairs_after = missing + max(0, missing - left) - 1
                after = min(after, pairs_after)
            if after < now:
                better.append(i)
    return now, better


def wait_kinds(counts: list[int], melds: int, void: int | None = None) -> list[int]:
    """The kinds completing a ready 13 - 3k tile hand ([] when not ready or void tiles held)."""
    now, kinds = improving(counts, melds, void)
    return kinds if now == 0 else []


@dataclass(frozen=True)
class SichuanDiscard:
    """One discard of a 14 - 3k tile hand and what it leaves."""

    kind: int  # 34-index
    shanten: int
    useful: tuple[int, ...]  # 34-indices that lower the shanten afterwards
    remaining: int  # unseen copies of those
    void: bool  # the discard is a void-suit tile


def discard_options(
    counts: list[int],
    melds: int,
    void: int | None = None,
    seen: Sequence[int] | None = None,
) -> list[SichuanDiscard]:
    """Every distinct discard of a 14 - 3k tile hand, best first: void-suit tiles before all
    others (they must go), then lower shanten, more unseen useful tiles, the lower kind."""
    options = []
    for i, n in enumerate(counts):
        if not n:
            continue
        counts[i] -= 1
        after, kinds = improving(counts, melds, void)
        counts[i] += 1
        # Counted against the whole hand: the discarded copy is seen by everyone afterwards.
        remaining = sum(max(0, 4 - counts[j] - (seen[j] if seen else 0)) for j in kinds)
        is_void = void is not None and i // 9 == void
        options.append(SichuanDiscard(i, after, tuple(kinds), remaining, is_void))
    options.sort(key=lambda o: (not o.void, o.shanten, -o.remaining, o.kind))
    return options
