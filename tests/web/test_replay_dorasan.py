"""The browser's replay of DoraDorara (``majsoul-dorasan``) games against the engine: every step
of every hand shows the same indicators (three from the deal, one more for each of the first two
kans, none for the third), hands, melds and points. Games 7 and 25 of self-play seed 20 each
have a hand with two kans, game 582 one with three."""

from __future__ import annotations

import pytest

from openmahjong.bots import selfplay_seed
from openmahjong.bots.selfplay import play_match
from openmahjong.rules.riichi.game import preset

from .fixtures.engine_views import jsonable
from .jsrun import needs_node
from .test_replay_play import check_every_step, js_states

pytestmark = needs_node


def _record(game: int) -> dict:
    master, salt = selfplay_seed(20, game)
    return jsonable(play_match(preset("majsoul-dorasan"), master, salt=salt).record())


@pytest.mark.parametrize("game", [7, 25, 582])
def test_every_step_of_every_dorasan_hand_matches_the_engine(game):
    record = _record(game)
    check_every_step(record)
    got = js_states(record, list(range(len(record["hands"]))))
    shown = [
        len(state["table"]["dora_indicators"])
        for i in got
        if i != "split"
        for state in got[i]["ok"]
    ]
    assert min(shown) == 3 and max(shown) == 5
