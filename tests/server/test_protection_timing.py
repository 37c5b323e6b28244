"""Call protection and a seat's clocks as pure functions (server/protection.py, clocks.py).

Platform guide §4 and §5, read on given clock readings: no room, no clock, no waiting.
"""

from __future__ import annotations

import pytest

from openmahjong.server import clocks, protection
from openmahjong.server.rooms import TableSettings
from openmahjong.table.events import Called, Discarded, Drew
from openmahjong.tiles import parse

S = TableSettings(protection_delay=1.3, catch_up_first=0.7, catch_up_second=0.5)
TILE = parse("3s")[0]
DISCARD = Discarded(seat=0, tile=TILE, tsumogiri=False)


def test_a_seat_that_cannot_claim_sees_a_claimable_discard_after_the_protection_delay():
    opened, discarder = {1, 2}, 0
    assert protection.seen_at(
        3, DISCARD, 100.0, S, set(), None, opened, discarder
    ) == pytest.approx(101.3)
    for seat in (0, 1, 2):  # the discarder and the claimants: at once
        assert protection.seen_at(seat, DISCARD, 100.0, S, set(), None, opened, discarder) is None


def test_a_claimant_acting_frees_the_held_seats_and_the_outcome_waits_the_first_catch_up():
    first = protection.action_timing(100.4, S, {3}, acted=False, was_reaction=True)
    assert first == protection.ActionTiming(expedite=True, acted=True, held_at=pytest.approx(101.1))
    later = protection.action_timing(100.9, S, {3}, acted=True, was_reaction=True)
    assert later == protection.ActionTiming(
        expedite=False, acted=True, held_at=pytest.approx(101.6)
    )
    nobody_held = protection.action_timing(100.9, S, set(), acted=False, was_reaction=True)
    assert nobody_held == protection.ActionTiming(expedite=False, acted=False, held_at=None)


def test_after_a_call_a_held_seat_gets_nothing_more_before_the_second_catch_up():
    call = Called(seat=2, kind="pon", tiles=(TILE, TILE, TILE), called_tile=TILE, from_seat=0)
    assert protection.call_floor(call, 3, 101.6, 100.9, S, {3}) == pytest.approx(102.1)
    assert protection.call_floor(call, 1, None, 100.9, S, {3}) is None  # not held
    assert protection.call_floor(DISCARD, 3, 101.6, 100.9, S, {3}) is None  # not a call


def test_the_held_seats_of_a_window():
    assert protection.held_seats(4, {1, 2}, 0, set(), False, True) == ({3}, False)
    assert protection.held_seats(4, set(), None, {3}, True, False) == (set(), False)
    assert protection.held_seats(4, set(), None, {3}, True, True) == ({3}, True)
    drew = Drew(seat=1, tile=None)
    off = TableSettings(call_protection=False)
    assert protection.opened_window(off, None, [drew]) == (set(), None)


def test_prompt_clocks_move_bank_and_the_tactical_window():
    assert clocks.prompt_window(10, 20.0, tactical=False) == (10.0, 20.0)
    assert clocks.prompt_window(10, 20.0, tactical=True) == (clocks.TACTICAL_SECONDS, 0.0)
    assert clocks.deadline(1000.0, 10.0, 20.0) == 1030.0
    # 13 s to answer with a 10 s move time: 3 s from the bank; within the move time: none.
    assert clocks.bank_after_answer(20.0, 1000.0, 1013.0, 10, tactical=False) == 17.0
    assert clocks.bank_after_answer(20.0, 1000.0, 1004.0, 10, tactical=False) == 20.0
    assert clocks.bank_after_answer(2.0, 1000.0, 1030.0, 10, tactical=False) == 0.0
    assert clocks.bank_after_answer(20.0, 1000.0, 1013.0, 10, tactical=True) == 20.0
    assert clocks.bank_after_timeout(20.0, tactical=False) == 0.0
    assert clocks.bank_after_timeout(20.0, tactical=True) == 20.0
    assert clocks.fresh_banks(20, 4) == [20.0] * 4
