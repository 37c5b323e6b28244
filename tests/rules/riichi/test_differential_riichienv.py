"""Differential test: our ``majsoul`` preset against ``riichienv`` (Rust, Mahjong Soul's rules by
default) on random winning hands: han, fu and the hand's value must agree, and so must which
hands have no yaku. This covers what the ``mahjong`` comparison cannot (it is set up like
Tenhou): double yakuman, open tanyao with three red fives, Mahjong Soul's limits.
"""

from __future__ import annotations

import random

import pytest

from openmahjong.rules.riichi.options import MAJSOUL
from openmahjong.rules.riichi.random_wins import random_win

pytest.importorskip("riichienv")

from .peers import RiichiEnvPeer  # noqa: E402
from .test_differential import ours  # noqa: E402

HANDS = 5000
ORPHANS = {11, 19, 21, 29, 31, 39, 41, 42, 43, 44, 45, 46, 47}


def theirs(peer, kw):
    r = peer.score(peer.prepare(kw))
    if not r.is_win:
        return ("no_yaku",) if r.has_win_shape else ("not_a_win",)
    if not kw.get("tsumo"):
        total = r.ron_agari
    elif kw.get("seat_wind", 41) == 41:
        total = 3 * r.tsumo_agari_ko
    else:
        total = r.tsumo_agari_oya + 2 * r.tsumo_agari_ko
    return ("win", r.han, 0 if r.yakuman else r.fu, total)


def tenhou_thirteen_orphans(kw, outcome):
    """riichienv reads a tenhou thirteen orphans as the 13-sided wait whatever tile is the
    winning one (not a chiihou one, nor a tenhou nine gates or four concealed triplets: those
    follow the tile, as ours do). The profile is silent; we score the wait the winning tile
    makes, as for any other tsumo (one yakuman fewer when it is not the pair's tile)."""
    return bool(kw.get("tenhou")) and outcome[0] == "win" and set(kw["hand"]) == ORPHANS


def test_majsoul_preset_agrees_with_riichienv_on_random_hands():
    peer = RiichiEnvPeer()
    rng = random.Random(20261130)
    disagreements = []
    first_turn = 0
    kinds = set()
    doubles = 0
    for _ in range(HANDS):
        kw = random_win(rng)
        a, b = ours(kw, MAJSOUL), theirs(peer, kw)
        kinds.add(a[0])
        doubles += a[0] == "win" and a[1] >= 26
        if a != b:
            if tenhou_thirteen_orphans(kw, a) and b[1] == a[1] + 13:
                first_turn += 1
                continue
            disagreements.append((kw, a, b))
    assert disagreements == []
    assert kinds == {"win", "no_yaku"}
    assert doubles > 0  # the sample reaches the double yakuman rules
    assert first_turn <= 2
