"""Issue 20 audit: the Riichi calculator (the web tool's and the API's scorer,
``openmahjong.tools.riichi_calculator``) accepts the special rooms' presets: Melee's local yaku
with their names in en/zh/ja, and the other special presets standing for their table's scorer."""

from __future__ import annotations

import pytest

from openmahjong.rules.riichi.game.options import PRESETS as TABLE_PRESETS
from openmahjong.tools.riichi_calculator import RiichiRequest, score

#: No yaku but what the local situation gives (as in test_melee.py).
BARE = {"hand": "123m456p789s13s99p2s", "win": "2s", "seat": "S", "discarder": "W"}


@pytest.mark.parametrize("preset", ["majsoul-melee"])
def test_the_calculator_scores_a_local_yaku_with_the_melee_preset(preset):
    doc = score(RiichiRequest(**BARE, preset=preset, local=["tsubame_gaeshi"]))
    assert [(y["id"], y["han"]) for y in doc["yaku"]] == [("tsubame_gaeshi", 1)]
    (row,) = doc["yaku"]
    assert (row["ja"], row["zh"]) == ("燕返し", "燕返") and row["en"]
    assert doc["total"] == 1300 and doc["payments"] == {
        "East": 0,
        "South": 1300,
        "West": -1300,
        "North": 0,
    }


@pytest.mark.parametrize("preset", ["majsoul", "majsoul-dorasan", "majsoul-asura"])
def test_the_same_hand_is_no_win_without_the_local_yaku(preset):
    with pytest.raises(ValueError):
        score(RiichiRequest(**BARE, preset=preset, local=["tsubame_gaeshi"]))


def test_every_special_table_preset_is_accepted_by_the_calculator():
    riichi = {"hand": "234m567p345s66z777z", "win": "7z", "seat": "S", "discarder": "W"}
    for preset in ("majsoul-asura", "majsoul-dorasan", "majsoul-melee"):
        assert preset in TABLE_PRESETS
        doc = score(RiichiRequest(**riichi, preset=preset))
        assert [y["id"] for y in doc["yaku"]][:1] and doc["total"] > 0, (preset, doc)
