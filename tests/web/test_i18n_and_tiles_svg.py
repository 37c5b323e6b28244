"""The string tables (web/js/i18n.js) and the tile faces (web/js/tile-svg.js), under node."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from openmahjong import tiles

from .jsrun import needs_node, run_js, run_ok

pytestmark = needs_node

EVERY_TILE = [*tiles.ALL_KINDS, *tiles.FLOWERS, *tiles.RED_FIVES]
SVG = "{http://www.w3.org/2000/svg}"


def test_every_string_exists_in_all_three_languages_with_the_same_placeholders():
    (strings,) = run_ok([("strings", {})])
    english = strings["en"]
    for lang in ("zh", "ja"):
        missing = sorted(set(english) - set(strings[lang]) - {"app.name"})
        extra = sorted(set(strings[lang]) - set(english))
        assert not missing, f"{lang} lacks {missing}"
        assert not extra, f"{lang} has keys English does not: {extra}"
        for key, text in strings[lang].items():
            assert set(re.findall(r"\{(\w+)\}", text)) == set(
                re.findall(r"\{(\w+)\}", english[key])
            ), f"{lang} {key}: placeholders differ from English"
            assert text.strip(), f"{lang} {key} is empty"


@pytest.mark.parametrize("lang", ["en", "zh", "ja"])
def test_every_tile_is_drawn_as_labelled_well_formed_svg(lang):
    markups = run_ok([("tile_markup", {"code": c, "lang": lang}) for c in EVERY_TILE])
    labels = set()
    for code, markup in zip(EVERY_TILE, markups, strict=True):
        svg = ET.fromstring(markup)
        assert svg.tag == f"{SVG}svg"
        assert svg.get("viewBox") == "0 0 60 80"
        assert svg.get("data-tile") == str(code)
        assert svg.get("role") == "img" and svg.get("aria-label")
        labels.add(svg.get("aria-label"))
        assert len(list(svg.iter())) > 3, f"{code} has an empty face"
    assert len(labels) == len(EVERY_TILE), "two tiles share a name"
    # Every face differs from every other face (the drawing, not just the label).
    faces = {re.sub(r'aria-label="[^"]*"|data-tile="\d+"', "", m) for m in markups}
    assert len(faces) == len(EVERY_TILE)


def test_tile_names():
    cases = [(15, "en"), (105, "en"), (45, "en"), (46, "zh"), (47, "ja"), (58, "en")]
    calls = [("tile_name", {"code": c, "lang": lang}) for c, lang in cases]
    assert run_ok(calls) == [
        "5 of Characters",
        "Red five of Characters",
        "Red dragon",
        "白板",
        "發",
        "Chrysanthemum",
    ]


def test_a_non_tile_is_refused():
    (result,) = run_js([("tile_markup", {"code": 48})])
    assert "error" in result


def test_sideways_and_face_down_tiles():
    sideways, back, back_sideways = run_ok(
        [
            ("tile_markup_opts", {"code": 105, "opts": {"sideways": True}}),
            ("tile_back", {"opts": {"label": "hidden"}}),
            ("tile_back", {"opts": {"sideways": True}}),
        ]
    )
    svg = ET.fromstring(sideways)
    assert svg.get("viewBox") == "0 0 80 60" and "sideways" in svg.get("class")
    assert svg.get("data-tile") == "105"
    assert ET.fromstring(back).get("aria-label") == "hidden"
    hidden = ET.fromstring(back_sideways)
    assert hidden.get("aria-hidden") == "true" and hidden.get("viewBox") == "0 0 80 60"
    assert hidden.get("data-tile") is None  # a face-down tile says nothing about its face
