"""The seed page with a preset, in Chromium at desktop (1280x800) and phone (390x844) sizes.

Battle of Asura (Riichi's ``majsoul-asura``) draws each hand's exchange direction from the hand
seed, so its seed check has one thing more to show than the plain Riichi wall. The page lists
the chosen ruleset's presets as ``GET /api/rooms/rulesets`` does, asks the server for the
preset's wall (``GET /api/tools/walls/riichi/majsoul-asura``) and shows each hand's direction,
computed in the browser; the test compares it with what the server's wall gives through
``openmahjong.fairness`` and with ``openmahjong seed verify --preset majsoul-asura --json``.
Every test fails on a console error (conftest.Page) and leaves a screenshot in tests/artifacts/.
"""

from __future__ import annotations

import json

import httpx
import pytest
from typer.testing import CliRunner

from openmahjong import fairness
from openmahjong.cli import app as cli

from .conftest import browser_missing
from .play_helpers import fits_width

pytestmark = pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")

SEED = 0x3C6EF372FE94F82BA54FF53A5F1D36F1510E527FADE682D19B05688C2B3E6C20
SALT = "a1b2c3d4e5f60718293a4b5c6d7e8f90"
PLAYERS = ["ayaka", "bo", "chiharu", "dmitri"]
HANDS = 6
WORDS = {
    "en": {"clockwise": "clockwise", "counterclockwise": "counter-clockwise", "across": "across"},
    "zh": {"clockwise": "顺时针", "counterclockwise": "逆时针", "across": "对家"},
    "ja": {"clockwise": "時計回り", "counterclockwise": "反時計回り", "across": "対面"},
}


def served(live_server, path: str):
    response = httpx.get(f"{live_server.url}{path}")
    assert response.status_code == 200, response.text
    return response.json()


def directions_from_the_api(live_server) -> list[str]:
    """Each hand's direction as the server's description of the preset's wall gives it."""
    wall = served(live_server, "/api/tools/walls/riichi/majsoul-asura")
    directions = wall["exchange_directions"]
    assert directions == ["clockwise", "counterclockwise", "across"]
    seeds = [fairness.hand_seed(SEED, n) for n in range(1, HANDS + 1)]
    return [directions[seed % len(directions)] for seed in seeds]


def fill_form(p) -> None:
    p.fill("input[name=seed]", format(SEED, "064x"))
    p.fill("input[name=salt]", SALT)
    p.fill("input[name=commitment]", fairness.format_commitment(fairness.commitment(SEED, SALT)))
    p.select_option("select[name=ruleset]", "riichi")
    p.fill("input[name=hands]", str(HANDS))
    for i, name in enumerate(PLAYERS):
        p.fill(f"input[name=player-{i}]", name)


def shown_directions(p) -> list[str | None]:
    out = []
    for n in range(1, HANDS + 1):
        line = p.locator(f"[data-hand='{n}'] [data-testid=exchange-direction]")
        out.append(line.get_attribute("data-direction") if line.count() else None)
    return out


def direction_words(p, n: int) -> str:
    """Hand ``n``'s direction as worded, without the line's label."""
    line = p.locator(f"[data-hand='{n}'] [data-testid=exchange-direction]")
    label = line.locator("strong").text_content()
    return line.text_content().removeprefix(label).strip()


def test_the_asura_preset_shows_each_hands_exchange_direction(page, live_server):
    p = page.page
    page.open("#/tools/seed")
    fill_form(p)
    # The presets offered are the ruleset's as the API lists them, after "none" (the default).
    preset = p.locator("select[name=preset]")
    assert preset.input_value() == ""
    listed = served(live_server, "/api/rooms/rulesets")["riichi"]["presets"]
    offered = preset.locator("option").evaluate_all("os => os.map(o => o.value)")
    assert offered == ["", *listed]
    p.select_option("select[name=preset]", "majsoul-asura")
    p.get_by_role("button", name="Verify").click()
    p.wait_for_selector(f"[data-hand='{HANDS}'] [data-testid=exchange-direction]")

    expected = directions_from_the_api(live_server)
    assert len(set(expected)) == 3  # this seed draws every direction in six hands
    assert shown_directions(p) == expected
    for n, direction in enumerate(expected, start=1):
        label = p.text_content(f"[data-hand='{n}'] [data-testid=exchange-direction] strong")
        assert label == "Exchange of three tiles:"
        assert direction_words(p, n).startswith(WORDS["en"][direction] + ",")
    assert p.get_attribute("[data-testid=commitment-status]", "data-match") == "yes"
    # The page's command line carries the preset and prints the same directions.
    command = p.text_content("[data-testid=cli]").split()
    assert "--preset majsoul-asura" in " ".join(command)
    result = CliRunner().invoke(cli, [*command[1:], "--json"])
    assert result.exit_code == 0, result.output
    assert [h["exchange_direction"] for h in json.loads(result.stdout)["hands"]] == expected
    fits_width(page)
    page.shot("seed-asura")

    # Worded in each language, the direction itself unchanged.
    for lang in ("zh", "ja"):
        p.select_option("#lang", lang)
        p.wait_for_selector(f"html[lang^='{lang}'] main [data-hand='1']")
        assert shown_directions(p) == expected
        for n, direction in enumerate(expected, start=1):
            assert direction_words(p, n).startswith(WORDS[lang][direction]), lang
        fits_width(page)
        page.shot(f"seed-asura-{lang}")
    p.select_option("#lang", "en")

    # No preset: the plain Riichi wall has no exchange, so no direction is shown.
    p.select_option("select[name=preset]", "")
    p.get_by_role("button", name="Verify").click()
    p.wait_for_selector(f"[data-hand='{HANDS}']")
    assert shown_directions(p) == [None] * HANDS
    assert "--preset" not in p.text_content("[data-testid=cli]")


def test_bad_input_with_a_preset_is_still_explained(page):
    p = page.page
    page.open("#/tools/seed")
    fill_form(p)
    p.select_option("select[name=preset]", "majsoul-asura")
    p.fill("input[name=seed]", "abc")
    p.get_by_role("button", name="Verify").click()
    assert "64 hex digits" in p.text_content("[role=alert]")
    assert p.locator("[data-testid=exchange-direction]").count() == 0
    p.fill("input[name=seed]", format(SEED, "064x"))
    p.fill("input[name=hands]", "0")
    p.get_by_role("button", name="Verify").click()
    p.wait_for_selector("[role=alert]:has-text('between 1 and')")
    # A ruleset with no such preset: changing the ruleset puts the preset back to none.
    p.select_option("select[name=ruleset]", "mcr")
    assert p.locator("select[name=preset]").input_value() == ""
    assert "majsoul-asura" not in p.locator("select[name=preset] option").all_text_contents()


def test_the_seed_link_carries_the_preset(page, live_server):
    p = page.page
    page.open(
        f"#/tools/seed?seed={format(SEED, '064x')}&salt={SALT}&ruleset=riichi"
        f"&preset=majsoul-asura&hands={HANDS}&players={','.join(PLAYERS)}"
    )
    p.wait_for_selector(f"[data-hand='{HANDS}'] [data-testid=exchange-direction]")
    assert p.locator("select[name=preset]").input_value() == "majsoul-asura"
    assert shown_directions(p) == directions_from_the_api(live_server)


def test_the_api_describes_a_presets_wall_and_refuses_unknown_names(live_server):
    asura = served(live_server, "/api/tools/walls/riichi/majsoul-asura")
    plain = served(live_server, "/api/tools/walls/riichi/majsoul-tonpuu")
    assert plain == served(live_server, "/api/tools/walls")["riichi"]
    assert {**asura, "exchange_directions": []} == plain
    for path in ("/riichi/majsoul-nowhere", "/nowhere/majsoul-asura"):
        response = httpx.get(f"{live_server.url}/api/tools/walls{path}")
        assert response.status_code == 404
        assert "nowhere" in response.json()["error"]["message"]
    too_long = httpx.get(f"{live_server.url}/api/tools/walls/riichi/{'x' * 65}")
    assert too_long.status_code == 422
