"""Issue 16 item 2: houtei on the discard that follows a replacement draw on the last live tile.

The seen case, played out on a whole rigged wall (no wall position is moved by hand): the
dealer draws the fourth 7z as the 68th live draw and declares a closed kan; the kan moves the
last live tile into the dead wall, so the replacement 8m is the hand's last draw; the dealer
discards it and seat 1, in riichi on 5m/8m with a closed all-manzu hand, wins on it.

Tenhou presets: houtei (riichi 1 + chinitsu 6 + houtei 1 = 8 han, a baiman: 16,000).
Mahjong Soul presets follow the seed profile ("a rinshan draw is never haitei, and the
following discard is never houtei"): 7 han, a haneman, 12,000.
"""

from collections import Counter

import pytest

from openmahjong.fairness import build_wall
from openmahjong.rules.riichi.game import new_hand, preset
from openmahjong.table import Ankan, Discard, Minkan, Phase, Ron, Tsumo
from openmahjong.table.rig import rigged_wall
from openmahjong.tiles import parse

from .helpers import QUIET, make, pass_all, tile, win_yaku

HANDS = [
    "777z789p345s66z9s1z2z",  # dealer: three 7z; discards 2z first, then what it draws
    "111m234m567m99m67m",  # seat 1: riichi on 5m/8m, chinitsu; no pinfu (111m)
    "055m888m123p456p1s",  # every other 5m and 8m, out of the live wall
    "2345p6789s12345z",
]
#: Indicators 1p 2p (dora 2p, then 3p after the kan), ura 1s 2s: nothing seat 1 holds;
#: dead[10], the first replacement draw, is the 8m.
DEAD = "1p2p3p4p6p1s2s3s4s6s8m7p7s9p"
LIVE = 69
KAN_DRAW = 67  # 0-based live draw: the dealer's, with one live tile left after it


def _live_draws() -> list[int]:
    """The whole live wall: every tile not dealt or dead, sorted, with the fourth 7z moved to
    the dealer's second-to-last live draw."""
    pool = Counter(build_wall("riichi", red_fives=True))
    pool.subtract(t for h in HANDS for t in parse(h))
    pool.subtract(parse(DEAD))
    rest = sorted(pool.elements())
    assert len(rest) == LIVE
    assert not {tile("5m"), tile("0m"), tile("8m")} & set(rest)  # seat 1's waits never pass it
    rest.remove(tile("7z"))
    rest.insert(KAN_DRAW, tile("7z"))
    return rest


def _to_the_last_discard(name: str):
    wall = rigged_wall(HANDS, _live_draws(), DEAD)
    t = new_hand(wall, preset(name))
    t.act(0, Discard(tile("2z")))
    pass_all(t)
    draws = 0
    while not (t.turn == 0 and t.drew and t.last_drawn == tile("7z")):
        assert t.phase == Phase.TURN
        draws += 1
        riichi = t.turn == 1 and len(t.seats[1].discards) == 1  # seat 1's second turn
        t.act(t.turn, Discard(t.last_drawn, riichi=riichi))
        pass_all(t)
    assert draws == KAN_DRAW and t.seats[1].extra.riichi
    assert t.wall.live_remaining == 1
    t.act(0, Ankan((tile("7z"),) * 4))
    assert t.rinshan and t.last_drawn == tile("8m") and t.wall.live_remaining == 0
    t.act(0, Discard(tile("8m")))
    assert t.legal_actions(1) == [Ron(), t.legal_actions(1)[-1]]  # the last discard: ron only
    t.act(1, Ron())
    pass_all(t)
    assert t.phase == Phase.ENDED
    (win,) = t.result.wins
    assert win.seat == 1 and win.from_seat == 0 and win.tile == tile("8m")
    return t, win


@pytest.mark.parametrize("name", ["tenhou-hanchan", "tenhou-tonpuu"])
def test_tenhou_a_ron_on_the_discard_after_the_last_replacement_draw_is_houtei(name):
    t, win = _to_the_last_discard(name)
    yaku = dict(win.win.yaku)
    assert yaku == {"riichi": 1, "chinitsu": 6, "houtei_raoyui": 1}
    assert win.win.han == 8 and win.win.limit == "baiman"
    assert t.result.deltas == (-16000, 16000, 0, 0)  # seat 1's riichi stick comes back


@pytest.mark.parametrize("name", ["majsoul-hanchan", "majsoul-tonpuu"])
def test_profile_the_discard_after_a_replacement_draw_is_never_houtei(name):
    t, win = _to_the_last_discard(name)
    assert dict(win.win.yaku) == {"riichi": 1, "chinitsu": 6}
    assert win.win.han == 7 and win.win.limit == "haneman"
    assert t.result.deltas == (-12000, 12000, 0, 0)


@pytest.mark.parametrize("name", ["tenhou-hanchan", "majsoul-hanchan"])
def test_a_rinshan_tsumo_on_the_last_tile_is_never_haitei(name):
    # Seat 1 open-kans the dealer's East with one live tile left (the kan moves it into the
    # dead wall) and draws its winning 9s as the replacement: rinshan kaihou, not haitei.
    hands = [QUIET[0], "111z123m456m789p9s", QUIET[2], "234567z5m5p5s6m6p6s9s"]
    t = make(hands, dead="2m3m4m6m7m8m9m2p3p4p9s", **preset(name).model_dump())
    t.wall.position = len(t.wall.live) - 1  # white-box: one live tile left
    t.act(0, Discard(tile("1z")))
    t.act(1, Minkan((tile("1z"),) * 3))
    assert t.wall.live_remaining == 0 and t.rinshan and Tsumo() in t.legal_actions(1)
    yaku = win_yaku(t, 1, Tsumo())
    assert "rinshan_kaihou" in yaku and "haitei_raoyue" not in yaku
