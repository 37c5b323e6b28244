"""The Melee Room (``majsoul-melee``) in whole hands on rigged walls: a ron on a riichi
declaration tile is tsubame gaeshi, a ron before one's first draw renhou, a ron on the discard
after the discarder's kan kanburi; the same walls at a ranked table offer no ron at all."""

from __future__ import annotations

from openmahjong.rules.riichi.game import preset
from openmahjong.table import Discard, Minkan, Phase, Ron

from .helpers import QUIET, discard, make, pass_all, tile, tsumogiri

#: Dealer: 123456789m 11p 5s 1z and 9p to throw; with 6s drawn, riichi on 1z waits on 4s/7s.
DEALER = "123456789m11p5s1z9p"
#: South: four sets and a single East, no yaku of its own (East is the round's wind, not South's).
SOUTH_ON_EAST = "123m456p789s234s1z"
MELEE = {"scoring": "majsoul-melee"}


def test_the_preset_differs_from_majsoul_tonpuu_only_in_its_scorer():
    melee, tonpuu = preset("majsoul-melee"), preset("majsoul-tonpuu")
    assert melee.scoring == "majsoul-melee"
    assert melee.model_copy(update={"name": "x", "scoring": "majsoul"}) == tonpuu.model_copy(
        update={"name": "x"}
    )


def _riichi_on_east(**options):
    """The dealer throws 9p, everyone throws a draw, the dealer draws 6s and declares riichi
    throwing East: South's single East is on the table."""
    t = make([DEALER, SOUTH_ON_EAST, QUIET[2], QUIET[3]], draws="7z7z6z6s", **options)
    discard(t, 0, "9p")
    for seat in (1, 2, 3):
        tsumogiri(t, seat)
    t.act(0, Discard(tile("1z"), riichi=True))
    return t


def test_a_ron_on_the_riichi_declaration_tile_is_tsubame_gaeshi():
    t = _riichi_on_east(**MELEE)
    assert Ron() in t.legal_actions(1)
    t.act(1, Ron())
    pass_all(t)
    assert t.phase == Phase.ENDED
    (win,) = t.result.wins
    assert win.win.yaku == [("tsubame_gaeshi", 1)]
    assert (win.win.han, win.win.fu, win.win.total) == (1, 40, 1300)
    # The riichi that dealt in is not accepted: no stick, the dealer pays the hand alone.
    assert t.result.deltas == (-1300, 1300, 0, 0) and t.result.sticks == 0


def test_at_a_ranked_table_the_same_discard_offers_no_ron():
    t = _riichi_on_east()
    assert t.phase != Phase.REACTION or Ron() not in t.legal_actions(1)
    pass_all(t)
    assert t.phase != Phase.ENDED and t.seats[0].extra.riichi  # the riichi went through


def test_a_ron_before_the_first_draw_is_renhou_a_yakuman():
    t = make(["123456789m11p56s1z", SOUTH_ON_EAST, QUIET[2], QUIET[3]], **MELEE)
    t.act(0, Discard(tile("1z")))
    t.act(1, Ron())
    pass_all(t)
    (win,) = t.result.wins
    assert win.win.yaku == [("renhou", 13)] and win.win.total == 32000
    assert t.result.deltas[:2] == (-32000, 32000)


def test_a_ron_on_the_discard_after_a_kan_is_kanburi():
    # South calls the dealer's 9p for an open kan, draws the replacement 7z and throws it into
    # West's single 7z (West has no yaku of its own: 7z is a dragon pair, not a triplet).
    south = "999p13m46m1s9s2z3z4z4z"
    west = "123m456p789s234s7z"
    # The dead wall: five indicators, five ura, then the first replacement tile.
    dead = "4m5m6m7m8m2s3s4s6s8s7z"
    t = make(["123456789m11p5s1z9p", south, west, QUIET[3]], dead=dead, **MELEE)
    t.act(0, Discard(tile("9p")))
    t.act(1, Minkan((tile("9p"),) * 3))
    pass_all(t)
    assert t.rinshan and t.turn == 1
    t.act(1, Discard(tile("7z")))
    assert Ron() in t.legal_actions(2)
    t.act(2, Ron())
    pass_all(t)
    (win,) = t.result.wins
    assert win.win.yaku == [("kanburi", 1)] and win.win.total == 1300
    assert t.result.deltas[1:3] == (-1300, 1300)
