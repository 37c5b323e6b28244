"""The tile parser does work in proportion to its input, and builds error text only to raise.

The probe of issue 15 found ``tiles.parse`` rendering ``repr(text)`` once per tile: 40 KB of
hand took 3 s, 1 MB half an hour. Counting how often the input is rendered proves the fix
without timing anything.
"""

from __future__ import annotations

import pytest

from openmahjong import tiles


class CountingText(str):
    """A str that counts how often it is rendered with repr()."""

    renders = 0

    def __repr__(self) -> str:
        type(self).renders += 1
        return super().__repr__()


@pytest.fixture
def counting():
    CountingText.renders = 0
    return CountingText


@pytest.mark.parametrize("tiles_in_text", [14, 1_000, 100_000])
def test_a_valid_text_is_never_rendered(counting, tiles_in_text):
    text = counting("123456789m" * (tiles_in_text // 9 + 1))
    parsed = tiles.parse(text, check=False)
    assert len(parsed) >= tiles_in_text
    assert counting.renders == 0


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("123m8z", "8z at position 5"),
        ("123m9f", "9f at position 5"),
        ("12x", "unexpected 'x' at position 3"),
        ("m", "has no digits"),
        ("123", "ends with digits"),
    ],
)
def test_a_bad_text_is_rendered_once_for_its_error(counting, text, words):
    with pytest.raises(ValueError, match=words):
        tiles.parse(counting(text))
    assert counting.renders <= 1


def test_a_long_bad_text_is_quoted_shortened():
    """The message of a 100 000-tile text names the problem, not the whole text."""
    with pytest.raises(ValueError) as refused:
        tiles.parse("1m" * 100_000 + "x")
    message = str(refused.value)
    assert "unexpected 'x' at position 200001" in message
    assert len(message) < 300
