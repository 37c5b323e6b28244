"""Qingque in the server: the lobby lists it from ``client_info`` (its en/zh/ja names), and a
whole two-round game (the seat change before hand 5 included) plays over WebSockets with two
people (simple choices) and two of its bots."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from openmahjong.rules.qingque.game.ruleset import RULESET
from tests.rules.server_game import lobby_entry, play_game
from tests.server.server_helpers import make_settings, running, serving_app


@pytest_asyncio.fixture
async def live(tmp_path: Path) -> AsyncIterator[str]:
    async with running(make_settings(tmp_path)) as started, serving_app(started) as address:
        yield address


@pytest.mark.asyncio
async def test_the_lobby_lists_it_with_its_names_and_presets(live):
    entry = await lobby_entry(live, "qingque")
    assert sorted(entry["presets"]) == ["qingque-1round", "qingque-2rounds", "qingque-4rounds"]
    text = str(entry.get("client", entry))
    assert "青雀" in text and "Qingque" in text and "チンチュエ" in text
    assert "rounds" in entry["options_schema"]["properties"]


@pytest.mark.asyncio
async def test_a_whole_two_round_game_over_websockets(live):
    played = await play_game(live, "qingque", "qingque-2rounds")
    assert len(played.events("HandEnded")) == 8
    again = RULESET.replay(played.record)
    assert list(again.state.points) == played.record["result"]["final_points"]
    assert [h["current_round"] for h in again.hands] == list(range(1, 9))
