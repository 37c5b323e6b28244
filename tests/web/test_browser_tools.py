"""The tools pages in Chromium, at desktop (1280x800) and phone (390x844) sizes.

Every test fails on a console error or uncaught exception (see conftest.Page) and leaves a
screenshot in tests/artifacts/. Results shown by the page are compared with the Python side:
openmahjong.fairness for seeds, the CLI's JSON documents for the tools.
"""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from openmahjong import fairness, tiles
from openmahjong.cli import app as cli
from openmahjong.rules.mcr.scoring import score_win as mcr_score
from openmahjong.rules.riichi.scoring import score_win as riichi_score
from openmahjong.tools.analysis import AnalyzeRequest, analyze
from openmahjong.tools.riichi_calculator import win_document

from .conftest import ARTIFACTS, browser_missing, record_load_time

pytestmark = pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")

SEED = 0x9F86D081884C7D659A2FEAA0C55AD015A3BF4F1B2B0B822CD15D6C15B0F00A08
SALT = "5f1d8c0e2a7b4c3d9e6f0a1b2c3d4e5f"
PLAYERS = ["alice", "bob", "chen", "daisuke"]


def tile_codes(locator) -> list[int]:
    return [int(x) for x in locator.evaluate_all("els => els.map(e => e.dataset.tile)")]


def hand_order(tile: int) -> tuple[int, int]:
    return (tiles.kind(tile), 0 if tiles.is_red(tile) else 1)


# ---------------------------------------------------------------------------------- seeds


@pytest.mark.parametrize("ruleset", ["riichi", "mcr", "sichuan"])
def test_seed_verification_matches_python(page, ruleset):
    p = page.page
    page.open("#/tools/seed")
    claimed = fairness.commitment(SEED, SALT)
    p.fill("input[name=seed]", format(SEED, "064x"))
    p.fill("input[name=salt]", SALT)
    # The form the table publishes during a game: 64 hex digits.
    p.fill("input[name=commitment]", fairness.format_commitment(claimed))
    p.select_option("select[name=ruleset]", ruleset)
    p.fill("input[name=hands]", "3")
    for i, name in enumerate(PLAYERS):
        p.fill(f"input[name=player-{i}]", name)
    p.get_by_role("button", name="Verify").click()

    assert p.text_content("[data-testid=commitment]") == fairness.format_commitment(claimed)
    assert p.text_content("[data-testid=commitment-decimal]") == str(claimed)
    assert p.get_attribute("[data-testid=commitment-status]", "data-match") == "yes"
    seats = p.locator("[data-testid=seat-order] .player").all_text_contents()
    assert seats == fairness.seat_order(SEED, PLAYERS)

    for n in (1, 2, 3):
        hand = p.locator(f"[data-hand='{n}']")
        wall = fairness.shuffled_wall(ruleset, SEED, n)
        dealt, _ = fairness.deal(wall, 4)
        assert hand.locator("[data-testid=hand-seed]").text_content() == (
            "0x" + format(fairness.hand_seed(SEED, n), "064x")
        )
        for seat in range(4):
            shown = tile_codes(hand.locator(f".dealt-row[data-seat='{seat}'] svg.tile"))
            assert shown == sorted(dealt[seat], key=hand_order)
    # The whole wall of hand 2, position by position.
    hand2 = p.locator("[data-hand='2']")
    hand2.locator("summary").click()
    hand2.locator("[data-testid=wall] svg.tile").first.wait_for()
    shown_wall = tile_codes(hand2.locator("[data-testid=wall] svg.tile"))
    assert shown_wall == fairness.shuffled_wall(ruleset, SEED, 2)
    page.shot(f"seed-{ruleset}")
    # The command the page offers gives the same answer from Python.
    command = p.text_content("[data-testid=cli]").split()
    assert command[:3] == ["openmahjong", "seed", "verify"]
    result = CliRunner().invoke(cli, [*command[1:], "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["seat_order"] == seats
    assert report["hands"][1]["wall"] == shown_wall


def test_seed_mismatch_and_bad_input_are_explained(page):
    p = page.page
    page.open("#/tools/seed")
    p.fill("input[name=seed]", "abc")
    p.fill("input[name=salt]", SALT)
    p.get_by_role("button", name="Verify").click()
    assert "64 hex digits" in p.text_content("[role=alert]")
    p.fill("input[name=seed]", format(SEED, "064x"))
    p.fill("input[name=commitment]", str(fairness.commitment(SEED, SALT) + 1))
    p.get_by_role("button", name="Verify").click()
    assert p.get_attribute("[data-testid=commitment-status]", "data-match") == "no"
    page.shot("seed-mismatch")


def test_seed_link_fills_the_form_and_verifies(page):
    p = page.page
    seed_hex = format(SEED, "064x")
    page.open(
        f"#/tools/seed?seed={seed_hex}&salt={SALT}&ruleset=sichuan&hands=2"
        f"&players={','.join(PLAYERS)}"
    )
    p.wait_for_selector("[data-hand='2']")
    assert p.input_value("input[name=seed]") == seed_hex
    published = fairness.format_commitment(fairness.commitment(SEED, SALT))
    assert p.text_content("[data-testid=commitment]") == published
    assert p.get_attribute("[data-testid=commitment-status]", "data-match") is None


def test_seed_example_button(page):
    p = page.page
    page.open("#/tools/seed")
    p.get_by_role("button", name="Fill in an example").click()
    assert p.get_attribute("[data-testid=commitment-status]", "data-match") == "yes"


# ---------------------------------------------------------------------------- hand analysis


def analysis(hand: str, ruleset: str) -> dict:
    return analyze(AnalyzeRequest(hand=hand, ruleset=ruleset))


def tap(p, notation: str) -> None:
    for code in tiles.parse(notation):
        p.click(f".tile-keyboard button[data-tile='{code}']")


def test_hand_analysis_by_tapping_tiles(page):
    p = page.page
    page.open("#/tools/analyze")
    tap(p, "123m456p789s1122z")
    assert p.input_value(".hand-text") == "123m456p789s1122z"
    p.get_by_role("button", name="Analyze").click()
    p.wait_for_selector("[data-testid=waits]")
    expected = analysis("123m456p789s1122z", "riichi")
    assert p.text_content("[data-testid=shanten]") == "Ready (tenpai)"
    assert tile_codes(p.locator("[data-testid=waits] svg.tile")) == [
        tiles.parse(w)[0] for w in expected["waits"]
    ]
    page.shot("analyze-13")

    # A 14th tile: the discard table, row for row as the CLI computes it.
    tap(p, "3z")
    p.get_by_role("button", name="Analyze").click()
    p.wait_for_selector("[data-testid=discards]")
    expected = analysis("123m456p789s11223z", "riichi")
    rows = p.locator("[data-testid=discards] tbody tr")
    assert rows.count() == len(expected["discards"])
    shown = rows.evaluate_all("rs => rs.map(r => r.dataset.discard)")
    assert shown == [d["discard"] for d in expected["discards"]]
    first = rows.nth(0).locator("td").all_text_contents()
    assert first[1] == str(expected["discards"][0]["shanten"])
    assert first[3] == str(expected["discards"][0]["useful_total"])
    page.shot("analyze-14")

    # Tapping a tile of the hand takes it out again.
    p.click(".hand-tiles button[data-index='13']")
    assert p.input_value(".hand-text") == "123m456p789s1122z"


def test_tile_keys_work_from_the_keyboard(page):
    p = page.page
    page.open("#/tools/analyze")
    key = p.locator(".tile-keyboard button[data-tile='11']")
    key.focus()
    p.keyboard.press("Enter")
    p.keyboard.press("Space")
    assert p.input_value(".hand-text") == "11m"
    # The focus ring is visible on the focused key.
    outline = key.evaluate("el => getComputedStyle(el).outlineStyle")
    assert outline != "none"
    # Four of a kind used up: the key is disabled.
    p.keyboard.press("Enter")
    p.keyboard.press("Enter")
    assert key.is_disabled()


def test_hand_analysis_errors_are_shown(page):
    p = page.page
    page.open("#/tools/analyze")
    p.fill(".hand-text", "12x")
    assert "Unexpected 'x'" in p.text_content(".hand-editor .error")
    assert p.get_attribute(".hand-text", "aria-invalid") == "true"
    # A hand the server refuses: 422 with its message on the page. The browser itself logs the
    # failed request, which is expected here.
    page.allowed.append("status of 422")
    p.fill(".hand-text", "123m")
    p.get_by_role("button", name="Analyze").click()
    alert = p.wait_for_selector("[role=alert]")
    assert "13 or 14 tiles" in alert.text_content()
    page.shot("analyze-error")


HANDS = {
    "mcr": "147m258p369s1234z",
    "sichuan": "1112345678999m",
    "taiwan": "123m456m789m123p456p9s1z",  # 17 tiles: five sets, a discard from ready
    "qingque": "1122m3344p5566s7z",
}


@pytest.mark.parametrize("ruleset", list(HANDS))
def test_hand_analysis_per_ruleset(page, ruleset):
    p = page.page
    page.open("#/tools/analyze")
    p.select_option("#ruleset", ruleset)
    hand = HANDS[ruleset]
    has_honors = p.locator(".tile-keyboard button[data-tile='41']").count() == 1
    assert has_honors == (ruleset != "sichuan")
    size = 16 if ruleset == "taiwan" else 13  # the lead names the ruleset's hand sizes
    lead = p.get_by_test_id("analyze-lead").text_content() or ""
    assert lead.startswith(f"{size} tiles:") and f"{size + 1} tiles:" in lead, lead
    p.fill(".hand-text", hand)
    p.get_by_role("button", name="Analyze").click()
    p.wait_for_selector("[data-testid=shanten]")
    page.shot(f"analyze-{ruleset}")
    expected = analysis(hand, ruleset)
    for form, value in expected["shanten_by_form"].items():
        cell = p.locator(f"tr[data-form='{form}'] td").nth(1).text_content()
        if value is None:
            assert cell == "does not apply"
        elif value == 0:
            assert cell == "Ready (tenpai)"
        else:
            assert cell.startswith(str(value))


# ------------------------------------------------------------------------------ calculators


def test_riichi_calculator(page):
    p = page.page
    page.open("#/tools/riichi")
    tap(p, "234m567p22s34567s8s")
    # The last tile added is the winning tile by default.
    assert p.get_attribute(".win-choice[aria-checked=true]", "data-tile") == "8s"
    p.get_by_label("Riichi", exact=True).check()
    p.get_by_label("Tsumo (self-drawn)").check()
    p.fill("input[name=dora]", "1p")
    p.get_by_role("button", name="Calculate").click()
    p.wait_for_selector("[data-testid=points]")
    win = win_document(
        riichi_score(
            "234m567p22s345678s", "8s", riichi=True, tsumo=True, dora_indicators=tiles.parse("1p")
        )
    )
    assert p.text_content("[data-testid=points]") == f"{win['total']:,} points"
    shown = p.locator("[data-testid=yaku] tr").evaluate_all("rs => rs.map(r => r.dataset.yaku)")
    assert shown == [y["id"] for y in win["yaku"]]
    page.shot("riichi")


def test_riichi_calculator_with_a_meld_and_a_chosen_winning_tile(page):
    p = page.page
    page.open("#/tools/riichi")
    p.get_by_role("button", name="+ Add a meld").click()
    p.select_option("select[name=meld-kind-0]", "pon")
    p.fill("input[name=meld-tiles-0]", "555z")
    p.fill(".hand-text", "234m567p22s678s")
    p.click(".win-choice[data-tile='2s']")
    p.click(".win-choice[data-tile='8s']")
    p.get_by_role("button", name="Calculate").click()
    p.wait_for_selector("[data-testid=points]")
    from openmahjong.rules.riichi.hand import parse_meld

    win = riichi_score("234m567p22s678s", "8s", [parse_meld("pon:555z")])
    assert p.text_content("[data-testid=hanfu]") == f"{win.han} han {win.fu} fu"


def test_riichi_calculator_shows_why_a_hand_is_refused(page):
    p = page.page
    page.allowed.append("status of 422")
    page.open("#/tools/riichi")
    p.fill(".hand-text", "1112223334445m")
    p.click(".win-choice[data-tile='5m']")
    p.get_by_role("button", name="Calculate").click()
    alert = p.wait_for_selector("[role=alert]")
    assert alert.text_content().strip()


def test_mcr_calculator(page):
    p = page.page
    page.open("#/tools/mcr")
    tap(p, "123456789m11122p")
    p.click(".win-choice[data-tile='2m']")
    p.get_by_label("Self-drawn").check()
    p.fill("input[name=flowers]", "2")
    p.get_by_role("button", name="Calculate").click()
    p.wait_for_selector("[data-testid=fan-total]")
    win = mcr_score(tiles.parse("123456789m11122p"), 12, self_drawn=True, flowers=2)
    assert p.text_content("[data-testid=fan-total]").startswith(f"{win.total} fan")
    assert p.get_attribute("[data-testid=legal]", "class") == "status-ok"
    names = p.locator("[data-testid=fans] tbody tr td:first-child span:first-child")
    assert names.all_text_contents() == [f.en for f in win.fans]
    page.shot("mcr")


def test_mcr_below_minimum_is_shown_as_such(page):
    p = page.page
    page.open("#/tools/mcr")
    p.fill(".hand-text", "123m345p567s789s55p")
    p.click(".win-choice[data-tile='5p']")
    p.get_by_role("button", name="Calculate").click()
    assert p.get_attribute("[data-testid=legal]", "class") == "status-bad"


# ---------------------------------------------------------------------------- shell and i18n


def test_language_switch_persists_and_sets_lang(page):
    p = page.page
    page.open("#/tools/analyze")
    assert p.get_attribute("html", "lang") == "en"
    p.select_option("#lang", "zh")
    assert p.get_attribute("html", "lang") == "zh-Hans"
    assert p.text_content("main h1") == "牌理分析"
    p.reload()
    p.wait_for_selector("main h1")
    assert p.text_content("main h1") == "牌理分析"
    assert p.evaluate("localStorage.getItem('openmahjong.lang')") == "zh"
    p.select_option("#lang", "ja")
    assert p.get_attribute("html", "lang") == "ja"
    page.open("#/tools/seed")
    assert p.text_content("main h1") == "シード検証"
    page.shot("ja-seed")
    p.select_option("#lang", "en")


def test_routes_placeholders_and_unknown_pages(page):
    p = page.page
    for route, heading in [
        ("#/lobby", "Lobby"),
        ("#/replays", "Replays"),
        ("#/nowhere", "Page not found"),
        ("#/", "openmahjong"),
    ]:
        page.open(route)
        assert p.text_content("main h1") == heading
    page.open("#/tools/mcr")
    assert p.get_attribute("nav a[aria-current=page]", "href") == "#/tools/mcr"
    assert p.title() == "MCR calculator · openmahjong"


# Visible controls (a checkbox counts through its label) under 40 px high, or buttons under 40 px
# wide, described for the failure message.
SMALL_TARGETS = """() => {
  const selector = 'main button, main input, main select, main summary, main .check, '
    + 'header a, header select';
  return [...document.querySelectorAll(selector)]
    .filter(el => el.offsetParent !== null)
    .filter(el => el.matches('.check') || !el.closest('.check'))
    .map(el => [el, el.getBoundingClientRect()])
    .filter(([el, r]) => r.height < 40 || (el.matches('button') && r.width < 40))
    .map(([el, r]) => `${el.tagName}.${el.className} ${r.width | 0}x${r.height | 0}`);
}"""


@pytest.mark.parametrize(
    "route", ["#/tools/analyze", "#/tools/riichi", "#/tools/mcr", "#/tools/seed", "#/"]
)
def test_layout_fits_and_touch_targets_are_big_enough(page, route):
    p = page.page
    page.open(route)
    loaded = p.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd")
    assert loaded > 0, f"{route} never finished loading"
    record_load_time(route, loaded)  # measured for people to read, never asserted
    if route == "#/tools/seed":
        p.get_by_role("button", name="Fill in an example").click()
    width = p.evaluate("document.documentElement.scrollWidth")
    assert width <= p.viewport_size["width"], f"{route} scrolls sideways ({width}px)"
    small = p.evaluate(SMALL_TARGETS)
    assert small == [], f"touch targets under 40px on {route}: {small}"
    page.shot("layout-" + (route.strip("#/").replace("/", "-") or "home"))


def test_tile_sheet_at_high_dpi(browser, live_server):
    """Every face on a 3x phone screen, for people to look at (tests/artifacts)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=3)
    p = context.new_page()
    errors: list[str] = []
    p.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    p.goto(f"{live_server.url}/#/tiles")
    p.wait_for_selector("main h1")
    groups = ["tiles.suited", "tiles.honors", "tiles.redFives", "tiles.flowers"]
    shown = [
        int(c)
        for g in groups
        for c in p.locator(f"[data-testid='{g}'] svg.tile").evaluate_all(
            "els => els.map(e => e.dataset.tile)"
        )
    ]
    assert sorted(shown) == sorted([*tiles.ALL_KINDS, *tiles.RED_FIVES, *tiles.FLOWERS])
    table = p.locator("[data-testid='tiles.table'] svg.tile")
    assert table.evaluate_all("els => els.map(e => e.getAttribute('class'))") == [
        "tile",
        "tile",
        "tile sideways",
        "tile back",
        "tile sideways back",
        "tile sideways",
    ]
    p.locator("[data-testid='tiles.suited']").screenshot(
        path=str(ARTIFACTS / "web-tiles-suited-phone-3x.png")
    )
    p.screenshot(path=str(ARTIFACTS / "web-tiles-phone-3x.png"), full_page=True)
    context.close()
    assert errors == []


@pytest.mark.parametrize("lang", ["zh", "ja"])
def test_no_english_left_in_chinese_or_japanese(page, lang):
    """Two English words in a row on a zh/ja page means a string was not translated."""
    p = page.page
    page.open("#/")
    p.select_option("#lang", lang)
    for route in [
        "#/",
        "#/tools/analyze",
        "#/tools/riichi",
        "#/tools/mcr",
        "#/tools/seed",
        "#/tiles",
        "#/lobby",
    ]:
        page.open(route)
        if route == "#/tools/riichi":
            p.get_by_role("button", name="+").click()  # a meld row too
        text = p.evaluate("document.body.innerText")
        # Allowed: the project name, notation examples, the CLI hint, field names from the
        # seed document (round_index, current_round).
        english = re.findall(r"\b[A-Za-z]{4,}\s+[A-Za-z]{4,}\b", text)
        assert not english, f"{route} in {lang}: {english}"
    p.select_option("#lang", "en")
