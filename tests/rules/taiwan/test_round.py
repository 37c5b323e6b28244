"""Rigged Taiwan hands on the kernel: the 16-tile deal, flowers, the flower wins, the dealer's
tai and repeats, robbing a kong, the last tile, chow from the left only (docs/taiwan.md)."""

from __future__ import annotations

import pytest

from openmahjong.rules.taiwan.game.match import TaiwanMatch
from openmahjong.rules.taiwan.game.options import TaiwanOptions
from openmahjong.rules.taiwan.game.round import TaiwanWon, new_hand
from openmahjong.table import PASS, Chi, Discard, Kakan, Phase, Pon, Ron, Tsumo
from openmahjong.tiles import parse

from .rig import make, pass_all, wall

FILL = ["", "", ""]
#: A complete 17-tile hand for the dealer: 天胡.
HEAVENLY = "123456789m234567p99s"


def won(t) -> TaiwanWon:
    (event,) = [e for e in t.events if isinstance(e, TaiwanWon)]
    return event


def tai(event: TaiwanWon) -> dict[str, int]:
    return {zh: n for zh, _en, n in event.tai}


def tile(text: str) -> int:
    return parse(text)[0]


def test_sixteen_tiles_a_seat_the_dealer_seventeen_sixteen_kept_back() -> None:
    with pytest.raises(ValueError, match="144"):
        new_hand(list(range(136)))
    t = make(["123456789m234567p9s", *FILL])
    assert [len(s.hand) for s in t.seats] == [17, 16, 16, 16]
    assert t.turn == 0 and t.phase == Phase.TURN
    assert t.wall.live_remaining == 144 - 4 * 16 - 1 - 16
    assert t.view(0).table["kept_tiles"] == 16
    t.validate()


def test_dealt_flowers_are_laid_out_and_replaced_from_the_back() -> None:
    # The dealer is dealt 春 and 梅 (both East's own flowers); the replacements are 1z 2z.
    t = make(["1f5f123456789m2345p", *FILL], back="1z2z")
    assert t.seats[0].extra.flowers == parse("1f5f")
    assert sorted(t.seats[0].hand)[-2:] == parse("1z2z")
    assert not any(f in t.seats[0].hand for f in parse("1f5f"))
    assert t.wall.live_remaining == 144 - 65 - 16 - 2
    assert t.view(1).seats_public[0]["flowers"] == tuple(parse("1f5f"))


def test_heavenly_hand_with_the_dealers_tai_paid_by_all_three() -> None:
    t = make([HEAVENLY, *FILL])
    assert Tsumo() in t.legal_actions(0)
    t.act(0, Tsumo())
    event = won(t)
    assert tai(event) == {"天胡": 24, "莊家": 1}
    # 底 100 + 25 台 x 20 from each
    assert t.result.deltas == (3 * 600, -600, -600, -600)
    assert dict(event.payments) == {1: 600, 2: 600, 3: 600}
    assert t.result.dealer_continues


def test_a_discard_win_in_the_first_go_around_is_a_human_hand_paid_by_the_discarder() -> None:
    # Seat 1 waits on 4p / 7p (a two-sided wait); the dealer throws 7p first.
    t = make(["7p111z222z333z44z5z6z", "123456789m234p56p99s", "", ""])
    t.act(0, Discard(tile("7p")))
    assert Ron() in t.legal_actions(1)
    t.act(1, Ron())
    pass_all(t)
    event = won(t)
    assert tai(event) == {"人胡": 8, "平胡": 2, "莊家": 1}
    assert t.result.deltas == (-(100 + 11 * 20), 100 + 11 * 20, 0, 0)
    assert not t.result.dealer_continues


def test_a_later_discard_between_non_dealers_costs_the_discarder_alone() -> None:
    # Seat 1 waits on 4p / 7p; seat 2 draws 7p and throws it.
    t = make(["1z111s222s333s444s55s", "123456789m234p56p99s", "", ""], draws="6z7p")
    t.act(0, Discard(tile("1z")))
    pass_all(t)
    t.act(1, Discard(tile("6z")))
    pass_all(t)
    t.act(2, Discard(tile("7p")))
    assert Ron() in t.legal_actions(1)
    t.act(1, Ron())
    pass_all(t)
    event = won(t)
    assert tai(event) == {"平胡": 2, "門清": 1}
    assert t.result.deltas == (0, 160, -160, 0)


def test_chow_only_from_the_player_on_the_left() -> None:
    # Seats 1 and 2 both hold 2p 3p; the dealer throws 1p: only seat 1 may chow.
    t = make(["1p111z222z333z444z5z", "23p" + "456789m", "23p" + "456789s", ""])
    t.act(0, Discard(tile("1p")))
    assert any(isinstance(a, Chi) for a in t.legal_actions(1))
    assert not any(isinstance(a, Chi) for a in t.legal_actions(2))
    t.act(1, next(a for a in t.legal_actions(1) if isinstance(a, Chi)))
    pass_all(t)
    assert t.seats[1].melds[0].kind == "chi" and t.turn == 1


def test_robbing_an_added_kong() -> None:
    # Seat 2 pungs the dealer's 5m and later adds the fourth; seat 3 waits on 5m (46m) and
    # robs it. Seat 3 passes the first 5m (there is no furiten).
    t = make(
        [
            "5m111p222p333s999p777z9s",
            "111s222s444s666s888s1z",
            "55m789m456p678p789s23z",
            "46m111m222m333m888m99m",
        ],
        draws="4z5z6z5m",
    )
    t.act(0, Discard(tile("5m")))
    assert Ron() in t.legal_actions(3)
    t.act(3, PASS)
    t.act(2, next(a for a in t.legal_actions(2) if isinstance(a, Pon)))
    pass_all(t)
    t.act(2, Discard(tile("2z")))
    pass_all(t)
    for seat, drawn in ((3, "4z"), (0, "5z"), (1, "6z")):
        assert t.turn == seat
        t.act(seat, Discard(tile(drawn)))
        pass_all(t)
    assert t.turn == 2 and Kakan(tile("5m")) in t.legal_actions(2)
    t.act(2, Kakan(tile("5m")))
    assert Ron() in t.legal_actions(3)
    t.act(3, Ron())
    event = won(t)
    assert event.robbed_kong and event.from_seat == 2
    found = tai(event)
    assert found["搶槓"] == 1 and "莊家" not in found
    pay = 100 + event.hand_tai * 20
    assert t.result.deltas == (0, 0, -pay, pay)


def _play_to_the_last_tile(t) -> None:
    """Everyone throws what they draw (and passes every claim) until the wall's last tile."""
    while t.wall.live_remaining > 0:
        seat = t.turn
        t.act(seat, Discard(t.last_drawn))
        pass_all(t)


def test_the_last_tile_self_drawn_is_haidi_and_sixteen_stay_unplayed() -> None:
    # 63 live tiles: seat 3 draws the last one (no calls, no flowers on the way).
    hands = ["", "", "", "123456789m234567p9s"]
    t = make(hands, last="9s")
    _play_to_the_last_tile(t)
    assert t.turn == 3 and t.last_drawn == tile("9s")
    assert Tsumo() in t.legal_actions(3)
    t.act(3, Tsumo())
    found = tai(won(t))
    assert found["海底撈月"] == 1 and found["門清自摸"] == 3
    assert len(t.policy.kept) == 16


def test_the_last_discard_is_hedi_and_a_drawn_hand_keeps_the_dealer() -> None:
    hands = ["", "", "", ""]
    t = make(hands, last="6z")
    _play_to_the_last_tile(t)
    # Seat 3 throws the last tile; nobody wants it: a drawn hand, the dealer keeps the deal.
    t.act(3, Discard(tile("6z")))
    pass_all(t)
    assert t.phase == Phase.ENDED and t.result.reason == "exhaustive"
    assert t.result.dealer_continues and t.result.deltas == (0, 0, 0, 0)
    again = make(hands, last="6z", dealer_keeps_on_draw=False)
    _play_to_the_last_tile(again)
    again.act(3, Discard(tile("6z")))
    pass_all(again)
    assert not again.result.dealer_continues


def test_the_last_discard_won_is_hedi() -> None:
    # Seat 0 (the dealer) waits on 9p; seat 3's last draw is 9p and it throws it.
    t = make(["123456789m234567p9p1z", "", "", ""], last="9p")
    _play_to_the_last_tile(t)
    assert t.turn == 3
    t.act(3, Discard(tile("9p")))
    assert Ron() in t.legal_actions(0)
    t.act(0, Ron())
    found = tai(won(t))
    assert found["河底撈魚"] == 1 and found["莊家"] == 1


def test_eight_flowers_win_by_themselves_paid_by_all() -> None:
    # Seat 1 is dealt seven flowers and draws the eighth.
    t = make(["1z111s222s333s444s55s", "1f2f3f4f5f6f7f", "", ""], draws="8f")
    assert len(t.seats[1].extra.flowers) == 7 and t.phase == Phase.TURN
    t.act(0, Discard(tile("1z")))
    pass_all(t)
    assert t.phase == Phase.SPECIAL and t.legal_actions(1) == [Tsumo()]
    t.act(1, Tsumo())
    event = won(t)
    assert event.flower_win == "eight_flowers"
    assert tai(event) == {"八仙過海": 8, "莊家": 1}
    # each pays 底 100 + 8 台 x 20; the dealer adds its tai
    assert dict(event.payments) == {0: 100 + 9 * 20, 2: 260, 3: 260}


def test_seven_flowers_rob_the_eighth_from_the_player_who_draws_it() -> None:
    t = make(["1z111s222s333s444s55s", "1f2f3f4f5f6f7f", "", ""], draws="6z8f")
    t.act(0, Discard(tile("1z")))
    pass_all(t)
    t.act(1, Discard(tile("6z")))
    pass_all(t)
    # seat 2 draws 8f: seat 1 robs it
    assert t.phase == Phase.SPECIAL and t.waiting_for() == [1]
    t.act(1, Tsumo())
    event = won(t)
    assert event.flower_win == "seven_rob_one" and event.from_seat == 2
    assert t.result.deltas == (0, 260, -260, 0)


def test_seven_and_one_flowers_at_the_deal() -> None:
    t = make(["1z111s222s333s444s55s", "1f2f3f4f5f6f7f", "", "8f"])
    assert t.phase == Phase.SPECIAL and t.legal_actions(1) == [Tsumo()]
    t.act(1, Tsumo())
    assert won(t).from_seat == 3


def test_a_minimum_of_tai_refuses_smaller_wins() -> None:
    hands = ["7p111z222z333z44z5z6z", "123456789m234p56p99s", "", ""]
    t = make(hands, min_tai=11)  # the human hand is worth 10 (人胡 8 + 平胡 2)
    t.act(0, Discard(tile("7p")))
    assert Ron() not in t.legal_actions(1)


def test_the_dealer_keeps_the_deal_and_the_repeats_add_two_tai_each() -> None:
    heavenly = wall([HEAVENLY, *FILL])
    # hand 3: seat 1 wins on the dealer's first discard: the deal passes
    human = wall(["7p111z222z333z44z5z6z", "123456789m234p56p99s", "", ""])
    walls = {1: heavenly, 2: heavenly, 3: human}
    match = TaiwanMatch(TaiwanOptions(rounds=1), walls=lambda n: walls.get(n, heavenly))
    match.act(0, Tsumo())
    assert match.state.dealer == 0 and match.state.repeats == 1 and match.label() == "E1-1"
    match.act(0, Tsumo())
    second = match.hands[1]["wins"][0]
    assert second["dealer_tai"] == 3  # 莊家 1 + 連一拉一 2
    assert match.hands[1]["deltas"] == [3 * (100 + 27 * 20), -640, -640, -640]
    assert match.state.repeats == 2
    match.act(0, Discard(tile("7p")))
    match.act(1, Ron())
    third = match.hands[2]
    # the dealer pays its tai with its repeats: 莊家 1 + 連二拉二 4
    assert third["wins"][0]["dealer_tai"] == 5
    assert third["deltas"][0] == -(100 + (10 + 5) * 20)
    assert match.state.dealer == 1 and match.state.repeats == 0 and match.label() == "E2"
