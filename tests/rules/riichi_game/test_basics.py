"""Seed profile: wall, deal, turn order, discards, calls, kuikae, illegal actions."""

import pytest

from openmahjong.rules.riichi.game import new_hand
from openmahjong.table import PASS, Chi, Discard, IllegalAction, Phase, Pon, Ron, rigged_wall

from .helpers import QUIET, discard, make, snapshot, tile

Q0_1M = "12z1258m258p258s69m"


def test_wall_122_live_14_dead_dealer_14_others_13():
    t = make(QUIET)
    assert len(t.wall.dead) == 14
    assert t.wall.live_remaining == 122 - 53
    assert [len(s.hand) for s in t.seats] == [14, 13, 13, 13]
    assert t.turn == 0 and t.phase == Phase.TURN


def test_dealer_discards_first_then_next_seat_draws_from_the_front():
    t = make(QUIET, draws="9s")
    discard(t, 0, "1z")
    assert t.turn == 1 and t.seats[1].hand[-1] == tile("9s")
    assert t.seats[0].discards[0].tile == tile("1z")


def test_illegal_action_raises_with_reason_and_changes_nothing():
    t = make(QUIET)
    before = snapshot(t)
    with pytest.raises(IllegalAction) as err:
        t.act(0, Discard(tile("9p")))  # not in the dealer's hand
    assert err.value.reason and isinstance(err.value, ValueError)
    with pytest.raises(IllegalAction):
        t.act(1, Discard(tile("2z")))  # not seat 1's turn
    assert snapshot(t) == before


def test_claimed_discard_stays_in_history_marked_claimed():
    hands = [QUIET[0], "117z147m147p1479s", QUIET[2], QUIET[3]]
    t = make(hands)
    discard(t, 0, "1z", settle=False)
    t.act(1, Pon((41, 41)))
    assert t.seats[0].discards[-1].tile == 41
    assert t.seats[0].discards[-1].claimed_by == 1
    assert t.view(2).discards[0][-1] == (41, False, False, 1)


def test_chi_only_from_the_next_seat():
    # 1m is discarded by seat 0: seat 1 (next) may chi with 23m; seat 3 holds 23m too but may not.
    hands = [Q0_1M, "37z2349m147p1479s", QUIET[2], "1234567z23m5p5s6s6p"]
    t = make(hands)
    t.act(0, Discard(tile("1m")))
    assert Chi((12, 13)) in t.legal_actions(1)
    assert not any(isinstance(a, Chi) for a in t.legal_actions(3))


def test_kuikae_after_pon_forbids_same_kind():
    # Seat 1 holds three East: after a pon with two it may not discard the third East at once.
    hands = [QUIET[0], "1117z147m147p147s", QUIET[2], "234567z5m5p5s6m6p6s9s"]
    t = make(hands)
    discard(t, 0, "1z", settle=False)
    t.act(1, Pon((41, 41)))
    with pytest.raises(IllegalAction, match="kuikae"):
        t.act(1, Discard(41))
    assert Discard(41) not in t.legal_actions(1)
    t.act(1, Discard(tile("4m")))
    assert t.seats[1].extra.kuikae == frozenset()


def test_kuikae_after_chi_forbids_called_tile_and_swap_tile():
    # Seat 1 holds 2345m; chi on 1m with 23m: 1m (called) and 4m (the swap) are barred.
    hands = [Q0_1M, "37z2345m147p1479s", QUIET[2], QUIET[3]]
    t = make(hands)
    discard(t, 0, "1m", settle=False)
    t.act(1, Chi((12, 13)))
    legal = t.legal_actions(1)
    assert Discard(tile("1m")) not in legal and Discard(tile("4m")) not in legal
    assert Discard(tile("5m")) in legal
    with pytest.raises(IllegalAction, match="kuikae"):
        t.act(1, Discard(tile("4m")))


def test_after_chi_or_pon_no_draw_and_discard_directly():
    hands = [QUIET[0], "117z147m147p1479s", QUIET[2], QUIET[3]]
    t = make(hands)
    live = t.wall.live_remaining
    discard(t, 0, "1z", settle=False)
    t.act(1, Pon((41, 41)))
    assert t.wall.live_remaining == live and t.turn == 1 and not t.drew
    assert all(isinstance(a, Discard) for a in t.legal_actions(1))


def test_ron_beats_pon_on_the_same_discard():
    # Seat 2 waits on 4p/7p with a full straight; seat 1 holds 44p.
    hands = ["12z25689m2458p258s", "37z1477m449p1479s", "123456789m55z56p", "123467z3569s139p"]
    t = make(hands)
    discard(t, 0, "4p", settle=False)
    assert Pon((24, 24)) in t.legal_actions(1) and Ron() in t.legal_actions(2)
    t.act(1, Pon((24, 24)))
    t.act(2, Ron())
    assert t.phase == Phase.ENDED and t.result.wins[0].seat == 2
    assert t.seats[1].melds == []


def test_final_discard_permits_ron_only():
    t = make(QUIET)
    # Draw the live wall down to nothing by discarding what comes, passing everything.
    guard = 0
    while t.phase != Phase.ENDED and guard < 400:
        guard += 1
        if t.phase == Phase.REACTION:
            if t.wall.live_remaining == 0:
                for s in t.waiting_for():
                    assert all(isinstance(a, Ron) or a == PASS for a in t.legal_actions(s))
            for s in t.waiting_for():
                t.act(s, PASS)
            continue
        if t.phase == Phase.SPECIAL:
            for s in t.waiting_for():
                t.act(s, t.legal_actions(s)[0])
            continue
        seat = t.turn
        t.act(seat, Discard(t.seats[seat].hand[-1]))
    assert t.phase == Phase.ENDED and t.result.reason in ("exhaustive", "nagashi")


def test_rigged_wall_is_a_permutation_of_the_set():
    from openmahjong.fairness import build_wall

    w = rigged_wall(QUIET, "9s")
    assert sorted(w) == sorted(build_wall("riichi"))
    t = new_hand(w)
    assert t.seats[0].hand[:13] == [int(x) for x in t.seats[0].hand[:13]]
