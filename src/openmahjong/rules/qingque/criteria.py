"""Which of the source's fans a Qingque hand has: the raw fan sets its value table is keyed by.

The rule maintainer's scorer (``backend/external/qingque/rules/scoring.cpp`` and ``criteria.cpp``
of ``SlinkierApple13/mmcr14.online``, the same code as ``qingque.cpp`` there) tests every fan
on every split of the hand into four sets and a pair, and on seven pairs; each split gives one
*raw* set of fans. Raw sets are cumulative: 番牌二刻 comes with 番牌刻 and 番牌, 三暗杠 with 双暗杠
and 暗杠. ``fan_cache.json`` values a whole raw set (:mod:`.values`); what a player is shown is
the raw set with the covered fans removed (:func:`displayed`, the source's ``derepellenise``).

Written here from the rules those files state, in this project's terms (no code is taken):

- a sequence is named by its middle tile (the source's convention: 三色贯通 is the sequences
  around 2, 5 and 8), a triplet or kong by its tile;
- a triplet completed by a discarded winning tile is open, unless the player holds all four of
  that tile concealed; a concealed kong (``ankan``) is concealed, every other meld open;
- the value tiles (番牌) are the three dragons and the seat wind.

The bit order of :data:`CODE_ORDER` is the source's ``fans`` vector (90 entries: it has 十三幺
and lacks the disabled 风牌五对 / 风牌四对), which is the bit order of ``fan_cache.json``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from openmahjong.tiles import DRAGONS, WINDS, is_honor, number, suit

__all__ = [
    "CODE_ORDER",
    "OCCASIONAL_NAMES",
    "Facts",
    "Set",
    "displayed",
    "raw_fan_sets",
]

#: The source's fans in bit order (bit i of a ``fan_cache.json`` code is ``CODE_ORDER[i]``).
CODE_ORDER: tuple[str, ...] = (
    "和牌", "天和", "地和", "岭上开花", "海底捞月", "河底捞鱼", "抢杠", "十三幺", "七对", "门前清",
    "四暗杠", "三暗杠", "双暗杠", "暗杠", "四杠", "三杠", "双杠", "四暗刻", "三暗刻", "对对和",
    "十二归", "八归", "三叠对", "二叠对", "叠对", "字一色", "大四喜", "小四喜", "四喜对",
    "风牌三刻",
    "风牌七对", "风牌六对", "大三元", "小三元", "三元六对", "三元对", "番牌四刻", "番牌三刻",
    "番牌二刻", "番牌刻", "番牌七对", "番牌六对", "番牌五对", "番牌四副", "番牌三副", "番牌二副",
    "番牌", "清幺九", "混幺九", "清带幺", "混带幺", "九莲宝灯", "清一色", "混一色", "五门齐",
    "混一数", "二数", "二聚", "三聚", "四聚", "连数", "间数", "镜数", "映数", "满庭芳", "四同顺",
    "三同顺", "二般高", "一般高", "四连刻", "三连刻", "四步高", "三步高", "四连环", "三连环",
    "一气贯通", "七连对", "六连对", "五连对", "四连对", "三色同刻", "三色同顺", "三色二对",
    "三色同对", "三色连刻", "三色贯通", "镜同", "镜同三对", "镜同二对", "双龙会",
)  # fmt: skip

#: The fans that depend on how the hand was won, not on its tiles (bits 1-6).
OCCASIONAL_NAMES: tuple[str, ...] = CODE_ORDER[1:7]

_SUITS = (1, 2, 3)
_TERMINALS = frozenset(s * 10 + n for s in _SUITS for n in (1, 9))
_ORPHANS = _TERMINALS | frozenset(WINDS) | frozenset(DRAGONS)


@dataclass(frozen=True)
class Set:
    """A set of a split: ``shape`` is ``seq`` (``tile`` its middle tile), ``trip`` or ``kong``."""

    shape: str
    tile: int
    concealed: bool

    @property
    def is_seq(self) -> bool:
        return self.shape == "seq"

    def key(self) -> tuple[bool, int]:
        """What makes two sets the same for the source (a kong counts as a triplet)."""
        return (self.is_seq, self.tile)

    def tiles(self) -> list[int]:
        if self.is_seq:
            return [self.tile - 1, self.tile, self.tile + 1]
        return [self.tile] * (4 if self.shape == "kong" else 3)

    def touches(self, tiles: Iterable[int]) -> bool:
        """The set holds one of ``tiles``."""
        own = set(self.tiles())
        return any(t in own for t in tiles)


@dataclass(frozen=True)
class Facts:
    """A complete hand and how it was won (the source's hand and win type)."""

    closed: Counter[int]  # concealed tiles, the winning tile included
    melds: tuple[Set, ...]  # called sets and concealed kongs
    win_tile: int
    self_drawn: bool
    final_tile: bool = False
    kong_related: bool = False
    heavenly_or_earthly: bool = False
    seat_wind: int = 41

    @cached_property
    def total(self) -> Counter[int]:
        out = Counter(self.closed)
        for m in self.melds:
            out.update(m.tiles())
        return out

    @property
    def value_tiles(self) -> tuple[int, ...]:
        return (self.seat_wind, *DRAGONS)


def _splits(facts: Facts) -> list[tuple[int, tuple[Set, ...]]]:
    """Every (pair, sets) reading of the concealed tiles, open melds first."""
    counts = Counter(facts.closed)
    need = 4 - len(facts.melds)
    out: list[tuple[int, tuple[Set, ...]]] = []

    def concealed_triplet(tile: int) -> bool:
        return facts.self_drawn or tile != facts.win_tile or facts.closed[tile] == 4

    def walk(pair: int, left: Counter[int], sets: list[Set]) -> None:
        if len(sets) == need:
            out.append((pair, facts.melds + tuple(sets)))
            return
        tile = min(t for t, n in left.items() if n)
        if left[tile] >= 3:
            left[tile] -= 3
            walk(pair, left, [*sets, Set("trip", tile, concealed_triplet(tile))])
            left[tile] += 3
        if not is_honor(tile) and number(tile) <= 7 and left[tile + 1] and left[tile + 2]:
            for t in (tile, tile + 1, tile + 2):
                left[t] -= 1
            walk(pair, left, [*sets, Set("seq", tile + 1, False)])
            for t in (tile, tile + 1, tile + 2):
                left[t] += 1

    for pair in sorted(t for t, n in counts.items() if n >= 2):
        counts[pair] -= 2
        if sum(counts.values()) == 3 * need:
            walk(pair, Counter(counts), [])
        counts[pair] += 2
    return out


def _seven_pairs(facts: Facts) -> bool:
    return not facts.melds and all(n % 2 == 0 for n in facts.closed.values())


def _thirteen_orphans(facts: Facts) -> bool:
    return not facts.melds and all(facts.closed[t] for t in _ORPHANS)


# --- helpers in the source's terms --------------------------------------------------------


def _pair_count(c: Counter[int], tiles: Iterable[int]) -> int:
    """Pairs among ``tiles``: two of a kind is one, four of a kind two."""
    return sum(1 if c[t] == 2 else 2 if c[t] == 4 else 0 for t in tiles)


def _all_paired(c: Counter[int], tiles: Iterable[int]) -> bool:
    return all(c[t] in (2, 4) for t in tiles)


def _nums(c: Counter[int]) -> set[int]:
    """The numbers in the hand, honours counting as number 0."""
    return {0 if is_honor(t) else number(t) for t, n in c.items() if n}


def _within_run(nums: set[int], length: int) -> bool:
    return any(nums <= set(range(lo, lo + length)) for lo in range(1, 11 - length))


def _gapped(nums: set[int]) -> bool:
    if len(nums) <= 2:
        return False
    patterns = ({1, 3, 5, 7, 9}, {2, 4, 6, 8}, {1, 4, 7}, {2, 5, 8}, {3, 6, 9})
    return any(nums <= p for p in patterns)


def _run_of_singles(per_number: Counter[int]) -> bool:
    """Numbers each counted at most once, and those counted once make one unbroken run."""
    if any(n > 1 for n in per_number.values()):
        return False
    used = sorted(k for k, n in per_number.items() if n)
    return bool(used) and used == list(range(used[0], used[-1] + 1))


def _matched_pairs(sets: Sequence[Set], related: Callable[[Set, Set], bool]) -> int:
    """The source's greedy count of disjoint related pairs of sets, in the split's order."""
    used: set[int] = set()
    count = 0
    for i in range(len(sets)):
        for j in range(i + 1, len(sets)):
            if related(sets[i], sets[j]) and i not in used and j not in used:
                count += 1
                used |= {i, j}
    return count


def _same_number_other_suit_seq(a: Set, b: Set) -> bool:
    return a.is_seq and b.is_seq and a.key() != b.key() and number(a.tile) == number(b.tile)


def _same_number_triplets(a: Set, b: Set) -> bool:
    return (
        not a.is_seq
        and not b.is_seq
        and not is_honor(a.tile)
        and not is_honor(b.tile)
        and number(a.tile) == number(b.tile)
    )


def _has_sets(sets: Sequence[Set], wanted: Iterable[tuple[bool, int]]) -> bool:
    keys = {s.key() for s in sets}
    return all(w in keys for w in wanted)


def _seqs(*tiles: int) -> list[tuple[bool, int]]:
    return [(True, t) for t in tiles]


def _trips(*tiles: int) -> list[tuple[bool, int]]:
    return [(False, t) for t in tiles]


def _reflect(tile: int, ref: int) -> int | None:
    n = ref - number(tile)
    return suit(tile) * 10 + n if 1 <= n <= 9 else None


def _third_suit(a: int, b: int) -> int:
    return next(s for s in _SUITS if s not in (a, b))


def _mirror_split(sets: Sequence[Set], pair: int, swap_suits: bool) -> bool:
    """镜数 / 映数 on one split: the sets reflected about the pair's number give the same
    sets (映数: the sets outside the pair's suit also trade places between the other two)."""
    ref = 2 * number(pair)
    wanted: list[tuple[bool, int]] = []
    for s in sets:
        t = _reflect(s.tile, ref)
        if t is None:
            return False
        if swap_suits and suit(t) != suit(pair):
            t = _third_suit(suit(pair), suit(t)) * 10 + number(t)
        wanted.append((s.is_seq, t))
    return sorted(wanted) == sorted(s.key() for s in sets)


def _reflected_pairs(c: Counter[int], swap_suits: bool) -> bool:
    if any(is_honor(t) for t, n in c.items() if n):
        return False
    present = [t for t, n in c.items() if n]
    nums = [number(t) for t in present]
    ref = min(nums) + max(nums)
    fixed = 0
    if swap_suits:
        per_suit = {s: sum(n for t, n in c.items() if suit(t) == s) for s in _SUITS}
        m, p, s_ = per_suit[1], per_suit[2], per_suit[3]
        if m != p and m != s_ and p != s_:
            return False
        fixed = 1 if p == s_ else 2 if m == s_ else 3
    for t in present:
        r = _reflect(t, ref)
        if r is None:
            return False
        if swap_suits and suit(r) != fixed:
            r = _third_suit(fixed, suit(r)) * 10 + number(r)
        if c[t] != c[r]:
            return False
    return True


# --- the criteria ------------------------------------------------------------------------
#
# Each entry: (name, per-split test or None, whole-hand test or None, special_compatible,
# special). A whole-hand test holds for every split alike; a per-split test gives False on the
# seven-pairs reading unless the whole-hand test is also given (the source's fallback).

SplitTest = Callable[[Facts, int, tuple[Set, ...]], bool]
HandTest = Callable[[Facts], bool]


def _value_triplets(f: Facts) -> int:
    t = f.total
    return sum(1 for v in f.value_tiles if t[v] >= 3)


def _value_pairs_any(f: Facts) -> int:
    t = f.total
    return sum(1 for v in f.value_tiles if t[v] >= 2)


def _count_four(f: Facts) -> int:
    t = f.total
    return sum(1 for n in t.values() if n == 4) - sum(1 for m in f.melds if m.shape == "kong")


def _equal_pairs(sets: Sequence[Set]) -> int:
    return sum(
        1
        for i in range(len(sets))
        for j in range(i + 1, len(sets))
        if sets[i].key() == sets[j].key()
    )


def _connected_split(f: Facts, pair: int, sets: tuple[Set, ...]) -> bool:
    if any(is_honor(t) for t in f.total.elements()):
        return False
    per: Counter[int] = Counter({number(pair): 1})
    for s in sets:
        if s.is_seq:
            per.update(number(s.tile) + d for d in (-1, 0, 1))
        else:
            per[number(s.tile)] += 1
    return _run_of_singles(per)


def _connected_pairs(f: Facts) -> bool:
    c = f.total
    if any(is_honor(t) for t, n in c.items() if n) or not _seven_pairs(f):
        return False
    per: Counter[int] = Counter()
    for t, n in c.items():
        per[number(t)] += n // 2
    return _run_of_singles(per)


def _flush_suits(f: Facts) -> int:
    return len({suit(t) for t, n in f.total.items() if n and not is_honor(t)})


def _has_honour(f: Facts) -> bool:
    return any(is_honor(t) for t, n in f.total.items() if n)


def _nine_gates(f: Facts) -> bool:
    if f.melds:
        return False
    rest = Counter(f.closed)
    rest[f.win_tile] -= 1
    suits = {suit(t) for t, n in rest.items() if n}
    if len(suits) != 1 or any(is_honor(t) for t, n in rest.items() if n):
        return False
    (s,) = suits
    want = {s * 10 + k: (3 if k in (1, 9) else 1) for k in range(1, 10)}
    return {t: n for t, n in rest.items() if n} == want


def _all_types(f: Facts) -> bool:
    if _seven_pairs(f) or _thirteen_orphans(f):
        return False
    c = f.total
    present = {t for t, n in c.items() if n}
    return (
        all(any(suit(t) == s and not is_honor(t) for t in present) for s in _SUITS)
        and any(t in WINDS for t in present)
        and any(t in DRAGONS for t in present)
    )


def _two_numbers(f: Facts) -> bool:
    nums = _nums(f.total)
    return 0 not in nums and len(nums) == 2


def _sp(f: Facts) -> bool:
    return _seven_pairs(f)


def _suited_runs(length: int, starts: Iterable[int]) -> list[list[int]]:
    return [[s * 10 + n + k for k in range(length)] for s in _SUITS for n in starts]


def _pair_run(length: int) -> HandTest:
    runs = _suited_runs(length, range(1, 11 - length))

    def test(f: Facts) -> bool:
        return _sp(f) and any(_all_paired(f.total, run) for run in runs)

    return test


def _perms(nums: tuple[int, int, int]) -> list[tuple[int, int, int]]:
    out = []
    for a in _SUITS:
        for b in _SUITS:
            for c in _SUITS:
                if len({a, b, c}) == 3:
                    out.append((a * 10 + nums[0], b * 10 + nums[1], c * 10 + nums[2]))
    return out


_MIXED_SHIFTED_TRIPLETS = [p for n in range(1, 8) for p in _perms((n, n + 1, n + 2))]
_MIXED_STRAIGHT = _perms((2, 5, 8))


def _two_triple_pairs(f: Facts) -> bool:
    c = f.total
    if not _sp(f):
        return False
    for i in range(1, 10):
        if _pair_count(c, (10 + i, 20 + i, 30 + i)) == 6:
            return True
        for j in range(i + 1, 10):
            if _all_paired(c, (10 + i, 20 + i, 30 + i, 10 + j, 20 + j, 30 + j)):
                return True
    return False


def _suit_pairs() -> list[tuple[int, int]]:
    return [(1, 2), (3, 2), (1, 3)]


def _three_mirrored_pairs(f: Facts) -> bool:
    c = f.total
    if not _sp(f):
        return False
    for a, b in _suit_pairs():
        for i in range(1, 8):
            for j in range(i + 1, 9):
                for k in range(j + 1, 10):
                    if _all_paired(c, [x * 10 + n for x in (a, b) for n in (i, j, k)]):
                        return True
    for i in range(1, 9):
        for j in range(i + 1, 10):
            for a, b in _suit_pairs():
                for x, y in ((i, j), (j, i)):
                    if _all_paired(c, (a * 10 + x, b * 10 + x)) and (
                        _pair_count(c, (a * 10 + y, b * 10 + y)) == 4
                    ):
                        return True
    return False


def _two_mirrored_pairs(f: Facts) -> bool:
    c = f.total
    if not _sp(f):
        return False
    for i in range(1, 9):
        for j in range(i + 1, 10):
            for a, b in _suit_pairs():
                if _all_paired(c, (a * 10 + i, a * 10 + j, b * 10 + i, b * 10 + j)):
                    return True
    for i in range(1, 10):
        for a, b in _suit_pairs():
            if _pair_count(c, (a * 10 + i, b * 10 + i)) == 4:
                return True
    return False


def _mirrored_split(f: Facts, pair: int, sets: tuple[Set, ...]) -> bool:
    kinds = {0 if is_honor(s.tile) else suit(s.tile) for s in sets}
    if len(kinds) != 2:
        return False
    return (
        _matched_pairs(
            sets, lambda a, b: _same_number_other_suit_seq(a, b) or _same_number_triplets(a, b)
        )
        == 2
    )


def _shifted_by(gap: int) -> Callable[[Set, Set], bool]:
    def related(a: Set, b: Set) -> bool:
        return (
            a.is_seq and b.is_seq and suit(a.tile) == suit(b.tile) and abs(a.tile - b.tile) == gap
        )

    return related


def _outside(tiles: frozenset[int]) -> SplitTest:
    def test(f: Facts, pair: int, sets: tuple[Set, ...]) -> bool:
        return pair in tiles and all(s.touches(tiles) for s in sets)

    return test


def _no_honours_then(test: SplitTest) -> SplitTest:
    def wrapped(f: Facts, pair: int, sets: tuple[Set, ...]) -> bool:
        return not _has_honour(f) and test(f, pair, sets)

    return wrapped


def _common_number(f: Facts, pair: int, sets: tuple[Set, ...]) -> bool:
    n = number(pair)
    return all(s.touches((10 + n, 20 + n, 30 + n)) for s in sets)


_Criterion = tuple[str, SplitTest | None, HandTest | None, bool, bool]


def _criteria() -> list[_Criterion]:
    def hand(name: str, test: HandTest, sc: bool = True, special: bool = False) -> _Criterion:
        return (name, None, test, sc, special)

    def split(name: str, test: SplitTest, fallback: HandTest | None = None, sc: bool = False):
        return (name, test, fallback, sc, False)

    def kongs(n: int) -> SplitTest:
        return lambda f, p, s: sum(1 for x in s if x.shape == "kong" and x.concealed) >= n

    def ctrips(n: int) -> SplitTest:
        return lambda f, p, s: sum(1 for x in s if not x.is_seq and x.concealed) >= n

    def shifted(length: int, step: int, starts: Iterable[int]) -> SplitTest:
        runs = [[s * 10 + t + step * k for k in range(length)] for s in _SUITS for t in starts]
        return lambda f, p, sets: any(_has_sets(sets, _seqs(*r)) for r in runs)

    def shifted_trips(length: int) -> SplitTest:
        runs = _suited_runs(length, range(1, 11 - length))
        return lambda f, p, sets: any(_has_sets(sets, _trips(*r)) for r in runs)

    def value_pairs(k: int) -> tuple[SplitTest, HandTest]:
        return (
            lambda f, p, s: _value_pairs_any(f) >= k,
            lambda f: _pair_count(f.total, f.value_tiles) >= k,
        )

    fp4, fp4g = value_pairs(4)
    fp3, fp3g = value_pairs(3)
    fp2, fp2g = value_pairs(2)
    occasional = (
        ("天和", lambda f: f.heavenly_or_earthly and f.self_drawn, True),
        ("地和", lambda f: f.heavenly_or_earthly and not f.self_drawn, True),
        ("岭上开花", lambda f: f.kong_related and f.self_drawn, False),
        ("海底捞月", lambda f: f.final_tile and f.self_drawn, True),
        ("河底捞鱼", lambda f: f.final_tile and not f.self_drawn, True),
        ("抢杠", lambda f: f.kong_related and not f.self_drawn, True),
    )
    out: list[_Criterion] = [hand("和牌", lambda f: True)]
    out += [hand(name, test, sc) for name, test, sc in occasional]
    out += [
        hand("十三幺", _thirteen_orphans, special=True),
        hand("七对", _sp, special=True),
        hand("门前清", lambda f: all(m.concealed for m in f.melds)),
        split("四暗杠", lambda f, p, s: all(x.shape == "kong" and x.concealed for x in s)),
        split("三暗杠", kongs(3)),
        split("双暗杠", kongs(2)),
        split("暗杠", kongs(1)),
        hand("四杠", lambda f: sum(f.total.values()) >= 18, sc=False),
        hand("三杠", lambda f: sum(f.total.values()) >= 17, sc=False),
        hand("双杠", lambda f: sum(f.total.values()) >= 16, sc=False),
        split("四暗刻", lambda f, p, s: all(x.concealed and not x.is_seq for x in s)),
        split("三暗刻", ctrips(3)),
        split("对对和", lambda f, p, s: not any(x.is_seq for x in s)),
        hand("十二归", lambda f: _count_four(f) == 3),
        hand("八归", lambda f: _count_four(f) >= 2),
        hand(
            "三叠对", lambda f: _sp(f) and sum(n == 4 for n in f.total.values()) >= 3, special=True
        ),
        hand(
            "二叠对", lambda f: _sp(f) and sum(n == 4 for n in f.total.values()) >= 2, special=True
        ),
        hand("叠对", lambda f: _sp(f) and any(n == 4 for n in f.total.values()), special=True),
        hand("字一色", lambda f: not any(not is_honor(t) for t, n in f.total.items() if n)),
        hand("大四喜", lambda f: all(f.total[w] >= 3 for w in WINDS), sc=False),
        hand(
            "小四喜",
            lambda f: sum((f.total[w] >= 3) + (f.total[w] >= 2) for w in WINDS) == 7,
            sc=False,
        ),
        hand("四喜对", lambda f: _sp(f) and _all_paired(f.total, WINDS), special=True),
        split(
            "风牌三刻",
            lambda f, p, s: sum(1 for w in WINDS if _has_sets(s, _trips(w))) >= 3,
        ),
        hand("风牌七对", lambda f: _sp(f) and _pair_count(f.total, WINDS) == 7, special=True),
        hand("风牌六对", lambda f: _sp(f) and _pair_count(f.total, WINDS) >= 6, special=True),
        hand("大三元", lambda f: all(f.total[d] >= 3 for d in DRAGONS), sc=False),
        hand(
            "小三元",
            lambda f: sum((f.total[d] >= 3) + (f.total[d] >= 2) for d in DRAGONS) == 5,
            sc=False,
        ),
        hand("三元六对", lambda f: _sp(f) and _pair_count(f.total, DRAGONS) == 6, special=True),
        hand("三元对", lambda f: _sp(f) and _all_paired(f.total, DRAGONS), special=True),
        hand("番牌四刻", lambda f: _value_triplets(f) >= 4, sc=False),
        hand("番牌三刻", lambda f: _value_triplets(f) >= 3, sc=False),
        hand("番牌二刻", lambda f: _value_triplets(f) >= 2, sc=False),
        hand("番牌刻", lambda f: _value_triplets(f) >= 1, sc=False),
        hand(
            "番牌七对", lambda f: _sp(f) and _pair_count(f.total, f.value_tiles) >= 7, special=True
        ),
        hand(
            "番牌六对", lambda f: _sp(f) and _pair_count(f.total, f.value_tiles) >= 6, special=True
        ),
        hand(
            "番牌五对", lambda f: _sp(f) and _pair_count(f.total, f.value_tiles) >= 5, special=True
        ),
        split("番牌四副", fp4, fp4g, sc=True),
        split("番牌三副", fp3, fp3g, sc=True),
        split("番牌二副", fp2, fp2g, sc=True),
        hand("番牌", lambda f: _value_pairs_any(f) >= 1),
        hand("清幺九", lambda f: all(t in _TERMINALS for t, n in f.total.items() if n)),
        hand("混幺九", lambda f: all(t in _ORPHANS for t, n in f.total.items() if n)),
        split(
            "清带幺",
            _outside(_TERMINALS),
            lambda f: all(t in _TERMINALS for t, n in f.total.items() if n),
            sc=True,
        ),
        split(
            "混带幺",
            _outside(_ORPHANS),
            lambda f: all(t in _ORPHANS for t, n in f.total.items() if n),
            sc=True,
        ),
        hand("九莲宝灯", _nine_gates, sc=False),
        hand("清一色", lambda f: not _has_honour(f) and _flush_suits(f) == 1),
        hand("混一色", lambda f: _flush_suits(f) <= 1),
        hand("五门齐", _all_types, sc=False),
        hand("混一数", lambda f: len(_nums(f.total) - {0}) <= 1),
        hand("二数", _two_numbers),
        hand("二聚", lambda f: _within_run(_nums(f.total), 2)),
        hand("三聚", lambda f: _within_run(_nums(f.total), 3)),
        hand("四聚", lambda f: _within_run(_nums(f.total), 4)),
        split("连数", _connected_split, _connected_pairs, sc=True),
        hand("间数", lambda f: _gapped(_nums(f.total))),
        split(
            "镜数",
            _no_honours_then(lambda f, p, s: _mirror_split(s, p, False)),
            lambda f: _sp(f) and _reflected_pairs(f.total, False),
            sc=True,
        ),
        split(
            "映数",
            _no_honours_then(lambda f, p, s: _mirror_split(s, p, True)),
            lambda f: _sp(f) and _reflected_pairs(f.total, True),
            sc=True,
        ),
        split("满庭芳", _no_honours_then(_common_number)),
        split("四同顺", lambda f, p, s: all(x.key() == s[0].key() for x in s)),
        split("三同顺", lambda f, p, s: _equal_pairs(s) >= 3),
        split("二般高", lambda f, p, s: _equal_pairs(s) in (2, 4, 5, 6)),
        split("一般高", lambda f, p, s: _equal_pairs(s) >= 1),
        split("四连刻", shifted_trips(4)),
        split("三连刻", shifted_trips(3)),
        split("四步高", shifted(4, 1, (2, 3, 4, 5))),
        split("三步高", shifted(3, 1, (2, 3, 4, 5, 6))),
        split("四连环", shifted(4, 2, (2,))),
        split("三连环", shifted(3, 2, (2, 3, 4))),
        split("一气贯通", shifted(3, 3, (2,))),
        hand("七连对", _pair_run(7), special=True),
        hand("六连对", _pair_run(6), special=True),
        hand("五连对", _pair_run(5), special=True),
        hand("四连对", _pair_run(4), special=True),
        split(
            "三色同刻",
            lambda f, p, s: (
                sum(
                    1
                    for i in range(len(s))
                    for j in range(i + 1, len(s))
                    if _same_number_triplets(s[i], s[j])
                )
                == 3
            ),
        ),
        split(
            "三色同顺",
            lambda f, p, s: any(_has_sets(s, _seqs(10 + n, 20 + n, 30 + n)) for n in range(2, 9)),
        ),
        hand("三色二对", _two_triple_pairs, special=True),
        hand(
            "三色同对",
            lambda f: (
                _sp(f) and any(_all_paired(f.total, (10 + n, 20 + n, 30 + n)) for n in range(1, 10))
            ),
            special=True,
        ),
        split(
            "三色连刻",
            lambda f, p, s: any(_has_sets(s, _trips(*t)) for t in _MIXED_SHIFTED_TRIPLETS),
        ),
        split("三色贯通", lambda f, p, s: any(_has_sets(s, _seqs(*t)) for t in _MIXED_STRAIGHT)),
        split("镜同", _mirrored_split),
        hand("镜同三对", _three_mirrored_pairs, special=True),
        hand("镜同二对", _two_mirrored_pairs, special=True),
        split("双龙会", lambda f, p, s: _matched_pairs(s, _shifted_by(3)) == 2),
    ]
    return out


_CRITERIA = _criteria()
assert tuple(c[0] for c in _CRITERIA) == CODE_ORDER


def raw_fan_sets(facts: Facts) -> list[frozenset[str]]:
    """One raw fan set per reading of the hand (each split, then seven pairs), occasional
    fans included; empty if the tiles make no winning shape."""
    splits = _splits(facts)
    out: list[frozenset[str]] = []
    whole = {name: test(facts) for name, _, test, _, _ in _CRITERIA if test is not None}
    for pair, sets in splits:
        names = set()
        for name, per_split, hand_test, _, special in _CRITERIA:
            if special:
                continue
            if per_split is not None:
                if per_split(facts, pair, sets):
                    names.add(name)
            elif hand_test is not None and whole[name]:
                names.add(name)
        out.append(frozenset(names))
    if _seven_pairs(facts) or _thirteen_orphans(facts):
        names = set()
        for name, _, hand_test, sc, _ in _CRITERIA:
            if sc and hand_test is not None and whole[name]:
                names.add(name)
        out.append(frozenset(names))
    return out


#: The source's ``derepellenise``: a fan shown hides the fans it covers.
_COVERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("天和", ("门前清",)),
    ("地和", ("门前清",)),
    ("七对", ("门前清",)),
    ("四暗杠", ("三暗杠", "双暗杠", "暗杠", "四杠", "三杠", "双杠", "四暗刻", "三暗刻", "对对和",
              "门前清")),
    ("三暗杠", ("双暗杠", "暗杠", "三杠", "双杠", "三暗刻")),
    ("双暗杠", ("暗杠", "双杠")),
    ("四杠", ("三杠", "双杠", "对对和")),
    ("三杠", ("双杠",)),
    ("四暗刻", ("三暗刻", "对对和", "门前清")),
    ("十二归", ("八归",)),
    ("字一色", ("混一色", "混一数", "混幺九", "混带幺", "番牌")),
    ("大四喜", ("风牌三刻", "对对和", "混一数", "混一色", "番牌刻")),
    ("小四喜", ("风牌三刻", "混一色", "番牌")),
    ("四喜对", ("番牌",)),
    ("风牌七对", ("风牌六对", "四喜对", "番牌", "字一色", "十二归", "三叠对")),
    ("风牌六对", ("混一色", "混一数", "八归", "二叠对")),
    ("大三元", ("番牌三刻",)),
    ("小三元", ("番牌二刻", "番牌三副")),
    ("三元六对", ("三元对", "番牌六对", "混一色", "混一数", "十二归", "三叠对")),
    ("三元对", ("番牌三副",)),
    ("番牌四刻", ("番牌三刻", "番牌二刻", "番牌刻", "番牌四副", "番牌三副", "番牌二副", "番牌",
              "混一色", "混一数", "对对和")),
    ("番牌三刻", ("番牌二刻", "番牌刻", "番牌三副", "番牌二副", "番牌")),
    ("番牌二刻", ("番牌刻", "番牌二副", "番牌")),
    ("番牌刻", ("番牌",)),
    ("番牌七对", ("番牌六对", "番牌五对", "番牌四副", "番牌三副", "番牌二副", "番牌", "字一色",
              "十二归", "三叠对", "三元对")),
    ("番牌六对", ("番牌五对", "番牌四副", "番牌三副", "番牌二副", "番牌", "混一色", "混一数",
              "八归", "二叠对")),
    ("番牌五对", ("番牌四副", "番牌三副", "番牌二副", "番牌", "叠对")),
    ("番牌四副", ("番牌三副", "番牌二副", "番牌")),
    ("番牌三副", ("番牌二副", "番牌")),
    ("番牌二副", ("番牌",)),
    ("清幺九", ("混幺九", "清带幺", "混带幺", "二数")),
    ("混幺九", ("混带幺",)),
    ("清带幺", ("混带幺",)),
    ("九莲宝灯", ("清一色", "门前清")),
    ("清一色", ("混一色",)),
    ("五门齐", ("番牌",)),
    ("二聚", ("二数",)),
    ("四同顺", ("三同顺", "二般高", "一般高", "十二归")),
    ("三同顺", ("一般高",)),
    ("二般高", ("一般高",)),
    ("四连刻", ("三连刻", "对对和")),
    ("四步高", ("三步高",)),
    ("四连环", ("三连环",)),
    ("七连对", ("六连对", "五连对", "四连对", "清一色", "镜数", "连数")),
    ("六连对", ("五连对", "四连对")),
    ("五连对", ("四连对",)),
    ("三色二对", ("三色同对", "镜同二对")),
    ("镜同三对", ("镜同二对",)),
    ("二聚", ("三聚", "四聚")),
    ("三聚", ("四聚",)),
    ("三叠对", ("二叠对", "叠对", "十二归", "八归")),
    ("二叠对", ("叠对", "八归")),
    ("十三幺", ("混幺九", "门前清")),
)  # fmt: skip


def displayed(raw: Iterable[str]) -> list[str]:
    """The fans the source shows for a raw set, in :data:`CODE_ORDER` (和牌 is never shown by
    the source; it is kept here only when nothing else is left, so a hand is never blank)."""
    have = set(raw)
    shown = set(have) - {"和牌"}
    for fan, covered in _COVERS:
        if fan in have:
            shown -= set(covered)
    if {"镜数", "映数", "清一色"} <= have:
        shown.discard("映数")
    if not shown:
        shown = {"和牌"}
    return [name for name in CODE_ORDER if name in shown]
