"""The rank ladders: exact rank points per tier and level, promotion and demotion edges."""

from __future__ import annotations

import pytest

from openmahjong.ranks.ladder import MAJSOUL, MCR, Length, Standing, Tier, ladder_for, length_of

E, S = Length.EAST, Length.SOUTH


def at(key: str, points: int, ladder=MAJSOUL) -> Standing:
    return Standing(ladder.index(key), points)


@pytest.mark.parametrize(
    ("tier", "length", "first", "second"),
    [
        (Tier.BRONZE, E, 10, 5),
        (Tier.BRONZE, S, 20, 10),
        (Tier.SILVER, E, 20, 10),
        (Tier.SILVER, S, 40, 20),
        (Tier.GOLD, E, 40, 20),
        (Tier.GOLD, S, 80, 40),
        (Tier.JADE, E, 55, 30),
        (Tier.JADE, S, 110, 55),
        (Tier.THRONE, E, 60, 30),
        (Tier.THRONE, S, 120, 60),
    ],
)
def test_room_bonus_for_first_and_second(tier, length, first, second):
    here = at("master-1", 1500)
    # 25000 even: the score term is the uma alone (+15 first, +5 second).
    assert MAJSOUL.delta(here, tier, length, 1, 25000, 25000) == 15 + first
    assert MAJSOUL.delta(here, tier, length, 2, 25000, 25000) == 5 + second
    assert MAJSOUL.delta(here, tier, length, 3, 25000, 25000) == -5


@pytest.mark.parametrize(
    ("key", "east", "south"),
    [
        ("novice-3", 0, 0),
        ("adept-1", 10, 20),
        ("adept-3", 30, 60),
        ("expert-1", 40, 80),
        ("expert-3", 60, 120),
        ("master-1", 80, 165),
        ("master-3", 100, 195),
        ("saint-1", 110, 210),
        ("saint-3", 130, 240),
    ],
)
def test_fourth_place_loses_by_level(key, east, south):
    here = at(key, 10)
    assert MAJSOUL.delta(here, Tier.GOLD, E, 4, 25000, 25000) == -15 - east
    assert MAJSOUL.delta(here, Tier.GOLD, S, 4, 25000, 25000) == -15 - south


def test_score_term_is_rounded_up():
    here = at("expert-2", 900)
    # (48,200 - 25,000) / 1000 + 15 = 38.2 -> 39, plus Gold South's 80
    assert MAJSOUL.delta(here, Tier.GOLD, S, 1, 48200, 25000) == 39 + 80
    # (3,100 - 25,000) / 1000 - 15 = -36.9 -> -36, minus Expert 2's South penalty 100
    assert MAJSOUL.delta(here, Tier.GOLD, S, 4, 3100, 25000) == -36 - 100
    # A negative final score: (-12,300 - 25,000) / 1000 - 15 = -52.3 -> -52
    assert MAJSOUL.delta(here, Tier.GOLD, E, 4, -12300, 25000) == -52 - 50


def test_promotion_lands_on_the_next_levels_starting_points():
    assert MAJSOUL.apply(at("novice-1", 10), 10) == at("novice-2", 0)
    assert MAJSOUL.apply(at("novice-3", 190), 35) == at("adept-1", 300)
    assert MAJSOUL.apply(at("adept-3", 999), 1) == at("expert-1", 600)
    assert MAJSOUL.apply(at("expert-3", 1900), 120) == at("master-1", 1400)
    assert MAJSOUL.apply(at("master-3", 3599), 1) == at("saint-1", 2000)
    assert MAJSOUL.apply(at("saint-1", 3999), 1) == at("saint-2", 3000)
    assert MAJSOUL.apply(at("saint-2", 5990), 10) == at("saint-3", 4500)
    assert MAJSOUL.apply(at("saint-3", 8990), 10) == at("celestial-1", 1000)
    # One point short stays.
    assert MAJSOUL.apply(at("adept-3", 998), 1) == at("adept-3", 999)


def test_demotion_at_zero_to_the_previous_levels_starting_points():
    assert MAJSOUL.apply(at("adept-2", 30), -31) == at("adept-1", 300)
    assert MAJSOUL.apply(at("expert-1", 40), -41) == at("adept-3", 500)
    assert MAJSOUL.apply(at("master-1", 100), -165) == at("expert-3", 1000)
    assert MAJSOUL.apply(at("saint-1", 5), -300) == at("master-3", 1800)
    assert MAJSOUL.apply(at("saint-3", 0), -1) == at("saint-2", 3000)
    # Exactly zero keeps the level.
    assert MAJSOUL.apply(at("expert-1", 40), -40) == at("expert-1", 0)


def test_no_demotion_from_the_lowest_levels():
    assert MAJSOUL.apply(at("novice-2", 5), -30) == at("novice-2", 0)
    assert MAJSOUL.apply(at("novice-1", 0), -100) == at("novice-1", 0)
    assert MAJSOUL.apply(at("adept-1", 10), -100) == at("adept-1", 0)


def test_celestial_counts_by_placement_and_doubles_when_all_are_celestial():
    here = at("celestial-1", 1000)
    assert MAJSOUL.delta(here, Tier.THRONE, S, 1, 80000, 25000) == 50
    assert MAJSOUL.delta(here, Tier.THRONE, S, 4, 0, 25000) == -50
    assert MAJSOUL.delta(here, Tier.THRONE, E, 2, 0, 25000) == 10
    assert MAJSOUL.delta(here, Tier.THRONE, S, 1, 0, 25000, all_top=True) == 100
    # 20.0 soul points promote to the next Celestial level at 10.0.
    assert MAJSOUL.apply(at("celestial-1", 1980), 50) == at("celestial-2", 1000)
    assert MAJSOUL.apply(at("celestial-2", 30), -50) == at("celestial-1", 1000)
    # Losing every soul point at Celestial 1 goes back to Saint 3.
    assert MAJSOUL.apply(at("celestial-1", 20), -50) == at("saint-3", 4500)
    assert MAJSOUL.key(Standing(MAJSOUL.index("celestial-7"), 1000)) == "celestial-7"


def test_tier_gates():
    assert MAJSOUL.may_queue(None, Tier.BRONZE)
    assert not MAJSOUL.may_queue(None, Tier.SILVER)
    assert MAJSOUL.may_queue(at("adept-1", 0), Tier.SILVER)
    assert not MAJSOUL.may_queue(at("adept-3", 999), Tier.GOLD)
    assert MAJSOUL.may_queue(at("expert-1", 0), Tier.GOLD)
    assert not MAJSOUL.may_queue(at("expert-3", 0), Tier.JADE)
    assert MAJSOUL.may_queue(at("master-1", 0), Tier.JADE)
    assert not MAJSOUL.may_queue(at("master-3", 3000), Tier.THRONE)
    assert MAJSOUL.may_queue(at("saint-1", 0), Tier.THRONE)
    assert MAJSOUL.may_queue(at("celestial-3", 0), Tier.BRONZE)


def test_mcr_ladder_is_placement_only_and_credit_capped_at_level_1():
    here = at("level-9", 0, MCR)
    # The score does not matter on the MCR ladder.
    assert MCR.delta(here, Tier.BRONZE, S, 1, 120, 0) == MCR.delta(here, Tier.BRONZE, S, 1, -40, 0)
    assert MCR.delta(here, Tier.BRONZE, S, 1, 0, 0) == 40
    assert MCR.delta(here, Tier.BRONZE, S, 4, 0, 0) == -20
    assert MCR.credit_cap == "level-1"
    assert MCR.apply(at("level-9", 30, MCR), 10) == at("level-8", 0, MCR)
    assert MCR.apply(at("level-7", 0, MCR), -50) == at("level-7", 0, MCR)  # no demotion
    assert MCR.apply(at("level-5", 0, MCR), -1) == at("level-6", 80, MCR)


def test_lengths_and_ladders():
    assert length_of("riichi", {"length": 4}) is E
    assert length_of("riichi", {"length": 8}) is S
    assert length_of("sichuan", {"hands": 4}) is E
    assert length_of("mcr", {"rounds": 4}) is S
    assert ladder_for("sichuan") is MAJSOUL
    with pytest.raises(ValueError, match="no rank ladder"):
        ladder_for("hong-kong")
    with pytest.raises(ValueError, match="1 to 4"):
        MAJSOUL.delta(at("adept-1", 0), Tier.GOLD, E, 5, 0, 25000)
    with pytest.raises(ValueError, match="no rank"):
        MAJSOUL.index("grandmaster-1")


def test_closest_ratings_sit_with_the_first_in_line():
    from openmahjong.ranks.matching import closest_table

    # The first in line always sits; the three nearest to their rating join them.
    assert closest_table([10.0, 30.0, 11.0, 9.0, 12.5, -4.0], 4) == [0, 2, 3, 4]
    # A tie goes to whoever waited longer.
    assert closest_table([0.0, 5.0, -5.0, 5.0, 1.0], 4) == [0, 1, 2, 4]
    # A line no longer than a table seats everyone in order.
    assert closest_table([3.0, 1.0, 2.0], 4) == [0, 1, 2]
