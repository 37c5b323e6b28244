"""Sichuan has no chi, no riichi and no furiten, on a rigged wall: a seat holding 4s 6s is
offered nothing on its left neighbour's 5s; a ready closed hand is offered no riichi; a seat
waiting on 5s may ron after passing a ron on 5s in the same go-around and after discarding a 5s
itself (both furiten in Riichi)."""

from __future__ import annotations

from openmahjong.rules.sichuan.game.events import SichuanWon
from openmahjong.table import PASS, Ron, Tsumo
from tests.rules.sichuan.test_round import (
    DEALER_5S,
    FILL_M,
    FILL_P,
    discard,
    gained,
    of,
    pass_all,
    rig,
    t1,
)

SEAT3_WAITS_5S = "333p888p777p22p46s"


def test_no_chi_and_no_furiten():
    # Draws in order: seat 1, seat 2, seat 3, seat 0, seat 1, seat 2.
    t = rig(
        [DEALER_5S, FILL_P, FILL_M, SEAT3_WAITS_5S],
        "spmm",
        draws="9m5s5s1p9m5s",
    )
    assert {t1("4s"), t1("6s")} <= set(t.seats[1].hand)
    discard(t, 0, "5s")
    # Seat 1 (next after the discarder, with 4s 6s) has no chi to answer: only seat 3 is asked.
    assert t.waiting_for() == [3] and t.legal_actions(3) == [Ron(), PASS]
    t.act(3, PASS)
    discard(t, 1, "9m")
    pass_all(t)
    discard(t, 2, "5s")
    # Seat 3 passed a ron on 5s this go-around: still offered (no temporary furiten).
    assert t.waiting_for() == [3] and Ron() in t.legal_actions(3)
    t.act(3, PASS)
    assert t.turn == 3 and t.seats[3].hand[-1] == t1("5s") and Tsumo() in t.legal_actions(3)
    # Ready and closed, yet no riichi is offered.
    assert not any(getattr(a, "riichi", False) for a in t.legal_actions(3))
    discard(t, 3, "5s")  # its own wait in its own pond
    pass_all(t)
    discard(t, 0, "1p")
    pass_all(t)
    discard(t, 1, "9m")
    pass_all(t)
    discard(t, 2, "5s")
    # Seat 3 discarded a 5s and passed two: a ron on 5s is still offered, and it wins.
    assert Ron() in t.legal_actions(3)
    t.act(3, Ron())
    (won,) = of(t, SichuanWon)
    assert (won.seat, won.from_seat, won.total) == (3, 2, 1000)
    assert gained(t) == [0, 0, -1000, 1000]
