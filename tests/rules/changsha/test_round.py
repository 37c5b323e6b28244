"""Changsha's distinctive rules on rigged walls: starting-hand wins paid before play, the kan's
two-tile turn (杠上开花), the birds multiplying a payment, 海底捞月, the 2-5-8 pair at the table."""

from __future__ import annotations

from openmahjong.rules.changsha.game.events import (
    BirdsTurned,
    ChangshaWon,
    KanTurned,
    StartingWin,
)
from openmahjong.table.actions import Ankan, Discard, Kakan, Pon, Ron, Tsumo
from openmahjong.table.events import HandEnded
from openmahjong.table.kernel import Phase
from openmahjong.tiles import parse
from tests.rules.changsha.rig import pass_all, table

DEALER = "234567m234p345s78s"
PLAIN_1 = "234m456p789s2345m"
PLAIN_2 = "456m789p123s6789p"
PLAIN_3 = "345m567p123s6789s"


def of(t, cls):
    return [e for e in t.events if isinstance(e, cls)]


def test_a_starting_hand_win_is_paid_before_play_and_play_goes_on():
    # Seat 1 holds four 1m (四喜) and not one 2, 5 or 8 (板板胡): 2 + 2 from each other seat.
    t = table([DEALER, "1111m3469p13679s", PLAIN_2, PLAIN_3], starting_wins=True)
    (won,) = of(t, StartingWin)
    assert won.seat == 1 and won.patterns == ("sixi", "banban")
    assert won.deltas == (-4, 12, -4, -4)
    assert [s.points for s in t.seats] == [96, 112, 96, 96]
    # Paid before the dealer has acted; the dealer plays on as usual.
    assert t.log == [] and t.phase == Phase.TURN and t.turn == 0
    t.act(0, Discard(parse("8s")[0]))
    assert t.seats[0].discards


def test_a_kans_two_tile_turn_wins_on_either_tile_flower_on_the_kan():
    # The dealer kans 1111m; the back of the wall turns 1s (no win) then 6p (the win).
    dealer = "1111m345p567s88s78p"
    t = table([dealer, PLAIN_1, PLAIN_2, PLAIN_3], back="1s6p")
    (kan,) = [a for a in t.legal_actions(0) if isinstance(a, Ankan)]
    t.act(0, kan)
    (turned,) = of(t, KanTurned)
    assert turned.tiles == (parse("1s")[0], parse("6p")[0]) and turned.kept == parse("6p")[0]
    # The other tile lies among the dealer's discards; the hand is locked to the kept tile.
    assert [d.tile for d in t.seats[0].discards] == parse("1s")
    assert set(t.legal_actions(0)) == {Tsumo(), Discard(parse("6p")[0])}
    t.act(0, Tsumo())
    (won,) = of(t, ChangshaWon)
    assert won.patterns == ("gangshang_kaihua",) and won.value == 6
    assert t.result.deltas == (18, -6, -6, -6)


def test_a_kan_whose_tiles_do_not_win_must_discard_the_kept_tile():
    t = table(["1111m345p567s88s78p", PLAIN_1, PLAIN_2, PLAIN_3], back="1s2s")
    t.act(0, next(a for a in t.legal_actions(0) if isinstance(a, Ankan)))
    assert t.legal_actions(0) == [Discard(parse("1s")[0])]


def test_the_birds_on_the_winner_and_a_payer_multiply_the_payment():
    # Seat 1 self-draws 5s for a small win (the 5-5 pair): 2 from each seat before the birds.
    # The birds (the next two live tiles) are 1p (-> the dealer, seat 0) and 2s (-> seat 1).
    t = table([DEALER, "123m456p789s234m5s", PLAIN_2, PLAIN_3], draws="5s1p2s", birds=2)
    t.act(0, Discard(parse("8s")[0]))
    pass_all(t)
    assert t.turn == 1 and Tsumo() in t.legal_actions(1)
    t.act(1, Tsumo())
    (birds,) = of(t, BirdsTurned)
    assert birds.tiles == tuple(parse("1p2s")) and birds.seats == (0, 1)
    (won,) = of(t, ChangshaWon)
    assert won.patterns == () and won.value == 2
    # Dealer: 2 x (1 + its bird + the winner's bird) = 6; seats 2 and 3: 2 x (1 + 1) = 4.
    assert won.payments == (-6, 14, -4, -4)
    assert t.result.birds == tuple(parse("1p2s"))


def test_the_last_tile_self_drawn_is_the_moon_from_the_bottom_of_the_sea():
    # 55 live tiles: the last goes to seat 3, whose single wait 5m lies at the end of the wall
    # (two other 5m are in the other hands, one somewhere in the wall).
    seat3 = "111p789m234s678p5m"
    t = table([DEALER, PLAIN_1, "678m789p123s5s678p", seat3], back="5m")
    while t.phase != Phase.ENDED:
        if t.phase == Phase.REACTION:
            pass_all(t)
            continue
        seat = t.turn
        if t.wall.live_remaining == 0 and Tsumo() in t.legal_actions(seat):
            t.act(seat, Tsumo())
        else:
            t.act(seat, Discard(t.last_drawn or t.seats[seat].hand[-1]))
    (won,) = of(t, ChangshaWon)
    assert won.seat == 3 and won.from_seat is None
    assert won.patterns == ("haidi_lao",) and won.value == 6
    assert t.result.deltas == (-6, -6, -6, 18)
    assert of(t, HandEnded)[0].reason == "win"


def test_a_small_hand_without_a_258_pair_is_offered_no_win():
    # Seat 1 would complete 123m456p789s234m + 9s-9s: no 2-5-8 pair, no big win.
    t = table([DEALER, "123m456p789s234m9s", PLAIN_2, PLAIN_3], draws="9s")
    t.act(0, Discard(parse("8s")[0]))
    pass_all(t)
    assert t.turn == 1 and Tsumo() not in t.legal_actions(1)


def test_a_win_on_the_dealers_first_discard_is_the_earthly_hand():
    # Seat 2 waits on 9s with a 9-9 pair: no small win, but 地胡 needs no 2-5-8 pair.
    seat2 = "111m456s789m345p9s"
    t = table([DEALER, PLAIN_1, seat2, PLAIN_3])
    t.act(0, Discard(parse("8s")[0]))
    assert 2 not in t.waiting_for()
    t2 = table(["234567m234p345s79s", PLAIN_1, seat2, PLAIN_3])
    t2.act(0, Discard(parse("9s")[0]))
    assert Ron() in t2.legal_actions(2)
    t2.act(2, Ron())
    pass_all(t2)
    (won,) = of(t2, ChangshaWon)
    assert won.patterns == ("dihu",) and won.payments == (-6, 0, 6, 0)


def test_robbing_an_added_kan():
    # Seat 1 pons 7s from the dealer, then adds its drawn 7s; seat 2 robs it (抢杠胡).
    t = table(
        ["234567m234p345s78s", "123m456p789m77s99p", "123m456p789m68s55m", "345m567p123s5689s"],
        draws="1p1p1p7s",
    )
    t.act(0, Discard(parse("7s")[0]))
    t.act(1, next(a for a in t.legal_actions(1) if isinstance(a, Pon)))
    pass_all(t)
    t.act(1, Discard(parse("9p")[0]))
    pass_all(t)
    while t.turn != 1:
        pass_all(t)
        if t.phase == Phase.TURN:
            t.act(t.turn, Discard(t.last_drawn or t.seats[t.turn].hand[-1]))
            pass_all(t)
    kan = next(a for a in t.legal_actions(1) if isinstance(a, Kakan))
    t.act(1, kan)
    assert Ron() in t.legal_actions(2)
    t.act(2, Ron())
    pass_all(t)
    (won,) = of(t, ChangshaWon)
    assert won.seat == 2 and "qianggang" in won.patterns and won.robbed_kan


def test_a_hand_record_deals_and_plays_the_same_hand_again():
    from openmahjong.rules.changsha.game.record import hand_record, replay_hand
    from openmahjong.table.events import event_to_dict

    t = table(["1111m345p567s88s78p", PLAIN_1, PLAIN_2, PLAIN_3], back="1s6p", birds=2)
    t.act(0, next(a for a in t.legal_actions(0) if isinstance(a, Ankan)))
    t.act(0, Tsumo())
    again = replay_hand(hand_record(t))
    assert [event_to_dict(e) for e in again.events] == [event_to_dict(e) for e in t.events]
    assert again.result == t.result
