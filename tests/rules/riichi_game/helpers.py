"""Rigged-wall helpers for the Riichi round tests."""

from __future__ import annotations

from dataclasses import asdict

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


def tsumogiri(t: Table, seat: int, *, settle: bool = True) -> None:
    assert t.turn == seat and t.drew
    t.act(seat, Discard(t.last_drawn))
    if settle:
        pass_all(t)


def pass_all(t: Table) -> None:
    """Everyone asked in a reaction window passes."""
    while t.phase == Phase.REACTION:
        for s in t.waiting_for():
            t.act(s, PASS)


def snapshot(t: Table):
    # ``asdict``, not ``vars``: compiled with mypyc, the round's dataclasses have no __dict__.
    return (
        [
            (
                list(s.hand),
                list(s.melds),
                [asdict(d) for d in s.discards],
                s.points,
                asdict(s.extra),
            )
            for s in t.seats
        ],
        t.phase,
        t.turn,
        t.wall.position,
        len(t.events),
        len(t.log),
        asdict(t.policy.state),
    )


#: Four hands that rarely interact: seat 0 (dealer, 14 tiles) to seat 3.
QUIET = ["12z258m258p258s369m", "37z147m1479p1479s", "456z369p369s1m7m8s8p", "1234567z5m5p5s6m6p6s"]


def play_out(t: Table, *, reveal: bool = True, limit: int = 1000) -> None:
    """Everyone discards what they drew (or their first legal discard) and passes every claim."""
    from openmahjong.table import Reveal

    for _ in range(limit):
        if t.phase == Phase.ENDED:
            return
        if t.phase == Phase.REACTION:
            pass_all(t)
        elif t.phase == Phase.SPECIAL:
            for s in t.waiting_for():
                t.act(s, Reveal(reveal))
        else:
            seat = t.turn
            legal = [a for a in t.legal_actions(seat) if isinstance(a, Discard) and not a.riichi]
            drawn = [a for a in legal if t.drew and a.tile == t.last_drawn]
            t.act(seat, (drawn or legal)[0])
    raise AssertionError("the hand did not end")


def win_yaku(t: Table, seat: int, action) -> set[str]:  # noqa: ANN001
    """Play ``seat``'s winning ``action`` (everyone else asked passes) and return the yaku ids
    the hand was scored with: what the round told the scorer, seen in the result."""
    t.act(seat, action)
    pass_all(t)
    (win,) = [w for w in t.result.wins if w.seat == seat]
    return {y for y, _ in win.win.yaku}
