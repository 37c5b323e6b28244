"""The Battle of Asura match (``advance`` with ``options.asura``): East only, no dealer repeat
and no honba, an abortive draw plays the hand again, a bust ends the match, first place at the
requirement ends it from East 4 on, the extension deals with sudden death; the preset."""

from __future__ import annotations

from openmahjong.rules.riichi.game import preset
from openmahjong.rules.riichi.game.match import MatchState, RiichiMatch, advance
from openmahjong.rules.riichi.game.round import HandResult

ASURA = preset("majsoul-asura")


def ended(reason: str, points: tuple[int, ...], *, sticks: int = 0, dealer_continues=False):
    deltas = tuple(p - 25000 for p in points)
    return HandResult(reason, deltas, points, sticks, dealer_continues)


def test_the_preset_is_east_only_from_25000_with_the_asura_switch() -> None:
    assert ASURA.asura and ASURA.length == 4
    assert ASURA.starting_points == 25000 and ASURA.first_place_requirement == 30000
    assert not preset("majsoul-tonpuu").asura


def test_the_dealer_never_repeats_and_honba_stays_zero() -> None:
    state = MatchState(points=(25000,) * 4)
    # The dealer ready at the exhaustive draw: the next hand anyway, honba 0.
    after = advance(state, ended("exhaustive", (26500, 24500, 24500, 24500)), ASURA)
    assert (after.label, after.honba, after.round_index) == (1, 0, 2)
    # Sticks left on the table carry over.
    after = advance(after, ended("exhaustive", (25000, 24000, 25000, 25000), sticks=1), ASURA)
    assert (after.label, after.honba, after.sticks) == (2, 0, 1)


def test_an_abortive_draw_plays_the_same_hand_again() -> None:
    state = MatchState(points=(25000,) * 4, label=2)
    after = advance(state, ended("nine_terminals", (25000,) * 4, dealer_continues=True), ASURA)
    assert (after.label, after.honba, after.round_index, after.ended) == (2, 0, 2, False)


def test_a_bust_ends_the_match_and_first_place_takes_the_sticks() -> None:
    state = MatchState(points=(25000,) * 4)
    after = advance(state, ended("win", (45000, 40000, 17000, -2000), sticks=1), ASURA)
    assert after.ended and after.final_points == (46000, 40000, 17000, -2000)


def test_east_4_ends_with_the_requirement_else_the_extension_deals() -> None:
    state = MatchState(points=(25000,) * 4, label=3)
    done = advance(state, ended("win", (31000, 25000, 22000, 22000)), ASURA)
    assert done.ended
    more = advance(state, ended("win", (29000, 25000, 23000, 23000)), ASURA)
    assert not more.ended and more.label == 4
    # South 4 is the last possible hand.
    last = advance(
        MatchState(points=(25000,) * 4, label=7), ended("exhaustive", (25000,) * 4), ASURA
    )
    assert last.ended


def test_the_match_deals_sudden_death_only_in_the_extension() -> None:
    match = RiichiMatch(ASURA, 12345)
    assert match.table.policy.sudden_death is None
    assert match.table.policy.direction == match.direction(1)
    match.state = MatchState(points=(25000,) * 4, label=4, round_index=6)
    table = match._deal()
    assert table.policy.sudden_death == 30000 and table.policy.state.round_wind == 42
