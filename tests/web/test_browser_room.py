"""The live room's screens in Chromium: the hand-end modal that holds the next hand until
Continue, the match-end modal with the settlement and the seed check's names, auto-discard after
riichi, single-choice prompts answering themselves, the waits help and furiten badge, and the
remembered sound and auto switches (room.js, result-view.js, auto-play.js, room-tools.js).

The game is scripted (fixtures/scripted_game.py's way: the room's seed and the human's choices
decide everything): a seed in which the human seat declares riichi, draws at least once more in
riichi, and wins, so the result has ura indicators and the riichi stick's part.
"""

from __future__ import annotations

from typing import Any

import pytest

from openmahjong.fairness import seat_order
from openmahjong.rules.registry import get_ruleset
from openmahjong.table.actions import action_to_dict
from openmahjong.tiles import kind

from .conftest import browser_missing
from .fixtures.engine_views import interesting_views, jsonable
from .fixtures.scripted_game import Script, room_options, seed_candidate
from .play_helpers import (
    ROOM_MODULE,
    SESSION,
    create_room_in_lobby,
    new_name,
    play_script,
    play_to_the_end,
    register_in_page,
    seat_bots_and_start,
)

pytestmark = pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")


def riichi_then_win(master_seed: int, options: Any) -> Script | None:
    """The first hand with the human playing as a bot would: the script when the human declared
    riichi, was then prompted with the drawn tile's discard alone at least once, and won."""
    human = seat_order(master_seed, [0, 1, 2, 3]).index(0)
    rules = get_ruleset("riichi")
    match = rules.new_match(None, master_seed, None, options)
    bots = {s: rules.bot((master_seed >> (32 * s)) ^ s) for s in range(4)}
    table = match.table
    steps: list[tuple[list[dict[str, Any]], dict[str, Any]]] = []
    while match.table is table:
        waiting = sorted(table.waiting_for())
        seat = next((s for s in waiting if s != human), human)
        legal = table.legal_actions(seat)
        action = legal[0] if len(legal) == 1 else bots[seat].act(table.view(seat, events=False))
        if seat == human:
            steps.append(
                (jsonable([action_to_dict(a) for a in legal]), jsonable(action_to_dict(action)))
            )
        match.act(seat, action)
    at = next((i for i, (_l, c) in enumerate(steps) if c.get("riichi")), None)
    if at is None or not any(len(legal) == 1 for legal, _c in steps[at + 1 :]):
        return None
    if not any(w["seat"] == human for w in match.hands[-1].get("wins", [])):
        return None
    return Script(master_seed, human, steps, jsonable(options.model_dump()))


@pytest.fixture(scope="module")
def riichi_script() -> Script:
    options = room_options()
    for k in range(3000):
        script = riichi_then_win(seed_candidate(k), options)
        if script is not None:
            return script
    raise LookupError("no seed gives the human a riichi, a locked draw and a win")


def in_viewport(p, selector: str) -> None:
    box = p.locator(selector).bounding_box()
    assert box is not None
    view = p.viewport_size
    assert box["y"] >= 0 and box["y"] + box["height"] <= view["height"], (box, view)
    assert box["x"] >= 0 and box["x"] + box["width"] <= view["width"], (box, view)


@pytest.mark.parametrize("page", ["phone"], indirect=True)
def test_riichi_discards_by_itself_then_the_result_holds_until_continue(page, riichi_script):
    p = page.page
    script = riichi_script
    name = new_name("riichi")
    register_in_page(page, name)
    create_room_in_lobby(page, script.master_seed, name="scripted-riichi")
    seat_bots_and_start(page)
    p.evaluate(ROOM_MODULE)
    seat = script.human_seat
    assert p.evaluate(f"{SESSION}.seat") == seat
    # A fresh browser's defaults: auto-discard in riichi on, auto-win and no calls off.
    p.get_by_test_id("auto-riichi").wait_for()
    switches = ("auto-riichi", "auto-win", "auto-no-calls")
    assert [p.get_by_test_id(k).is_checked() for k in switches] == [True, False, False]
    # Every prompt with more than one action is clicked; the locked draws after riichi are
    # not (play_script skips single choices): the hand reaches its win only if they discard
    # by themselves.
    play_script(page, script, shots="room-")
    locked = sum(1 for legal, _c in script.steps if len(legal) == 1)
    assert locked >= 1
    result = p.get_by_test_id("result")
    result.wait_for(timeout=15000)
    # Bug 1: the result is a modal in the viewport, not below the table.
    in_viewport(p, "[data-testid=result]")
    in_viewport(p, "[data-testid=continue]")
    page.shot("room-hand-end")
    # Bug 11: the riichi winner's ura indicators, and where the gain comes from.
    assert p.get_by_test_id("result-ura").count() == 1
    assert p.get_by_test_id("result-dora").count() == 1
    win = p.evaluate(f"{SESSION}.result.wins[0]")
    if "stick_points" in win:  # the server's Won carries the parts (docs/protocol.md)
        parts = result.locator("[data-part]").evaluate_all("e => e.map(x => x.dataset.part)")
        assert "sticks" in parts and "gain" in parts and "basic" in parts
        gain = win["total"] + win["honba_points"] + win["stick_points"]
        assert f"gains {gain}" in result.text_content()
        # The winner's own riichi stick came back among the sticks: its change is 1000 less.
        change = p.evaluate(f"{SESSION}.result.deltas")[win["seat"]]
        assert change == gain - 1000
        own = result.locator("[data-part=own-stick]").text_content()
        assert own.endswith(f"change is +{change}")
        row = result.locator(f"[data-testid=payments] tr[data-seat='{win['seat']}']")
        assert f"+{change} (riichi stick -1000)" in row.text_content()
    assert "Next hand in" in p.text_content("[data-testid=hold]")
    # The table holds: no prompt of the next hand while the result is open.
    p.wait_for_timeout(1500)
    assert result.is_visible()
    assert p.evaluate(f"{SESSION}.prompt") is None
    assert p.locator(".hand-tile.playable").count() == 0
    # Continue tells the server, which deals at once instead of at its 10 s deadline.
    p.get_by_test_id("continue").click()
    assert result.count() == 0
    p.wait_for_function(f"() => {SESSION}.hold === null && {SESSION}.view", timeout=4000)
    # The mute switch is remembered: off, then the page reloaded mid-game shows it off.
    p.get_by_test_id("sound").uncheck()
    p.reload()
    p.get_by_test_id("table").wait_for(timeout=15000)
    p.evaluate(ROOM_MODULE)
    assert not p.get_by_test_id("sound").is_checked()
    # The rest of the match, quickly: no calls, wins taken by themselves.
    p.get_by_test_id("auto-no-calls").check()
    p.get_by_test_id("auto-win").check()
    play_to_the_end(page)
    end = p.get_by_test_id("match-end")
    in_viewport(p, "[data-testid=match-end]")
    page.shot("room-match-end")
    # Bug 8: the seed check gets the real names, in starting-seat order.
    href = p.get_by_test_id("verify-link").get_attribute("href")
    players = p.evaluate(f"{SESSION}.players")
    assert f"players={','.join(players)}" in href.replace("%2C", ",")
    assert name in players
    assert end.locator("[data-testid=settled]").count() == 4
    assert end.locator("[data-testid=uma]").all_text_contents() == ["+15", "+5", "-5", "-15"]
    assert "return 25000" in p.text_content("[data-testid=settlement-rule]")


TOOLS = """async ([view, options, rules]) => {
  const m = await import('/js/room-tools.js');
  window.__calls = [];
  const push = (...x) => window.__calls.push(x);
  const el = m.roomTools({ view, options, rules, sound: true }, { auto: push, sound: push });
  document.querySelector('main').replaceChildren(el);
}"""

AUTO = """async () => {
  const a = await import('/js/auto-play.js');
  const riichiView = { seat: 0, seats_public: [{ riichi: true }] };
  const plain = { seat: 0, seats_public: [{ riichi: false }] };
  const on = { win: false, noCalls: false, riichi: true };
  const d = { type: 'discard', tile: 23, riichi: false };
  const pass = { type: 'pass' }, pon = { type: 'pon', tiles: [23, 23] }, ron = { type: 'ron' };
  return [
    a.autoAnswer({ actions: [d] }, on, plain, 23),
    a.autoAnswer({ actions: [d] }, on, riichiView, 23),
    a.autoAnswer({ actions: [d] }, { ...on, riichi: false }, riichiView, 23),
    a.autoAnswer({ actions: [pon, pass] }, on, plain, null),
    a.autoAnswer({ actions: [pon, pass] }, { ...on, noCalls: true }, plain, null),
    a.autoAnswer({ actions: [ron, pass] }, { ...on, noCalls: true }, plain, null),
    a.autoAnswer({ actions: [ron, pass] }, { ...on, win: true }, plain, null),
  ];
}"""


@pytest.mark.parametrize("page", ["desktop"], indirect=True)
def test_waits_help_furiten_and_the_remembered_switches(page):
    p = page.page
    page.open("#/lobby")
    view = interesting_views(0)["pon"]
    # A ready hand (23456m 123p 123s WhiteWhite: waits 1m, 4m, 7m) as the seat's own, furiten on.
    view["hand"] = [12, 13, 14, 15, 16, 21, 22, 23, 31, 32, 33, 46, 46]
    view["own"] = {**view.get("own", {}), "furiten": True}
    seen = list(view["hand"]) + list(view["table"]["dora_indicators"])
    for pond in view["discards"]:
        seen += [d["tile"] if isinstance(d, dict) else d[0] for d in pond]
    for melds in view["melds"]:
        for meld in melds:
            seen += meld["tiles"] if isinstance(meld, dict) else meld[1]
    claimed = [
        d["tile"] if isinstance(d, dict) else d[0]
        for pond in view["discards"]
        for d in pond
        if (d.get("claimed_by") if isinstance(d, dict) else (d[3] if len(d) > 3 else None))
        is not None
    ]
    kinds = [kind(t) for t in seen]
    again = [kind(t) for t in claimed]
    expected = {k: 4 - kinds.count(k) + again.count(k) for k in (11, 14, 17)}
    p.evaluate(TOOLS, [view, {"win": False, "noCalls": True, "riichi": True}])
    help_ = p.get_by_test_id("waits-help")
    shown = help_.locator(".wait").evaluate_all(
        "e => e.map(x => [+x.dataset.tile, +x.dataset.left])"
    )
    assert shown == [[k, expected[k]] for k in (11, 14, 17)]
    assert p.get_by_test_id("furiten").is_visible()
    assert p.get_by_test_id("auto-no-calls").is_checked()
    page.shot("room-help")
    # A ruleset without riichi (MCR's and Sichuan's client data: no sticks) has no riichi switch.
    options = {"win": False, "noCalls": True, "riichi": True}
    p.evaluate(TOOLS, [view, options, {"table": {"sticks": False}}])
    assert p.get_by_test_id("auto-riichi").count() == 0 and p.get_by_test_id("auto-win").count()
    p.evaluate(TOOLS, [view, options, {"table": {"sticks": True}}])
    assert p.get_by_test_id("auto-riichi").count() == 1
    # Auto answers: a single choice, the riichi option, no calls, wins never passed.
    d = {"type": "discard", "tile": 23, "riichi": False}
    assert p.evaluate(AUTO) == [d, d, None, None, {"type": "pass"}, None, {"type": "ron"}]
    # A win's honba and stick parts (bug 11: "1100 points" while the winner got +3400) and a
    # draw's tenpai hands, drawn by result-view.js from data.
    win = {"seat": 1, "from_seat": 0, "tile": 25, "han": 1, "fu": 30, "total": 1000,
           "yaku": [["Riichi", 1]], "basic_points": 240, "honba": 3, "honba_points": 900,
           "sticks": 2, "stick_points": 2000, "ura_indicators": [31]}  # fmt: skip
    shown = {
        "0": [11, 12, 13, 21, 22, 23, 31, 32, 33, 41, 41, 45, 45],
        "2": [14, 15, 16, 24, 25, 26, 34, 35, 36, 37, 38, 39, 46],
    }
    draw = {
        "reason": "exhaustive",
        "tenpai": [True, False, True, False],
        "deltas": [1500, -1500, 1500, -1500],
        "points": [26500, 23500, 26500, 23500],
        "shown": shown,
    }
    texts = p.evaluate(
        "async ([win, draw]) => { const r = await import('/js/result-view.js');"
        " const names = ['a', 'b', 'c', 'd'];"
        " const won = { reason: 'win', wins: [win], deltas: [-3900, 3900, 0, 0] };"
        " const w = r.resultElement(won, { names });"
        " const d = r.resultElement(draw, { names });"
        " return [w.textContent, w.querySelectorAll('[data-testid=result-ura] svg').length,"
        " d.querySelectorAll('.tenpai-hand').length, d.textContent]; }",
        [win, draw],
    )
    assert "Honba ×3: +900" in texts[0] and "Riichi sticks ×2: +2000" in texts[0]
    assert "b gains 3900" in texts[0] and "Base points: 240" in texts[0]
    assert texts[1] == 1
    assert texts[2] == 2 and "Tenpai: a, c" in texts[3]
    # A riichi winner gains 3600 but its hand's change is +2600: the stick it put down comes
    # back among the sticks. The screen says both and why, and the payments row agrees.
    own = {"seat": 1, "from_seat": 0, "tile": 25, "han": 2, "fu": 40, "total": 2600,
           "yaku": [["Riichi", 1], ["Dora", 1]], "basic_points": 640, "honba": 0,
           "honba_points": 0, "sticks": 1, "stick_points": 1000,
           "payments": [-2600, 3600, 0, 0]}  # fmt: skip
    parts = p.evaluate(
        "async (win) => { const r = await import('/js/result-view.js');"
        " const res = { reason: 'win', wins: [win], deltas: [-2600, 2600, 0, 0],"
        " points: [22400, 27600, 25000, 25000] };"
        " const e = r.resultElement(res, { names: ['a', 'b', 'c', 'd'] });"
        " const part = (k) => (e.querySelector(`[data-part=${k}]`) || {}).textContent;"
        " return [part('gain'), part('own-stick'),"
        " [...e.querySelectorAll('.payments tbody td:nth-child(2)')].map((c) => c.textContent)]; }",
        own,
    )
    assert parts[0] == "b gains 3600 (2600 + 1000)"
    assert parts[1] == "b put down a riichi stick this hand (-1000), so the hand's change is +2600"
    assert parts[2] == ["-2600", "+2600 (riichi stick -1000)", "0", "0"]
    # The discard, call and turn cue motions play, except for a reader who asked for less.
    motion = (
        "() => ['fresh-discard', 'fresh-call', 'turn-cue'].map((c) => {"
        " const e = document.createElement('span'); e.className = c;"
        " document.querySelector('main').append(e); return getComputedStyle(e).animationName; })"
    )
    assert p.evaluate(motion) == ["discard-in", "call-in", "turn-pulse"]
    p.emulate_media(reduced_motion="reduce")
    assert p.evaluate(motion) == ["none", "none", "none"]
    p.emulate_media(reduced_motion="no-preference")
    # Each table event has its sound (every ruleset's win too), played while sound is on.
    sounds = p.evaluate(
        "async () => { const s = await import('/js/sound.js');"
        " const events = [{type: 'Discarded'}, {type: 'Discarded', riichi: true}, {type: 'Called'},"
        " {type: 'Won'}, {type: 'McrWon'}, {type: 'SichuanWon'}, {type: 'Drew'}];"
        " return [s.soundOn(), s.play('discard'), events.map((e) => s.soundFor(e))]; }"
    )
    assert sounds == [True, True, ["discard", "riichi", "call", "win", "win", "win", None]]
    # The sound and auto switches are remembered across a reload.
    p.evaluate(
        "async () => { (await import('/js/sound.js')).setSoundOn(false);"
        " const a = await import('/js/auto-play.js');"
        " a.saveOptions({ ...a.loadOptions(), win: true }); }"
    )
    p.reload()
    p.wait_for_selector("main h1")
    assert p.evaluate("async () => (await import('/js/sound.js')).soundOn()") is False
    assert p.evaluate("async () => (await import('/js/auto-play.js')).loadOptions().win") is True
    assert p.evaluate("async () => (await import('/js/sound.js')).play('discard')") is False
