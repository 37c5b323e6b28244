"""An MCR game's replay in Chromium, at desktop and phone sizes: flowers at the deal and in
play, MCR melds, every step of a hand against the engine, the fan list of a win in the page
language (English, then Chinese), payments, names following the seat change between wind
rounds, and the match end by player. Fails on any console error (conftest.Page)."""

from __future__ import annotations

import httpx
import pytest

from openmahjong.rules.mcr.fans import FAN_BY_ZH

from .conftest import browser_missing
from .fixtures.engine_views import states_by_hand
from .fixtures.stored_games import record_of, store_bot_game
from .play_helpers import fits_width, min_box

pytestmark = pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")

#: Per seat: discards, melds and flowers on the screen, read in one call.
COUNTS = """() => [0, 1, 2, 3].map((s) => {
  const seat = document.querySelector(`[data-seat='${s}']`);
  return {
    discards: [...seat.querySelectorAll('.discard')].map((d) => +d.dataset.tile),
    melds: seat.querySelectorAll('.meld').length,
    flowers: [...seat.querySelectorAll('.flowers svg.tile')].map((f) => +f.dataset.tile),
    name: seat.querySelector('.seat-name').textContent,
  };
})"""


@pytest.fixture(scope="module")
def mcr_game(live_server):
    url = live_server.server.config.app.state.om.settings.database_url
    game_id = store_bot_game(url, 0, ruleset="mcr")
    record = record_of(0, "mcr")
    return {"id": game_id, "record": record, "expected": states_by_hand(record)}


def on_screen(p) -> list[dict]:
    return p.evaluate(COUNTS)


def check_step(p, want: dict, label: str) -> None:
    shown = on_screen(p)
    for seat in range(4):
        assert shown[seat]["discards"] == [d[0] for d in want["discards"][seat]], (label, seat)
        assert shown[seat]["melds"] == len(want["melds"][seat]), (label, seat)
        assert shown[seat]["flowers"] == want["flowers"][seat], (label, seat)


def test_mcr_replay_steps_through_flowers_melds_and_wins(page, mcr_game):
    p = page.page
    record, expected = mcr_game["record"], mcr_game["expected"]
    players = record["header"]["players"]
    served = httpx.get(f"{page.base}/api/games/{mcr_game['id']}/record").json()
    assert served["header"]["ruleset"] == "mcr" and served["actions"] == record["actions"]
    page.open(f"#/replay/{mcr_game['id']}")
    p.wait_for_selector("[data-testid=step]")
    first = expected[0]
    assert p.text_content("[data-testid=step]") == f"Action 0 of {len(first) - 1}"
    # Flowers laid out at the deal, before anyone acts.
    check_step(p, first[0], "E1 deal")
    assert any(first[0]["flowers"]), "the first hand deals flowers"
    fits_width(page)
    page.shot("replay-mcr-start")
    # Every step of the first hand by keyboard: discards, melds (a pung and chows) and flowers.
    p.locator("body").press("ArrowRight")
    for k in range(1, len(first)):
        if k > 1:
            p.keyboard.press("ArrowRight")
        assert p.text_content("[data-testid=step]").startswith(f"Action {k} "), k
        check_step(p, first[k], f"E1 step {k}")
    assert sum(len(m) for m in first[-1]["melds"]) >= 2
    # The last step shows the win: the fans in English with their values, and the payments.
    summary = record["hands"][0]
    win = summary["wins"][0]
    result = p.get_by_test_id("result")
    result.wait_for()
    fans = result.locator("li[data-fan]")
    assert fans.evaluate_all("e => e.map(x => x.dataset.fan)") == [f[0] for f in win["fans"]]
    texts = fans.all_text_contents()
    for (zh, value, count), text in zip(win["fans"], texts, strict=True):
        assert FAN_BY_ZH[zh].en in text and f"{value * count} fan" in text, text
    assert f"{win['total']} fan" in result.text_content()
    rows = p.locator("[data-testid=payments] tbody tr")
    assert rows.count() == 4
    changes = [rows.nth(s).locator("td").nth(1).text_content() for s in range(4)]
    assert changes == [f"+{d}" if d > 0 else str(d) for d in summary["deltas"]]
    page.shot("replay-mcr-win")
    # The same screen in Chinese: the rulebook names and 番.
    p.select_option("#lang", "zh")
    p.get_by_test_id("result").wait_for()
    texts = p.locator("[data-testid=result] li[data-fan]").all_text_contents()
    for (zh, value, count), text in zip(win["fans"], texts, strict=True):
        assert text.startswith(zh) and f"{value * count} 番" in text, text
    page.shot("replay-mcr-win-zh")
    p.select_option("#lang", "en")
    p.wait_for_selector("[data-testid=step]")
    # The South round seats the players anew: names, flowers and points follow the seating.
    south = next(i for i, h in enumerate(record["hands"]) if h["wind_round"] == 1)
    p.select_option("select[name=hand]", str(south))
    seating = record["hands"][south]["seating"]
    shown = on_screen(p)
    assert [s["name"] for s in shown] == [players[seating[s]] for s in range(4)]
    check_step(p, expected[south][0], "S1 deal")
    # A drawn hand, then the end of the match: placements by player with the seed.
    drawn = next(i for i, h in enumerate(record["hands"]) if h["reason"] != "win")
    p.select_option("select[name=hand]", str(drawn))
    p.get_by_test_id("last").click()
    assert "Draw" in p.text_content("[data-testid=result] h2")
    p.select_option("select[name=hand]", str(len(record["hands"]) - 1))
    p.keyboard.press("End")
    end = p.get_by_test_id("match-end")
    end.wait_for()
    placements = end.locator("[data-testid=placements] tbody strong").all_text_contents()
    ranking = record["result"]["ranking"]
    assert placements == [players[i] for i in ranking]
    assert p.text_content("[data-testid=master-seed]") == record["header"]["master_seed"]
    # The summary table: one row per hand, each hand's change by player.
    summaries = p.locator("[data-testid=summaries] tbody tr")
    assert summaries.count() == len(record["hands"])
    last = record["hands"][south]
    by_player = [0] * 4
    for seat, player in enumerate(last["seating"]):
        by_player[player] = last["deltas"][seat]
    cells = summaries.nth(south).locator("td").all_text_contents()[2:]
    assert cells == [f"+{d}" if d > 0 else str(d) for d in by_player]
    fits_width(page)
    page.shot("replay-mcr-end")
    w, h = min_box(p.locator(".replay-controls button"))
    assert w >= 40 and h >= 40, (w, h)


@pytest.fixture(scope="module")
def penalty_game(live_server):
    url = live_server.server.config.app.state.om.settings.database_url
    return store_bot_game(url, 0, ruleset="mcr-penalty")


def test_mcr_replay_shows_a_false_win_and_plays_on(page, penalty_game):
    """A false_win="penalty" table: the step of a false self-draw names the fined player, the
    hand goes on from there (the seat discards next), and the note is gone a step later."""
    game_id = penalty_game
    record = record_of(0, "mcr-penalty")
    first = record["hands"][0]
    actions = record["actions"][: first["actions"]]
    # The first false self-draw of the first hand: a tsumo that more actions follow.
    j = next(i for i, e in enumerate(actions[:-1]) if e[2]["type"] == "tsumo")
    seat = actions[j][1]
    assert actions[j + 1][1] == seat and actions[j + 1][2]["type"] == "discard"
    fined = record["header"]["players"][first["seating"][seat]]
    p = page.page
    page.open(f"#/replay/{game_id}")
    p.wait_for_selector("[data-testid=step]")
    p.locator("body").press("ArrowRight")
    for _ in range(j):
        p.keyboard.press("ArrowRight")
    assert p.text_content("[data-testid=step]").startswith(f"Action {j + 1} ")
    note = p.get_by_test_id("false-win")
    assert fined in note.text_content() and "False win" in note.text_content()
    page.shot("replay-mcr-false-win")
    p.keyboard.press("ArrowRight")
    assert p.get_by_test_id("false-win").count() == 0
    assert "Discard" in p.text_content("[data-testid=last-action]")
