"""Free play by clicking in Chromium (issue 25), at desktop and phone size, failing on any page
error or console error (conftest.Page): a one-hand game made through the lobby form with three
bots, in which the person makes every kind of move with the mouse (deal when it deals, draw,
discard the picked tile, show and hide a tile and the whole hand, lay the last discard face up
with a tile of the hand, add a tile to that group, take a grouped tile back, take a discard
back, pass the turn) and ends the hand with a declared win typed into the form, up to the
end-of-game screen, then steps through the game's replay; the stored record replays cleanly
through the engine (``/api/games/{id}/check``) and holds each move. Screenshots go to
tests/artifacts (``web-freeplay-table-desktop.png``, ``web-freeplay-table-phone.png`` ...)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from .conftest import SIZES, Page, browser_missing
from .play_helpers import (
    ROOM_MODULE,
    SESSION,
    create_room_in_lobby,
    new_name,
    register_in_page,
    seat_bots_and_start,
)

pytestmark = pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")

#: The person's seat holds the turn and a prompt is open for it (its own, with a clock).
MY_TURN = (
    f"() => {{ const s = {SESSION}; return !!(s && s.view && s.prompt && s.view.seat !== null"
    " && s.view.turn === s.view.seat && !(s.prompt.context || {}).optional); }"
)


@pytest.fixture(params=["desktop", "phone"])
def desktop(request, browser, live_server) -> Iterator[Page]:  # or a phone
    context = browser.new_context(viewport=SIZES[request.param], locale="en-US")
    wrapped = Page(context.new_page(), request.param, live_server.url)
    yield wrapped
    context.close()
    assert not wrapped.problems, "\n".join(wrapped.problems)


def session(p: Any) -> dict[str, Any]:
    data: dict[str, Any] = p.evaluate(
        f"() => {{ const s = {SESSION}; return {{ seat: s.view.seat, hand: s.view.hand,"
        " table: s.view.table, melds: s.view.melds, offered: s.view.offered_tile,"
        " revealed: (s.view.seats_public[s.view.seat] || {}).revealed || [] }; }"
    )
    return data


def my_turn(p: Any) -> dict[str, Any]:
    p.wait_for_function(MY_TURN, timeout=20_000)
    return session(p)


def pick(p: Any, *positions: int) -> None:
    for k in positions:
        p.locator("[data-testid=own-hand] .hand-tile").nth(k).click()
    p.wait_for_function(
        "(n) => document.querySelectorAll('[data-testid=own-hand] .hand-tile.picked').length === n",
        arg=len(positions),
    )


def move(p: Any, testid: str) -> None:
    """Click a move's button once it is enabled, and wait for the prompt it answered to go."""
    before = p.evaluate(f"() => {SESSION}.prompt.seq")
    p.get_by_test_id(testid).click(timeout=10_000)
    p.wait_for_function(
        f"(seq) => {{ const s = {SESSION};"
        " return !s.prompt || s.prompt.seq > seq || !!s.result; }",
        arg=before,
        timeout=10_000,
    )


def draw_and_discard(p: Any) -> None:
    """On the person's turn: draw when the hand is a tile short, then discard the drawn tile."""
    s = my_turn(p)
    if len(s["hand"]) % 3 != 2:
        move(p, "fp-draw")
        my_turn(p)
    pick(p, p.locator("[data-testid=own-hand] .hand-tile").count() - 1)
    move(p, "fp-discard")


def test_a_free_play_game_by_clicking(desktop, live_server):
    page, p = desktop, desktop.page
    register_in_page(page, new_name("free"))
    room_id = create_room_in_lobby(
        page,
        25_025,
        name="issue25-freeplay",
        ruleset="freeplay",
        preset="freeplay",
        numbers={"hands": "1"},
    )
    room = httpx.get(f"{live_server.url}/api/rooms/{room_id}").json()
    assert room["ruleset"] == "freeplay", room
    seat_bots_and_start(page)
    p.evaluate(ROOM_MODULE)
    page.shot("freeplay-start")
    # The deal: the person's button when it deals, else the bot dealer's move.
    p.wait_for_function(
        f"() => {{ const s = {SESSION}; return !!(s.view && s.view.table && (s.view.table.dealt"
        " || (s.prompt && s.view.turn === s.view.seat))); }"
    )
    if not session(p)["table"]["dealt"]:
        move(p, "fp-deal")
    s = my_turn(p)
    assert len(s["hand"]) in (13, 14)
    # Show a tile, then hide it; show the whole hand, then hide it.
    pick(p, 0)
    move(p, "fp-show")
    assert len(my_turn(p)["revealed"]) == 1
    assert p.get_by_test_id(f"revealed-{s['seat']}").count() == 1
    pick(p, 0)
    move(p, "fp-hide")
    move(p, "fp-show-hand")
    s = my_turn(p)
    assert sorted(s["revealed"]) == sorted(s["hand"])
    move(p, "fp-hide-hand")
    draw_and_discard(p)
    # Lay the last discard face up with one tile of the hand, add one more, take one back.
    s = my_turn(p)
    if s["offered"] is None:
        draw_and_discard(p)
        s = my_turn(p)
    pick(p, 0)
    move(p, "fp-meld-discard")
    s = my_turn(p)
    assert len(s["melds"][s["seat"]]) == 1 and len(s["melds"][s["seat"]][0]["tiles"]) == 2
    pick(p, 0)
    move(p, "fp-add-0")
    s = my_turn(p)
    assert len(s["melds"][s["seat"]][0]["tiles"]) == 3
    page.shot("freeplay-table")
    move(p, "fp-take-group-0")
    s = my_turn(p)
    assert len(s["melds"][s["seat"]][0]["tiles"]) == 2
    draw_and_discard(p)
    # Take a discard back into the hand, then pass the turn on.
    s = my_turn(p)
    if s["offered"] is not None:
        move(p, "fp-take-discard")
        my_turn(p)
    move(p, "fp-pass")
    draw_and_discard(p)
    # End the hand: the person declares its own self-drawn win, last hand of the game.
    s = my_turn(p)
    move_before = p.evaluate(f"() => {SESSION}.prompt.seq")
    p.get_by_test_id("fp-end").click()
    form = p.get_by_test_id("fp-end-form")
    form.wait_for()
    p.get_by_test_id("fp-winner").select_option(str(s["seat"]))
    for seat in range(4):
        p.get_by_test_id(f"fp-points-{seat}").fill("30" if seat == s["seat"] else "-10")
    p.get_by_test_id("fp-last").check()
    page.shot("freeplay-end-form")
    p.get_by_test_id("fp-declare").click()
    p.get_by_test_id("result").wait_for(timeout=10_000)
    assert move_before > 0
    heading = p.get_by_test_id("result").locator("h2").first.text_content() or ""
    assert "wins" in heading.lower() or "win" in heading.lower(), heading
    page.shot("freeplay-result")
    p.get_by_role("button", name="Continue").click()
    p.get_by_test_id("match-end").wait_for(timeout=20_000)
    page.shot("freeplay-end")
    end_text = p.text_content("main") or ""
    assert "freeplay." not in end_text and "common." not in end_text, end_text[:400]

    game_id = p.evaluate(f"() => {SESSION}.game")
    # The replay page steps through the hand (freeplay-replay.js): to its end, the declared win.
    p.get_by_test_id("replay-link").click()
    p.wait_for_selector("[data-testid=step]")
    p.get_by_test_id("forward").click()  # the hand's first move is its deal
    assert ": Shuffle and deal" in (p.text_content("main") or "")
    for _ in range(2):
        p.get_by_test_id("forward").click()
    page.shot("freeplay-replay")
    p.get_by_test_id("last").click()
    p.wait_for_function("() => document.querySelector('[data-testid=last]').disabled")
    assert "Answer the result" in (p.text_content("main") or "")  # the bots' agreement
    record = httpx.get(f"{live_server.url}/api/games/{game_id}/record").json()
    assert record["header"]["ruleset"] == "freeplay" and len(record["hands"]) == 1
    mine = {e[2]["type"] for e in record["actions"] if e[1] == s["seat"]}
    assert {
        "free_draw",
        "free_discard",
        "free_reveal",
        "free_meld",
        "free_take",
        "free_pass",
        "free_end",
    } <= mine, mine
    assert record["actions"][-1][2] == {"type": "free_agree", "agree": True}
    assert record["hands"][0]["wins"][0]["seat"] == s["seat"]
    assert record["hands"][0]["deltas"][s["seat"]] == 30
    check = httpx.get(f"{live_server.url}/api/games/{game_id}/check", timeout=30).json()
    assert check["ok"] and check["status"] == "ok", check


def declare(p: Any, winner: int, points: list[int], *, last: bool = False) -> None:
    """Open the end-of-hand form, type a result and declare it."""
    p.get_by_test_id("fp-end").click(timeout=10_000)
    p.get_by_test_id("fp-end-form").wait_for()
    p.get_by_test_id("fp-winner").select_option(str(winner))
    for seat, value in enumerate(points):
        p.get_by_test_id(f"fp-points-{seat}").fill(str(value))
    if last:
        p.get_by_test_id("fp-last").check()
    p.get_by_test_id("fp-declare").click()


def finished_record(base: str, game_id: int) -> dict[str, Any]:
    """The game's record once the server has stored it (its last hand's hold may run on)."""
    deadline = time.monotonic() + 30
    while True:
        answer = httpx.get(f"{base}/api/games/{game_id}/record")
        if answer.status_code == 200 or time.monotonic() > deadline:
            assert answer.status_code == 200, answer.text
            data: dict[str, Any] = answer.json()
            return data
        time.sleep(0.25)


def test_a_declared_result_waits_for_the_other_person(browser, live_server):
    """Two people and two bots: the owner declares a win; the other person
    sees the proposal (who proposes, the points, who is still to agree) with Agree / Refuse,
    refuses it (play goes on), and agrees to the second, which ends the game."""
    contexts = [
        browser.new_context(viewport=SIZES["desktop"], locale="en-US"),
        browser.new_context(viewport=SIZES["phone"], locale="en-US"),
    ]
    owner, other = (
        Page(c.new_page(), size, live_server.url)
        for c, size in zip(contexts, ("desktop", "phone"), strict=True)
    )
    try:
        register_in_page(owner, new_name("fpown"))
        room_id = create_room_in_lobby(
            owner,
            25_026,
            name="issue25-agree",
            ruleset="freeplay",
            preset="freeplay",
            numbers={"hands": "1"},
        )
        register_in_page(other, new_name("fpoth"))
        other.open(f"#/room/{room_id}")
        other.page.get_by_test_id("sit-anyway").click(timeout=15_000)
        other.page.get_by_test_id("ready").click(timeout=15_000)
        a = owner.page
        for filled in (3, 4):
            a.get_by_test_id("add-bot").click(timeout=10_000)
            a.wait_for_function(
                "(n) => document.querySelectorAll('[data-testid=room-seats] .badge').length >= n",
                arg=filled,
            )
        a.get_by_test_id("ready").click()
        a.get_by_test_id("start").click(timeout=15_000)
        b = other.page
        for p in (a, b):
            p.get_by_test_id("table").wait_for(timeout=15_000)
            p.evaluate(ROOM_MODULE)
            p.wait_for_function(f"() => !!({SESSION}.prompt)", timeout=15_000)
        mine, theirs = (p.evaluate(f"() => {SESSION}.view.seat") for p in (a, b))

        def win(points: int) -> list[int]:
            return [3 * points if s == mine else -points for s in range(4)]

        # The owner deals (the room's first seat deals the first hand), then proposes its win.
        assert mine == 0
        move(a, "fp-deal")
        declare(a, mine, win(10))
        b.get_by_test_id("fp-proposal").wait_for(timeout=10_000)
        b.wait_for_function(
            "() => (document.querySelector('[data-testid=fp-proposal-waiting]')"
            "?.textContent || '').includes('Waiting for') "
            "&& !!document.querySelector('[data-testid=fp-agree]:not([disabled])')",
            timeout=10_000,
        )
        note = b.get_by_test_id("fp-proposal").text_content() or ""
        assert "proposes" in note and "wins, self-drawn" in note and "+30" in note, note
        # the bots agreed at once: only this person is still to agree
        waiting = b.get_by_test_id("fp-proposal-waiting").text_content() or ""
        assert waiting.count(",") == 0, waiting
        assert b.get_by_test_id("fp-deal").count() == 0  # nothing but the answers is offered
        assert a.get_by_test_id("fp-refuse").text_content() == "Withdraw"
        other.shot("freeplay-proposal")
        owner.shot("freeplay-proposal-proposer")
        b.get_by_test_id("fp-refuse").click()
        for p in (a, b):
            p.wait_for_function(
                f"() => {{ const s = {SESSION}; return s.view.table.proposal === null"
                " && !document.querySelector('[data-testid=fp-proposal]')"
                " && !!document.querySelector('[data-testid=fp-end]'); }",
                timeout=10_000,
            )
        # The second proposal, the last hand: agreed, the game ends for both.
        declare(a, mine, win(4), last=True)
        b.get_by_test_id("fp-agree").click(timeout=10_000)
        for p in (a, b):  # the hand's result, or straight to the match's end
            p.locator("[data-testid=result], [data-testid=match-end]").first.wait_for(
                timeout=10_000
            )
        game_id = a.evaluate(f"() => {SESSION}.game")
        record = finished_record(live_server.url, game_id)
        moves = [(e[1], e[2]["type"], e[2].get("agree")) for e in record["actions"]]
        assert moves.count((mine, "free_end", None)) == 2, moves
        assert (theirs, "free_agree", False) in moves, moves
        assert moves[-1] == (theirs, "free_agree", True), moves
        assert record["hands"][0]["deltas"] == win(4)
        check = httpx.get(f"{live_server.url}/api/games/{game_id}/check", timeout=30).json()
        assert check["ok"] and check["status"] == "ok", check
    finally:
        for c in contexts:
            c.close()
    for page in (owner, other):
        assert not page.problems, "\n".join(page.problems)
