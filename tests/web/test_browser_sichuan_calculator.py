"""The Sichuan calculator (#/tools/sichuan) in Chromium, at desktop and phone sizes.

The page's result is compared with the command's JSON document (``openmahjong score sichuan
--json``); each test leaves a screenshot in tests/artifacts/.
"""

from __future__ import annotations

import pytest

from openmahjong import tiles
from openmahjong.rules.sichuan.scoring import score_win

from .conftest import browser_missing

pytestmark = pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")


def test_a_capped_win_lists_each_yaku_in_three_languages(page) -> None:
    p = page.page
    page.open("#/tools/sichuan")
    # No honors on the tile keyboard: Sichuan is played with the three suits.
    assert p.locator(".tile-keyboard .key").count() == 27
    assert p.locator(".tile-keyboard .key[data-tile='41']").count() == 0
    # ... and its help names the suits, not red fives or honors it would refuse.
    help_text = p.text_content(".hand-editor .help")
    assert "123m456p" in help_text and "red five" not in help_text and "z =" not in help_text
    p.fill(".hand-text", "1112223337899m")
    p.click(".win-choice[data-tile='9m']")
    p.select_option("select[name=void]", "p")
    for flag in ("tsumo", "after_kan", "last_tile"):
        p.check(f"input[name={flag}]")
    p.get_by_role("button", name="Calculate").click()
    p.wait_for_selector("[data-testid=points]")

    win = score_win(
        tiles.parse("1112223337899m"),
        [],
        tiles.parse("9m")[0],
        tsumo=True,
        void="p",
        after_kan=True,
        last_tile=True,
    )
    assert p.text_content("[data-testid=points]") == f"{win.total:,} points"
    assert p.text_content("[data-testid=han]") == f"{win.han} han"
    assert "capped at 6 from 7" in p.text_content(".result")
    assert "33,000" in p.text_content("[data-testid=payer]")
    rows = p.locator("[data-testid=yaku] tr")
    assert rows.evaluate_all("rs => rs.map(r => r.dataset.yaku)") == [y.key for y in win.yaku]
    first = rows.first.text_content()
    base = win.yaku[0]
    assert base.name_en in first and base.name_zh in first and base.name_ja in first
    page.shot("sichuan-calculator")


def test_a_void_suit_tile_is_refused_with_the_reason(page) -> None:
    p = page.page
    page.allowed.append("status of 422")
    page.open("#/tools/sichuan")
    p.fill(".hand-text", "123456789m23455p")
    p.click(".win-choice[data-tile='5p']")
    p.select_option("select[name=void]", "p")
    p.get_by_role("button", name="Calculate").click()
    alert = p.wait_for_selector("[role=alert]")
    assert "void suit p" in alert.text_content()


def test_names_follow_the_language(page) -> None:
    p = page.page
    page.open("#/")
    p.select_option("#lang", "zh")
    page.open("#/tools/sichuan")
    p.fill(".hand-text", "1111223344556m")
    p.click(".win-choice[data-tile='6m']")
    p.get_by_role("button", name="计算").click()
    p.wait_for_selector("[data-testid=points]")
    assert p.text_content("[data-testid=yaku] tr .yaku-name") == "清龙七对"
    assert p.text_content("[data-testid=han]") == "6 番"
    assert "赤五" not in p.text_content(".hand-editor .help")
    page.shot("sichuan-calculator-zh")
    p.select_option("#lang", "en")
