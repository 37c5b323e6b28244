"""Claim arbitration: priority, nearest seat, multi-win or head bump, tactical re-asks, upgrades."""

import pytest

from openmahjong.table import (
    HEAD_BUMP,
    PASS,
    STANDARD,
    TACTICAL,
    UPGRADE,
    Chi,
    IllegalAction,
    Pon,
    Ron,
    answer,
    open_window,
    resolve,
)

CHI = Chi((13, 14))
PON = Pon((15, 15))
RON = Ron()


def play(window, *answers):
    for seat, action in answers:
        window = answer(window, seat, action)
    return window


def test_ron_beats_pon_beats_chi():
    w = open_window(0, 15, {1: [CHI], 2: [PON], 3: [RON]})
    w = play(w, (1, CHI), (2, PON), (3, RON))
    assert resolve(w).winners == ((3, RON),)
    w = open_window(0, 15, {1: [CHI], 2: [PON], 3: [RON]})
    w = play(w, (1, CHI), (2, PON), (3, PASS))
    assert resolve(w).call == (2, PON)
    w = open_window(0, 15, {1: [CHI], 2: [PON]})
    w = play(w, (1, CHI), (2, PASS))
    assert resolve(w).call == (1, CHI)


def test_multi_ron_lists_every_winner_nearest_first():
    w = open_window(2, 15, {0: [RON], 1: [RON], 3: [RON]})
    w = play(w, (1, RON), (0, RON), (3, RON))
    assert [s for s, _ in resolve(w).winners] == [3, 0, 1]


def test_head_bump_keeps_only_the_nearest_winner():
    w = open_window(2, 15, {0: [RON], 1: [RON]}, HEAD_BUMP)
    w = play(w, (1, RON), (0, RON))
    assert resolve(w).winners == ((0, RON),)


def test_nearest_seat_wins_equal_priority_calls():
    w = open_window(3, 15, {1: [PON], 2: [PON]})
    w = play(w, (2, PON), (1, PON))
    assert resolve(w).call == (1, PON)


def test_window_waits_for_every_eligible_seat():
    w = open_window(0, 15, {1: [CHI], 3: [RON]})
    w = answer(w, 1, CHI)
    assert not w.settled
    with pytest.raises(IllegalAction):
        resolve(w)


def test_illegal_answer_leaves_the_window_unchanged():
    w = open_window(0, 15, {1: [CHI], 2: [PON]})
    with pytest.raises(IllegalAction):
        answer(w, 1, PON)
    with pytest.raises(IllegalAction):
        answer(w, 3, PASS)  # seat 3 was never asked
    assert w.asking == {1: (CHI, PASS), 2: (PON, PASS)} and w.answers == {}


def test_standard_mode_a_pass_is_final():
    w = open_window(0, 15, {1: [CHI], 2: [PON]}, STANDARD)
    w = play(w, (2, PASS), (1, CHI))
    assert w.settled and resolve(w).call == (1, CHI)


def test_tactical_passer_with_higher_option_is_reasked_after_a_chi():
    # Platform guide 5.2: C passes, B chows, C is asked again whether to pung.
    w = open_window(0, 15, {1: [CHI], 2: [PON]}, TACTICAL)
    w = play(w, (2, PASS), (1, CHI))
    assert w.choices(2) == (PON, PASS)
    w = answer(w, 2, PON)
    assert resolve(w).call == (2, PON)


def test_tactical_reasked_seat_may_pass_again():
    w = open_window(0, 15, {1: [CHI], 2: [PON]}, TACTICAL)
    w = play(w, (2, PASS), (1, CHI), (2, PASS))
    assert resolve(w).call == (1, CHI)


def test_tactical_claimant_may_not_change_its_action():
    # Platform guide 5.3: B chows (it could have won), C pungs; B cannot now declare a win.
    w = open_window(0, 15, {1: [CHI, RON], 2: [PON]}, TACTICAL)
    w = play(w, (1, CHI), (2, PON))
    with pytest.raises(IllegalAction, match="may not change"):
        answer(w, 1, RON)
    assert resolve(w).call == (2, PON)


def test_tactical_reask_offers_only_higher_options():
    w = open_window(0, 15, {1: [CHI], 2: [PON, RON]}, TACTICAL)
    w = play(w, (2, PASS), (1, CHI))
    assert w.choices(2) == (PON, RON, PASS)
    w = open_window(0, 15, {1: [CHI], 2: [PON], 3: [RON]}, TACTICAL)
    w = play(w, (3, PASS), (2, PASS), (1, CHI))
    assert w.choices(2) == (PON, PASS) and w.choices(3) == (RON, PASS)
    w = play(w, (2, PON))
    assert 3 in w.asking  # still asked; a ron outranks the pon too
    w = play(w, (3, PASS))
    assert resolve(w).call == (2, PON)


def test_upgrade_mil2024_chow_claimant_upgrades_to_win_after_pung():
    # Platform guide 5, MIL 2024: after B claims a chow and C a pung, B may change to a win.
    w = open_window(0, 15, {1: [CHI, RON], 2: [PON]}, UPGRADE)
    w = play(w, (1, CHI), (2, PON))
    assert w.choices(1) == (RON, CHI, PASS)
    w = answer(w, 1, RON)
    assert resolve(w).winners == ((1, RON),)


def test_upgrade_claimant_may_keep_its_claim():
    w = open_window(0, 15, {1: [CHI, RON], 2: [PON]}, UPGRADE)
    w = play(w, (1, CHI), (2, PON), (1, CHI))
    assert resolve(w).call == (2, PON)


def test_upgrade_explicit_pass_withdraws_from_the_contest():
    w = open_window(0, 15, {1: [CHI, RON], 2: [PON]}, UPGRADE)
    w = play(w, (1, PASS), (2, PON))
    assert w.settled  # B passed explicitly: it is not asked again
    assert resolve(w).call == (2, PON)


def test_upgrade_mode_does_not_reask_passers():
    w = open_window(0, 15, {1: [CHI], 2: [PON]}, UPGRADE)
    w = play(w, (2, PASS), (1, CHI))
    assert w.settled and resolve(w).call == (1, CHI)
