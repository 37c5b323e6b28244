"""DoraDorara (``majsoul-dorasan``) at the table: the centre shows the three indicators a hand
starts with, and all five after two kans, every one whole inside the centre at 1280x800 and
390x844; the lobby names the preset and offers its casual line in en, zh and ja; a player's page
counts casual games apart."""

from __future__ import annotations

import httpx
import pytest

from openmahjong.rules.riichi.game import new_hand, preset
from openmahjong.table import Ankan, Discard, Minkan, rigged_wall
from openmahjong.tiles import parse

from .conftest import browser_missing
from .fixtures.engine_views import view_json
from .fixtures.stored_games import store_bot_game
from .play_helpers import PASSWORD, new_name, register_in_page
from .test_browser_table import GAME, box

pytestmark = pytest.mark.skipif(browser_missing() is not None, reason=browser_missing() or "")

HANDS = ["1z258m258p258s369m5z", "111z2222z3333z9m9p", "4444z147m147p147s", "567z369p369s369m8p"]
#: Indicators 1m 5p 9s (at the start) and 7z 3m (the two kans'), ura and replacements after.
DEAD = "1m5p9s7z3m6m7m8m9m1p2p3p4p5p"


def _views() -> tuple[dict, dict]:
    """Seat 1's view as a DoraDorara hand starts, and after its two kans (five indicators)."""
    wall = rigged_wall(HANDS, "6m", DEAD)
    t = new_hand(wall, preset("majsoul-dorasan"))
    t.act(0, Discard(41))
    start = view_json(t, 1)
    t.act(1, Minkan((41, 41, 41)))
    t.act(1, Ankan((42, 42, 42, 42)))
    assert t.policy.dora_indicators(t) == parse("1m5p9s7z3m")
    return start, view_json(t, 1)


def _dora_fits(p) -> int:
    """How many indicator tiles the centre shows, each whole inside the centre and none over
    another."""
    centre = box(p.locator(".centre"))
    tiles = [box(x) for x in p.locator("[data-testid=dora] .tile-holder").all()]
    for x, y, w, h in tiles:
        assert w > 0 and h > 0
        assert centre[0] <= x and x + w <= centre[0] + centre[2] + 0.5, (x, w, centre)
        assert centre[1] <= y and y + h <= centre[1] + centre[3] + 0.5, (y, h, centre)
    for (x1, _y1, w1, _h1), (x2, _y2, _w2, _h2) in zip(tiles, tiles[1:], strict=False):
        assert x1 + w1 <= x2 + 0.5  # left to right, side by side
    return len(tiles)


def test_three_then_five_indicators_fit_the_centre(page):
    p = page.page
    page.open("#/lobby")
    start, after = _views()
    p.evaluate(GAME, {"view": start, "prompt": None})
    assert _dora_fits(p) == 3
    p.evaluate(GAME, {"view": after, "prompt": None})
    assert _dora_fits(p) == 5
    page.shot("dorasan-five-dora")


@pytest.mark.parametrize(
    ("lang", "name", "casual"),
    [
        ("en", "Mahjong Soul DoraDorara (three dora indicators), East only", "Casual match"),
        ("zh", "雀魂宝牌模式（开局三张宝牌指示牌）·东风", "休闲匹配"),
        ("ja", "雀魂 ドラさんモード（ドラ表示牌3枚）・東風", "カジュアルマッチ"),
    ],
)
def test_the_lobby_names_the_preset_and_its_casual_line(page, lang, name, casual):
    if page.size == "phone" and lang != "en":
        pytest.skip("one size is enough for the other languages")
    p = page.page
    register_in_page(page, new_name("dora"))
    p.select_option("#lang", lang)
    p.wait_for_selector("[data-testid=casual-match]")
    options = p.locator("select[name=preset] option")
    assert name in [o.text_content() for o in options.all()]
    p.select_option("select[name=preset]", "majsoul-dorasan")
    link = p.get_by_test_id("casual-match")
    assert link.text_content() == casual
    # Every address the page goes to: a table may form at once (others wait in the casual
    # line of the shared test server) and take the page on from the queue's address.
    p.evaluate(
        "window.hashesSeen = []; "
        "addEventListener('hashchange', () => window.hashesSeen.push(location.hash))"
    )
    link.click()  # the link follows the preset chosen after the page was drawn
    p.wait_for_selector("[data-testid=casual-label]")
    seen = p.evaluate("window.hashesSeen")
    assert "#/room/quick?ruleset=riichi&preset=majsoul-dorasan&casual=1" in seen, seen


def test_the_player_page_counts_casual_games_apart(page, live_server):
    url = live_server.server.config.app.state.om.settings.database_url
    name = new_name("casual")
    answer = httpx.post(
        f"{live_server.url}/api/auth/register",
        json={"name": name, "password": PASSWORD, "session": "bearer"},
    )
    user_id = answer.json()["user"]["id"]
    store_bot_game(url, 0, (user_id, name))
    store_bot_game(url, 1, (user_id, name), casual=True)
    p = page.page
    page.open(f"#/player/{user_id}")
    p.wait_for_selector("[data-testid=stats]")
    cells = p.locator("[data-testid=stats] tbody tr").first.locator("td").all_text_contents()
    assert cells[1] == "1"  # the ranked game only
    note = p.get_by_test_id("casual-excluded")
    assert note.is_visible() and "1" in note.text_content()
