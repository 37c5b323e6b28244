"""Rigged Qingque hands on the kernel: the rules that set it apart from MCR.

Sources (open_mahjong_unity): ``gamestate/public/init_game_tiles.py`` (``init_qingque_tiles``:
136 tiles, no flowers), ``gamestate/game_mmcr/QingqueGameState.py`` (payments: a self-draw costs
each other player the base, a discard win costs the discarder three times the base),
``gamestate/game_mmcr/action_check.py`` (天和 on the dealer's first action, 地和 only on the
dealer's first discard, no fan minimum beyond 1).
"""

from __future__ import annotations

import pytest

from openmahjong.rules.qingque.game.round import QingqueWon, new_hand
from openmahjong.table import PASS, Discard, Phase, Ron, Tsumo
from openmahjong.tiles import parse

from .rig import make, pass_all

FILL = ["", "", ""]


def won(t) -> QingqueWon:
    (event,) = [e for e in t.events if isinstance(e, QingqueWon)]
    return event


def test_a_qingque_wall_has_136_tiles_and_no_flowers() -> None:
    with pytest.raises(ValueError, match="136"):
        new_hand(list(range(144)))
    t = make(["123m456p789s234s5p9m", *FILL])
    assert all(t < 50 for s in t.seats for t in s.hand)
    assert t.wall.live_remaining == 136 - 53


def test_heavenly_hand_pays_its_base_from_each_player() -> None:
    # A concealed pure straight: fan_cache.json values {和牌, 门前清, 一气贯通} at 10.7826; 天和
    # adds 16 on top (and covers 门前清 in what is shown): 26.7826 fan, base 717.
    t = make(["123456789m234p55s", *FILL])
    assert Tsumo() in t.legal_actions(0)
    t.act(0, Tsumo())
    assert t.phase == Phase.ENDED
    event = won(t)
    assert dict(event.fans) == {"一气贯通": 0, "天和": 16}
    assert event.fan == 26.7826 and event.exact
    base = 717
    assert event.base == base == round(event.fan * event.fan)
    assert t.result.deltas == (3 * base, -base, -base, -base)


def test_earthly_hand_only_on_the_dealers_first_discard() -> None:
    # Seat 1 waits on 5p; the dealer throws it first.
    t = make(["5p1199m1133z2468s", "123m456p789s234s5p", "", ""])
    t.act(0, Discard(parse("5p")[0]))
    assert Ron() in t.legal_actions(1)
    t.act(1, Ron())
    pass_all(t)
    event = won(t)
    fans = dict(event.fans)
    assert fans["地和"] == 16
    base = event.base
    assert t.result.deltas == (-3 * base, 3 * base, 0, 0)


def test_a_later_discard_win_is_no_earthly_hand_and_costs_the_discarder_alone() -> None:
    # Seat 1 waits on 5p; seat 3 throws it on its first turn (the dealer threw before).
    t = make(["9m1199m1133z2468s", "123m456p789s234s5p", "", ""], draws="3z3z5p")
    t.act(0, Discard(parse("9m")[0]))
    pass_all(t)
    for seat in (1, 2):
        drawn = t.seats[seat].hand[-1]
        if Tsumo() in t.legal_actions(seat):
            pytest.skip("filler completed a hand")
        t.act(seat, Discard(drawn))
        pass_all(t)
    drawn = t.seats[3].hand[-1]
    assert drawn == parse("5p")[0]
    t.act(3, Discard(drawn))
    assert Ron() in t.legal_actions(1)
    t.act(1, Ron())
    pass_all(t)
    event = won(t)
    assert "地和" not in dict(event.fans)
    assert t.result.deltas == (0, 3 * event.base, 0, -3 * event.base)


def test_no_fan_minimum_a_hand_with_next_to_nothing_wins() -> None:
    # Seat 1: 123m 345p 78s 55p and a pung of North (not its seat wind, South): on the
    # dealer's first discard 9s its raw set is 和牌 and 门前清 (and 地和, which covers 门前清 in
    # what is shown); MCR would refuse it.
    t = make(["9s1199m1133z2468s", "123m345p78s55p444z", "", ""])
    t.act(0, Discard(parse("9s")[0]))
    assert Ron() in t.legal_actions(1)
    t.act(1, Ron())
    pass_all(t)
    event = won(t)
    assert [name for name, _ in event.fans] == ["地和"]
    assert event.fan > 16 and event.base == round(event.fan * event.fan)


def test_out_on_a_kongs_replacement_is_lingshang_kaihua() -> None:
    from openmahjong.table import Ankan

    # The dealer kongs 1111m and draws its winning 5p from the back of the wall.
    t = make(["1111m234p567s789s5p", *FILL], back="5p")
    kong = Ankan(tuple(parse("1111m")))  # type: ignore[arg-type]
    assert kong in t.legal_actions(0)
    t.act(0, kong)
    assert t.seats[0].hand[-1] == parse("5p")[0]
    t.act(0, Tsumo())
    fans = dict(won(t).fans)
    assert fans["岭上开花"] == 4 and "暗杠" in fans
    # Not 天和: the source gives that to the dealer's first action only, not after a kong.
    assert "天和" not in fans


def test_robbing_an_added_kong_costs_the_kong_declarer_three_bases() -> None:
    from openmahjong.table import Kakan, Pon

    # Seat 1 pungs the dealer's 5p and later draws the fourth 5p; seat 2 waits on 5p (46p).
    t = make(
        ["5p1199m1133z2468s", "55p1299m2244z357s", "123m789s234s46p11z", ""],
        draws="9p9p9p5p",
    )
    t.act(0, Discard(parse("5p")[0]))
    assert 1 in t.waiting_for()
    pon = next(a for a in t.legal_actions(1) if isinstance(a, Pon))
    for seat in t.waiting_for():
        t.act(seat, pon if seat == 1 else PASS)
    t.act(1, Discard(parse("1m")[0]))
    pass_all(t)
    for seat in (2, 3, 0):
        assert t.seats[seat].hand[-1] == parse("9p")[0]
        t.act(seat, Discard(parse("9p")[0]))
        pass_all(t)
    assert t.seats[1].hand[-1] == parse("5p")[0]
    t.act(1, Kakan(parse("5p")[0]))
    assert Ron() in t.legal_actions(2)
    t.act(2, Ron())
    pass_all(t)
    event = won(t)
    assert dict(event.fans)["抢杠"] == 4
    assert t.result.deltas == (0, -3 * event.base, 3 * event.base, 0)
