"""Rulesets come from the ``openmahjong.rulesets`` entry-point group, built-ins included."""

from __future__ import annotations

import pytest

from openmahjong.rules.registry import get_ruleset, rulesets


def test_riichi_is_registered_through_its_entry_point() -> None:
    riichi = get_ruleset("riichi")
    assert riichi.name == "riichi"
    assert riichi.seats == 4
    assert "majsoul-hanchan" in riichi.presets
    assert "riichi" in rulesets()


def test_unknown_ruleset_names_the_known_ones() -> None:
    with pytest.raises(ValueError, match="riichi"):
        get_ruleset("poker")
