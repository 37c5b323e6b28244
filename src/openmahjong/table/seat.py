"""Per-seat state: hand, melds, discard history, points, and the ruleset's own per-seat data."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from mypy_extensions import mypyc_attr

from openmahjong.tiles import kind

__all__ = ["Meld", "DiscardRecord", "SeatState", "seat_wind"]

MELD_KINDS = ("chi", "pon", "minkan", "ankan", "kakan")
KANS = ("minkan", "ankan", "kakan")
#: The seat winds from the dealer round: East, South, West, North.
_SEAT_WINDS = (41, 42, 43, 44)


def seat_wind(seat: int, dealer: int) -> int:
    """The wind of ``seat`` in a hand ``dealer`` deals (the dealer sits East)."""
    return _SEAT_WINDS[(seat - dealer) % 4]


# Plain Python classes even where this module is compiled (mypyc): a compiled frozen
# dataclass cannot be deep-copied (its state is restored through the blocked setattr), and
# rulesets' tests deep-copy melds and read discard records through ``vars()``.
@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class Meld:
    """``tiles`` holds every tile of the meld, the called one included."""

    kind: str
    tiles: tuple[int, ...]
    called_tile: int | None = None
    from_seat: int | None = None

    @property
    def is_kan(self) -> bool:
        return self.kind in KANS

    @property
    def is_open(self) -> bool:
        return self.kind != "ankan"


@mypyc_attr(native_class=False)
@dataclass
class DiscardRecord:
    tile: int
    tsumogiri: bool
    riichi: bool = False
    #: The seat that claimed this discard (by call or win); it stays in this history anyway.
    claimed_by: int | None = None


@dataclass
class SeatState:
    index: int
    hand: list[int]
    points: int
    melds: list[Meld] = field(default_factory=list)
    discards: list[DiscardRecord] = field(default_factory=list)
    #: The seat has won and sits out the rest of the hand (``Table.sit_out``).
    out: bool = False
    #: The ruleset's per-seat data (riichi flags, furiten, void suit, ...): ``None``, or an
    #: object with ``validate(seat)`` (assertions about it), which :meth:`validate` calls.
    extra: Any = None

    @property
    def is_closed(self) -> bool:
        return all(not m.is_open for m in self.melds)

    @property
    def kan_count(self) -> int:
        return sum(1 for m in self.melds if m.is_kan)

    def size(self) -> int:
        """Tiles counted the way a hand is sized: every meld as three."""
        return len(self.hand) + 3 * len(self.melds)

    def validate(self, hand_size: int = 13) -> None:
        """Raise ``AssertionError`` naming the first inconsistency (``hand_size``: the tiles a
        seat is dealt, 13 or Taiwan's 16)."""
        assert self.size() in (hand_size, hand_size + 1), (
            f"seat {self.index} holds {self.size()} tiles"
        )
        for m in self.melds:
            assert m.kind in MELD_KINDS, f"unknown meld kind {m.kind}"
            want = 4 if m.is_kan else 3
            assert len(m.tiles) == want, f"{m.kind} with {len(m.tiles)} tiles"
            kinds = sorted(kind(t) for t in m.tiles)
            if m.kind == "chi":
                assert kinds[0] + 1 == kinds[1] and kinds[1] + 1 == kinds[2] and kinds[0] < 40
            else:
                assert len(set(kinds)) == 1, f"{m.kind} of mixed kinds {kinds}"
        held = Counter(kind(t) for t in self.hand)
        for m in self.melds:
            held.update(kind(t) for t in m.tiles)
        assert max(held.values(), default=0) <= 4, f"seat {self.index} holds a fifth copy"
        if self.extra is not None:
            self.extra.validate(self)
