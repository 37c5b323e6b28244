"""Rigged-wall helpers for the Riichi round tests."""

from __future__ import annotations

from openmahjong.rules.riichi.game import GameOptions, new_hand
from openmahjong.table import PASS, Discard, Phase, Table, rigged_wall
from openmahjong.tiles import parse


def tile(text: str) -> int:
    return parse(text)[0]


def make(hands, draws="", dead="", *, dealer=0, points=None, honba=0, sticks=0, **options):
    wall = rigged_wall(hands, draws, dead, dealer=dealer)
    return new_hand(
        wall, GameOptions(**options), dealer=dealer, points=points, honba=honba, sticks=sticks
    )


def discard(t: Table, seat: int, text: str, *, riichi: bool = False, settle: bool = True):
    t.act(seat, Discard(tile(text), riichi=riichi))
    if settle:
        pass_all(t)


def pass_all(t: Table) -> None:
    """Everyone asked in a reaction window passes."""
    while t.phase == Phase.REACTION:
        for s in t.waiting_for():
            t.act(s, PASS)


def snapshot(t: Table):
    return (
        [
            (
                list(s.hand),
                list(s.melds),
                [vars(d).copy() for d in s.discards],
                s.points,
                vars(s.extra).copy(),
            )
            for s in t.seats
        ],
        t.phase,
        t.turn,
        t.wall.position,
        len(t.events),
        len(t.log),
        vars(t.policy.state).copy(),
    )


#: Four hands that rarely interact: seat 0 (dealer, 14 tiles) to seat 3.
QUIET = ["12z258m258p258s369m", "37z147m1479p1479s", "456z369p369s1m7m8s8p", "1234567z5m5p5s6m6p6s"]
