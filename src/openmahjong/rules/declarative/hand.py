"""A winning hand as a declared ruleset's patterns see it: :class:`WinContext` and its
:class:`Group` s.

A complete hand may split into sets in several ways (``111222333m`` is three pungs or three
chows), and the winning tile may complete more than one of its groups (a pung or the pair, a
chow or another). :func:`win_contexts` lists every reading: one context per split and per group
the winning tile completes. The scorer scores each and keeps the best, as the rulebooks ask.

Tiles are the codes of :mod:`openmahjong.tiles` (11-19 characters, 21-29 dots, 31-39 bamboo,
41-44 the winds, 45-47 red, white, green; 51-58 flowers). A context holds kinds only: no red
fives.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from openmahjong.hand.decompose import TRIPLET, raw_decompositions
from openmahjong.tiles import (
    DRAGONS,
    WINDS,
    counts34,
    from_index34,
    is_honor,
    is_terminal,
    is_terminal_or_honor,
    kind,
)

__all__ = [
    "FORMS",
    "Form",
    "GroupKind",
    "Group",
    "WinContext",
    "win_contexts",
    "winning_shapes",
]

#: The winning shapes a declaration may accept.
Form = Literal["regular", "seven_pairs", "thirteen_orphans"]
FORMS: tuple[Form, ...] = ("regular", "seven_pairs", "thirteen_orphans")
GroupKind = Literal["chow", "pung", "kong", "pair"]

_ORPHANS = (11, 19, 21, 29, 31, 39, 41, 42, 43, 44, 45, 46, 47)
_MELD_KIND: dict[str, GroupKind] = {
    "chi": "chow",
    "pon": "pung",
    "minkan": "kong",
    "ankan": "kong",
    "kakan": "kong",
}


@dataclass(frozen=True)
class Group:
    """One set or the pair of a winning hand.

    ``tile`` is its lowest kind (a chow ``2m3m4m`` is ``12``). ``open``: a meld made from
    another player's discard (chow, pung, open or added kong). ``concealed``: not open, and
    not completed by the discard the hand wins on, which is how rulebooks count "concealed
    pungs" (a concealed kong is concealed; a pung the winning discard completes is not).
    ``melded``: declared on the table (open melds and concealed kongs). ``winning``: the group
    the winning tile completes in this reading.
    """

    kind: GroupKind
    tile: int
    open: bool = False
    concealed: bool = True
    melded: bool = False
    winning: bool = False

    @property
    def tiles(self) -> tuple[int, ...]:
        """Its tiles as kinds (four for a kong, two for the pair)."""
        if self.kind == "chow":
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * {"pung": 3, "kong": 4, "pair": 2}[self.kind]

    @property
    def is_set(self) -> bool:
        return self.kind != "pair"

    @property
    def is_pung(self) -> bool:
        """A pung or a kong (rulebooks count a kong as a pung of four)."""
        return self.kind in ("pung", "kong")

    @property
    def suit(self) -> int:
        """1 characters, 2 dots, 3 bamboo, 4 honors."""
        return self.tile // 10

    @property
    def number(self) -> int:
        """The number of its lowest tile (1-9; honors 1-7)."""
        return self.tile % 10

    @property
    def is_honor(self) -> bool:
        return is_honor(self.tile)

    @property
    def is_wind(self) -> bool:
        return self.tile in WINDS

    @property
    def is_dragon(self) -> bool:
        return self.tile in DRAGONS

    @property
    def has_terminal_or_honor(self) -> bool:
        """Holds a 1, a 9 or an honor (a chow 123 or 789, a pung of 1, 9 or an honor)."""
        return any(is_terminal_or_honor(t) for t in self.tiles)

    @property
    def is_terminal(self) -> bool:
        """A pung, kong or pair of 1s or 9s."""
        return self.kind != "chow" and is_terminal(self.tile)


@dataclass(frozen=True)
class WinContext:
    """Everything a pattern's predicate may ask of one reading of a winning hand.

    ``groups`` are the sets and the pair of a regular hand (the declared melds among them,
    ``melded``), the seven pairs of ``seven_pairs``, nothing for ``thirteen_orphans``.
    ``concealed_tiles`` is the hand's concealed part with the winning tile; ``tiles`` every
    tile of the hand (a kong's four) as kinds.
    """

    form: Form
    groups: tuple[Group, ...]
    concealed_tiles: tuple[int, ...]
    tiles: tuple[int, ...]
    winning_tile: int
    self_drawn: bool
    #: Won on the tile another player added to a pung (robbing a kong).
    robbing_kong: bool = False
    #: Won on a kong's replacement tile.
    after_kong: bool = False
    #: Won on the last tile of the wall (self-drawn) or on the discard after it.
    last_tile: bool = False
    #: The dealer won on the dealt hand (before any discard).
    heavenly: bool = False
    #: A player other than the dealer won in the first go-around, before any call.
    earthly: bool = False
    seat_wind: int = 41
    prevalent_wind: int = 41
    is_dealer: bool = False
    flowers: tuple[int, ...] = ()
    #: The kinds of the wall: a pattern may ask which exist (no honors in a suits-only game).
    wall_kinds: tuple[int, ...] = field(default=(), compare=False)

    # ------------------------------------------------------------------ groups
    @property
    def sets(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.is_set)

    @property
    def pair(self) -> Group | None:
        """The pair of a regular hand (``None`` for the irregular forms)."""
        if self.form != "regular":
            return None
        return next((g for g in self.groups if g.kind == "pair"), None)

    @property
    def pairs(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.kind == "pair")

    @property
    def chows(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.kind == "chow")

    @property
    def pungs(self) -> tuple[Group, ...]:
        """Pungs and kongs."""
        return tuple(g for g in self.groups if g.is_pung)

    @property
    def kongs(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.kind == "kong")

    @property
    def concealed_pungs(self) -> tuple[Group, ...]:
        """Pungs and kongs neither claimed nor completed by the winning discard."""
        return tuple(g for g in self.groups if g.is_pung and g.concealed)

    @property
    def melds(self) -> tuple[Group, ...]:
        """The declared melds (open ones and concealed kongs)."""
        return tuple(g for g in self.groups if g.melded)

    @property
    def is_concealed(self) -> bool:
        """No meld claimed from a discard (concealed kongs are allowed)."""
        return not any(g.open for g in self.groups)

    @property
    def winning_group(self) -> Group | None:
        return next((g for g in self.groups if g.winning), None)

    # ------------------------------------------------------------------ tiles
    @property
    def suits(self) -> frozenset[int]:
        """The suits (1, 2, 3) the hand's number tiles are of."""
        return frozenset(t // 10 for t in self.tiles if t < 40)

    @property
    def has_honors(self) -> bool:
        return any(t > 40 for t in self.tiles)

    def count(self, tile: int) -> int:
        """Copies of ``tile``'s kind in the hand (a kong's four included)."""
        k = kind(tile)
        return sum(1 for t in self.tiles if t == k)

    @property
    def value_winds(self) -> tuple[int, ...]:
        """The seat wind and the prevalent wind (one entry when they are the same)."""
        if self.seat_wind == self.prevalent_wind:
            return (self.seat_wind,)
        return (self.seat_wind, self.prevalent_wind)


# ---------------------------------------------------------------------- building contexts


@dataclass(frozen=True)
class _Facts:
    winning_tile: int
    self_drawn: bool
    robbing_kong: bool
    after_kong: bool
    last_tile: bool
    heavenly: bool
    earthly: bool
    seat_wind: int
    prevalent_wind: int
    is_dealer: bool
    flowers: tuple[int, ...]
    wall_kinds: tuple[int, ...]


def _meld_group(meld_kind: str, tiles: Sequence[int]) -> Group:
    g = _MELD_KIND.get(meld_kind)
    if g is None:
        raise ValueError(f"unknown meld kind {meld_kind!r}: one of {', '.join(_MELD_KIND)}")
    low = min(kind(t) for t in tiles)
    is_open = meld_kind != "ankan"
    return Group(g, low, open=is_open, concealed=not is_open, melded=True)


def winning_shapes(
    concealed: Sequence[int],
    melds: int = 0,
    forms: Iterable[str] = FORMS,
    *,
    four_in_seven_pairs: bool = False,
) -> list[tuple[Form, tuple[tuple[GroupKind, int], ...]]]:
    """Every way ``concealed`` (3k + 2 tiles, ``melds`` melds beside it) completes one of
    ``forms``: ``(form, ((group kind, lowest kind), ...))``; empty when it completes none."""
    kinds = [kind(t) for t in concealed]
    if any(k > 50 for k in kinds):
        return []
    counts = counts34(kinds)
    out: list[tuple[Form, tuple[tuple[GroupKind, int], ...]]] = []
    forms = tuple(forms)
    if "regular" in forms and len(kinds) % 3 == 2:
        for pair, sets in raw_decompositions(counts):
            groups: list[tuple[GroupKind, int]] = [("pair", from_index34(pair))]
            groups.extend(
                ("pung" if t == TRIPLET else "chow", from_index34(i)) for t, i in sorted(sets)
            )
            out.append(("regular", tuple(groups)))
    if melds == 0 and len(kinds) == 14:
        if "seven_pairs" in forms and all(n in (0, 2, 4) for n in counts):
            distinct = sum(1 for n in counts if n)
            if distinct == 7 or (four_in_seven_pairs and all(n % 2 == 0 for n in counts)):
                pairs: list[tuple[GroupKind, int]] = []
                for i, n in enumerate(counts):
                    pairs.extend([("pair", from_index34(i))] * (n // 2))
                out.append(("seven_pairs", tuple(pairs)))
        if "thirteen_orphans" in forms and sorted(set(kinds)) == list(_ORPHANS):
            out.append(("thirteen_orphans", ()))
    return out


def win_contexts(
    concealed: Sequence[int],
    melds: Sequence[tuple[str, Sequence[int]]],
    winning_tile: int,
    *,
    self_drawn: bool,
    forms: Iterable[str] = FORMS,
    four_in_seven_pairs: bool = False,
    robbing_kong: bool = False,
    after_kong: bool = False,
    last_tile: bool = False,
    heavenly: bool = False,
    earthly: bool = False,
    seat_wind: int = 41,
    prevalent_wind: int = 41,
    is_dealer: bool = False,
    flowers: Sequence[int] = (),
    wall_kinds: Sequence[int] = (),
) -> list[WinContext]:
    """Every reading of a winning hand: ``concealed`` holds the concealed tiles with the
    winning tile, ``melds`` the declared melds as ``(kind, tiles)`` with the table's kinds
    (``chi``, ``pon``, ``minkan``, ``ankan``, ``kakan``). Empty when the tiles win in no
    declared form."""
    win = kind(winning_tile)
    facts = _Facts(
        win,
        self_drawn,
        robbing_kong,
        after_kong,
        last_tile,
        heavenly,
        earthly,
        seat_wind,
        prevalent_wind,
        is_dealer,
        tuple(flowers),
        tuple(wall_kinds),
    )
    meld_groups = tuple(_meld_group(k, ts) for k, ts in melds)
    hand = tuple(sorted(kind(t) for t in concealed))
    every = tuple(sorted(hand + tuple(t for g in meld_groups for t in g.tiles)))
    out: list[WinContext] = []
    seen: set[tuple[Form, tuple[Group, ...]]] = set()
    for form, shape in winning_shapes(
        hand, len(meld_groups), forms, four_in_seven_pairs=four_in_seven_pairs
    ):
        # The groups the winning tile may have completed, once per distinct group.
        targets = sorted({i for i, (_g, low) in enumerate(shape) if win in _tiles_of(shape[i])})
        if not targets:
            targets = [-1]  # thirteen orphans: no groups
        distinct: set[tuple[GroupKind, int]] = set()
        for i in targets:
            if i >= 0 and shape[i] in distinct:
                continue
            if i >= 0:
                distinct.add(shape[i])
            groups = []
            for j, (g, low) in enumerate(shape):
                completed_by_discard = j == i and not self_drawn
                groups.append(
                    Group(
                        g,
                        low,
                        open=False,
                        concealed=not completed_by_discard,
                        melded=False,
                        winning=j == i,
                    )
                )
            all_groups = tuple(groups) + meld_groups
            key = (form, all_groups)
            if key in seen:
                continue
            seen.add(key)
            out.append(
                WinContext(
                    form=form,
                    groups=all_groups,
                    concealed_tiles=hand,
                    tiles=every,
                    **vars(facts),
                )
            )
    return out


def _tiles_of(group: tuple[GroupKind, int]) -> tuple[int, ...]:
    g, low = group
    if g == "chow":
        return (low, low + 1, low + 2)
    return (low,)
