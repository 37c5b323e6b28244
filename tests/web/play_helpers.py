"""What the browser play tests share: accounts, layout checks, and clicking through a match."""

from __future__ import annotations

import itertools
import time

_names = itertools.count(1)
PASSWORD = "tiles-and-walls-42"
CALLS = ".act-btn[data-action=chi], .act-btn[data-action=pon]"
WINS = ".act-btn[data-action=tsumo], .act-btn[data-action=ron]"
#: Puts the room page module on window.__room, so a test can read its live session (prompts).
ROOM_MODULE = "async () => { window.__room = await import('/js/pages/room.js'); }"


def new_name(prefix: str = "player") -> str:
    return f"{prefix}{next(_names)}{int(time.time() * 1000) % 100000}"


def register_in_page(page, name: str) -> None:
    p = page.page
    page.open("#/lobby")
    p.fill("input[name=account-name]", name)
    p.fill("input[name=account-password]", PASSWORD)
    p.get_by_role("button", name="Create account").click()
    p.wait_for_selector("[data-testid=signed-in]")


def fits_width(page) -> None:
    width = page.page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.page.viewport_size["width"], f"the page scrolls sideways ({width}px)"


def min_box(locator) -> tuple[float, float]:
    boxes = [b for b in (e.bounding_box() for e in locator.all()) if b]
    assert boxes
    return min(b["width"] for b in boxes), min(b["height"] for b in boxes)


def play_to_the_end(page, *, seconds: float = 300, each=None) -> dict[str, int]:
    """Click through the match until its end screen: a win when offered, the first call
    offered, else the drawn tile (or the last playable one), reveal at a draw, else pass;
    Continue after each hand. ``each()`` runs once per round of the loop (a spectator's
    checks). Returns how many hands ended and whether a discard and a call were made."""
    p = page.page
    done = {"hands": 0, "discards": 0, "calls": 0}
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if each is not None:
            each()
        if p.get_by_test_id("match-end").count():
            break
        if p.get_by_test_id("result").count():
            if done["hands"] == 0:
                page.shot("play-result")
            done["hands"] += 1
            p.get_by_role("button", name="Continue").click()
            continue
        playable = p.locator(".hand-tile.playable")
        if p.locator(WINS).count():
            p.locator(WINS).first.click()
        elif not done["calls"] and p.locator(CALLS).count():
            p.locator(CALLS).first.click()
            done["calls"] += 1
        elif playable.count():
            target = p.locator(".hand-tile.playable.drawn")
            (target if target.count() else playable.last).click()
            done["discards"] += 1
        elif p.locator(".act-btn[data-action=reveal]").count():
            p.locator(".act-btn[data-action=reveal]").first.click()
        elif p.locator("[data-testid=actions] .act-btn").count():
            p.locator(".act-btn[data-action=pass]").first.click()
        p.wait_for_timeout(100)
    p.get_by_test_id("match-end").wait_for(timeout=5000)
    return done
