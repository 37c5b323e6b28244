"""Matches where every seat picks any legal action at random (chi, pon, every kind of kan, the
kan's locked discard, robbing): points are conserved, the tables stay valid, records replay."""

from __future__ import annotations

import json
import random

from openmahjong.rules.changsha.game.events import KanTurned
from openmahjong.rules.changsha.game.ruleset import RULESET
from openmahjong.table.actions import Ankan, Chi, Kakan, Minkan, Pon, Ron, Tsumo
from openmahjong.table.kernel import Phase


def test_random_legal_play_replays_and_conserves_points():
    kans = calls = wins = 0
    for game in range(30):
        rng = random.Random(game)
        match = RULESET.new_match(None, 500 + game, None, RULESET.options("changsha-standard"))
        while not match.finished:
            table = match.table
            seat = table.waiting_for()[0]
            legal = table.legal_actions(seat)
            # Favour calls and kans so that every path comes up.
            eager = [
                a for a in legal if isinstance(a, (Ankan, Kakan, Minkan, Pon, Chi, Ron, Tsumo))
            ]
            action = rng.choice(eager if eager and rng.random() < 0.7 else legal)
            calls += isinstance(action, (Pon, Chi))
            match.act(seat, action)
            table.validate()
            if table.phase == Phase.ENDED:
                assert sum(table.result.deltas) == 0
                kans += sum(isinstance(e, KanTurned) for e in table.events)
                wins += len(table.result.wins)
        again = RULESET.replay(json.loads(json.dumps(match.record())))
        assert again.hands == match.hands
    assert kans > 10 and calls > 100 and wins > 30
