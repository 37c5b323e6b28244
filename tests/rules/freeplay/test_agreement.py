"""A declared result is a proposal the other seats answer (``options.agreement``): it holds
the table until every seat agrees, one refusal withdraws it, a timeout agrees, bots agree;
and without ``agreement`` the declaring seat ends the hand alone."""

from __future__ import annotations

import json

import pytest

from openmahjong.rules.freeplay.actions import (
    FreeAgree,
    FreeDeal,
    FreeDiscard,
    FreeDraw,
    FreeEndHand,
    FreePass,
)
from openmahjong.rules.freeplay.bot import FreeplayBot
from openmahjong.rules.freeplay.events import FreeplayWon, FreeState
from openmahjong.rules.freeplay.ruleset import RULESET
from openmahjong.table.errors import IllegalAction
from openmahjong.table.events import HandEnded
from openmahjong.table.kernel import Phase
from openmahjong.tiles import parse
from tests.rules.freeplay.helpers import rigged, state

HANDS = [
    "123456789m1234p",
    "567899p12345s11z",
    "6789s222333444z",
    "555666z1115559m",
]
WIN = FreeEndHand(winner=0, deltas=(30, -10, -10, -10))


@pytest.fixture
def table():
    t = rigged(HANDS, "4p7z8p")
    t.act(0, FreeDeal())
    t.act(0, FreeDraw())
    return t


def test_a_declared_win_waits_for_every_seat_then_ends_the_hand(table):
    events = table.act(2, WIN)
    assert table.phase == Phase.SPECIAL and table.result is None
    shown = [e for e in events if isinstance(e, FreeState)][-1].table["proposal"]
    assert shown == {
        "seat": 2,
        "winner": 0,
        "from_seat": None,
        "deltas": [30, -10, -10, -10],
        "last": False,
        "agreed": [2],
    }
    table.act(0, FreeAgree())
    table.act(3, FreeAgree())
    assert table.table_public()["proposal"]["agreed"] == [0, 2, 3]
    assert table.points == (0, 0, 0, 0)
    events = table.act(1, FreeAgree())
    won = next(e for e in events if isinstance(e, FreeplayWon))
    assert won.seat == 0 and won.tile == parse("4p")[0] and won.total == 30
    ended = next(e for e in events if isinstance(e, HandEnded))
    assert ended.points == (30, -10, -10, -10)
    assert table.phase == Phase.ENDED and table.result is not None
    assert table.result.winner == 0 and table.points == (30, -10, -10, -10)


def test_while_a_result_is_proposed_nothing_else_moves(table):
    table.act(1, WIN)
    before = state(table)
    for seat, action in (
        (0, FreeDiscard(tile=parse("4p")[0])),
        (3, FreeDraw()),
        (0, FreePass()),
        (3, FreeEndHand(winner=None, deltas=(0,) * 4)),
    ):
        with pytest.raises(IllegalAction, match="seat 1 proposed a result: agree to it or"):
            table.act(seat, action)
    with pytest.raises(IllegalAction, match="you agreed already"):
        table.act(1, FreeAgree())
    with pytest.raises(IllegalAction, match="agree is true or false"):
        table.act(2, FreeAgree(agree="yes"))  # type: ignore[arg-type]
    assert state(table) == before


def test_an_answer_with_nothing_proposed_is_refused(table):
    before = state(table)
    with pytest.raises(IllegalAction, match="no result is proposed"):
        table.act(2, FreeAgree())
    assert state(table) == before


def test_one_refusal_withdraws_the_proposal_and_play_goes_on(table):
    table.act(2, WIN)
    table.act(0, FreeAgree())
    table.act(3, FreeAgree(agree=False))
    assert table.proposal is None and table.agreed == set()
    assert table.table_public()["proposal"] is None and table.phase == Phase.SPECIAL
    table.act(0, FreeDiscard(tile=parse("4p")[0]))  # the hand goes on where it was
    assert table.turn == 1 and table.points == (0, 0, 0, 0)


def test_a_seat_that_agreed_may_still_refuse_and_the_proposer_may_withdraw(table):
    table.act(2, WIN)
    table.act(0, FreeAgree())
    table.act(0, FreeAgree(agree=False))
    assert table.proposal is None
    table.act(2, WIN)
    table.act(2, FreeAgree(agree=False))
    assert table.proposal is None and table.result is None


def test_the_seats_yet_to_agree_must_answer_with_a_clock_and_a_timeout_agrees(table):
    assert table.optional_seats() == {1, 2, 3}
    rules = dict(table.rules)
    table.act(2, WIN)
    # everyone but the proposer must answer now, each asked anew (a full clock)
    assert table.optional_seats() == {2}
    assert all(table.rules[s] is not rules[s] for s in range(4))
    assert table.default_action(1) == FreeAgree()
    rules = dict(table.rules)
    table.timeout(1)
    assert table.optional_seats() == {1, 2}
    assert table.rules[1] is not rules[1]  # its clock stops; the others' prompts stand
    assert all(table.rules[s] is rules[s] for s in (0, 2, 3))
    table.timeout(3)
    table.timeout(0)
    assert table.phase == Phase.ENDED and table.result is not None
    assert table.result.deltas == WIN.deltas
    assert [s for s, _ in table.log[-3:]] == [1, 3, 0]
    assert {len(table.log) - k for k in (1, 2, 3)} <= table.timeouts


def test_a_refusal_gives_the_prompts_back_as_they_were(table):
    table.act(2, WIN)
    table.act(1, FreeAgree(agree=False))
    assert table.optional_seats() == {1, 2, 3} and table.default_action(0) == FreePass()


def test_without_agreement_the_declaring_seat_ends_the_hand_alone():
    t = rigged(HANDS, "4p7z8p", agreement=False)
    t.act(0, FreeDeal())
    events = t.act(3, FreeEndHand(winner=None, deltas=(5, 0, 0, 0), last=True))
    assert any(isinstance(e, HandEnded) for e in events)
    assert t.phase == Phase.ENDED and t.points == (5, 0, 0, 0)
    assert t.table_public()["agreement"] is False


def test_a_bot_agrees_to_a_proposed_result_and_otherwise_waits_its_turn(table):
    table.act(2, WIN)
    bot = FreeplayBot(seed=3)
    assert bot.act(table.view(1)) == FreeAgree()
    assert bot.act(table.view(2)) == FreePass()  # it agreed (it proposed)


def test_bots_play_whole_games_through_their_own_proposals():
    bots = [FreeplayBot(seed=s) for s in range(4)]
    match = RULESET.new_match(["a", "b", "c", "d"], 0xF4EE, "salt", "freeplay")
    while not match.finished:
        table = match.free_table
        seat = next(s for s in table.waiting_for() if s not in table.optional_seats())
        match.act(seat, bots[seat].act(table.view(seat, events=False)))
    record = json.loads(json.dumps(match.record(reveal=True)))
    moves = [entry[2]["type"] for entry in record["actions"]]
    assert moves.count("free_end") == 4 and moves.count("free_agree") == 12
    again = RULESET.replay(record)
    assert again.record(reveal=True)["hands"] == record["hands"]
