"""Scoring a Sichuan (Bloodshed Skirmish) win: one base yaku, bonus yaku, han capped at 6.

The rules are Mahjong Soul's room as ``../shared/seeds/mahjong-soul-special-rooms.txt`` gives
them (docs/sichuan-scoring.md):

* exactly one **base yaku**, the highest the hand qualifies for over every reading of it (four
  sets and a pair in every decomposition, or seven pairs); blessing of heaven and earth are base
  yaku the game passes as flags;
* **bonus yaku** stack: a root (根) per kind held four times across hand and melds, one less
  for the duplicate seven pairs (the duplicate is the base's own four), none for four quads;
  after a kan, dealing in after a kan, robbing a kan, under the sea;
* at most **6 han**; points by the seed's table, 1,000 at 1 han doubling to 32,000 at 6. The
  seed's formula line, ``1000 * 2 ^ Han``, says twice as much; its table is followed.

A win needs no tile of the seat's void suit and at most two suits. Every function takes
``rules`` (``fan_rules.ScoringRules``): what each yaku is worth and how han become points;
the default, ``MAJSOUL``, is the room described above, and ``fan_rules.chengdu(...)`` the
Chengdu fan ladder (points = base x 2^fans) of the ``chengdu-xuezhan`` preset.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from openmahjong import tiles as T
from openmahjong.hand.decompose import TRIPLET, raw_decompositions
from openmahjong.rules.sichuan.fan_rules import MAJSOUL, SELF_DRAW, ScoringRules
from openmahjong.rules.sichuan.yaku import BASE, BASE_TESTS, BONUS, Reading, Yaku
from openmahjong.table.seat import Meld

__all__ = [
    "Yaku",
    "ScoringRules",
    "MAJSOUL",
    "Win",
    "NotAWin",
    "POINTS",
    "MAX_HAN",
    "SUIT_LETTERS",
    "points_for",
    "score_win",
    "best_win",
    "waits",
]

MAX_HAN = 6
#: The seed's table (not its formula line, which doubles every value).
POINTS: dict[int, int] = {1: 1000, 2: 2000, 3: 4000, 4: 8000, 5: 16000, 6: 32000}
SUIT_LETTERS = ("m", "p", "s")
_SET_MELDS = {"pon": 3, "minkan": 4, "ankan": 4, "kakan": 4}


class NotAWin(ValueError):
    """The tiles are no Sichuan win (no winning shape, a void-suit tile, three suits...)."""


@dataclass(frozen=True)
class Win:
    """A scored win: the base yaku first, then the bonus yaku, and the points."""

    yaku: tuple[Yaku, ...]
    han: int  # capped at MAX_HAN (or the rules' cap)
    uncapped_han: int
    roots: int  # the roots counted (after the base's exceptions)
    total: int  # POINTS[han] (or the rules' points of han)

    @property
    def base(self) -> Yaku:
        return self.yaku[0]


def points_for(han: int) -> int:
    """The points of ``han`` han (more than 6 pays as 6)."""
    if han < 1:
        raise ValueError(f"a win has at least 1 han, not {han}")
    return POINTS[min(han, MAX_HAN)]


def _suit_letter(tile: int) -> str:
    return SUIT_LETTERS[T.suit(tile) - 1]


def _kinds(tiles: Sequence[int], what: str) -> list[int]:
    """Plain suited kinds of ``tiles``; honors, flowers and junk are refused."""
    found = []
    for tile in tiles:
        if not T.is_tile(tile):
            raise NotAWin(f"{what}: {tile!r} is not a tile")
        if not T.is_suited(tile):
            raise NotAWin(f"{what}: {T.format([tile])} is not used in Sichuan (suited tiles only)")
        found.append(T.kind(tile))
    return found


def _meld_kinds(meld: Meld) -> list[int]:
    size = _SET_MELDS.get(meld.kind)
    if size is None:
        raise NotAWin(f"meld {meld.kind}: Sichuan has pon and kans only (no chi)")
    kinds = _kinds(meld.tiles, f"meld {meld.kind}")
    if len(kinds) != size or len(set(kinds)) != 1:
        raise NotAWin(f"meld {meld.kind} {T.format(meld.tiles)}: needs {size} copies of one tile")
    return kinds


@dataclass(frozen=True)
class _Hand:
    """A checked hand: the concealed kinds with the winning tile, and the melds."""

    concealed: list[int]  # counts34 of the concealed tiles and the winning tile
    melds: tuple[tuple[int, bool], ...]  # (dense index, is a kan)
    physical: list[int]  # counts34 of every tile held, a kan counted as four
    flush: bool
    numbers: frozenset[int]


def _check_size(concealed: Sequence[int], melds: Sequence[Meld]) -> None:
    if len(melds) > 4:
        raise NotAWin(f"{len(melds)} melds: a hand has at most four")
    want = 13 - 3 * len(melds)
    if len(concealed) != want:
        raise NotAWin(
            f"the concealed hand has {len(concealed)} tiles; with {len(melds)} meld(s) it needs "
            f"{want} (not counting the winning tile)"
        )


def _read_hand(
    concealed: Sequence[int], melds: Sequence[Meld], win_tile: int, void: str | None
) -> _Hand:
    _check_size(concealed, melds)
    hand = _kinds([*concealed, win_tile], "hand")
    meld_kinds = [_meld_kinds(m) for m in melds]
    every = hand + [k for kinds in meld_kinds for k in kinds]
    physical = T.counts34(every)
    too_many = [T.ALL_KINDS[i] for i, n in enumerate(physical) if n > 4]
    if too_many:
        raise NotAWin(f"{T.format(too_many)}: more than four copies of a tile")
    suits = sorted({_suit_letter(k) for k in every}, key=SUIT_LETTERS.index)
    if void is not None:
        if void not in SUIT_LETTERS:
            raise ValueError(f"void {void!r}: choose m, p or s")
        held = sorted(k for k in every if _suit_letter(k) == void)
        if held:
            raise NotAWin(
                f"the hand holds {T.format(held)} of its void suit {void}: a win needs the "
                "void suit cleared"
            )
    if len(suits) == 3:
        raise NotAWin("the hand has tiles of all three suits (m, p and s): a win uses at most two")
    return _Hand(
        concealed=T.counts34(hand),
        melds=tuple((T.index34(kinds[0]), len(kinds) == 4) for kinds in meld_kinds),
        physical=physical,
        flush=len(suits) == 1,
        numbers=frozenset(T.number(k) for k in every),
    )


def _readings(hand: _Hand) -> list[Reading]:
    """Every reading of the hand: each decomposition into sets and a pair, and seven pairs."""
    meld_sets = tuple((TRIPLET, index) for index, _ in hand.melds)
    kans = sum(1 for _, kan in hand.melds if kan)
    melds, flush, numbers = len(hand.melds), hand.flush, hand.numbers
    found = [
        Reading(meld_sets + blocks, (pair,), melds, kans, flush, numbers)
        for pair, blocks in raw_decompositions(hand.concealed)
    ]
    if not hand.melds and all(n % 2 == 0 for n in hand.concealed):
        pairs = tuple(i for i, n in enumerate(hand.concealed) for _ in range(n // 2))
        found.append(Reading((), pairs, melds, kans, flush, numbers))
    return found


def _roots(hand: _Hand, base: str, rules: ScoringRules) -> int:
    if base in rules.no_roots or "root" in rules.off:
        return 0
    roots = sum(1 for n in hand.physical if n == 4)
    return max(0, roots - rules.roots_in_base.get(base, 0))


def _situational(
    *,
    tsumo: bool,
    after_kan: bool,
    kan_deal_in: bool,
    robbing_kan: bool,
    last_tile: bool,
    rules: ScoringRules = MAJSOUL,
) -> list[Yaku]:
    """The bonus yaku of the situation, with the flags checked against each other."""
    if after_kan and not tsumo:
        raise ValueError("after_kan (杠上开花) is a self-drawn win: pass tsumo=True")
    if (kan_deal_in or robbing_kan) and tsumo:
        raise ValueError("kan_deal_in and robbing_kan are wins on another seat's tile (not tsumo)")
    if kan_deal_in and robbing_kan:
        raise ValueError("a win cannot both rob a kan and take the discard after one")
    flags = {
        "after_kan": after_kan,
        "kan_deal_in": kan_deal_in,
        "robbing_kan": robbing_kan,
        "under_the_sea": last_tile,
    }
    return [rules.priced(BONUS[key]) for key, on in flags.items() if on and key not in rules.off]


def _blessing(heaven: bool, earth: bool, tsumo: bool, melds: Sequence[Meld]) -> str | None:
    if not (heaven or earth):
        return None
    if heaven and earth:
        raise ValueError("a win is blessed by heaven (dealer) or earth (non-dealer), not both")
    if not tsumo or melds:
        raise ValueError("blessings of heaven and earth are self-drawn wins without melds")
    return "heaven" if heaven else "earth"


def _win(
    base: str, roots: int, bonus: list[Yaku], rules: ScoringRules = MAJSOUL, tsumo: bool = False
) -> Win:
    entries = [rules.priced(BASE[base])]
    if roots:
        entries.append(replace(BONUS["root"], han=roots * rules.value(BONUS["root"])))
    entries += bonus
    blessed = rules.blessing_alone and base in ("heaven", "earth")
    if tsumo and rules.tsumo_fans and not blessed and SELF_DRAW.key not in rules.off:
        entries.append(replace(SELF_DRAW, han=rules.tsumo_fans))
    uncapped = sum(y.han for y in entries)
    han = rules.capped(uncapped)
    return Win(tuple(entries), han, uncapped, roots, rules.points(han))


_BASE_ORDER = {key: n for n, key in enumerate(BASE)}


def _rank(win: Win) -> tuple[int, int, int, int]:
    # The points first, then the named base (four quads over a single wait with four roots),
    # then the han before the cap; a tie goes to the base listed later (the purer one).
    return (win.han, win.base.han, win.uncapped_han, _BASE_ORDER[win.base.key])


def score_win(
    concealed: Sequence[int],
    melds: Sequence[Meld],
    win_tile: int,
    *,
    tsumo: bool,
    void: str | None = None,
    after_kan: bool = False,
    kan_deal_in: bool = False,
    robbing_kan: bool = False,
    last_tile: bool = False,
    heaven: bool = False,
    earth: bool = False,
    rules: ScoringRules = MAJSOUL,
) -> Win:
    """Score a win: ``concealed`` is the hand without ``win_tile`` (13 - 3 x melds tiles).

    Raises :class:`NotAWin` if the tiles are no winning shape, hold a tile of ``void`` or span
    three suits; ``ValueError`` for flags that contradict each other.
    """
    hand = _read_hand(concealed, melds, win_tile, void)
    bonus = _situational(
        tsumo=tsumo,
        after_kan=after_kan,
        kan_deal_in=kan_deal_in,
        robbing_kan=robbing_kan,
        last_tile=last_tile,
        rules=rules,
    )
    blessing = _blessing(heaven, earth, tsumo, melds)
    readings = _readings(hand)
    if not readings:
        held = T.format(sorted(T.kind(t) for t in [*concealed, win_tile]))
        raise NotAWin(
            f"{held} is no winning shape (four sets and a pair, or seven pairs, melds included)"
        )
    bases = {key for r in readings for key, test in BASE_TESTS.items() if test(r)}
    if blessing:
        bases.add(blessing)
    bases -= rules.off
    wins = [_win(key, _roots(hand, key, rules), bonus, rules, tsumo) for key in bases]
    return max(wins, key=_rank)


def _counts(concealed: Sequence[int], melds: Sequence[Meld]) -> tuple[list[int], list[int]]:
    """The concealed counts and every held tile's counts (kans as four), checked."""
    _check_size(concealed, melds)
    hand = T.counts34(_kinds(concealed, "hand"))
    held = list(hand)
    for meld in melds:
        for k in _meld_kinds(meld):
            held[T.index34(k)] += 1
    return hand, held


def _complete(counts: list[int], seven_pairs_allowed: bool) -> bool:
    if raw_decompositions(counts):
        return True
    return seven_pairs_allowed and all(n % 2 == 0 for n in counts)


def waits(concealed: Sequence[int], melds: Sequence[Meld]) -> list[int]:
    """The tile kinds that complete the hand's shape, ascending ([] when it is not ready).

    A kind already held four times (melds included) is no wait: no fifth copy exists. The void
    suit and the suit count are ``score_win``'s business, not the shape's.
    """
    hand, held = _counts(concealed, melds)
    found = []
    for i in range(27):
        near = any(hand[j] for j in range(max(i - 2, i - i % 9), min(i + 3, i - i % 9 + 9)))
        if not near or held[i] >= 4:
            continue
        hand[i] += 1
        if _complete(hand, not melds):
            found.append(T.ALL_KINDS[i])
        hand[i] -= 1
    return found


def best_win(
    concealed: Sequence[int],
    melds: Sequence[Meld],
    *,
    void: str | None = None,
    rules: ScoringRules = MAJSOUL,
) -> Win | None:
    """The highest win over every wait (takame) as a win on a discard, no situational yaku;
    ``None`` when no wait makes a win (not ready, or the void suit is still held)."""
    best: Win | None = None
    for tile in waits(concealed, melds):
        try:
            win = score_win(concealed, melds, tile, tsumo=False, void=void, rules=rules)
        except NotAWin:
            continue
        if best is None or _rank(win) > _rank(best):
            best = win
    return best
