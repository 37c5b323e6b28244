"""The open-hand yaku plans the bot counts per discard in one pass give what counting each
hand after its discard gives."""

from __future__ import annotations

import random

from openmahjong.bots.riichi import RiichiBot, _Situation


def random_open_hand(rng: random.Random) -> tuple[list[int], list[tuple[str, list[int]]]]:
    """A concealed hand of 14 - 3k tiles and k open melds (chi or pon), no kind past four."""
    left = [4] * 34
    melds: list[tuple[str, list[int]]] = []
    for _ in range(rng.randint(1, 3)):
        if rng.random() < 0.5:
            first = rng.choice([9 * s + n for s in range(3) for n in range(7)])
            idx = [first, first + 1, first + 2]
            kind = "chi"
        else:
            idx = [rng.randrange(34)] * 3
            kind = "pon"
        if all(left[i] >= idx.count(i) for i in idx):
            for i in idx:
                left[i] -= 1
            melds.append((kind, idx))
    if not melds:
        return random_open_hand(rng)
    counts = [0] * 34
    pool = [i for i in range(34) for _ in range(left[i])]
    for i in rng.sample(pool, 14 - 3 * len(melds)):
        counts[i] += 1
    return counts, melds


def test_plan_table_matches_plan_violations_after_each_discard():
    rng = random.Random(31)
    bot = RiichiBot()
    for _ in range(3000):
        counts, melds = random_open_hand(rng)
        if rng.random() < 0.3:  # value honours in hand, sometimes three of them
            y = rng.choice((27, 31, 32, 33))
            if counts[y] == 0 and any(counts[i] for i in range(27)):
                out = rng.choice([i for i in range(27) if counts[i]])
                counts[out] -= 1
                counts[y] += 1
        yakuhai = frozenset({31, 32, 33, 27, rng.choice((27, 28, 29, 30))})
        sit = _Situation(0, counts, [], melds, yakuhai, False)
        kinds = [i for i in range(34) if counts[i]]
        table = bot._plan_table(sit, counts, kinds)
        for i in kinds:
            counts[i] -= 1
            assert table[i] == bot._plan_violations(sit, counts, melds), (counts, melds, i)
            counts[i] += 1


def plain_violations(
    counts: list[int], melds: list[tuple[str, list[int]]], yakuhai: frozenset[int]
) -> int | None:
    """The yaku plans of an open hand written out tile by tile (the definition)."""
    if all(kind == "ankan" for kind, _ in melds):
        return 0
    if any(kind != "chi" and idx[0] in yakuhai for kind, idx in melds):
        return 0
    if any(counts[i] >= 3 for i in yakuhai):
        return 0
    terminal_or_honour = [i >= 27 or i % 9 in (0, 8) for i in range(34)]
    flat = [i for _, idx in melds for i in idx]
    options = []
    if not any(terminal_or_honour[i] for i in flat):
        options.append(sum(counts[i] for i in range(34) if terminal_or_honour[i]))
    suits = {i // 9 for i in flat if i < 27}
    if len(suits) <= 1:
        options.append(
            min(sum(counts[i] for i in range(27) if i // 9 != s) for s in (suits or {0, 1, 2}))
        )
    if all(kind != "chi" for kind, _ in melds):
        singles = sum(1 for n in counts if n == 1)
        pairs = sum(1 for n in counts if n >= 2)
        needed = 5 - len(melds)
        if pairs + 1 >= needed:
            options.append(max(0, singles - 1) + max(0, needed - pairs - 1))
    return min(options) if options else None


def test_plan_violations_match_the_plans_written_out():
    rng = random.Random(32)
    bot = RiichiBot()
    for _ in range(3000):
        counts, melds = random_open_hand(rng)
        counts[rng.choice([i for i in range(34) if counts[i]])] -= 1  # the hand after a call
        yakuhai = frozenset({31, 32, 33, 27, rng.choice((27, 28, 29, 30))})
        sit = _Situation(0, counts, [], melds, yakuhai, False)
        want = plain_violations(counts, melds, yakuhai)
        assert bot._plan_violations(sit, counts, melds) == want, (counts, melds)
