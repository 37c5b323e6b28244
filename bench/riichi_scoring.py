"""Riichi scoring speed and agreement: openmahjong vs ``mahjong`` 2.1.0 vs ``riichienv`` (Rust).

    .venv/bin/python bench/riichi_scoring.py [--hands 100000] [--seed 1] [--repeat 3]

One set of random winning hands (``rules.riichi.random_wins``) is scored by all three, side by
side in one run, in interleaved rounds (the best round of each counts). Only the scoring call is
timed: each peer's input objects (136-ids, Meld and config objects) are built before its clock
starts, while ours is timed from our plain tile lists, input checks included. Before timing,
every hand is also compared with ``mahjong`` configured like our ``tenhou`` preset (han, fu,
value; error kind when a hand has no yaku) and the agreement is printed. riichienv uses its own
default rules and is timed only, not compared.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "rules" / "riichi"))

from peers import MahjongPeer, RiichiEnvPeer  # noqa: E402

from openmahjong.rules.riichi.errors import NotAWin, NoYaku  # noqa: E402
from openmahjong.rules.riichi.options import TENHOU  # noqa: E402
from openmahjong.rules.riichi.random_wins import random_win  # noqa: E402
from openmahjong.rules.riichi.scoring import score_win  # noqa: E402


def ours_summary(kw):
    try:
        win = score_win(**kw, rules=TENHOU)
    except NoYaku:
        return ("no_yaku",)
    except NotAWin:
        return ("not_a_win",)
    return ("win", win.han, 0 if win.yakuman else win.fu, win.total)


def peer_summary(result):
    if result.error:
        return ("no_yaku",) if "yaku" in result.error else (result.error,)
    yakuman = any(y.is_yakuman for y in result.yaku)
    return ("win", result.han, 0 if yakuman else result.fu, result.cost["total"])


def time_ours(hands):
    start = time.perf_counter()
    for kw in hands:
        try:  # noqa: SIM105 - cheaper than contextlib.suppress in a timed loop
            score_win(**kw, rules=TENHOU)
        except ValueError:
            pass
    return time.perf_counter() - start


def time_peer(peer, prepared):
    score = peer.score
    start = time.perf_counter()
    for p in prepared:
        score(p)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="best of N interleaved rounds")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    hands = [random_win(rng) for _ in range(args.hands)]
    mahjong = MahjongPeer()
    mahjong_inputs = [mahjong.prepare(kw) for kw in hands]
    renv = RiichiEnvPeer()
    renv_inputs = [renv.prepare(kw) for kw in hands]

    agree = 0
    shown = 0
    for kw, prepared in zip(hands, mahjong_inputs, strict=True):
        a, b = ours_summary(kw), peer_summary(mahjong.score(prepared))
        if a == b:
            agree += 1
        elif shown < 5:
            shown += 1
            print("DISAGREE", kw, a, b)
    n = len(hands)
    print(f"agreement with mahjong 2.1.0 (tenhou rules): {agree}/{n} = {100 * agree / n:.3f}%")

    # Rounds interleave the three scorers so a busy machine slows them alike; best round counts.
    t_ours = t_mahjong = t_renv = float("inf")
    for _ in range(args.repeat):
        t_ours = min(t_ours, time_ours(hands))
        t_mahjong = min(t_mahjong, time_peer(mahjong, mahjong_inputs))
        t_renv = min(t_renv, time_peer(renv, renv_inputs))
    rate = {
        name: n / t
        for name, t in (("openmahjong", t_ours), ("mahjong", t_mahjong), ("riichienv", t_renv))
    }
    print(f"{'scorer':<14}{'hands/s':>12}")
    for name, r in rate.items():
        print(f"{name:<14}{r:>12,.0f}")
    print(f"openmahjong / mahjong   = {rate['openmahjong'] / rate['mahjong']:.2f}x")
    print(f"openmahjong / riichienv = {rate['openmahjong'] / rate['riichienv']:.3f}x")


if __name__ == "__main__":
    main()
