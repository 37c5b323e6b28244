"""Seed profile: match length, dealer repeats and honba, extension, the 30,000 requirement,
the leading dealer's stop at all-last, bust, leftover sticks, ties by starting seat."""

import random

from openmahjong import tiles
from openmahjong.rules.riichi.game import (
    HandResult,
    MatchState,
    RiichiMatch,
    WinResult,
    advance,
    preset,
    ranking,
    replay_match,
)
from openmahjong.rules.riichi.scoring import score_win
from openmahjong.table import Phase, Ron, Tsumo

TONPUU = preset("majsoul-tonpuu")
HANCHAN = preset("majsoul-hanchan")


# The match only reads who won; any real Win serves.
A_WIN = score_win(tiles.parse("123456789m123p55s"), tiles.parse("5s")[0], tsumo=True, riichi=True)


def result(points, *, reason="exhaustive", dealer_continues=False, sticks=0, winners=()):
    wins = tuple(WinResult(seat=w, from_seat=None, tile=11, win=A_WIN) for w in winners)
    return HandResult(
        reason=reason,
        deltas=(0, 0, 0, 0),
        points=tuple(points),
        sticks=sticks,
        dealer_continues=dealer_continues,
        wins=wins,
    )


EVEN = (25000, 25000, 25000, 25000)


def test_dealer_repeat_adds_honba_and_keeps_the_dealer():
    s = advance(
        MatchState(points=EVEN),
        result((28000, 24000, 24000, 24000), reason="win", dealer_continues=True, winners=(0,)),
        TONPUU,
    )
    assert s.label == 0 and s.honba == 1 and s.round_index == 2 and not s.ended


def test_non_dealer_win_rotates_and_resets_honba():
    s = MatchState(points=EVEN, honba=3)
    s = advance(s, result((24000, 28000, 24000, 24000), reason="win", winners=(1,)), TONPUU)
    assert s.label == 1 and s.dealer == 1 and s.honba == 0


def test_exhaustive_draw_with_noten_dealer_rotates_and_adds_honba():
    s = advance(MatchState(points=EVEN, honba=1), result(EVEN), TONPUU)
    assert s.label == 1 and s.honba == 2


def test_abortive_draw_keeps_the_dealer_and_carries_sticks():
    s = advance(
        MatchState(points=EVEN),
        result((24000,) * 4, reason="four_riichi", dealer_continues=True, sticks=4),
        TONPUU,
    )
    assert s.label == 0 and s.honba == 1 and s.sticks == 4


def test_tonpuu_ends_after_east_4_when_first_place_has_30000():
    s = advance(MatchState(points=EVEN, label=3), result((31000, 23000, 23000, 23000)), TONPUU)
    assert s.ended


def test_hanchan_base_is_eight_hands():
    s = advance(MatchState(points=EVEN, label=3), result((31000, 23000, 23000, 23000)), HANCHAN)
    assert not s.ended and s.label == 4
    s = advance(MatchState(points=EVEN, label=7), result((31000, 23000, 23000, 23000)), HANCHAN)
    assert s.ended


def test_extension_when_nobody_reached_30000():
    s = advance(MatchState(points=EVEN, label=3), result((29000, 25000, 23000, 23000)), TONPUU)
    assert not s.ended and s.label == 4  # South 1
    s = advance(s, result((30000, 24000, 23000, 23000)), TONPUU)
    assert s.ended  # in extension settlement ends the match once first place has 30,000


def test_tonpuu_goes_no_further_than_south_4_and_hanchan_no_further_than_west_4():
    s = advance(MatchState(points=EVEN, label=7), result(EVEN), TONPUU)
    assert s.ended
    s = advance(MatchState(points=EVEN, label=10), result(EVEN), HANCHAN)
    assert not s.ended and s.label == 11
    assert advance(s, result(EVEN), HANCHAN).ended


def test_dealer_repeats_still_happen_at_the_last_label():
    s = advance(MatchState(points=EVEN, label=7), result(EVEN, dealer_continues=True), TONPUU)
    assert not s.ended and s.label == 7 and s.honba == 1


def test_leading_dealer_with_30000_stops_at_all_last():
    s = MatchState(points=EVEN, label=3)  # East 4: seat 3 deals
    s1 = advance(
        s,
        result((20000, 24000, 24000, 32000), reason="win", dealer_continues=True, winners=(3,)),
        TONPUU,
    )
    assert s1.ended
    s2 = advance(
        s,
        result((33000, 20000, 20000, 27000), reason="win", dealer_continues=True, winners=(3,)),
        TONPUU,
    )
    assert not s2.ended and s2.honba == 1  # the dealer is not leading: play continues


def test_bust_below_zero_ends_the_match():
    s = advance(MatchState(points=EVEN), result((-100, 40000, 30100, 30000)), HANCHAN)
    assert s.ended


def test_leftover_sticks_go_to_first_place():
    s = advance(
        MatchState(points=EVEN, label=3), result((31000, 22000, 22000, 23000), sticks=2), TONPUU
    )
    assert s.ended and s.final_points == (33000, 22000, 22000, 23000)


def test_ties_broken_by_starting_seat():
    assert ranking((25000, 25000, 30000, 20000)) == [2, 0, 1, 3]
    assert ranking((25000,) * 4) == [0, 1, 2, 3]


def _random_match(options, seed):
    rng = random.Random(seed)
    m = RiichiMatch(options, master_seed=seed)
    while not m.finished:
        t = m.table
        seat = t.waiting_for()[0]
        legal = t.legal_actions(seat)
        wins = [a for a in legal if isinstance(a, Ron | Tsumo)]
        m.act(seat, wins[0] if wins else rng.choice(legal))
        assert sum(m.state.points) + 1000 * m.state.sticks == 100000 or m.finished
    return m


def test_a_seeded_tonpuu_plays_to_the_end_and_replays():
    m = _random_match(TONPUU, 12345)
    assert sum(m.state.final_points) == 100000
    assert m.table.phase == Phase.ENDED
    again = replay_match(m.record())
    assert again.state == m.state


def test_ruleset_object_builds_a_seeded_match_and_checks_shapes():
    from openmahjong.fairness import shuffled_wall
    from openmahjong.rules.riichi.game.ruleset import RULESET
    from openmahjong.tiles import parse

    m = RULESET.new_match(None, 7, None, "majsoul-hanchan")
    assert m.table.initial_wall == tuple(shuffled_wall("riichi", 7, 1))
    assert RULESET.is_ready(parse("123456789m11p56s"))
    assert RULESET.is_winning_shape(parse("123456789m11p567s"))
    assert set(RULESET.presets) >= {"majsoul-tonpuu", "tenhou-hanchan"}


def test_second_hand_uses_round_index_2_for_its_wall():
    from openmahjong.fairness import shuffled_wall
    from openmahjong.table import AbortiveDraw

    m = RiichiMatch(TONPUU, master_seed=99)
    # End hand 1 at once if the dealer may abort, else play it out with default actions.
    while m.state.round_index == 1:
        t = m.table
        seat = t.waiting_for()[0]
        legal = t.legal_actions(seat)
        abort = [a for a in legal if isinstance(a, AbortiveDraw)]
        m.act(seat, abort[0] if abort else t.default_action(seat))
    assert m.table.initial_wall == tuple(shuffled_wall("riichi", 99, 2))


def test_hand_digests_are_the_same_whenever_they_are_read():
    """Digests are worked out when first read: reading them after every hand, or only once at
    the end, gives each hand's digest of its own slice of the record's actions."""
    from openmahjong.table.match import actions_digest

    early = _random_match(TONPUU, 4242)
    seen = []
    late = RiichiMatch(TONPUU, 4242)
    rng = random.Random(4242)
    while not late.finished:  # the same choices as _random_match
        t = late.table
        seat = t.waiting_for()[0]
        legal = t.legal_actions(seat)
        wins = [a for a in legal if isinstance(a, Ron | Tsumo)]
        hands = len(late.hands)
        late.act(seat, wins[0] if wins else rng.choice(legal))
        if len(late.hands) != hands:
            seen.append(late.digests[-1])  # read as each hand ends
    record = early.record()
    assert late.digests == seen == record["digests"]
    start = 0
    for summary, digest in zip(record["hands"], record["digests"], strict=True):
        end = start + summary["actions"]
        assert actions_digest(record["actions"][start:end]) == digest
        start = end
    assert start == len(record["actions"]) and len(seen) == len(record["hands"]) > 1


def test_hands_of_one_table_setting_share_one_scorer_rules_object():
    # The scorer remembers per rules object; a copy per hand would start it cold every hand.
    from openmahjong.rules.riichi.game.round import RiichiPolicy

    def rules_of(options):
        return RiichiPolicy(
            options, round_wind=41, hand_number=1, honba=0, sticks=0, points=EVEN
        ).rules

    assert rules_of(HANCHAN) is rules_of(preset("majsoul-hanchan"))
    no_reds = HANCHAN.model_copy(update={"red_fives": False})
    assert rules_of(no_reds).red_fives == 0 and rules_of(HANCHAN).red_fives == 3
    assert rules_of(preset("tenhou-hanchan")).double_yakuman is False
