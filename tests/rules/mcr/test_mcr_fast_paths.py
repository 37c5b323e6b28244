"""The scorer's shortcuts give what the long way gives: the one-wait test, the suit fit, splits."""

from __future__ import annotations

import random
from itertools import product

from mcr_gb import meld_from_pack, random_win

from openmahjong.rules.mcr import scoring, shapes
from openmahjong.tiles import from_gb


def _fits_slowly(counts: list[int]) -> bool:
    """Sets only, by trying every pung and chow at the lowest tile."""
    i = next((k for k, n in enumerate(counts) if n), None)
    if i is None:
        return True
    if counts[i] >= 3:
        counts[i] -= 3
        ok = _fits_slowly(counts)
        counts[i] += 3
        if ok:
            return True
    if i <= 6 and counts[i + 1] and counts[i + 2]:
        for k in (i, i + 1, i + 2):
            counts[k] -= 1
        ok = _fits_slowly(counts)
        for k in (i, i + 1, i + 2):
            counts[k] += 1
        return ok
    return False


def test_suit_fit_in_one_pass_matches_the_search():
    rng = random.Random(3)
    shapes_seen = [c for c in product(range(4), repeat=9) if sum(c) <= 9]
    pick = (0, 0, 1, 2, 3, 4, 5)
    shapes_seen += [tuple(rng.choice(pick) for _ in range(9)) for _ in range(20000)]
    for c in shapes_seen:
        assert shapes._sets_only(c) == _fits_slowly(list(c)), c


def test_one_wait_test_matches_the_full_wait_list():
    rng = random.Random(17)
    checked = 0
    for _ in range(1500):
        row = random_win(rng)
        hand = [from_gb(t) for t in row["hand"]] + [from_gb(row["winTile"])]
        melds = [meld_from_pack(*p) for p in row["pack"]]
        for win in set(hand):  # every tile of the hand taken as the winning one
            ctx = scoring._prepare(hand, win, melds, False, False, False, False, 41, 41, 0, "mcr")
            if not scoring._readings(ctx.packed):
                continue
            checked += 1
            assert ctx.single_wait() == (len(ctx.waits()) == 1), (hand, win, melds)
    assert checked > 5000


def _splits_slowly(counts: list[int]) -> set[tuple[int, tuple[int, ...], tuple[int, ...]]]:
    """Every split into sets and at most one pair, by trying each set at the lowest tile."""
    found: set[tuple[int, tuple[int, ...], tuple[int, ...]]] = set()
    want_pair = sum(counts) % 3 == 2

    def walk(pair: int, chows: tuple[int, ...], pungs: tuple[int, ...]) -> None:
        i = next((k for k, n in enumerate(counts) if n), None)
        if i is None:
            if bool(pair) == want_pair:
                found.add((pair, tuple(sorted(chows)), tuple(sorted(pungs))))
            return
        if want_pair and not pair and counts[i] >= 2:
            counts[i] -= 2
            walk(i + 1, chows, pungs)
            counts[i] += 2
        if counts[i] >= 3:
            counts[i] -= 3
            walk(pair, chows, (*pungs, i))
            counts[i] += 3
        if i <= 6 and counts[i + 1] and counts[i + 2]:
            for k in (i, i + 1, i + 2):
                counts[k] -= 1
            walk(pair, (*chows, i + 1), pungs)
            for k in (i, i + 1, i + 2):
                counts[k] += 1

    if sum(counts) % 3 != 1:
        walk(0, (), ())
    return found


def test_listed_suit_splits_match_the_search():
    rng = random.Random(5)
    listed = [tuple(k >> (5 * r) & 31 for r in range(9)) for k in shapes._fitting_shapes()[0]]
    assert len(listed) == 21743
    pick = (0, 0, 0, 1, 1, 2, 3, 4)
    others = [tuple(rng.choice(pick) for _ in range(9)) for _ in range(20000)]
    for c in listed + [c for c in others if sum(c) <= 14]:
        assert set(shapes.suit_splits(c)) == _splits_slowly(list(c)), c
    fit = shapes._fitting_shapes()[1]
    for c in others:
        if sum(c) <= 14:
            assert fit.get(shapes.pack_suit(c), (False, False)) == shapes._fit(c), c


def test_packed_one_wait_test_matches_the_suit_completions():
    rng = random.Random(8)
    complete = [k for k in shapes._fitting_shapes()[0] if 0 < k % 31 <= 14]
    checked = 0
    for key in rng.sample(complete, 6000):
        counts = [key >> (5 * r) & 31 for r in range(9)]
        for rank in {r for r in range(9) if counts[r]}:
            counts[rank] -= 1
            _, fits_pair, to_sets, to_pair = shapes._suit_completions(tuple(counts))
            if sum(counts) % 3 == 2:
                expected = not fits_pair and to_sets == (rank,)
            else:
                expected = to_pair == (rank,)
            assert shapes.waits_only_on(shapes.pack_suit(counts), rank) == expected, counts
            counts[rank] += 1
            checked += 1
    assert checked > 20000
