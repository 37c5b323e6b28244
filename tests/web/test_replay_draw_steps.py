"""replay-engine.js withDrawSteps: each draw becomes a step of its own, between the action that
let the seat draw and that seat's next action, on Riichi and MCR bot matches (flowers too)."""

from __future__ import annotations

import pytest

from .fixtures.engine_views import jsonable
from .fixtures.stored_games import record_of
from .jsrun import WEB, needs_node, run_node
from .test_replay_play import served

pytestmark = needs_node

SCRIPT = """
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const engine = await import(pathToFileURL(process.argv[1] + "/replay-engine.js").href);
const { record, ruleset } = JSON.parse(readFileSync(0, "utf8"));
const out = engine.splitHands(record).map((_, i) => {
  const states = engine.handStates(record, i, ruleset);
  return { states, steps: engine.withDrawSteps(states) };
});
process.stdout.write(JSON.stringify(out));
"""


def split(record: dict) -> list[dict]:
    payload = {"record": record, "ruleset": served(record)}
    return run_node(["--input-type=module", "-e", SCRIPT, str(WEB / "js")], payload)


@pytest.mark.parametrize("ruleset", ["riichi", "mcr"])
def test_every_draw_is_a_step_of_its_own(ruleset):
    record = jsonable(record_of(0, ruleset))
    draws = 0
    for hand in split(record):
        states, steps = hand["states"], hand["steps"]
        kept = [s for s in steps if s["last"] is None or s["last"]["action"]["type"] != "draw"]
        assert len(kept) == len(states)
        for before, drew in zip(steps, steps[1:], strict=False):
            if drew["last"] is None or drew["last"]["action"]["type"] != "draw":
                continue
            draws += 1
            seat = drew["last"]["seat"]
            tile = drew["drawn"][seat]
            assert before["drawn"][seat] is None and tile is not None
            assert sorted(before["hands"][seat] + [tile]) == sorted(drew["hands"][seat])
            assert drew["hand_sizes"][seat] == before["hand_sizes"][seat] + 1
            assert len(before["hands"][seat]) % 3 == 1
            assert before["discards"] == drew["discards"] and before["melds"] == drew["melds"]
            # Every other seat's hand is as it was.
            assert [h for s, h in enumerate(before["hands"]) if s != seat] == [
                h for s, h in enumerate(drew["hands"]) if s != seat
            ]
        # The hand's last step is still its end, with the summary's result.
        assert steps[-1] == states[-1] or steps[-1]["last"]["action"]["type"] == "draw"
    assert draws > 50
