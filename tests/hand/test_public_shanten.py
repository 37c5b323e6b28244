"""The public ``shanten(tiles)``: the answers of ``shanten_counts`` and the errors of
``tiles.validate`` / ``tiles.check_copies``, whatever the input, compiled and plain alike."""

from __future__ import annotations

import enum
import os
import random
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

import numpy as np
import pytest

from openmahjong import hand, native
from openmahjong.tiles import ALL_KINDS, FLOWERS, RED_FIVES, check_copies, counts34, validate

from .strategies import HAND_SIZES

REPO = Path(__file__).resolve().parents[2]
WALL = [k for k in ALL_KINDS for _ in range(4)]
SIZE_ERROR = "a hand has 13 or 14 tiles less three per meld (14, 13, 11, 10, ...); got {}"


def random_tiles(rng: random.Random, size: int) -> list[int]:
    """A hand from one set, with some fives red and sometimes flowers (which are ignored)."""
    tiles = [WALL[i] for i in rng.sample(range(136), size)]
    reds = {15: 105, 25: 205, 35: 305}
    red_left = dict.fromkeys(RED_FIVES, 1)
    for i, t in enumerate(tiles):
        red = reds.get(t)
        if red and red_left[red] and rng.random() < 0.5:
            tiles[i], red_left[red] = red, 0
    if rng.random() < 0.2:
        tiles += rng.sample(FLOWERS, rng.randrange(1, 4))
    rng.shuffle(tiles)
    return tiles


def reference_error(tiles: list[object]) -> str | None:
    """What the public call must say about ``tiles``: the first bad tile in order, then too
    many copies, then a tile count no hand has; None for a good hand."""
    try:
        checked = [validate(t) for t in tiles]  # type: ignore[arg-type]
        check_copies(checked)
    except ValueError as error:
        return str(error)
    n = sum(counts34(checked))
    return SIZE_ERROR.format(n) if n % 3 == 0 or n > 14 else None


def error_of(tiles: Iterable[object]) -> str | None:
    try:
        hand.shanten(tiles)  # type: ignore[arg-type]
    except ValueError as error:
        return str(error)
    return None


@pytest.mark.parametrize("size", HAND_SIZES)
def test_the_public_call_answers_as_shanten_counts(size: int) -> None:
    rng = random.Random(1700 + size)
    for _ in range(2000):
        tiles = random_tiles(rng, size)
        expected = hand.shanten_counts(counts34(tiles))
        assert hand.shanten(tiles) == expected, tiles
        assert hand.shanten(tuple(tiles)) == expected, tiles
        assert hand.shanten(iter(tiles)) == expected, tiles


def test_the_forms_given_as_a_list_or_a_copy_are_the_same_forms() -> None:
    rng = random.Random(17)
    for _ in range(500):
        tiles = random_tiles(rng, rng.choice((13, 14)))
        counts = counts34(tiles)
        expected = hand.shanten_counts(counts)
        assert hand.shanten(tiles, forms=list(hand.RIICHI_FORMS)) == expected
        assert hand.shanten(tiles, forms=tuple(hand.RIICHI_FORMS)) == expected
        assert hand.shanten(tiles, forms=iter(hand.RIICHI_FORMS)) == expected
        assert hand.shanten(tiles, forms=hand.MCR_FORMS) == hand.shanten_counts(
            counts, hand.MCR_FORMS
        )


class Wind(enum.IntEnum):
    EAST = 41


#: (tiles, the error, or None when the hand is good): each kind of input a caller can get wrong.
NAMED = [
    ([11, 12, 13, 10], "10 is not a tile code"),
    ([11, 12, 13, 0], "0 is not a tile code"),
    ([11, 12, 13, -1], "-1 is not a tile code"),
    ([11, 12, 13, -305], "-305 is not a tile code"),
    ([11, 12, 13, -100_000], "-100000 is not a tile code"),
    ([11, 12, 13, 48], "48 is not a tile code"),
    ([11, 12, 13, 59], "59 is not a tile code"),
    ([11, 12, 13, 611], "611 is not a tile code"),
    ([11, 12, 13, 10**30], f"{10**30} is not a tile code"),
    ([11, 12, 13, 115], "115 is not a tile: only fives come in red"),
    ([11, 12, 13, True], "True is not a tile code"),
    ([11, 12, 13, 11.0], "11.0 is not a tile code"),
    ([11, 12, 13, "11"], "'11' is not a tile code"),
    ([11, 12, 13, None], "None is not a tile code"),
    ([11, 12, 13, np.int64(14)], "np.int64(14) is not a tile code"),
    ([10, 11, 12, 11.0], "10 is not a tile code"),  # the first bad tile is named
    ([11] * 5, "1m appears 5 times"),
    ([15, 15, 15, 15, 105], "5m appears 5 times"),
    ([105, 105, 105, 11], "0m appears 3 times: no set has more than two red fives"),
    ([51] * 5 + [11], "1f appears 5 times"),
    ([11] * 5 + [99], "99 is not a tile code"),  # a bad tile before too many copies
    ([11, 12, 13], SIZE_ERROR.format(3)),
    ([], SIZE_ERROR.format(0)),
    ([51, 52], SIZE_ERROR.format(0)),  # flowers are not hand tiles
    ([11] * 4 + [12] * 4 + [13] * 4 + [14] * 3, SIZE_ERROR.format(15)),
    ([11, 12, 13, 14, 51], None),
    ([105, 205, 305, 11], None),
    ([105, 105, 15, 15], None),
    ([11, 12, 13, Wind.EAST], None),  # an int subclass is an int
]


@pytest.mark.parametrize(("tiles", "message"), NAMED)
def test_bad_input_is_refused_with_the_errors_of_validate_and_check_copies(
    tiles: list[object], message: str | None
) -> None:
    got = error_of(tiles)
    assert got == reference_error(tiles)
    if message is None:
        assert got is None
        assert hand.shanten(tiles) == hand.shanten_counts(counts34(tiles))  # type: ignore[arg-type]
    else:
        assert got is not None and got.startswith(message), got
    assert error_of(iter(tiles)) == got  # an iterator is read once, errors and all


def test_random_corruptions_give_the_reference_errors() -> None:
    rng = random.Random(4)
    spoilers: list[object] = [0, 10, 20, 48, 50, 59, 100, 104, 106, 305, 405, -15, 1.5, True]
    for _ in range(3000):
        tiles: list[object] = list(random_tiles(rng, rng.choice(HAND_SIZES)))
        for _ in range(rng.randrange(1, 4)):
            what = rng.random()
            if what < 0.3:
                tiles.insert(rng.randrange(len(tiles) + 1), rng.choice(spoilers))
            elif what < 0.6 and tiles:
                tiles += [rng.choice(tiles)] * rng.randrange(1, 4)
            elif what < 0.8:
                tiles += rng.sample(ALL_KINDS, rng.randrange(1, 3))
            elif tiles:
                tiles.pop(rng.randrange(len(tiles)))
        assert error_of(tiles) == reference_error(tiles), tiles


def test_shanten_by_form_refuses_what_shanten_refuses() -> None:
    for tiles, message in NAMED:
        try:
            hand.shanten_by_form(tiles)  # type: ignore[arg-type]
            got = None
        except ValueError as error:
            got = str(error)
        assert got == reference_error(tiles), tiles
        if message is None:
            assert got is None


def test_unknown_forms_are_refused_before_the_tiles_are_read() -> None:
    with pytest.raises(ValueError, match="unknown form"):
        hand.shanten([10], forms=("pinfu",))
    with pytest.raises(ValueError, match="unknown form"):
        hand.shanten([11, 12, 13, 14], forms=())


CHILD = """
import random
from tests.hand.test_public_shanten import NAMED, error_of, random_tiles
from openmahjong import hand
rng = random.Random(5)
hands = [random_tiles(rng, rng.choice((1, 4, 7, 10, 13, 14))) for _ in range(3000)]
print(repr(([error_of(t) for t, _ in NAMED], [hand.shanten(t) for t in hands])))
"""


@pytest.mark.skipif(
    bool(os.environ.get("OPENMAHJONG_PURE")) or not native.built(),
    reason="the hot modules are not compiled here (make native)",
)
def test_compiled_and_plain_python_answer_and_refuse_alike() -> None:
    outputs = []
    for pure in (False, True):
        env = {k: v for k, v in os.environ.items() if k != "OPENMAHJONG_PURE"}
        if pure:
            env["OPENMAHJONG_PURE"] = "1"
        done = subprocess.run(
            [sys.executable, "-c", CHILD], cwd=REPO, env=env, capture_output=True, text=True
        )
        assert done.returncode == 0, done.stderr
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1]
