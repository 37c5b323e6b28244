"""The frequency principle (§7.4.1) measured: how often each pattern comes with the others.

Winning hands are generated at random and scored by our own scorers; for every pattern we count
the hands that carry it and, among them, the hands that also carry each other pattern. The
Riichi hands come from ``rules.riichi.random_wins``; the MCR hands from ``random_mcr_win`` below,
which mixes hand families with fixed weights (``MCR_FAMILIES``). Hands below the 8-fan minimum
are not wins and are dropped. The figures describe the generator, not real play: a pattern
reached through two families (Knitted Straight: with a set and a pair, or inside honors and
knitted tiles) splits in the proportion the family weights give it; ``docs/quiz.md`` says so.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from openmahjong import tiles as T
from openmahjong.quiz.catalogue import BY_ID, mcr_fan_keys
from openmahjong.quiz.catalogue_data import RIICHI_MERGED
from openmahjong.rules.mcr import scoring as mcr_scoring
from openmahjong.rules.mcr.fans import FANS
from openmahjong.rules.mcr.scoring import BelowMinimum, Meld
from openmahjong.rules.riichi import scoring as riichi_scoring
from openmahjong.rules.riichi.errors import NoYaku
from openmahjong.rules.riichi.random_wins import random_win

__all__ = [
    "MCR_FAMILIES",
    "Frequencies",
    "measure",
    "random_mcr_win",
]

RULESETS = ("mcr", "riichi")
#: Hand families of the MCR generator and their weights (percent of generated hands).
MCR_FAMILIES: dict[str, int] = {
    "regular": 79,  # four sets and a pair; a third of them built around a multi-set pattern
    "seven_pairs": 8,  # one in twenty of them seven shifted pairs
    "knitted_straight": 5,  # a knitted straight, a set and a pair
    "honors_and_knitted": 5,  # fourteen different tiles of one knitted set and the honors
    "thirteen_orphans": 2,
    "nine_gates": 1,  # 1112345678999 and one more tile of the suit
}
_GREEN = (32, 33, 34, 36, 38, T.GREEN)

_SUITS = (10, 20, 30)
_TERMINALS_AND_HONORS = tuple(s + n for s in _SUITS for n in (1, 9)) + T.HONORS
_KNITS = ((1, 4, 7), (2, 5, 8), (3, 6, 9))
# (kind, tile): "c" a chow from its lowest tile, "p" a pung, "k" a pung declared as a kong,
# "2" the pair (a template may fix it)
_Set = tuple[str, int]


def _chow(suit: int, low: int) -> _Set:
    return ("c", suit + low)


def _template(rng: random.Random) -> list[_Set]:
    """Two to four sets that make one multi-set pattern, so that rare patterns come up."""
    s1, s2, s3 = rng.sample(_SUITS, 3)
    n = rng.randint(1, 7)
    choice = rng.randrange(14)
    if choice == 12:  # pure terminal chows: the pair is the suit's five ("2" marks a pair)
        return [_chow(s1, 1), _chow(s1, 1), _chow(s1, 7), _chow(s1, 7), ("2", s1 + 5)]
    if choice == 13:  # pungs declared as kongs ("k"), up to four kongs
        return [("k", rng.choice(T.ALL_KINDS)) for _ in range(rng.randint(2, 4))]
    if choice == 0:  # pure straight
        return [_chow(s1, 1), _chow(s1, 4), _chow(s1, 7)]
    if choice == 1:  # mixed straight
        return [_chow(s1, 1), _chow(s2, 4), _chow(s3, 7)]
    if choice == 2:  # mixed triple chow
        return [_chow(s1, n), _chow(s2, n), _chow(s3, n)]
    if choice == 3:  # pure shifted chows (step 1 or 2)
        step = rng.choice((1, 2))
        low = rng.randint(1, 7 - 2 * step)
        return [_chow(s1, low + i * step) for i in range(3)]
    if choice == 4:  # mixed shifted chows
        low = rng.randint(1, 5)
        return [_chow(s1, low), _chow(s2, low + 1), _chow(s3, low + 2)]
    if choice == 5:  # pure triple / double chow
        return [_chow(s1, n)] * rng.choice((2, 3))
    if choice == 6:  # triple pung / double pung
        m = rng.randint(1, 9)
        return [("p", s + m) for s in (s1, s2, s3)[: rng.choice((2, 3))]]
    if choice == 7:  # pure or mixed shifted pungs
        m = rng.randint(1, 7)
        suits = (s1, s1, s1) if rng.random() < 0.5 else (s1, s2, s3)
        return [("p", s + m + i) for i, s in enumerate(suits)]
    if choice == 8:  # dragons and winds
        honors = rng.sample(T.DRAGONS if rng.random() < 0.5 else T.WINDS, rng.randint(2, 3))
        return [("p", h) for h in honors]
    if choice == 9:  # two terminal chows, three-suited terminal chows
        return [_chow(s1, 1), _chow(s1, 7)] + ([_chow(s2, 1), _chow(s2, 7)] if n < 3 else [])
    if choice == 10:  # short straight / mixed double chow
        return [_chow(s1, n), _chow(s1 if rng.random() < 0.5 else s2, n if n > 4 else n + 3)]
    return [("p", rng.choice(_TERMINALS_AND_HONORS)) for _ in range(rng.randint(2, 3))]


def _random_set(rng: random.Random, pool: list[int], chow_odds: float) -> _Set:
    tile = rng.choice(pool)
    if tile < 40 and tile % 10 <= 7 and rng.random() < chow_odds:
        return ("c", tile)
    return ("p", tile)


def _tiles_of(s: _Set) -> list[int]:
    kind, t = s
    if kind == "2":
        return [t, t]
    return [t, t + 1, t + 2] if kind == "c" else [t, t, t]


def _regular(rng: random.Random) -> tuple[list[int], list[Meld]] | None:
    style = rng.random()
    if style < 0.02:  # green tiles
        pool = list(_GREEN)
    elif style < 0.25:  # one suit and the honors, for flushes
        suit = rng.choice(_SUITS)
        pool = [suit + n for n in range(1, 10)] + list(T.HONORS)
    elif style < 0.35:  # terminals and honors
        pool = list(_TERMINALS_AND_HONORS)
    elif style < 0.6:  # suited tiles only
        pool = list(T.SUITED)
    else:
        pool = list(T.ALL_KINDS)
    chow_odds = 0.3 if style >= 0.25 and style < 0.35 else 0.7
    sets = _template(rng) if rng.random() < 0.35 else []
    pairs = [s[1] for s in sets if s[0] == "2"]
    sets = [s for s in sets if s[0] != "2"]
    while len(sets) < 4:
        sets.append(_random_set(rng, pool, chow_odds))
    pair = pairs[0] if pairs else rng.choice(pool)
    counts = Counter([pair, pair] + [t for s in sets for t in _tiles_of(s)])
    if max(counts.values()) > 4 or any(counts[t] > 3 for kind, t in sets if kind == "k"):
        return None
    concealed = [pair, pair]
    melds = []
    for s in sets:
        tiles = _tiles_of(s)
        if s[0] == "k":
            melds.append(Meld(rng.choice(("minkan", "ankan", "kakan")), (s[1],) * 4))
        elif rng.random() < 0.35:
            if s[0] == "c":
                melds.append(Meld("chi", tuple(tiles)))
            elif counts[s[1]] == 3 and rng.random() < 0.2:
                melds.append(Meld(rng.choice(("minkan", "ankan", "kakan")), (s[1],) * 4))
                counts[s[1]] += 1
            else:
                melds.append(Meld("pon", tuple(tiles)))
        elif s[0] == "p" and counts[s[1]] == 3 and rng.random() < 0.05:
            melds.append(Meld("ankan", (s[1],) * 4))
            counts[s[1]] += 1
        else:
            concealed += tiles
    return concealed, melds


def _seven_kinds(rng: random.Random) -> list[int]:
    if rng.random() < 0.05:  # seven shifted pairs
        suit, low = rng.choice(_SUITS), rng.randint(1, 3)
        return [suit + low + i for i in range(7)]
    return rng.sample(T.ALL_KINDS, 7)


def _knitted_tiles(rng: random.Random) -> list[int]:
    order = rng.sample(_KNITS, 3)
    return [suit + n for suit, ranks in zip(_SUITS, order, strict=True) for n in ranks]


def _knitted_straight(rng: random.Random) -> list[int] | None:
    tiles = _knitted_tiles(rng)
    extra = _random_set(rng, list(T.ALL_KINDS), 0.5)
    pair = rng.choice(T.ALL_KINDS)
    tiles += _tiles_of(extra) + [pair, pair]
    return tiles if max(Counter(tiles).values()) <= 4 else None


def _honors_and_knitted(rng: random.Random) -> list[int]:
    return rng.sample(_knitted_tiles(rng) + list(T.HONORS), 14)


def random_mcr_win(rng: random.Random) -> dict[str, Any]:
    """Keyword arguments for ``rules.mcr.scoring.score_win``: one random hand that makes a
    winning shape (its fans may fall short of the 8-fan minimum)."""
    family = rng.choices(list(MCR_FAMILIES), weights=list(MCR_FAMILIES.values()))[0]
    melds: list[Meld] = []
    hand: list[int] | None = None
    while hand is None:
        if family == "regular":
            found = _regular(rng)
            if found is not None:
                hand, melds = found
        elif family == "seven_pairs":
            hand = [t for t in _seven_kinds(rng) for _ in (0, 1)]
        elif family == "knitted_straight":
            hand = _knitted_straight(rng)
        elif family == "nine_gates":
            suit = rng.choice(_SUITS)
            ranks = [1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, rng.randint(1, 9)]
            hand = [suit + r for r in ranks]
        elif family == "honors_and_knitted":
            hand = _honors_and_knitted(rng)
        else:
            hand = list(_TERMINALS_AND_HONORS) + [rng.choice(_TERMINALS_AND_HONORS)]
    self_drawn = rng.random() < 0.4
    return {
        "hand": hand,
        "win_tile": rng.choice(hand),
        "melds": melds,
        "self_drawn": self_drawn,
        "fourth_tile": rng.random() < 0.05,
        "kong": rng.random() < 0.03,
        "last_tile": rng.random() < 0.03,
        "seat_wind": rng.choice(T.WINDS),
        "prevalent_wind": rng.choice(T.WINDS),
        "flowers": rng.choice((0, 0, 0, 1, 1, 2, 3)),
    }


@dataclass
class Frequencies:
    """Hands that carry each pattern (``alone``) and each ordered pair (``together``)."""

    ruleset: str
    hands: int = 0  # winning hands scored
    dropped: int = 0  # generated hands that were no win (below the minimum, no yaku)
    alone: Counter[str] = field(default_factory=Counter)
    together: Counter[tuple[str, str]] = field(default_factory=Counter)
    #: (pattern, any of these others) -> hands with both, for the shares of ``TRACKED``
    any_of: Counter[tuple[str, tuple[str, ...]]] = field(default_factory=Counter)
    #: (pattern, category) -> hands with the pattern and another one of that primary category
    by_category: Counter[tuple[str, str]] = field(default_factory=Counter)

    def add(self, ids: set[str]) -> None:
        self.hands += 1
        self.alone.update(ids)
        self.together.update((a, b) for a in ids for b in ids if a != b)
        primary = {i: BY_ID[i].categories[0] for i in ids}
        self.by_category.update({(a, c) for a in ids for b, c in primary.items() if b != a})

    def with_(self, pattern_id: str) -> list[tuple[str, int, int]]:
        """``(other, hands with both, hands with pattern_id)``, most frequent first."""
        n = self.alone[pattern_id]
        rows = [(b, c, n) for (a, b), c in self.together.items() if a == pattern_id]
        return sorted(rows, key=lambda r: (-r[1], r[0]))

    def share(self, pattern_id: str, others: tuple[str, ...]) -> tuple[int, int]:
        """Hands with ``pattern_id`` that also carry any of ``others`` (a ``TRACKED`` pair),
        and the hands with ``pattern_id``."""
        if (pattern_id, others) not in TRACKED:
            raise KeyError(f"{pattern_id} with any of {others} is not tracked")
        return self.any_of[pattern_id, others], self.alone[pattern_id]


#: Shares counted while measuring: (pattern, any of these) -> the figure the docs quote.
TRACKED: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("mcr:knitted_straight", ("mcr:lesser_honors_and_knitted",)),
    (
        "mcr:knitted_straight",
        ("mcr:lesser_honors_and_knitted", "mcr:greater_honors_and_knitted"),
    ),
)


def _mcr_ids() -> dict[str, str]:
    """A scored fan's rulebook name -> its pattern id."""
    keys = mcr_fan_keys()
    return {f.zh: f"mcr:{keys[f.number]}" for f in FANS}


def _riichi_id(yaku_id: str) -> str:
    for key, (ids, _) in RIICHI_MERGED.items():
        if yaku_id in ids:
            return f"riichi:{key}"
    return f"riichi:{yaku_id}"


def measure(ruleset: str = "mcr", hands: int = 20000, seed: int = 0) -> Frequencies:
    """Generate and score hands until ``hands`` wins are counted (deterministic per seed)."""
    if ruleset not in RULESETS:
        raise ValueError(f"unknown ruleset {ruleset!r}: choose mcr or riichi")
    if hands < 1:
        raise ValueError(f"hands must be at least 1, not {hands}")
    rng = random.Random(seed)
    freq = Frequencies(ruleset)
    by_zh = _mcr_ids()
    while freq.hands < hands:
        try:
            if ruleset == "mcr":
                win = mcr_scoring.score_win(**random_mcr_win(rng))
                ids = {by_zh[e.zh] for e in win.fans}
            else:
                rwin = riichi_scoring.score_win(**random_win(rng))
                ids = {_riichi_id(y) for y, _ in rwin.yaku}
        except (BelowMinimum, NoYaku):
            freq.dropped += 1
            continue
        ids = {i for i in ids if i in BY_ID}  # the platform's 明暗杠 is no quiz pattern
        freq.add(ids)
        for key in TRACKED:
            pattern, others = key
            if pattern in ids and ids & set(others):
                freq.any_of[key] += 1
    return freq
