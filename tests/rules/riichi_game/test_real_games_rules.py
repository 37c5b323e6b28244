"""Rules the real-game replay leans on, checked on rigged hands (Tenhou's published rules).

Each test names the rule; the Tenhou and mjai logs in ``test_real_games.py`` exercise the rest.
"""

from __future__ import annotations

from openmahjong.table import PASS, Discard, Pon, Ron
from tests.rules.riichi_game.helpers import discard, make, pass_all, tile

# Seat 1 waits on 4s/7s with all simples; after a pon of 3p and the 6p discard it still does.
SEAT1 = "234m567m33p666p56s"
HANDS = [
    "111z22z9m9p9s1m1p1s3z4z6z",
    SEAT1,
    "4s7s55z77z9m9p9s1m1p1s3z",
    "3p44z66z2m8m2s8s9m9p9s1m",
]


def test_temporary_furiten_ends_at_the_seats_discard_after_a_call_on_tenhou():
    # Tenhou: "同巡振聴の解消は打牌時" (temporary furiten ends when the seat discards). A seat that
    # passes a ron, then pons and discards without drawing, may ron the next discard.
    t = make(HANDS, draws="3s2p8p7m", temporary_furiten_until="discard")
    discard(t, 0, "1z")
    discard(t, 1, "3s")
    t.act(2, Discard(tile("4s")))
    assert Ron() in t.legal_actions(1)
    t.act(1, PASS)
    pass_all(t)
    assert t.seats[1].extra.furiten_temporary
    t.act(3, Discard(tile("3p")))
    t.act(1, Pon((tile("3p"), tile("3p"))))
    pass_all(t)
    assert t.turn == 1 and not t.drew and t.seats[1].extra.furiten_temporary
    t.act(1, Discard(tile("6p")))
    assert not t.seats[1].extra.furiten_temporary
    pass_all(t)
    t.act(2, Discard(tile("7s")))
    assert Ron() in t.legal_actions(1)


def test_temporary_furiten_lasts_until_the_next_draw_on_majsoul_presets():
    # The riichi profile: "a non-riichi player is temporarily furiten until their next draw";
    # a pon and its discard are not a draw, so the next discard still may not be won on.
    t = make(HANDS, draws="3s2p8p7m")
    discard(t, 0, "1z")
    discard(t, 1, "3s")
    t.act(2, Discard(tile("4s")))
    t.act(1, PASS)
    pass_all(t)
    t.act(3, Discard(tile("3p")))
    t.act(1, Pon((tile("3p"), tile("3p"))))
    pass_all(t)
    t.act(1, Discard(tile("6p")))
    pass_all(t)
    assert t.seats[1].extra.furiten_temporary
    t.act(2, Discard(tile("7s")))
    assert Ron() not in t.legal_actions(1)


def test_temporary_furiten_still_blocks_until_that_discard():
    # The pass makes seat 1 furiten for the rest of the go-around: the 3p seat 3 throws right
    # after may be called, but a winning tile in the same go-around may not be won on.
    t = make(HANDS, draws="3s2p8p7m")
    discard(t, 0, "1z")
    discard(t, 1, "3s")
    t.act(2, Discard(tile("4s")))
    t.act(1, PASS)
    pass_all(t)
    assert t.view(1).own["furiten"]


def test_without_open_tanyao_an_open_all_simples_hand_has_no_yaku():
    # Tenhou tables flagged 0x04 in <GO type> play without kuitan: the same open hand that may
    # ron above (all simples after a pon) is offered no ron when open tanyao is off.
    t = make(HANDS, draws="3s2p8p7m", temporary_furiten_until="discard", open_tanyao=False)
    discard(t, 0, "1z")
    discard(t, 1, "3s")
    t.act(2, Discard(tile("4s")))
    assert Ron() in t.legal_actions(1)  # still closed: all simples counts
    t.act(1, PASS)
    pass_all(t)
    t.act(3, Discard(tile("3p")))
    t.act(1, Pon((tile("3p"), tile("3p"))))
    pass_all(t)
    t.act(1, Discard(tile("6p")))
    pass_all(t)
    t.act(2, Discard(tile("7s")))
    assert Ron() not in t.legal_actions(1)


def test_tenhou_log_flags_choose_the_table_options():
    from openmahjong.formats.riichi_import import tenhou_options

    plain = tenhou_options(hanchan=True, red_fives=True, open_tanyao=True)
    assert plain.name == "tenhou-hanchan" and plain.open_tanyao and plain.red_fives
    no_kuitan = tenhou_options(hanchan=False, red_fives=False, open_tanyao=False)
    assert (no_kuitan.length, no_kuitan.red_fives, no_kuitan.open_tanyao) == (4, False, False)
