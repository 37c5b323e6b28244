"""The fast path's tables equal the readable yaku checks over every input they can be asked for.

* situations: every situation key (the eleven flags, both winds, closed or not) is scored by
  the fast path and the general path, on a closed hand, a closed hand with a closed kan and an
  open hand with a kan, under each renhou rule;
* the presence table (``tables.presence_facts``) is built from ``yaku``'s own checks on a hand
  whose counters are zero where the key's are; here: the nine tile profiles it builds from
  realise every key a hand can have, and its key is the scorer's;
* the reading table (``tables.OWN_YAKU``/``SIG_HAN``: a decomposition's yaku as bits) equals
  ``yaku.reading_yaku`` on every reading built from blocks that tell every yaku apart (runs
  123/234/456/789 and triplets of 1 and 2 in each suit, two honor triplets, four pairs), closed
  and open (one to four sets called); those readings meet every combination of reading yaku
  that random hands meet.
"""

from __future__ import annotations

import itertools
import random

import pytest

from openmahjong.rules.riichi import scoring, tables
from openmahjong.rules.riichi.context import FLAGS, WinContext
from openmahjong.rules.riichi.hand import Hand, build_hand
from openmahjong.rules.riichi.options import RiichiRules
from openmahjong.rules.riichi.random_wins import random_win
from openmahjong.rules.riichi.scoring import Meld
from openmahjong.rules.riichi.shapes import KANCHAN, REGULAR, RYANMEN, Reading, readings
from openmahjong.rules.riichi.yaku import reading_yaku


def outcome(score, *args, **kw):
    try:
        w = score(*args, **kw)
    except ValueError as exc:
        return type(exc).__name__, str(exc)
    return w.han, w.fu, w.yaku, w.yakuman, w.limit, w.total, w.payments, w.fu_details


# --------------------------------------------------------------------------- every situation

# No yaku of its own (a penchan wait, terminals): whether it wins is the situation's say.
_CONCEALED = [11, 12, 13, 22, 23, 24, 32, 33, 34, 19, 19]
HANDS = [
    (_CONCEALED + [15, 16, 17], []),  # closed
    (_CONCEALED, [Meld("ankan", (15,) * 4)]),  # closed, with a kan (rinshan)
    (_CONCEALED, [Meld("minkan", (15,) * 4)]),  # open, with a kan
]
RENHOU = {mode: RiichiRules(renhou=mode) for mode in ("off", "mangan", "yakuman")}


@pytest.mark.parametrize("seat", [41, 42, 43, 44])
def test_every_situation_scores_as_the_general_path(seat):
    for flags, rnd in itertools.product(range(1 << len(FLAGS)), (41, 42, 43, 44)):
        values = {name: bool(flags >> i & 1) for i, name in enumerate(FLAGS)}
        context = WinContext(**values, seat_wind=seat, round_wind=rnd)
        modes = RENHOU.values() if values["renhou"] else (RENHOU["off"],)
        for (hand, melds), rules in itertools.product(HANDS, modes):
            kw = {"rules": rules, "ura_indicators": [18]}  # two ura-dora after a riichi
            fast = outcome(scoring.score_win, hand, 13, melds, context, **kw)
            general = outcome(scoring._score_general, hand, 13, melds, context, **kw)
            assert fast == general, (context, melds, rules.renhou)


# --------------------------------------------------------------------------- the presence table


def _scorer_presence_key(hand: list[int], melds: list[Meld]) -> int:
    """The presence key the fast path computes, from the suits' entries and the melds."""
    k0, k1, k2, hk, _ = tables.split_parts(sum(map(tables.WEIGHT.__getitem__, hand)))
    entries = [tables.suit_entry(0, k0), tables.suit_entry(1, k1), tables.suit_entry(2, k2)]
    entries.append(tables.honor_entry(hk))
    facts = sum(e.facts for e in entries if e is not None)
    for m in melds:
        facts += scoring._meld(m).facts
    return (facts + tables.FACT_ADD) & tables.FACT_MASK & ~(7 << tables.F_KANS)


def test_presence_profiles_realise_every_key_a_hand_can_have():
    one_tile = {tables._presence_bits([int(i == k) for i in range(34)]) for k in range(34)}
    profiles = {
        tables._presence_bits([int(i == t) for i in range(34)]) for t in tables._PROFILE_TILES
    }
    assert profiles == one_tile  # every tile counts where one of the nine profile tiles does
    shapes = tables._presence_shapes()
    # Every union of profiles is realised, by a 14-tile shape with exactly those counters.
    for choice in range(1, 1 << len(profiles)):
        bits = 0
        for j, b in enumerate(sorted(profiles)):
            if choice >> j & 1:
                bits |= b
        assert tables._presence_bits(list(shapes[bits])) == bits
        assert sum(shapes[bits]) == 14


def test_presence_key_of_a_shape_is_the_scorers():
    rng = random.Random(7)
    shapes = tables._presence_shapes()
    for _ in range(3000):
        kw = random_win(rng)
        h: Hand = build_hand(kw["hand"], kw["win_tile"], kw["melds"], 3)
        key = _scorer_presence_key(kw["hand"], kw["melds"])
        assert tables._presence_bits(h.shape) == key
        assert key in shapes


# --------------------------------------------------------------------------- the reading table

_BLOCKS = [
    *((1, 9 * s + o) for s in range(3) for o in (0, 1, 3, 6)),  # runs 123 234 456 789
    *((0, 9 * s + o) for s in range(3) for o in (0, 1)),  # triplets of 1 and 2
    (0, 29),  # West, and North: honor triplets that are no value for East / East
    (0, 30),
]
_PAIRS = (0, 1, 28, 27)  # 1m (terminal), 2m, South (no value), East (value)
_SIG_BITS = {
    "iipeikou": 1,
    "ryanpeikou": 2,
    "ittsu": tables.SIG_ITTSU,
    "sanshoku": tables.SIG_SANSHOKU,
    "sanshoku_doukou": tables.SIG_DOUKOU,
    "toitoi": tables.SIG_TOITOI,
    "chanta": tables.SIG_OUTSIDE,
    "junchan": 2 * tables.SIG_OUTSIDE,
}


def _table_key(closed: bool, own: list[tuple[str, int]]) -> int:
    names = {name for name, _ in own}
    sig = sum(_SIG_BITS[n] for n in names if n in _SIG_BITS)
    return (closed << 8 | sig) << 2 | ("pinfu" in names) << 1 | ("sanankou" in names)


def _sketch(closed: bool) -> Hand:
    return Hand([0] * 34, 0, (), closed, [0] * 34, [0] * 34, 0, 0)


def _reading_space():
    """Every reading of four blocks and a pair from the alphabet above: closed (every set
    concealed, or one triplet opened by a ron) and open (the first one to four sets called)."""
    for blocks in itertools.combinations_with_replacement(_BLOCKS, 4):
        for pair in _PAIRS:
            for wait in (RYANMEN, KANCHAN):
                sets = [(t, i, True, False) for t, i in blocks]
                yield True, Reading(REGULAR, pair, tuple(sets), wait)
                triplets = [j for j, (t, _) in enumerate(blocks) if t == 0]
                if triplets:  # a ron completing a triplet opens it
                    opened = list(sets)
                    t, i, _, kan = opened[triplets[0]]
                    opened[triplets[0]] = (t, i, False, kan)
                    yield True, Reading(REGULAR, pair, tuple(opened), wait)
                for n in range(1, 5):  # the first n sets called
                    called = [(t, i, j >= n, False) for j, (t, i) in enumerate(blocks)]
                    yield False, Reading(REGULAR, pair, tuple(called), wait)


def test_reading_table_is_reading_yaku_on_every_reading_of_the_alphabet():
    context = WinContext()  # East seat, East round
    hands = {closed: _sketch(closed) for closed in (True, False)}
    seen = set()
    for closed, r in _reading_space():
        own, concealed = reading_yaku(r, hands[closed], context)
        key = _table_key(closed, own)
        seen.add(key)
        assert tables.OWN_YAKU[key] == tuple(own), (r, closed)
        han = sum(h for n, h in own if n not in ("pinfu", "sanankou"))
        assert tables.SIG_HAN[key >> 2] == han
    # The alphabet meets every combination of reading yaku that random hands meet.
    rng = random.Random(11)
    met = set()
    for _ in range(20000):
        kw = random_win(rng)
        h = build_hand(kw["hand"], kw["win_tile"], kw["melds"], 3)
        s = WinContext(tsumo=kw["tsumo"], seat_wind=41, round_wind=41)
        for r in readings(h, kw["tsumo"]):
            if r.form == REGULAR:
                met.add(_table_key(h.closed, reading_yaku(r, h, s)[0]))
    assert met <= seen, sorted(met - seen)
