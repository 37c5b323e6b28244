"""Properties over random self-played hands: tiles and points conserved, replay reproduces
every event, and a seat's view never shows another seat's concealed tiles or the wall."""

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from openmahjong.fairness import build_wall, shuffled_wall
from openmahjong.rules.riichi.game import hand_record, new_hand, replay_hand
from openmahjong.table import PASS, Discard, IllegalAction, Phase, Pon, Ron, Tsumo
from openmahjong.table.events import Dealt, Drew

from .helpers import snapshot


def random_policy(table, rng):
    """A trivial random legal-action player: wins when it can, else any legal action."""
    seat = table.waiting_for()[0]
    legal = table.legal_actions(seat)
    wins = [a for a in legal if isinstance(a, Ron | Tsumo)]
    return seat, (wins[0] if wins and rng.random() < 0.9 else rng.choice(legal))


def tiles_on_table(t):
    held = []
    for s in t.seats:
        held += s.hand
        for m in s.melds:
            held += m.tiles
        held += [d.tile for d in s.discards if d.claimed_by is None]
    if t.phase == Phase.ENDED and t.result.wins:
        w = t.result.wins[0]
        # A ron tile is a discard marked claimed but in no meld; a robbed kan tile stays put.
        if w.from_seat is not None and not w.robbed_kan:
            held.append(t.seats[w.from_seat].discards[-1].tile)
    return Counter(held + t.wall.remaining_tiles())


def try_illegal(t, rng):
    """A random action that is not legal must raise IllegalAction and change nothing."""
    seat = rng.randrange(4)
    action = rng.choice(
        [Discard(rng.choice(build_wall("riichi"))), Ron(), Tsumo(), PASS, Pon((11, 11))]
    )
    if action in t.legal_actions(seat):
        return
    before = snapshot(t)
    with pytest.raises(IllegalAction):
        t.act(seat, action)
    assert snapshot(t) == before


def check_views(t):
    for seat in range(4):
        v = t.view(seat)
        assert v.hand == tuple(t.seats[seat].hand)
        assert not hasattr(v, "wall")
        for e in v.events:
            if isinstance(e, Dealt):
                assert e.seat == seat
            if isinstance(e, Drew) and e.seat != seat:
                assert e.tile is None
        if seat not in t.waiting_for():
            assert v.legal_actions == ()
    spectator = t.view(None)
    assert spectator.hand == () and not any(isinstance(e, Dealt) for e in spectator.events)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=1, max_value=2**64), dealer=st.integers(0, 3))
def test_random_hand_conserves_tiles_and_points_and_replays(seed, dealer):
    rng = random.Random(seed)
    wall = shuffled_wall("riichi", seed, 1)
    t = new_hand(wall, dealer=dealer)
    full = Counter(build_wall("riichi"))
    steps = 0
    while t.phase != Phase.ENDED:
        seat, action = random_policy(t, rng)
        if rng.random() < 0.1:
            t.timeout(seat)  # a seat that runs out of time plays the default action
        else:
            t.act(seat, action)
        steps += 1
        t.validate()
        if steps % 7 == 0:
            assert tiles_on_table(t) == full
            check_views(t)
        if steps % 5 == 0 and t.phase != Phase.ENDED:
            try_illegal(t, rng)
        assert sum(s.points for s in t.seats) + 1000 * t.policy.state.sticks == 100000
    assert tiles_on_table(t) == full
    check_views(t)
    r = t.result
    assert sum(r.points) + 1000 * r.sticks == 100000
    record = json.loads(json.dumps(hand_record(t)))
    again = replay_hand(record)
    assert again.events == t.events
    assert again.result == t.result


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=1, max_value=2**64),
    name=st.sampled_from(["majsoul-tonpuu", "tenhou-tonpuu"]),
    head_bump=st.booleans(),
)
def test_random_match_conserves_points_ends_within_its_labels_and_replays(seed, name, head_bump):
    from openmahjong.rules.riichi.game import RiichiMatch, preset, replay_match

    options = preset(name, ron_mode="HEAD_BUMP" if head_bump else "MULTI_RON")
    rng = random.Random(seed)
    m = RiichiMatch(options, master_seed=seed)
    while not m.finished:
        seat, action = random_policy(m.table, rng)
        m.act(seat, action)
        if not m.finished:
            assert (
                sum(m.table.seats[s].points for s in range(4))
                + 1000 * (m.table.policy.state.sticks)
                == 100000
            )
    assert sum(m.state.final_points) == 100000
    assert m.state.label <= options.length + 3  # tonpuu never beyond South 4
    assert m.ranking()[0] == max(range(4), key=lambda s: (m.state.final_points[s], -s))
    assert replay_match(json.loads(json.dumps(m.record()))).state == m.state
