"""One digest of what the compiled modules decide, for comparing compiled and plain Python.

``tests/test_native.py`` computes it in its own process (compiled where built) and in a child
process with ``OPENMAHJONG_PURE=1``; the two must be equal. It covers whole self-play matches
(engine, round rules and bots, every record byte), shanten and useful tiles of random hands,
and Riichi scores of random wins.
"""

from __future__ import annotations

import hashlib
import json
import random

from openmahjong.bots.selfplay import play_match, selfplay_seed
from openmahjong.hand import shanten_counts, useful_tiles
from openmahjong.rules.riichi.errors import ScoringError
from openmahjong.rules.riichi.game import preset
from openmahjong.rules.riichi.random_wins import random_win
from openmahjong.rules.riichi.scoring import score_win
from openmahjong.tiles import from_index34
from tests.hand.strategies import random_counts


def digest() -> str:
    h = hashlib.sha256()
    for name, seed, bots in (
        ("majsoul-hanchan", 1, "efficiency"),
        ("tenhou-tonpuu", 2, "efficiency"),
        ("majsoul-tonpuu", 3, "efficiency-nodefence"),
    ):
        master, salt = selfplay_seed(seed, 0)
        match = play_match(preset(name), master, salt=salt, bots=bots)
        h.update(json.dumps(match.record(), sort_keys=True).encode())
    rng = random.Random(5)
    for _ in range(2000):
        counts = random_counts(rng, 13)
        tiles = [from_index34(i) for i, n in enumerate(counts) for _ in range(n)]
        h.update(repr((shanten_counts(counts), useful_tiles(tiles))).encode())
    for _ in range(3000):
        kw = random_win(rng)
        try:
            win = score_win(**kw, rules="tenhou")
            h.update(repr((win.han, win.fu, win.yaku, win.total, win.payments)).encode())
        except ScoringError as exc:
            h.update(repr(exc).encode())
    return h.hexdigest()


if __name__ == "__main__":
    print(digest())
