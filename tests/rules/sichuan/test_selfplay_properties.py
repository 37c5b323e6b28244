"""Properties of self-play over many Sichuan hands (the Sichuan bot on every seat): points and
tiles are conserved, a seat that has won never acts again, nobody ends a hand holding a tile of
its void suit, and the records replay exactly. Then a measured claim: the bot beats a player
that picks any legal action at random.

The matches are played once (a module fixture) and each property reads what was observed.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest

from openmahjong.bots.selfplay import selfplay_seed
from openmahjong.bots.sichuan import SichuanBot
from openmahjong.rules.sichuan.game.actions import Exchange
from openmahjong.rules.sichuan.game.events import DrawRecheck, KanBonus, SichuanWon
from openmahjong.rules.sichuan.game.ruleset import RULESET
from openmahjong.table.events import HandEnded
from openmahjong.table.kernel import Phase
from openmahjong.tiles import SUITED, kind, suit

#: 500 matches of four hands: 2,000 hands, the issue's "thousands" (about 36 s of one core,
#: plain Python; set OPENMAHJONG_SICHUAN_MATCHES for a longer run).
MATCHES = int(os.environ.get("OPENMAHJONG_SICHUAN_MATCHES", "500"))
#: Every REPLAY_EVERY-th match is replayed from its record (all of them would double the time).
REPLAY_EVERY = 10
PLAYERS = ["bot-1", "bot-2", "bot-3", "bot-4"]
SUIT_LETTERS = "mps"
START = RULESET.options(RULESET.standard_preset).starting_points  # type: ignore[attr-defined]


@dataclass
class Observed:
    matches: int = 0
    hands: int = 0
    actions: int = 0
    wins: int = 0
    problems: list[str] = field(default_factory=list)
    records: list[dict[str, Any]] = field(default_factory=list)
    matches_kept: list[Any] = field(default_factory=list)
    endings: Counter[str] = field(default_factory=Counter)
    rechecks: int = 0


def _tiles_in_play(table: Any, ron_tiles: int) -> int:
    """Tiles accounted for: the wall, hands, melds, the discards nobody claimed, and one tile
    per discard (or robbed kan tile) won off, which leaves the river for no hand."""
    wall = table.wall
    n = len(wall.live) - wall.position + len(wall.dead) + ron_tiles
    for s in table.seats:
        n += len(s.hand) + sum(len(m.tiles) for m in s.melds)
        n += sum(1 for d in s.discards if d.claimed_by is None)
    return n


def _census(table: Any, ron_kinds: Counter[int]) -> Counter[int]:
    c: Counter[int] = Counter(kind(t) for t in table.wall.live[table.wall.position :])
    c.update(kind(t) for t in table.wall.dead)
    for s in table.seats:
        c.update(kind(t) for t in s.hand)
        for m in s.melds:
            c.update(kind(t) for t in m.tiles)
        c.update(kind(d.tile) for d in s.discards if d.claimed_by is None)
    return c + ron_kinds


def _check_draw(table: Any, won: set[int], seen: Observed, where: str) -> None:
    """At the exhaustive draw nobody still playing holds a tile of its void suit (a hand that
    ends on its third win may end before a seat has had the turns to shed them)."""
    voids = [table.view(s, events=False).seats_public[s]["void"] for s in range(4)]
    for s in range(4):
        if s in won:
            continue
        held = [t for t in table.seats[s].hand if SUIT_LETTERS[suit(t) - 1] == voids[s]]
        melded = [t for m in table.seats[s].melds for t in m.tiles]
        if held or any(SUIT_LETTERS[suit(t) - 1] == voids[s] for t in melded):
            seen.problems.append(f"{where}: seat {s} ends holding void tiles {held}")


def _play(match: Any, seen: Observed, label: str, seed: int) -> None:
    bots = [SichuanBot(4 * seed + s) for s in range(4)]
    table: Any = None
    won: set[int] = set()
    ron_kinds: Counter[int] = Counter()
    while not match.finished:
        if match.table is not table:
            table, won, ron_kinds = match.table, set(), Counter()
        seat = table.waiting_for()[0]
        where = f"{label} hand {len(match.results) + 1}"
        for s in table.waiting_for():
            if s in won:
                seen.problems.append(f"{where}: seat {s}, which has won, is asked to act")
        legal = table.legal_actions(seat)
        action = legal[0] if len(legal) == 1 else bots[seat].act(table.view(seat, events=False))
        events = match.act(seat, action)
        seen.actions += 1
        rons = set()
        for e in events:
            if isinstance(e, SichuanWon):
                seen.wins += 1
                won.add(e.seat)
                if sum(e.payments) != 0 or e.payments[e.seat] <= 0:
                    seen.problems.append(f"{where}: a win's payments {e.payments}")
                if e.from_seat is not None:
                    rons.add((e.from_seat, e.tile))
            elif isinstance(e, KanBonus) and sum(e.deltas) != 0:
                seen.problems.append(f"{where}: a kan bonus without its payers {e.deltas}")
            elif isinstance(e, DrawRecheck):
                seen.rechecks += 1
                if sum(e.deltas) != 0 or sum(e.refunds) != 0:
                    seen.problems.append(f"{where}: a recheck's payments {e.deltas} {e.refunds}")
                if not all(e.void_clear):
                    seen.problems.append(f"{where}: a seat holds void tiles at the draw")
            elif isinstance(e, HandEnded) and sum(e.deltas) != 0:
                seen.problems.append(f"{where}: the hand's deltas {e.deltas} do not add up")
        ron_kinds.update(kind(tile) for _, tile in rons)
        points = sum(s.points for s in table.seats)
        if points != 4 * START:
            seen.problems.append(f"{where}: points add up to {points}")
        if _tiles_in_play(table, sum(ron_kinds.values())) != len(SUITED) * 4:
            seen.problems.append(f"{where}: {_tiles_in_play(table, 0)} tiles after {action}")
        if table.phase is Phase.ENDED:
            seen.hands += 1
            seen.endings[table.result.reason] += 1
            census = _census(table, ron_kinds)
            if census != Counter({k: 4 for k in SUITED}):
                seen.problems.append(f"{where}: tile census {sorted(census.items())}")
            if table.result.reason == "exhaustive":
                _check_draw(table, won, seen, where)


@pytest.fixture(scope="module")
def observed() -> Observed:
    seen = Observed()
    for g in range(MATCHES):
        master_seed, salt = selfplay_seed(19, g)
        match = RULESET.new_match(PLAYERS, master_seed, salt, RULESET.standard_preset)
        _play(match, seen, f"match {g}", g)
        seen.matches += 1
        if g % REPLAY_EVERY == 0:
            seen.records.append(match.record())
            seen.matches_kept.append(match)
    return seen


def test_thousands_of_hands_were_played(observed):
    assert observed.matches == MATCHES
    assert observed.hands >= 4 * MATCHES - 10  # a bust may end a match early
    assert observed.wins > observed.hands  # bloody: hands go on after a win
    assert observed.endings["bloody"] > observed.endings["exhaustive"]


def test_points_tiles_and_turns_hold_in_every_hand(observed):
    assert observed.problems == []


def test_the_exhaustive_draws_were_rechecked(observed):
    assert observed.rechecks == observed.endings["exhaustive"] > 0


def test_records_replay_exactly(observed):
    for record in observed.records:
        again = RULESET.replay(record)
        assert again.record() == record


# --------------------------------------------------------------------------- the measured claim


class RandomPlayer:
    """Any legal action, at random; for the exchange, the three tiles the table suggests."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def act(self, view: Any) -> Any:
        if view.choice is not None:
            return Exchange(tuple(view.choice["suggested"]))
        return self.rng.choice(list(view.legal_actions))


def test_the_bot_beats_random_players_by_a_clear_margin():
    """Two bots and two random players, seats swapped every other match, 24 matches. Measured
    once (self-play seed 7): the bots averaged 64,292 points and the random players 35,708; the
    bots won 157 times, the random players 7. The assertion asks for much less (docs/bots.md)."""
    totals = Counter()
    wins = Counter()
    for g in range(24):
        master_seed, salt = selfplay_seed(7, g)
        match = RULESET.new_match(PLAYERS, master_seed, salt, RULESET.standard_preset)
        kinds = ["bot", "random"] * 2 if g % 2 == 0 else ["random", "bot"] * 2
        players = [
            SichuanBot(g * 4 + s) if k == "bot" else RandomPlayer(g * 4 + s)
            for s, k in enumerate(kinds)
        ]
        while not match.finished:
            table = match.table
            seat = table.waiting_for()[0]
            legal = table.legal_actions(seat)
            if len(legal) == 1:
                action = legal[0]
            else:
                action = players[seat].act(table.view(seat, events=False))
            for e in match.act(seat, action):
                if isinstance(e, SichuanWon):
                    wins[kinds[e.seat]] += 1
        for s, points in enumerate(match.record()["result"]["final_points"]):
            totals[kinds[s]] += points
    bot, rand = totals["bot"] / 48, totals["random"] / 48
    assert bot - rand >= 10_000, (bot, rand)
    assert wins["bot"] >= 5 * max(1, wins["random"]), wins
