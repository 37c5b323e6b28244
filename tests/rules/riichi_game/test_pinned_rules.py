"""Issue 16 item 7: rules that were implemented but not pinned by a test.

* ippatsu is cancelled by every kind of kan (the seed profile: "Ippatsu is canceled by any chii,
  pon, minkan, ankan, or kakan"): another seat's closed kan, open kan or added kan, and the
  riichi seat's own closed kan; each checked on the win that follows, against a control;
* riichi is refused on a hand whose only wait is a fifth copy of a kind it holds four times,
  and allowed on an empty wait whose copies are all visible elsewhere (profile, "sole wait");
* the open kan's delayed dora (MAJSOUL timing, also the Tenhou presets'): revealed at the
  caller's discard before that discard is offered, so a ron on it counts the new indicator.
"""

import pytest

from openmahjong.rules.riichi.game import preset
from openmahjong.rules.riichi.game.events import DoraRevealed, RiichiWon
from openmahjong.table import Ankan, Discard, IllegalAction, Kakan, Minkan, Pon, Ron, Tsumo

from .helpers import make, pass_all, tile, tsumogiri, win_yaku

#: Dealer: 123456789m 11p 56s + 1z; discarding 1z in riichi leaves 4s/7s (test_riichi.py).
R0 = "123456789m11p56s1z"
QUIET2 = "456z369p369s1m7m8s8p"
SEAT3 = "23457z5m5p5s6m6p6s9s8m"


def _riichi_on_the_first_discard(hands, draws):
    t = make(hands, draws)
    t.act(0, Discard(tile("1z"), riichi=True))
    pass_all(t)
    assert t.seats[0].extra.ippatsu
    return t


def _dealer_ron_yaku(t, seat: int) -> set[str]:
    """``seat`` lets the 4s go; the riichi dealer wins on it."""
    t.act(seat, Discard(tile("4s")))
    assert Ron() in t.legal_actions(0)
    return win_yaku(t, 0, Ron())


ANKAN_HANDS = [R0, "2227z147m1479p4s9s", QUIET2, "34567z5m5p5s6m6p6s9s8m"]


@pytest.mark.parametrize("kan", [True, False])
def test_ippatsu_cancelled_by_another_seats_closed_kan(kan):
    t = _riichi_on_the_first_discard(ANKAN_HANDS, "2z")
    if kan:
        t.act(1, Ankan((tile("2z"),) * 4))
        assert t.rinshan and not t.seats[0].extra.ippatsu
    assert ("ippatsu" in _dealer_ron_yaku(t, 1)) is not kan


MINKAN_HANDS = [R0, "37z147m1479p1479s", "666z369p369s1m7m4s8p", SEAT3]


@pytest.mark.parametrize("kan", [True, False])
def test_ippatsu_cancelled_by_another_seats_open_kan(kan):
    t = _riichi_on_the_first_discard(MINKAN_HANDS, "6z1p")
    t.act(1, Discard(tile("6z")))
    if kan:
        t.act(2, Minkan((tile("6z"),) * 3))
        assert t.rinshan and not t.seats[0].extra.ippatsu
    else:
        pass_all(t)
        assert t.turn == 2
    assert ("ippatsu" in _dealer_ron_yaku(t, 2)) is not kan


KAKAN_HANDS = [
    "123456789m11p56s6z",  # riichi after seat 2's pon, so the pon does not touch ippatsu
    "37z147m1479p1479s",
    "66z369p369s1m7m4s8p9p",
    SEAT3,
]


@pytest.mark.parametrize("kan", [True, False])
def test_ippatsu_cancelled_by_another_seats_added_kan(kan):
    t = make(KAKAN_HANDS, "9m9m9m6z")
    t.act(0, Discard(tile("6z")))
    t.act(2, Pon((tile("6z"),) * 2))
    pass_all(t)
    t.act(2, Discard(tile("9p")))
    pass_all(t)
    tsumogiri(t, 3)
    t.act(0, Discard(tile("9m"), riichi=True))  # not a double riichi: a call came first
    pass_all(t)
    assert t.seats[0].extra.ippatsu and not t.seats[0].extra.double_riichi
    tsumogiri(t, 1)
    assert t.turn == 2 and t.last_drawn == tile("6z")
    if kan:
        t.act(2, Kakan(tile("6z")))
        assert t.rinshan and not t.seats[0].extra.ippatsu
    assert ("ippatsu" in _dealer_ron_yaku(t, 2)) is not kan


def test_ippatsu_cancelled_by_the_riichi_seats_own_closed_kan():
    # Riichi on 9m with 111m 234p 567p 789s 5s (tanki 5s); the next draw is the fourth 1m,
    # the closed kan keeps the wait, and the replacement draw is the 5s.
    others = ["37z258m1469p1469s", "456z369p369s2m7m8s8p", "1234567z5m5p5s6m6p6s"]
    t = make(["111m234p567p789s5s9m", *others], "7z7z3p1m", dead="1z1z2z2z3z3z4z4z6z6z5s")
    t.act(0, Discard(tile("9m"), riichi=True))
    pass_all(t)
    for seat in (1, 2, 3):
        tsumogiri(t, seat)
    assert t.seats[0].extra.ippatsu  # a tsumo on this draw would still be ippatsu
    t.act(0, Ankan((tile("1m"),) * 4))
    assert not t.seats[0].extra.ippatsu
    assert t.last_drawn == tile("5s") and Tsumo() in t.legal_actions(0)
    yaku = win_yaku(t, 0, Tsumo())
    assert "rinshan_kaihou" in yaku and "ippatsu" not in yaku


# ---------------------------------------------------------------- fifth copy and empty waits
FIFTH_OTHERS = ["37z258m1469p1469s", "456z369p369s2m7m8s8p", "234567z5m5p5s6m6p6s"]


def test_riichi_refused_when_the_only_wait_is_a_fifth_copy():
    t = make(["1111m234p567p789s1z", *FIFTH_OTHERS])
    riichi = [a for a in t.legal_actions(0) if isinstance(a, Discard) and a.riichi]
    assert riichi == [Discard(tile("1m"), riichi=True)]  # 111m ... waiting on the 1z is fine
    with pytest.raises(IllegalAction, match="riichi"):
        t.act(0, Discard(tile("1z"), riichi=True))
    t.act(0, Discard(tile("1z")))
    assert not t.policy.tenpai(t, 0)  # not tenpai at an exhaustive draw either


def test_riichi_allowed_on_a_wait_whose_copies_are_all_visible_elsewhere():
    # Tanki on 9m: the other three 9m are in seat 1's hand, none left to draw (an empty wait,
    # still a wait: profile, "Ordinary empty waits remain valid").
    hands = ["111m234p567p789s9m1z", "999m37z147p1479s", FIFTH_OTHERS[1], FIFTH_OTHERS[2]]
    t = make(hands)
    assert Discard(tile("1z"), riichi=True) in t.legal_actions(0)
    t.act(0, Discard(tile("1z"), riichi=True))
    pass_all(t)
    assert t.seats[0].extra.riichi and t.policy.tenpai(t, 0)


# ---------------------------------------------------------------- delayed open-kan dora
#: Seat 1 open-kans the dealer's 1z; its replacement is a 1p; it lets 9s go, which seat 2
#: (234m 567s 78s 555z 11p: haku, waits 6s/9s) wins on. Indicators: 2m (dora 3m) from the
#: start, 3m (dora 4m) for the kan; seat 2 holds one 3m and one 4m.
DORA_HANDS = [
    "12z258m258p258s369m",
    "111z123m456m789p9s",
    "234m567s78s555z11p",
    "234567z5m5p5s6m6p6s9s",
]
DORA_DEAD = "2m3m4m6m7m8m9m2p3p4p1p"


@pytest.mark.parametrize("name", ["majsoul-hanchan", "tenhou-hanchan", "early"])
def test_a_ron_on_the_open_kan_callers_discard_counts_the_kans_dora(name):
    options = (
        preset("majsoul-hanchan", kan_dora="EARLY_KAN_DORA") if name == "early" else preset(name)
    )
    t = make(DORA_HANDS, dead=DORA_DEAD, **options.model_dump())
    t.act(0, Discard(tile("1z")))
    t.act(1, Minkan((tile("1z"),) * 3))
    assert t.last_drawn == tile("1p")
    shown = len(t.policy.dora_indicators(t))
    assert shown == (2 if name == "early" else 1)  # MAJSOUL timing: not before the discard
    t.act(1, Discard(tile("9s")))
    assert t.policy.dora_indicators(t) == [tile("2m"), tile("3m")]
    assert Ron() in t.legal_actions(2)
    t.act(2, Ron())
    pass_all(t)
    (win,) = t.result.wins
    assert win.seat == 2 and dict(win.win.yaku).get("dora") == 2  # 3m and 4m
    kinds = [type(e) for e in t.events]
    if name != "early":  # revealed after the caller's discard, before the win
        assert kinds.index(DoraRevealed) < kinds.index(RiichiWon)
