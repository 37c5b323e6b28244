"""The kernel hooks MCR added (``openmahjong.table``): ``after_deal``, ``deal_replacement``,
``continue_unclaimed``; and the fast MCR shanten equals the five-form shanten."""

from __future__ import annotations

import random

from openmahjong.fairness import build_wall
from openmahjong.hand.shanten import MCR_FORMS, shanten_counts
from openmahjong.rules.mcr.game.shape import mcr_shanten
from openmahjong.table import Discard, Phase, Table
from openmahjong.table.events import Dealt, Drew
from openmahjong.table.policy import RoundPolicy, Trigger
from openmahjong.tiles import counts34, parse


class _Probe(RoundPolicy):
    dead_wall = 0

    def __init__(self) -> None:
        self.seen_events_at_after_deal: list[str] = []

    def turn_actions(self, table, seat):
        return [Discard(t) for t in sorted(set(table.seats[seat].hand))]

    def after_deal(self, table):
        self.seen_events_at_after_deal = [type(e).__name__ for e in table.events]
        table.deal_replacement(2, table.seats[2].hand[0])

    def exhausted(self, table):
        table.end("drawn")


def test_after_deal_runs_after_the_dealt_events_and_deal_replacement_takes_the_back():
    wall = build_wall("mcr")
    t = Table(_Probe(), wall, dealer=0)
    assert t.policy.seen_events_at_after_deal == ["Dealt"] * 4
    assert isinstance(t.events[-1], Drew) and t.events[-1].rinshan
    assert t.events[-1].tile == wall[-1] and t.seats[2].hand[-1] == wall[-1]
    assert len(t.seats[2].hand) == 13 and t.turn == 0 and t.phase == Phase.TURN
    assert next(e for e in t.events if isinstance(e, Dealt) and e.seat == 2).tiles[0] == wall[26]


class _Refuses(_Probe):
    def after_deal(self, table):
        pass

    def reaction_options(self, table, seat, trigger):
        from openmahjong.table import Ron

        return [Ron()] if seat == 1 else []

    def settle_wins(self, table, trigger: Trigger, winners):
        table.continue_unclaimed(trigger)


def test_continue_unclaimed_carries_on_as_if_everyone_passed():
    from openmahjong.table import Ron

    t = Table(_Refuses(), build_wall("mcr"), dealer=0)
    tile = t.seats[0].hand[0]
    t.act(0, Discard(tile))
    t.act(1, Ron())
    assert t.phase == Phase.TURN and t.turn == 1 and t.drew
    assert t.seats[0].discards[-1].claimed_by is None


def test_fast_mcr_shanten_equals_the_five_form_shanten():
    rng = random.Random(6)
    kinds = [t for t in build_wall("mcr") if t < 50]
    hands = [counts34(parse(h)) for h in ("147m258p369s1234z", "147m258p369s11z12m", "1m")]
    for _ in range(400):
        rng.shuffle(kinds)
        hands.append(counts34(kinds[: rng.choice((1, 2, 4, 5, 7, 8, 10, 11, 13, 14))]))
    for c in hands:
        assert mcr_shanten(c) == shanten_counts(c, forms=MCR_FORMS), c
