"""The browser's replay of free play (replay-engine.js with freeplay-replay.js) against the
engine: for every hand of self-played free-play games of each tile set (with shown tiles, a
group with the last discard, a tile taken back and a proposed result refused mixed in), each
step's hands, ponds, groups, live wall, turn, shown tiles, last discard and proposed result
equal the engine's table after the same move, and the last step's points the hand's summary;
also for a table whose declared results need no agreement."""

from __future__ import annotations

import pytest

from openmahjong.bots.driver import play_to_end
from openmahjong.rules.freeplay.actions import (
    FreeAgree,
    FreeEndHand,
    FreeMeld,
    FreeReveal,
    FreeTake,
)
from openmahjong.rules.freeplay.ruleset import RULESET
from openmahjong.table.actions import action_from_dict

from .fixtures.engine_views import jsonable
from .jsrun import needs_node
from .test_replay_play import js_states

pytestmark = needs_node


def played(preset: str, seed: int, agreement: bool = True) -> dict:
    options = RULESET.options(preset, hands=2, agreement=agreement)
    match = RULESET.new_match(["a", "b", "c", "d"], seed, "salt", options)
    bots = [RULESET.bot(seed + s) for s in range(4)]
    table = match.free_table
    match.act(table.turn, bots[table.turn].act(table.view(table.turn)))  # the deal
    match.act(1, FreeReveal(tile=table.hands[1][0]))
    match.act(2, FreeReveal(tile=None))
    for _ in range(12):  # a few turns, then somebody lays the last discard with a tile of theirs
        seat = table.turn
        match.act(seat, bots[seat].act(table.view(seat)))
    giver = table.last_discard
    taker = (giver + 2) % 4 if giver is not None else 0
    if giver is not None:
        match.act(taker, FreeMeld(tiles=(table.hands[taker][0],), discard=True))
        match.act(taker, FreeTake(tile=table.groups[taker][-1].tiles[0], source="group", index=0))
    if agreement:  # a result proposed, agreed by one seat, refused by another
        match.act(3, FreeEndHand(winner=3, deltas=(-1, -1, -1, 3)))
        match.act(0, FreeAgree())
        match.act(1, FreeAgree(agree=False))
    play_to_end(match, bots.__getitem__, max_actions=20_000)
    return jsonable(match.record())


def engine_states(record: dict) -> list[list[dict]]:
    match = RULESET.replay({**record, "actions": []})
    out: list[list[dict]] = [[snapshot(match.free_table)]]
    for entry in record["actions"]:
        table = match.free_table
        match.act(entry[1], action_from_dict(entry[2]))
        out[-1].append(snapshot(table))
        if not match.finished and match.free_table is not table:
            out.append([snapshot(match.free_table)])
    return out


def snapshot(table) -> dict:
    return jsonable(
        {
            "hands": [sorted(h) for h in table.hands],
            "discards": [[[t, False, False, None] for t in p] for p in table.ponds],
            "melds": [[[g.tiles, g.called_tile, g.from_seat] for g in gs] for gs in table.groups],
            "live_remaining": len(table.wall),
            "turn": table.turn,
            "revealed": [sorted(s) for s in table.shown],
            "last_discard": table.last_discard,
            "proposal": table.table_public()["proposal"],
        }
    )


def comparable(state: dict) -> dict:
    return {
        "hands": [sorted(h) for h in state["hands"]],
        "discards": state["discards"],
        "melds": [
            [[m["tiles"], m["called_tile"], m["from_seat"]] for m in ms] for ms in state["melds"]
        ],
        "live_remaining": state["live_remaining"],
        "turn": state["turn"],
        "revealed": [sorted(p["revealed"]) for p in state["seats_public"]],
        "last_discard": state["table"]["last_discard"],
        "proposal": state["table"]["proposal"],
    }


@pytest.mark.parametrize(
    ("preset", "seed", "agreement"),
    [
        ("freeplay", 3, True),
        ("freeplay-flowers", 4, True),
        ("freeplay-suits", 5, True),
        ("freeplay-sixteen", 6, True),
        ("freeplay", 7, False),
    ],
)
def test_every_step_of_every_free_play_hand_matches_the_engine(preset, seed, agreement):
    record = played(preset, seed, agreement)
    expected = engine_states(record)
    got = js_states(record, list(range(len(expected))))
    for i, states in enumerate(expected):
        assert "ok" in got[str(i)], got[str(i)]
        js = got[str(i)]["ok"]
        assert len(js) == len(states), i
        for k, (want, have) in enumerate(zip(states, js, strict=True)):
            assert comparable(have) == want, f"hand {i} step {k}"
        assert js[-1]["points"] == record["hands"][i]["points"], i
        # the hand ends on the last seat's agreement, or at once on the declaration
        closing = "free_agree" if agreement else "free_end"
        assert js[-1]["phase"] == "ended" and js[-1]["last"]["action"]["type"] == closing
        assert js[-1]["table"]["proposal"] is None
