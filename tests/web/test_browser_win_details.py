"""The hand's screen of the plugin rulesets (issue 25) and the room's title line, in Chromium.

Seeded games, played by clicking (a person with three bots, as test_browser_new_rulesets.py
plays them), whose every hand's screen is read and compared with the finished game's record
(``/api/games/{id}/record``, the server's own summary of each hand) and with the Python tables:

- Qingque: each fan of a win by its source name (the occasional ones with their value), named
  in English as ``rules/qingque/scoring.py`` FAN_NAMES names it; the fan total (marked when it
  is our estimate) and base points (fan²); who pays.
- Changsha (seed 33, whose first deal gives a starting-hand win): the starting-hand wins (起手胡)
  with their patterns; each win's big wins or small win with their values (BIG_WINS); the birds
  (扎鸟): the tiles turned, the seat each points at (``bird_seat`` from the dealer) and whether it
  counted (on the winner or a payer); the payments.
- Both: the first win's screen in Chinese and Japanese; the end screen's seed link carries the
  game's preset and the seed page opens with it.

The title line: in every ruleset's game view, at desktop and phone sizes, nothing on the page
overlaps the connection status (the header's notifications bell once stood over "Connected");
the windless tables (Changsha, Sichuan) show each seat's wind, and Changsha's round button says
which hand it is. Screenshots go to tests/artifacts (``web-win-details-*``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from openmahjong.fairness import format_master_seed
from openmahjong.rules.changsha.game.round import bird_seat
from openmahjong.rules.changsha.scoring import BIG_WINS, NAMES, SMALL_RON, SMALL_TSUMO
from openmahjong.rules.qingque.scoring import FAN_NAMES

from .conftest import SIZES, Page, browser_missing, save_artifact
from .play_helpers import PASSWORD, WINS, _tap, id_in_address

pytestmark = pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")

FAN_EN = dict(FAN_NAMES)

#: A room made through the API by the signed-in page (the owner sits in it on arrival).
CREATE = """async ([name, ruleset, preset, seed, rules]) => {
  const body = {name, ruleset, preset, rules, table: {move_seconds: 60, bank_seconds: 60}};
  if (seed) body.master_seed = seed;
  const r = await fetch('/api/rooms', {method: 'POST',
    headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)});
  if (!r.ok) throw new Error(await r.text());
  return (await r.json()).id;
}"""

#: What the hand's screen shows, as data (win-details.js's data attributes) and as text.
RESULT = """() => {
  const r = document.querySelector('[data-testid=result]');
  const all = (root, sel) => [...root.querySelectorAll(sel)];
  const text = (root, sel) => {
    const e = root.querySelector(sel);
    return e ? e.textContent : null;
  };
  return {
    heading: r.querySelector('h2').textContent,
    wins: all(r, '[data-testid=win]').map((w) => ({
      seat: +w.dataset.seat,
      fans: all(w, '[data-testid=win-fans] li').map((li) =>
        [li.dataset.fan, +li.dataset.value, li.textContent]),
      patterns: all(w, '[data-testid=win-patterns] li').map((li) =>
        [li.dataset.pattern, +li.dataset.value, li.textContent]),
      total: text(w, '[data-testid=win-total]'),
      totalData: {...(w.querySelector('[data-testid=win-total]') || {dataset: {}}).dataset},
      payments: text(w, '[data-testid=win-payments]'),
    })),
    birds: all(r, '[data-testid=birds] li').map((li) =>
      [+li.dataset.tile, li.dataset.seat === '' ? null : +li.dataset.seat, li.dataset.hit === '1',
       li.textContent]),
    birdsHeading: text(r, '[data-testid=birds] h3'),
    starting: all(r, '[data-testid=starting-wins] .cs-start').map((d) => ({
      seat: +d.dataset.seat, patterns: all(d, '[data-pattern]').map((x) => x.dataset.pattern),
      names: all(d, '[data-pattern]').map((x) => x.textContent), text: d.textContent,
      tiles: d.querySelectorAll('svg.tile').length})),
  };
}"""

#: Every element drawn over the connection status's box (its own parts and the elements that
#: hold it aside). The title's box spans the line: its text's room (the content box) counts.
OVER_STATUS = """() => {
  const conn = document.querySelector('[data-testid=connection]');
  const r = conn.getBoundingClientRect();
  const hits = [];
  const name = (el) => `${el.tagName.toLowerCase()}.${el.getAttribute('class') || ''}`;
  for (const el of document.querySelectorAll('body *')) {
    if (el === conn || conn.contains(el) || el.contains(conn)) continue;
    const cs = getComputedStyle(el);
    if (cs.display === 'none' || cs.visibility === 'hidden' || +cs.opacity === 0) continue;
    let b = el.getBoundingClientRect();
    if (el.tagName === 'H1') {
      b = {left: b.left + parseFloat(cs.paddingLeft), right: b.right - parseFloat(cs.paddingRight),
        top: b.top + parseFloat(cs.paddingTop), bottom: b.bottom - parseFloat(cs.paddingBottom)};
    }
    if (b.right - b.left <= 0 || b.bottom - b.top <= 0) continue;
    const apart = b.right <= r.left + 0.5 || b.left >= r.right - 0.5 || b.bottom <= r.top + 0.5
      || b.top >= r.bottom - 0.5;
    if (!apart) hits.push(`${name(el)}[${el.dataset.testid || ''}]`);
  }
  // What is on top at points across the status itself: the status, nothing else.
  const covered = [];
  for (const fx of [0.1, 0.3, 0.5, 0.7, 0.9]) {
    const x = r.left + fx * r.width, y = r.top + r.height / 2;
    const top = document.elementFromPoint(x, y);
    if (top && !conn.contains(top)) covered.push(name(top));
  }
  return {box: [r.left, r.top, r.width, r.height], text: conn.textContent, hits, covered};
}"""


@pytest.fixture
def desktop(browser, live_server) -> Iterator[Page]:
    context = browser.new_context(viewport=SIZES["desktop"], locale="en-US")
    wrapped = Page(context.new_page(), "desktop", live_server.url)
    yield wrapped
    context.close()
    assert not wrapped.problems, "\n".join(wrapped.problems)


def sign_up(page: Page, name: str) -> None:
    """A fixed name (the seat draw comes from the seed and the players' names: the same game
    every run); on a server that has it already (a rerun in one session), a numbered one."""
    p = page.page
    page.open("#/lobby")
    for attempt in range(5):
        p.fill("input[name=account-name]", name if not attempt else f"{name}{attempt}")
        p.fill("input[name=account-password]", PASSWORD)
        p.get_by_role("button", name="Create account").click()
        try:
            p.wait_for_selector("[data-testid=signed-in]", timeout=3000)
            return
        except Exception:
            continue
    raise AssertionError("could not sign up")


def start_with_bots(page: Page, ruleset: str, preset: str, seed: int | None, rules: dict) -> int:
    p = page.page
    seed_text = format_master_seed(seed) if seed is not None else None
    room = p.evaluate(CREATE, [f"wd-{ruleset}", ruleset, preset, seed_text, rules])
    page.open(f"#/room/{room}?bots=3&start=1")
    p.get_by_test_id("table").wait_for(timeout=20000)
    return int(room)


def play_reading_each_hand(page: Page, name: str, seconds: float = 150) -> list[dict[str, Any]]:
    """Win when offered, else discard the drawn tile (or the last playable one), else pass;
    read every hand's screen (and keep a screenshot of the first win's) before Continue."""
    p = page.page
    screens: list[dict[str, Any]] = []
    shot = False
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if p.get_by_test_id("match-end").count():
            break
        if p.get_by_test_id("result").count():
            screen = p.evaluate(RESULT)
            screens.append(screen)
            if screen["wins"] and not shot:
                shot = True
                screen["languages"] = read_in_languages(page, name)
            _tap(p.get_by_role("button", name="Continue"))
            p.wait_for_function(
                "() => !document.querySelector('[data-testid=result]')", timeout=15000
            )
            continue
        playable = p.locator(".hand-tile.playable")
        if p.locator(WINS).count():
            _tap(p.locator(WINS).first)
        elif playable.count():
            drawn = p.locator(".hand-tile.playable.drawn")
            _tap(drawn if drawn.count() else playable.last)
        elif p.locator(".act-btn[data-action=pass]").count():
            _tap(p.locator(".act-btn[data-action=pass]").first)
        p.wait_for_timeout(100)
    p.get_by_test_id("match-end").wait_for(timeout=10000)
    return screens


def read_in_languages(page: Page, name: str) -> dict[str, Any]:
    """The open screen in English (a screenshot of the dialog scrolled whole), Chinese and
    Japanese; back to English."""
    p = page.page
    out = {}
    shoot_result(page, name)
    for lang in ("zh", "ja"):
        p.select_option("#lang", lang)
        p.wait_for_selector(f"html[lang^='{lang}'] [data-testid=result]")
        out[lang] = p.evaluate(RESULT)
        shoot_result(page, f"{name}-{lang}")
    p.select_option("#lang", "en")
    p.wait_for_selector("html[lang=en] [data-testid=result]")
    return out


def shoot_result(page: Page, name: str) -> None:
    """The page with the dialog, and the dialog's whole content (it scrolls when long)."""
    p = page.page
    page.shot(f"win-details-{name}")
    dialog = p.locator(".modal-backdrop .modal")
    height = dialog.evaluate("(d) => d.scrollHeight")
    dialog.evaluate("(d, h) => { d.style.maxHeight = 'none'; d.style.height = h + 'px'; }", height)
    save_artifact(f"web-win-details-{name}-dialog-{page.size}.png", dialog.screenshot())
    dialog.evaluate("(d) => { d.style.maxHeight = ''; d.style.height = ''; }")


def shoot_phone(page: Page, name: str) -> None:
    save_artifact(f"web-{name}.png", page.page.screenshot(full_page=True))


def finish(page: Page, live_server, preset: str) -> dict[str, Any]:
    """The end screen's seed link carries the preset; the record of the finished game."""
    p = page.page
    link = p.get_by_test_id("verify-link").get_attribute("href") or ""
    assert f"&preset={preset}&" in link, link
    href = p.get_by_test_id("replay-link").get_attribute("href") or ""
    record = httpx.get(f"{live_server.url}/api/games/{id_in_address(href)}/record").json()
    assert record["header"]["preset"] == preset
    # The seed page opens with the game's preset chosen (and verifies at once).
    p.get_by_test_id("verify-link").click()
    p.wait_for_selector("main[data-loaded] [data-testid=commitment-status]")
    assert p.locator("select[name=preset]").input_value() == preset
    assert p.locator("select[name=ruleset]").input_value() == record["header"]["ruleset"]
    assert p.get_attribute("[data-testid=commitment-status]", "data-match") == "yes"
    record["game_id"] = id_in_address(href)
    return record


def fan_text(fan: float) -> str:
    """A fan total as win-details.js writes it: at most two decimals, no trailing zeros."""
    shown = math.floor(fan * 100 + 0.5) / 100
    return str(int(shown)) if shown == int(shown) else repr(shown)


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def names_by_seat(record: dict[str, Any]) -> list[str]:
    return [s if isinstance(s, str) else s["name"] for s in record["header"]["players"]]


# ------------------------------------------------------------------ Qingque


def test_a_qingque_win_shows_its_fans_total_and_base_points(desktop, live_server):
    page = desktop
    sign_up(page, "windetailsqq")
    start_with_bots(page, "qingque", "qingque-1round", 25_007, {})
    screens = play_reading_each_hand(page, "qingque")
    record = finish(page, live_server, "qingque-1round")
    summaries = record["hands"]
    assert len(screens) == len(summaries) == 4
    won = 0
    for screen, summary in zip(screens, summaries, strict=True):
        assert len(screen["wins"]) == len(summary["wins"]), (screen, summary)
        for shown, win in zip(screen["wins"], summary["wins"], strict=True):
            won += 1
            assert shown["seat"] == win["seat"]
            # Every fan by its source name, worded as the Python table words it; only the
            # occasional fans carry a value of their own (the rest are valued as a set).
            assert [[zh, value] for zh, value, _ in shown["fans"]] == win["fans"]
            for zh, value, text in shown["fans"]:
                assert text == (f"{FAN_EN[zh]} · {value} fan" if value else FAN_EN[zh]), text
            assert win["base"] == round(win["fan"] ** 2)
            data = shown["totalData"]
            assert float(data["fan"]) == win["fan"] and data["base"] == str(win["base"]), data
            assert data["exact"] == ("1" if win.get("exact", True) else "0"), data
            estimate = (
                ""
                if win.get("exact", True)
                else (" (our estimate: the source's table lacks this set of fans)")
            )
            assert shown["total"] == (
                f"{fan_text(win['fan'])} fan in all · base points {win['base']} (fan²){estimate}"
            )
            if win["from_seat"] is None:
                assert (
                    shown["payments"]
                    == f"Each other player pays {win['base']} ({3 * win['base']} in all)"
                )
            else:
                assert shown["payments"].endswith(f"pays 3 × {win['base']} = {3 * win['base']}")
        assert not screen["birds"] and not screen["starting"]
    assert won >= 1, "no hand of the seeded game was won"
    # The first win in Chinese and Japanese: the source's names (the kanji as they are).
    first = next(s for s in screens if s["wins"])
    for lang, fan_word in (("zh", "番"), ("ja", "番")):
        again = first["languages"][lang]["wins"][0]
        assert [f[:2] for f in again["fans"]] == [f[:2] for f in first["wins"][0]["fans"]]
        for zh, value, text in again["fans"]:
            spaced = " " if lang == "zh" else ""
            assert text == (f"{zh} · {value}{spaced}{fan_word}" if value else zh), text


# ------------------------------------------------------------------ Changsha

CHANGSHA_SEED = 33  # its first deal: a starting-hand win (板板胡) for the dealer


def test_changsha_shows_starting_wins_patterns_birds_and_payments(desktop, live_server):
    page = desktop
    sign_up(page, "windetailscs")
    start_with_bots(page, "changsha", "changsha-standard", CHANGSHA_SEED, {"hands": 4})
    screens = play_reading_each_hand(page, "changsha")
    record = finish(page, live_server, "changsha-standard")
    summaries = record["hands"]
    assert len(screens) == len(summaries) == 4
    seat_names = names_by_seat(record)
    started = won = 0
    for screen, summary in zip(screens, summaries, strict=True):
        # The starting-hand wins: who, which patterns (named as the ruleset names them), the
        # dealt hand shown, what it was paid.
        assert [(s["seat"], s["patterns"]) for s in screen["starting"]] == [
            (seat, patterns) for seat, patterns in summary["starting"]
        ]
        for shown in screen["starting"]:
            started += 1
            assert shown["names"] == [NAMES[k]["en"] for k in shown["patterns"]]
            assert shown["tiles"] >= 13
            paid = 2 * len(shown["patterns"])
            assert f"+{3 * paid} ({paid} from each other player)" in shown["text"]
        assert len(screen["wins"]) == len(summary["wins"])
        winners_and_payers = set()
        for shown, win in zip(screen["wins"], summary["wins"], strict=True):
            won += 1
            assert shown["seat"] == win["seat"]
            keys = win["patterns"] or ["small"]
            small = SMALL_TSUMO if win["tsumo"] else SMALL_RON
            values = [BIG_WINS[k] for k in win["patterns"]] or [small]
            assert [(k, v) for k, v, _ in shown["patterns"]] == list(zip(keys, values, strict=True))
            for key, value, text in shown["patterns"]:
                assert text == f"{NAMES[key]['en']} · {value}"
            assert shown["totalData"]["value"] == str(win["value"])
            payers = (
                [s for s in range(4) if s != win["seat"]] if win["tsumo"] else [win["from_seat"]]
            )
            winners_and_payers |= {win["seat"], *payers}
            for seat, pay in enumerate(win["payments"]):
                if pay:
                    assert f"{seat_names[seat]} {signed(pay)}" in shown["payments"], shown[
                        "payments"
                    ]
        # The birds: the tiles the record keeps, each at the seat counted from the dealer,
        # counted when it points at the winner or a payer.
        expected = [
            (
                t,
                bird_seat(t, summary["dealer"]),
                bird_seat(t, summary["dealer"]) in winners_and_payers,
            )
            for t in summary["birds"]
        ]
        assert [tuple(b[:3]) for b in screen["birds"]] == expected
        for _tile, seat, hit, text in screen["birds"]:
            assert (
                f"→ {seat_names[seat]}" in text and ("(counts)" if hit else "(no effect)") in text
            )
        if summary["birds"]:
            assert screen["birdsHeading"] == "Birds (扎鸟)"
    assert started >= 1 and won >= 1, (started, won)
    # This seed's game has a bird that counts (a payment multiplied) and one that does not.
    hits = [b[2] for s in screens for b in s["birds"]]
    assert True in hits and False in hits, hits
    # A win with birds in Chinese and Japanese: the patterns and the birds' heading.
    first = next(s for s in screens if s["wins"])
    # The replay draws the same screen from the record's summary (the birds' seats counted from
    # the dealer there): patterns, birds, starting-hand wins alike; at phone size too.
    hand = screens.index(first)
    p = page.page
    page.open(f"#/replay/{record['game_id']}?hand={hand}")
    p.wait_for_selector("[data-testid=step]")
    p.locator("body").press("End")
    p.wait_for_selector("[data-testid=result] [data-testid=win]")
    replayed = p.evaluate(RESULT)
    # The replay's round button: the hand's number (its label "H1" has no wind round).
    assert p.text_content("[data-testid=hand-counter]") == f"Hand {summaries[hand]['hand_number']}"
    assert [w["patterns"] for w in replayed["wins"]] == [w["patterns"] for w in first["wins"]]
    assert [w["payments"] for w in replayed["wins"]] == [w["payments"] for w in first["wins"]]
    assert replayed["birds"] == first["birds"]
    assert [(s["seat"], s["names"]) for s in replayed["starting"]] == [
        (s["seat"], s["names"]) for s in first["starting"]
    ]
    page.shot("win-details-changsha-replay")
    p.set_viewport_size(SIZES["phone"])
    p.wait_for_timeout(200)
    width = p.evaluate("document.documentElement.scrollWidth")
    assert width <= SIZES["phone"]["width"], width
    shoot_phone(page, "win-details-changsha-replay-phone")
    for lang, heading in (("zh", "扎鸟"), ("ja", "鳥（扎鳥）")):
        again = first["languages"][lang]
        for key, value, text in again["wins"][0]["patterns"]:
            assert text == f"{NAMES[key][lang]} · {value}"
        assert again["birdsHeading"] == (heading if first["birds"] else None)


# ------------------------------------------------------------------ the title line

ROOMS = {
    "riichi": ("majsoul-tonpuu", "East 1"),
    "mcr": ("mcr-1round", "East 1"),
    "sichuan": ("majsoul-bloodshed", "Commitment"),
    "changsha": ("changsha-standard", "Hand 1 of 8"),
    "qingque": ("qingque-1round", "East 1"),
}


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("ruleset", list(ROOMS))
def test_nothing_covers_the_connection_status_in_a_game(browser, live_server, ruleset, size):
    preset, label = ROOMS[ruleset]
    assert preset in httpx.get(f"{live_server.url}/api/rooms/rulesets").json()[ruleset]["presets"]
    context = browser.new_context(viewport=SIZES[size], locale="en-US")
    page = Page(context.new_page(), size, live_server.url)
    p = page.page
    try:
        sign_up(page, f"windetails{ruleset[:4]}{size[:2]}")
        start_with_bots(page, ruleset, preset, None, {})
        p.wait_for_selector("[data-testid=connection][data-status=online]")
        for lang in ("en", "zh", "ja"):
            p.select_option("#lang", lang)
            p.wait_for_selector(f"html[lang^='{lang}'] [data-testid=table]")
            found = p.evaluate(OVER_STATUS)
            assert not found["hits"] and not found["covered"], (lang, found)
        p.select_option("#lang", "en")
        p.wait_for_selector("html[lang=en] [data-testid=table]")
        page.shot(f"win-details-line-{ruleset}")
        # The round button: the wind round, Changsha's hand number, or (Sichuan numbers its
        # hands in its own centre) what it opens.
        assert p.text_content("[data-testid=hand-counter]") == label
        # Each seat's wind on its plate, the dealer East (windless tables count from it).
        winds = p.locator(".wind-badge").evaluate_all(
            "bs => bs.map((b) => [b.textContent, b.classList.contains('dealer')])"
        )
        assert sorted(w for w, _ in winds) == ["E", "N", "S", "W"], winds
        assert [w for w, dealer in winds if dealer] == ["E"], winds
    finally:
        context.close()
    assert not page.problems, "\n".join(page.problems)
