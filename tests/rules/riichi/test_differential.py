"""Differential test: our ``tenhou`` preset against ``mahjong`` 2.1.0 on random winning hands.

Agreement must be total on han, fu and the hand's value; when the peer refuses a hand, our
error kind must match (no yaku). Yakuman are compared on han (13 per multiple) and value.
"""

from __future__ import annotations

import random

import pytest

from openmahjong.rules.riichi.errors import NotAWin, NoYaku
from openmahjong.rules.riichi.random_wins import random_win
from openmahjong.rules.riichi.scoring import score_win

pytest.importorskip("mahjong")

from .peers import MahjongPeer  # noqa: E402

HANDS = 5000


def ours(kw, rules="tenhou"):
    """Our outcome as the differential tests compare it (``test_differential_riichienv`` too)."""
    try:
        win = score_win(**kw, rules=rules)
    except NoYaku:
        return ("no_yaku",)
    except NotAWin:
        return ("not_a_win",)
    return ("win", win.han, 0 if win.yakuman else win.fu, win.total)


def theirs(peer, kw):
    result = peer.score(peer.prepare(kw))
    if result.error:
        return ("no_yaku",) if "yaku" in result.error else (result.error,)
    yakuman = any(y.is_yakuman for y in result.yaku)
    return ("win", result.han, 0 if yakuman else result.fu, result.cost["total"])


def test_agrees_with_mahjong_on_random_hands():
    peer = MahjongPeer()
    rng = random.Random(20260101)
    disagreements = []
    kinds = set()
    for _ in range(HANDS):
        kw = random_win(rng)
        a, b = ours(kw), theirs(peer, kw)
        kinds.add(a[0])
        if a != b:
            disagreements.append((kw, a, b))
    assert disagreements == []
    assert kinds == {"win", "no_yaku"}
