"""A declared ruleset in the server: the lobby lists it with its words and options, and a whole
game plays over WebSockets with two people and two of its bots."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from tests.rules.server_game import lobby_entry, play_game
from tests.server.server_helpers import make_settings, running, serving_app

from .sample import SAMPLE, registered


@pytest_asyncio.fixture
async def live(tmp_path: Path) -> AsyncIterator[str]:
    with registered():
        async with running(make_settings(tmp_path)) as started, serving_app(started) as address:
            yield address


@pytest.mark.asyncio
async def test_the_lobby_lists_it_with_its_names_and_presets(live):
    entry = await lobby_entry(live, "sample")
    assert entry["presets"] == ["sample-full", "sample-quick"] or sorted(entry["presets"]) == [
        "sample-full",
        "sample-quick",
    ]
    assert {"hands", "starting_points"} <= entry["options_schema"]["properties"].keys()
    text = str(entry)
    assert "サンプル" in text and "对对和" in text


@pytest.mark.asyncio
async def test_a_whole_game_over_websockets(live):
    played = await play_game(live, "sample", "sample-quick")
    assert len(played.events("HandEnded")) == 4
    wins = played.events("Won")
    assert all("patterns" in w for w in wins)
    again = SAMPLE.replay(played.record)
    assert list(again.state.points) == played.record["result"]["final_points"]
