"""A live MCR hand played by clicking in Chromium, at desktop and phone sizes, failing on any
console error (conftest.Page).

The room is made through the lobby form (ruleset MCR, one wind round) with a master seed found
by searching in the engine (fixtures/scripted_game.py): under it the human seat lays out a
flower, is offered a chow or pung and takes it, and wins (by self-draw at desktop size, on a
discard at phone size). Flowers need no click: the server lays them out and replaces them, and
the table shows them in the seat's header row as they come. The win screen's winning hand, its
fans (English, then the rulebook Chinese), the flowers counted apart, the total and the MCR
payments are checked against the stored record and the payment rule; the other three hands
are clicked through, and the game's replay shows the call, the flowers and the same win.
"""

from __future__ import annotations

import httpx
import pytest

from openmahjong.fairness import format_master_seed
from openmahjong.rules.mcr.fans import FAN_BY_ZH

from .conftest import browser_missing
from .fixtures.scripted_game import Script, find_call_and_win
from .play_helpers import (
    ROOM_MODULE,
    SESSION,
    create_room_in_lobby,
    fits_width,
    id_in_address,
    min_box,
    new_name,
    play_script,
    play_to_the_end,
    register_in_page,
    replay_shows_call,
    seat_bots_and_start,
)

pytestmark = pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")

MCR_LENGTHS = [
    "East round only (4 hands)",
    "East and South rounds (8 hands)",
    "All four wind rounds (16 hands)",
]
#: MCR's words for the calls and wins on the buttons and in the replay (English UI).
MCR_NAMES = {"chi": "Chow", "pon": "Pung", "tsumo": "Win (self-drawn)", "ron": "Win"}

#: The flowers a seat's header shows, and the ones its view holds.
FLOWERS = """(seat) => ({
  shown: [...document.querySelectorAll(`[data-seat='${seat}'] .flowers svg.tile`)]
    .map((f) => +f.dataset.tile),
  held: ((window.__room._session().view.seats_public || [])[seat] || {}).flowers || [],
})"""


@pytest.fixture(scope="module")
def scripts() -> dict[str, Script]:
    return {
        # A self-drawn MCR win is rare: candidate 80 is the first that gave one (2026-12-01),
        # and searching up to it took 10-90 s of the suite.
        "desktop": find_call_and_win("tsumo", ruleset="mcr", hint=80),
        "phone": find_call_and_win("ron", ruleset="mcr"),
    }


def mcr_payments(total: int, winner: int, discarder: int | None) -> list[int]:
    """MCR's rule: fan + 8 from the discarder and 8 from each other player, or fan + 8 from
    each player on a self-draw."""
    if discarder is None:
        deltas = [-(total + 8)] * 4
        deltas[winner] = 3 * (total + 8)
    else:
        deltas = [-8] * 4
        deltas[discarder] = -(total + 8)
        deltas[winner] = total + 24
    return deltas


def signed(deltas: list[int]) -> list[str]:
    return [f"+{d}" if d > 0 else str(d) for d in deltas]


def test_an_mcr_hand_by_clicking_flowers_a_call_and_a_win(page, live_server, scripts):
    p = page.page
    script = scripts[page.size]
    me = script.human_seat
    name = new_name("mcr")
    register_in_page(page, name)
    # The form offers what MCR's client object and option schema say: its presets by name, wind
    # rounds as the length (the `rounds` option), and no red fives (MCR's options have none).
    form = p.locator("[data-testid=create-room]")
    form.locator("select[name=ruleset]").select_option("mcr")
    form.locator("select[name=preset] option[value='mcr-1round']").wait_for(state="attached")
    assert form.locator("input[name=red_fives]").count() == 0
    assert form.locator("select[name=length]").count() == 0
    lengths = form.locator("select[name=rounds] option").all_text_contents()
    assert lengths[1:] == MCR_LENGTHS, lengths
    preset_names = form.locator("select[name=preset] option").all_text_contents()
    assert "MCR, East round only" in preset_names, preset_names
    room_id = create_room_in_lobby(
        page,
        script.master_seed,
        name="scripted-mcr",
        ruleset="mcr",
        preset="mcr-1round",
        rules={"rounds": "1"},
    )
    room = httpx.get(f"{live_server.url}/api/rooms/{room_id}").json()
    assert room["ruleset"] == "mcr" and room["preset"] == "mcr-1round", room
    assert room["rules"]["rounds"] == 1, room
    seat_bots_and_start(page)
    p.evaluate(ROOM_MODULE)
    assert p.evaluate(f"{SESSION}.seat") == me
    fits_width(page)

    # At every prompt the seat's flower row shows exactly the flowers laid out so far.
    seen: list[tuple[int, ...]] = []

    def flowers_on_screen(n: int) -> None:
        for legal in script.steps[n][0]:
            if legal["type"] in MCR_NAMES:
                button = p.locator(f".act-btn[data-action={legal['type']}]").first
                assert button.text_content().startswith(MCR_NAMES[legal["type"]]), legal
        state = p.evaluate(FLOWERS, me)
        assert state["shown"] == state["held"], state
        if state["shown"] and (not seen or tuple(state["shown"]) != seen[-1]):
            seen.append(tuple(state["shown"]))
            page.shot("mcr-flowers")

    play_script(page, script, each=flowers_on_screen, shots="mcr-")
    assert seen and seen[-1] == script.flowers, (seen, script.flowers)

    # The win screen: who won how, every fan with its value, the flowers apart, the total.
    result = p.get_by_test_id("result")
    result.wait_for(timeout=15000)
    self_drawn = script.steps[-1][1]["type"] == "tsumo"
    win_text = result.get_by_test_id("win").first.text_content()
    assert name in win_text and ("self-draw" if self_drawn else "discard") in win_text, win_text
    # The winning hand: concealed tiles, the melds made in the hand, the winning tile apart.
    hand = result.get_by_test_id("win-hand")
    melds = sum(c["type"] in ("chi", "pon", "minkan", "ankan") for _l, c in script.steps)
    assert hand.locator(".meld").count() == melds >= 1
    assert hand.locator(":scope > .tiles svg.tile").count() == 13 - 3 * melds
    win_tile = int(hand.locator(".win-tile").get_attribute("data-tile"))
    fans = result.locator("li[data-fan]")
    shown_fans = fans.evaluate_all("e => e.map(x => x.dataset.fan)")
    english = fans.all_text_contents()
    score_line = result.locator(".score-line").first.text_content()
    changes = p.locator("[data-testid=payments] tbody tr td:nth-child(2)").all_text_contents()
    fits_width(page)
    page.shot("mcr-win")
    # The same screen in Chinese: the rulebook's names and 番.
    p.select_option("#lang", "zh")
    p.get_by_test_id("result").wait_for()
    chinese = p.locator("[data-testid=result] li[data-fan]").all_text_contents()
    chinese_total = p.locator("[data-testid=result] .score-line").first.text_content()
    page.shot("mcr-win-zh")
    p.select_option("#lang", "en")
    p.get_by_test_id("result").wait_for()
    w, h = min_box(p.locator("[data-testid=result] button"))
    assert w >= 40 and h >= 40, (w, h)
    p.get_by_role("button", name="Continue").click()

    # The other hands of the wind round, then the stored record says what the screen said.
    play_to_the_end(page)
    page.shot("mcr-end")
    p.get_by_test_id("replay-link").click()
    p.wait_for_selector("[data-testid=step]")
    game_id = id_in_address(p.url)
    record = httpx.get(f"{live_server.url}/api/games/{game_id}/record").json()
    assert record["header"]["ruleset"] == "mcr"
    assert record["header"]["master_seed"] == format_master_seed(script.master_seed)
    assert record["header"]["options"] == script.options
    first = record["hands"][0]
    (won,) = first["wins"]
    assert won["seat"] == me and won["flowers"] == len(script.flowers) > 0
    assert won["tile"] == win_tile
    assert shown_fans == [zh for zh, _value, _count in won["fans"]]
    for (zh, value, count), en, cn in zip(won["fans"], english, chinese, strict=True):
        assert FAN_BY_ZH[zh].en in en and f"{value * count} fan" in en, en
        assert cn.startswith(zh) and f"{value * count} 番" in cn, cn
    base, flowers, total = won["fan_total"], won["flowers"], won["total"]
    assert total == base + flowers
    assert f"{total} fan ({base} + {flowers} for flowers)" in score_line, score_line
    assert f"{total} 番" in chinese_total and f"花牌 {flowers}" in chinese_total, chinese_total
    assert (won["from_seat"] is None) == self_drawn
    assert first["deltas"] == mcr_payments(total, me, won["from_seat"])
    assert changes == signed(first["deltas"])

    # The replay: the call, the flowers in the seat's row, and the same win at the hand's end.
    kind = replay_shows_call(page, record, me)
    assert MCR_NAMES[kind] in p.text_content("[data-testid=last-action]")
    page.shot("mcr-replay-call")
    p.keyboard.press("End")
    p.get_by_test_id("result").wait_for()
    replay_fans = p.locator("[data-testid=result] li[data-fan]").evaluate_all(
        "e => e.map(x => x.dataset.fan)"
    )
    assert replay_fans == shown_fans
    replay_flowers = p.locator(f"[data-seat='{me}'] .flowers svg.tile").evaluate_all(
        "e => e.map(x => +x.dataset.tile)"
    )
    assert tuple(replay_flowers) == script.flowers
    replay_changes = p.locator(
        "[data-testid=result] [data-testid=payments] tbody tr td:nth-child(2)"
    ).all_text_contents()
    assert replay_changes == changes
    fits_width(page)
    page.shot("mcr-replay-win")
