"""Rigged hands of the sample declaration on the shared kernel: self-draw and discard wins paid
as declared, chows from the left only, pungs, kongs with their replacement from the back of the
wall, robbing an added kong, the exhaustive draw, flowers laid out, the minimum, the match's
rotation of the deal."""

from __future__ import annotations

import pytest

from openmahjong.rules.declarative import DeclaredWon, FlowerLaidOut
from openmahjong.table import (
    PASS,
    Ankan,
    Chi,
    Discard,
    IllegalAction,
    Kakan,
    Phase,
    Pon,
    Ron,
    Tsumo,
)
from openmahjong.tiles import parse

from .rig import make, pass_all, wall
from .sample import FLOWERED, SAMPLE

FILL = ["", "", ""]
T = {name: parse(name)[0] for name in ("1m", "5p", "9s", "3s", "8s", "9p", "5z")}


def won(t) -> DeclaredWon:
    (event,) = [e for e in t.events if isinstance(e, DeclaredWon)]
    return event


def patterns(t) -> dict[str, int]:
    return {key: pts for key, pts, _times in won(t).patterns}


def test_a_self_drawn_win_costs_every_other_seat_the_points():
    t = make(SAMPLE, ["123m456p789s234s55p", *FILL])
    assert Tsumo() in t.legal_actions(0)
    t.act(0, Tsumo())
    assert t.phase == Phase.ENDED
    assert patterns(t) == {"heavenly": 100, "concealed": 5}
    assert won(t).points == 100  # the limit
    assert t.result.deltas == (300, -100, -100, -100)
    assert t.result.points == (300, -100, -100, -100)  # new_hand's points start at 0
    assert won(t).payments == t.result.deltas


def test_a_discard_win_costs_the_discarder_three_times():
    t = make(SAMPLE, ["9s1199m1133z2468s5p", "123m456p789s234s5p", "", ""])
    t.act(0, Discard(T["5p"]))
    assert Ron() in t.legal_actions(1)
    t.act(1, Ron())
    pass_all(t)
    assert patterns(t) == {"concealed": 5}
    assert t.result.deltas == (-15, 15, 0, 0)
    assert won(t).from_seat == 0 and won(t).tile == T["5p"]


def test_a_win_nobody_may_claim_is_refused_with_a_reason():
    t = make(SAMPLE, ["9s1199m1133z2468s5p", "123m456p789s234s5p", "", ""])
    with pytest.raises(IllegalAction, match="not a legal win"):
        t.act(0, Tsumo())


def test_chow_only_from_the_left_and_pung_from_anyone():
    t = make(SAMPLE, ["9s1199m1133z2468s3s", "12s456m789m11p99p5z", "12s9s9s456p789p5z", ""])
    t.act(0, Discard(T["3s"]))
    assert Chi((parse("1s")[0], parse("2s")[0])) in t.legal_actions(1)
    assert not any(isinstance(a, Chi) for a in t.legal_actions(2))
    assert t.waiting_for() == [1]  # only seat 1 may claim it
    pass_all(t)
    assert t.turn == 1  # nobody claimed: the next seat draws
    t.act(1, Discard(t.seats[1].hand[-1]))
    pass_all(t)
    t.act(2, Discard(t.seats[2].hand[-1]))
    pass_all(t)
    t.act(3, Discard(t.seats[3].hand[-1]))
    pass_all(t)
    # The dealer throws its 9s: seat 2 (not on its left) pungs it and discards.
    t.act(0, Discard(T["9s"]))
    pon = next(a for a in t.legal_actions(2) if isinstance(a, Pon))
    for seat in t.waiting_for():
        t.act(seat, pon if seat == 2 else PASS)
    assert t.turn == 2 and [m.kind for m in t.seats[2].melds] == ["pon"]


def test_a_concealed_kong_draws_from_the_back_and_may_win_on_it():
    t = make(SAMPLE, ["1111m234p567s789s5p", *FILL], back="5p")
    kong = Ankan(tuple(parse("1111m")))  # type: ignore[arg-type]
    assert kong in t.legal_actions(0)
    left = t.wall.live_remaining
    t.act(0, kong)
    assert t.seats[0].hand[-1] == T["5p"] and t.wall.live_remaining == left - 1
    t.act(0, Tsumo())
    # After a kong of its own the dealer's hand is no heavenly hand.
    assert patterns(t) == {"after_kong": 10, "concealed": 5}
    assert t.result.deltas == (45, -15, -15, -15)


def test_robbing_an_added_kong_costs_the_declarer_as_a_discard():
    # Seat 1 pungs the dealer's 5p and later draws the fourth 5p; seat 2 waits on 5p (46p).
    t = make(
        SAMPLE,
        ["5p1199m1133z2468s", "55p1299m2244z357s", "123m789s234s46p11z", ""],
        draws="9p9p9p5p",
    )
    t.act(0, Discard(T["5p"]))
    pon = next(a for a in t.legal_actions(1) if isinstance(a, Pon))
    for seat in t.waiting_for():
        t.act(seat, pon if seat == 1 else PASS)
    t.act(1, Discard(T["1m"]))
    pass_all(t)
    for seat in (2, 3, 0):
        assert t.seats[seat].hand[-1] == T["9p"]
        t.act(seat, Discard(T["9p"]))
        pass_all(t)
    assert t.seats[1].hand[-1] == T["5p"]
    t.act(1, Kakan(T["5p"]))
    assert Ron() in t.legal_actions(2)
    t.act(2, Ron())
    pass_all(t)
    assert patterns(t) == {"robbing_kong": 10, "concealed": 5}
    assert won(t).robbed_kong
    assert t.result.deltas == (0, -45, 45, 0)
    assert [m.kind for m in t.seats[1].melds] == ["pon"]  # the robbed kong is a pung again


def test_the_exhaustive_draw_pays_nothing_and_the_last_discard_offers_only_wins():
    t = make(SAMPLE, ["9s1199m1133z2468s5p", *FILL])
    while t.phase != Phase.ENDED:
        if t.phase == Phase.REACTION:
            if t.wall.live_remaining == 0:
                offered = {type(a) for s in t.waiting_for() for a in t.legal_actions(s)}
                assert offered <= {Ron, type(PASS)}
            pass_all(t)
            continue
        seat = t.turn
        t.act(seat, Discard(t.seats[seat].hand[-1]))
    assert t.result.reason == "exhaustive" and t.result.deltas == (0, 0, 0, 0)


def test_flowers_are_laid_out_replaced_and_counted():
    t = make(FLOWERED, ["1f123m456p789s234s5p", "2f", "", ""], back="5p9s")
    laid = [e for e in t.events if isinstance(e, FlowerLaidOut)]
    assert [(e.seat, e.tile) for e in laid] == [(0, parse("1f")[0]), (1, parse("2f")[0])]
    assert t.seats[0].hand.count(T["5p"]) == 3  # its replacement came from the back
    t.act(0, Tsumo())
    assert patterns(t) == {"heavenly": 100, "concealed": 5, "flowers": 1}
    assert t.policy.seat_public(t, 0)["flowers"] == (parse("1f")[0],)


def test_the_minimum_keeps_a_smaller_win_from_being_offered():
    # An open chicken hand (1 point) is below FLOWERED's minimum of 2.
    t = make(FLOWERED, ["5p9s1199m1133z2468s", "12p456m789s234s55p", "", ""], back="1m1m")
    t.act(0, Discard(parse("5p")[0]))
    assert Ron() not in t.legal_actions(1)


def test_the_dealer_keeps_the_deal_on_its_own_win_and_the_wind_moves_on():
    heavenly = wall(SAMPLE, ["123m456p789s234s55p", *FILL])
    quiet = wall(SAMPLE, ["9s1199m1133z2468s5p", *FILL])
    walls = {1: heavenly, 2: heavenly}
    match = SAMPLE.match_type(SAMPLE.options("sample-full"), walls=lambda n: walls.get(n, quiet))
    assert match.label() == "E1"
    match.act(0, Tsumo())
    assert match.state.dealer == 0 and match.label() == "E1-1"
    match.act(0, Tsumo())
    assert match.hands[1]["label"] == "E1-1" and match.state.repeat == 2
    # Hand 3 is drawn: the deal passes.
    while match.state.hand_index == 3:
        t = match.table
        if t.phase == Phase.REACTION:
            for s in t.waiting_for():
                match.act(s, PASS)
            continue
        match.act(t.turn, Discard(t.seats[t.turn].hand[-1]))
    assert match.hands[2]["reason"] == "exhaustive"
    assert match.state.dealer == 1 and match.label() == "E2"
    assert match.hands[0]["wins"][0]["patterns"] == [["heavenly", 100, 1], ["concealed", 5, 1]]
    assert match.state.points == (500 + 600, 500 - 200, 500 - 200, 500 - 200)


def test_the_prevalent_wind_moves_after_four_passes():
    quiet = wall(FLOWERED, ["9s1199m1133z2468s5p", *FILL])
    match = FLOWERED.match_type(FLOWERED.options("sample-flowers-full"), walls=lambda n: quiet)
    while len(match.hands) < 4:
        t = match.table
        if t.phase == Phase.REACTION:
            for s in t.waiting_for():
                match.act(s, PASS)
            continue
        match.act(t.turn, Discard(t.seats[t.turn].hand[-1]))
    assert [h["label"] for h in match.hands] == ["E1", "E2", "E3", "E4"]
    assert match.label() == "S1" and match.table.policy.prevalent_wind == 42
