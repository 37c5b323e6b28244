"""What the browser play tests share: accounts, layout checks, a room made through the lobby
form, playing a scripted hand (fixtures/scripted_game.py) and clicking through a match. Riichi
and MCR use the same pieces: the kernel names an MCR chow and pung ``chi`` and ``pon`` too."""

from __future__ import annotations

import itertools
import re
import time

from openmahjong.fairness import format_master_seed

from .fixtures.scripted_game import Script

_names = itertools.count(1)
PASSWORD = "tiles-and-walls-42"
CALLS = ".act-btn[data-action=chi], .act-btn[data-action=pon]"
WINS = ".act-btn[data-action=tsumo], .act-btn[data-action=ron]"
#: Puts the room page module on window.__room, so a test can read its live session (prompts).
ROOM_MODULE = "async () => { window.__room = await import('/js/pages/room.js'); }"
SESSION = "window.__room._session()"
#: A new prompt for the player to answer: one with a single action answers itself (room.js).
NEW_PROMPT = (
    f"(last) => {{ const s = {SESSION}; "
    "return !!(s && s.prompt && s.prompt.seq > last && s.prompt.actions.length > 1); }"
)


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


def picked_tiles(p) -> list[int]:
    """The tiles chosen in the exchange picker (codes, in hand order)."""
    return p.locator(".hand-tile.picked").evaluate_all("e => e.map(x => +x.dataset.tile)")


def _tap(locator) -> bool:
    """Click, unless the control went away first: the prompt answered itself (a single
    choice, the auto options) or the hand's result closed at its deadline."""
    # Imported here: without playwright the browser tests skip (conftest), not fail to load.
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        locator.click(timeout=3000)
    except PlaywrightTimeout:
        return False
    return True


def play_to_the_end(page, *, seconds: float = 300, each=None) -> dict[str, int]:
    """Click through the match until its end screen: a win when offered, the first call
    offered, else the drawn tile (or the last playable one), reveal at a draw, else pass;
    Continue on each hand's result screen (a modal). ``each()`` runs once per round of the
    loop (a spectator's checks). Returns how many hands ended and whether a discard and a
    call were made."""
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
            _tap(p.get_by_role("button", name="Continue"))
            continue
        playable = p.locator(".hand-tile.playable")
        if p.locator(WINS).count():
            _tap(p.locator(WINS).first)
        elif not done["calls"] and p.locator(CALLS).count():
            if _tap(p.locator(CALLS).first):
                done["calls"] += 1
        elif playable.count():
            target = p.locator(".hand-tile.playable.drawn")
            if _tap(target if target.count() else playable.last):
                done["discards"] += 1
        elif p.locator(".act-btn[data-action=reveal]").count():
            _tap(p.locator(".act-btn[data-action=reveal]").first)
        elif p.locator("[data-testid=actions] .act-btn").count():
            _tap(p.locator(".act-btn[data-action=pass]").first)
        p.wait_for_timeout(100)
    p.get_by_test_id("match-end").wait_for(timeout=5000)
    return done


def id_in_address(url: str) -> int:
    """The room or game number an address ends with (``#/replay/12?hand=0`` -> 12): pages
    keep their state (the hand shown) in the query."""
    return int(url.rsplit("/", 1)[1].split("?")[0])


def create_room_in_lobby(
    page,
    seed: int,
    *,
    name: str = "scripted-call",
    ruleset: str | None = None,
    preset: str | None = None,
    rules: dict[str, str] | None = None,
    numbers: dict[str, str] | None = None,
) -> int:
    """The lobby's form, with the room's own master seed and unhurried clocks; the ruleset,
    preset and rule fields (by option name: the form's selects are generated from the
    ruleset's options) are chosen in their selects when given, and ``numbers`` fill inputs
    by name (``hands``, ``hand_end_seconds``)."""
    p = page.page
    form = p.locator("[data-testid=create-room]")
    if ruleset is not None:
        # Choosing a ruleset redraws the form with that ruleset's presets.
        form.locator("select[name=ruleset]").select_option(ruleset)
        form = p.locator("[data-testid=create-room]")
        form.locator(f"select[name=preset] option[value='{preset}']").wait_for(state="attached")
    if preset is not None:
        form.locator("select[name=preset]").select_option(preset)
    for option, value in (rules or {}).items():
        form.locator(f"select[name={option}]").select_option(value)
    # One word: the room is listed in every language's lobby, which the no-English test reads.
    form.locator("input[name=room-name]").fill(name)
    form.locator("input[name=move_seconds]").fill("60")
    form.locator("input[name=bank_seconds]").fill("60")
    for option, value in (numbers or {}).items():
        form.locator(f"input[name={option}]").fill(value)
    form.locator("input[name=master-seed]").fill(format_master_seed(seed))
    form.get_by_role("button", name="Open the room").click()
    p.wait_for_url(re.compile(r".*#/room/\d+$"))
    return id_in_address(p.url)


def seat_bots_and_start(page) -> None:
    """Three bots, ready, start: by keyboard (focus and Enter), one room update at a time."""
    p = page.page
    seats = p.locator("[data-testid=room-seats] li")
    seats.first.wait_for()
    for filled in range(2, 5):
        p.get_by_test_id("add-bot").focus()
        p.keyboard.press("Enter")
        p.wait_for_function(
            "(n) => document.querySelectorAll('[data-testid=room-seats] .badge').length >= n",
            arg=filled,
        )
    w, h = min_box(p.locator("main button"))
    assert w >= 40 and h >= 40, (w, h)
    p.get_by_test_id("ready").click()
    p.wait_for_function(
        "() => document.querySelector('[data-testid=ready]')?.textContent === 'Not ready'"
    )
    page.shot("room-seats")
    p.get_by_test_id("start").click()
    try:
        p.get_by_test_id("table").wait_for(timeout=15000)
    except Exception:
        page.shot("room-not-started")
        raise AssertionError(f"the game did not start: {p.text_content('main')[:400]}") from None


def take(page, choice: dict, offered: list[dict], by_keyboard: bool) -> None:
    """Press the control for ``choice``, one of the prompt's actions."""
    p = page.page
    if choice["type"] == "discard":
        if choice["riichi"]:
            p.locator(".act-btn[data-action=riichi]").click()
        button = p.locator(f".hand-tile.playable[data-tile='{choice['tile']}']").first
    else:
        same = [a for a in offered if a["type"] == choice["type"]]
        button = p.locator(f".act-btn[data-action={choice['type']}]").nth(same.index(choice))
        if "tiles" in choice:
            shown = button.locator("svg.tile").evaluate_all("e => e.map(x => +x.dataset.tile)")
            assert shown == choice["tiles"]
    if by_keyboard:
        button.focus()
        p.keyboard.press("Enter")
    else:
        button.click()


def play_script(page, script: Script, each=None, shots: str = "") -> None:
    """Answer each prompt of the first hand as the script says, checking what is offered (and
    the touch targets when a call is); ``each(n)`` runs at each prompt before it is answered.
    ``shots`` prefixes the screenshots' names."""
    p = page.page
    last = -1
    for n, (legal, choice) in enumerate(script.steps):
        if len(legal) == 1:
            continue  # the page answers a single choice by itself
        p.wait_for_function(NEW_PROMPT, arg=last, timeout=30000)
        prompt = p.evaluate(f"{SESSION}.prompt")
        assert prompt["actions"] == legal, f"prompt {n}: offered {prompt['actions']}"
        if each is not None:
            each(n)
        if choice["type"] in ("chi", "pon"):
            page.shot(f"{shots}call-offered")
            w, h = min_box(p.locator(".act-btn"))
            assert w >= 40 and h >= 40, (w, h)
            w, h = min_box(p.locator(".hand-tile"))
            assert w >= 40 and h >= 40, (w, h)
        if choice["type"] in ("tsumo", "ron"):
            page.shot(f"{shots}win-offered")
        take(page, choice, prompt["actions"], by_keyboard=n % 2 == 1)
        last = prompt["seq"]


def replay_shows_call(page, record: dict, seat: int) -> str:
    """On the replay page of ``record``'s game: the first hand has no meld of ``seat`` before
    its first call and one right after it (the caller answers last in its window, so its call
    closes the window). Returns the call's action type; the replay is left at that step."""
    p = page.page
    entries = record["actions"][: record["hands"][0]["actions"]]
    call = next(
        k
        for k, (_h, who, action, *_rest) in enumerate(entries)
        if who == seat and action["type"] in ("chi", "pon")
    )
    melds = f"[data-seat='{seat}'] .meld"
    p.locator("body").press("Home")
    for _ in range(call):
        p.keyboard.press("ArrowRight")
    assert p.text_content("[data-testid=step]").startswith(f"Action {call} ")
    assert p.locator(melds).count() == 0
    p.keyboard.press("ArrowRight")
    assert p.locator(melds).count() == 1
    return entries[call][2]["type"]
