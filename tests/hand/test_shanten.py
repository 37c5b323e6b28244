"""Shanten for every form, on named hands and edges."""

from __future__ import annotations

import pytest

from openmahjong import hand
from openmahjong.tiles import parse


def sh(text: str, forms=hand.RIICHI_FORMS) -> int:
    return hand.shanten(parse(text), forms=forms)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("123m456p789s11122z", -1),  # four sets and a pair
        ("123m456p789s1112z", 0),  # East set and South single, or East pair
        ("123m456p789s1234z", 2),  # 111z costs two, 22z one
        ("1119m", 0),  # one meld made three times: 10 tiles less three each -> 4 tiles
        ("11m", -1),  # four melds made: a pair completes
        ("1m", 0),
        ("12m", 0),  # not a pair yet: draw 1m or 2m
        ("1m2p3s4z5z6z7z1m2p3s4z5z6z", 0),  # six pairs and a single: ready for seven pairs
    ],
)
def test_regular_and_melded_hands(text: str, expected: int) -> None:
    assert sh(text) == expected


def test_seven_pairs_complete_and_ready() -> None:
    assert sh("1122m3344p5566s77z") == -1
    assert sh("1122m3344p5566s7z") == 0
    assert hand.shanten_by_form(parse("1122m3344p5566s7z"))["seven_pairs"] == 0


def test_four_of_a_kind_is_never_two_pairs() -> None:
    # 1111m counts as one pair: five pairs among six kinds is 2-shanten for seven pairs
    # (it would be ready if the quad were two pairs).
    by_form = hand.shanten_by_form(parse("1111m3344p5566s7z"))
    assert by_form["seven_pairs"] == 2
    assert hand.waits(parse("1111m3344p5566s7z"), forms=(hand.SEVEN_PAIRS,)) == []


def test_thirteen_orphans() -> None:
    assert sh("19m19p19s1234567z1m") == -1
    assert sh("19m19p19s1234567z") == 0
    assert hand.waits(parse("19m19p19s1234567z")) == [
        11,
        19,
        21,
        29,
        31,
        39,
        41,
        42,
        43,
        44,
        45,
        46,
        47,
    ]
    assert hand.waits(parse("119m19p19s123456z")) == [45]  # 7z is Red, code 45
    assert hand.shanten_by_form(parse("19m19p19s1234566z"))["thirteen_orphans"] == 0


def test_fifth_tile_is_not_a_wait() -> None:
    # riichi-profile "sole wait": 1111m with 234p567p789s needs a fifth 1m for the only
    # tanki-looking wait, so the hand is not ready.
    assert sh("1111m234p567p789s") == 1
    assert hand.waits(parse("1111m234p567p789s")) == []
    # Holding three and the pair shape elsewhere keeps the real waits.
    assert hand.waits(parse("1112345678999m")) == list(range(11, 20))


def test_empty_waits_on_visible_tiles_are_still_waits() -> None:
    # Waiting on 5z with all other copies visible is still a wait (profile: "ordinary empty
    # waits remain valid"); only copies inside the hand make a fifth impossible.
    held = parse("123m456p789s5551z")
    assert hand.waits(held) == [41]
    useful = hand.useful_tiles(held, visible=parse("111z"))
    assert [(u.tile, u.remaining) for u in useful] == [(41, 0)]


def test_mcr_honors_and_knitted() -> None:
    forms = hand.MCR_FORMS
    assert (
        hand.shanten_by_form(parse("147m258p369s12345z"), forms=forms)["honors_and_knitted"] == -1
    )
    assert sh("147m258p369s1234z", forms) == 0
    assert hand.waits(parse("147m258p369s1234z"), forms=forms) == [45, 46, 47]
    # Any 14 of the 16 tiles of one pattern plus honors: 47m258p369s1234567z is complete.
    assert sh("47m258p369s123456z", forms) == -1
    # Mixing two patterns (1m and 2m) breaks it.
    assert hand.shanten_by_form(parse("12m258p369s123456z"), forms=forms)["honors_and_knitted"] == 0


def test_mcr_knitted_straight() -> None:
    forms = hand.MCR_FORMS
    by_form = hand.shanten_by_form(parse("147m258p369s123m11z"), forms=forms)
    assert by_form["knitted_straight"] == -1
    assert by_form["regular"] > -1
    # With one meld made (11 tiles): the knitted nine and a pair.
    assert hand.shanten_by_form(parse("147m258p369s11z"), forms=forms)["knitted_straight"] == -1
    assert hand.waits(parse("147m258p36s123m11z"), forms=forms) == [39]
    # Forms that cannot apply to a melded hand report 99.
    assert hand.shanten_by_form(parse("147m258p369s11z"), forms=forms)["seven_pairs"] == 99


def test_sichuan_forms_exclude_orphans() -> None:
    assert sh("19m19p19s1234567z", hand.SICHUAN_FORMS) > 0


@pytest.mark.parametrize(
    "text",
    ["12m3", "123m456p789s123z", "11111m", "1234567890123456m"],
)
def test_bad_hands_raise_clear_errors(text: str) -> None:
    with pytest.raises(ValueError):
        sh(text)


def test_unknown_form_is_named() -> None:
    with pytest.raises(ValueError, match="unknown form"):
        hand.shanten(parse("123m"), forms=("pinfu",))
