"""MCR scoring speed: openmahjong's pure-Python scorer next to PyMahjongGB (C++), one run.

    .venv/bin/python bench/mcr_scoring.py [--hands 20000] [--seed 1] [--repeat 3] [--chunk 500]

Both score the same seeded random winning hands (every form, random melds, flags, winds and
flowers; the generator is the differential test's). Inputs are converted to each library's
arguments before timing. The scorer keeps per-suit shape tables (as ``hand.decompose`` does);
"warm" means those were filled by scoring a different batch of hands first, so the timed hands
are always new to it. The two libraries take turns on slices of the hands, each slice keeping
its best time, so that a loaded machine slows both alike. Prints hands per second for each,
the ratio (goal: >= 0.2x PyMahjongGB), and how many of the timed hands get identical fan lists
from both.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "rules" / "mcr"))

from mcr_gb import gb_fans, meld_from_pack, random_win, score_row  # noqa: E402

from openmahjong.rules.mcr import scoring  # noqa: E402
from openmahjong.rules.mcr.scoring import BelowMinimum, score_win  # noqa: E402
from openmahjong.tiles import from_gb  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3, help="best of this many timed passes")
    ap.add_argument("--chunk", type=int, default=500, help="hands per alternating slice")
    args = ap.parse_args()

    import MahjongGB

    rng = random.Random(args.seed)
    warmup_rows = [random_win(rng) for _ in range(args.hands)]
    rows = [random_win(rng) for _ in range(args.hands)]

    def convert(rows):
        ours_args, gb_args = [], []
        for r in rows:
            win = from_gb(r["winTile"])
            ours_args.append(
                (
                    [from_gb(t) for t in r["hand"]] + [win],
                    win,
                    [meld_from_pack(*p) for p in r["pack"]],
                    dict(
                        self_drawn=r["isSelfDrawn"],
                        fourth_tile=r["is4thTile"],
                        kong=r["isAboutKong"],
                        last_tile=r["isWallLast"],
                        seat_wind=41 + r["seatWind"],
                        prevalent_wind=41 + r["prevalentWind"],
                        flowers=r["flowerCount"],
                    ),
                )
            )
            gb_args.append(
                dict(
                    pack=tuple(tuple(p) for p in r["pack"]),
                    hand=tuple(r["hand"]),
                    winTile=r["winTile"],
                    flowerCount=r["flowerCount"],
                    isSelfDrawn=r["isSelfDrawn"],
                    is4thTile=r["is4thTile"],
                    isAboutKong=r["isAboutKong"],
                    isWallLast=r["isWallLast"],
                    seatWind=r["seatWind"],
                    prevalentWind=r["prevalentWind"],
                )
            )
        return ours_args, gb_args

    ours_args, gb_args = convert(rows)
    warm_ours, _ = convert(warmup_rows)

    def run_ours(which) -> None:
        for hand, win, melds, flags in which:
            try:  # noqa: SIM105 (a try is free until it catches; suppress() costs a call)
                score_win(hand, win, melds, **flags)
            except BelowMinimum:
                pass

    def run_gb(which) -> None:
        calc = MahjongGB.MahjongFanCalculator
        for kw in which:
            calc(**kw)

    def clear_caches() -> None:
        # The scorer remembers per-suit shapes and set relations (small tables that fill up
        # quickly and then stay warm in a running server); a cold pass starts from nothing.
        scoring._clear_tables()

    def timed(fn, which) -> float:
        t0 = time.perf_counter()
        fn(which)
        return time.perf_counter() - t0

    # Cold: empty tables, the timed hands seen for the first time. Warm: the tables filled by
    # scoring a different set of hands first; the timed hands are still unseen (every pass starts
    # from the warm-up state, so no pass profits from having scored the timed hands before).
    # The two libraries take turns on slices of the hands, and each slice keeps its best time
    # over the passes, so that a busy (shared) machine slows both alike.
    step = args.chunk
    slices = range(0, len(rows), step)
    clear_caches()
    t_cold = sum(timed(run_ours, ours_args[i : i + step]) for i in slices)
    gb_best = [float("inf")] * len(slices)
    warm_best = [float("inf")] * len(slices)
    for _ in range(args.repeat):
        clear_caches()
        run_ours(warm_ours)
        for k, i in enumerate(slices):
            gb_best[k] = min(gb_best[k], timed(run_gb, gb_args[i : i + step]))
            warm_best[k] = min(warm_best[k], timed(run_ours, ours_args[i : i + step]))
    t_gb, t_warm = sum(gb_best), sum(warm_best)
    n = len(rows)
    same = sum(score_row(r) == gb_fans(r) for r in rows)
    print(
        f"hands: {n} random winning hands (seed {args.seed}), best of {args.repeat} passes "
        f"per slice of {step}; warm = after scoring {len(warmup_rows)} other hands"
    )
    print(f"PyMahjongGB (C++):                 {n / t_gb:>10,.0f} hands/s")
    print(f"openmahjong (Python), warm tables: {n / t_warm:>10,.0f} hands/s")
    print(f"openmahjong (Python), cold first pass: {n / t_cold:>6,.0f} hands/s")
    print(
        f"ratio openmahjong/PyMahjongGB: {t_gb / t_warm:.3f}x warm, {t_gb / t_cold:.3f}x cold"
        " (goal >= 0.2x)"
    )
    print(f"agreement: {same}/{n} hands with fan lists identical to PyMahjongGB's")


if __name__ == "__main__":
    main()
