"""The useful-tiles engine (hand.improving) gives exactly what trying every kind with shanten_counts
gives."""

from __future__ import annotations

import random

from openmahjong.hand import improving
from openmahjong.hand.shanten import shanten_counts
from openmahjong.tiles import counts34, parse
from tests.hand.strategies import random_counts, random_part


def brute(counts: list[int]) -> tuple[int, tuple[int, ...]]:
    current = shanten_counts(counts)
    better = []
    for j in range(34):
        if counts[j] < 4:
            counts[j] += 1
            if shanten_counts(counts) < current:
                better.append(j)
            counts[j] -= 1
    return current, tuple(better)


def clear_memos() -> None:
    """Forget everything hand.improving remembers, so that every part is met for the first time."""
    for memo in (
        improving._CACHE,
        improving._GROWN,
        improving._LOWERING,
        improving._CRITICAL,
        improving._SHRUNK,
        improving._VECTOR_OF,
        improving._SPECIALS,
    ):
        memo.clear()


def test_improving_matches_brute_force_on_random_hands_of_every_size():
    rng = random.Random(20261129)
    for _ in range(3000):
        counts = random_counts(rng, rng.choice((13, 10, 7, 4, 1)))
        improving._CACHE.clear()
        assert improving.improving(counts) == brute(counts), counts


def test_improving_after_matches_for_every_discard():
    rng = random.Random(7)
    for _ in range(600):
        counts = random_counts(rng, rng.choice((14, 11, 8)))
        kinds = [i for i in range(34) if counts[i]]
        after = {}
        for i in kinds:
            counts[i] -= 1
            after[i] = shanten_counts(counts)
            counts[i] += 1
        improving._CACHE.clear()
        got = improving.improving_after(counts, kinds, after)
        for i in kinds:
            counts[i] -= 1
            assert got[i] == brute(counts)[1]
            counts[i] += 1


def test_special_forms_and_the_fifth_copy():
    # Thirteen orphans one away: any missing orphan helps; seven pairs: new singles pair up.
    kokushi = counts34(parse("19m19p19s1234566z"))
    assert improving.improving(kokushi) == brute(kokushi)
    pairs = counts34(parse("1122m3344p5566s7z"))
    assert improving.improving(pairs) == brute(pairs)
    four = counts34(parse("1111m234p567p789s"))  # never a fifth 1m
    assert 0 not in improving.improving(four)[1]


def test_improving_is_exact_when_every_part_is_seen_for_the_first_time():
    # With empty memos every suit goes through the first-sight tests (kinds far from any held
    # tile skipped, a suit skipped when no split can use one more tile); the answers must not
    # change.
    rng = random.Random(2026)
    for _ in range(1500):
        counts = random_counts(rng, rng.choice((13, 13, 10, 7)))
        clear_memos()
        assert improving.improving(counts) == brute(counts), counts


def test_a_suit_and_its_mirror_share_a_record():
    # hand.improving reuses a known mirror's record for a suit seen for the first time.
    from openmahjong.hand.suit_tables import suit_record

    rng = random.Random(99)
    for _ in range(2000):
        part = random_part(rng, rng.randint(0, 14))
        assert suit_record(part) == suit_record(part[::-1]), list(part)


def brute_lowering(part: bytes) -> list[int]:
    """Per entry of the part's distance vector, the positions (bitmask) where one more tile
    gives a lower entry, trying every position near a held tile (a suit's tile within two of
    one, an honour held): only those can ever be useful, so only those are asked about."""
    from openmahjong.hand.distance import VECTORS

    v = VECTORS[improving._record_id(part)]
    masks = [0] * len(v)
    for p in range(len(part)):
        reach = 0 if len(part) == 7 else 2
        near = any(part[q] for q in range(len(part)) if abs(q - p) <= reach)
        if part[p] < 4 and near:
            grown = bytearray(part)
            grown[p] += 1
            g = VECTORS[improving._record_id(bytes(grown))]
            for k in range(len(v)):
                if g[k] < v[k]:
                    masks[k] |= 1 << p
    return masks


def test_lowering_masks_from_the_part_or_from_its_mirror_are_exact():
    # A suit met for the first time whose mirror is known takes the mirror's masks with the
    # positions reversed; either way they must be what growing every position gives.
    rng = random.Random(7)
    for n in range(1500):
        size = rng.randint(1, 9)
        counts = [0] * 9
        for _ in range(size):
            i = rng.randrange(9)
            if counts[i] < 4:
                counts[i] += 1
        part = bytes(counts)
        clear_memos()
        if n % 2:
            improving._lowering(part[::-1])  # the mirror first: the part is read from it
        assert list(improving._lowering(part)) == brute_lowering(part), counts
    for _ in range(300):
        honors = bytes(rng.choice((0, 0, 1, 2, 3)) for _ in range(7))
        clear_memos()
        assert list(improving._lowering(honors)) == brute_lowering(honors), honors


def discard_hands(seed: int, rounds: int) -> list[list[int]]:
    """Random 14 - 3k tile hands, with seven-pairs and thirteen-orphans-like ones mixed in."""
    rng = random.Random(seed)
    hands = [random_counts(rng, rng.choice((14, 14, 11, 8, 5, 2))) for _ in range(rounds)]
    for _ in range(rounds // 4):
        pairs = [0] * 34
        for i in rng.sample(range(34), 7):
            pairs[i] = 2
        pairs[rng.choice([i for i in range(34) if pairs[i]])] -= 1
        pairs[rng.choice([i for i in range(34) if pairs[i] < 4])] += 1
        orphans = [0] * 34
        for i in rng.sample(improving.ORPHANS, 11):
            orphans[i] = 1
        for i in rng.sample(range(34), 3):
            orphans[i] += 1
        hands += [pairs, orphans]
    return hands


def test_shanten_after_matches_shanten_counts_for_every_discard():
    for counts in discard_hands(11, 1500):
        kinds = [i for i in range(34) if counts[i]]
        if sum(counts) == 2:  # now and then from empty memos
            clear_memos()
        got = improving.shanten_after(counts, kinds)
        assert list(got) == kinds
        for i in kinds:
            counts[i] -= 1
            assert got[i] == shanten_counts(counts), (counts, i)
            counts[i] += 1


def test_improving_and_useful_after_on_hands_near_the_special_forms():
    rng = random.Random(5)
    for counts in discard_hands(12, 600):
        kinds = [i for i in range(34) if counts[i]]
        after = improving.shanten_after(counts, kinds)
        seen = [min(4, n + rng.choice((0, 0, 1, 2))) for n in counts]
        if rng.random() < 0.3:
            clear_memos()
        got = improving.useful_after(counts, kinds, after, seen)
        better = improving.improving_after(counts, kinds, after)
        for i in kinds:
            counts[i] -= 1
            want = brute(counts)[1]
            assert better[i] == want, (counts, i)
            assert got[i] == sum(4 - seen[j] for j in want), (counts, i)
            counts[i] += 1


def test_per_discard_answers_of_a_complete_hand():
    # A complete hand without a yaku is discarded from like any other: the whole hand is below
    # the shanten every discard leaves (ready), so no part may be skipped.
    for text in ("123m456p789s11z234m", "123m456p789s11z333m", "1122m3344p5566s77z"):
        counts = counts34(parse(text))
        kinds = [i for i in range(34) if counts[i]]
        after = improving.shanten_after(counts, kinds)
        got = improving.improving_after(counts, kinds, after)
        useful = improving.useful_after(counts, kinds, after, counts)
        for i in kinds:
            counts[i] -= 1
            want = brute(counts)
            assert (after[i], got[i]) == want, (text, i)
            assert useful[i] == sum(4 - counts[j] - (j == i) for j in want[1]), (text, i)
            counts[i] += 1


def test_useful_after_when_seven_pairs_sets_the_shanten_of_several_discards():
    # Four or five pairs and singles in a few suits: seven pairs is at the shanten of many
    # discards at once, whose single tiles in the other parts are summed once per shared
    # vector. Each discard's count must still be what trying every kind gives.
    rng = random.Random(77)
    for _ in range(400):
        counts = [0] * 34
        kinds = rng.sample(range(rng.choice((18, 27, 34))), 9 + rng.randint(0, 1))
        pairs = rng.randint(4, 5)
        for n, i in enumerate(kinds):
            counts[i] = 2 if n < pairs else 1
        while sum(counts) > 14:
            counts[rng.choice([i for i in range(34) if counts[i] == 1])] -= 1
        while sum(counts) < 14:
            counts[rng.choice([i for i in range(34) if counts[i] < 4])] += 1
        held = [i for i in range(34) if counts[i]]
        after = improving.shanten_after(counts, held)
        seen = [min(4, n + rng.choice((0, 1, 2))) for n in counts]
        if rng.random() < 0.2:
            clear_memos()
        got = improving.useful_after(counts, held, after, seen)
        for i in held:
            counts[i] -= 1
            want = brute(counts)[1]
            assert got[i] == sum(4 - seen[j] for j in want), (counts, i)
            counts[i] += 1


def test_draw_lowers_agrees_with_improving_for_every_kind():
    rng = random.Random(41)
    for _ in range(800):
        counts = random_counts(rng, rng.choice((13, 13, 10, 7, 4)))
        improving._CACHE.clear()
        now, better = improving.improving(counts)
        for kind in range(34):
            assert improving.draw_lowers(counts, kind) == (now, kind in better), (counts, kind)
