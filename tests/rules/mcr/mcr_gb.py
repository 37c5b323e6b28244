"""Conversions between PyMahjongGB's notation and the scorer's arguments (tests and bench only)."""

from __future__ import annotations

from openmahjong.rules.mcr.scoring import BelowMinimum, Meld, score_win
from openmahjong.tiles import from_gb, to_gb

#: PyMahjongGB calls the three waits 独听・X; the rulebook names are these.
GB_NAME = {"独听・边张": "边张", "独听・嵌张": "嵌张", "独听・单钓": "单钓将"}


def meld_from_pack(kind: str, tile: str, offer: int) -> Meld:
    t = from_gb(tile)
    if kind == "CHI":
        return Meld("chi", (t - 1, t, t + 1))
    if kind == "PENG":
        return Meld("pon", (t, t, t))
    return Meld("ankan" if offer == 0 else "minkan", (t,) * 4)


def pack_from_meld(meld: Meld) -> tuple[str, str, int]:
    tiles = sorted(meld.tiles)
    if meld.kind == "chi":
        return ("CHI", to_gb(tiles[1]), 1)
    if meld.kind == "pon":
        return ("PENG", to_gb(tiles[0]), 1)
    return ("GANG", to_gb(tiles[0]), 0 if meld.kind == "ankan" else 1)


def score_row(row: dict) -> dict[str, int]:
    """Our fans for a golden/PyMahjongGB-style row, as {name: count}, the minimum not applied."""
    win = from_gb(row["winTile"])
    hand = [from_gb(t) for t in row["hand"]] + [win]
    melds = [meld_from_pack(*p) for p in row["pack"]]
    try:
        result = score_win(
            hand,
            win,
            melds,
            self_drawn=row["isSelfDrawn"],
            fourth_tile=row["is4thTile"],
            kong=row["isAboutKong"],
            last_tile=row["isWallLast"],
            seat_wind=41 + row["seatWind"],
            prevalent_wind=41 + row["prevalentWind"],
            flowers=row["flowerCount"],
        )
    except BelowMinimum as low:
        result = low.win
    return {e.zh: e.count for e in result.fans}


def gb_fans(row: dict) -> dict[str, int]:
    import MahjongGB

    out = MahjongGB.MahjongFanCalculator(
        pack=tuple(tuple(p) for p in row["pack"]),
        hand=tuple(row["hand"]),
        winTile=row["winTile"],
        flowerCount=row["flowerCount"],
        isSelfDrawn=row["isSelfDrawn"],
        is4thTile=row["is4thTile"],
        isAboutKong=row["isAboutKong"],
        isWallLast=row["isWallLast"],
        seatWind=row["seatWind"],
        prevalentWind=row["prevalentWind"],
        verbose=True,
    )
    return {GB_NAME.get(name, name): cnt for _pts, cnt, name, _en in out}


# --------------------------------------------------------------------------- random winning hands

_SUITED = [s * 10 + n for s in (1, 2, 3) for n in range(1, 10)]
_HONORS = [41, 42, 43, 44, 45, 46, 47]
_KNITTED = [(1, 4, 7), (2, 5, 8), (3, 6, 9)]


def _tile_pool(rng) -> list[int]:
    """Kinds a hand may draw its sets from; narrowed at times so that flushes and the like occur."""
    style = rng.random()
    if style < 0.15:
        s = rng.choice((1, 2, 3))
        return [s * 10 + n for n in range(1, 10)]
    if style < 0.3:
        s = rng.choice((1, 2, 3))
        return [s * 10 + n for n in range(1, 10)] + _HONORS
    if style < 0.38:
        return [t for t in _SUITED + _HONORS if t > 40 or t % 10 in (1, 9)]
    if style < 0.45:
        return [32, 33, 34, 36, 38, 47]
    if style < 0.52:
        return [t for t in _SUITED if 2 <= t % 10 <= 8]
    if style < 0.56:
        return [t for t in _SUITED if 3 <= t % 10 <= 7]
    if style < 0.6:
        return [t for t in _SUITED if t % 10 <= 4]
    if style < 0.64:
        return [t for t in _SUITED if t % 10 >= 6]
    if style < 0.7:
        s = rng.choice((1, 2, 3))
        return [s * 10 + n for n in range(1, 10)] + [
            t for t in _SUITED if t % 10 in (1, 2, 3, 7, 8, 9, 5)
        ]
    return _SUITED + _HONORS


def random_regular(rng) -> dict | None:
    pool = _tile_pool(rng)
    counts: dict[int, int] = {}
    sets: list[tuple[str, int]] = []

    def take(t: int, n: int) -> bool:
        if counts.get(t, 0) + n > 4:
            return False
        counts[t] = counts.get(t, 0) + n
        return True

    tries = 0
    chow_rate = rng.choice((0.2, 0.6, 0.9, 1.0))
    while len(sets) < 4:
        tries += 1
        if tries > 60:
            return None
        t = rng.choice(pool)
        if t < 40 and t % 10 <= 7 and rng.random() < chow_rate and t + 1 in pool and t + 2 in pool:
            if all(counts.get(x, 0) < 4 for x in (t, t + 1, t + 2)):
                for x in (t, t + 1, t + 2):
                    take(x, 1)
                sets.append(("chow", t + 1))
            continue
        if take(t, 3):
            sets.append(("pung", t))
    pair = None
    for _ in range(30):
        t = rng.choice(pool)
        if take(t, 2):
            pair = t
            break
    if pair is None:
        return None
    packs: list[tuple[str, str, int]] = []
    standing: list[int] = [pair, pair]
    n_melds = rng.choice((0, 0, 0, 1, 1, 2, 3, 4))
    for i, (kind, t) in enumerate(sets):
        melded = i < n_melds
        if kind == "chow":
            if melded:
                packs.append(("CHI", to_gb(t), rng.choice((1, 2, 3))))
            else:
                standing += [t - 1, t, t + 1]
        else:
            kongable = counts[t] == 3 and rng.random() < 0.25
            if kongable:
                counts[t] = 4
                packs.append(("GANG", to_gb(t), 0 if not melded else rng.choice((1, 2, 3))))
            elif melded:
                packs.append(("PENG", to_gb(t), rng.choice((1, 2, 3))))
            else:
                standing += [t, t, t]
    return _finish(rng, packs, standing)


def random_special(rng) -> dict:
    form = rng.random()
    if form < 0.4:  # seven pairs
        pool = _tile_pool(rng)
        kinds = [rng.choice(pool) for _ in range(7)]
        standing = []
        for t in kinds:
            if standing.count(t) <= 2:
                standing += [t, t]
        while len(standing) < 14:
            t = rng.choice(_SUITED)
            if standing.count(t) <= 2:
                standing += [t, t]
        return _finish(rng, [], standing)
    if form < 0.5:  # seven shifted pairs
        s, lo = rng.choice((1, 2, 3)), rng.randint(1, 3)
        return _finish(rng, [], [s * 10 + n for n in range(lo, lo + 7) for _ in (0, 1)])
    if form < 0.55:  # nine gates
        s = rng.choice((1, 2, 3))
        gates = [s * 10 + n for n in (1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9)]
        return _finish(rng, [], gates + [s * 10 + rng.randint(1, 9)], win=-1)
    if form < 0.6:  # thirteen orphans
        orphans = [11, 19, 21, 29, 31, 39] + _HONORS
        return _finish(rng, [], orphans + [rng.choice(orphans)])
    suits = [1, 2, 3]
    rng.shuffle(suits)
    straight = [s * 10 + n for s, ns in zip(suits, _KNITTED, strict=True) for n in ns]
    if form < 0.8:  # honors and knitted
        n_suited = rng.randint(7, 9)
        return _finish(rng, [], rng.sample(straight, n_suited) + rng.sample(_HONORS, 14 - n_suited))
    # knitted straight with a set and a pair
    rest = random_regular(rng)
    if rest is None:
        return random_special(rng)
    extra = [from_gb(t) for t in rest["hand"]] + [from_gb(rest["winTile"])]
    packs = rest["pack"]
    pool = extra[:]
    # keep one set and the pair of the random regular hand
    standing = straight[:]
    if packs and rng.random() < 0.5:
        packs = packs[:1]
        pair_tile = rng.choice(_SUITED + _HONORS)
        standing += [pair_tile, pair_tile]
    else:
        packs = []
        t = rng.choice(_SUITED + _HONORS)
        if t < 40 and t % 10 <= 7 and rng.random() < 0.5:
            standing += [t, t + 1, t + 2]
        else:
            standing += [t, t, t]
        p = rng.choice(_SUITED + _HONORS)
        standing += [p, p]
    del pool
    if any(standing.count(t) + _pack_count(packs, t) > 4 for t in set(standing)):
        return random_special(rng)
    return _finish(rng, packs, standing)


def _pack_count(packs, t: int) -> int:
    n = 0
    for kind, tile, _ in packs:
        m = from_gb(tile)
        if kind == "CHI":
            n += t in (m - 1, m, m + 1)
        elif m == t:
            n += 4 if kind == "GANG" else 3
    return n


def _finish(rng, packs, standing: list[int], win: int | None = None) -> dict:
    """``win=-1``: the last tile of ``standing`` is the winning tile."""
    win = standing[-1] if win == -1 else rng.choice(standing)
    standing = sorted(standing)
    standing.remove(win)
    self_drawn = rng.random() < 0.4
    return {
        "pack": [list(p) for p in packs],
        "hand": [to_gb(t) for t in standing],
        "winTile": to_gb(win),
        "flowerCount": rng.choice((0, 0, 0, 1, 2)),
        "isSelfDrawn": self_drawn,
        "is4thTile": rng.random() < 0.1,
        "isAboutKong": rng.random() < 0.1,
        "isWallLast": rng.random() < 0.1,
        "seatWind": rng.randint(0, 3),
        "prevalentWind": rng.randint(0, 3),
    }


def random_win(rng) -> dict:
    """A random winning hand as a PyMahjongGB-style row (no flowers in the hand itself)."""
    while True:
        row = random_special(rng) if rng.random() < 0.2 else random_regular(rng)
        if row is not None:
            return row
