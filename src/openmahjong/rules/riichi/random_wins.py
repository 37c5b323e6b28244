"""Random winning hands with random situations, for tests, benchmarks and the quiz.

``random_win(rng)`` returns the keyword arguments of ``scoring.score_win`` for a winning shape
that respects the physical tile set (at most four of a kind, one red five per suit), with melds
and situational flags that can happen together. Yaku are not guaranteed: some hands have none.
Pass a seeded ``random.Random``; nothing here touches global random state.
"""

from __future__ import annotations

import random
from typing import Any

from openmahjong import tiles as T
from openmahjong.rules.riichi.hand import Meld

__all__ = ["random_win"]

_KINDS = T.ALL_KINDS  # dense index -> our code
_TERMINALS_AND_HONORS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def _pick_sets(rng: random.Random) -> tuple[int, list[tuple[int, int]]] | None:
    """A pair and four sets (0 triplet / 1 sequence, dense index) within four copies each."""
    used = [0] * 34
    style = rng.random()
    if style < 0.25:  # lean on one suit (and honors) so flushes come up
        suit = rng.randrange(3)
        pool = list(range(9 * suit, 9 * suit + 9)) + list(range(27, 34))
    elif style < 0.35:  # terminals and honors (outside hands, honroutou, yakuman)
        pool = list(_TERMINALS_AND_HONORS) + [1, 6, 10, 15, 19, 24]
    elif style < 0.6:  # mostly runs of suited tiles (pinfu, tanyao, peikou)
        pool = list(range(27))
    else:
        pool = list(range(34))
    seq_odds = 0.9 if style >= 0.35 and style < 0.6 else 0.75
    sets: list[tuple[int, int]] = []
    pattern = rng.random()
    if pattern < 0.06:  # a mixed triple sequence
        o = rng.randrange(7)
        for base in (0, 9, 18):
            sets.append((1, base + o))
    elif pattern < 0.12:  # a pure straight
        base = 9 * rng.randrange(3)
        for o in (0, 3, 6):
            sets.append((1, base + o))
    elif pattern < 0.15:  # triple triplets
        o = rng.randrange(9)
        for base in (0, 9, 18):
            sets.append((0, base + o))
    for t, i in sets:
        for k in range(3) if t == 1 else (0, 0, 0):
            used[i + k] += 1
    for _ in range(40):
        if len(sets) == 4:
            break
        i = rng.choice(pool)
        if i < 27 and i % 9 <= 6 and rng.random() < seq_odds:
            if all(used[i + k] < 4 for k in range(3)):
                for k in range(3):
                    used[i + k] += 1
                sets.append((1, i))
        elif used[i] <= 1:
            used[i] += 3
            sets.append((0, i))
    if len(sets) < 4:
        return None
    pairs = [i for i in pool if used[i] <= 2]
    if not pairs:
        return None
    return rng.choice(pairs), sets


def _with_reds(tiles: list[int], rng: random.Random, taken: set[int]) -> list[int]:
    out = []
    for t in tiles:
        if t in (15, 25, 35) and t * 10 // 10 not in taken and rng.random() < 0.5:
            red = (t // 10) * 100 + 5
            if red not in taken:
                taken.add(red)
                out.append(red)
                continue
        out.append(t)
    return out


def _fourth_five_is_red(concealed: list[int], melds: list[Meld]) -> tuple[list[int], list[Meld]]:
    """Holding all four fives of a suit means holding its red one (the wall has one per suit)."""
    for five in (15, 25, 35):
        held = concealed.count(five) + sum(m.tiles.count(five) for m in melds)
        if held < 4:
            continue
        red = (five // 10) * 100 + 5
        if five in concealed:
            concealed = concealed[:]
            concealed[concealed.index(five)] = red
        else:
            j = next(j for j, m in enumerate(melds) if five in m.tiles)
            ts = list(melds[j].tiles)
            ts[ts.index(five)] = red
            melds = melds[:j] + [Meld(melds[j].kind, tuple(ts))] + melds[j + 1 :]
    return concealed, melds


def _situation(rng: random.Random, closed: bool, kans: int, melds: int) -> dict[str, Any]:
    tsumo = rng.random() < 0.5
    seat = rng.choice((41, 42, 43, 44))
    kw: dict[str, Any] = {
        "tsumo": tsumo,
        "seat_wind": seat,
        "round_wind": rng.choice((41, 41, 42, 42, 43, 44)),
        "honba": rng.choice((0, 0, 0, 1, 2, 5)),
        "riichi_sticks": rng.choice((0, 0, 1, 2)),
    }
    roll = rng.random()
    if closed and roll < 0.5:
        if rng.random() < 0.1:
            kw["double_riichi"] = True
        else:
            kw["riichi"] = True
        kw["ippatsu"] = rng.random() < 0.2
    if tsumo:
        if kans and rng.random() < 0.15:
            kw["rinshan"] = True
        elif rng.random() < 0.05:
            kw["haitei"] = True
        if (
            not melds
            and not kw.get("riichi")
            and not kw.get("double_riichi")
            and rng.random() < 0.01
        ):
            kw["tenhou" if seat == 41 else "chiihou"] = True
    else:
        if rng.random() < 0.05:
            kw["houtei"] = True
        elif rng.random() < 0.04:
            kw["chankan"] = True
    kw["dora_indicators"] = [_KINDS[rng.randrange(34)] for _ in range(rng.choice((1, 1, 1, 2, 3)))]
    if kw.get("riichi") or kw.get("double_riichi"):
        kw["ura_indicators"] = [_KINDS[rng.randrange(34)] for _ in kw["dora_indicators"]]
    return kw


def _special(rng: random.Random) -> list[int]:
    if rng.random() < 0.7:  # seven pairs
        kinds = rng.sample(range(34), 7)
        return [_KINDS[i] for i in kinds for _ in range(2)]
    extra = rng.choice(_TERMINALS_AND_HONORS)  # thirteen orphans
    return [_KINDS[i] for i in _TERMINALS_AND_HONORS] + [_KINDS[extra]]


def random_win(rng: random.Random) -> dict[str, Any]:
    """Keyword arguments for ``score_win`` describing one random winning hand."""
    taken: set[int] = set()
    if rng.random() < 0.06:
        concealed = _with_reds(_special(rng), rng, taken)
        win = rng.choice(concealed)
        kw = _situation(rng, True, 0, 0)
        return {"hand": concealed, "win_tile": win, "melds": [], **kw}
    picked = None
    while picked is None:
        picked = _pick_sets(rng)
    pair, sets = picked
    n_melds = rng.choice((0, 0, 0, 1, 1, 2, 2, 3, 4))
    melded = set(rng.sample(range(4), n_melds))
    concealed = [_KINDS[pair]] * 2
    held = [0] * 34  # copies the pair and sets use: a kan needs the fourth copy free
    held[pair] += 2
    for t, i in sets:
        for k in range(3) if t == 1 else (0, 0, 0):
            held[i + k] += 1
    melds: list[Meld] = []
    for j, (t, i) in enumerate(sets):
        tiles = [_KINDS[i + k] for k in range(3)] if t == 1 else [_KINDS[i]] * 3
        if j not in melded:
            concealed += tiles
            continue
        if t == 1:
            melds.append(Meld("chi", tuple(_with_reds(tiles, rng, taken))))
            continue
        kind = rng.choice(("pon", "pon", "pon", "minkan", "ankan", "kakan"))
        if kind != "pon" and held[i] == 3:
            tiles = tiles + [tiles[0]]
        else:
            kind = "pon"
        melds.append(Meld(kind, tuple(_with_reds(tiles, rng, taken))))
    concealed = _with_reds(concealed, rng, taken)
    concealed, melds = _fourth_five_is_red(concealed, melds)
    win = rng.choice(concealed)
    closed = all(m.kind == "ankan" for m in melds)
    kans = sum(1 for m in melds if m.kind in ("minkan", "ankan", "kakan"))
    kw = _situation(rng, closed, kans, len(melds))
    return {"hand": concealed, "win_tile": win, "melds": melds, **kw}
