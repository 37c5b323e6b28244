"""The match-end screen shows each player's final points and settled score (the record's
``result.settlement``: return points, oka, uma), and the lobby form takes a preset alias from a
link (``#/lobby?preset=MAJSOUL_TONPUU``) as its canonical preset. Chromium, like the other
browser tests (any console error fails the test)."""

from __future__ import annotations

import pytest

from .conftest import browser_missing
from .fixtures.engine_views import interesting_views
from .fixtures.stored_games import record_of
from .test_browser_play import RENDER

pytestmark = pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")


def signed(score: float) -> str:
    return f"{'+' if score > 0 else ''}{score:.1f}"


def test_the_match_end_shows_final_points_and_settled_scores(page):
    p = page.page
    page.open("#/lobby")
    record = record_of(0)
    result = record["result"]
    settled = result["settlement"]["scores"]
    end = {"ranking": result["ranking"], "final_points": result["final_points"],
           "settlement": result["settlement"], "names": record["header"]["players"]}  # fmt: skip
    state = {"view": interesting_views(0)["turn"], "matchEnd": end}
    p.evaluate(RENDER, [state, "end"])
    rows = p.locator("[data-testid=match-end] tbody tr")
    assert rows.count() == 4
    for k, seat in enumerate(result["ranking"]):
        cells = rows.nth(k).locator("td").all_text_contents()
        assert cells[1:3] == [record["header"]["players"][seat], str(result["final_points"][seat])]
        assert cells[-1] == signed(settled[seat])
    texts = p.locator("[data-testid=settled]").all_text_contents()
    assert [t.strip() for t in texts] == [signed(settled[s]) for s in result["ranking"]]
    # A result without a settlement (an older record, an MCR game) shows the points alone.
    p.evaluate(RENDER, [{**state, "matchEnd": {**end, "settlement": None}}, "end"])
    assert p.locator("[data-testid=settled]").count() == 0
    page.shot("table-end-settled")


def test_the_lobby_form_takes_a_preset_alias_from_a_link(page):
    p = page.page
    page.open("#/lobby?preset=MAJSOUL_TONPUU")
    select = p.locator("[data-testid=create-room] select[name=preset]")
    select.wait_for()
    assert select.input_value() == "majsoul-tonpuu"
    page.open("#/lobby?preset=MAJSOUL_HANCHAN")
    p.wait_for_function(
        "document.querySelector('[data-testid=create-room] select[name=preset]')?.value"
        " === 'majsoul-hanchan'"
    )
