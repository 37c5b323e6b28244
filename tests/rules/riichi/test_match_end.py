"""When a Riichi match ends (profile, "Match end"; docs/riichi-game.md, "Match end").

- In extension (past the base all-last), settlement ends the match as soon as first place has
  30,000, on a dealer continuation too (a dealer's tenpai, a dealer's win, a multi-ron that
  includes the dealer).
- At the base all-last, a dealer continuation ends it only when the dealer leads with 30,000.
- An abortive draw at all-last with the dealer leading: the profile's presets (Mahjong Soul) end
  (an abortive draw keeps the dealer: a dealer continuation); the Tenhou presets play on (Tenhou
  stops only on the dealer's win or tenpai, "agari-yame" and "tenpai-yame").

Pinned twice: on the pure transition ``advance`` and on whole hands played on rigged walls.
"""

from __future__ import annotations

from openmahjong import tiles
from openmahjong.fairness import shuffled_wall
from openmahjong.rules.riichi.game import (
    GameOptions,
    HandResult,
    MatchState,
    RiichiMatch,
    WinResult,
    advance,
    preset,
)
from openmahjong.rules.riichi.scoring import score_win
from openmahjong.table import PASS, Discard, Phase, Ron, rigged_wall
from tests.rules.riichi_game.helpers import play_out

MAJSOUL_TONPUU = preset("majsoul-tonpuu")
MAJSOUL_HANCHAN = preset("majsoul-hanchan")
TENHOU_TONPUU = preset("tenhou-tonpuu")
TENHOU_HANCHAN = preset("tenhou-hanchan")
ALL = (MAJSOUL_TONPUU, MAJSOUL_HANCHAN, TENHOU_TONPUU, TENHOU_HANCHAN)

A_WIN = score_win(tiles.parse("123456789m123p55s"), tiles.parse("5s")[0], tsumo=True, riichi=True)

SOUTH_2 = 5  # tonpuu extension: seat 1 deals
EAST_4 = 3  # tonpuu base all-last: seat 3 deals
SOUTH_4 = 7  # hanchan base all-last: seat 3 deals
WEST_1 = 8  # hanchan extension: seat 0 deals


def result(points, reason, *, dealer_continues=True, winners=(), sticks=0) -> HandResult:
    wins = tuple(WinResult(seat=w, from_seat=2, tile=11, win=A_WIN) for w in winners)
    return HandResult(
        reason=reason,
        deltas=(0, 0, 0, 0),
        points=tuple(points),
        sticks=sticks,
        dealer_continues=dealer_continues,
        wins=wins,
    )


# ---------------------------------------------------------------- the transition, extension


def test_dealer_tenpai_in_extension_ends_when_a_non_dealer_has_30000():
    # The case: tonpuu South 2, the dealer (seat 1) tenpai, seat 0 at 31,000.
    for options in (MAJSOUL_TONPUU, TENHOU_TONPUU):
        s = MatchState(points=(29500, 27000, 23500, 20000), label=SOUTH_2, honba=2)
        after = advance(s, result((31000, 28500, 22000, 18500), "exhaustive"), options)
        assert after.ended, options.name
        assert after.final_points == (31000, 28500, 22000, 18500)


def test_dealer_win_in_extension_ends_when_first_place_has_30000():
    for options in (MAJSOUL_HANCHAN, TENHOU_HANCHAN):
        s = MatchState(points=(29000, 26000, 25000, 20000), label=WEST_1)
        # The dealer (seat 0) wins and leads: ends (as before).
        assert advance(s, result((32900, 26000, 21100, 20000), "win", winners=(0,)), options).ended
        # The dealer wins from seat 2 while seat 1 is ahead with 30,000: ends too.
        s = MatchState(points=(25000, 29000, 26000, 20000), label=WEST_1)
        after = advance(s, result((29000, 30000, 21000, 20000), "win", winners=(0,)), options)
        assert after.ended and after.final_points[1] == 30000


def test_multi_ron_with_the_dealer_in_extension_ends_at_30000():
    s = MatchState(points=(26000, 29000, 25000, 20000), label=SOUTH_2)  # seat 1 deals
    two = result((29900, 31000, 19100, 20000), "win", winners=(0, 1))
    for options in (MAJSOUL_TONPUU, TENHOU_TONPUU):
        assert advance(s, two, options).ended


def test_dealer_continuation_in_extension_without_30000_plays_on():
    s = MatchState(points=(29500, 27000, 23500, 20000), label=SOUTH_2, honba=2)
    after = advance(s, result((29000, 29500, 23000, 18500), "exhaustive"), MAJSOUL_TONPUU)
    assert not after.ended
    assert (after.label, after.honba, after.round_index) == (SOUTH_2, 3, 2)


# ---------------------------------------------------------------- the base all-last


def test_base_all_last_dealer_continuation_needs_the_dealer_leading():
    s = MatchState(points=(30000, 25000, 20000, 25000), label=EAST_4)  # seat 3 deals
    for options in (MAJSOUL_TONPUU, TENHOU_TONPUU):
        # A non-dealer leads with 31,000; the dealer is tenpai: the dealer plays on.
        after = advance(s, result((31500, 23500, 18500, 26500), "exhaustive"), options)
        assert not after.ended and after.label == EAST_4 and after.honba == 1
        # The dealer leads with 30,000 after a win: the dealer stops.
        assert advance(s, result((28000, 25000, 16000, 31000), "win", winners=(3,)), options).ended


def test_multi_ron_with_the_dealer_keeps_the_dealer_continuation_at_base_all_last():
    # Seat 2 deals in to the dealer (seat 3) and seat 0; seat 0 leads with 30,000: a dealer
    # continuation (the dealer keeps the deal), so play goes on rather than ending.
    s = MatchState(points=(26000, 25000, 25000, 24000), label=SOUTH_4)
    two = result((30000, 25000, 17100, 27900), "win", winners=(0, 3))
    after = advance(s, two, MAJSOUL_HANCHAN)
    assert not after.ended and (after.label, after.honba) == (SOUTH_4, 1)


# ---------------------------------------------------------------- abortive draw at all-last


def test_abortive_draw_at_all_last_with_the_dealer_leading():
    s = MatchState(points=(22000, 23000, 20000, 35000), label=EAST_4)  # seat 3 deals and leads
    for reason in ("nine_terminals", "four_winds", "four_riichi", "four_kans", "triple_ron"):
        aborted = result((22000, 23000, 20000, 35000), reason)
        assert advance(s, aborted, MAJSOUL_TONPUU).ended, reason
        after = advance(s, aborted, TENHOU_TONPUU)
        assert not after.ended, reason
        assert (after.label, after.honba) == (EAST_4, 1)
    # Tenhou still stops on the dealer's tenpai and on the dealer's win.
    tenpai = result((21000, 22000, 19000, 38000), "exhaustive")
    assert advance(s, tenpai, TENHOU_TONPUU).ended
    won = result((22000, 23000, 18000, 37000), "win", winners=(3,))
    assert advance(s, won, TENHOU_TONPUU).ended


def test_the_abort_stop_is_a_table_option():
    assert MAJSOUL_TONPUU.all_last_abort_stops and MAJSOUL_HANCHAN.all_last_abort_stops
    assert not TENHOU_TONPUU.all_last_abort_stops and not TENHOU_HANCHAN.all_last_abort_stops
    assert GameOptions().all_last_abort_stops  # records written before the option: as before


# ---------------------------------------------------------------- whole hands, rigged walls


def match_from(options: GameOptions, state: MatchState, first_wall: list[int]) -> RiichiMatch:
    """A match that starts at ``state`` (a later hand) and deals ``first_wall`` first."""

    class Scripted(RiichiMatch):
        def _initial_state(self) -> MatchState:
            return state

    def walls(hand_number: int) -> list[int]:
        if hand_number == state.round_index:
            return first_wall
        return shuffled_wall("riichi", 7, hand_number)

    return Scripted(options, walls=walls)


def test_scripted_tonpuu_south_2_dealer_tenpai_ends_the_match():
    # Seat 0 (shanpon 1p/2s) and the dealer, seat 1 (9s wait), stay tenpai to the wall's end;
    # everyone discards what they draw. 3,000 noten payments put seat 0 on 31,000.
    hands = ["123m456m789m11p22s", "234p567p345s678s9s5z", "147m258p369s1357z", "258m147p147s2467z"]
    wall = rigged_wall(hands, dealer=1)
    for options in (MAJSOUL_TONPUU, TENHOU_TONPUU):
        start = MatchState(points=(29500, 27000, 23500, 20000), label=SOUTH_2, honba=1)
        match = match_from(options, start, wall)
        assert match.table.dealer == 1
        play_match_hand(match)
        (hand,) = match.results
        assert hand.reason == "exhaustive" and hand.tenpai == (True, True, False, False)
        assert hand.dealer_continues
        assert match.finished, options.name
        record = match.record()
        assert record["result"]["final_points"] == [31000, 28500, 22000, 18500]
        assert record["result"]["ranking"] == [0, 1, 2, 3]


def test_scripted_all_last_four_winds_with_the_dealer_leading():
    # East 4 of a tonpuu, seat 3 deals with 34,000: the four seats' first discards are East.
    wall = rigged_wall(["1z", "1z", "1z", "1z"], dealer=3)
    ended = {}
    for options in (MAJSOUL_TONPUU, TENHOU_TONPUU):
        start = MatchState(points=(22000, 24000, 20000, 34000), label=EAST_4, honba=0)
        match = match_from(options, start, wall)
        for seat in (3, 0, 1, 2):
            assert match.table.turn == seat
            match.act(seat, Discard(tiles.parse("1z")[0]))
            pass_match(match)
        (hand,) = match.results
        assert hand.reason == "four_winds"
        ended[options.name] = match.finished
        if not match.finished:
            assert (match.state.label, match.state.honba) == (EAST_4, 1)
    assert ended == {"majsoul-tonpuu": True, "tenhou-tonpuu": False}


def pass_match(match: RiichiMatch) -> None:
    while not match.finished and match.table.phase == Phase.REACTION:
        for seat in match.table.waiting_for():
            match.act(seat, PASS)


def play_match_hand(match: RiichiMatch) -> None:
    """Play the current hand with ``play_out``'s choices, through the match (so it advances)."""
    hands = len(match.results)
    table = match.table
    proxy = _MatchTable(match)
    play_out(proxy)  # type: ignore[arg-type]
    assert len(match.results) == hands + 1 and table.phase == Phase.ENDED


class _MatchTable:
    """The table of the match's current hand, with actions routed through the match."""

    def __init__(self, match: RiichiMatch) -> None:
        self._match = match
        self._table = match.table

    def __getattr__(self, name: str):  # noqa: ANN204
        return getattr(self._table, name)

    def act(self, seat, action):  # noqa: ANN001, ANN201
        return self._match.act(seat, action)


def test_scripted_double_ron_with_the_dealer_in_extension_ends_at_30000():
    # Tonpuu South 2 (seat 1 deals). Seat 2's first discard, 5p, is won by seat 0 (tanyao,
    # kanchan: 1,300) and by the dealer (tanyao pinfu: 2,900): a dealer continuation; seat 0 now
    # leads with 30,300. In extension that ends the match.
    hands = ["234m567m678s55s46p", "345m678m234s88p34p1z", "5p", ""]
    wall = rigged_wall(hands, dealer=1)
    fivep = tiles.parse("5p")[0]
    for options in (MAJSOUL_TONPUU, TENHOU_TONPUU):
        start = MatchState(points=(29000, 26000, 25000, 20000), label=SOUTH_2)
        match = match_from(options, start, wall)
        match.act(1, Discard(tiles.parse("1z")[0]))
        pass_match(match)
        assert match.table.turn == 2
        match.act(2, Discard(fivep))
        while match.table.phase == Phase.REACTION and not match.results:
            for seat in match.table.waiting_for():
                rons = [a for a in match.table.legal_actions(seat) if isinstance(a, Ron)]
                match.act(seat, rons[0] if rons and seat in (0, 1) else PASS)
        (hand,) = match.results
        assert sorted(w.seat for w in hand.wins) == [0, 1] and hand.dealer_continues
        assert hand.points == (30300, 28900, 20800, 20000)
        assert match.finished, options.name
