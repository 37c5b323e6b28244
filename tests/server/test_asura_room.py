"""Battle of Asura (``majsoul-asura``) in a room: one person answering each hand's exchange
choice (any three tiles) and three Riichi bots, which choose their own exchanges; the game ends
and its stored record checks ok hand by hand."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.asyncio


async def test_a_whole_asura_game_in_a_room_with_three_bots(app, client):
    from exchange_room import play_exchange_room

    def any_three(choice):  # any three tiles, offered as a choice
        assert choice["same_suit"] is False

    played = await play_exchange_room(
        app, "riichi", "majsoul-asura", timeout=180, check_choice=any_three
    )
    check = played.check
    assert check["ok"] and check["hands"] == check["hands_matched"], check
    # East 4 at least, unless a seat went below zero (a bust ends the match at once).
    bust = min(played.end["result"]["final_points"]) < 0
    assert check["hands"] >= 4 or bust, (check, played.end["result"])
    assert played.choices == check["hands"]  # one exchange a hand
