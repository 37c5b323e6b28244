"""Properties over seeded self-play games with the bots: every action is legal, tiles and
points (with sticks) are conserved, a replay reproduces every event, views leak nothing, and
one seed always plays the same game."""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from openmahjong.bots import RiichiBot, play_match, selfplay_seed
from openmahjong.fairness import build_wall
from openmahjong.rules.riichi.game import RiichiMatch, preset, replay_match
from openmahjong.table import Phase
from openmahjong.table.actions import action_from_dict
from openmahjong.table.events import Dealt, Drew

TONPUU = preset("majsoul-tonpuu")
FULL = Counter(build_wall("riichi"))


def tiles_on_table(t) -> Counter:
    held = []
    for s in t.seats:
        held += s.hand
        for m in s.melds:
            held += m.tiles
        held += [d.tile for d in s.discards if d.claimed_by is None]
    if t.phase == Phase.ENDED and t.result.wins:
        w = t.result.wins[0]
        if w.from_seat is not None and not w.robbed_kan:
            held.append(t.seats[w.from_seat].discards[-1].tile)
    return Counter(held + t.wall.remaining_tiles())


def check_views(t) -> None:
    waiting = set(t.waiting_for())
    for seat in range(4):
        v = t.view(seat)
        assert v.hand == tuple(t.seats[seat].hand)
        assert not hasattr(v, "wall")
        for e in v.events:
            assert not isinstance(e, Dealt) or e.seat == seat
            assert not isinstance(e, Drew) or e.seat == seat or e.tile is None
        assert v.own.keys() == {"furiten", "kuikae", "ippatsu"}
        if seat not in waiting:
            assert v.legal_actions == ()
        lean = t.view(seat, events=False)
        assert lean.events == () and lean.hand == v.hand and lean.legal_actions == v.legal_actions
    spectator = t.view(None)
    assert spectator.hand == () and spectator.own == {} and spectator.legal_actions == ()


def play_checked(master_seed: int) -> tuple[RiichiMatch, list]:
    """Play with bots, checking invariants at every step; return the match and all events."""
    bots = [RiichiBot(master_seed + s) for s in range(4)]
    m = RiichiMatch(TONPUU, master_seed, players=["a", "b", "c", "d"], salt="00")
    events = []
    step = 0
    while not m.finished:
        t = m.table
        seat = t.waiting_for()[0]
        v = t.view(seat, events=False)
        action = bots[seat].act(v)
        assert action in v.legal_actions
        events += m.act(seat, action)
        step += 1
        assert sum(s.points for s in t.seats) + 1000 * t.policy.state.sticks == 100000
        if t.phase == Phase.ENDED or step % 9 == 0:
            assert tiles_on_table(t) == FULL
        if step % 23 == 0 and t.phase != Phase.ENDED:
            check_views(t)
    assert sum(m.state.final_points) == 100000
    return m, events


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**256 - 1))
def test_bot_games_conserve_tiles_and_points_and_replay_every_event(seed):
    m, events = play_checked(seed)
    record = json.loads(json.dumps(m.record()))
    again = RiichiMatch(TONPUU, seed, players=["a", "b", "c", "d"], salt="00")
    replayed = []
    for _n, seat, data, *_flags in record["actions"]:
        replayed += again.act(seat, action_from_dict(data))
    assert replayed == events
    assert again.state == m.state
    assert again.record() == m.record()
    assert replay_match(record).state == m.state


def test_same_seed_same_record_and_different_seeds_differ():
    seed, salt = selfplay_seed(11, 0)
    a = play_match(TONPUU, seed, salt=salt).record()
    b = play_match(TONPUU, seed, salt=salt).record()
    assert a == b
    other_seed, other_salt = selfplay_seed(11, 1)
    assert play_match(TONPUU, other_seed, salt=other_salt).record()["actions"] != a["actions"]


def test_bots_only_play_legal_actions_over_many_seeded_games():
    hands = wins = 0
    names = ["majsoul-tonpuu", "tenhou-tonpuu", "majsoul-hanchan"]
    for g in range(12):
        seed, salt = selfplay_seed(2024, g)
        options = preset(names[g % 3], ron_mode="HEAD_BUMP" if g % 4 == 1 else "MULTI_RON")
        m = play_match(options, seed, salt=salt)  # the engine refuses any illegal action
        hands += len(m.hands)
        wins += sum(1 for h in m.hands if h["wins"])
        assert m.state.label <= options.length + 3
    assert hands >= 60 and wins >= hands // 2  # bots that can win do win most hands


def test_timeouts_are_recorded_and_replayed():
    seed, salt = selfplay_seed(3, 0)
    bots = [RiichiBot(s) for s in range(4)]
    m = RiichiMatch(TONPUU, seed, players=["a", "b", "c", "d"], salt=salt)
    step = 0
    while not m.finished:
        t = m.table
        seat = t.waiting_for()[0]
        if step % 17 == 5:
            m.timeout(seat)  # the table plays the default action for the seat
        else:
            m.act(seat, bots[seat].act(t.view(seat, events=False)))
        step += 1
    record = json.loads(json.dumps(m.record()))
    flagged = [a for a in record["actions"] if a[3:] == ["timeout"]]
    assert flagged
    assert json.loads(json.dumps(replay_match(record).record())) == record


def test_the_folding_layer_deals_in_less():
    def deal_ins(bot: str) -> tuple[int, int]:
        n = hands = 0
        for g in range(6):
            seed, salt = selfplay_seed(77, g)
            m = play_match(TONPUU, seed, salt=salt, bots=["efficiency-nodefence"] * 3 + [bot])
            hands += len(m.hands)
            for h in m.hands:
                n += sum(1 for w in h["wins"] if w["from_seat"] == 3)
        return n, hands

    careful, _ = deal_ins("efficiency")
    careless, _ = deal_ins("efficiency-nodefence")
    assert careful <= careless
