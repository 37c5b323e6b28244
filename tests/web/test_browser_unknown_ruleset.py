"""A ruleset this client has never heard of, served by a stubbed API, in Chromium: the lobby's
rules form is generated from its option schema and client object, the table names its calls
in its own words (the messages it sends), and the seed tool rebuilds its wall. Nothing in
web/js names it: everything comes from ``GET /api/rooms/rulesets`` and ``GET /api/tools/walls``.
"""

from __future__ import annotations

import json

import pytest

from openmahjong import fairness

from .conftest import browser_missing
from .play_helpers import new_name, register_in_page

pytestmark = pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")

TOY_WALL = fairness.WallRuleset(
    name="toy",
    size=3 * 18 + 2,
    hand_number="round_index",
    dealer_extra=True,
    note="two suits, three copies, two flowers",
    kinds=(*range(11, 20), *range(21, 30)),
    copies=3,
    extra=(51, 52),
)
TOY_WALL_JSON = {
    **{k: getattr(TOY_WALL, k) for k in ("name", "size", "hand_number", "dealer_extra", "note")},
    "kinds": list(TOY_WALL.kinds),
    "copies": TOY_WALL.copies,
    "extra": list(TOY_WALL.extra),
    "red_fives": False,
}

TOY = {
    "seats": 4,
    "presets": ["toy-long", "toy-short"],
    "aliases": {},
    "options_schema": {
        "title": "ToyOptions",
        "type": "object",
        "properties": {
            "name": {"default": "custom", "title": "Name", "type": "string"},
            "hands": {"default": 2, "enum": [1, 2, 3], "title": "Hands", "type": "integer"},
            "jokers": {"default": False, "title": "Jokers", "type": "boolean"},
            "speed": {
                "default": "calm",
                "enum": ["calm", "wild"],
                "title": "Speed",
                "type": "string",
            },
        },
    },
    "wall": TOY_WALL_JSON,
    "client": {
        "label": "toy.name",
        "default_preset": "toy-short",
        "words": {"pon": "toy.pon", "bonk_twice": "toy.bonkTwice"},
        "table": {"dead_wall": 0, "dora": False, "sticks": False, "flowers": True},
        "lobby": [
            {"option": "hands", "label": "toy.hands", "values": {"1": "toy.one", "3": "toy.three"}},
            {"option": "jokers", "label": "toy.jokers"},
            {"option": "speed"},  # no words at all: the schema's title and values
            {"option": "missing", "label": "toy.missing"},  # not in the schema: left out
        ],
        "messages": {
            "en": {
                "toy.name": "Toy Two-Suit",
                "toy.pon": "Bonk",
                "toy.bonkTwice": "Double bonk",
                "toy.hands": "Hands to play",
                "toy.one": "One hand",
                "toy.three": "Three hands",
                "toy.jokers": "Jokers in the wall",
            }
        },
    },
}


#: A ruleset whose client object says nothing: every option of its schema is a field.
BARE = {
    "seats": 4,
    "presets": ["bare-one"],
    "aliases": {},
    "options_schema": {
        "type": "object",
        "properties": {
            "name": {"default": "custom", "title": "Name", "type": "string"},
            "hands": {
                "default": 4,
                "maximum": 8,
                "minimum": 1,
                "title": "Hands",
                "type": "integer",
            },
            "motto": {"default": "", "maxLength": 20, "title": "Motto", "type": "string"},
            "uma": {"default": [1, -1], "title": "Uma", "type": "array"},
        },
    },
    "wall": {**TOY_WALL_JSON, "name": "bare"},
    "client": {"name": "bare", "seats": 4},
}


def serve_toy(page) -> None:
    """Only the toy rulesets are installed, as far as the page can tell."""
    p = page.page
    p.route("**/api/rooms/rulesets", lambda route: route.fulfill(json={"toy": TOY, "bare": BARE}))
    p.route("**/api/tools/walls", lambda route: route.fulfill(json={"toy": TOY_WALL_JSON}))


def test_the_lobby_form_is_generated_from_the_server_description(page):
    p = page.page
    serve_toy(page)
    register_in_page(page, new_name("toy"))
    form = p.locator("[data-testid=create-room]")
    ruleset = form.locator("select[name=ruleset]")
    assert ruleset.locator("option").all_text_contents() == ["Toy Two-Suit", "bare"]
    assert ruleset.input_value() == "toy"
    assert form.locator("select[name=preset]").input_value() == "toy-short"  # its default
    hands = form.locator("select[name=hands]")
    offered = hands.locator("option").all_text_contents()
    assert offered == ["as the preset", "One hand", "Three hands"]
    assert form.get_by_text("Hands to play").count() == 1
    speed = form.locator("select[name=speed]")
    assert speed.locator("option").all_text_contents() == ["as the preset", "calm", "wild"]
    assert form.get_by_text("Speed", exact=True).count() == 1  # the schema's title
    assert form.locator("[name=missing]").count() == 0
    jokers = form.locator("input[name=jokers]")
    assert not jokers.is_checked()  # the schema's default
    page.shot("toy-lobby")

    # What the form sends: the options changed, typed as the schema says.
    sent: list[dict] = []

    def capture(route):
        sent.append(json.loads(route.request.post_data or "{}"))
        route.fulfill(status=422, json={"error": {"code": "test", "message": "stubbed"}})

    page.allowed.append("422")
    p.route("**/api/rooms", lambda r: capture(r) if r.request.method == "POST" else r.continue_())
    hands.select_option("3")
    jokers.check()
    speed.select_option("wild")
    form.get_by_role("button", name="Open the room").click()
    p.get_by_text("stubbed").wait_for()
    assert sent[0]["ruleset"] == "toy" and sent[0]["preset"] == "toy-short"
    assert sent[0]["rules"] == {"hands": 3, "jokers": True, "speed": "wild"}

    # A ruleset that describes no fields: its schema's options (not its preset's name, not a
    # list) become fields, empty until typed in.
    form.locator("select[name=ruleset]").select_option("bare")
    form = p.locator("[data-testid=create-room]")
    hands = form.locator("input[name=hands]")
    assert hands.get_attribute("type") == "number" and hands.get_attribute("max") == "8"
    assert hands.input_value() == "" and form.get_by_text("Hands", exact=True).count() == 1
    assert form.locator("input[name=motto]").get_attribute("maxlength") == "20"
    assert form.locator("[name=name], [name=uma]").count() == 0
    hands.fill("5")
    form.get_by_role("button", name="Open the room").click()
    p.get_by_text("stubbed").wait_for()  # the answer came: the body was captured first
    assert sent[-1]["ruleset"] == "bare" and sent[-1]["preset"] == "bare-one"
    assert sent[-1]["rules"] == {"hands": 5}


RENDER_TOY = """async ([view, prompt, result]) => {
  const rulesets = await import('/js/rulesets.js');
  const table = await import('/js/table-view.js');
  const all = await rulesets.loadRulesets();
  const el = table.renderTable({ view, prompt, result, rules: rulesets.clientOf(all.toy) });
  document.querySelector('main').replaceChildren(
    Object.assign(document.createElement('h1'), {textContent: 'toy'}), el);
}"""

VIEW = {
    "seat": 0,
    "phase": "call",
    "turn": 1,
    "hand": [11, 12, 13, 14, 15, 16, 17, 18, 19, 22, 22],
    "hand_sizes": [11, 13, 13, 13],
    "melds": [
        [{"kind": "pon", "tiles": [21, 21, 21], "called_tile": 21, "from_seat": 1}],
        [],
        [],
        [],
    ],
    "discards": [[], [[22, False, False, None]], [], []],
    "points": [0, 0, 0, 0],
    "live_remaining": 20,
    "table": {"dealer": 0, "round_wind": 41, "hand_number": 1},
    "seats_public": [{"seat_wind": 41}, {"seat_wind": 42}, {"seat_wind": 43}, {"seat_wind": 44}],
}
PROMPT = {
    "seq": 1,
    "actions": [{"type": "pon", "tiles": [22, 22]}, {"type": "bonk_twice"}, {"type": "pass"}],
}


def test_the_table_names_calls_in_the_rulesets_own_words(page):
    p = page.page
    serve_toy(page)
    page.open("#/")
    p.evaluate(RENDER_TOY, [VIEW, PROMPT, None])
    actions = p.locator("[data-testid=actions]")
    assert actions.locator("[data-action=pon]").text_content().startswith("Bonk")
    assert actions.locator("[data-action=bonk_twice]").text_content() == "Double bonk"
    assert actions.locator("[data-action=pass]").text_content() == "Pass"  # the shared word
    meld = p.locator(".meld-pon").first.get_attribute("aria-label")
    assert meld.startswith("Bonk"), meld
    page.shot("toy-table")

    # A win with neither yaku nor fans (the toy scores a plain total): the total alone.
    result = {"reason": "win", "wins": [{"seat": 0, "from_seat": None, "tile": 11, "total": 30}]}
    p.evaluate(RENDER_TOY, [VIEW, None, result])
    win = p.locator("[data-testid=win]")
    assert win.locator(".score-line").text_content() == "30 points"
    assert "undefined" not in win.text_content()


def test_the_seed_tool_rebuilds_a_wall_it_never_heard_of(page):
    p = page.page
    serve_toy(page)
    seed = 0x1234567890ABCDEF * (2**192 + 2**128 + 2**64 + 1)
    page.open("#/tools/seed")
    assert p.locator("select[name=ruleset] option").all_text_contents() == ["toy (56)"]
    assert p.locator("input[name=red_fives]").is_hidden()  # the toy wall has no red fives
    p.fill("input[name=seed]", format(seed, "064x"))
    p.fill("input[name=salt]", "salt")
    p.fill("input[name=hands]", "1")
    p.get_by_role("button", name="Verify").click()
    hand = p.locator("[data-hand='1']")
    hand.locator("summary").click()
    hand.locator("[data-testid=wall] svg.tile").first.wait_for()
    shown = [int(x) for x in hand.locator("[data-testid=wall] svg.tile").evaluate_all(
        "els => els.map(e => e.dataset.tile)")]  # fmt: skip
    assert shown == TOY_WALL.shuffled(seed, 1)
