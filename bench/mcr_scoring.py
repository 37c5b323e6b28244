"""MCR scoring speed: openmahjong's pure-Python scorer next to PyMahjongGB (C++), one run.

    .venv/bin/python bench/mcr_scoring.py [--hands 20000] [--seed 1] [--repeat 3]

Both score the same seeded random winning hands (every form, random melds, flags, winds and
flowers; the generator is the differential test's). Inputs are converted to each library's
arguments before timing. The scorer keeps per-suit shape tables (as ``hand.decompose`` does);
"warm" means those were filled by scoring a different batch of hands first, so the timed hands
are always new to it. Prints hands per
second for each and the ratio (goal: >= 0.2x PyMahjongGB).
"""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "rules" / "mcr"))

from mcr_gb import meld_from_pack, random_win  # noqa: E402

from openmahjong.rules.mcr import shapes  # noqa: E402
from openmahjong.rules.mcr.scoring import BelowMinimum, score_win  # noqa: E402
from openmahjong.tiles import from_gb  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3, help="best of this many timed passes")
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

    def run_ours(which=None) -> None:
        for hand, win, melds, flags in which or ours_args:
            with contextlib.suppress(BelowMinimum):
                score_win(hand, win, melds, **flags)

    def run_gb() -> None:
        calc = MahjongGB.MahjongFanCalculator
        for kw in gb_args:
            calc(**kw)

    def clear_caches() -> None:
        # The scorer remembers per-suit shapes and set relations (small tables that fill up
        # quickly and then stay warm in a running server); a cold pass starts from nothing.
        from openmahjong.hand import decompose

        tables = (
            shapes._suit_fit,
            shapes._suit_completions,
        )
        for fn in tables:
            fn.cache_clear()
        if hasattr(decompose._suit_splits, "cache_clear"):
            decompose._suit_splits.cache_clear()

    def timed(fn) -> float:
        t0 = time.perf_counter()
        fn()
        return time.perf_counter() - t0

    # Cold: empty tables, the timed hands seen for the first time. Warm: the tables filled by
    # scoring a different set of hands first; the timed hands are still unseen (every pass starts
    # from the warm-up state, so no pass profits from having scored the timed hands before).
    # The two libraries are timed in alternating rounds so that a busy machine slows both alike.
    clear_caches()
    t_cold = timed(run_ours)
    gb_times, warm_times = [], []
    for _ in range(args.repeat):
        gb_times.append(timed(run_gb))
        clear_caches()
        run_ours(warm_ours)
        warm_times.append(timed(run_ours))
    t_gb, t_warm = min(gb_times), min(warm_times)
    n = len(rows)
    print(
        f"hands: {n} random winning hands (seed {args.seed}), best of {args.repeat} passes; "
        f"warm = after scoring {len(warmup_rows)} other hands"
    )
    print(f"PyMahjongGB (C++):                 {n / t_gb:>10,.0f} hands/s")
    print(f"openmahjong (Python), warm tables: {n / t_warm:>10,.0f} hands/s")
    print(f"openmahjong (Python), cold first pass: {n / t_cold:>6,.0f} hands/s")
    print(
        f"ratio openmahjong/PyMahjongGB: {t_gb / t_warm:.3f}x warm, {t_gb / t_cold:.3f}x cold"
        " (goal >= 0.2x)"
    )


if __name__ == "__main__":
    main()
