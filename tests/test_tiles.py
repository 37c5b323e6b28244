"""Tile codes, text notation and converters (openmahjong.tiles).

The red-five cases here first caught ``kind(105)`` returning 5 instead of 15; they stay as its
regression tests.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from openmahjong import tiles
from openmahjong.tiles import (
    ALL_KINDS,
    EAST,
    FLOWERS,
    GREEN,
    NORTH,
    RED,
    RED_FIVES,
    SOUTH,
    SUITED,
    WEST,
    WHITE,
)

# A physical set: every kind x4 with one plain five per suit swapped for its red five, plus the
# eight flowers. Sampling positions without replacement from it gives legal tile multisets.
POOL: list[int] = [t for t in ALL_KINDS for _ in range(4)]
for _red in RED_FIVES:
    POOL.remove(_red // 100 * 10 + 5)
POOL += list(RED_FIVES) + list(FLOWERS)
NO_RED_POOL = [t for t in POOL if t not in RED_FIVES]


def hands(pool: list[int], max_size: int = 20):
    """Lists of tiles drawn without replacement from ``pool`` (random order)."""
    return st.lists(
        st.integers(0, len(pool) - 1), unique=True, max_size=min(max_size, len(pool))
    ).map(lambda idx: [pool[i] for i in idx])


# --------------------------------------------------------------------------- codes


def test_code_tables():
    assert tuple(range(11, 20)) + tuple(range(21, 30)) + tuple(range(31, 40)) == SUITED
    assert (EAST, SOUTH, WEST, NORTH) == (41, 42, 43, 44)
    assert (RED, WHITE, GREEN) == (45, 46, 47)
    assert tuple(range(51, 59)) == FLOWERS
    assert RED_FIVES == (105, 205, 305)
    assert len(ALL_KINDS) == 34


def test_kind_of_plain_tiles_is_itself():
    assert all(tiles.kind(t) == t for t in ALL_KINDS + FLOWERS)


@pytest.mark.parametrize(("red", "plain"), [(105, 15), (205, 25), (305, 35)])
def test_kind_of_red_five_is_plain_five(red, plain):
    assert tiles.kind(red) == plain


def test_red_fives_are_suited_fives():
    assert all(tiles.is_suited(t) for t in RED_FIVES)
    assert [tiles.suit(t) for t in RED_FIVES] == [1, 2, 3]
    assert [tiles.number(t) for t in RED_FIVES] == [5, 5, 5]


def test_predicates_on_plain_tiles():
    assert tiles.is_suited(11) and not tiles.is_suited(41) and not tiles.is_suited(51)
    assert tiles.is_honor(45) and not tiles.is_honor(39) and not tiles.is_honor(51)
    assert tiles.is_flower(58) and not tiles.is_flower(47)
    assert tiles.is_terminal(19) and tiles.is_terminal(31) and not tiles.is_terminal(41)
    assert tiles.is_terminal_or_honor(44) and not tiles.is_terminal_or_honor(25)
    assert not tiles.is_terminal(105)
    assert tiles.is_red(205) and not tiles.is_red(25)
    assert [tiles.suit(t) for t in (17, 23, 39, 42, 55)] == [1, 2, 3, 4, 5]


def test_index34_round_trip():
    assert [tiles.index34(k) for k in ALL_KINDS] == list(range(34))
    assert [tiles.from_index34(i) for i in range(34)] == list(ALL_KINDS)
    with pytest.raises(ValueError, match="no place"):
        tiles.index34(51)
    with pytest.raises(ValueError, match="outside 0..33"):
        tiles.from_index34(34)


def test_index34_and_counts34_of_red_fives():
    assert tiles.index34(105) == 4
    assert tiles.counts34([105, 15, 205])[4] == 2


def test_counts34_plain():
    counts = tiles.counts34([11, 11, 45, 47, 51])
    assert counts[0] == 2 and counts[31] == 1 and counts[33] == 1 and sum(counts) == 4


def test_sort_key_puts_red_five_among_the_fives():
    assert sorted([16, 105, 14, 15], key=tiles.sort_key) == [14, 105, 15, 16]


def test_validate():
    assert tiles.validate(105) == 105
    for bad in (0, 10, 20, 40, 48, 50, 59, 100, 115, True, "11", 1.0):
        with pytest.raises(ValueError, match="not a tile"):
            tiles.validate(bad)  # type: ignore[arg-type]


def test_red_six_is_rejected():
    with pytest.raises(ValueError):
        tiles.validate(106)
    with pytest.raises(ValueError, match="only fives come in red"):
        tiles.from_mjai("6mr")
    with pytest.raises(ValueError):
        tiles.format([106])


def test_red_six_message_names_the_problem():
    with pytest.raises(ValueError, match="only fives come in red"):
        tiles.validate(106)


# --------------------------------------------------------------------------- text notation


def test_parse_named_hand():
    assert tiles.parse("123m406p789s1234567z") == [
        11, 12, 13, 24, 205, 26, 37, 38, 39,
        EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED,
    ]  # fmt: skip


def test_z_order_is_east_south_west_north_white_green_red():
    assert tiles.parse("1z2z3z4z5z6z7z") == [41, 42, 43, 44, 46, 47, 45]
    assert tiles.format([RED, WHITE, GREEN]) == "756z"


def test_flowers_and_reds():
    assert tiles.parse("12345678f") == list(FLOWERS)
    assert tiles.parse("0m0p0s") == [105, 205, 305]
    assert tiles.format([105, 205, 305]) == "0m0p0s"


def test_format_merges_runs_and_keeps_order():
    assert tiles.format([11, 12, 21, 13]) == "12m1p3m"
    assert tiles.format([]) == ""
    assert tiles.format([11, 21, 12, 105, 46]) == "1m1p20m5z"


def test_parse_tolerates_spaces_and_upper_case():
    assert tiles.parse(" 12m 3M ") == [11, 12, 13]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("12x", "unexpected 'x' at position 3"),
        ("123", "no suit letter"),
        ("m", "has no digits"),
        ("0z", "not an honor"),
        ("8z", "not an honor"),
        ("9f", "not a flower"),
        ("0f", "not a flower"),
        ("11111m", "fifth copy"),
        ("555555m", "appears 6 times"),
        ("123m1111z1z", "fifth copy"),
        ("000m", "two red fives"),
    ],
)
def test_parse_rejects(text, message):
    with pytest.raises(ValueError, match=message):
        tiles.parse(text)


def test_fifth_copy_counting_the_red_five():
    # 5m x4 plus the red 5m is five copies of the kind 15.
    with pytest.raises(ValueError, match="fifth copy"):
        tiles.parse("55550m")


def test_parse_without_check_allows_extra_copies():
    assert tiles.parse("11111m", check=False) == [11] * 5


def test_parse_rejects_non_text():
    with pytest.raises(ValueError, match="text"):
        tiles.parse([11])  # type: ignore[arg-type]


@given(hands(POOL))
def test_parse_format_round_trip(hand):
    assert tiles.parse(tiles.format(hand)) == hand


@given(st.lists(st.sampled_from(sorted(tiles._VALID)), max_size=30))
def test_parse_format_round_trip_unchecked(hand):
    assert tiles.parse(tiles.format(hand), check=False) == hand


# --------------------------------------------------------------------------- Tenhou 136-ids


def test_tenhou136_plain_kinds():
    assert tiles.from_tenhou136(0) == 11
    assert tiles.from_tenhou136(35) == 19
    assert tiles.from_tenhou136(36) == 21
    assert tiles.from_tenhou136(108) == EAST
    assert tiles.from_tenhou136(123) == NORTH
    # Tenhou orders the dragons White, Green, Red.
    assert tiles.from_tenhou136(124) == WHITE
    assert tiles.from_tenhou136(128) == GREEN
    assert tiles.from_tenhou136(132) == RED
    assert tiles.from_tenhou136(135) == RED


def test_tenhou136_red_ids():
    assert [tiles.from_tenhou136(i) for i in (16, 52, 88)] == [105, 205, 305]
    assert [tiles.from_tenhou136(i, red_fives=False) for i in (16, 52, 88)] == [15, 25, 35]
    assert [tiles.from_tenhou136(i) for i in (17, 53, 89)] == [15, 25, 35]


def test_to_tenhou136_plain():
    assert tiles.to_tenhou136([11, 11, 46, 47, 45]) == [0, 1, 124, 128, 132]
    # Plain fives keep id 0 (the red one) for last.
    assert tiles.to_tenhou136([15, 15, 15, 15]) == [17, 18, 19, 16]


def test_to_tenhou136_rejects():
    with pytest.raises(ValueError, match="more than four"):
        tiles.to_tenhou136([11] * 5)
    with pytest.raises(ValueError, match="flower"):
        tiles.to_tenhou136([51])
    with pytest.raises(ValueError, match="not a Tenhou tile id"):
        tiles.from_tenhou136(136)


def test_to_tenhou136_red_fives():
    assert tiles.to_tenhou136([105, 205, 305]) == [16, 52, 88]
    assert tiles.to_tenhou136([15, 105, 15]) == [17, 16, 18]


@given(hands(NO_RED_POOL))
def test_tenhou136_round_trip_without_reds(hand):
    hand = [t for t in hand if not tiles.is_flower(t)]
    ids = tiles.to_tenhou136(hand)
    assert len(set(ids)) == len(ids)
    assert [tiles.from_tenhou136(i, red_fives=False) for i in ids] == hand


@given(hands(POOL))
def test_tenhou136_round_trip_with_reds(hand):
    hand = [t for t in hand if not tiles.is_flower(t)]
    assert [tiles.from_tenhou136(i) for i in tiles.to_tenhou136(hand)] == hand


def test_all_136_ids_cover_a_riichi_set():
    from collections import Counter

    got = Counter(tiles.from_tenhou136(i) for i in range(136))
    assert got == Counter(t for t in POOL if not tiles.is_flower(t))


# --------------------------------------------------------------------------- tenhou.net/6


def test_tenhou6_codes():
    assert [tiles.from_tenhou6(c) for c in (11, 29, 39, 41, 44)] == [11, 29, 39, 41, 44]
    assert [tiles.from_tenhou6(c) for c in (45, 46, 47)] == [WHITE, GREEN, RED]
    assert [tiles.from_tenhou6(c) for c in (51, 52, 53)] == [105, 205, 305]
    assert [tiles.to_tenhou6(t) for t in (WHITE, GREEN, RED)] == [45, 46, 47]
    assert [tiles.to_tenhou6(t) for t in RED_FIVES] == [51, 52, 53]
    assert tiles.to_tenhou6(15) == 15


@pytest.mark.parametrize("code", [0, 10, 20, 40, 48, 50, 54, 105])
def test_tenhou6_rejects(code):
    with pytest.raises(ValueError, match="tenhou.net/6"):
        tiles.from_tenhou6(code)


def test_tenhou6_has_no_flowers():
    with pytest.raises(ValueError, match="flower"):
        tiles.to_tenhou6(51)


def test_tenhou6_round_trip_every_tile():
    for t in list(ALL_KINDS) + list(RED_FIVES):
        assert tiles.from_tenhou6(tiles.to_tenhou6(t)) == t


# --------------------------------------------------------------------------- mjai


def test_mjai_names():
    assert tiles.to_mjai(11) == "1m" and tiles.to_mjai(39) == "9s"
    assert [tiles.to_mjai(t) for t in RED_FIVES] == ["5mr", "5pr", "5sr"]
    assert [tiles.to_mjai(t) for t in (EAST, SOUTH, WEST, NORTH)] == ["E", "S", "W", "N"]
    # mjai's P F C are White, Green, Red.
    assert [tiles.from_mjai(n) for n in ("P", "F", "C")] == [WHITE, GREEN, RED]
    assert tiles.from_mjai("5pr") == 205


@pytest.mark.parametrize(("name", "message"), [
    ("0m", "5mr"), ("6mr", "only fives"), ("5mx", "not an mjai"), ("1z", "not an mjai"),
    ("X", "not an mjai"), ("", "not an mjai"),
])  # fmt: skip
def test_mjai_rejects(name, message):
    with pytest.raises(ValueError, match=message):
        tiles.from_mjai(name)


def test_mjai_round_trip_every_tile():
    for t in list(ALL_KINDS) + list(RED_FIVES):
        assert tiles.from_mjai(tiles.to_mjai(t)) == t
    with pytest.raises(ValueError, match="flower"):
        tiles.to_mjai(51)


# --------------------------------------------------------------------------- PyMahjongGB


def test_gb_names():
    # W characters, B dots, T bamboo.
    assert [tiles.to_gb(t) for t in (11, 25, 39)] == ["W1", "B5", "T9"]
    assert [tiles.to_gb(t) for t in (EAST, SOUTH, WEST, NORTH)] == ["F1", "F2", "F3", "F4"]
    # J1 Red, J2 Green, J3 White.
    assert [tiles.to_gb(t) for t in (RED, GREEN, WHITE)] == ["J1", "J2", "J3"]
    assert [tiles.to_gb(t) for t in (51, 58)] == ["H1", "H8"]
    assert [tiles.from_gb(n) for n in ("J1", "J2", "J3")] == [RED, GREEN, WHITE]


@pytest.mark.parametrize("name", ["W0", "T10", "F5", "J4", "H9", "X1", "", "w1"])
def test_gb_rejects(name):
    with pytest.raises(ValueError, match="PyMahjongGB"):
        tiles.from_gb(name)


def test_gb_round_trip_every_tile():
    for t in list(ALL_KINDS) + list(FLOWERS):
        assert tiles.from_gb(tiles.to_gb(t)) == t


def test_gb_red_five_is_a_plain_five():
    # PyMahjongGB has no red fives; the tile is still a five of its suit.
    assert [tiles.to_gb(t) for t in RED_FIVES] == ["W5", "B5", "T5"]
