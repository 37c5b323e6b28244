"""Changsha in the server: the lobby lists it from ``client_info`` (its en/zh/ja names), and a
whole game plays over WebSockets with two people (simple choices) and two of its bots."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from openmahjong.rules.changsha.game.ruleset import RULESET
from tests.rules.server_game import lobby_entry, play_game
from tests.server.server_helpers import make_settings, running, serving_app


@pytest_asyncio.fixture
async def live(tmp_path: Path) -> AsyncIterator[str]:
    async with running(make_settings(tmp_path)) as started, serving_app(started) as address:
        yield address


@pytest.mark.asyncio
async def test_the_lobby_lists_it_with_its_names_and_presets(live):
    entry = await lobby_entry(live, "changsha")
    assert sorted(entry["presets"]) == ["changsha-four-birds", "changsha-standard"]
    text = str(entry.get("client", entry))
    assert "长沙麻将" in text and "Changsha" in text and "長沙麻雀" in text
    assert {"hands", "birds", "starting_wins"} <= entry["options_schema"]["properties"].keys()


@pytest.mark.asyncio
async def test_a_whole_game_over_websockets(live):
    played = await play_game(live, "changsha", "changsha-standard", rules={"hands": 2})
    assert len(played.events("HandEnded")) == 2
    record = played.record
    assert list(RULESET.replay(record).state.points) == record["result"]["final_points"]
