"""Waits and useful tiles: the questions players ask of a hand.

* ``waits``: the tiles that complete a ready hand. A tile the hand already holds four of is
  never a wait (the riichi profile's "sole wait" rule: a fifth copy does not exist).
* ``useful_tiles``: for a waiting-size hand (13 - 3k tiles), the tiles that lower its shanten and
  how many copies remain unseen.
* ``discard_table``: for a hand that must discard (14 - 3k tiles), each discard with the shanten
  after it and its useful tiles, best first. This is the hand-analysis tool.

Over the Riichi forms every answer comes from the useful-tiles engine the bots use
(``hand.improving``). Other sets of forms (MCR's knitted forms, Sichuan's) try each kind with
``shanten_counts``, the definition the engine is tested against.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from openmahjong import tiles as _tiles
from openmahjong.hand.improving import TurnShape, improving, improving_kinds
from openmahjong.hand.shanten import (
    REGULAR,
    RIICHI_FORMS,
    SEVEN_PAIRS,
    _check_forms,
    shanten_counts,
)

__all__ = ["UsefulTile", "DiscardOption", "wait_indices", "waits", "useful_tiles", "discard_table"]


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


def _counts(
    tiles: Iterable[int], sizes: tuple[int, ...], what: str, forms: Iterable[str]
) -> list[int]:
    if tuple(forms) == (REGULAR,):
        sizes = (sizes[0] + 3, *sizes)  # five sets and a pair (Taiwan's 16 tiles)
    tile_list = [_tiles.validate(t) for t in tiles if not _tiles.is_flower(t)]
    _tiles.check_copies(tile_list)
    if len(tile_list) not in sizes:
        raise ValueError(f"{what} needs {' or '.join(map(str, sizes))} tiles; got {len(tile_list)}")
    return _tiles.counts34(tile_list)


def _forms(forms: Iterable[str]) -> Iterable[str]:
    """The forms checked; ``RIICHI_FORMS`` itself for the Riichi forms in any order, so that the
    engine answers for them (the functions below test ``forms is RIICHI_FORMS``)."""
    if forms is RIICHI_FORMS:
        return forms
    checked = _check_forms(forms)
    return RIICHI_FORMS if set(checked) == set(RIICHI_FORMS) else checked


def _after_each(
    counts: list[int], kinds: Iterable[int], forms: Iterable[str], step: int
) -> dict[int, int]:
    """``{kind: shanten}`` over ``forms`` after one tile of each kind is drawn (``step`` +1; a
    kind held four times is left out: a fifth copy does not exist) or discarded (-1; the kinds
    are held), trying each one."""
    if step > 0:
        kinds = [i for i in kinds if counts[i] < 4]
    out = {}
    for i in kinds:
        counts[i] += step
        out[i] = shanten_counts(counts, forms=forms)
        counts[i] -= step
    return out


def _improving(counts: list[int], current: int, forms: Iterable[str]) -> Sequence[int]:
    """Kind indices whose addition brings the shanten (``current``) lower, ascending."""
    if forms is RIICHI_FORMS:
        return improving_kinds(counts, current)
    return [i for i, s in _after_each(counts, range(34), forms, +1).items() if s < current]


def _wait_candidates(counts: list[int], forms: Iterable[str]) -> Iterable[int]:
    """Kinds that could complete the hand: for sets, pairs and seven pairs only a held kind or
    a neighbour within two of one; thirteen orphans and the knitted forms may want any kind."""
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


def wait_indices(counts: list[int], *, forms: Iterable[str] = RIICHI_FORMS) -> list[int]:
    """Dense indices of the kinds completing a 13 - 3k count vector ([] when not ready).

    A kind the hand holds four of is never a wait: its fifth copy does not exist.
    """
    if shanten_counts(counts, forms=forms) != 0:
        return []
    if forms is RIICHI_FORMS:
        return list(improving_kinds(counts, 0))
    after = _after_each(counts, _wait_candidates(counts, forms), forms, +1)
    return [i for i, s in after.items() if s == -1]


def waits(tiles: Iterable[int], *, forms: Iterable[str] = RIICHI_FORMS) -> list[int]:
    """The tile kinds that complete a hand of 13 - 3k tiles ([] when it is not ready)."""
    forms = _forms(forms)
    counts = _counts(tiles, (13, 10, 7, 4, 1), "a waiting hand", forms)
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
    counts = _counts(tiles, (13, 10, 7, 4, 1), "useful tiles", forms)
    seen = _tiles.counts34(visible)
    kinds: Sequence[int]
    if forms is RIICHI_FORMS:
        kinds = improving(counts)[1]  # remembered by the counts, as the bots ask
    else:
        kinds = _improving(counts, shanten_counts(counts, forms=forms), forms)
    return [UsefulTile(_tiles.ALL_KINDS[i], _unseen(i, counts, seen)) for i in kinds]


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
    counts = _counts(tile_list, (14, 11, 8, 5, 2), "a discard table", forms)
    seen = _tiles.counts34(visible)
    options: list[DiscardOption] = []
    discards = sorted(set(tile_list), key=_tiles.sort_key)
    shanten_after, improving_after = _discards(counts, {_tiles.index34(t) for t in discards}, forms)
    for discard in discards:
        i = _tiles.index34(discard)
        after = shanten_after[i]
        # Remaining copies count against the whole 14-tile hand: the discard is seen too.
        useful = tuple(
            UsefulTile(_tiles.ALL_KINDS[j], _unseen(j, counts, seen))
            for j in improving_after(i, after)
        )
        options.append(DiscardOption(discard, after, useful))
    options.sort(key=lambda o: (o.shanten, -o.total, _tiles.sort_key(o.discard)))
    return options


def _discards(
    counts: list[int], kinds: Iterable[int], forms: Iterable[str]
) -> tuple[dict[int, int], Callable[[int, int], Sequence[int]]]:
    """For a hand that must discard: ``{kind: shanten after discarding it}`` for ``kinds``, and
    a function giving the kinds that then lower that shanten (the discard and its shanten)."""
    if forms is RIICHI_FORMS:
        turn = TurnShape(counts)  # the hand split into its parts once, for every discard
        return turn.shanten_after(kinds), turn.improving_after

    def improving_after(i: int, current: int) -> Sequence[int]:
        counts[i] -= 1
        try:
            return _improving(counts, current, forms)
        finally:
            counts[i] += 1

    return _after_each(counts, kinds, forms, -1), improving_after
