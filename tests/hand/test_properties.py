"""Invariants of shanten, waits and the discard table on random legal hands."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings

from openmahjong import hand
from openmahjong.tiles import counts34

from .strategies import hands


@given(hands())
def test_shanten_never_below_minus_one(tiles: list[int]) -> None:
    for forms in (hand.RIICHI_FORMS, hand.MCR_FORMS, hand.SICHUAN_FORMS):
        assert hand.shanten(tiles, forms=forms) >= -1


@given(hands(sizes=(14, 11, 8, 5, 2)))
def test_a_discard_changes_shanten_by_at_most_one(tiles: list[int]) -> None:
    before = hand.shanten(tiles)
    for i in range(len(tiles)):
        after = hand.shanten(tiles[:i] + tiles[i + 1 :])
        assert before <= after <= before + 1


@given(hands(sizes=(13, 10, 7, 4, 1)))
def test_a_draw_lowers_shanten_by_at_most_one(tiles: list[int]) -> None:
    before = hand.shanten(tiles)
    counts = counts34(tiles)
    for i in range(34):
        if counts[i] < 4:
            counts[i] += 1
            assert before - 1 <= hand.shanten_counts(counts) <= before
            counts[i] -= 1


@given(hands(sizes=(13, 10, 7, 4, 1)))
def test_waits_complete_the_hand_and_only_ready_hands_wait(tiles: list[int]) -> None:
    found = hand.waits(tiles)
    if hand.shanten(tiles) != 0:
        assert found == []
    for w in found:
        assert tiles.count(w) < 4
        assert hand.shanten(tiles + [w]) == -1


@given(hands(sizes=(14, 11)))
def test_complete_regular_hands_have_decompositions(tiles: list[int]) -> None:
    complete = hand.shanten_by_form(tiles, forms=(hand.REGULAR,))["regular"] == -1
    assert complete == bool(hand.decompositions(counts34(tiles)))


@settings(max_examples=50)
@given(hands(sizes=(14, 13)))
def test_discard_table_is_sorted_best_first(tiles: list[int]) -> None:
    if len(tiles) == 13:
        useful = hand.useful_tiles(tiles)
        now = hand.shanten(tiles)
        assert all(hand.shanten(tiles + [u.tile]) == now - 1 for u in useful)
        return
    table = hand.discard_table(tiles)
    keys = [(o.shanten, -o.total) for o in table]
    assert keys == sorted(keys)
    assert table[0].shanten == hand.shanten(tiles) or hand.shanten(tiles) == -1


@given(hands())
def test_batch_equals_single_calls(tiles: list[int]) -> None:
    batch = hand.shanten_batch(np.array([counts34(tiles)], dtype=np.uint8))
    assert batch.tolist() == [hand.shanten(tiles)]
