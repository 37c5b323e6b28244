"""``shanten_batch``: complete numpy tables built once, equal to the single calls."""

from __future__ import annotations

import random

import numpy as np

from openmahjong import hand
from openmahjong.hand import batch, distance
from openmahjong.hand.suit_tables import COUNTER_BITS, special_entry

from .strategies import HAND_SIZES, random_counts


def test_a_batch_equals_single_calls_on_hands_of_every_size() -> None:
    rng = random.Random(1717)
    # Not a multiple of the rows per matrix product: the last slice is a short one.
    rows = [random_counts(rng, rng.choice(HAND_SIZES)) for _ in range(3 * batch._ROWS + 77)]
    got = hand.shanten_batch(np.array(rows, dtype=np.uint8))
    assert got.dtype == np.int16
    assert got.tolist() == [hand.shanten_counts(c) for c in rows]
    # Other integer dtypes and a second call over the now-built tables answer the same.
    assert hand.shanten_batch(np.array(rows, dtype=np.int64)).tolist() == got.tolist()


def test_the_special_forms_table_equals_special_entry_for_every_total() -> None:
    totals = np.arange(1 << COUNTER_BITS)
    expected = [special_entry(t)[1] for t in range(1 << COUNTER_BITS)]
    assert batch.special_best(totals).tolist() == expected


def test_merging_every_pair_at_once_equals_distance_merge() -> None:
    distance.suit_class_id(0)
    vectors = [distance.VECTORS[i] for i in distance._class_ids]
    merged = batch._merge_all(np.array(vectors), np.array(vectors))
    for i, a in enumerate(vectors):
        for j, b in enumerate(vectors):
            assert tuple(merged[i, j].tolist()) == distance._merge(a, b), (a, b)
