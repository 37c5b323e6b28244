"""Riichi scoring speed: openmahjong's ``score_win`` against ``mahjong`` 2.1.0, on fresh hands.

    .venv/bin/python bench/riichi_scoring.py [--hands 50000] [--warmup 20000] [--seed 1]

Two headline figures, each ours against ``mahjong`` (configured like our ``tenhou`` preset) in
the same run, and their ratio:

1. **fresh hands** from ``game_win`` below, a mix of wins as games produce them (calls, kans,
   riichi, dora, no-yaku refusals: the table below). Every hand is scored once, never before
   by the process: the warm-up scores a different set first (different seed, and any hand that
   happens to be in both is dropped from the timed set). So whatever our tables fill lazily
   for new suit patterns is paid inside the clock, as a long-running server pays it.
2. **real records**: every win of the four-player Tenhou games in ``tests/data``
   (``tenhou-houou-2020`` and ``tenhou-mjx``, read with ``formats.mjlog.read_agari``; 267
   wins), scored with the flags the record states, right after the warm-up, also once.

Ours is called as a user calls it: ``score_win(hand, win_tile, melds, rules="tenhou", ...)``
from plain tile lists and ``Meld`` tuples, the preset named by a string, input checks included.
``mahjong``'s inputs (136-ids, ``Meld`` and ``HandConfig`` objects) are built before its clock.
Each side gets its own copy of every input. Before every clock ``gc.collect(); gc.freeze()``;
clocks are the thread's CPU time (``time.thread_time``: a wait for a core on a shared machine
counts against no one). The fresh pass is cut into chunks of ``--chunk`` hands timed in turn
(ours, mahjong, riichienv, next chunk), so a busy moment slows everyone alike.

After the headlines (untimed): the agreement with ``mahjong`` on both sets (han, fu, value,
and a refusal for no yaku), the measured mix, and a **repeated pass** over the same hands
(labelled as such: every table warm; each chunk's best of ``--repeat`` rounds), broken down by
kind of hand. ``riichienv`` (Rust) is timed alongside with its own default (Mahjong Soul) rules,
not compared.

The generator (``game_win``), per hand:

| what | how often |
|---|---|
| shape | seven pairs 4%, thirteen orphans 0.5%, else four sets and a pair |
| a set | a run 60% (of one suit in 12% of the hands, for flushes), else a triplet (an honor 20%) |
| calls | half the hands are open: 1-4 called sets (1: 35%, 2: 35%, 3: 20%, 4: 10%) |
| called sets | chi for a run; for a triplet pon 80%, open kan 8%, added kan 12% (4th copy free) |
| closed kans | each concealed triplet of a closed hand 6% (the fourth copy free) |
| riichi | 45% of closed hands (3% of those double riichi); ippatsu 20% of those |
| tsumo | 40% |
| dora | one indicator per kan plus one, ura as many for riichi |
| red fives | a held five is the red one with the odds of the deal (n fives of a suit: n/4) |
| rare flags | rinshan 30% of tsumo wins with a kan, haitei 3%, houtei 3%, chankan 1% |
| table | seat wind uniform, round East 65% / South 35%, honba 0-3, sticks 0-2 |

About a third of these hands have no yaku (open hands without yakuhai, tanyao, flush or
all-triplets; closed ron hands without riichi), which ``score_win`` refuses with ``NoYaku``.
The run prints the measured mix.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "rules" / "riichi"))

from peers import MahjongPeer, RiichiEnvPeer  # noqa: E402

from openmahjong import tiles as T  # noqa: E402
from openmahjong.formats.mjlog import read_agari  # noqa: E402
from openmahjong.rules.riichi import scoring  # noqa: E402
from openmahjong.rules.riichi.errors import NoYaku  # noqa: E402
from openmahjong.rules.riichi.hand import Meld  # noqa: E402
from openmahjong.rules.riichi.scoring import score_win  # noqa: E402

DATA = REPO / "tests" / "data"
RECORDS = sorted((DATA / "tenhou-houou-2020").glob("*.mjlog")) + sorted(
    (DATA / "tenhou-mjx").glob("*.mjlog")
)

# ---------------------------------------------------------------------------- the generator

_KINDS = T.ALL_KINDS  # dense index -> tile code
_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_FIVES = (4, 13, 22)  # dense index of each suit's five


def _pick_sets(rng: random.Random, used: list[int]) -> tuple[int, list[tuple[int, int]]] | None:
    """A pair and four sets ((0 triplet | 1 run, dense index)), within four copies of a kind."""
    one_suit = rng.randrange(3) if rng.random() < 0.12 else -1
    sets: list[tuple[int, int]] = []
    for _ in range(40):
        if len(sets) == 4:
            break
        suit = one_suit if one_suit >= 0 else rng.randrange(3)
        if rng.random() < 0.6:
            i = 9 * suit + rng.randrange(7)
            if all(used[i + k] < 4 for k in range(3)):
                for k in range(3):
                    used[i + k] += 1
                sets.append((1, i))
        else:
            i = 27 + rng.randrange(7) if rng.random() < 0.2 else 9 * suit + rng.randrange(9)
            if used[i] <= 1:
                used[i] += 3
                sets.append((0, i))
    if len(sets) < 4:
        return None
    pool = [i for i in range(34) if used[i] <= 2]
    if one_suit >= 0:
        pool = [i for i in pool if i >= 27 or i // 9 == one_suit] or pool
    pair = rng.choice(pool)
    used[pair] += 2
    return pair, sets


def _redden(rng: random.Random, concealed: list[int], melds: list[list[int]]) -> None:
    """Make a held five the red one with the odds of the deal (one red among four copies)."""
    for i in _FIVES:
        code = _KINDS[i]
        places = [(concealed, j) for j, t in enumerate(concealed) if t == code]
        places += [(ts, j) for ts in melds for j, t in enumerate(ts) if t == code]
        if places and rng.random() < len(places) / 4:
            tiles, j = rng.choice(places)
            tiles[j] = (code // 10) * 100 + 5


def _situation(rng: random.Random, closed: bool, kans: int) -> dict[str, Any]:
    tsumo = rng.random() < 0.4
    kw: dict[str, Any] = {
        "tsumo": tsumo,
        "seat_wind": rng.choice((41, 42, 43, 44)),
        "round_wind": 41 if rng.random() < 0.65 else 42,
        "honba": rng.choice((0, 0, 0, 0, 1, 1, 2, 3)),
        "riichi_sticks": rng.choice((0, 0, 0, 1, 1, 2)),
    }
    if closed and rng.random() < 0.45:
        kw["double_riichi" if rng.random() < 0.03 else "riichi"] = True
        if rng.random() < 0.2:
            kw["ippatsu"] = True
    if tsumo:
        if kans and rng.random() < 0.3:
            kw["rinshan"] = True
        elif rng.random() < 0.03:
            kw["haitei"] = True
    elif rng.random() < 0.03:
        kw["houtei"] = True
    elif rng.random() < 0.01:
        kw["chankan"] = True
    kw["dora_indicators"] = [_KINDS[rng.randrange(34)] for _ in range(1 + kans)]
    if kw.get("riichi") or kw.get("double_riichi"):
        kw["ura_indicators"] = [_KINDS[rng.randrange(34)] for _ in range(1 + kans)]
    return kw


def game_win(rng: random.Random) -> dict[str, Any]:
    """A complete hand and its situation, as ``score_win`` keywords (the mix: module doc).

    Melds are ``(kind, [tiles])`` here; ``ours`` turns them into ``Meld`` tuples."""
    roll = rng.random()
    if roll < 0.045:
        if roll < 0.04:  # seven pairs
            concealed = [_KINDS[i] for i in rng.sample(range(34), 7) for _ in range(2)]
        else:  # thirteen orphans
            concealed = [_KINDS[i] for i in _ORPHANS] + [_KINDS[rng.choice(_ORPHANS)]]
        _redden(rng, concealed, [])
        kw = _situation(rng, True, 0)
        return {"hand": concealed, "win_tile": rng.choice(concealed), "melds": [], **kw}
    picked = None
    while picked is None:
        used = [0] * 34
        picked = _pick_sets(rng, used)
    pair, sets = picked
    called: set[int] = set()
    if rng.random() < 0.5:
        n = rng.choices((1, 2, 3, 4), (35, 35, 20, 10))[0]
        called = set(rng.sample(range(4), n))
    concealed = [_KINDS[pair]] * 2
    melds: list[tuple[str, list[int]]] = []
    for j, (t, i) in enumerate(sets):
        tiles = [_KINDS[i + k] for k in range(3)] if t == 1 else [_KINDS[i]] * 3
        free = t == 0 and used[i] == 3  # the fourth copy: a kan is possible
        if j in called:
            if t == 1:
                melds.append(("chi", tiles))
                continue
            kind = rng.choices(("pon", "minkan", "kakan"), (80, 8, 12))[0] if free else "pon"
            melds.append((kind, tiles + tiles[:1] if kind != "pon" else tiles))
        elif free and not called and rng.random() < 0.06:
            melds.append(("ankan", tiles + tiles[:1]))
        else:
            concealed += tiles
    _redden(rng, concealed, [ts for _, ts in melds])
    kans = sum(1 for k, _ in melds if k != "pon" and k != "chi")
    kw = _situation(rng, not called, kans)
    return {"hand": concealed, "win_tile": rng.choice(concealed), "melds": melds, **kw}


def hand_key(kw: dict[str, Any]) -> tuple:
    """Everything a hand is scored from, to drop a timed hand the warm-up already scored."""
    melds = tuple((k, tuple(ts)) for k, ts in kw["melds"])
    rest = tuple(
        sorted(
            (k, tuple(v) if isinstance(v, list) else v)
            for k, v in kw.items()
            if k not in ("hand", "melds")
        )
    )
    return tuple(sorted(kw["hand"])), melds, rest


# ---------------------------------------------------------------------------- the real records


def record_wins() -> list[dict[str, Any]]:
    """Every win of the four-player Tenhou games in tests/data, as ``game_win`` writes a hand.

    Situational yaku a log does not spell out in its tiles (ippatsu, haitei, rinshan, ...) come
    from the recorded yaku, as ``tests/formats/test_mjlog_agari.py`` reads them."""
    situational = {
        "double_riichi": 21,
        "ippatsu": 2,
        "chankan": 3,
        "rinshan": 4,
        "haitei": 5,
        "houtei": 6,
        "tenhou": 37,
        "chiihou": 38,
    }
    out = []
    for path in RECORDS:
        for a in read_agari(path):
            if a.game_type.three_player:
                continue
            if not (a.game_type.red_fives and a.game_type.open_tanyao):
                raise SystemExit(f"{path.name}: a table unlike the tenhou preset")
            ids = {y for y, _ in a.yaku} | set(a.yakuman)
            kw: dict[str, Any] = {
                "hand": list(a.hand),
                "win_tile": a.win_tile,
                "melds": [(k, list(ts)) for k, ts in a.melds],
                "tsumo": a.tsumo,
                "seat_wind": a.seat_wind,
                "round_wind": a.round_wind,
                # In a double ron only the winner nearest the discarder takes honba and sticks.
                "honba": 0 if a.after_another_win else a.honba,
                "riichi_sticks": 0 if a.after_another_win else a.riichi_sticks,
                "dora_indicators": list(a.dora_indicators),
            }
            if a.riichi:
                kw["riichi"] = True
                kw["ura_indicators"] = list(a.ura_indicators)
            for name, tid in situational.items():
                if tid in ids:
                    kw[name] = True
            if kw.get("double_riichi"):
                kw.pop("riichi", None)
            out.append(kw)
    return out


# ---------------------------------------------------------------------------- the contenders


def ours(kw: dict[str, Any]) -> dict[str, Any]:
    """Our own copy of a hand's input: fresh lists, ``Meld`` tuples."""
    out = {k: list(v) if isinstance(v, list) else v for k, v in kw.items()}
    out["melds"] = [Meld(k, tuple(ts)) for k, ts in kw["melds"]]
    return out


def time_ours(hands: list[dict[str, Any]]) -> float:
    gc.collect()
    gc.freeze()
    start = time.thread_time()
    for kw in hands:
        try:  # noqa: SIM105 - cheaper than contextlib.suppress in a timed loop
            score_win(**kw, rules="tenhou")
        except NoYaku:
            pass
    return time.thread_time() - start


def time_peer(score: Callable[[Any], Any], prepared: list[Any]) -> float:
    gc.collect()
    gc.freeze()
    start = time.thread_time()
    for p in prepared:
        score(p)
    return time.thread_time() - start


def ours_summary(kw: dict[str, Any]) -> tuple:
    try:
        win = score_win(**kw, rules="tenhou")
    except NoYaku:
        return ("no_yaku",)
    return ("win", win.han, 0 if win.yakuman else win.fu, win.total)


def peer_summary(result: Any) -> tuple:
    if result.error:
        return ("no_yaku",) if "yaku" in result.error else (result.error,)
    yakuman = any(y.is_yakuman for y in result.yaku)
    return ("win", result.han, 0 if yakuman else result.fu, result.cost["total"])


class Side:
    """One contender's inputs for one set of hands (its own copies) and its timer."""

    def __init__(self, name: str, hands: list[dict[str, Any]], peer: Any = None) -> None:
        self.name = name
        self.peer = peer
        if peer is None:
            self.inputs: list[Any] = [ours(kw) for kw in hands]
        else:
            self.inputs = [peer.prepare(ours(kw)) for kw in hands]

    def time(self, a: int, b: int) -> float:
        if self.peer is None:
            return time_ours(self.inputs[a:b])
        return time_peer(self.peer.score, self.inputs[a:b])


def time_once(sides: list[Side], n: int, chunk: int) -> dict[str, float]:
    """Each hand once per side, chunk by chunk in turn: seconds per side."""
    spent = {s.name: 0.0 for s in sides}
    for a in range(0, n, chunk):
        for s in sides:
            spent[s.name] += s.time(a, min(a + chunk, n))
    return spent


def time_best(sides: list[Side], n: int, chunk: int, repeat: int) -> dict[str, float]:
    """The repeated pass: per chunk the best of ``repeat`` rounds, summed."""
    spans = [(a, min(a + chunk, n)) for a in range(0, n, chunk)]
    best = {s.name: [float("inf")] * len(spans) for s in sides}
    for _ in range(repeat):
        for c, (a, b) in enumerate(spans):
            for s in sides:
                best[s.name][c] = min(best[s.name][c], s.time(a, b))
    return {name: sum(ts) for name, ts in best.items()}


def report(title: str, n: int, spent: dict[str, float]) -> None:
    rate = {name: n / t for name, t in spent.items()}
    parts = "  ".join(f"{name} {r:>10,.0f}/s" for name, r in rate.items())
    print(f"{title:<34}{parts}  ours/mahjong {rate['ours'] / rate['mahjong']:5.2f}x")


def agreement(hands: list[dict[str, Any]], mahjong: MahjongPeer) -> tuple[int, list[tuple]]:
    same, shown = 0, []
    for kw in hands:
        a = ours_summary(ours(kw))
        b = peer_summary(mahjong.score(mahjong.prepare(ours(kw))))
        if a == b:
            same += 1
        elif len(shown) < 5:
            shown.append((kw, a, b))
    return same, shown


def describe(hands: list[dict[str, Any]]) -> str:
    n = len(hands)
    called = sum(1 for kw in hands if any(k != "ankan" for k, _ in kw["melds"]))
    kans = sum(1 for kw in hands if any(len(ts) == 4 for _, ts in kw["melds"]))
    riichi = sum(1 for kw in hands if kw.get("riichi") or kw.get("double_riichi"))
    tsumo = sum(1 for kw in hands if kw["tsumo"])
    dora = sum(len(kw["dora_indicators"]) for kw in hands)
    refused = sum(1 for kw in hands if ours_summary(ours(kw))[0] == "no_yaku")
    return (
        f"calls {100 * called / n:.0f}%, a kan {100 * kans / n:.0f}%, riichi "
        f"{100 * riichi / n:.0f}%, tsumo {100 * tsumo / n:.0f}%, dora indicators "
        f"{dora / n:.2f}/hand, no yaku (refused) {100 * refused / n:.0f}%"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=50_000, help="fresh hands timed")
    parser.add_argument("--warmup", type=int, default=20_000, help="hands scored before")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--chunk", type=int, default=1000, help="hands per timed chunk")
    parser.add_argument("--repeat", type=int, default=3, help="repeated pass: best of N")
    args = parser.parse_args()

    compiled = not scoring.__file__.endswith(".py")
    print(f"scorer: {'compiled (mypyc)' if compiled else 'plain Python'}: {scoring.__file__}")
    warm_rng = random.Random(f"warm-up {args.seed}")
    warm = [game_win(warm_rng) for _ in range(args.warmup)]
    seen = {hand_key(kw) for kw in warm}
    rng = random.Random(f"timed {args.seed}")
    fresh = [kw for kw in (game_win(rng) for _ in range(args.hands)) if hand_key(kw) not in seen]
    records = record_wins()

    mahjong, renv = MahjongPeer(), RiichiEnvPeer()

    def sides(hands: list[dict[str, Any]]) -> list[Side]:
        return [
            Side("ours", hands),
            Side("mahjong", hands, mahjong),
            Side("riichienv", hands, renv),
        ]

    warm_sides, fresh_sides, record_sides = sides(warm), sides(fresh), sides(records)
    time_once(warm_sides, len(warm), args.chunk)  # the warm-up: every side, another set

    # ------------------------------------------------------------ the headline figures
    n = len(fresh)
    print(f"\nfresh hands ({n:,}, scored once, after a warm-up on {len(warm):,} others):")
    report("  fresh hands", n, time_once(fresh_sides, n, args.chunk))
    print(f"real records ({len(records)} wins of the 4-player Tenhou games in tests/data):")
    report("  real records, once", len(records), time_once(record_sides, len(records), 10**9))

    # ------------------------------------------------------------ untimed checks, then repeats
    for name, hands in (("fresh hands", fresh), ("real records", records)):
        same, shown = agreement(hands, mahjong)
        print(f"agreement with mahjong 2.1.0 on {name}: {same}/{len(hands)}")
        for kw, a, b in shown:
            print("  DISAGREE", kw, a, b)
    print(f"fresh hands' mix: {describe(fresh)}")
    print(f"real records' mix: {describe(records)}")

    print("\nrepeated pass (labelled: the same hands again, every table warm):")
    report("  fresh hands, repeated", n, time_best(fresh_sides, n, args.chunk, args.repeat))
    report(
        "  real records, repeated",
        len(records),
        time_best(record_sides, len(records), len(records), 5 * args.repeat),
    )
    kinds: dict[str, list[int]] = {"closed, a win": [], "called, a win": [], "refused": []}
    for j, kw in enumerate(fresh):
        if ours_summary(ours(kw))[0] == "no_yaku":
            kinds["refused"].append(j)
        elif any(k != "ankan" for k, _ in kw["melds"]):
            kinds["called, a win"].append(j)
        else:
            kinds["closed, a win"].append(j)
    for kind, idx in kinds.items():
        part = [fresh[j] for j in idx]
        if part:
            spent = time_best(sides(part), len(part), args.chunk, args.repeat)
            report(f"  {kind} ({100 * len(part) / n:.0f}%), repeated", len(part), spent)


if __name__ == "__main__":
    main()
