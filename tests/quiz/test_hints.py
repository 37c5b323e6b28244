"""Every hint rule of the seed's §7.3, with its own examples."""

from __future__ import annotations

import pytest

from openmahjong.quiz.catalogue import get
from openmahjong.quiz.hints import FIELDS, FieldHint, compare


def _hints(guess: str, answer: str, **kw) -> dict[str, FieldHint]:
    hints = compare(get(guess), get(answer), **kw)
    assert tuple(h.field for h in hints) == FIELDS
    return {h.field: h for h in hints}


def test_the_answer_itself_is_all_green_without_arrows():
    for pid in ("riichi:ittsu", "mcr:tile_hog", "mcr:full_flush", "riichi:nagashi_mangan"):
        hints = _hints(pid, pid)
        assert all(h.colour == "green" and h.arrow is None for h in hints.values())


def test_synonym_across_rulesets_ittsuu_and_pure_straight():
    # Example 1: answer Ittsuu, guess Pure Straight: a yellow name; and the other way round
    assert _hints("mcr:pure_straight", "riichi:ittsu")["name"].colour == "yellow"
    assert _hints("riichi:ittsu", "mcr:pure_straight")["name"].colour == "yellow"
    assert _hints("mcr:pure_straight", "riichi:ittsu")["ruleset"].colour == "grey"


def test_same_name_across_rulesets_all_chows_and_pinfu():
    # Example 2: answer MCR All Chows, guess Riichi Pinfu (both 平和)
    assert _hints("riichi:pinfu", "mcr:all_chows")["name"].colour == "yellow"


def test_merged_group_upper_middle_lower_tiles():
    # Example 3: answer 全大 [全大, 全中, 全小]: 全中 is yellow, only 全大 itself green
    assert _hints("mcr:middle_tiles", "mcr:upper_tiles")["name"].colour == "yellow"
    assert _hints("mcr:lower_tiles", "mcr:upper_tiles")["name"].colour == "yellow"
    assert _hints("mcr:upper_tiles", "mcr:upper_tiles")["name"].colour == "green"
    # Upper Four (大于五) is another fan: not related
    assert _hints("mcr:upper_four", "mcr:upper_tiles")["name"].colour == "grey"


def test_merged_groups_dora_and_last_tile_wins():
    assert _hints("riichi:aka_dora", "riichi:ura_dora")["name"].colour == "yellow"
    assert _hints("mcr:last_tile_draw", "riichi:houtei_raoyui")["name"].colour == "yellow"


def test_easy_pairs_have_no_related_name():
    assert _hints("riichi:double_riichi", "riichi:riichi")["name"].colour == "grey"
    assert _hints("mcr:half_flush", "mcr:full_flush")["name"].colour == "grey"


def test_secondary_category_knitted_straight_and_mixed_shifted_chows():
    # answer Knitted Straight [sequence, knitted], guess Mixed Shifted Chows [sequence]: yellow
    assert _hints("mcr:mixed_shifted_chows", "mcr:knitted_straight")["category"].colour == "yellow"
    # and a knitted-only guess shares the secondary category: yellow too
    hint = _hints("mcr:lesser_honors_and_knitted", "mcr:knitted_straight")["category"]
    assert hint.colour == "yellow"


def test_secondary_category_ura_dora_and_riichi():
    # answer Ura Dora [condition, chance], guess Riichi [condition]: yellow
    assert _hints("riichi:riichi", "riichi:ura_dora")["category"].colour == "yellow"
    assert _hints("riichi:dora", "riichi:ura_dora")["category"].colour == "green"
    assert _hints("mcr:pure_straight", "riichi:ura_dora")["category"].colour == "grey"


def test_other_valid_value_ittsuu_and_red_dora():
    # answer Ittsuu [2, 1] (drawn 2), guess Red Dora [1]: the value is yellow and the answer higher
    hint = _hints("riichi:aka_dora", "riichi:ittsu")["value"]
    assert (hint.colour, hint.arrow) == ("yellow", "up")
    # a guess worth 2 is green; 3 is grey with the answer lower
    assert _hints("riichi:chiitoitsu", "riichi:ittsu")["value"] == FieldHint("value", "green")
    hint = _hints("riichi:junchan", "riichi:ittsu")["value"]
    assert (hint.colour, hint.arrow) == ("grey", "down")


def test_a_drawn_value_other_than_the_primary():
    hint = _hints("riichi:aka_dora", "riichi:ittsu", answer_value=1)["value"]
    assert (hint.colour, hint.arrow) == ("green", None)
    hint = _hints("riichi:chiitoitsu", "riichi:ittsu", answer_value=1)["value"]
    assert (hint.colour, hint.arrow) == ("yellow", "down")
    with pytest.raises(ValueError, match="not 3"):
        compare(get("riichi:riichi"), get("riichi:ittsu"), answer_value=3)


def test_group_counts_tile_hog_and_whole_hand():
    # Tile Hog [4, 3, 2]: a 3-group guess shows the other valid count, yellow, answer higher
    hint = _hints("mcr:pure_straight", "mcr:tile_hog")["groups"]
    assert (hint.colour, hint.arrow) == ("yellow", "up")
    hint = _hints("mcr:seven_pairs", "mcr:tile_hog")["groups"]
    assert (hint.colour, hint.arrow) == ("grey", "down")
    # "whole hand" has no order against numbers: no arrow
    assert _hints("mcr:pure_straight", "mcr:full_flush")["groups"] == FieldHint("groups", "grey")
    assert _hints("riichi:honitsu", "mcr:full_flush")["groups"] == FieldHint("groups", "green")


def test_arrows_on_numbers_across_rulesets():
    hint = _hints("riichi:riichi", "mcr:big_four_winds")["value"]
    assert (hint.colour, hint.arrow) == ("grey", "up")
    hint = _hints("mcr:big_four_winds", "riichi:riichi")["value"]
    assert (hint.colour, hint.arrow) == ("grey", "down")


def test_related_hints_off_turns_every_yellow_grey_and_keeps_greens_and_arrows():
    on = _hints("riichi:aka_dora", "riichi:ittsu")
    off = _hints("riichi:aka_dora", "riichi:ittsu", related_hints=False)
    assert off["value"] == FieldHint("value", "grey", "up")
    assert off["ruleset"] == on["ruleset"] == FieldHint("ruleset", "green")
    off = _hints("mcr:pure_straight", "riichi:ittsu", related_hints=False)
    assert off["name"].colour == "grey" and off["category"].colour == "green"
    off = _hints("mcr:mixed_shifted_chows", "mcr:knitted_straight", related_hints=False)
    assert off["category"].colour == "grey"
    off = _hints("mcr:pure_straight", "mcr:tile_hog", related_hints=False)
    assert off["groups"] == FieldHint("groups", "grey", "up")
    for pid in ("riichi:ittsu", "mcr:pure_straight"):
        assert all(
            h.colour != "yellow"
            for h in compare(get(pid), get("riichi:ittsu"), related_hints=False)
        )
