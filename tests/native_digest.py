"""Digests of what the compiled modules decide, for comparing compiled and plain Python.

``tests/test_native.py`` computes them in its own process (compiled where built) and in a child
process with ``OPENMAHJONG_PURE=1``; the two must be equal. One digest per part, so that a
difference names the part:

* ``riichi-selfplay``: whole Riichi self-play matches (the table kernel, the Riichi round rules,
  the Riichi bots and the useful-tiles engine they call), every record byte;
* ``mcr-selfplay``: whole MCR matches (the same table modules, the MCR game and scoring, the
  MCR bots), every record byte;
* ``hand``: shanten, the useful-tiles engine and the analysis built on it, on random hands;
* ``riichi-scoring`` and ``mcr-scoring``: scores of random wins.

:func:`exercised` runs them as plain Python and reports which compiled modules (``native.MODULES``)
ran a function of their own, so a module added to the list without a part here is noticed.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import random
import sys
from collections.abc import Callable
from types import FrameType
from typing import Any

from openmahjong import native
from openmahjong.bots.mcr import play_mcr_match
from openmahjong.bots.selfplay import play_match, selfplay_seed
from openmahjong.hand import discard_table, improving, shanten_counts, useful_tiles
from openmahjong.rules.mcr.game import preset as mcr_preset
from openmahjong.rules.riichi.errors import ScoringError
from openmahjong.rules.riichi.game import preset
from openmahjong.rules.riichi.random_wins import random_win
from openmahjong.rules.riichi.scoring import score_win
from openmahjong.tiles import from_index34
from tests.hand.strategies import random_counts
from tests.rules.mcr.mcr_gb import random_win as random_mcr_win
from tests.rules.mcr.mcr_gb import score_row


def _riichi_selfplay(h: Any) -> None:
    for name, seed, bots in (
        ("majsoul-hanchan", 1, "efficiency"),
        ("tenhou-tonpuu", 2, "efficiency"),
        ("majsoul-tonpuu", 3, "efficiency-nodefence"),
    ):
        master, salt = selfplay_seed(seed, 0)
        match = play_match(preset(name), master, salt=salt, bots=bots)
        h.update(json.dumps(match.record(), sort_keys=True).encode())


def _mcr_selfplay(h: Any) -> None:
    # Two claim modes: the standard arbitration and the tactical one go through other paths.
    for name, seed in (("mcr-1round", 1), ("mcr-1round", 2), ("mcr-4rounds-tactical", 3)):
        options = mcr_preset(name, rounds=1)
        master, salt = selfplay_seed(seed, 0)
        match = play_mcr_match(options, master, salt=salt)
        h.update(json.dumps(match.record(), sort_keys=True).encode())


def _tiles(counts: list[int]) -> list[int]:
    return [from_index34(i) for i, n in enumerate(counts) for _ in range(n)]


def _hand(h: Any) -> None:
    rng = random.Random(5)
    for _ in range(2000):
        counts = random_counts(rng, 13)
        h.update(repr((shanten_counts(counts), useful_tiles(_tiles(counts)))).encode())
    for _ in range(300):
        counts = random_counts(rng, rng.choice((14, 11, 8)))
        seen = [min(4, n + rng.randrange(3)) for n in counts]
        turn = improving.TurnShape(counts)
        held = [i for i in range(34) if counts[i]]
        after = turn.shanten_after(held)
        useful = turn.useful_after(held, after, seen)
        h.update(repr((after, useful, discard_table(_tiles(counts)))).encode())


def _riichi_scoring(h: Any) -> None:
    rng = random.Random(5)
    for _ in range(3000):
        kw = random_win(rng)
        try:
            win = score_win(**kw, rules="tenhou")
            h.update(repr((win.han, win.fu, win.yaku, win.total, win.payments)).encode())
        except ScoringError as exc:
            h.update(repr(exc).encode())


def _mcr_scoring(h: Any) -> None:
    rng = random.Random(5)
    for _ in range(1500):
        h.update(repr(score_row(random_mcr_win(rng))).encode())  # every fan and its count


PARTS: dict[str, Callable[[Any], None]] = {
    "riichi-selfplay": _riichi_selfplay,
    "mcr-selfplay": _mcr_selfplay,
    "hand": _hand,
    "riichi-scoring": _riichi_scoring,
    "mcr-scoring": _mcr_scoring,
}


def digests() -> dict[str, str]:
    """Per part, the SHA-256 of everything it decided."""
    out = {}
    for name, part in PARTS.items():
        h = hashlib.sha256()
        part(h)
        out[name] = h.hexdigest()
    return out


def exercised() -> set[str]:
    """The compiled modules (``native.MODULES``) that ran a function of their own while the
    digests were computed. Meaningful as plain Python only (``OPENMAHJONG_PURE=1``): a compiled
    function runs without a Python frame, so a profiler never sees it."""
    return digests_and_exercised()[1]


def digests_and_exercised() -> tuple[dict[str, str], set[str]]:
    """``digests()`` and ``exercised()`` from one run: the plain Python run is the slow one, and
    the profiler only watches it (it stops once every module was seen)."""
    for module in native.MODULES:  # what runs at import does not count
        importlib.import_module(module)
    by_file: dict[str, str | None] = {}
    sources = {os.path.realpath(native.source_of(m)): m for m in native.MODULES}
    ran: set[str] = set()

    def profile(frame: FrameType, event: str, _arg: object) -> None:
        if event != "call":
            return
        code = frame.f_code
        if code.co_name.startswith("<"):  # module bodies, comprehensions, lambdas
            return
        filename = code.co_filename
        if filename not in by_file:
            by_file[filename] = sources.get(os.path.realpath(filename))
        module = by_file[filename]
        if module is not None and module not in ran:
            ran.add(module)
            if len(ran) == len(sources):
                sys.setprofile(None)  # every module seen: the rest runs at full speed

    sys.setprofile(profile)
    try:
        decided = digests()
    finally:
        sys.setprofile(None)
    return decided, ran


if __name__ == "__main__":
    print(json.dumps(digests(), indent=1))
