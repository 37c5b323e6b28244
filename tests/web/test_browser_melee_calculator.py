"""The Riichi calculator (#/tools/riichi) with the Melee Room's rules (majsoul-melee) in
Chromium: the preset is offered, its two local situations appear with it, and the page shows
what the scorer scores, local yaku named in the page's language."""

from __future__ import annotations

import pytest

from openmahjong.rules.riichi.scoring import score_win

from .conftest import browser_missing

pytestmark = pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")


def test_a_ron_on_a_riichi_declaration_tile_at_the_melee_table(page) -> None:
    p = page.page
    page.open("#/tools/riichi")
    assert p.locator("input[name=tsubame_gaeshi]").count() == 0  # not at a ranked table
    p.select_option("select[name=preset]", "majsoul-melee")
    p.fill(".hand-text", "123m456p789s13s99p2s")
    p.click(".win-choice[data-tile='2s']")
    p.select_option("select[name=seat]", "S")
    p.check("input[name=tsubame_gaeshi]")
    p.get_by_role("button", name="Calculate").click()
    p.wait_for_selector("[data-testid=points]")
    win = score_win(
        "123m456p789s13s99p2s", "2s", seat_wind=42, local=("tsubame_gaeshi",), rules="majsoul-melee"
    )
    assert p.text_content("[data-testid=points]") == f"{win.total:,} points"
    shown = p.locator("[data-testid=yaku] tr").evaluate_all("rs => rs.map(r => r.dataset.yaku)")
    assert shown == ["tsubame_gaeshi"]
    assert "Tsubame-gaeshi" in p.text_content("[data-testid=yaku]")
    page.shot("riichi-melee")
