"""Quiz rounds and matches as plain state (platform guide §7.2, §7.6): no clock, no I/O.

A :class:`Round` hides one pattern drawn from its pool with a seeded RNG; the drawn value is
the pattern's primary one (§7.4.4). Each player guesses by pattern id and is answered with
the field hints of :func:`openmahjong.quiz.hints.compare`. The round ends when a player solves
it (that player wins it), when every player has used all their guesses, or when its time is
up (nobody wins it). Every method that depends on time takes ``now`` (seconds on the server's
clock), so the server drives time and a test passes the readings it likes.

A :class:`Match` is best of 5 between two players: rounds follow one another until one player
has won more rounds than the other could still catch up with, or five rounds have been played.
Level after five is a drawn match. Solo training is a single round with one player.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from openmahjong.quiz.catalogue import POOLS, Pattern, get, patterns
from openmahjong.quiz.hints import FieldHint, compare

__all__ = [
    "BREAK_SECONDS",
    "GUESS_CHOICES",
    "RANKED",
    "ROUNDS",
    "SECONDS_CHOICES",
    "Match",
    "QuizError",
    "Round",
    "RoundSettings",
]

#: What solo training and private rooms may choose (§7.6).
GUESS_CHOICES = (6, 8, 10, 12)
SECONDS_CHOICES = (40, 60, 80, 100)
#: Rounds in a match at most (best of 5), and the pause before the next one.
ROUNDS = 5
BREAK_SECONDS = 6.0


class QuizError(Exception):
    """A refused request: nothing changed. ``code`` is stable for clients; ``params`` the
    values the message names."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params


@dataclass(frozen=True)
class RoundSettings:
    pool: str = "mcr+riichi"
    guesses: int = 8
    seconds: int = 60
    related_hints: bool = True

    def __post_init__(self) -> None:
        if self.pool not in POOLS:
            raise QuizError("unknown_pool", f"no quiz pool {self.pool!r}", expected=list(POOLS))
        if self.guesses not in GUESS_CHOICES:
            raise QuizError(
                "bad_guesses", f"guesses are one of {GUESS_CHOICES}", expected=list(GUESS_CHOICES)
            )
        if self.seconds not in SECONDS_CHOICES:
            raise QuizError(
                "bad_seconds",
                f"the time limit is one of {SECONDS_CHOICES} seconds",
                expected=list(SECONDS_CHOICES),
            )

    def as_dict(self) -> dict[str, Any]:
        return {
            "pool": self.pool,
            "guesses": self.guesses,
            "seconds": self.seconds,
            "related_hints": self.related_hints,
        }


def ranked(pool: str) -> RoundSettings:
    """Matchmaking's fixed rules (§7.2): 60 s, 8 guesses, related hints on."""
    return RoundSettings(pool=pool, guesses=8, seconds=60, related_hints=True)


RANKED = ranked("mcr+riichi")


def draw(pool: str, rng: random.Random) -> Pattern:
    """The hidden pattern: one of the pool's standard patterns (the Melee Room's local yaku
    may be guessed but are never drawn)."""
    return rng.choice(patterns(pool, local=False))


@dataclass
class Guess:
    pattern: Pattern
    hints: tuple[FieldHint, ...]
    at: float

    def as_dict(self) -> dict[str, Any]:
        return {
            "pattern": self.pattern.id,
            "solved": self.hints[0].colour == "green",  # the name field: green only for the answer
            "hints": [{"field": h.field, "colour": h.colour, "arrow": h.arrow} for h in self.hints],
        }


@dataclass
class Round:
    settings: RoundSettings
    players: tuple[int, ...]
    answer: Pattern
    started_at: float
    guesses: dict[int, list[Guess]] = field(default_factory=dict)
    winner: int | None = None
    #: None while it runs; then "solved", "guesses" (every player used theirs) or "time".
    end_reason: str | None = None
    ended_at: float | None = None

    @classmethod
    def start(
        cls, settings: RoundSettings, players: tuple[int, ...], rng: random.Random, now: float
    ) -> Round:
        return cls(settings, players, draw(settings.pool, rng), now, {p: [] for p in players})

    @property
    def value(self) -> int | str:
        """The drawn value: always the answer's primary one (§7.4.4)."""
        return self.answer.value

    @property
    def deadline(self) -> float:
        return self.started_at + self.settings.seconds

    @property
    def over(self) -> bool:
        return self.end_reason is not None

    def left(self, player: int) -> int:
        return self.settings.guesses - len(self.guesses[player])

    def guess(self, player: int, pattern_id: str, now: float) -> Guess:
        """Answer one guess; raises :class:`QuizError` (and changes nothing) for a guess out of
        turn, after the end, past the time, over the limit, repeated, or outside the pool."""
        if player not in self.guesses:
            raise QuizError("not_playing", "you are not playing this round")
        if not self.over and now >= self.deadline:
            self.expire(now)
        if self.over:
            raise QuizError("round_over", "this round is over", reason=self.end_reason)
        if self.left(player) <= 0:
            raise QuizError("no_guesses_left", "you have used all your guesses: wait for the end")
        try:
            pattern = get(pattern_id)
        except KeyError:
            raise QuizError("unknown_pattern", f"no pattern {pattern_id!r}") from None
        if pattern not in patterns(self.settings.pool):
            raise QuizError(
                "not_in_pool",
                f"{pattern_id} is not in the {self.settings.pool} pool",
                pool=self.settings.pool,
            )
        if any(g.pattern.id == pattern_id for g in self.guesses[player]):
            raise QuizError("already_guessed", f"you guessed {pattern_id} already")
        hints = compare(
            pattern,
            self.answer,
            related_hints=self.settings.related_hints,
            answer_value=self.value,
        )
        made = Guess(pattern, hints, now)
        self.guesses[player].append(made)
        if pattern.id == self.answer.id:
            self._end("solved", now, winner=player)
        elif all(self.left(p) <= 0 for p in self.players):
            self._end("guesses", now)
        return made

    def expire(self, now: float) -> bool:
        """End the round if its time is up; whether it ended now."""
        if self.over or now < self.deadline:
            return False
        self._end("time", self.deadline)
        return True

    def _end(self, reason: str, now: float, winner: int | None = None) -> None:
        self.end_reason, self.ended_at, self.winner = reason, now, winner

    def state(self, player: int | None, now: float) -> dict[str, Any]:
        """The round as ``player`` may see it: their own guesses with hints, the other's count
        while it runs; every guess and the answer once it is over."""
        reveal = self.over
        out: dict[str, Any] = {
            "settings": self.settings.as_dict(),
            "over": reveal,
            "end_reason": self.end_reason,
            "winner": self.winner,
            "seconds_left": 0.0 if reveal else max(0.0, round(self.deadline - now, 1)),
            "players": [],
        }
        for p in self.players:
            mine = reveal or p == player
            out["players"].append(
                {
                    "id": p,
                    "used": len(self.guesses[p]),
                    "left": self.left(p),
                    "guesses": [g.as_dict() for g in self.guesses[p]] if mine else None,
                }
            )
        out["answer"] = {**self.answer.as_dict(), "value": self.value} if reveal else None
        return out


@dataclass
class Match:
    """Best of 5 between two players; ``seed`` makes its answers reproducible."""

    settings: RoundSettings
    players: tuple[int, int]
    seed: int
    rounds: list[Round] = field(default_factory=list)

    def __post_init__(self) -> None:
        if len(set(self.players)) != 2:
            raise QuizError("bad_players", "a match is between two different players")
        self._rng = random.Random(self.seed)

    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    def wins(self, player: int) -> int:
        return sum(1 for r in self.rounds if r.winner == player)

    @property
    def over(self) -> bool:
        if self.current is None or not self.current.over:
            return False
        a, b = (self.wins(p) for p in self.players)
        remaining = ROUNDS - len(self.rounds)
        return len(self.rounds) >= ROUNDS or abs(a - b) > remaining

    def next_round(self, now: float) -> Round:
        if self.current is not None and not self.current.over:
            raise QuizError("round_running", "the current round has not ended")
        if self.over:
            raise QuizError("match_over", "the match is over")
        made = Round.start(self.settings, self.players, self._rng, now)
        self.rounds.append(made)
        return made

    def result(self, player: int) -> float | None:
        """1 won, 0.5 drawn, 0 lost; None while the match runs."""
        if not self.over:
            return None
        mine = self.wins(player)
        theirs = self.wins(next(p for p in self.players if p != player))
        return 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5

    @property
    def winner(self) -> int | None:
        if not self.over:
            return None
        return next((p for p in self.players if self.result(p) == 1.0), None)

    def state(self, player: int | None, now: float) -> dict[str, Any]:
        return {
            "settings": self.settings.as_dict(),
            "players": list(self.players),
            "score": [self.wins(p) for p in self.players],
            "round": len(self.rounds),
            "rounds": ROUNDS,
            "over": self.over,
            "winner": self.winner,
            "round_state": self.current.state(player, now) if self.current else None,
            "history": [
                {
                    "winner": r.winner,
                    "end_reason": r.end_reason,
                    "answer": r.answer.id,
                }
                for r in self.rounds
                if r.over
            ],
        }
