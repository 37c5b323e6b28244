"""Self-play properties over seeded games: tiles conserved, points conserved, replay reproduces
every event, views leak nothing; random legal play and illegal attempts change nothing."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest

from openmahjong.bots.mcr import McrBot, play_mcr_match
from openmahjong.fairness import build_wall, shuffled_wall
from openmahjong.rules.mcr.game import (
    McrMatch,
    hand_record,
    new_hand,
    preset,
    replay_hand,
    replay_match,
)
from openmahjong.table import PASS, Discard, IllegalAction, Phase, Pon, Ron, Tsumo
from openmahjong.table.events import Dealt, Drew

FULL = Counter(build_wall("mcr"))


def tiles_on_table(t) -> Counter:
    held: list[int] = []
    for s in t.seats:
        held += s.hand
        held += list(s.extra.flowers)
        for m in s.melds:
            held += m.tiles
        held += [d.tile for d in s.discards if d.claimed_by is None]
    if t.phase == Phase.ENDED and t.result.wins:
        w = t.result.wins[0]
        # A discard won on is marked claimed but sits in no meld; a robbed kong's tile stays.
        if w.from_seat is not None and not w.robbed_kong:
            held.append(t.seats[w.from_seat].discards[-1].tile)
    return Counter(held + t.wall.remaining_tiles())


def check_views(t) -> None:
    waiting = t.waiting_for()
    for seat in range(4):
        v = t.view(seat)
        assert v.hand == tuple(t.seats[seat].hand)
        assert not hasattr(v, "wall") and not hasattr(v, "window")
        for e in v.events:
            if isinstance(e, Dealt):
                assert e.seat == seat
            if isinstance(e, Drew) and e.seat != seat:
                assert e.tile is None
        if seat not in waiting:
            assert v.legal_actions == ()
        # Nothing in the public part names another seat's concealed tiles.
        others = [s for s in range(4) if s != seat]
        assert all(v.hand_sizes[s] == len(t.seats[s].hand) for s in others)
        assert set(v.own) <= set()  # MCR keeps no private state beyond the hand
    spectator = t.view(None)
    assert spectator.hand == ()
    assert not any(isinstance(e, Dealt) for e in spectator.events)
    assert all(e.tile is None for e in spectator.events if isinstance(e, Drew))


def snapshot(t):
    return copy.deepcopy(
        (
            [(s.hand, s.melds, [vars(d) for d in s.discards], s.points, s.extra.flowers)
             for s in t.seats],
            t.phase, t.turn, t.wall.position, len(t.wall.live), len(t.events), len(t.log),
            list(t.policy.penalties),
        )
    )  # fmt: skip


def try_illegal(t, rng) -> None:
    seat = rng.randrange(4)
    action = rng.choice([Discard(rng.choice(build_wall("mcr"))), Ron(), Tsumo(), PASS,
                         Pon((11, 11))])  # fmt: skip
    if action in t.legal_actions(seat):
        return
    before = snapshot(t)
    with pytest.raises(IllegalAction):
        t.act(seat, action)
    assert snapshot(t) == before


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_random_hands_conserve_tiles_and_points_and_replay(seed):
    rng = random.Random(seed)
    options = {"false_win": "penalty"} if seed % 3 == 0 else {}
    mode = ("standard", "tactical", "upgrade")[seed % 3]
    from openmahjong.rules.mcr.game import McrOptions

    t = new_hand(
        shuffled_wall("mcr", seed, 1),
        McrOptions(claim_mode=mode, **options),
        dealer=seed % 4,
    )
    steps = 0
    while t.phase != Phase.ENDED:
        seat = t.waiting_for()[0]
        legal = t.legal_actions(seat)
        if rng.random() < 0.1:
            t.timeout(seat)
        else:
            t.act(seat, rng.choice(legal))
        steps += 1
        t.validate()
        if steps % 5 == 0:
            assert tiles_on_table(t) == FULL
            check_views(t)
            if t.phase != Phase.ENDED:
                try_illegal(t, rng)
        assert sum(s.points for s in t.seats) == 0
    assert tiles_on_table(t) == FULL
    assert sum(t.result.deltas) == 0 and sum(t.result.points) == 0
    again = replay_hand(json.loads(json.dumps(hand_record(t))))
    assert again.events == t.events and again.result == t.result


@pytest.mark.parametrize("seed", [11, 12])
def test_bot_games_conserve_tiles_and_points_replay_and_views_leak_nothing(seed):
    bots = [McrBot(seed * 10 + p) for p in range(4)]
    m = McrMatch(preset("mcr-1round"), master_seed=seed, players=["a", "b", "c", "d"])
    steps = 0
    while not m.finished:
        t = m.table
        seat = t.waiting_for()[0]
        legal = t.legal_actions(seat)
        action = legal[0] if len(legal) == 1 else bots[m.player_at(seat)].act(t.view(seat))
        assert action in legal
        m.act(seat, action)
        steps += 1
        if t.phase == Phase.ENDED:
            assert tiles_on_table(t) == FULL
            assert sum(t.result.deltas) == 0
        elif steps % 9 == 0:
            assert tiles_on_table(t) == FULL
            t.validate()
            check_views(t)
    assert sum(m.state.points) == 0
    assert len(m.hands) == 4
    assert not any(h["false_wins"] for h in m.hands)  # refused wins are never settled
    record = json.loads(json.dumps(m.record()))
    again = replay_match(record)
    assert again.state == m.state and again.hands == m.hands


def test_bots_build_towards_eight_fans_and_win():
    m = play_mcr_match(preset("mcr-1round"), 21)
    wins = [w for h in m.hands for w in h["wins"]]
    assert wins, "the bots should win hands"
    assert all(w["fan_total"] >= 8 for w in wins)
    # Deterministic for a seed: the same seed plays the same game.
    assert play_mcr_match(preset("mcr-1round"), 21).record() == m.record()


def test_bot_values_a_wait_it_can_only_self_draw_below_one_it_can_win_on_a_discard():
    from openmahjong.tiles import parse

    from .helpers import make

    t = make(["123456789s12467z", "", "", ""])
    bot = McrBot(1)
    view = t.view(1)
    seen = bot._visible(view)
    # 5s closes 234m 567p 678s 456s 88s: 7 fans on a discard (refused), 9 self-drawn.
    self_draw_only = bot._wait_value(view, parse("234m567p678s46s88s"), seen)
    # 3p closes a pure straight: 22 fans on a discard. Both waits have four unseen copies.
    on_a_discard = bot._wait_value(view, parse("123456789m24p88p"), seen)
    assert 0 < self_draw_only < on_a_discard / 2
    # A ready hand that cannot reach 8 fans at all is worth nothing.
    assert bot._wait_value(view, parse("234m456p678s13s88s"), seen) == 0
