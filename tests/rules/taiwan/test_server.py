"""Taiwan in the server: the lobby lists it from ``client_info`` (its en/zh/ja names and
presets), and a whole one-round game plays over WebSockets with two people (simple choices)
and two of its bots, its stored record replaying."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from openmahjong.rules.taiwan.game.ruleset import RULESET
from tests.rules.server_game import lobby_entry, play_game
from tests.server.server_helpers import make_settings, running, serving_app


@pytest_asyncio.fixture
async def live(tmp_path: Path) -> AsyncIterator[str]:
    async with running(make_settings(tmp_path)) as started, serving_app(started) as address:
        yield address


@pytest.mark.asyncio
async def test_the_lobby_lists_it_with_its_names_and_presets(live):
    entry = await lobby_entry(live, "taiwan")
    assert sorted(entry["presets"]) == [
        "taiwan-1round",
        "taiwan-4rounds",
        "taiwan-4rounds-300-100",
    ]
    text = str(entry.get("client", entry))
    assert "台湾十六张" in text and "Taiwan 16-tile" in text and "台湾麻雀" in text
    properties = entry["options_schema"]["properties"]
    assert {"rounds", "base", "per_tai", "min_tai", "dealer_keeps_on_draw"} <= set(properties)


@pytest.mark.asyncio
async def test_a_whole_one_round_game_over_websockets(live):
    played = await play_game(live, "taiwan", "taiwan-1round")
    ended = played.events("HandEnded")
    assert len(ended) >= 4  # every seat deals at least once
    assert played.events("TaiwanWon")
    again = RULESET.replay(played.record)
    assert list(again.state.points) == played.record["result"]["final_points"]
    assert len(again.hands) == len(ended)
    assert again.hands[-1]["wind_round"] == 0
