"""Single calls answer the same on a hand's first sight (tables filling) and once warm."""

from __future__ import annotations

import random
import struct

import pytest

from openmahjong import hand, tiles
from openmahjong.hand import part_tables

from .strategies import HAND_SIZES, random_counts

# A different tuple object than RIICHI_FORMS: shanten_counts takes the per-form path with it.
PER_FORM = (hand.REGULAR, hand.SEVEN_PAIRS, hand.THIRTEEN_ORPHANS)


def parts(counts: list[int]) -> tuple[bytes, ...]:
    return struct.unpack("9s9s9s7s", bytes(counts))


@pytest.mark.parametrize("size", HAND_SIZES)
def test_first_sight_and_warm_calls_match_the_per_form_answer(size: int) -> None:
    rng = random.Random(1000 + size)
    for _ in range(1500):
        counts = random_counts(rng, size)
        expected = hand.shanten_counts(counts, forms=PER_FORM)
        assert part_tables.fill_and_answer(*parts(counts)) == expected, counts
        assert hand.shanten_counts(counts) == expected, counts


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1122m3344p5566s7z", 0),  # seven pairs (the regular form is 3-shanten)
        ("19m19p19s1234567z", 0),  # thirteen orphans, thirteen-sided
        ("119m19p19s123456z", 0),  # thirteen orphans waiting on the Red dragon
        ("19m19p19s11234z", 5),  # a meld made: thirteen orphans (2 if closed) cannot apply
        ("1m", 0),  # four melds made: a lone tile waits on itself
    ],
)
def test_special_forms_only_count_for_closed_hands(text: str, expected: int) -> None:
    counts = tiles.counts34(tiles.parse(text))
    assert part_tables.fill_and_answer(*parts(counts)) == expected
    assert hand.shanten_counts(counts) == expected


def test_tables_hold_the_entries_a_call_needs() -> None:
    counts = tiles.counts34(tiles.parse("234m567p789s1155z"))
    answer = hand.shanten_counts(counts)
    m, p, s, z = parts(counts)
    part_m, _ = part_tables.SUIT_ENTRIES[m]
    part_p, _ = part_tables.SUIT_ENTRIES[p]
    part_s, _ = part_tables.SUIT_ENTRIES[s]
    part_z, _ = part_tables.HONOR_ENTRIES[z]
    union = part_tables.UNION
    regular = part_tables.REGULAR[union[part_m][part_p]][union[part_s][part_z]]
    assert regular == answer == 0  # ready: East or White for the fourth set


def held_kinds(counts: list[int]) -> list[int]:
    return [i for i, n in enumerate(counts) if n]


def one_call_each(counts: list[int], kinds: list[int], step: int) -> dict[int, int]:
    """Shanten of ``counts`` with ``step`` (-1: a discard, +1: a draw) of each kind, one plain
    ``shanten_counts`` call each: what the one-split entries must agree with."""
    out = {}
    for i in kinds:
        counts[i] += step
        out[i] = hand.shanten_counts(counts, forms=PER_FORM)
        counts[i] -= step
    return out


@pytest.mark.parametrize("size", (14, 11, 8, 5, 2))
def test_shanten_after_discards_matches_one_call_per_discard(size: int) -> None:
    rng = random.Random(500 + size)
    for _ in range(800):
        counts = random_counts(rng, size)
        kinds = held_kinds(counts)
        rng.shuffle(kinds)
        before = list(counts)
        answer = hand.shanten_after_discards(counts, kinds)
        assert answer == one_call_each(counts, kinds, -1), counts
        assert list(answer) == kinds  # in the order asked
        assert counts == before


def test_shanten_after_discards_of_a_ready_hand() -> None:
    counts = tiles.counts34(tiles.parse("123m456p789s111z2z3z"))
    answer = hand.shanten_after_discards(counts, held_kinds(counts))
    assert answer[27] == 1  # 11z 2z 3z: two lone honors
    assert [i for i, s in answer.items() if s == 0] == [28, 29]  # keep one honor: a pair wait


def test_shanten_after_discards_needs_held_kinds() -> None:
    counts = tiles.counts34(tiles.parse("123m456p789s1122z"))
    with pytest.raises(ValueError, match="holds none"):
        hand.shanten_after_discards(counts, [tiles.index34(tiles.parse("5m")[0])])


@pytest.mark.parametrize("size", (13, 10, 7, 4, 1))
def test_shanten_after_draws_matches_one_call_per_draw(size: int) -> None:
    rng = random.Random(700 + size)
    for _ in range(500):
        counts = random_counts(rng, size)
        kinds = [i for i in range(34) if counts[i] < 4]
        rng.shuffle(kinds)
        before = list(counts)
        answer = hand.shanten_after_draws(counts, kinds)
        assert answer == one_call_each(counts, kinds, +1), counts
        assert list(answer) == kinds
        assert counts == before


def test_shanten_after_draws_of_a_ready_hand() -> None:
    counts = tiles.counts34(tiles.parse("1112345678999m"))
    drawn = [tiles.index34(t) for t in tiles.parse("123456789m1z")]
    answer = hand.shanten_after_draws(counts, drawn)
    assert [answer[i] for i in drawn] == [-1] * 9 + [0]  # nine waits; an East wins nothing


def test_shanten_after_draws_refuses_a_fifth_copy() -> None:
    counts = tiles.counts34(tiles.parse("1111m456p789s1122z"))
    with pytest.raises(ValueError, match="holds four"):
        hand.shanten_after_draws(counts, [0])


def test_neighbour_entries_stay_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(part_tables, "_NEIGHBOURS_LIMIT", 50)
    # memos: emptying them only costs refills
    part_tables.SMALLER.clear()
    part_tables.LARGER.clear()
    rng = random.Random(8)
    for _ in range(300):
        counts = random_counts(rng, 14)
        kinds = held_kinds(counts)
        assert hand.shanten_after_discards(counts, kinds) == one_call_each(counts, kinds, -1)
        counts[kinds[0]] -= 1
        draws = [i for i in range(34) if counts[i] < 4]
        assert hand.shanten_after_draws(counts, draws) == one_call_each(counts, draws, +1)
        assert len(part_tables.SMALLER) <= 50
        assert len(part_tables.LARGER) <= 50
