"""What a rule author declares: the tiles, the patterns, the minimum and the payments; and the
scorer that reads a winning hand with them (:func:`score_win`).

Scoring a hand (every reading of it, :func:`~openmahjong.rules.declarative.hand.win_contexts`):

1. every pattern whose ``test`` holds counts ``value`` times what the test returned (``True``
   is once; a number counts the pattern that many times: "10 points per dragon pung");
2. the counted patterns are taken from the highest points down: one that another counted
   pattern ``excludes`` is dropped, and of the patterns of one ``series`` only the first (the
   highest) is kept;
3. nothing counted: the declaration's ``fallback`` pattern, when it has one ("chicken hand");
4. the sum, capped at ``limit``, is the hand's points; the best reading wins (more points,
   then more patterns' points before the cap);
5. a win below ``minimum`` points, or one the declaration's ``accept`` refuses, is no win.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from openmahjong.rules.declarative.hand import FORMS, WinContext, win_contexts
from openmahjong.tiles import DRAGONS, FLOWERS, WINDS

__all__ = [
    "Names",
    "TileSet",
    "Pattern",
    "Counted",
    "Payment",
    "Share",
    "Limit",
    "Rotation",
    "Declaration",
    "ScoredWin",
    "NotAWin",
    "BelowMinimum",
    "score_win",
]

#: A text in several languages: ``{"en": ..., "zh": ..., "ja": ...}`` (en and zh at least).
Names = Mapping[str, str]
#: The cap on a hand's points: a number, or ``cap(raw, counted)`` (Zung Jung lets one
#: pattern worth more than its compound limit keep its value), or ``None``.
Limit = int | Callable[[int, tuple["Counted", ...]], int] | None
#: How the deal passes: after every hand; or the dealer keeps it on a win of its own; or on a
#: win of its own or a drawn hand.
Rotation = Literal["always", "dealer_wins", "dealer_wins_or_draw"]

_SUITS = {"m": 1, "p": 2, "s": 3}


class NotAWin(ValueError):
    """The tiles make no winning shape the declaration accepts."""


class BelowMinimum(NotAWin):
    """A winning shape worth less than the declaration's minimum."""


def _check_names(names: Names, what: str) -> None:
    missing = [lang for lang in ("en", "zh") if not names.get(lang)]
    if missing:
        raise ValueError(f"{what} needs a name in {' and '.join(missing)}")


@dataclass(frozen=True)
class TileSet:
    """The tiles of the wall: the suits (``"mps"``, any of them), winds, dragons, and the eight
    flowers. Four of each kind; hands are of 13 tiles, the dealer's of 14."""

    suits: str = "mps"
    winds: bool = True
    dragons: bool = True
    flowers: bool = False

    def __post_init__(self) -> None:
        if (
            not self.suits
            or any(s not in _SUITS for s in self.suits)
            or len(set(self.suits)) < len(self.suits)
        ):
            raise ValueError(f"suits is a selection of 'mps', not {self.suits!r}")

    @property
    def kinds(self) -> tuple[int, ...]:
        """The kinds in code order (four of each in the wall)."""
        suited = tuple(
            _SUITS[s] * 10 + n
            for s in sorted(self.suits, key=_SUITS.__getitem__)
            for n in range(1, 10)
        )
        return suited + (WINDS if self.winds else ()) + (DRAGONS if self.dragons else ())

    @property
    def extra(self) -> tuple[int, ...]:
        return FLOWERS if self.flowers else ()

    @property
    def size(self) -> int:
        return 4 * len(self.kinds) + len(self.extra)

    def describe(self) -> str:
        parts = [f"suits {self.suits}"]
        if self.winds:
            parts.append("winds")
        if self.dragons:
            parts.append("dragons")
        text = ", ".join(parts) + " x4 in code order"
        return text + (", then the eight flowers" if self.flowers else "")


@dataclass(frozen=True)
class Pattern:
    """One scoring pattern.

    ``key`` names it in records and i18n keys (``<ruleset>.pattern.<key>``); ``names`` in en
    and zh (ja too, if you have it); ``value`` its points (or fan); ``test(context)`` returns
    ``True`` / ``False`` or how many times it counts. ``series``: of the patterns sharing one,
    only the highest counts. ``excludes``: keys of patterns not counted beside this one.
    """

    key: str
    names: Names
    value: int
    test: Callable[[WinContext], bool | int]
    series: str | None = None
    excludes: tuple[str, ...] = ()
    #: One line on what the pattern is, for the docs and the calculator (optional).
    note: str = ""

    def __post_init__(self) -> None:
        if not self.key or not all(c.isalnum() or c in "_-" for c in self.key):
            raise ValueError(f"a pattern's key is letters, digits, _ and -: {self.key!r}")
        _check_names(self.names, f"pattern {self.key!r}")

    def times(self, context: WinContext) -> int:
        got = self.test(context)
        return int(got) if got else 0


@dataclass(frozen=True)
class Counted:
    """A pattern as a hand counted it: ``times`` over, for ``points`` in all."""

    pattern: Pattern
    times: int
    points: int

    @property
    def key(self) -> str:
        return self.pattern.key


#: A payer's share: a multiple of the base, or a function of the base.
Share = int | Callable[[int], int]


def _share(share: Share, base: int) -> int:
    return share(base) if callable(share) else share * base


@dataclass(frozen=True)
class Payment:
    """How a win is paid: ``base(points)`` is what the hand is worth to one payer (the points
    themselves unless you say). On a self-draw every other seat pays ``self_draw``; on a
    discard the discarder pays ``discarder`` and the two others ``others`` each. Each share is
    a multiple of the base, or a function of it (Zung Jung: the others pay at most 25, the
    discarder the rest of three times the value). Robbing a kong counts as a discard of the
    kong's declarer."""

    base: Callable[[int], int] = field(default=lambda points: points)
    self_draw: Share = 1
    discarder: Share = 1
    others: Share = 0

    def deltas(self, seats: int, winner: int, points: int, from_seat: int | None) -> list[int]:
        """Each seat's change for one win."""
        base = self.base(points)
        out = [0] * seats
        for s in range(seats):
            if s == winner:
                continue
            if from_seat is None:
                pay = _share(self.self_draw, base)
            elif s == from_seat:
                pay = _share(self.discarder, base)
            else:
                pay = _share(self.others, base)
            out[s] -= pay
            out[winner] += pay
        return out


@dataclass(frozen=True)
class ScoredWin:
    """A hand's best reading: the patterns counted, its points (capped at the limit) and the
    points before the cap."""

    points: int
    raw: int
    patterns: tuple[Counted, ...]
    context: WinContext

    def names(self, lang: str = "en") -> list[str]:
        return [c.pattern.names.get(lang) or c.pattern.names["en"] for c in self.patterns]


def _no_presets() -> Mapping[str, Mapping[str, Any]]:
    return {}


@dataclass(frozen=True)
class Declaration:
    """A whole ruleset as data: hand it to ``declare_ruleset``.

    ``name``: the registry name (lower case, digits and ``-``); ``names``: the ruleset's own
    name in en / zh / ja. ``patterns`` and ``fallback`` score a hand; ``forms`` are the winning
    shapes accepted; ``accept(context)`` may refuse a reading the shapes allow (the winning-hand
    checker beyond the shapes: "the pair must be 2, 5 or 8"). ``minimum``: the points a win
    needs; ``limit``: the cap (a number, a function ``cap(raw, counted)``, or ``None``);
    ``payment``: who pays what.

    The match: ``hands`` hands by default (the full preset), from ``starting_points`` each;
    the deal passes by ``rotation``. ``presets`` maps a preset name to option changes
    (``{"zungjung-east": {"hands": 4}}``); without it there are ``<name>-quick`` (4 hands)
    and ``<name>-full`` (``hands``). ``chow``: whether the next seat may chow a discard.
    """

    name: str
    names: Names
    patterns: Sequence[Pattern]
    tiles: TileSet = TileSet()
    forms: tuple[str, ...] = ("regular", "seven_pairs")
    four_in_seven_pairs: bool = False
    accept: Callable[[WinContext], bool] | None = None
    fallback: Pattern | None = None
    minimum: int = 0
    limit: Limit = None
    payment: Payment = Payment()
    hands: int = 16
    starting_points: int = 0
    rotation: Rotation = "always"
    chow: bool = True
    presets: Mapping[str, Mapping[str, Any]] = field(default_factory=_no_presets)
    standard_preset: str | None = None
    #: What the points are called: the i18n text of one total ("{n} points", "{n} fan").
    unit: Names = field(default_factory=lambda: {"en": "{n} points", "zh": "{n}分", "ja": "{n}点"})
    #: Where the rules come from (a URL or a book), shown in the docs and the client.
    source: str = ""

    def __post_init__(self) -> None:
        if not self.name or not all(c.islower() or c.isdigit() or c == "-" for c in self.name):
            raise ValueError(f"a ruleset name is lower-case letters, digits and -: {self.name!r}")
        _check_names(self.names, f"ruleset {self.name!r}")
        unknown = [f for f in self.forms if f not in FORMS]
        if unknown or not self.forms:
            raise ValueError(f"forms are among {', '.join(FORMS)}, not {unknown or self.forms}")
        keys = [p.key for p in self.all_patterns]
        doubled = sorted({k for k in keys if keys.count(k) > 1})
        if doubled:
            raise ValueError(f"two patterns share the key {', '.join(doubled)}")
        if self.hands < 1:
            raise ValueError("a match has at least one hand")

    @property
    def all_patterns(self) -> tuple[Pattern, ...]:
        return tuple(self.patterns) + ((self.fallback,) if self.fallback else ())

    def pattern(self, key: str) -> Pattern:
        for p in self.all_patterns:
            if p.key == key:
                return p
        raise KeyError(key)

    # ------------------------------------------------------------------ scoring
    def count(self, context: WinContext) -> tuple[tuple[Counted, ...], int]:
        """The patterns one reading counts (rules 1-3 of the module) and their points before
        the limit."""
        found = []
        for order, p in enumerate(self.patterns):
            n = p.times(context)
            if n:
                found.append((-(p.value * n), order, Counted(p, n, p.value * n)))
        found.sort(key=lambda f: (f[0], f[1]))
        kept: list[Counted] = []
        excluded: set[str] = set()
        series: set[str] = set()
        for _, _, c in found:
            p = c.pattern
            if p.key in excluded or (p.series is not None and p.series in series):
                continue
            kept.append(c)
            excluded.update(p.excludes)
            if p.series is not None:
                series.add(p.series)
        if not kept and self.fallback is not None:
            n = self.fallback.times(context) or 1
            kept.append(Counted(self.fallback, n, self.fallback.value * n))
        return tuple(kept), sum(c.points for c in kept)

    def capped(self, raw: int, counted: tuple[Counted, ...] = ()) -> int:
        """The points after the limit."""
        if self.limit is None:
            return raw
        if callable(self.limit):
            return self.limit(raw, counted)
        return min(raw, self.limit)

    def best(self, contexts: Sequence[WinContext]) -> ScoredWin | None:
        """The best-scoring reading among ``contexts`` that ``accept`` allows."""
        best: ScoredWin | None = None
        for context in contexts:
            if self.accept is not None and not self.accept(context):
                continue
            counted, raw = self.count(context)
            win = ScoredWin(self.capped(raw, counted), raw, counted, context)
            if best is None or (win.points, win.raw) > (best.points, best.raw):
                best = win
        return best


def score_win(
    declaration: Declaration,
    concealed: Sequence[int],
    melds: Sequence[tuple[str, Sequence[int]]],
    winning_tile: int,
    *,
    self_drawn: bool,
    **situation: Any,
) -> ScoredWin:
    """Score a win: ``concealed`` with the winning tile, ``melds`` as ``(kind, tiles)``;
    ``situation`` holds the rest of :class:`WinContext`'s facts (``robbing_kong``,
    ``after_kong``, ``last_tile``, ``heavenly``, ``earthly``, ``seat_wind``,
    ``prevalent_wind``, ``is_dealer``, ``flowers``). Raises :class:`NotAWin` or
    :class:`BelowMinimum`."""
    contexts = win_contexts(
        concealed,
        melds,
        winning_tile,
        self_drawn=self_drawn,
        forms=declaration.forms,
        four_in_seven_pairs=declaration.four_in_seven_pairs,
        wall_kinds=declaration.tiles.kinds,
        **situation,
    )
    if not contexts:
        raise NotAWin("the tiles make no winning shape")
    win = declaration.best(contexts)
    if win is None:
        raise NotAWin("the hand's shape is not accepted by this ruleset")
    if win.points < declaration.minimum:
        raise BelowMinimum(f"{win.points} points, below the minimum of {declaration.minimum}")
    return win
