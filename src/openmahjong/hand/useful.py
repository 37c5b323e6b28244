"""Waits and useful tiles: the questions players ask of a hand.

* ``waits``: the tiles that complete a ready hand. A tile the hand already holds four of is
  never a wait (the riichi profile's "sole wait" rule: a fifth copy does not exist).
* ``useful_tiles``: for a waiting-size hand (13 - 3k tiles), the tiles that lower its shanten and
  how many copies remain unseen.
* ``discard_table``: for a hand that must discard (14 - 3k tiles), each discard with the shanten
  after it and its useful tiles, best first. This is the hand-analysis tool.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from struct import Struct

from openmahjong import tiles as _tiles
from openmahjong.hand.shanten import (
    REGULAR,
    RIICHI_FORMS,
    SEVEN_PAIRS,
    _check_forms,
    shanten_after_discards,
    shanten_after_draws,
    shanten_counts,
)

__all__ = ["UsefulTile", "DiscardOption", "wait_indices", "waits", "useful_tiles", "discard_table"]

_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


@dataclass(frozen=True)
class UsefulTile:
    tile: int
    remaining: int


@dataclass(frozen=True)
class DiscardOption:
    discard: int
    shanten: int
    useful: tuple[UsefulTile, ...] = field(default=())

    @property
    def total(self) -> int:
        """Unseen copies of all useful tiles together."""
        return sum(u.remaining for u in self.useful)


def _counts(tiles: Iterable[int], sizes: tuple[int, ...], what: str) -> list[int]:
    tile_list = [_tiles.validate(t) for t in tiles if not _tiles.is_flower(t)]
    _tiles.check_copies(tile_list)
    if len(tile_list) not in sizes:
        raise ValueError(f"{what} needs {' or '.join(map(str, sizes))} tiles; got {len(tile_list)}")
    return _tiles.counts34(tile_list)


def _forms(forms: Iterable[str]) -> Iterable[str]:
    return forms if forms is RIICHI_FORMS else _check_forms(forms)


def _after_each(
    counts: list[int], kinds: Iterable[int], forms: Iterable[str], step: int
) -> dict[int, int]:
    """``{kind: shanten}`` after one tile of each kind is drawn (``step`` +1; a kind held four
    times is left out: a fifth copy does not exist) or discarded (-1; the kinds are held)."""
    if step > 0:
        kinds = [i for i in kinds if counts[i] < 4]
    if forms is RIICHI_FORMS:
        return (shanten_after_draws if step > 0 else shanten_after_discards)(counts, kinds)
    out = {}
    for i in kinds:
        counts[i] += step
        out[i] = shanten_counts(counts, forms=forms)
        counts[i] -= step
    return out


def _improving(counts: list[int], target: int, forms: Iterable[str]) -> list[int]:
    """Kind indices whose addition brings the shanten down to ``target``."""
    return [i for i, s in _after_each(counts, range(34), forms, +1).items() if s <= target]


def _wait_candidates(counts: list[int], forms: Iterable[str]) -> Iterable[int]:
    """Kinds that could complete the hand: for sets, pairs and seven pairs only a held kind or
    a neighbour within two of one; thirteen orphans and the knitted forms may want any kind."""
    if forms is RIICHI_FORMS:
        return _riichi_candidates(counts)
    if set(forms) - {REGULAR, SEVEN_PAIRS}:
        return range(34)
    near: set[int] = set()
    for i, n in enumerate(counts):
        if n:
            near.add(i)
            if i < 27:
                base = i - i % 9
                near.update(j for j in (i - 2, i - 1, i + 1, i + 2) if base <= j < base + 9)
    return sorted(near)


#: Per suit, the part's counts (9 bytes) -> the dense indices held or within two of a held one
#: (ascending); and the honors' counts (7 bytes) -> the honors held. Bounded memos: the engine
#: asks for the waits of every new ready hand, and parts recur far more than hands.
_SUIT_NEAR: tuple[dict[bytes, tuple[int, ...]], ...] = ({}, {}, {})
_HONORS_HELD: dict[bytes, tuple[int, ...]] = {}
_NEAR_LIMIT = 50_000
_split_parts = Struct("9s9s9s7s").unpack


def _near_in_suit(part: bytes, base: int) -> tuple[int, ...]:
    near: set[int] = set()
    for position, n in enumerate(part):
        if n:
            near.update(j for j in range(position - 2, position + 3) if 0 <= j < 9)
    return tuple(base + j for j in sorted(near))


def _riichi_candidates(counts: Sequence[int]) -> Iterable[int]:
    """``_wait_candidates`` for the Riichi forms, read per part from the memos (the same kinds
    in the same ascending order, about a fifth of the cost of looking at all 34 counts)."""
    m, p, s, z = _split_parts(bytearray(counts))
    # Thirteen orphans wants any kind; it needs twelve kinds of terminals and honors, so at
    # least six of the seven honors (a byte count rules most hands out first).
    if z.count(0) <= 1 and sum(counts) >= 13 and sum(1 for i in _ORPHANS if counts[i]) >= 12:
        return range(34)
    out: list[int] = []
    for memo, part, base in zip(_SUIT_NEAR, (m, p, s), (0, 9, 18), strict=True):
        near = memo.get(part)
        if near is None:
            if len(memo) >= _NEAR_LIMIT:
                memo.clear()
            near = memo[part] = _near_in_suit(part, base)
        out.extend(near)
    honors = _HONORS_HELD.get(z)
    if honors is None:
        if len(_HONORS_HELD) >= _NEAR_LIMIT:
            _HONORS_HELD.clear()
        honors = _HONORS_HELD[z] = tuple(27 + j for j, n in enumerate(z) if n)
    out.extend(honors)
    return out


def wait_indices(counts: list[int], *, forms: Iterable[str] = RIICHI_FORMS) -> list[int]:
    """Dense indices of the kinds completing a 13 - 3k count vector ([] when not ready).

    A kind the hand holds four of is never a wait: its fifth copy does not exist.
    """
    if shanten_counts(counts, forms=forms) != 0:
        return []
    after = _after_each(counts, _wait_candidates(counts, forms), forms, +1)
    return [i for i, s in after.items() if s == -1]


def waits(tiles: Iterable[int], *, forms: Iterable[str] = RIICHI_FORMS) -> list[int]:
    """The tile kinds that complete a hand of 13 - 3k tiles ([] when it is not ready)."""
    forms = _forms(forms)
    counts = _counts(tiles, (13, 10, 7, 4, 1), "a waiting hand")
    return [_tiles.ALL_KINDS[i] for i in wait_indices(counts, forms=forms)]


def _unseen(index: int, counts: Sequence[int], visible: Sequence[int] | None) -> int:
    seen = visible[index] if visible is not None else 0
    return max(0, 4 - counts[index] - seen)


def useful_tiles(
    tiles: Iterable[int],
    *,
    visible: Iterable[int] = (),
    forms: Iterable[str] = RIICHI_FORMS,
) -> list[UsefulTile]:
    """Tiles that lower the shanten of a 13 - 3k tile hand, with copies not yet seen.

    ``visible`` are tiles the player can see outside this hand (discards, melds, dora
    indicators); they are subtracted from the remaining counts.
    """
    forms = _forms(forms)
    counts = _counts(tiles, (13, 10, 7, 4, 1), "useful tiles")
    seen = _tiles.counts34(visible)
    current = shanten_counts(counts, forms=forms)
    return [
        UsefulTile(_tiles.ALL_KINDS[i], _unseen(i, counts, seen))
        for i in _improving(counts, current - 1, forms)
    ]


def discard_table(
    tiles: Iterable[int],
    *,
    visible: Iterable[int] = (),
    forms: Iterable[str] = RIICHI_FORMS,
) -> list[DiscardOption]:
    """Each distinct discard of a 14 - 3k tile hand, best first.

    Best means lowest shanten after the discard, then most unseen useful tiles, then the
    lower tile code. A red five is offered as its own discard when the hand also holds plain
    fives, because the choice matters for dora.
    """
    forms = _forms(forms)
    tile_list = [t for t in tiles if not _tiles.is_flower(t)]
    counts = _counts(tile_list, (14, 11, 8, 5, 2), "a discard table")
    seen = _tiles.counts34(visible)
    options: list[DiscardOption] = []
    discards = sorted(set(tile_list), key=_tiles.sort_key)
    shanten_after = _after_each(counts, {_tiles.index34(t) for t in discards}, forms, -1)
    for discard in discards:
        i = _tiles.index34(discard)
        after = shanten_after[i]
        counts[i] -= 1
        improving = _improving(counts, after - 1, forms)
        counts[i] += 1
        # Remaining copies count against the whole 14-tile hand: the discard is seen too.
        useful = tuple(UsefulTile(_tiles.ALL_KINDS[j], _unseen(j, counts, seen)) for j in improving)
        options.append(DiscardOption(discard, after, useful))
    options.sort(key=lambda o: (o.shanten, -o.total, _tiles.sort_key(o.discard)))
    return options
