"""Every concealed base yaku won in play on a rigged wall, with roots and their exceptions and the
6-han cap: seat 1 holds the named hand (after the exchange), the dealer discards the winning tile
first, seat 1's ron is scored by the round and paid by the discarder alone.

The melded bases (single wait, four quads and their pure forms) are the scorer's named hands in
test_scoring.py; the round's kans and pons, which they are built from, are test_round.py's."""

from __future__ import annotations

from collections import Counter

import pytest

from openmahjong.rules.sichuan.game.events import SichuanWon
from openmahjong.table import Ron
from openmahjong.tiles import parse, suit
from tests.rules.sichuan.test_round import P0, discard, of, pass_all, rig

LETTERS = "mps"

# (expected yaku as (key, han), points, seat 1's 13 tiles, the winning tile)
CASES = [
    ([("yakuless", 1)], 1000, "123456789m2345p", "5p"),
    ([("all_triplets", 2)], 2000, "111555m7779993p", "3p"),
    ([("full_flush", 3)], 4000, "1234567892345m", "5m"),
    ([("seven_pairs", 3)], 4000, "1133557799m224p", "4p"),
    ([("terminals_in_all_sets", 3)], 4000, "12378999m12999p", "3p"),
    ([("pure_triplets", 4)], 8000, "1113335557779m", "9m"),
    ([("258_triplets", 4)], 8000, "222555m2228885p", "5p"),
    ([("dragon_seven_pairs", 4)], 8000, "111133m2255779p", "9p"),
    ([("pure_seven_pairs", 5)], 16000, "1122334455779m", "9m"),
    ([("all_terminals", 5)], 16000, "1112223337899m", "9m"),
    # A root for four concealed copies, no kan declared.
    ([("yakuless", 1), ("root", 1)], 2000, "111123m456789p5p", "5p"),
    # 龙七对 with two fours: the duplicate is the base, the other four a root.
    ([("dragon_seven_pairs", 4), ("root", 1)], 16000, "11113333m22557p", "7p"),
    # 清龙七对 (6) with a second four: 7 han, capped at 6.
    ([("pure_dragon_seven_pairs", 6), ("root", 1)], 32000, "1111333355779m", "9m"),
    ([("pure_dragon_seven_pairs", 6)], 32000, "1111223344556m", "6m"),
]


def _text(tiles: list[int]) -> str:
    return "".join(f"{t % 10}{LETTERS[suit(t) - 1]}" for t in tiles)


def _take(pool: Counter[int], s: int, n: int, avoid: set[int]) -> list[int]:
    """``n`` tiles of suit ``s`` (1-3) from ``pool``, one copy of each kind where it can."""
    kinds = [10 * s + r for r in range(1, 10) if 10 * s + r not in avoid]
    out: list[int] = []
    while len(out) < n:
        before = len(out)
        for k in sorted(kinds, key=lambda k: -pool[k]):
            if len(out) < n and pool[k] > 0 and out.count(k) < 1 + (len(out) >= len(kinds)):
                pool[k] -= 1
                out.append(k)
        assert len(out) > before, f"no tiles of suit {s} left"
    return sorted(out)


def deal(hand: str, win: str) -> tuple[list[str], str]:
    """The four hands after the exchange and the voids: seat 1 ``hand``; the dealer 14 tiles of
    two suits with ``win`` (void the third); seats 2 and 3 all three suits (no win possible),
    void the winning tile's suit (no pon offered). Each hand lists one suit's tiles first."""
    tiles = parse(hand)
    w = parse(win)[0]
    pool: Counter[int] = Counter({10 * s + r: 4 for s in (1, 2, 3) for r in range(1, 10)})
    pool.subtract(Counter(tiles + [w]))
    held = {suit(t) for t in tiles + [w]}
    void1 = min({1, 2, 3} - held)
    other = max(({1, 2, 3} - {suit(w)}), key=lambda s: sum(pool[10 * s + r] for r in range(10)))
    dealer_void = ({1, 2, 3} - {suit(w), other}).pop()
    dealer = _take(pool, other, 9, set()) + _take(pool, suit(w), 4, {w}) + [w]
    fills = [_take(pool, a, 5, set()) + _take(pool, b, 4, set()) + _take(pool, c, 4, set())
             for a, b, c in ((1, 2, 3), (3, 2, 1))]  # fmt: skip
    hands = [_text(dealer), _text(tiles), _text(fills[0]), _text(fills[1])]
    voids = LETTERS[dealer_void - 1] + LETTERS[void1 - 1] + LETTERS[suit(w) - 1] * 2
    return hands, voids


@pytest.mark.parametrize(
    ("yaku", "total", "hand", "win"), CASES, ids=[f"{c[0][0][0]}-{c[2]}" for c in CASES]
)
def test_each_concealed_base_won_in_play(yaku, total, hand, win):
    hands, voids = deal(hand, win)
    t = rig(hands, voids)
    discard(t, 0, win)
    assert Ron() in t.legal_actions(1)
    t.act(1, Ron())
    pass_all(t)
    (won,) = of(t, SichuanWon)
    assert [(k, h) for k, h, _kind in won.yaku] == yaku
    assert [kind for _k, _h, kind in won.yaku] == ["base"] + ["bonus"] * (len(yaku) - 1)
    assert (won.seat, won.from_seat, won.order, won.total) == (1, 0, 1, total)
    assert won.han == min(6, sum(h for _k, h in yaku))
    assert won.payments == (-total, total, 0, 0)
    assert [s.points - P0 for s in t.seats] == [-total, total, 0, 0]
    assert t.seats[1].out and t.turn == 2
