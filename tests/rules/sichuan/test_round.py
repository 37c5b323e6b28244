"""One Sichuan Bloody hand on rigged walls: the exchange, the voids, void-first discards, every
payment and kan bonus, the robbed added kan, multi-ron, three winners, bust, heaven and earth,
under the sea, the exhaustive draw's recheck; and a property over randomly played hands."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from openmahjong.fairness import build_wall
from openmahjong.rules.sichuan.game.actions import DeclareVoid, Exchange
from openmahjong.rules.sichuan.game.events import (
    DrawRecheck,
    KanBonus,
    SichuanWon,
    TilesExchanged,
    VoidsDeclared,
)
from openmahjong.rules.sichuan.game.options import preset
from openmahjong.rules.sichuan.game.round import (
    DIRECTIONS,
    SichuanHandResult,
    new_hand,
    receiver,
)
from openmahjong.rules.sichuan.scoring import best_win
from openmahjong.table import (
    PASS,
    Ankan,
    Discard,
    IllegalAction,
    Kakan,
    Minkan,
    Phase,
    Pon,
    Ron,
    Table,
    Tsumo,
    rigged_wall,
)
from openmahjong.table.events import event_to_dict
from openmahjong.tiles import parse, suit

OPTS = preset("majsoul-bloodshed")
P0 = OPTS.starting_points
#: Hands that are far from ready, clear of their void (p, s and m), to fill seats.
FILL_P = "1246789m124679s"
FILL_S = "1246789p124679m"
FILL_M = "1246789s124679p"
#: The dealer, void s: it must discard its one tile of s, a 5s, first.
DEALER_5S = "111m222m333m444m9p5s"


def t1(text: str) -> int:
    return parse(text)[0]


def rig(
    hands: list[str],
    voids: str | None,
    *,
    draws: str | list[int] = "",
    back: str = "",
    dealer: int = 0,
    direction: str = "across",
    points: tuple[int, ...] | None = None,
) -> Table:
    """A table in play whose hands *after the exchange* are ``hands`` (the dealer's with 14):
    each seat received the first three tiles its hand lists (one suit). ``back``: the kan
    replacements in order (the wall's last tiles); ``voids``: one letter per seat."""
    after = [parse(h) for h in hands]
    received = [h[:3] for h in after]
    dealt = []
    for s in range(4):
        hand = list(after[s])
        for t in received[s]:
            hand.remove(t)
        hand += received[receiver(s, direction)]  # what s passes is what its receiver gets
        if s == dealer:  # the dealer's 14th (the tile it "drew") stays last
            hand.append(hand.pop(10))
        dealt.append(hand)
    wall = rigged_wall(dealt, draws, dealer=dealer, ruleset="sichuan", dead_size=0)
    start = 53 + len(parse(draws) if isinstance(draws, str) else draws)
    for i, tile in enumerate(parse(back)):
        j = wall.index(tile, start, len(wall) - i)
        wall[j], wall[-1 - i] = wall[-1 - i], wall[j]
    table = new_hand(OPTS, wall, dealer=dealer, points=points, direction=direction)
    for s in range(4):
        table.act(s, Exchange(tuple(received[receiver(s, direction)])))
    for s in range(4):
        assert sorted(table.seats[s].hand) == sorted(after[s]), s
    if voids is None:
        return table
    for s in range(4):
        table.act(s, DeclareVoid(voids[s]))
    assert table.phase == Phase.TURN and table.turn == dealer
    return table


def pass_all(table: Table) -> None:
    while table.phase == Phase.REACTION:
        table.act(table.waiting_for()[0], PASS)


def discard(table: Table, seat: int, tile: str) -> None:
    table.act(seat, Discard(t1(tile)))


def of(table: Table, cls: type) -> list:
    return [e for e in table.events if isinstance(e, cls)]


def points(table: Table) -> list[int]:
    return [s.points for s in table.seats]


def gained(table: Table) -> list[int]:
    return [p - P0 for p in points(table)]


# ------------------------------------------------------------------------------- the exchange
def random_table(seed: int, direction: str, dealer: int = 0) -> Table:
    wall = build_wall("sichuan", red_fives=False)
    random.Random(seed).shuffle(wall)
    return new_hand(OPTS, wall, dealer=dealer, direction=direction)


@pytest.mark.parametrize("direction", sorted(DIRECTIONS))
def test_the_exchange_passes_every_seats_three_tiles_at_once_in_the_direction(direction):
    t = random_table(7, direction, dealer=1)
    dealt = [list(s.hand) for s in t.seats]
    assert t.view(None).table["stage"] == "exchange"
    assert t.view(None).table["exchange_direction"] is None
    picks = {s: t.view(s).choice["suggested"] for s in range(4)}
    for s in range(4):
        assert t.view(s).choice == {
            "type": "exchange",
            "count": 3,
            "same_suit": True,
            "suggested": picks[s],
        }
        assert t.legal_actions(s) == []  # the choice is checked by its rule, never listed
    for s in range(3):
        t.act(s, Exchange(tuple(picks[s])))
        assert t.seats[s].hand == dealt[s]  # nothing moves before all have chosen
        assert t.view(3).seats_public[s]["chosen"] and not t.view(3).seats_public[3]["chosen"]
    t.act(3, Exchange(tuple(picks[3])))
    step = {"counterclockwise": 1, "across": 2, "clockwise": 3}[direction]
    for s in range(4):
        to = (s + step) % 4
        assert receiver(s, direction) == to
        own = t.view(to).own
        assert own["received"] == picks[s] and t.view(s).own["given"] == picks[s]
        assert Counter(t.seats[to].hand) == Counter(dealt[to]) - Counter(picks[to]) + Counter(
            picks[s]
        )
    exchanged = of(t, TilesExchanged)
    assert [e.seat for e in exchanged] == [0, 1, 2, 3]
    public = event_to_dict(exchanged[0].visible_to(2))
    assert public == {
        "type": "TilesExchanged",
        "private_to": None,
        "seat": 0,
        "direction": direction,
    }
    assert t.view(None).table["exchange_direction"] == direction
    assert t.view(None).table["stage"] == "void"


def test_an_exchange_the_rule_refuses_changes_nothing():
    t = rig([DEALER_5S, YAKULESS_5S, FILL_P, FILL_M], None)
    t = new_hand(OPTS, t.initial_wall, direction="across")  # the same deal, before the exchange
    hand = list(t.seats[0].hand)
    m = [x for x in hand if suit(x) == 1]
    p = next(x for x in hand if suit(x) == 2)
    before = (list(hand), len(t.events), len(t.log))
    for bad, reason in [
        (Exchange((m[0], m[1], p)), "must be of one suit"),
        (Exchange(tuple(parse("567m"))), "do not hold"),
        (Exchange((m[0], m[0], m[0], m[0])), "exactly three"),  # type: ignore[arg-type]
        (Discard(hand[0]), "choose three tiles"),
        (DeclareVoid("m"), "choose three tiles"),
    ]:
        with pytest.raises(IllegalAction, match=reason):
            t.act(0, bad)
    assert (list(t.seats[0].hand), len(t.events), len(t.log)) == before
    assert t.waiting_for() == [0, 1, 2, 3]


def test_a_timeout_passes_the_lowest_three_of_the_shortest_suit_holding_three():
    # Dealt: 8 m, 4 p, 2 s: the shortest suit with three tiles is p.
    wall = rigged_wall(
        ["12345678m1234p99s", FILL_P, FILL_M, FILL_S], ruleset="sichuan", dead_size=0
    )
    t = new_hand(OPTS, wall, direction="counterclockwise")
    assert t.view(0).choice["suggested"] == parse("123p")
    for s in range(4):
        t.timeout(s)
    assert t.timeouts == {0, 1, 2, 3}
    assert t.view(0).own["given"] == parse("123p")
    assert t.view(1).own["received"] == parse("123p")


def test_the_dealers_fourteenth_tile_can_be_passed():
    wall = rigged_wall(
        ["1234567m1234p99s5p", FILL_P, FILL_M, FILL_S], ruleset="sichuan", dead_size=0
    )
    t = new_hand(OPTS, wall, direction="counterclockwise")
    hand = t.seats[0].hand
    assert len(hand) == 14 and hand[-1] == t1("5p")
    t.act(0, Exchange(tuple(parse("345p"))))
    for s in (1, 2, 3):
        t.timeout(s)
    assert len(t.seats[0].hand) == 14 and t1("5p") not in t.seats[0].hand
    assert t.view(1).own["received"] == parse("345p")


# ------------------------------------------------------------------------------- the voids
def test_voids_are_listed_the_default_first_and_revealed_together():
    t = random_table(11, "clockwise")
    for s in range(4):
        t.timeout(s)
    assert t.view(None).table["stage"] == "void"
    for s in range(4):
        legal = t.legal_actions(s)
        assert sorted(a.suit for a in legal) == ["m", "p", "s"]
        counts = {x: sum(1 for y in t.seats[s].hand if "mps"[suit(y) - 1] == x) for x in "mps"}
        fewest = min("mps", key=lambda x: (counts[x], "mps".index(x)))
        assert legal[0] == DeclareVoid(fewest)  # the timeout's pick
    t.act(0, DeclareVoid("s"))
    assert t.view(0).own["void"] == "s"
    assert t.view(1).seats_public[0] == {"void": None, "won": None, "revealed": [], "chosen": True}
    assert not of(t, VoidsDeclared)
    with pytest.raises(IllegalAction):
        t.act(1, DeclareVoid("z"))
    for s in (1, 2, 3):
        t.timeout(s)
    (declared,) = of(t, VoidsDeclared)
    assert declared.voids[0] == "s"
    assert [t.view(None).seats_public[s]["void"] for s in range(4)] == list(declared.voids)
    assert t.phase == Phase.TURN and t.turn == 0 and t.view(None).table["stage"] == "play"


def test_a_void_timeout_on_a_tie_takes_the_lowest_suit():
    # Seat 1 holds 4 m, 4 p and 5 s after the exchange: m and p tie, m is the lower.
    t = rig([DEALER_5S, "6789p6789m12345s", FILL_P, FILL_M], None)
    assert t.legal_actions(1)[0] == DeclareVoid("m")
    t.timeout(1)
    assert t.seats[1].extra.void == "m" and t.view(1).own["void"] == "m"


# ------------------------------------------------------------------------------- discards
def test_a_seat_holding_its_void_suit_may_discard_only_those_tiles():
    t = rig(["123m456m789m23p5s7s9m", FILL_P, FILL_M, FILL_P], "spmp")
    legal = t.legal_actions(0)
    assert {a.tile for a in legal if isinstance(a, Discard)} == set(parse("57s"))
    with pytest.raises(IllegalAction, match="void suit"):
        discard(t, 0, "2p")
    discard(t, 0, "5s")
    pass_all(t)
    # Seat 1 (void p) holds no p: every tile may go.
    assert {a.tile for a in t.legal_actions(1) if isinstance(a, Discard)} == set(t.seats[1].hand)


def test_no_pon_or_kan_of_a_tile_of_the_seats_void_suit():
    t = rig(["123m456m789m12p99p5s", "555s1246789m129p", FILL_M, FILL_P], "ssmp")
    discard(t, 0, "5s")
    assert t.phase == Phase.TURN and t.turn == 1  # seat 1 (void s) was offered nothing
    t = rig(["123m456m789m12s99s5p", "555p1246789m128s", FILL_M, FILL_P], "psmp")
    discard(t, 0, "5p")
    assert set(t.legal_actions(1)) >= {Pon((t1("5p"), t1("5p"))), Minkan(tuple(parse("555p")))}


# ------------------------------------------------------------------------------- wins
# Seat 1 waits on 5s alone: four sets and a pair, two suits, nothing more (1 han, 1,000).
YAKULESS_5S = "123p456p789p234s5s"


def test_a_ron_the_discarder_pays_the_winner_sits_out_and_play_goes_on_after_it():
    t = rig(["123m456m789m12p5s99p", YAKULESS_5S, FILL_P, FILL_M], "smpm")
    discard(t, 0, "5s")
    assert t.legal_actions(1) == [Ron(), PASS]
    t.act(1, Ron())
    (won,) = of(t, SichuanWon)
    assert (won.seat, won.from_seat, won.order, won.han, won.total) == (1, 0, 1, 1, 1000)
    assert won.yaku == (("yakuless", 1, "base"),)
    assert won.payments == (-1000, 1000, 0, 0)
    assert gained(t) == [-1000, 1000, 0, 0]
    assert t.seats[1].out and t.phase == Phase.TURN and t.turn == 2
    pub = t.view(None)
    assert pub.seats_public[1]["won"] == 1
    assert pub.seats_public[1]["revealed"] == sorted(parse(YAKULESS_5S + "5s"))
    assert pub.table["wins"] == [
        {"seat": 1, "order": 1, "tile": t1("5s"), "tsumo": False, "from_seat": 0, "han": 1,
         "points": 1000}
    ]  # fmt: skip
    assert t.legal_actions(1) == []


def test_a_win_needs_the_void_cleared():
    # Seat 1 would win on 5s but still holds a tile of its void suit (m): no ron offered.
    t = rig(["123m456m789m12p5s99p", "123p456p789p2s4s5m5s", FILL_P, FILL_M], "smpm")
    discard(t, 0, "5s")
    assert t.phase == Phase.TURN and t.turn == 1


def test_a_tsumo_every_seat_still_playing_pays_the_points_and_1000():
    # Seat 1 discards its first draw, then draws its wait, 5s: 1 han, three seats pay 2,000.
    t = rig([DEALER_5S, YAKULESS_5S, FILL_P, FILL_M], "smpm", draws="1s6m7m8m5s")
    discard(t, 0, "5s")
    t.act(1, PASS)
    for seat, tile in ((1, "1s"), (2, "6m"), (3, "7m"), (0, "8m")):
        assert t.turn == seat
        discard(t, seat, tile)
        pass_all(t)
    assert t.turn == 1 and Tsumo() in t.legal_actions(1)
    t.act(1, Tsumo())
    assert gained(t) == [-2000, 6000, -2000, -2000]
    (won,) = of(t, SichuanWon)
    assert (won.from_seat, won.total, won.yaku) == (None, 1000, (("yakuless", 1, "base"),))
    assert won.hand == tuple(sorted(parse(YAKULESS_5S + "5s")))
    assert t.turn == 2 and t.seats[1].out


def test_a_tsumo_after_a_seat_has_won_is_paid_by_the_two_still_playing():
    # Seat 1 rons seat 0's 5s; seat 2 later draws its 8s: seats 0 and 3 pay 1,000 + 1,000.
    seat2 = "555m666m777m5678s"  # waits on 5s and 8s
    t = rig([DEALER_5S, YAKULESS_5S, seat2, FILL_M], "smpm", draws="9s1p3p8s")
    discard(t, 0, "5s")
    t.act(2, PASS)
    t.act(1, Ron())
    for seat, tile in ((2, "9s"), (3, "1p"), (0, "3p")):  # seat 2's first draw is no win
        assert t.turn == seat
        discard(t, seat, tile)
        pass_all(t)
    assert t.turn == 2 and Tsumo() in t.legal_actions(2)
    t.act(2, Tsumo())
    assert gained(t) == [-1000 - 2000, 1000, 4000, -2000]
    assert [w.order for w in of(t, SichuanWon)] == [1, 2]


def test_multi_ron_each_winner_is_paid_by_the_discarder_and_play_goes_on_after_the_last():
    t = rig([DEALER_5S, YAKULESS_5S, FILL_P, "333p888p777p22p46s"], "smpm")
    discard(t, 0, "5s")
    assert t.waiting_for() == [1, 3]
    t.act(3, Ron())
    t.act(1, Ron())
    wins = of(t, SichuanWon)
    assert [(w.seat, w.order, w.from_seat, w.total) for w in wins] == [
        (1, 1, 0, 1000),
        (3, 2, 0, 1000),
    ]
    assert gained(t) == [-2000, 1000, 0, 1000]
    assert t.phase == Phase.TURN and t.turn == 0  # the next seat in play after seat 3
    assert t.in_play() == [0, 2]


def test_three_winners_end_the_hand():
    t = rig([DEALER_5S, YAKULESS_5S, "555m666m777m5678s", "333p888p777p22p46s"], "smpm")
    discard(t, 0, "5s")
    for s in (1, 2, 3):
        t.act(s, Ron())
    assert t.phase == Phase.ENDED
    result = t.result
    assert isinstance(result, SichuanHandResult)
    assert result.reason == "bloody" and result.first_winner == 1 and not result.bust
    assert [w.seat for w in result.wins] == [1, 2, 3]
    assert result.deltas == (-3000, 1000, 1000, 1000)
    assert t.events[-1].reason == "bloody" and not t.events[-1].dealer_continues
    assert t.view(None).table["stage"] == "ended"


def test_a_seat_below_zero_after_a_payment_ends_the_hand_as_bust():
    t = rig([DEALER_5S, YAKULESS_5S, FILL_P, FILL_M], "smpm", points=(500, P0, P0, P0))
    discard(t, 0, "5s")
    t.act(1, Ron())
    assert t.phase == Phase.ENDED and t.result.reason == "bust" and t.result.bust
    assert t.result.points == (-500, P0 + 1000, P0, P0)


# ------------------------------------------------------------------------------- kans
def test_an_open_kan_the_feeder_pays_2000_and_a_ron_on_the_next_discard_is_a_kan_deal_in():
    # Seat 1 kans the dealer's 5s, draws its replacement (9p) from the back and discards 2s;
    # seat 2 wins on it: yakuless + dealing in after a kan, 2 han, 2,000 from seat 1.
    t = rig(
        [DEALER_5S, "555s123p456p789p2s", "123m456m789m13s66s", FILL_M],
        "smpm",
        back="9p",
    )
    discard(t, 0, "5s")
    assert Minkan(tuple(parse("555s"))) in t.legal_actions(1)
    t.act(1, Minkan(tuple(parse("555s"))))
    (bonus,) = of(t, KanBonus)
    assert (bonus.seat, bonus.kind, bonus.deltas, bonus.cancelled) == (
        1,
        "minkan",
        (-2000, 2000, 0, 0),
        False,
    )
    assert t.turn == 1 and t.rinshan and t.last_drawn == t1("9p")
    discard(t, 1, "2s")
    t.act(2, Ron())
    (won,) = of(t, SichuanWon)
    assert won.yaku == (("yakuless", 1, "base"), ("kan_deal_in", 1, "bonus"))
    assert won.total == 2000 and gained(t) == [-2000, 0, 2000, 0]


def test_a_concealed_kan_each_seat_pays_2000_and_a_win_on_its_replacement_is_after_a_kan():
    t = rig(
        ["1111p222p333p44p99m", FILL_P, "12345789s5678p9p", FILL_P],
        "sppm",
        back="4p",
    )
    t.act(0, Ankan(tuple(parse("1111p"))))
    (bonus,) = of(t, KanBonus)
    assert bonus.kind == "ankan" and bonus.deltas == (6000, -2000, -2000, -2000)
    assert t.turn == 0 and t.last_drawn == t1("4p") and Tsumo() in t.legal_actions(0)
    t.act(0, Tsumo())
    (won,) = of(t, SichuanWon)
    # All triplets, a root (the kan), after a kan: 4 han, 8,000; no heaven after a kan.
    assert won.yaku == (
        ("all_triplets", 2, "base"),
        ("root", 1, "bonus"),
        ("after_kan", 1, "bonus"),
    )
    assert won.total == 8000 and gained(t) == [6000 + 27000, -11000, -11000, -11000]


def test_a_concealed_kan_cannot_be_robbed():
    # Seat 1 waits on 1p, but an ankan of 1p offers it nothing.
    t = rig(["1111p222p333p44p99m", "234s567s888s23p55s", FILL_P, FILL_P], "smpp", back="8s")
    t.act(0, Ankan(tuple(parse("1111p"))))
    assert t.phase == Phase.TURN and t.turn == 0 and t.last_drawn == t1("8s")


KAKAN_SEATS = {
    # Seat 1 pons the dealer's 5s, discards 3s; after seat 2's, 3's and 0's discards (7p, 8p,
    # 9m) it draws the fourth 5s.
    1: "123p456p789p55s2s3s",
}


def kakan_table(seat2: str) -> Table:
    t = rig([DEALER_5S, KAKAN_SEATS[1], seat2, FILL_M], "smpm", draws="7p8p9m5s", back="1p")
    discard(t, 0, "5s")
    if t.phase == Phase.REACTION and 2 in t.waiting_for():
        t.act(2, PASS)
    t.act(1, Pon(tuple(parse("55s"))))
    discard(t, 1, "3s")
    pass_all(t)
    for seat, tile in ((2, "7p"), (3, "8p"), (0, "9m")):
        assert t.turn == seat
        discard(t, seat, tile)
        pass_all(t)
    assert t.turn == 1 and t.last_drawn == t1("5s")
    return t


def test_an_added_kan_of_the_tile_just_drawn_pays_1000_from_each_seat_still_playing():
    t = kakan_table(FILL_P)
    t.act(1, Kakan(t1("5s")))
    (bonus,) = of(t, KanBonus)
    assert bonus.kind == "kakan" and bonus.deltas == (-1000, 3000, -1000, -1000)
    assert t.turn == 1 and t.last_drawn == t1("1p")
    assert gained(t) == [-1000, 3000, -1000, -1000]


def test_a_robbed_added_kan_pays_its_bonus_back_and_the_declarer_pays_the_robber():
    t = kakan_table("123m456m789m46s11s")  # seat 2 waits on 5s
    t.act(1, Kakan(t1("5s")))
    assert t.phase == Phase.REACTION and t.legal_actions(2) == [Ron(), PASS]
    t.act(2, Ron())
    paid, back = of(t, KanBonus)
    assert paid.deltas == (-1000, 3000, -1000, -1000) and not paid.cancelled
    assert back.deltas == (1000, -3000, 1000, 1000) and back.cancelled
    (won,) = of(t, SichuanWon)
    assert (won.seat, won.from_seat, won.robbed_kan) == (2, 1, True)
    assert won.yaku == (("yakuless", 1, "base"), ("robbing_kan", 1, "bonus"))
    assert gained(t) == [0, -2000, 2000, 0]
    assert [m.kind for m in t.seats[1].melds] == ["pon"]  # the kan is a pon again
    assert t.turn == 3 and t.phase == Phase.TURN  # no replacement: the next seat in play draws


def test_an_added_kan_of_a_tile_held_earlier_pays_nothing():
    # Seat 1 pons 5s holding three: its fourth, held since the deal, is added later.
    t = rig([DEALER_5S, "555s123p456p789p2s", FILL_P, FILL_M], "smpm", draws="7p8p9m1s")
    discard(t, 0, "5s")
    t.act(1, Pon(tuple(parse("55s"))))
    assert Kakan(t1("5s")) not in t.legal_actions(1)  # not right after the pon
    discard(t, 1, "2s")
    pass_all(t)
    for seat, tile in ((2, "7p"), (3, "8p"), (0, "9m")):
        discard(t, seat, tile)
        pass_all(t)
    t.act(1, Kakan(t1("5s")))
    assert of(t, KanBonus) == [] and gained(t) == [0, 0, 0, 0]
    assert [m.kind for m in t.seats[1].melds] == ["kakan"]


# ------------------------------------------------------------------------------- blessings
def test_heaven_the_dealers_tsumo_on_its_dealt_hand():
    t = rig(["123m456m789m123p55p", FILL_P, FILL_P, FILL_M], "spps")
    assert Tsumo() in t.legal_actions(0)
    t.act(0, Tsumo())
    (won,) = of(t, SichuanWon)
    assert won.yaku[0] == ("heaven", 6, "base") and won.total == 32000
    assert gained(t) == [99000, -33000, -33000, -33000]


def test_earth_a_non_dealers_tsumo_on_its_first_draw_before_any_call():
    t = rig(["123m456m789m12p99p9s", YAKULESS_5S, FILL_P, FILL_M], "smpm", draws="5s")
    discard(t, 0, "9s")
    t.act(1, Tsumo())
    (won,) = of(t, SichuanWon)
    assert won.yaku[0] == ("earth", 6, "base") and won.total == 32000


def test_no_earth_after_a_call():
    # Seat 3 pons the dealer's 9s first: seat 1's first-draw tsumo is a plain yakuless win.
    seat3 = "1246789p99s1267m"
    t = rig(["123m456m789m12p99p9s", YAKULESS_5S, FILL_P, seat3], "smpm", draws="3p5s")
    discard(t, 0, "9s")
    t.act(3, Pon(tuple(parse("99s"))))
    discard(t, 3, "1m")
    pass_all(t)
    assert t.turn == 0
    discard(t, 0, "3p")
    pass_all(t)
    t.act(1, Tsumo())
    (won,) = of(t, SichuanWon)
    assert won.yaku == (("yakuless", 1, "base"),)


# ------------------------------------------------------------------------------- the last tile
def full_draws(
    hands: list[str], *, suits: dict[int, str], fixed: dict[int, str], count: int, back: str = ""
) -> list[int]:
    """``count`` live draws from the front, the k-th drawn by seat (1 + k) % 4 (dealer 0, no
    call): the seats in ``suits`` draw only tiles of that suit, ``fixed`` pins positions, and
    ``back`` is kept for the back of the wall."""
    pool = Counter(build_wall("sichuan", red_fives=False))
    for text in [*hands, *fixed.values(), back]:
        pool -= Counter(parse(text))
    draws: list[int | None] = [None] * count
    for k, text in fixed.items():
        draws[k] = t1(text)
    for k in range(count):
        letter = suits.get((1 + k) % 4)
        if draws[k] is None and letter is not None:
            tile = min(x for x in pool if pool[x] and "mps"[suit(x) - 1] == letter)
            draws[k] = tile
            pool[tile] -= 1
    rest = sorted(pool.elements())
    return [x if x is not None else rest.pop(0) for x in draws]


def run_until(table: Table, done) -> None:
    """Every seat times out (tsumogiri, pass) until ``done(table)``."""
    while not done(table):
        assert table.phase != Phase.ENDED
        table.timeout(table.waiting_for()[0])


def last_draw_by(seat: int):
    return lambda t: t.phase == Phase.TURN and t.turn == seat and t.wall.live_remaining == 0


SEAT3_46S = "333p888p777p22p46s"  # waits on 5s (yakuless)


def test_under_the_sea_by_tsumo_then_the_recheck_of_the_others():
    hands = [DEALER_5S, YAKULESS_5S, FILL_P, SEAT3_46S]
    draws = full_draws(hands, suits={}, fixed={54: "5s"}, count=55)
    t = rig(hands, "smpm", draws=draws)
    discard(t, 0, "5s")
    run_until(t, last_draw_by(3))
    assert t.last_drawn == t1("5s")
    t.act(3, Tsumo())
    (won,) = of(t, SichuanWon)
    assert won.yaku == (("yakuless", 1, "base"), ("under_the_sea", 1, "bonus"))
    assert won.payments == (-3000, -3000, -3000, 9000)
    # The wall is empty: the recheck. The dealer waits on 9p (all triplets, 2,000) and seat 1
    # on 5s (1,000); seat 2 is not ready and pays both.
    (recheck,) = of(t, DrawRecheck)
    assert recheck.ready == (True, True, False, True)
    assert recheck.void_clear == (True, True, True, True)
    assert recheck.deltas == (2000, 1000, -3000, 0) and recheck.refunds == (0, 0, 0, 0)
    assert t.result.reason == "exhaustive" and t.result.deltas == (-1000, -2000, -6000, 9000)


def test_under_the_sea_by_ron_on_the_last_discard():
    hands = [DEALER_5S, YAKULESS_5S, FILL_P, FILL_M]
    draws = full_draws(hands, suits={}, fixed={54: "5s"}, count=55)
    t = rig(hands, "smpm", draws=draws)
    discard(t, 0, "5s")
    t.act(1, PASS)
    run_until(t, lambda t: t.phase == Phase.REACTION and t.wall.live_remaining == 0)
    assert t.trigger.seat == 3 and t.trigger.tile == t1("5s")
    assert t.legal_actions(1) == [Ron(), PASS]
    t.act(1, Ron())
    (won,) = of(t, SichuanWon)
    assert won.yaku == (("yakuless", 1, "base"), ("under_the_sea", 1, "bonus"))
    assert won.payments == (0, 2000, 0, -2000)
    (recheck,) = of(t, DrawRecheck)
    assert recheck.deltas == (4000, 0, -2000, -2000)
    assert t.result.deltas == (4000, 2000, -2000, -4000)


def test_the_recheck_not_ready_pays_the_ready_void_tiles_pay_everyone_kan_bonuses_go_back():
    # Seat 2 makes a concealed kan (6,000 in bonuses) and ends not ready; seat 3 still holds
    # tiles of its void suit, s (it draws only s, so the forced discards never clear it).
    hands = [DEALER_5S, YAKULESS_5S, "9999m1246m12467s", "56789p5678m3579s"]
    draws = full_draws(hands, suits={3: "s"}, fixed={1: "3s"}, count=54, back="8p")
    t = rig(hands, "smps", draws=draws, back="8p")
    discard(t, 0, "5s")
    t.act(1, PASS)
    run_until(t, lambda t: t.phase == Phase.TURN and t.turn == 2)
    assert t.last_drawn == t1("3s")
    t.act(2, Ankan(tuple(parse("9999m"))))
    assert of(t, KanBonus)[0].deltas == (-2000, -2000, 6000, -2000)
    discard(t, 2, "8p")  # its void suit: forced
    run_until(t, lambda t: t.phase == Phase.ENDED)
    (recheck,) = of(t, DrawRecheck)
    assert recheck.ready == (True, True, False, False)
    assert recheck.void_clear == (True, True, True, False)
    # Seat 2 pays the dealer's takame (2,000) and seat 1's (1,000); seat 3 pays 4 han (8,000)
    # at least to each of the three, ready or not.
    assert recheck.deltas == (2000 + 8000, 1000 + 8000, -3000 + 8000, -24000)
    assert recheck.refunds == (2000, 2000, -6000, 2000)
    assert t.result.reason == "exhaustive" and t.events[-1].dealer_continues
    assert t.result.deltas == (10000, 9000, 5000, -24000)
    assert sum(t.result.deltas) == 0


def test_a_void_holder_pays_a_ready_seats_takame_when_it_is_above_4_han():
    # Seat 1 waits on 7p for pure seven pairs (5 han, 16,000): the void holder pays it that,
    # not 8,000.
    seat1 = "1122p3344p5566p7p"
    hands = [DEALER_5S, seat1, FILL_P, "56789m5678s3579p"]
    draws = full_draws(hands, suits={3: "p"}, fixed={}, count=55)
    t = rig(hands, "smpp", draws=draws)
    discard(t, 0, "5s")
    run_until(t, lambda t: t.phase == Phase.ENDED)
    value = best_win(parse(seat1), [], void="m").total
    assert value > 8000
    (recheck,) = of(t, DrawRecheck)
    assert recheck.void_clear[3] is False
    assert recheck.deltas[3] == -(max(8000, 2000) + value + 8000)


# ------------------------------------------------------------------------------- a property
def random_exchange(rng: random.Random, hand: list[int]) -> Exchange:
    groups = [[x for x in hand if suit(x) == s] for s in (1, 2, 3)]
    a, b, c = rng.sample(rng.choice([g for g in groups if len(g) >= 3]), 3)
    return Exchange((a, b, c))


def claimed_by_wins(table: Table) -> Counter:
    """The tiles won on a discard or a robbed kan: one tile per window, however many won it."""
    out: Counter = Counter()
    previous = None
    for e in table.events:
        if isinstance(e, SichuanWon) and e.from_seat is not None:
            key = (e.from_seat, e.tile)
            if previous != key:
                out[e.tile] += 1
            previous = key
        elif not isinstance(e, KanBonus):
            previous = None
    return out


def play_randomly(seed: int) -> Table:
    """Any legal action (a win nine times in ten, a kan whenever one is offered, the rule's
    own or a random pick for the exchange); checks at every step that no winner acts."""
    rng = random.Random(seed)
    wall = build_wall("sichuan", red_fives=False)
    rng.shuffle(wall)
    start = tuple(rng.choice((3000, 20000, 50000)) for _ in range(4))
    t = new_hand(
        OPTS, wall, dealer=rng.randrange(4), points=start, direction=rng.choice(list(DIRECTIONS))
    )
    won: set[int] = set()
    while t.phase != Phase.ENDED:
        seat = t.waiting_for()[0]
        assert seat not in won and not t.seats[seat].out
        for w in won:
            assert t.legal_actions(w) == [] and w not in t.waiting_for()
        legal = t.legal_actions(seat)
        if not legal:
            t.act(seat, random_exchange(rng, t.seats[seat].hand))
        else:
            wins = [a for a in legal if isinstance(a, (Tsumo, Ron))]
            kans = [a for a in legal if isinstance(a, (Ankan, Kakan, Minkan))]
            if wins and rng.random() < 0.9:
                t.act(seat, wins[0])
            elif kans and rng.random() < 0.7:
                t.act(seat, rng.choice(kans))
            elif rng.random() < 0.2:
                t.timeout(seat)
            else:
                t.act(seat, rng.choice(legal))
        won = {e.seat for e in t.events if isinstance(e, SichuanWon)}
        t.validate()
    return t


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_random_hands_conserve_points_and_tiles_and_winners_never_act_again(seed):
    t = play_randomly(seed)
    result = t.result
    start = tuple(p - d for p, d in zip(result.points, result.deltas, strict=True))
    assert sum(result.deltas) == 0  # every payment has a payer
    assert result.points == tuple(s.points for s in t.seats)
    for e in t.events:
        if isinstance(e, SichuanWon):
            assert sum(e.payments) == 0
        elif isinstance(e, KanBonus | DrawRecheck):
            assert sum(e.deltas) == 0
    assert len(result.wins) <= 3
    if result.reason == "bloody":
        assert len(result.wins) == 3
    if result.reason == "bust":
        assert min(result.points) < 0
    else:
        assert min(result.points) >= 0 or min(start) < 0
    # Tiles: hands, melds, discards still lying, the wall and the tiles won off others.
    held: Counter = Counter()
    for s in t.seats:
        held.update(s.hand)
        held.update(x for m in s.melds for x in m.tiles)
        held.update(d.tile for d in s.discards if d.claimed_by is None)
    held.update(t.wall.remaining_tiles())
    held.update(claimed_by_wins(t))
    assert held == Counter(t.initial_wall)


def test_a_kan_bonus_that_leaves_a_seat_below_zero_ends_the_hand_before_the_replacement():
    t = rig(
        ["1111p222p333p44p99m", FILL_P, "12345789s5678p9p", FILL_P],
        "sppm",
        back="4p",
        points=(P0, P0, 1500, P0),
    )
    t.act(0, Ankan(tuple(parse("1111p"))))
    assert t.phase == Phase.ENDED and t.result.reason == "bust"
    assert t.result.deltas == (6000, -2000, -2000, -2000) and t.result.points[2] == -500
    assert len(t.seats[0].hand) == 10 and t.wall.live_remaining == 55  # no replacement


def test_a_tsumo_or_ron_that_is_no_win_is_refused_with_the_scorers_reason():
    t = rig([DEALER_5S, YAKULESS_5S, FILL_P, FILL_M], "smpm")
    with pytest.raises(IllegalAction, match="not a win"):
        t.act(0, Tsumo())
    discard(t, 0, "5s")
    with pytest.raises(IllegalAction):
        t.act(2, Ron())
    assert t.waiting_for() == [1]
