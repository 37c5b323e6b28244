"""Seed profile: kans, rinshan and the dead wall, kan dora timing, chankan, four-kan abort."""

from openmahjong.rules.riichi.dora import count_dora
from openmahjong.rules.riichi.game import GameOptions, preset
from openmahjong.rules.riichi.game.events import DoraRevealed
from openmahjong.table import Ankan, Discard, Kakan, Minkan, Phase, Pon, Ron, Tsumo
from openmahjong.table.events import Drew, event_to_dict
from openmahjong.tiles import counts34

from .helpers import QUIET, discard, make, pass_all, tile, tsumogiri, win_yaku

SEAT1_EEE = "1117z147m147p147s"
SEAT3_NO_EAST = "234567z5m5p5s6m6p6s9s"
DEAD = "2m3m4m6m7m8m9m2p3p4p6p"  # indicator 2m, first kan indicator 3m, first rinshan 6p


def _minkan_table(**options):
    t = make([QUIET[0], SEAT1_EEE, QUIET[2], SEAT3_NO_EAST], dead=DEAD, **options)
    live = t.wall.live_remaining
    t.act(0, Discard(41))
    t.act(1, Minkan((41, 41, 41)))
    return t, live


def test_minkan_rinshan_comes_from_the_dead_wall_and_one_live_tile_moves():
    t, live = _minkan_table()
    assert t.turn == 1 and t.rinshan and t.last_drawn == tile("6p")
    assert t.wall.replacements_drawn == 1
    assert t.wall.live_remaining == live - 1  # no live draw, one live tile crossed over
    assert t.seats[1].melds[0].kind == "minkan"


def test_kan_dora_majsoul_open_kan_revealed_when_the_caller_discards():
    t, _ = _minkan_table()
    assert t.policy.dora_indicators(t) == [tile("2m")]
    t.act(1, Discard(tile("7z")))
    assert t.policy.dora_indicators(t) == [tile("2m"), tile("3m")]
    kinds = [event_to_dict(e)["type"] for e in t.events[-3:]]
    assert kinds.index("DoraRevealed") > kinds.index("Discarded")


def test_kan_dora_early_profile_reveals_before_the_rinshan_draw():
    t, _ = _minkan_table(kan_dora="EARLY_KAN_DORA")
    assert t.policy.dora_indicators(t) == [tile("2m"), tile("3m")]
    reveal = next(i for i, e in enumerate(t.events) if isinstance(e, DoraRevealed))
    rinshan = next(i for i, e in enumerate(t.events) if isinstance(e, Drew) and e.rinshan)
    assert reveal < rinshan


def test_tournament_is_a_legacy_alias_of_early_kan_dora():
    assert GameOptions(kan_dora="TOURNAMENT").kan_dora == "EARLY_KAN_DORA"
    t, _ = _minkan_table(kan_dora="TOURNAMENT")
    assert len(t.policy.dora_indicators(t)) == 2


def test_profile_invariant_majsoul_and_early_kan_dora_differ_only_in_kan_dora():
    a = preset("majsoul-hanchan").model_dump()
    b = preset("majsoul-hanchan", kan_dora="EARLY_KAN_DORA").model_dump()
    assert {k for k in a if a[k] != b[k]} == {"kan_dora"}


def test_ankan_dora_revealed_at_once_under_majsoul():
    hands = ["22z258m258p258s369m", SEAT1_EEE, QUIET[2], SEAT3_NO_EAST]
    t = make(hands, draws="1z", dead=DEAD)
    discard(t, 0, "2z")
    t.act(1, Ankan((41, 41, 41, 41)))
    assert t.policy.dora_indicators(t) == [tile("2m"), tile("3m")]
    assert t.rinshan and t.last_drawn == tile("6p")


def test_no_ankan_or_kakan_after_the_final_live_draw():
    hands = ["22z258m258p258s369m", SEAT1_EEE, QUIET[2], SEAT3_NO_EAST]
    t = make(hands, draws="1z")
    live = t.wall.live
    live[0], live[-1] = live[-1], live[0]  # the 1z becomes the last live tile
    t.wall.position = len(live) - 1
    discard(t, 0, "2z")
    assert t.wall.live_remaining == 0 and t.last_drawn == 41
    assert not any(isinstance(a, Ankan) for a in t.legal_actions(1))
    control = make(hands, draws="1z")
    discard(control, 0, "2z")
    assert Ankan((41, 41, 41, 41)) in control.legal_actions(1)


def test_rinshan_draw_is_never_haitei():
    hands = [QUIET[0], "111z123m456m789p9s", QUIET[2], SEAT3_NO_EAST]
    t = make(hands, dead="2m3m4m6m7m8m9m2p3p4p9s")
    t.wall.position = len(t.wall.live) - 1  # one live tile left
    t.act(0, Discard(41))
    t.act(1, Minkan((41, 41, 41)))
    assert t.wall.live_remaining == 0 and t.rinshan
    assert Tsumo() in t.legal_actions(1)
    yaku = win_yaku(t, 1, Tsumo())
    assert "rinshan_kaihou" in yaku and "haitei_raoyue" not in yaku


CHANKAN_HANDS = [
    "12z3m1258p258s69m47s",
    "37z3389m147p1479s",
    "12m456p789p123s55s",  # waits 3m; no yaku except robbing the kan
    "1234567z56m6p689s",
]


def test_chankan_robs_an_added_kan_and_reveals_no_dora():
    t = make(CHANKAN_HANDS, draws="9m1z9m3m")
    t.act(0, Discard(tile("3m")))
    assert Ron() not in t.legal_actions(2)  # no yaku on a plain discard
    t.act(1, Pon((13, 13)))
    pass_all(t)
    discard(t, 1, "7z")
    for seat in (2, 3, 0):
        tsumogiri(t, seat)
    assert t.turn == 1 and Kakan(13) in t.legal_actions(1)
    t.act(1, Kakan(13))
    assert t.legal_actions(2) == [Ron(), t.legal_actions(2)[1]]
    t.act(2, Ron())
    assert t.phase == Phase.ENDED
    win = t.result.wins[0]
    assert win.seat == 2 and win.from_seat == 1
    assert ("chankan", 1) in win.win.yaku
    assert t.policy.dora_indicators(t) == [t.wall.indicator(0)]


KOKUSHI_HANDS = [
    "22z2458m258p258s36m",
    "999m37z147p1479s1m",
    "1m19p19s1234567z1p",  # thirteen orphans waiting on 9m
    "78m123p456p789s55s",  # a plain hand also waiting on 9m
]


def test_ankan_can_be_robbed_only_by_thirteen_orphans():
    t = make(KOKUSHI_HANDS, draws="9m")
    discard(t, 0, "2z")
    t.act(1, Ankan((19, 19, 19, 19)))
    assert Ron() in t.legal_actions(2)
    assert t.legal_actions(3) == []
    t.act(2, Ron())
    assert t.result.wins[0].win.yakuman >= 1


def test_tenhou_rules_let_no_one_rob_an_ankan():
    t = make(KOKUSHI_HANDS, draws="9m", scoring="tenhou")
    discard(t, 0, "2z")
    t.act(1, Ankan((19, 19, 19, 19)))
    assert t.phase == Phase.TURN and t.turn == 1 and t.rinshan


def test_four_kans_by_two_players_abort_after_the_fourth_kans_discard_passes():
    hands = [
        "1z258m258p258s369m5z",
        "111z2222z3333z9m9p",
        "4444z147m147p147s",
        "567z369p369s369m8p",
    ]
    t = make(hands, draws="6m")
    t.act(0, Discard(41))
    t.act(1, Minkan((41, 41, 41)))
    t.act(1, Ankan((42, 42, 42, 42)))
    t.act(1, Ankan((43, 43, 43, 43)))
    # MAJSOUL: the minkan's indicator shows when the next kan is declared; ankans at once.
    assert len(t.policy.dora_indicators(t)) == 4
    discard(t, 1, "9m")
    assert t.turn == 2
    t.act(2, Ankan((44, 44, 44, 44)))
    assert len(t.policy.dora_indicators(t)) == 5
    assert t.phase == Phase.TURN  # the hand goes on until the fourth kan's discard passes
    t.act(2, Discard(t.seats[2].hand[0]))
    pass_all(t)
    assert t.phase == Phase.ENDED and t.result.reason == "four_kans"
    assert t.result.dealer_continues


def test_four_kans_by_one_player_do_not_abort():
    t = make(QUIET)
    t.policy.state.kans = [1, 1, 1, 1]
    assert not t.policy._four_kan_abort_pending()
    t.policy.state.kans = [1, 1, 2, 1]
    assert t.policy._four_kan_abort_pending()


def test_pon_is_offered_alongside_minkan():
    t = make([QUIET[0], SEAT1_EEE, QUIET[2], SEAT3_NO_EAST])
    t.act(0, Discard(41))
    legal = t.legal_actions(1)
    assert Pon((41, 41)) in legal and Minkan((41, 41, 41)) in legal


def _rinshan_win_table(**options):
    hands = [QUIET[0], "111z123m456m789p9s", "234567s78s555z11p", SEAT3_NO_EAST]
    t = make(hands, dead="2m3m4m6m7m8m9m2p3p4p9s", **options)
    t.act(0, Discard(41))
    t.act(1, Minkan((41, 41, 41)))
    return t


def dora_held(t, seat: int, indicators) -> int:  # noqa: ANN001
    st = t.seats[seat]
    return count_dora(counts34([*st.hand, *(x for m in st.melds for x in m.tiles)]), indicators)


def _dora_scored(t, seat: int) -> int:  # noqa: ANN001
    """Play the rinshan tsumo and return the dora han it was scored with."""
    assert "rinshan_kaihou" in win_yaku(t, seat, Tsumo())
    (win,) = t.result.wins
    return dict(win.win.yaku).get("dora", 0)


def test_majsoul_rinshan_win_does_not_use_the_open_kan_dora():
    t = _rinshan_win_table()
    assert Tsumo() in t.legal_actions(1)
    first = t.policy.dora_indicators(t)
    assert len(first) == 1  # the open kan's indicator comes only after the discard
    assert _dora_scored(t, 1) == dora_held(t, 1, first) == 1  # 2m shows 3m


def test_early_kan_dora_rinshan_win_uses_the_new_indicator():
    t = _rinshan_win_table(kan_dora="EARLY_KAN_DORA")
    assert Tsumo() in t.legal_actions(1)
    both = t.policy.dora_indicators(t)
    assert len(both) == 2
    assert _dora_scored(t, 1) == dora_held(t, 1, both) == 2  # 2m and 3m show 3m and 4m


def test_discard_after_a_rinshan_draw_is_never_houtei():
    hands = [QUIET[0], "111z123m456m789p9s", "234567s78s555z11p", SEAT3_NO_EAST]
    t = make(hands, dead="2m3m4m6m7m8m9m2p3p4p9s")
    t.wall.position = len(t.wall.live) - 1
    t.act(0, Discard(41))
    t.act(1, Minkan((41, 41, 41)))
    assert t.wall.live_remaining == 0
    t.act(1, Discard(tile("9s")))
    assert t.legal_actions(2) == [Ron(), t.legal_actions(2)[-1]]  # the last discard: ron only
    assert "houtei_raoyui" not in win_yaku(t, 2, Ron())
