"""Shanten speed: openmahjong next to `mahjong` (Python) and `riichienv` (Rust), same hands.

Run: .venv/bin/python bench/shanten.py [--hands N] [--warmup N] [--rounds N]

Headline: the public call ``hand.shanten(tiles)`` (tile codes in, validated), next to
``shanten_counts`` (trusted 34 counts, the bots' entry point) and `mahjong`'s
``calculate_shanten``; then the numpy ``shanten_batch`` next to riichienv's single calls. Every
timed pass runs on fresh random hands that this process has not seen before (our tables fill
lazily: a warm-up on other hands comes first and is not timed, except the batch's first call,
which builds its tables and is printed apart). ``gc.collect(); gc.freeze()`` before each clock.

The machine is shared, so the contenders are timed in interleaved rounds, each round on its own
fresh hands, and each keeps its best round; mahjong, about 30x slower, times a smaller sample so
that its rounds last about as long. Every answer is checked against `mahjong` or riichienv.
"""

from __future__ import annotations

import argparse
import gc
import random
import time
from collections.abc import Callable
from functools import partial

import numpy as np
import riichienv
from mahjong.shanten import Shanten

from openmahjong.hand import shanten, shanten_batch, shanten_counts
from openmahjong.tiles import ALL_KINDS, counts34


def random_hands(rng: random.Random, n: int, size: int) -> tuple[list, list, list]:
    """``n`` hands as tile codes, as 34 counts and as Tenhou 136-ids (riichienv's input)."""
    codes, counts, ids = [], [], []
    for _ in range(n):
        drawn = rng.sample(range(136), size)
        c = [0] * 34
        for i in drawn:
            c[i // 4] += 1
        codes.append([ALL_KINDS[i // 4] for i in drawn])
        counts.append(c)
        ids.append(drawn)
    return codes, counts, ids


def each(fn: Callable[[list[int]], int], hands: list[list[int]]) -> list[int]:
    """One single call per hand."""
    return [fn(h) for h in hands]


def clocked(run: Callable[[], object]) -> tuple[float, object]:
    gc.collect()
    gc.freeze()
    start = time.perf_counter()
    out = run()
    elapsed = time.perf_counter() - start
    gc.unfreeze()
    return elapsed, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=50_000, help="fresh hands per timed pass")
    parser.add_argument("--warmup", type=int, default=20_000, help="warm-up hands per size")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved timing rounds")
    args = parser.parse_args()
    oracle = Shanten()
    rng = random.Random(20261201)
    sample = max(1, args.hands // 25)
    print(
        f"{'size':>4} {'shanten()':>10} {'counts':>10} {'mahjong':>9} {'batch':>11}"
        f" {'riichienv':>10} {'cost/counts':>12} {'shanten()/mahjong':>18}"
        f" {'batch/riichienv':>16}"
    )
    for size in (13, 14):
        codes, counts, _ = random_hands(rng, args.warmup, size)
        for tiles, c in zip(codes, counts, strict=True):
            shanten(tiles)
            shanten_counts(c)
        first_s, _ = clocked(lambda c=counts: shanten_batch(np.array(c, dtype=np.uint8)))

        best = dict.fromkeys(("public", "counts", "mahjong", "batch", "riichienv"), 0.0)
        for _ in range(args.rounds):
            # Each contender gets its own fresh hands: none has warmed the tables for another.
            tiles, _, _ = random_hands(rng, args.hands, size)
            _, counts, _ = random_hands(rng, args.hands, size)
            _, peer, _ = random_hands(rng, sample, size)
            _, batch_counts, batch_ids = random_hands(rng, args.hands, size)
            _, _, ids = random_hands(rng, args.hands, size)
            array = np.array(batch_counts, dtype=np.uint8)
            runs: dict[str, tuple[Callable[[], object], int]] = {
                "public": (partial(each, shanten, tiles), args.hands),
                "counts": (partial(each, shanten_counts, counts), args.hands),
                "mahjong": (partial(each, oracle.calculate_shanten, peer), sample),
                "batch": (partial(shanten_batch, array), args.hands),
                "riichienv": (partial(each, riichienv.calculate_shanten, ids), args.hands),
            }
            answers = {}
            for name, (run, n) in runs.items():
                elapsed, answers[name] = clocked(run)
                best[name] = max(best[name], n / elapsed)
            theirs = [oracle.calculate_shanten(h) for h in counts[: args.hands // 10]]
            assert answers["counts"][: len(theirs)] == theirs, "shanten_counts and mahjong differ"
            checked = [counts34(h) for h in tiles[: args.hands // 10]]
            assert answers["public"][: len(checked)] == [
                oracle.calculate_shanten(h) for h in checked
            ], "shanten() and mahjong differ"
            rust = [riichienv.calculate_shanten(h) for h in batch_ids]
            assert answers["batch"].tolist() == rust, "shanten_batch and riichienv differ"
        print(
            f"{size:>4} {best['public']:>10,.0f} {best['counts']:>10,.0f}"
            f" {best['mahjong']:>9,.0f} {best['batch']:>11,.0f} {best['riichienv']:>10,.0f}"
            f" {best['counts'] / best['public']:>11.2f}x"
            f" {best['public'] / best['mahjong']:>17.1f}x"
            f" {best['batch'] / best['riichienv']:>15.1f}x"
        )
        if size == 13:
            print(
                f"     (batch first call, building its tables: {first_s:.2f} s for"
                f" {args.warmup:,} hands, {args.warmup / first_s:,.0f} hands/s)"
            )


if __name__ == "__main__":
    main()
