"""Zung Jung played on openmahjong's table: a rigged hand paid by the par scheme, and whole
self-played matches that replay exactly from their records."""

from __future__ import annotations

import json
from collections import Counter

from openmahjong.rules.contract import Ruleset
from openmahjong.rules.declarative import DeclaredWon, new_hand
from openmahjong.table import PASS, Discard, Phase, Ron
from openmahjong.tiles import parse

from openmahjong_zungjung import RULESET


def rigged(hands: list[str]) -> list[int]:
    """A full wall: the four hands (the dealer's with its 14th tile), then the rest."""
    held = [parse(h) for h in hands]
    rest = Counter(RULESET.wall_rules.build()) - Counter(t for h in held for t in h)
    filler = iter(sorted(rest.elements()))
    dealt = [h + [next(filler) for _ in range((14 if i == 0 else 13) - len(h))] for i, h in
             enumerate(held)]  # fmt: skip
    wall = [t for h in dealt for t in h[:13]] + [dealt[0][13]] + list(filler)
    assert len(wall) == RULESET.tiles == 136
    return wall


def test_it_is_a_ruleset():
    assert isinstance(RULESET, Ruleset)
    assert RULESET.name == "zungjung" and RULESET.standard_preset == "zungjung-full"
    assert RULESET.options("zungjung-full").starting_points == 1000


def test_a_discard_above_the_par_costs_the_discarder_the_rest():
    # Seat 1 (South) holds four concealed pungs and waits on 7z or 5z; the dealer throws 5z.
    table = new_hand(
        RULESET.declaration,
        rigged(["2468s2299m1133z2p5z", "111m222p333s55z77z", "", ""]),
        points=(1000,) * 4,
    )
    table.act(0, Discard(parse("5z")[0]))
    assert Ron() in table.legal_actions(1)
    table.act(1, Ron())
    while table.phase == Phase.REACTION:
        for seat in table.waiting_for():
            table.act(seat, PASS)
    (won,) = [e for e in table.events if isinstance(e, DeclaredWon)]
    # The white pung came from the discard: three concealed triplets (30), All Triplets (30),
    # the white (10), Concealed Hand (5), and the discard counts as Blessing of Earth (155).
    assert {key: points for key, points, _ in won.patterns} == {
        "blessing_of_earth": 155,
        "all_triplets": 30,
        "three_concealed_triplets": 30,
        "value_honor": 10,
        "concealed_hand": 5,
    }
    assert won.points == 230
    assert table.result.deltas == (-(3 * 230 - 50), 3 * 230, -25, -25)


def test_self_played_matches_replay_exactly():
    for seed in range(8):
        match = RULESET.new_match(["a", "b", "c", "d"], seed, "salt", "zungjung-east")
        bots = [RULESET.bot(seed * 4 + s) for s in range(4)]
        while not match.finished:
            table = match.table
            seat = table.waiting_for()[0]
            match.act(seat, bots[seat].act(table.view(seat, events=False)))
        record = json.loads(json.dumps(match.record()))
        assert record["header"]["ruleset"] == "zungjung" and len(record["hands"]) == 4
        assert sum(record["result"]["final_points"]) == 4000
        again = RULESET.replay(record)
        assert again.hands == match.hands
        assert list(again.state.points) == record["result"]["final_points"]
