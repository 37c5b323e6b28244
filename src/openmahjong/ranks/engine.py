"""One counted game applied to the players' ranks and ratings: the same pure step serves the
incremental update when a game ends (``record_game``) and the rebuild from every stored record
(``rebuild``), so the two cannot drift apart.

What counts: a game that ``Game.counts_for_stats`` (finished, no supplied seed, not casual) of
a ruleset with a ladder, four seats placed 1-4. Every such game updates the Weng-Lin rating of
its people (bot seats take part with the default prior and are not stored); only a game from a
ranked matchmaking line (``Game.tier``) moves ranks.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from openskill.models import PlackettLuce

from openmahjong.ranks.ladder import Standing, Tier, ladder_for, length_of

__all__ = [
    "GameSeatView",
    "GameView",
    "PlayerState",
    "SeatOutcome",
    "apply_game",
    "counted",
    "default_state",
    "model",
]

_MODEL = PlackettLuce()


def model() -> PlackettLuce:
    return _MODEL


@dataclass
class PlayerState:
    """A player's standing on one ruleset's ladder and their skill there."""

    standing: Standing
    mu: float
    sigma: float
    games: int = 0
    ranked_games: int = 0

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


def default_state(ruleset: str) -> PlayerState:
    prior = _MODEL.rating()
    return PlayerState(ladder_for(ruleset).first(), float(prior.mu), float(prior.sigma))


@dataclass(frozen=True)
class GameSeatView:
    seat: int
    user_id: int | None
    is_bot: bool
    score: int
    placement: int


@dataclass(frozen=True)
class GameView:
    """What the rank step needs of a stored game."""

    id: int
    ruleset: str
    preset: str | None
    tier: str | None
    finished_at: datetime
    options: dict[str, Any]
    seats: tuple[GameSeatView, ...]

    @property
    def people(self) -> list[GameSeatView]:
        return [s for s in self.seats if s.user_id is not None and not s.is_bot]


@dataclass(frozen=True)
class SeatOutcome:
    user_id: int
    placement: int
    rank_before: str
    rank_after: str
    points_after: int
    rank_delta: int
    mu_after: float
    sigma_after: float


def counted(ruleset: str, seats: list[GameSeatView]) -> bool:
    """Whether a finished, counting game of ``ruleset`` takes part in ranks and ratings."""
    try:
        ladder_for(ruleset)
    except ValueError:
        return False
    if len(seats) != 4 or sorted(s.placement for s in seats) != [1, 2, 3, 4]:
        return False
    return any(s.user_id is not None and not s.is_bot for s in seats)


def apply_game(game: GameView, states: dict[int, PlayerState]) -> list[SeatOutcome]:
    """Apply ``game`` to ``states`` (user id -> state, for this game's ruleset; missing players
    start at the default) in place; returns what it did to each person."""
    ladder = ladder_for(game.ruleset)
    people = {p.user_id: p for p in game.people if p.user_id is not None}
    for uid in people:
        states.setdefault(uid, default_state(game.ruleset))
    # Ratings: the four seats in placement order; a bot seat is a fresh default player.
    ordered = sorted(game.seats, key=lambda s: s.placement)
    teams = []
    for s in ordered:
        if s.user_id is not None and not s.is_bot:
            st = states[s.user_id]
            teams.append([_MODEL.rating(mu=st.mu, sigma=st.sigma)])
        else:
            teams.append([_MODEL.rating()])
    rated = _MODEL.rate(teams, ranks=[s.placement for s in ordered])
    new_skill = {
        s.user_id: (float(team[0].mu), float(team[0].sigma))
        for s, team in zip(ordered, rated, strict=True)
        if s.user_id is not None and not s.is_bot
    }
    tier = Tier(game.tier) if game.tier else None
    length = length_of(game.ruleset, game.options) if tier is not None else None
    start = int(game.options.get("starting_points", 0) or 0)
    top_group = ladder.steps[-1].group if ladder.top_deltas is not None else None
    all_top = (
        top_group is not None
        and len(people) == 4
        and all(ladder.step(states[uid].standing.step).group == top_group for uid in people)
    )
    outcomes: list[SeatOutcome] = []
    for person in sorted(game.people, key=lambda s: s.seat):
        pid = person.user_id
        assert pid is not None
        st = states[pid]
        before = ladder.key(st.standing)
        delta = 0
        if tier is not None and length is not None:
            delta = ladder.delta(
                st.standing, tier, length, person.placement, person.score, start, all_top=all_top
            )
            st.standing = ladder.apply(st.standing, delta)
            st.ranked_games += 1
        st.mu, st.sigma = new_skill[pid]
        st.games += 1
        outcomes.append(
            SeatOutcome(
                pid,
                person.placement,
                before,
                ladder.key(st.standing),
                st.standing.points,
                delta,
                st.mu,
                st.sigma,
            )
        )
    return outcomes
