"""Quiz rounds and best-of-5 matches as plain state, with the clock's readings passed in."""

from __future__ import annotations

import random

import pytest

from openmahjong.quiz.catalogue import patterns
from openmahjong.quiz.game import Match, QuizError, Round, RoundSettings, draw, ranked

A, B = 11, 22
T0 = 1000.0


def wrong_guesses(answer_id: str, pool: str, n: int) -> list[str]:
    return [p.id for p in patterns(pool) if p.id != answer_id][:n]


def test_the_draw_is_seeded_and_uses_the_primary_value():
    one = [draw("riichi", random.Random(7)).id for _ in range(1)]
    again = [draw("riichi", random.Random(7)).id for _ in range(1)]
    assert one == again
    r = Round.start(ranked("riichi"), (A,), random.Random(3), T0)
    assert r.answer.ruleset == "riichi" and not r.answer.local
    assert r.value == r.answer.values[0]


def test_a_round_is_solved_by_the_first_right_guess():
    r = Round.start(ranked("mcr+riichi"), (A, B), random.Random(1), T0)
    wrong = wrong_guesses(r.answer.id, "mcr+riichi", 1)[0]
    g = r.guess(A, wrong, T0 + 1)
    assert [h.field for h in g.hints] == ["name", "ruleset", "category", "value", "groups"]
    assert g.hints[0].colour != "green" and not r.over
    r.guess(B, r.answer.id, T0 + 2)
    assert (r.over, r.end_reason, r.winner) == (True, "solved", B)
    with pytest.raises(QuizError) as refused:
        r.guess(A, r.answer.id, T0 + 3)
    assert refused.value.code == "round_over"


def test_the_other_players_guesses_stay_hidden_until_the_end():
    r = Round.start(ranked("riichi"), (A, B), random.Random(2), T0)
    r.guess(A, wrong_guesses(r.answer.id, "riichi", 1)[0], T0 + 1)
    seen_by_b = r.state(B, T0 + 1)
    assert seen_by_b["answer"] is None
    assert seen_by_b["players"][0]["guesses"] is None and seen_by_b["players"][0]["used"] == 1
    assert seen_by_b["seconds_left"] == 59.0
    r.guess(B, r.answer.id, T0 + 5)
    after = r.state(B, T0 + 5)
    assert after["answer"]["id"] == r.answer.id and after["answer"]["value"] == r.value
    assert len(after["players"][0]["guesses"]) == 1 and after["players"][1]["guesses"][0]["solved"]


def test_the_round_ends_when_every_player_has_used_their_guesses():
    settings = RoundSettings(pool="riichi", guesses=6, seconds=40, related_hints=False)
    r = Round.start(settings, (A, B), random.Random(4), T0)
    wrong = wrong_guesses(r.answer.id, "riichi", 6)
    for i, pid in enumerate(wrong):
        r.guess(A, pid, T0 + i)
    assert r.left(A) == 0 and not r.over  # B still guesses
    with pytest.raises(QuizError) as refused:
        r.guess(A, r.answer.id, T0 + 7)
    assert refused.value.code == "no_guesses_left" and r.left(A) == 0
    for i, pid in enumerate(wrong):
        r.guess(B, pid, T0 + 10 + i)
    assert (r.end_reason, r.winner) == ("guesses", None)


def test_related_hints_off_turns_yellow_grey():
    on = Round.start(RoundSettings(pool="mcr+riichi"), (A,), random.Random(0), T0)
    on.answer = next(p for p in patterns("mcr+riichi") if p.id == "riichi:ittsu")
    off = Round(RoundSettings(pool="mcr+riichi", related_hints=False), (A,), on.answer, T0, {A: []})
    yellow = on.guess(A, "mcr:pure_straight", T0 + 1).hints[0]
    grey = off.guess(A, "mcr:pure_straight", T0 + 1).hints[0]
    assert (yellow.colour, grey.colour) == ("yellow", "grey")


def test_time_expires_on_the_clock_reading():
    r = Round.start(ranked("riichi"), (A, B), random.Random(5), T0)
    assert not r.expire(T0 + 59.99)
    with pytest.raises(QuizError) as late:
        r.guess(A, r.answer.id, T0 + 60)  # a guess at the deadline is too late
    assert late.value.code == "round_over"
    assert (r.end_reason, r.winner, r.ended_at) == ("time", None, T0 + 60)


@pytest.mark.parametrize(
    ("pattern", "code"),
    [("riichi:nope", "unknown_pattern"), ("mcr:pure_straight", "not_in_pool")],
)
def test_a_bad_guess_changes_nothing(pattern, code):
    r = Round.start(ranked("riichi"), (A, B), random.Random(6), T0)
    with pytest.raises(QuizError) as refused:
        r.guess(A, pattern, T0 + 1)
    assert refused.value.code == code and r.guesses[A] == [] and not r.over
    first = wrong_guesses(r.answer.id, "riichi", 1)[0]
    r.guess(A, first, T0 + 2)
    with pytest.raises(QuizError) as again:
        r.guess(A, first, T0 + 3)
    assert again.value.code == "already_guessed" and len(r.guesses[A]) == 1
    with pytest.raises(QuizError) as stranger:
        r.guess(99, first, T0 + 3)
    assert stranger.value.code == "not_playing"


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"guesses": 7}, "bad_guesses"),
        ({"seconds": 30}, "bad_seconds"),
        ({"pool": "mcr"}, "unknown_pool"),
    ],
)
def test_room_settings_are_the_seeds_choices(kwargs, code):
    with pytest.raises(QuizError) as refused:
        RoundSettings(**kwargs)
    assert refused.value.code == code


def play_round(m: Match, winner: int | None, now: float) -> float:
    r = m.next_round(now)
    if winner is None:
        r.expire(now + 60)
        return now + 66
    r.guess(winner, r.answer.id, now + 3)
    return now + 9


def test_best_of_five_ends_once_a_player_cannot_be_caught():
    m = Match(ranked("mcr+riichi"), (A, B), seed=42)
    now = T0
    for w in (A, B, A):
        now = play_round(m, w, now)
        assert not m.over
    now = play_round(m, A, now)  # 3-1 with one round to go: decided
    assert m.over and m.winner == A and (m.result(A), m.result(B)) == (1.0, 0.0)
    assert m.state(A, now)["score"] == [3, 1]
    with pytest.raises(QuizError) as refused:
        m.next_round(now)
    assert refused.value.code == "match_over" and len(m.rounds) == 4


def test_three_straight_wins_end_the_match_after_three_rounds():
    m = Match(ranked("riichi"), (A, B), seed=1)
    now = T0
    for _ in range(3):
        now = play_round(m, B, now)
    assert m.over and m.winner == B and len(m.rounds) == 3


def test_level_after_five_rounds_is_a_draw():
    m = Match(ranked("riichi"), (A, B), seed=3)
    now = T0
    for w in (A, None, B, None, None):
        now = play_round(m, w, now)
    assert m.over and m.winner is None and m.result(A) == m.result(B) == 0.5


def test_the_same_seed_draws_the_same_answers():
    def answers(seed: int) -> list[str]:
        m = Match(ranked("mcr+riichi"), (A, B), seed=seed)
        now = T0
        for _ in range(3):
            now = play_round(m, A, now)
        return [r.answer.id for r in m.rounds]

    assert answers(9) == answers(9)
    assert answers(9) != answers(10) or answers(9) != answers(11)


def test_a_round_cannot_start_while_one_runs():
    m = Match(ranked("riichi"), (A, B), seed=3)
    m.next_round(T0)
    with pytest.raises(QuizError) as refused:
        m.next_round(T0 + 1)
    assert refused.value.code == "round_running"
