"""The MCR hand rules, each on a rigged wall; every test is named after the rule it checks.

Tile letters: m p s suits, 1z-4z East-North, 5z White, 6z Green, 7z Red; 51-58 are flowers.
Seats without a part in a test hold quiet hands (no pair, no two tiles a chow apart).
"""

from __future__ import annotations

import pytest

from openmahjong.rules.mcr.game import FlowerRevealed, McrWon
from openmahjong.table import (
    PASS,
    Ankan,
    Chi,
    Discard,
    IllegalAction,
    Kakan,
    Minkan,
    Phase,
    Pon,
    Ron,
    Tsumo,
)
from openmahjong.table.events import Dealt, Drew

from .helpers import discard, make, pass_all, tile, tiles

QA = "159m159p159s1357z"  # quiet
QB = "37m37p37s1234567z"  # quiet
# Ready on 2p/5p with a pure straight (清龙): 21 fans on a discard.
STRAIGHT = "123456789m34p88p"
# Ready on 2s/5s: 2s is 7 fans on a discard (refused) but 9 self-drawn (不求人).
PLAIN = "234m456p678s3488s"


def test_wall_has_144_tiles_with_flowers_and_the_dealer_takes_14():
    t = make(["123456789s12467z", STRAIGHT, QB, QA])
    assert len(t.initial_wall) == 144
    assert sorted(t.initial_wall)[-8:] == list(range(51, 59))
    assert [len(s.hand) for s in t.seats] == [14, 13, 13, 13]
    assert t.turn == 0 and t.drew
    assert t.wall.live_remaining == 144 - 53


def test_flower_replacement_at_the_deal_comes_from_the_back_dealer_first():
    # The dealer holds two flowers, seat 2 two; seat 2's first replacement is a flower again.
    dealer = tiles("123m456p789s1z") + [51, 52] + tiles("2z3z")
    seat2 = tiles("123s456s") + [53, 54]
    t = make([dealer, "", seat2, ""], back=tiles("5z6z") + [55] + tiles("7z4z"))
    assert t.seats[0].extra.flowers == [51, 52]
    assert t.seats[2].extra.flowers == [53, 54, 55]
    # The dealer's replacements were the last two tiles; seat 2 then took 55 (a flower again,
    # replaced in the next pass), 7z, and finally 4z.
    assert tile("5z") in t.seats[0].hand and tile("6z") in t.seats[0].hand
    assert tile("7z") in t.seats[2].hand and tile("4z") in t.seats[2].hand
    assert [len(s.hand) for s in t.seats] == [14, 13, 13, 13]
    assert not any(x >= 51 for s in t.seats for x in s.hand)
    # The deal is recorded first (flowers and all), then each flower and its replacement.
    assert [type(e).__name__ for e in t.events[:4]] == ["Dealt"] * 4
    dealt0 = next(e for e in t.events if isinstance(e, Dealt) and e.seat == 0)
    assert 51 in dealt0.tiles and 52 in dealt0.tiles
    revealed = [(e.seat, e.tile) for e in t.events if isinstance(e, FlowerRevealed)]
    assert revealed == [(0, 51), (0, 52), (2, 53), (2, 54), (2, 55)]
    assert all(e.rinshan for e in t.events if isinstance(e, Drew))
    assert t.view(1).seats_public[2]["flowers"] == (53, 54, 55)
    # Five tiles left the back of the wall; the front is untouched.
    assert t.wall.live_remaining == 144 - 53 - 5
    assert t.wall.live[t.wall.position] == t.initial_wall[53]
    t.validate()


def test_flower_replacement_in_play_comes_from_the_back_and_is_not_a_kong_draw():
    t = make(["123456789s12467z", QB, QA, ""], draws=[56], back="9m")
    discard(t, 0, "7z")
    # Seat 1 draws the flower: it is laid out and replaced from the back at once.
    assert t.turn == 1 and t.phase == Phase.TURN
    assert t.seats[1].extra.flowers == [56]
    assert t.last_drawn == tile("9m") and tile("9m") in t.seats[1].hand
    assert FlowerRevealed(seat=1, tile=56) in t.events
    assert not t.policy.after_kong
    t.validate()


def test_chow_only_from_the_left():
    # Seats 1 and 2 both hold 23m; only seat 1 has the dealer on its left.
    t = make(["1m123456789s2467z", "23m37p37s1234567z", "1123m159p159s137z", QA])
    t.act(0, Discard(tile("1m")))
    assert Chi((tile("2m"), tile("3m"))) in t.legal_actions(1)
    assert Chi((tile("2m"), tile("3m"))) not in t.legal_actions(2)
    assert Pon((tile("1m"), tile("1m"))) in t.legal_actions(2)
    with pytest.raises(IllegalAction, match="left"):
        t.act(2, Chi((tile("2m"), tile("3m"))))


def test_pung_beats_chow_from_any_seat_and_no_draw_after_a_call():
    t = make(["1m123456789s2467z", "23m37p37s1234567z", "1123m159p159s137z", QA])
    t.act(0, Discard(tile("1m")))
    t.act(1, Chi((tile("2m"), tile("3m"))))
    t.act(2, Pon((tile("1m"), tile("1m"))))
    assert t.turn == 2 and t.phase == Phase.TURN and not t.drew
    assert t.seats[2].melds[0].kind == "pon" and t.seats[2].melds[0].from_seat == 0
    assert len(t.seats[2].hand) == 11
    assert all(isinstance(a, Discard) for a in t.legal_actions(2))


def test_tactical_calls_ask_a_passer_again_and_upgrade_is_wired():
    hands = ["1m123456789s2467z", "23m37p37s1234567z", "1123m159p159s137z", QA]
    t = make(hands, claim_mode="tactical")
    assert t.policy.arbitration.reask_passers
    t.act(0, Discard(tile("1m")))
    t.act(2, PASS)  # seat 2 passes the pung at first...
    t.act(1, Chi((tile("2m"), tile("3m"))))
    assert t.waiting_for() == [2]  # ...and is asked again once the chow is claimed
    t.act(2, Pon((tile("1m"), tile("1m"))))
    assert t.turn == 2
    standard = make(hands)
    standard.act(0, Discard(tile("1m")))
    standard.act(2, PASS)
    standard.act(1, Chi((tile("2m"), tile("3m"))))
    assert standard.turn == 1  # a pass is final
    assert make(hands, claim_mode="upgrade").policy.arbitration.allow_upgrade


def test_concealed_kong_replacement_comes_from_the_back_and_cannot_be_robbed():
    # Seat 1 waits on 1m for thirteen orphans, but a concealed kong cannot be robbed.
    t = make(["1111m123456789s2z", "9m19p19s11234567z", QB, ""], back="9p")
    t.act(0, Ankan(tuple(tiles("1111m"))))
    assert t.phase == Phase.TURN and t.turn == 0  # no window opened
    assert t.last_drawn == tile("9p") and t.rinshan and t.policy.after_kong
    assert t.seats[0].melds[0].kind == "ankan"
    assert t.wall.live_remaining == 144 - 53 - 1


def test_melded_kong_replacement_comes_from_the_back():
    t = make(["123456789s12467z", "444z159m159p159s1z", QA, ""], back="6m")
    t.act(0, Discard(tile("4z")))
    assert Minkan((tile("4z"),) * 3) in t.legal_actions(1)
    t.act(1, Minkan((tile("4z"),) * 3))
    assert t.turn == 1 and t.last_drawn == tile("6m") and t.rinshan
    assert t.seats[1].melds[0].kind == "minkan"


def test_added_kong_is_robbed_and_the_kong_declarer_pays_like_a_discarder():
    # Seat 1 waits on 2p/5p (pure straight). It passes the dealer's 5p (no furiten follows),
    # seat 3 pungs it, later draws the fourth 5p and adds it: seat 1 robs the kong (抢杠和).
    t = make(
        ["5p123456789s1246z", STRAIGHT, QB, "55p9p159m19s12357z"],
        draws="9m8s8s5p",
    )
    t.act(0, Discard(tile("5p")))
    assert Ron() in t.legal_actions(1)
    t.act(1, PASS)
    t.act(3, Pon((tile("5p"), tile("5p"))))
    discard(t, 3, "2z")
    discard(t, 0, "9m")
    discard(t, 1, "8s")
    discard(t, 2, "8s")
    assert t.turn == 3 and t.last_drawn == tile("5p")
    t.act(3, Kakan(tile("5p")))
    assert t.phase == Phase.REACTION and t.waiting_for() == [1]
    t.act(1, Ron())
    r = t.result
    w = r.wins[0]
    assert r.reason == "win" and w.robbed_kong and w.from_seat == 3
    assert "抢杠和" in [e.zh for e in w.win.fans]
    total = w.win.total
    assert r.deltas == (-8, total + 24, -8, -(total + 8))


def test_added_kong_replacement_comes_from_the_back():
    t = make(["5p123456789s1246z", QB, "159m149p159s1357z", "55p9p159m19s12357z"],
             draws="9m8s8s5p", back="1m")  # fmt: skip
    t.act(0, Discard(tile("5p")))
    t.act(3, Pon((tile("5p"), tile("5p"))))
    discard(t, 3, "2z")
    for seat, text in ((0, "9m"), (1, "8s"), (2, "8s")):
        discard(t, seat, text)
    t.act(3, Kakan(tile("5p")))
    assert t.phase == Phase.TURN and t.turn == 3  # nobody could rob it
    assert t.last_drawn == tile("1m") and t.rinshan
    assert t.seats[3].melds[0].kind == "kakan"


def test_no_furiten_a_seat_wins_on_a_tile_it_discarded_itself():
    t = make(["123456789s12467z", STRAIGHT, QB, QA], draws="2p5p")
    discard(t, 0, "7z")
    assert t.turn == 1 and t.last_drawn == tile("2p")
    discard(t, 1, "2p")  # its own winning tile goes to its river
    assert t.turn == 2 and t.last_drawn == tile("5p")
    t.act(2, Discard(tile("5p")))
    assert Ron() in t.legal_actions(1)
    t.act(1, Ron())
    assert t.result.wins[0].seat == 1 and t.result.wins[0].win.fan_total == 21


def test_below_eight_fans_the_win_is_refused():
    # Seat 1 waits on 2s/5s; 2s is 7 fans on a discard (refused) but 9 self-drawn (allowed).
    t = make(["2s123456789p2467z", PLAIN, QB, QA], draws="2s")
    t.act(0, Discard(tile("2s")))
    assert t.waiting_for() == [1]  # only for the chow
    assert Ron() not in t.legal_actions(1)
    with pytest.raises(IllegalAction, match="at least 8"):
        t.act(1, Ron())
    pass_all(t)
    assert t.turn == 1 and t.last_drawn == tile("2s")
    assert Tsumo() in t.legal_actions(1)
    t.act(1, Tsumo())
    assert t.result.wins[0].win.fan_total == 9


def test_flowers_add_to_the_total_but_not_towards_the_minimum():
    # The same hand with two flowers: 7 + 2 on a discard is still refused; self-drawn 9 + 2.
    seat1 = tiles("234m456p678s34s") + [51, 52]
    t = make(["2s123456789p2467z", seat1, QB, QA], draws="2s", back="8s8s")
    assert t.seats[1].extra.flowers == [51, 52]
    assert sorted(t.seats[1].hand) == sorted(tiles(PLAIN))
    t.act(0, Discard(tile("2s")))
    assert Ron() not in t.legal_actions(1)
    pass_all(t)
    t.act(1, Tsumo())
    win = t.result.wins[0].win
    assert (win.fan_total, win.flowers, win.total) == (9, 2, 11)
    assert t.result.deltas[1] == 3 * (11 + 8)


def test_payments_on_a_discard_win_fan_plus_8_from_the_discarder_and_8_from_each_other():
    t = make(["2p123456789s2467z", STRAIGHT, QB, QA], points=(100, 100, 100, 100))
    t.act(0, Discard(tile("2p")))
    t.act(1, Ron())
    w = t.result.wins[0]
    fan = w.win.total
    assert w.from_seat == 0 and fan == 21
    assert t.result.deltas == (-(fan + 8), fan + 24, -8, -8)
    assert t.result.points == (100 - fan - 8, 100 + fan + 24, 92, 92)
    won = next(e for e in t.events if isinstance(e, McrWon))
    assert won.seat == 1 and won.from_seat == 0 and won.total == fan
    assert t.seats[0].discards[-1].claimed_by == 1


def test_payments_on_a_self_draw_fan_plus_8_from_each():
    t = make(["123456789s12467z", STRAIGHT, QB, QA], draws="5p")
    discard(t, 0, "7z")
    t.act(1, Tsumo())
    fan = t.result.wins[0].win.total
    assert t.result.wins[0].from_seat is None
    assert t.result.deltas == (-(fan + 8), 3 * (fan + 8), -(fan + 8), -(fan + 8))


def test_the_nearest_of_two_winners_takes_the_discard():
    t = make(["5p1234567z6677m19p", STRAIGHT, "123456789s34p99p", QA])
    t.act(0, Discard(tile("5p")))
    assert Ron() in t.legal_actions(1) and Ron() in t.legal_actions(2)
    t.act(2, Ron())
    t.act(1, Ron())
    r = t.result
    assert [w.seat for w in r.wins] == [1]
    fan = r.wins[0].win.total
    assert r.deltas == (-(fan + 8), fan + 24, -8, -8)


def test_false_win_refused_by_default_and_fined_under_the_penalty_option():
    t = make(["123456789s12467z", PLAIN, QB, QA])
    with pytest.raises(IllegalAction, match="not a legal win"):
        t.act(0, Tsumo())
    t = make(["123456789s12467z", PLAIN, QB, QA], false_win="penalty")
    assert Tsumo() in t.legal_actions(0)
    t.act(0, Tsumo())  # not a win: 10 to each other player, and the turn goes on
    assert t.phase == Phase.TURN and t.turn == 0
    assert t.policy.penalties == [-30, 10, 10, 10]
    # A false win on a discard: the tile is treated as unclaimed and play goes on.
    t.act(0, Discard(tile("7z")))
    assert t.waiting_for() == [1, 2, 3]  # anyone may declare under this option
    t.act(1, Ron())
    t.act(2, PASS)
    t.act(3, PASS)
    assert t.phase == Phase.TURN and t.turn == 1
    assert t.policy.penalties == [-20, -20, 20, 20]
    assert t.seats[0].discards[-1].claimed_by is None


def test_last_of_its_kind_counts_on_a_discard_win_and_settles_as_offered():
    # Seat 1 waits on 5s alone: 7 fans on a discard, so three 5s discards are refused; the
    # fourth is the last of its kind (和绝张, +4) and the win stands when it is settled.
    t = make(
        ["555s123456789p12z", "234m567p678s46s88s", QB, QA],
        draws="4z4z4z6z6z6z9m9m9m2z2z",
    )
    for _ in range(3):
        t.act(0, Discard(tile("5s")))
        assert Ron() not in t.legal_actions(1)
        pass_all(t)
        for seat in (1, 2, 3):
            if (seat, len(t.seats[0].discards)) == (3, 3):
                break
            discard(t, seat, t_name(t.last_drawn))
    assert t.turn == 3
    t.act(3, Discard(tile("5s")))
    assert Ron() in t.legal_actions(1)
    t.act(1, Ron())
    w = t.result.wins[0]
    assert w.seat == 1 and "和绝张" in [e.zh for e in w.win.fans]
    assert t.result.false_wins == ()


def t_name(code: int) -> str:
    from openmahjong.tiles import format as fmt

    return fmt([code])


def test_claim_upgrade_lets_an_outranked_chow_become_a_win():
    hands = ["5p123456789s1246z", STRAIGHT, "55p37m37s1234567z", QA]
    t = make(hands, claim_mode="upgrade")
    t.act(0, Discard(tile("5p")))
    t.act(1, Chi((tile("3p"), tile("4p"))))  # seat 1 could have won, but chows
    t.act(2, Pon((tile("5p"), tile("5p"))))  # outranked by a pung...
    assert t.waiting_for() == [1] and Ron() in t.legal_actions(1)
    t.act(1, Ron())  # ...it may upgrade to the win (MIL 2024)
    assert t.result.wins[0].seat == 1
    standard = make(hands)
    standard.act(0, Discard(tile("5p")))
    standard.act(1, Chi((tile("3p"), tile("4p"))))
    standard.act(2, Pon((tile("5p"), tile("5p"))))
    assert standard.turn == 2 and standard.phase == Phase.TURN  # the chow answer was final


def test_a_flower_as_the_dealers_fourteenth_tile_passes_the_drawn_tile_to_its_replacement():
    dealer = tiles("123456789s1246z") + [57]
    t = make([dealer, QB, QA, ""], back="9m")
    assert t.seats[0].extra.flowers == [57]
    assert t.last_drawn == tile("9m") and t.drew
    t.timeout(0)  # a timed-out dealer discards the tile it "drew": the replacement
    assert t.seats[0].discards[-1].tile == tile("9m") and t.seats[0].discards[-1].tsumogiri
