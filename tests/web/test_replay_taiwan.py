"""The browser's replay (web/js/replay-engine.js) of Taiwan 16-tile games against the engine:
16 tiles dealt a seat (the wall's ``hand_size``), flowers replaced from in front of the 16 tiles
kept back (the ``kept_tiles`` option), and every step's hands, discards, melds, flowers, wall
count and points equal to the engine's table after the same action."""

from __future__ import annotations

import pytest

from openmahjong.bots import selfplay_seed
from openmahjong.rules.taiwan.game.ruleset import RULESET

from .fixtures.engine_views import jsonable
from .jsrun import needs_node
from .test_replay_play import check_every_step

pytestmark = needs_node


def _record(game: int) -> dict:
    master, salt = selfplay_seed(25, game)
    match = RULESET.new_match(["a", "b", "c", "d"], master, salt, "taiwan-1round")
    bots = [RULESET.bot(game * 4 + s) for s in range(4)]
    while not match.finished:
        seat = match.table.waiting_for()[0]
        match.act(seat, bots[seat].act(match.table.view(seat, events=False)))
    return jsonable(match.record())


@pytest.mark.parametrize("game", [0, 1, 2])
def test_every_step_of_every_taiwan_hand_matches_the_engine(game):
    record = _record(game)
    assert any(e[2]["type"] == "discard" for e in record["actions"])
    check_every_step(record)
