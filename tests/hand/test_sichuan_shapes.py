"""``hand.sichuan``: shanten with a void suit (its tiles are tiles to replace), seven pairs with
four of a kind as two pairs, and the improving kinds, checked against trying every draw."""

from __future__ import annotations

import random

import pytest

from openmahjong.hand import sichuan
from openmahjong.hand.shanten import SICHUAN_FORMS, shanten_counts
from openmahjong.tiles import counts34, parse


def counts(text: str) -> list[int]:
    return counts34(parse(text))


def test_without_a_void_tile_it_agrees_with_the_shared_shanten():
    rng = random.Random(11)
    wall = [k for k in range(27) for _ in range(4)]
    for _ in range(3000):
        c = [0] * 34
        for i in rng.sample(wall, 13):
            c[i] += 1
        if any(n == 4 for n in c):
            continue  # four of a kind: Sichuan's seven pairs differ on purpose
        void = next((s for s in range(3) if not any(c[9 * s : 9 * s + 9])), None)
        assert sichuan.shanten(c, 0, void) == shanten_counts(c, forms=SICHUAN_FORMS)


def test_void_tiles_are_tiles_to_replace():
    ready = counts("123456m123789s11s")  # 14 tiles: complete
    assert sichuan.shanten(ready, 0, 1) == -1
    one_dot = counts("123456m123789s5p")  # four sets and a dot
    assert sichuan.shanten(one_dot, 0, 1) == 1  # not ready: the dot must go first
    assert sichuan.wait_kinds(one_dot, 0, 1) == []
    assert sichuan.shanten(one_dot, 0, None) == 0  # with no void: a single wait on 5p
    assert sichuan.wait_kinds(one_dot, 0, None) == [13]


def test_four_of_a_kind_are_two_pairs():
    dragon = counts("11112233m44556s")
    assert sichuan.seven_pairs_shanten(dragon, 0) == 0
    assert shanten_counts(dragon, forms=SICHUAN_FORMS) >= 0  # the shared form: one pair


def test_seven_pairs_need_a_closed_hand():
    assert sichuan.seven_pairs_shanten(counts("1122334455m"), 1) == 99


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_improving_kinds_are_exactly_the_draws_that_lower_shanten(seed):
    rng = random.Random(seed)
    wall = [k for k in range(27) for _ in range(4)]
    for _ in range(2000):
        melds = rng.choice((0, 0, 0, 1, 2, 3))
        c = [0] * 34
        for i in rng.sample(wall, 13 - 3 * melds):
            c[i] += 1
        void = rng.choice((None, 0, 1, 2))
        now = sichuan.shanten(c, melds, void)
        expected = []
        for i in range(27):
            if (void is not None and i // 9 == void) or c[i] >= 4:
                continue
            c[i] += 1
            if sichuan.shanten(c, melds, void) < now:
                expected.append(i)
            c[i] -= 1
        assert sichuan.improving(c, melds, void) == (now, expected)


def test_discard_options_put_void_tiles_first():
    options = sichuan.discard_options(counts("123456m123789s59p"), 0, 1)
    assert [o.kind for o in options[:2]] == [13, 17]  # 5p, 9p
    assert options[0].void and not options[2].void
    assert options[0].shanten == 1 < options[2].shanten


def test_a_bad_void_letter_is_refused():
    with pytest.raises(ValueError, match="m, p or s"):
        sichuan.suit_index("z")
