"""Riichi scoring speed and agreement: openmahjong vs ``mahjong`` 2.1.0 vs ``riichienv`` (Rust).

    .venv/bin/python bench/riichi_scoring.py [--hands 100000] [--seed 1] [--repeat 3]

One set of random winning hands (``rules.riichi.random_wins``) is scored by all three, side by
side in one run. Only the scoring call is timed: each peer's input objects (136-ids, Meld and
config objects) are built before its clock starts, while ours is timed from our plain tile lists,
input checks included. Before timing, every hand is also compared with ``mahjong`` configured
like our ``tenhou`` preset (han, fu, value; error kind when a hand has no yaku) and the agreement
is printed. riichienv uses its own default rules and is timed only, not compared.

Timing is built for a shared, loaded machine: the hands are cut into chunks of ``--chunk``; each
round times every chunk with each scorer in turn (so a busy moment slows all three alike), and
each scorer's time is the sum over chunks of its best time for that chunk across ``--repeat``
rounds. Clocks are the thread's CPU time (``time.thread_time``), so time spent waiting for a
core does not count against anyone. Our first, cold pass over the hands (the per-suit tables of
``rules.riichi.tables`` filling as new suit patterns appear) is printed apart, wall clock.
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

from openmahjong.rules.riichi import scoring  # noqa: E402
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


def time_ours(hands, clock=time.thread_time):
    start = clock()
    for kw in hands:
        try:  # noqa: SIM105 - cheaper than contextlib.suppress in a timed loop
            score_win(**kw, rules=TENHOU)
        except ValueError:
            pass
    return clock() - start


def time_peer(peer, prepared, clock=time.thread_time):
    score = peer.score
    start = clock()
    for p in prepared:
        score(p)
    return clock() - start


def scorer_build() -> str:
    """Whether the scorer runs compiled (mypyc) or as pure Python, and from where."""
    compiled = not scoring.__file__.endswith(".py")
    return f"{'compiled (mypyc)' if compiled else 'pure Python'}: {scoring.__file__}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="best of N interleaved rounds")
    parser.add_argument("--chunk", type=int, default=1000, help="hands per timed chunk")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    hands = [random_win(rng) for _ in range(args.hands)]
    cold = time_ours(hands, time.perf_counter)
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
    print(f"scorer: {scorer_build()}")
    print(f"agreement with mahjong 2.1.0 (tenhou rules): {agree}/{n} = {100 * agree / n:.3f}%")

    # Each chunk is timed with the three scorers in turn, every round; per chunk the best counts.
    spans = [(i, min(i + args.chunk, n)) for i in range(0, n, args.chunk)]
    best = {name: [float("inf")] * len(spans) for name in ("ours", "mahjong", "renv")}
    for _ in range(args.repeat):
        for c, (a, b) in enumerate(spans):
            best["ours"][c] = min(best["ours"][c], time_ours(hands[a:b]))
            best["mahjong"][c] = min(best["mahjong"][c], time_peer(mahjong, mahjong_inputs[a:b]))
            best["renv"][c] = min(best["renv"][c], time_peer(renv, renv_inputs[a:b]))
    t_ours, t_mahjong, t_renv = (sum(best[k]) for k in ("ours", "mahjong", "renv"))
    rate = {
        name: n / t
        for name, t in (("openmahjong", t_ours), ("mahjong", t_mahjong), ("riichienv", t_renv))
    }
    print(f"{'scorer':<14}{'hands/s':>12}")
    for name, r in rate.items():
        print(f"{name:<14}{r:>12,.0f}")
    print(f"openmahjong / mahjong   = {rate['openmahjong'] / rate['mahjong']:.2f}x")
    print(f"openmahjong / riichienv = {rate['openmahjong'] / rate['riichienv']:.3f}x")
    print(f"openmahjong, first (cold) pass, wall clock: {n / cold:,.0f} hands/s")


if __name__ == "__main__":
    main()
