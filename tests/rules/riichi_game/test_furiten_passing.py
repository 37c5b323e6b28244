"""Issue 16 item 1: a winning tile that passes a seat makes it furiten, yaku or not.

The seat is temporarily furiten from the moment a tile that completes its hand's shape is
discarded by another seat (or added to a kan it could rob) and not won on, whether or not that
tile gave a yaku (so whether or not a ron was offered), until its next draw (Mahjong Soul
presets, the profile) or its next discard (Tenhou presets); in riichi, for the rest of the hand.
"""

import pytest

from openmahjong.rules.riichi.game import preset
from openmahjong.rules.riichi.game.options import PRESETS
from openmahjong.table import PASS, Chi, Discard, Kakan, Phase, Pon, Ron

from .helpers import make, pass_all, tile, tsumogiri

#: The seen case. Seat 1 holds 23m 888m 22p 345p and chis 6s onto 7s0s: it then waits on 1m
#: (no yaku) and 4m (all simples, open tanyao on).
SEEN = [
    "19m19p19s1234567z6s",  # dealer: discards 6s, then only what it draws
    "23m888m22p345p7s0s9m",  # chis 6s with 7s0s, discards 9m
    "258m369p147s1234z",  # draws 1m and lets it go
    "369m147p258s5677z",  # draws 4m and lets it go
]
UNTIL = ["draw", "discard"]


def _seen_table(until: str, draws: str = "1m4m9s9p4m", *, new_rule: bool = True):
    t = make(
        SEEN,
        draws,
        temporary_furiten_until=until,
        scoring="tenhou",
        furiten_any_winning_tile=new_rule,
    )
    t.act(0, Discard(tile("6s")))
    t.act(1, Chi((tile("0s"), tile("7s"))))
    t.act(1, Discard(tile("9m")))
    pass_all(t)
    assert t.turn == 2 and t.last_drawn == tile(draws[:2])
    return t


@pytest.mark.parametrize("until", UNTIL)
def test_a_passing_winning_tile_without_yaku_makes_the_seat_furiten(until):
    t = _seen_table(until)
    assert not t.view(1).own["furiten"]
    t.act(2, Discard(tile("1m")))  # completes seat 1's shape, but gives no yaku
    assert t.phase == Phase.TURN and t.turn == 3  # no ron was offered, so no window
    assert t.view(1).own["furiten"]  # the seat's own view says so at once
    t.act(3, Discard(tile("4m")))  # the yaku-giving wait, before seat 1 has discarded again
    assert Ron() not in t.legal_actions(1)
    assert t.phase == Phase.TURN and t.turn == 0


@pytest.mark.parametrize("until", UNTIL)
def test_the_furiten_of_a_yakuless_pass_ends_like_any_temporary_furiten(until):
    t = _seen_table(until)
    tsumogiri(t, 2)  # 1m
    tsumogiri(t, 3)  # 4m: refused
    tsumogiri(t, 0)  # 9s
    assert t.turn == 1 and t.last_drawn == tile("9p")
    tsumogiri(t, 1)  # its draw (the profile) or its discard (Tenhou) ended it
    assert not t.view(1).own["furiten"]
    t.act(2, Discard(tile("4m")))
    assert Ron() in t.legal_actions(1)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_counts_a_winning_tile_without_yaku(name):
    assert preset(name).furiten_any_winning_tile


def test_a_record_made_before_the_option_replays_as_it_was_played():
    # Its options lack ``furiten_any_winning_tile`` (false): the 4m was offered then.
    t = _seen_table("discard", new_rule=False)
    t.act(2, Discard(tile("1m")))
    assert not t.view(1).own["furiten"]
    t.act(3, Discard(tile("4m")))
    assert Ron() in t.legal_actions(1)


def test_without_the_yakuless_pass_the_yaku_wait_is_offered():
    # The control: the same table where seat 2 lets a 9m go instead of the 1m.
    t = _seen_table("discard", draws="9m4m")
    t.act(2, Discard(tile("9m")))
    pass_all(t)
    t.act(3, Discard(tile("4m")))
    assert Ron() in t.legal_actions(1)


def test_a_tile_that_only_completes_a_shape_with_no_wait_does_not_count():
    # A 7m completes nothing for seat 1: no furiten after it passes.
    t = _seen_table("discard", draws="7m4m")
    t.act(2, Discard(tile("7m")))
    pass_all(t)
    assert not t.view(1).own["furiten"]
    t.act(3, Discard(tile("4m")))
    assert Ron() in t.legal_actions(1)


#: Seat 2 waits on 3m with no yaku but robbing the kan (tests/rules/riichi_game/test_kans.py).
CHANKAN_HANDS = [
    "12z3m1258p258s69m47s",
    "37z3389m147p1479s",
    "12m456p789p123s55s",
    "1234567z56m6p689s",
]


def test_passing_a_robbable_added_kan_tile_is_furiten_too():
    t = make(CHANKAN_HANDS, draws="9m1z9m3m", furiten_any_winning_tile=True)
    t.act(0, Discard(tile("3m")))
    t.act(1, Pon((13, 13)))
    pass_all(t)
    t.act(1, Discard(tile("7z")))
    pass_all(t)
    for seat in (2, 3, 0):
        tsumogiri(t, seat)
    t.act(1, Kakan(13))
    assert Ron() in t.legal_actions(2)
    t.act(2, PASS)
    pass_all(t)
    assert t.view(2).own["furiten"] and t.seats[2].extra.furiten_temporary


#: Seat 2: thirteen orphans waiting on 9m; seat 3: a plain hand also waiting on 9m.
KOKUSHI_HANDS = [
    "22z2458m258p258s36m",
    "999m37z147p1479s1m",
    "1m19p19s1234567z1p",
    "78m123p456p789s55s",
]


@pytest.mark.parametrize("scoring", ["majsoul", "tenhou"])
def test_a_closed_kan_tile_counts_only_where_it_could_be_robbed(scoring):
    from openmahjong.table import Ankan

    t = make(KOKUSHI_HANDS, draws="9m", scoring=scoring, furiten_any_winning_tile=True)
    t.act(0, Discard(tile("2z")))
    pass_all(t)
    t.act(1, Ankan((19, 19, 19, 19)))
    if scoring == "majsoul":  # thirteen orphans may rob it: passing that ron is furiten
        assert Ron() in t.legal_actions(2)
        t.act(2, PASS)
    assert t.phase == Phase.TURN and t.turn == 1
    assert t.view(2).own["furiten"] is (scoring == "majsoul")
    assert not t.view(3).own["furiten"]  # a plain hand can never win on a closed kan's tile
