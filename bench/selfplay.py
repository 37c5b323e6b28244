"""Self-play speed: our engine with our bots next to riichienv driven by a Python agent.

Run: .venv/bin/python bench/selfplay.py [--games N] [--rounds R] [--preset majsoul-hanchan]

Three lines are measured side by side in interleaved rounds (the machine is shared, so each
round times every line once and the rates are totals over all rounds):

* ``ours+bots``: ``openmahjong.bots.play_match`` (the engine and four ``RiichiBot``s: shanten,
  useful tiles, yaku-aware calls, riichi, folding), one hanchan per game;
* ``riichienv+greedy``: ``riichienv.RiichiEnv`` (Rust) hanchan, every seat driven by a Python
  shanten-greedy agent: take a win, declare riichi when offered, never call, otherwise discard
  the tile leaving the lowest shanten (``riichienv.calculate_shanten``);
* ``ours+greedy``: our engine driven by the same greedy agent written on ``shanten_counts``, so
  the two engines are also compared with equal agents;
* ``riichienv+useful``: riichienv driven by the greedy agent plus our bot's tie-break (most
  unseen useful tiles among the lowest-shanten discards), i.e. agent work comparable to our
  bots' efficiency core, on riichienv's own shanten.

The headline ratio is ``ours+bots / riichienv+greedy`` (goal >= 1.0x). Rates are hands per
CPU second of this process (both engines run single-threaded here), which a busy shared machine
disturbs far less than wall time; wall-clock rates are printed alongside. It also prints how long
one bot decision takes (mean, median, 99th percentile over every decision of a few games), and
the one-time warm-up of our lazily filled shanten tables, which happens before timing. Then
what the ours+bots line spent in the garbage collector and how many suit shapes it met for the
first time (each fills the shared shanten tables), and where the time of two more games goes
(engine legal actions, engine act, views, bots). The first line says whether the hot modules
ran compiled (``make native``) or as plain Python (``OPENMAHJONG_PURE=1``).
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import time
from collections.abc import Callable

import riichienv
from riichienv import ActionType, RiichiEnv

from openmahjong import native
from openmahjong.bots import RiichiBot, play_match, selfplay_seed
from openmahjong.hand.shanten import shanten_counts
from openmahjong.hand.suit_tables import SUIT_RECORDS
from openmahjong.rules.riichi.game import RiichiMatch, preset
from openmahjong.table import PASS, Discard, Phase, Reveal, Ron, Tsumo
from openmahjong.tiles import index34

# ----------------------------------------------------------------------------- riichienv


class RiichienvGreedy:
    """Shanten-greedy agent over riichienv observations (136-tile ids)."""

    def act(self, obs: riichienv.Observation) -> riichienv.Action:
        legal = obs.legal_actions()
        discards = []
        passing = None
        for a in legal:
            t = a.action_type
            if t == ActionType.TSUMO or t == ActionType.RON:
                return a
            if t == ActionType.RIICHI:
                return a
            if t == ActionType.DISCARD:
                discards.append(a)
            elif t == ActionType.PASS:
                passing = a
        if not discards:
            return passing if passing is not None else legal[0]
        hand = list(obs.hand)
        best, choice = 99, discards[0]
        for a in discards:
            rest = list(hand)
            rest.remove(a.tile)
            s = riichienv.calculate_shanten(rest)
            if s < best:
                best, choice = s, a
        return choice


class RiichienvUseful(RiichienvGreedy):
    """The greedy agent plus our bot's tie-break: among the discards leaving the lowest
    shanten, the one with the most unseen useful tiles (own hand only as "seen"), counted over
    the same candidate kinds (held kinds and suit neighbours within two). Same agent work as
    our bot's efficiency core, on riichienv's shanten."""

    def act(self, obs: riichienv.Observation) -> riichienv.Action:
        legal = obs.legal_actions()
        discards = [a for a in legal if a.action_type == ActionType.DISCARD]
        if not discards or any(a.action_type != ActionType.DISCARD for a in legal):
            return super().act(obs)
        hand = list(obs.hand)
        after = []
        for a in discards:
            rest = list(hand)
            rest.remove(a.tile)
            after.append((riichienv.calculate_shanten(rest), a, rest))
        best = min(s for s, _, _ in after)
        tied = [(a, rest) for s, a, rest in after if s == best]
        if len(tied) == 1:
            return tied[0][0]
        top, choice = -1, tied[0][0]
        for a, rest in tied:
            held = {}
            for t in rest:
                held.setdefault(t // 4, []).append(t)
            near = set()
            for k in held:
                near.update(_NEAR[k])
            useful = 0
            for k in sorted(near):
                ids = held.get(k, [])
                if len(ids) >= 4:
                    continue
                free = next(i for i in range(4 * k, 4 * k + 4) if i not in ids)
                if riichienv.calculate_shanten(rest + [free]) < best:
                    useful += 4 - len(ids)
            if useful > top:
                top, choice = useful, a
        return choice


_NEAR = [
    [k] if k >= 27 else [k + d for d in (-2, -1, 0, 1, 2) if 0 <= k % 9 + d <= 8] for k in range(34)
]


def riichienv_games(seeds: list[int], game_mode: str, agent: RiichienvGreedy | None = None) -> int:
    """Play one game per seed; return the hands played."""
    hands = 0
    agent = agent or RiichienvGreedy()
    for seed in seeds:
        env = RiichiEnv(game_mode=game_mode, seed=seed)
        obs = env.reset()
        while not env.done():
            obs = env.step({pid: agent.act(o) for pid, o in obs.items()})
        for event in env.mjai_log:
            data = json.loads(event) if isinstance(event, str) else event
            hands += data.get("type") == "start_kyoku"
    return hands


# ----------------------------------------------------------------------------- ours


def ours_bots(seeds: list[int], options) -> int:  # noqa: ANN001
    hands = 0
    for seed in seeds:
        master, salt = selfplay_seed(seed, 0)
        hands += len(play_match(options, master, salt=salt).hands)
    return hands


def ours_greedy(seeds: list[int], options) -> int:  # noqa: ANN001
    """Our engine with the riichienv agent's policy, written on our count vectors."""
    hands = 0
    for seed in seeds:
        master, _ = selfplay_seed(seed, 0)
        m = RiichiMatch(options, master)
        while not m.finished:
            t = m.table
            seat = t.turn if t.phase == Phase.TURN else t.waiting_for()[0]
            legal = t.legal_actions(seat)
            m.act(seat, _greedy(t, seat, legal))
        hands += len(m.hands)
    return hands


def _greedy(t, seat: int, legal):  # noqa: ANN001, ANN202
    if len(legal) == 1:
        return legal[0]
    plain = []
    for a in legal:
        if isinstance(a, Tsumo | Ron):
            return a
        if isinstance(a, Discard):
            if a.riichi:
                return a
            plain.append(a)
        elif isinstance(a, Reveal) and a.show:
            return a
    if not plain:
        return PASS if PASS in legal else legal[0]
    counts = [0] * 34
    for tile in t.seats[seat].hand:
        counts[index34(tile)] += 1
    best, choice = 99, plain[0]
    for a in plain:
        i = index34(a.tile)
        counts[i] -= 1
        s = shanten_counts(counts)
        counts[i] += 1
        if s < best:
            best, choice = s, a
    return choice


# ----------------------------------------------------------------------------- decisions


def decision_times(options, seeds: list[int]) -> tuple[list[float], dict[str, float]]:  # noqa: ANN001
    """Seconds per bot decision (only decisions with a real choice) over whole games, and
    where the whole self-play time of those games goes (CPU seconds per part)."""
    times: list[float] = []
    parts = dict.fromkeys(("engine: legal actions", "engine: act", "views", "bots"), 0.0)
    clock = time.process_time  # CPU time per decision (see main)
    for seed in seeds:
        master, _ = selfplay_seed(seed, 0)
        bots = [RiichiBot(master + s) for s in range(4)]
        m = RiichiMatch(options, master)
        while not m.finished:
            start = clock()
            t = m.table
            seat = t.turn if t.phase == Phase.TURN else t.waiting_for()[0]
            legal = t.legal_actions(seat)
            listed = viewed = decided = clock()
            if len(legal) == 1:
                action = legal[0]
            else:
                view = t.view(seat, events=False)
                viewed = clock()
                action = bots[seat].act(view)
                decided = clock()
                times.append(decided - viewed)
            m.act(seat, action)
            parts["engine: legal actions"] += listed - start
            parts["views"] += viewed - listed
            parts["bots"] += decided - viewed
            parts["engine: act"] += clock() - decided
    return times, parts


class _Watch:
    """Time the garbage collector takes while ``on`` (a ``gc.callbacks`` entry), and where the
    caller counts new suit shapes."""

    def __init__(self) -> None:
        self.on = False
        self.seconds = 0.0
        self.new_shapes = 0
        self._start = 0.0

    def __call__(self, phase: str, info: dict) -> None:
        if not self.on:
            return
        if phase == "start":
            self._start = time.perf_counter()
        else:
            self.seconds += time.perf_counter() - self._start


def timed(fn: Callable[[], int]) -> tuple[int, float, float]:
    """Hands played, CPU seconds of this process, wall seconds."""
    wall, cpu = time.perf_counter(), time.process_time()
    hands = fn()
    return hands, time.process_time() - cpu, time.perf_counter() - wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games",
        type=int,
        default=4,
        help="our games per line per round (riichienv plays 4x as many)",
    )
    parser.add_argument("--rounds", type=int, default=3, help="interleaved timing rounds")
    parser.add_argument("--warmup", type=int, default=20, help="warm-up games (ours, untimed)")
    parser.add_argument("--preset", default="majsoul-hanchan")
    parser.add_argument(
        "--settle-gc",
        action="store_true",
        help="after the warm-up, settle the garbage collector the way the server does for its "
        "tables (openmahjong.server.runtime.settle_gc: what is alive is frozen, collector "
        "thresholds 10k, 10, 10); both engines then run under it",
    )
    args = parser.parse_args()
    options = preset(args.preset)
    game_mode = "4p-red-half" if options.length == 8 else "4p-red-east"

    start = time.perf_counter()
    ours_bots(list(range(10_000, 10_000 + args.warmup)), options)
    warm = time.perf_counter() - start
    print(native.summary())
    print(f"warm-up: {args.warmup} games of ours+bots in {warm:.1f} s (shanten tables fill)")
    if args.settle_gc:
        from openmahjong.server.runtime import settle_gc

        settle_gc()
        print("garbage collector settled as in the server (--settle-gc)")

    watch = _Watch()
    gc.callbacks.append(watch)
    totals = {
        name: [0, 0.0, 0.0]
        for name in ("ours+bots", "riichienv+greedy", "ours+greedy", "riichienv+useful")
    }
    for r in range(args.rounds):
        seeds = list(range(r * args.games, (r + 1) * args.games))
        # The peer is several times faster: give it more games so its time is measurable.
        peer_seeds = list(range(r * 4 * args.games, (r + 1) * 4 * args.games))
        runs = {
            "ours+bots": lambda s=seeds: ours_bots(s, options),
            "riichienv+greedy": lambda s=peer_seeds: riichienv_games(s, game_mode),
            "ours+greedy": lambda s=seeds: ours_greedy(s, options),
            "riichienv+useful": lambda s=seeds: riichienv_games(s, game_mode, RiichienvUseful()),
        }
        for name, fn in runs.items():
            watch.on = name == "ours+bots"
            shapes = len(SUIT_RECORDS)
            hands, cpu, wall = timed(fn)
            if watch.on:
                watch.new_shapes += len(SUIT_RECORDS) - shapes
            watch.on = False
            totals[name][0] += hands
            totals[name][1] += cpu
            totals[name][2] += wall
    # Rates use CPU time (the machine is shared; a preempted process loses wall time, not CPU
    # time). Both engines run single-threaded in this process; wall-clock rates are shown too.
    print(f"{'line':<18} {'hands':>7} {'cpu s':>7} {'hands/s':>9} {'(wall hands/s)':>15}")
    rates = {}
    for name, (hands, cpu, wall) in totals.items():
        rates[name] = hands / cpu
        print(f"{name:<18} {hands:>7} {cpu:>7.2f} {rates[name]:>9.1f} {hands / wall:>15.1f}")
    peer = rates["riichienv+greedy"]
    print(f"ratio ours+bots / riichienv+greedy:   {rates['ours+bots'] / peer:.2f}x  (goal >= 1.0x)")
    print(
        f"ratio ours+greedy / riichienv+greedy: {rates['ours+greedy'] / peer:.2f}x  "
        "(engines with equal agents)"
    )
    print(
        f"ratio ours+bots / riichienv+useful:   "
        f"{rates['ours+bots'] / rates['riichienv+useful']:.2f}x  "
        "(riichienv with our bot's shanten + useful-tile work in Python)"
    )

    print(
        f"during ours+bots: garbage collector {watch.seconds:.2f} s (wall), "
        f"{watch.new_shapes} suit shapes seen for the first time (shanten tables filled)"
    )
    times, parts = decision_times(options, [900, 901])
    times_us = sorted(x * 1e6 for x in times)
    p99 = times_us[int(0.99 * (len(times_us) - 1))]
    print(
        f"bot decision: {len(times_us)} decisions, mean {statistics.fmean(times_us):.0f} us, "
        f"median {statistics.median(times_us):.0f} us, p99 {p99:.0f} us, max {times_us[-1]:.0f} us"
    )
    total = sum(parts.values())
    print(
        "ours+bots time over those games: "
        + ", ".join(f"{name} {100 * sec / total:.0f}%" for name, sec in parts.items())
    )


if __name__ == "__main__":
    main()
