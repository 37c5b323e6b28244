"""Taiwan 16-tile scoring: the 台 (tai) of one win, and what each loser pays for it.

A win is five sets and a pair: 17 tiles, kongs counted as three. :func:`score_win` reads the
hand every way it can be split into sets and a pair (and, on a discard, every set the winning
tile may have completed), counts the tai of each reading and keeps the best. Each tai is one
small function of a :class:`Hand` (the reading, the melds, the situation) returning how many
times it applies; :data:`SUPERSEDES` says which tai another one replaces (門清自摸 replaces 門清
and 自摸, 大三元 the dragon pungs, ...). The values are the common Taiwanese table (see
``docs/taiwan.md`` for the sources and the choices made where they differ).

The dealer's tai (莊家 1, and 連莊拉莊 2 per repeat: 2n + 1 in all after n repeats) is not part
of the hand: it is owed between the dealer and whoever pays or is paid by the dealer, so
:func:`payments` adds it per payer. A payer pays ``base + tai * per_tai``.

The two flower wins (八仙過海: all eight flowers; 七搶一: seven flowers, robbing the eighth
from the player who drew it) are not hands of sets: :func:`flower_win` scores them alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from openmahjong.tiles import (
    ALL_KINDS,
    DRAGONS,
    EAST,
    FLOWERS,
    WINDS,
    index34,
    is_flower,
    is_honor,
    kind,
    number,
    suit,
)

__all__ = [
    "TAI",
    "SUPERSEDES",
    "DETECTORS",
    "Tai",
    "SetReading",
    "Reading",
    "Situation",
    "Hand",
    "TaiwanWin",
    "NotAWin",
    "readings",
    "is_winning",
    "waits",
    "score_win",
    "flower_win",
    "dealer_tai",
    "payments",
    "SEASONS",
    "PLANTS",
]

#: key -> (Chinese, English, tai). The order is the order a win lists them in.
TAI: dict[str, tuple[str, str, int]] = {
    "heavenly": ("天胡", "Heavenly hand", 24),
    "earthly": ("地胡", "Earthly hand", 16),
    "human": ("人胡", "Human hand", 8),
    "big_four_winds": ("大四喜", "Big four winds", 16),
    "all_honors": ("字一色", "All honours", 16),
    "eight_flowers": ("八仙過海", "Eight immortals cross the sea", 8),
    "seven_rob_one": ("七搶一", "Seven robs one", 8),
    "five_concealed": ("五暗刻", "Five concealed pungs", 8),
    "big_three_dragons": ("大三元", "Big three dragons", 8),
    "little_four_winds": ("小四喜", "Little four winds", 8),
    "full_flush": ("清一色", "Full flush", 8),
    "four_concealed": ("四暗刻", "Four concealed pungs", 5),
    "all_pungs": ("碰碰胡", "All pungs", 4),
    "half_flush": ("混一色", "Half flush", 4),
    "little_three_dragons": ("小三元", "Little three dragons", 4),
    "three_concealed": ("三暗刻", "Three concealed pungs", 2),
    "all_chows": ("平胡", "All chows", 2),
    "all_melded": ("全求人", "All melded", 2),
    "flower_set": ("花槓", "A set of four flowers", 2),
    "concealed_self_draw": ("門清自摸", "Concealed self-draw", 3),
    "self_draw": ("自摸", "Self-draw", 1),
    "concealed": ("門清", "Concealed hand", 1),
    "single_wait": ("獨聽", "Single wait", 1),
    "prevalent_wind": ("圈風", "Prevalent wind pung", 1),
    "seat_wind": ("門風", "Seat wind pung", 1),
    "dragon": ("三元牌", "Dragon pung", 1),
    "seat_flower": ("正花", "Seat flower", 1),
    "last_tile_draw": ("海底撈月", "Last tile self-drawn", 1),
    "last_tile_claim": ("河底撈魚", "Last discard", 1),
    "replacement": ("槓上開花", "Win on a replacement tile", 1),
    "robbing_kong": ("搶槓", "Robbing a kong", 1),
    "dealer": ("莊家", "Dealer", 1),
    "continuation": ("連莊拉莊", "Dealer's repeats", 2),
}

#: A tai that applies takes the place of these (they are not counted beside it).
SUPERSEDES: dict[str, frozenset[str]] = {
    "heavenly": frozenset(
        {"concealed_self_draw", "self_draw", "concealed", "single_wait", "replacement"}
    ),
    "earthly": frozenset(
        {"concealed_self_draw", "self_draw", "concealed", "single_wait", "replacement"}
    ),
    "human": frozenset({"concealed"}),
    "concealed_self_draw": frozenset({"self_draw", "concealed"}),
    "big_four_winds": frozenset({"little_four_winds", "prevalent_wind", "seat_wind"}),
    "little_four_winds": frozenset({"prevalent_wind", "seat_wind"}),
    "big_three_dragons": frozenset({"little_three_dragons", "dragon"}),
    "little_three_dragons": frozenset({"dragon"}),
    "all_honors": frozenset({"half_flush"}),
    "full_flush": frozenset({"half_flush"}),
    "five_concealed": frozenset({"four_concealed", "three_concealed"}),
    "four_concealed": frozenset({"three_concealed"}),
    "all_melded": frozenset({"single_wait"}),
}

#: The two sets of four flowers: 春夏秋冬 (51-54) and 梅蘭竹菊 (55-58), each numbered 1-4 for
#: the seats East, South, West, North.
SEASONS: tuple[int, ...] = FLOWERS[:4]
PLANTS: tuple[int, ...] = FLOWERS[4:]

SETS_IN_A_WIN = 5


class NotAWin(ValueError):
    """The tiles are not five sets and a pair (or the hand is refused for another reason)."""


@dataclass(frozen=True)
class Tai:
    key: str
    zh: str
    en: str
    #: Tai for one occurrence.
    value: int
    #: How many times it applies (dragon pungs, seat flowers, flower sets; 連莊 repeats).
    count: int = 1

    @property
    def total(self) -> int:
        return self.value * self.count

    @classmethod
    def of(cls, key: str, count: int = 1) -> Tai:
        zh, en, value = TAI[key]
        return cls(key, zh, en, value, count)


@dataclass(frozen=True)
class SetReading:
    """One set of a reading: ``chow`` (``tile`` its lowest), ``pung`` or ``kong``."""

    shape: str
    tile: int
    #: Not made by a call, and (a pung) not completed by the winning discard.
    concealed: bool
    #: Shown on the table: a chow, pung or kong called from a discard (a concealed kong is not).
    melded: bool = False


@dataclass(frozen=True)
class Reading:
    sets: tuple[SetReading, ...]
    pair: int
    #: How the winning tile completed it: ``two-sided``, ``edge``, ``closed``, ``pair``
    #: (the single wait on the pair) or ``pung`` (one of two pairs made a pung).
    wait: str


@dataclass(frozen=True)
class Situation:
    self_drawn: bool = False
    seat_wind: int = EAST
    prevalent_wind: int = EAST
    flowers: tuple[int, ...] = ()
    #: Won on the tile drawn to replace a kong or a flower (槓上開花).
    replacement: bool = False
    #: Won on the tile added to another player's pung (搶槓).
    robbing: bool = False
    #: The last tile of the wall (self-drawn: 海底撈月) or the discard after it (河底撈魚).
    last_tile: bool = False
    #: The dealer's dealt hand (天胡).
    heavenly: bool = False
    #: A non-dealer's first draw, nobody having called (地胡).
    earthly: bool = False
    #: A discard in the first go-around, before the winner's first draw (人胡).
    human: bool = False


@dataclass(frozen=True)
class Hand:
    """Everything a tai reads: one reading of the winning hand and its situation."""

    reading: Reading
    situation: Situation
    #: Every tile kind of the hand (melds included, the winning tile included, a kong as 4).
    kinds: tuple[int, ...]
    #: The winning tile's kind, and the kinds the hand waited on before it.
    win: int
    waits: tuple[int, ...]
    #: The melds' kinds as the table names them (``chi``, ``pon``, ``minkan``, ``kakan``,
    #: ``ankan``).
    meld_kinds: tuple[str, ...] = field(default_factory=tuple)

    @property
    def triplets(self) -> list[SetReading]:
        return [s for s in self.reading.sets if s.shape != "chow"]

    def triplet_of(self, tile: int) -> bool:
        return any(s.tile == tile for s in self.triplets)

    @property
    def open(self) -> bool:
        """A chow, pung or melded kong was called (a concealed kong keeps the hand closed)."""
        return any(k != "ankan" for k in self.meld_kinds)

    @property
    def seat_index(self) -> int:
        return self.situation.seat_wind - EAST


# --------------------------------------------------------------------------- the tai
# Each returns how many times it applies (0: it does not).


def _heavenly(h: Hand) -> int:
    return int(h.situation.heavenly)


def _earthly(h: Hand) -> int:
    return int(h.situation.earthly)


def _human(h: Hand) -> int:
    return int(h.situation.human)


def _self_draw(h: Hand) -> int:
    return int(h.situation.self_drawn)


def _concealed(h: Hand) -> int:
    """門清: nothing called (a concealed kong allowed), the winning tile someone's discard."""
    return int(not h.open and not h.situation.self_drawn)


def _concealed_self_draw(h: Hand) -> int:
    return int(not h.open and h.situation.self_drawn)


def _single_wait(h: Hand) -> int:
    """獨聽: the hand waited on one kind only (an edge, closed or pair wait)."""
    return int(len(h.waits) == 1 and h.reading.wait in ("edge", "closed", "pair"))


def _prevalent_wind(h: Hand) -> int:
    return int(h.triplet_of(h.situation.prevalent_wind))


def _seat_wind(h: Hand) -> int:
    return int(h.triplet_of(h.situation.seat_wind))


def _dragons(h: Hand) -> int:
    return sum(1 for d in DRAGONS if h.triplet_of(d))


def _little_three_dragons(h: Hand) -> int:
    return int(_dragons(h) == 2 and h.reading.pair in DRAGONS)


def _big_three_dragons(h: Hand) -> int:
    return int(_dragons(h) == 3)


def _winds(h: Hand) -> int:
    return sum(1 for w in WINDS if h.triplet_of(w))


def _little_four_winds(h: Hand) -> int:
    return int(_winds(h) == 3 and h.reading.pair in WINDS)


def _big_four_winds(h: Hand) -> int:
    return int(_winds(h) == 4)


def _all_pungs(h: Hand) -> int:
    return int(all(s.shape != "chow" for s in h.reading.sets))


def _concealed_pungs(h: Hand) -> int:
    return sum(1 for s in h.triplets if s.concealed)


def _three_concealed(h: Hand) -> int:
    return int(_concealed_pungs(h) == 3)


def _four_concealed(h: Hand) -> int:
    return int(_concealed_pungs(h) == 4)


def _five_concealed(h: Hand) -> int:
    return int(_concealed_pungs(h) == 5)


def _suits(h: Hand) -> set[int]:
    return {suit(k) for k in h.kinds if not is_honor(k)}


def _half_flush(h: Hand) -> int:
    return int(len(_suits(h)) == 1 and any(is_honor(k) for k in h.kinds))


def _full_flush(h: Hand) -> int:
    return int(len(_suits(h)) == 1 and not any(is_honor(k) for k in h.kinds))


def _all_honors(h: Hand) -> int:
    return int(all(is_honor(k) for k in h.kinds))


def _all_chows(h: Hand) -> int:
    """平胡: five chows and a pair, no honour and no flower anywhere, won on a discard with a
    two-sided wait."""
    return int(
        all(s.shape == "chow" for s in h.reading.sets)
        and not any(is_honor(k) for k in h.kinds)
        and not h.situation.flowers
        and not h.situation.self_drawn
        and h.reading.wait == "two-sided"
        and len(h.waits) > 1
    )


def _all_melded(h: Hand) -> int:
    """全求人: all five sets called from discards, the pair completed by a discard."""
    return int(
        not h.situation.self_drawn
        and len(h.meld_kinds) == SETS_IN_A_WIN
        and all(k != "ankan" for k in h.meld_kinds)
    )


def _flower_sets(h: Hand) -> int:
    held = set(h.situation.flowers)
    return sum(1 for group in (SEASONS, PLANTS) if held.issuperset(group))


def _seat_flowers(h: Hand) -> int:
    """正花: each flower of the seat's number (春/梅 East, 夏/蘭 South, 秋/竹 West, 冬/菊
    North), unless it is part of a full set (花槓 counts that set instead)."""
    held = set(h.situation.flowers)
    i = h.seat_index
    return sum(1 for group in (SEASONS, PLANTS) if group[i] in held and not held.issuperset(group))


def _last_tile_draw(h: Hand) -> int:
    return int(h.situation.last_tile and h.situation.self_drawn)


def _last_tile_claim(h: Hand) -> int:
    return int(h.situation.last_tile and not h.situation.self_drawn and not h.situation.robbing)


def _replacement(h: Hand) -> int:
    return int(h.situation.replacement and h.situation.self_drawn)


def _robbing_kong(h: Hand) -> int:
    return int(h.situation.robbing)


#: Every tai of a hand of sets, by key.
DETECTORS: dict[str, Callable[[Hand], int]] = {
    "heavenly": _heavenly,
    "earthly": _earthly,
    "human": _human,
    "big_four_winds": _big_four_winds,
    "all_honors": _all_honors,
    "five_concealed": _five_concealed,
    "big_three_dragons": _big_three_dragons,
    "little_four_winds": _little_four_winds,
    "full_flush": _full_flush,
    "four_concealed": _four_concealed,
    "all_pungs": _all_pungs,
    "half_flush": _half_flush,
    "little_three_dragons": _little_three_dragons,
    "three_concealed": _three_concealed,
    "all_chows": _all_chows,
    "all_melded": _all_melded,
    "flower_set": _flower_sets,
    "concealed_self_draw": _concealed_self_draw,
    "self_draw": _self_draw,
    "concealed": _concealed,
    "single_wait": _single_wait,
    "prevalent_wind": _prevalent_wind,
    "seat_wind": _seat_wind,
    "dragon": _dragons,
    "seat_flower": _seat_flowers,
    "last_tile_draw": _last_tile_draw,
    "last_tile_claim": _last_tile_claim,
    "replacement": _replacement,
    "robbing_kong": _robbing_kong,
}


def tai_of(hand: Hand) -> tuple[Tai, ...]:
    """The tai of one reading, with :data:`SUPERSEDES` applied."""
    found = {key: n for key, detect in DETECTORS.items() if (n := detect(hand))}
    dropped: set[str] = set()
    for key in found:
        dropped |= SUPERSEDES.get(key, frozenset())
    return tuple(Tai.of(key, n) for key, n in found.items() if key not in dropped)


# --------------------------------------------------------------------------- readings


@lru_cache(maxsize=65_536)
def _splits(counts: bytes, sets: int) -> tuple[tuple[int, tuple[tuple[str, int], ...]], ...]:
    """Every way the 34 counts split into ``sets`` sets and one pair: ``(pair index, sets)``
    with sets ``("chow" | "pung", lowest index)`` in index order."""
    out: list[tuple[int, tuple[tuple[str, int], ...]]] = []
    c = list(counts)
    acc: list[tuple[str, int]] = []
    pair = -1

    def fill(start: int, left: int) -> None:
        i = start
        while i < 34 and not c[i]:
            i += 1
        if i == 34:
            if left == 0:
                out.append((pair, tuple(acc)))
            return
        if left == 0:
            return
        if c[i] >= 3:
            c[i] -= 3
            acc.append(("pung", i))
            fill(i, left - 1)
            acc.pop()
            c[i] += 3
        if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
            for j in (i, i + 1, i + 2):
                c[j] -= 1
            acc.append(("chow", i))
            fill(i, left - 1)
            acc.pop()
            for j in (i, i + 1, i + 2):
                c[j] += 1

    for p in range(34):
        if c[p] >= 2:
            c[p] -= 2
            pair = p
            fill(0, sets)
            c[p] += 2
    return tuple(dict.fromkeys(out))


def _counts(tiles: Iterable[int]) -> bytes:
    c = [0] * 34
    for t in tiles:
        c[index34(t)] += 1
    return bytes(c)


def is_winning(concealed: Sequence[int], melds: int = 0) -> bool:
    """Whether ``concealed`` (17 - 3 * melds tiles, flowers set aside) is sets and a pair."""
    tiles = [t for t in concealed if not is_flower(t)]
    sets = SETS_IN_A_WIN - melds
    if len(tiles) != 3 * sets + 2 or sets < 0:
        return False
    return bool(_splits(_counts(tiles), sets))


def waits(concealed: Sequence[int], melds: int = 0, held: Iterable[int] = ()) -> tuple[int, ...]:
    """The kinds that complete ``concealed`` (16 - 3 * melds tiles); a kind of which the hand
    and ``held`` (its melds' tiles) already hold four is no wait."""
    tiles = [kind(t) for t in concealed if not is_flower(t)]
    seen = tiles + [kind(t) for t in held]
    return tuple(k for k in ALL_KINDS if seen.count(k) < 4 and is_winning([*tiles, k], melds))


_MELD_SHAPES = {"chi": "chow", "pon": "pung", "minkan": "kong", "kakan": "kong", "ankan": "kong"}


def _meld_set(meld_kind: str, tiles: Sequence[int]) -> SetReading:
    shape = _MELD_SHAPES.get(meld_kind)
    if shape is None:
        raise NotAWin(f"unknown meld kind {meld_kind!r}")
    kinds = sorted(kind(t) for t in tiles)
    want = 4 if shape == "kong" else 3
    if len(kinds) != want:
        raise NotAWin(f"a {meld_kind} has {want} tiles, not {len(kinds)}")
    if shape == "chow":
        if is_honor(kinds[0]) or kinds != [kinds[0], kinds[0] + 1, kinds[0] + 2]:
            raise NotAWin(f"{kinds} is no chow")
    elif len(set(kinds)) != 1:
        raise NotAWin(f"{kinds} is no {meld_kind}")
    ankan = meld_kind == "ankan"
    return SetReading(shape, kinds[0], concealed=ankan, melded=not ankan)


def _chow_wait(low: int, win: int) -> str:
    if win == low + 1:
        return "closed"
    if win == low:
        return "edge" if number(low) == 7 else "two-sided"
    return "edge" if number(low) == 1 else "two-sided"


def readings(
    concealed: Sequence[int],
    win: int,
    melds: Sequence[tuple[str, Sequence[int]]] = (),
    *,
    self_drawn: bool = False,
) -> list[Reading]:
    """Every reading of a winning hand: a split of the concealed tiles (the winning tile
    included) into sets and a pair, with the set or pair the winning tile completed."""
    tiles = [t for t in concealed if not is_flower(t)]
    sets_needed = SETS_IN_A_WIN - len(melds)
    if sets_needed < 0 or len(tiles) != 3 * sets_needed + 2:
        raise NotAWin(
            f"a win is five sets and a pair: {len(melds)} melds need "
            f"{3 * max(sets_needed, 0) + 2} concealed tiles, not {len(tiles)}"
        )
    win = kind(win)
    if win not in (kind(t) for t in tiles):
        raise NotAWin("the winning tile is not among the concealed tiles")
    meld_sets = tuple(_meld_set(k, t) for k, t in melds)
    out: list[Reading] = []
    w = index34(win)
    for pair, split in _splits(_counts(tiles), sets_needed):
        # Which element took the winning tile: the pair, or one set holding its kind.
        choices: list[tuple[int, str]] = []
        if pair == w:
            choices.append((-1, "pair"))
        for n, (shape, i) in enumerate(split):
            if shape == "pung" and i == w:
                choices.append((n, "pung"))
            elif shape == "chow" and i <= w <= i + 2:
                choices.append((n, _chow_wait(ALL_KINDS[i], win)))
        for taken, wait in dict.fromkeys(choices):
            own = tuple(
                SetReading(
                    shape,
                    ALL_KINDS[i],
                    concealed=self_drawn or n != taken or shape == "chow",
                )
                for n, (shape, i) in enumerate(split)
            )
            out.append(Reading(meld_sets + own, ALL_KINDS[pair], wait))
    if not out:
        raise NotAWin("the tiles are not five sets and a pair")
    return out


# --------------------------------------------------------------------------- wins


@dataclass(frozen=True)
class TaiwanWin:
    #: The hand's tai (the dealer's tai are not in it: :func:`payments` adds them per payer).
    tai: tuple[Tai, ...]
    reading: Reading | None

    @property
    def total(self) -> int:
        return sum(t.total for t in self.tai)


def score_win(
    concealed: Sequence[int],
    win: int,
    melds: Sequence[tuple[str, Sequence[int]]] = (),
    situation: Situation | None = None,
) -> TaiwanWin:
    """The tai of a win: ``concealed`` holds the winning tile ``win``; ``melds`` are
    ``(kind, tiles)`` with the table's meld kinds. The reading worth most tai is kept (the
    first of equals). Raises :class:`NotAWin`."""
    situation = situation or Situation()
    tiles = [t for t in concealed if not is_flower(t)]
    meld_tiles = [t for _, m in melds for t in m]
    all_kinds = tuple(kind(t) for t in tiles + meld_tiles)
    for k in set(all_kinds):
        if all_kinds.count(k) > 4:
            raise NotAWin(f"five copies of {k}")
    found = readings(tiles, win, melds, self_drawn=situation.self_drawn)
    before = list(tiles)
    before.remove(next(t for t in tiles if kind(t) == kind(win)))
    waiting = waits(before, len(melds), meld_tiles)
    best: TaiwanWin | None = None
    for reading in found:
        hand = Hand(
            reading=reading,
            situation=situation,
            kinds=all_kinds,
            win=kind(win),
            waits=waiting,
            meld_kinds=tuple(k for k, _ in melds),
        )
        scored = TaiwanWin(tai_of(hand), reading)
        if best is None or scored.total > best.total:
            best = scored
    assert best is not None
    return best


def flower_win(which: str) -> TaiwanWin:
    """八仙過海 (``eight_flowers``) or 七搶一 (``seven_rob_one``): a win by flowers alone."""
    if which not in ("eight_flowers", "seven_rob_one"):
        raise ValueError(f"no flower win is called {which!r}")
    return TaiwanWin((Tai.of(which),), None)


def dealer_tai(repeats: int) -> tuple[Tai, ...]:
    """莊家 1, and 連莊拉莊 2 per repeat (連n拉n: 2n + 1 in all)."""
    if repeats < 0:
        raise ValueError("a dealer repeats 0 or more times")
    return (Tai.of("dealer"),) + ((Tai.of("continuation", repeats),) if repeats else ())


def payments(
    win: TaiwanWin,
    *,
    winner: int,
    payers: Iterable[int],
    dealer: int,
    repeats: int = 0,
    base: int,
    per_tai: int,
) -> dict[int, int]:
    """What each payer owes the winner: ``base + tai * per_tai``, the dealer's tai counted
    when the winner or that payer is the dealer."""
    extra = sum(t.total for t in dealer_tai(repeats))
    return {
        p: base + (win.total + (extra if dealer in (winner, p) else 0)) * per_tai for p in payers
    }


def describe(tai: Iterable[Tai]) -> list[dict[str, object]]:
    """JSON-ready tai: ``{key, zh, en, value, count, total}``."""
    return [
        {"key": t.key, "zh": t.zh, "en": t.en, "value": t.value, "count": t.count, "total": t.total}
        for t in tai
    ]


def tai_names() -> Mapping[str, tuple[str, str, int]]:
    return dict(TAI)
