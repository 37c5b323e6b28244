"""The fast path of ``score_win`` agrees with the general path on every field, rules and error."""

from __future__ import annotations

import random

import pytest

from openmahjong.rules.riichi import scoring, tables
from openmahjong.rules.riichi.context import FLAGS
from openmahjong.rules.riichi.options import MAJSOUL, TENHOU, RiichiRules
from openmahjong.rules.riichi.random_wins import random_win
from openmahjong.rules.riichi.scoring import Meld, WinContext

RULES = [
    TENHOU,
    MAJSOUL,
    "majsoul",
    RiichiRules(red_fives=0),
    RiichiRules(
        open_tanyao=False, kiriage=True, kazoe_limit="sanbaiman", minimum_han=2, renhou="yakuman"
    ),
    RiichiRules(red_fives=4, renhou="mangan"),
]


_CONTEXT_FIELDS = frozenset((*FLAGS, "seat_wind", "round_wind", "honba", "riichi_sticks"))


def general(hand, win_tile, melds=(), **kw):
    """The general path, called as ``score_win`` is: the context's fields as keywords."""
    context = WinContext(**{k: kw.pop(k) for k in list(kw) if k in _CONTEXT_FIELDS})
    return scoring._score_general(hand, win_tile, melds, context, **kw)


def outcome(score, kw, rules):
    try:
        w = score(**kw, rules=rules)
    except ValueError as exc:
        return type(exc).__name__, str(exc)
    return (
        w.han,
        w.fu,
        w.yaku,
        w.yakuman,
        w.limit,
        w.total,
        w.payments,
        w.basic_points,
        w.wait,
        w.dealer,
        w.tsumo,
        w.fu_details,
    )


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_fast_path_matches_the_general_path_on_random_wins(seed):
    rng = random.Random(seed)
    for n in range(4000):
        kw = random_win(rng)
        if rng.random() < 0.05:
            kw["renhou"] = not kw["tsumo"] and kw["seat_wind"] != 41 and not kw["melds"]
        if rng.random() < 0.03:
            kw["pao"] = rng.choice((41, 42, 43, 44))
        if rng.random() < 0.02:
            kw["discarder"] = rng.choice((41, 42, 43, 44))
        rules = RULES[n % len(RULES)]
        assert outcome(scoring.score_win, kw, rules) == outcome(general, kw, rules), kw


@pytest.mark.parametrize(
    ("hand", "win", "melds", "extra"),
    [
        ([11, 11, 11, 11, 12, 13, 14, 15, 16, 17, 18, 19, 19, 19], 15, [], {}),  # 9 gates
        ([11, 11, 11, 12, 13, 14, 15, 16, 17, 18, 19, 19, 19, 15], 15, [], {}),  # junsei
        ([11, 19, 21, 29, 31, 39, 41, 42, 43, 44, 45, 46, 47, 47], 47, [], {"tsumo": True}),
        ([11, 19, 21, 29, 31, 39, 41, 42, 43, 44, 45, 46, 47, 47], 11, [], {}),
        ([15, 15, 15, 15, 16, 17, 22, 22, 23, 24, 25, 33, 34, 35], 15, [], {}),  # 4 plain 5m
        ([105, 15, 15, 15, 16, 17, 22, 22, 23, 24, 25, 33, 34, 35], 15, [], {}),
        ([11, 11, 12, 12, 13, 13, 22, 22, 23, 23, 24, 24, 35, 35], 35, [], {"riichi": True}),
        ([11, 11, 11, 11, 22, 22, 23, 23, 24, 24, 35, 35, 36, 36], 36, [], {}),  # no win
        ([11, 11, 11, 22, 22, 22, 33, 33, 33, 44, 44, 44, 45, 45], 45, [], {}),  # suuankou
        ([11, 11, 11, 22, 22, 22, 33, 33, 33, 44, 44, 44, 45, 45], 44, [], {}),  # shanpon ron
        (
            [45, 45, 11, 12, 13, 22, 22],
            13,
            [Meld("pon", (46, 46, 46)), Meld("pon", (47, 47, 47))],
            {},
        ),
        ([45, 45, 45, 11, 12, 13, 22, 22], 13, [], {}),  # wrong count
        ([12, 13, 14, 22, 23, 24, 32, 33, 34, 15, 16, 17, 18, 18], 14, [], {"seat_wind": 45}),
        ([12, 13, 14, 22, 23, 24, 32, 33, 34, 15, 16, 17, 18, 18], 14, [], {"honba": -1}),
        (
            [12, 13, 14, 22, 23, 24, 32, 33, 34, 15, 16, 17, 18, 18],
            14,
            [],
            {"dora_indicators": [9]},
        ),
        ([12, 13, 14, 22, 23, 24, 32, 33, 34, 15, 16, 17, 18, 18], 99, [], {}),
        ([12, 13, 14, 22, 23, 24, 32, 33, 34, 15, 16, 17, 18, 18], 14, [], {"haitei": True}),
        ([12, 13, 14, 22, 23, 24, 32, 33, 34, 15, 16, 17, 18, 18], 14, [], {"pao": 42}),
        ([41, 41, 41, 42, 42, 42, 43, 43, 43, 44, 44, 11, 11, 11], 44, [], {"tsumo": True}),
        (
            [11, 11, 22, 23, 24, 32, 33, 34, 15, 16, 17],
            11,
            [Meld("pon", (11, 11, 11))],
            {},
        ),  # 5x 1m
        (
            [12, 13, 14, 22, 23, 24, 32, 33, 34, 15, 16, 17, 18, 18],
            14,
            [],
            {"riichi": True, "dora_indicators": [11] * 70, "ura_indicators": [11] * 70},
        ),  # past any han table
        # Situations (one record per flags and winds) and the presence / honor tables.
        (
            [22, 23, 24, 32, 33, 34, 36, 36],
            36,
            [Meld("pon", (47, 47, 47)), Meld("chi", (32, 33, 34))],
            {},
        ),  # all green, open
        (
            [11, 11, 19, 19, 19, 29, 29],
            11,
            [Meld("pon", (21, 21, 21)), Meld("kakan", (31,) * 4)],
            {},
        ),
        (
            [45, 45],
            45,
            [Meld("ankan", (41,) * 4), Meld("minkan", (42,) * 4), Meld("kakan", (43,) * 4)]
            + [Meld("ankan", (44,) * 4)],
            {"tsumo": True, "rinshan": True, "pao": 43},
        ),  # four kans, big four winds, all honors
        (
            [12, 13, 14, 22, 23, 24, 25, 25],
            14,
            [Meld("ankan", (15,) * 4), Meld("minkan", (16,) * 4)],
            {"tsumo": True, "rinshan": True},
        ),
        ([12, 13, 14, 22, 23, 24, 32, 33, 34, 15, 16, 17, 18, 18], 14, [], {"rinshan": True}),
        (
            [12, 13, 14, 22, 23, 24, 32, 33, 34, 15, 16, 17, 18, 18],
            14,
            [],
            {"tsumo": True, "rinshan": True},
        ),  # rinshan without a kan
        (
            [12, 13, 14, 22, 23, 24, 15, 16, 17, 18, 18],
            14,
            [Meld("ankan", (35,) * 4)],
            {"tsumo": True, "seat_wind": 42, "chiihou": True},
        ),  # a first-turn win with a closed kan
        (
            [12, 13, 14, 22, 23, 24, 32, 33, 34, 15, 16, 17, 18, 18],
            14,
            [],
            {"tsumo": True, "discarder": 42, "seat_wind": 43, "round_wind": 42, "honba": 3},
        ),
        (
            [12, 13, 14, 22, 23, 24, 32, 33, 34, 15, 16, 17, 18, 18],
            14,
            [],
            {"discarder": 43, "seat_wind": 43},
        ),  # the winner cannot deal in
        (
            [12, 13, 14, 22, 23, 24, 32, 33, 34, 15, 16, 17, 18, 18],
            14,
            [],
            {"riichi": True, "ippatsu": True, "houtei": True, "ura_indicators": [17, 47]},
        ),
        (
            [11, 11, 11, 12, 13, 14, 15, 16, 17, 18, 19, 19, 19, 12],
            12,
            [],
            {"tsumo": True, "seat_wind": 44, "round_wind": 44},
        ),  # true nine gates, tsumo
        ([44, 44, 44, 43, 43, 43, 11, 12, 13, 41, 41], 41, [Meld("pon", (42, 42, 42))], {}),
        (
            [44, 44, 44, 43, 43, 43, 11, 12, 13, 41, 41],
            43,
            [Meld("pon", (42, 42, 42))],
            {"seat_wind": 43, "round_wind": 44},
        ),  # little four winds, seat and round wind triplets
        # Counts past seven overflow the scorer's three-bit fields: still refused as impossible.
        ([11] * 8 + [12, 13, 14, 15, 15, 15], 15, [], {}),  # eight of a kind
        ([19] * 8 + [41] * 6, 41, [], {}),  # eight 9m, next to 1p
        ([47] * 8 + [11, 12, 13, 21, 21, 21], 11, [], {}),  # eight Red, the top honor
        ([11, 11, 11, 11, 12, 13, 14, 15, 15, 15, 16], 16, [Meld("ankan", (11,) * 4)], {}),
        ([29, 29, 29, 29, 31, 32, 33, 45, 45, 45, 46], 46, [Meld("minkan", (29,) * 4)], {}),
        ([12, 13, 14, 45, 45], 45, [Meld("ankan", (11,) * 4)] * 3, {}),  # three kans of 1m
        ([105, 105, 105, 105, 15, 15, 15, 15, 16, 17, 18, 19, 19, 19], 19, [], {}),  # 4 red 5m
        # Honor kans count four in the physical counts: still read as sets of three.
        (
            [47, 47, 11, 12, 13, 21, 22, 23],
            13,
            [Meld("ankan", (45,) * 4), Meld("minkan", (46,) * 4)],
            {"dora_indicators": [44, 45]},
        ),  # little three dragons, two of them kans
        (
            [11, 12, 13, 22, 22],
            22,
            [Meld("kakan", (45,) * 4), Meld("ankan", (46,) * 4), Meld("minkan", (47,) * 4)],
            {"pao": 42},
        ),  # big three dragons, all kans
        # Two red 5p: a four-red table has them, a three-red table does not.
        ([11, 12, 13, 24, 205, 26, 205, 26, 27, 31, 32, 33, 44, 44], 44, [], {}),
    ],
)
@pytest.mark.parametrize("rules", [TENHOU, MAJSOUL])
def test_fast_path_matches_the_general_path_on_edge_cases(hand, win, melds, extra, rules):
    kw = {"hand": hand, "win_tile": win, "melds": melds, **extra}
    assert outcome(scoring.score_win, kw, rules) == outcome(general, kw, rules)


def test_counting_by_loop_matches_counting_by_sum():
    """Compiled code counts a hand into parts with ``count_parts``, the interpreter with a sum of
    weights that it slices: both are checked here, in whichever mode the tests run."""
    rng = random.Random(5)
    for _ in range(2000):
        hand = random_win(rng)["hand"]
        whole = sum(map(tables.WEIGHT.__getitem__, hand))
        parts = tables.split_parts(whole)
        assert tables.count_parts(hand) == parts
        # The parts are the whole count again, field for field.
        assert (
            parts[0] | parts[1] << 45 | parts[2] << 90 | parts[3] << 135 | parts[4] << 170 == whole
        )
    for bad in ([11, 12, 10], [11, 50], [11, -1], [11, 306], [11, 48]):
        with pytest.raises(KeyError):
            tables.count_parts(bad)
        with pytest.raises(KeyError):
            sum(map(tables.WEIGHT.__getitem__, bad))


@pytest.mark.parametrize("red_fives", [0, 3, 4])
def test_red_fives_per_table_setting(red_fives):
    """The red-five fields are checked per table: a red code is a plain five at a table
    without reds, and a suit may hold only as many reds as the table deals."""
    rules = RiichiRules(red_fives=red_fives)
    two_red_5p = [11, 12, 13, 24, 205, 26, 205, 26, 27, 31, 32, 33, 44, 44]
    kw = {"hand": two_red_5p, "win_tile": 44, "melds": [], "riichi": True}
    fast = outcome(scoring.score_win, kw, rules)
    assert fast == outcome(general, kw, rules)
    if red_fives == 3:
        assert fast[0] == "InvalidHand"
    else:
        assert ("aka_dora", 2) in fast[2] if red_fives == 4 else "aka_dora" not in str(fast[2])


def test_the_tables_split_every_suit_as_decompose_does():
    """``tables.suit_splits`` (compiled, on ints) gives ``hand.decompose.suit_splits``'s splits in
    its order, for every suit a hand can hold (at most four of a kind, at most 14 tiles)."""
    from itertools import product

    from openmahjong.hand import decompose

    checked = 0
    try:
        for counts in product(range(5), repeat=9):
            if sum(counts) > 14:
                continue
            want = decompose.suit_splits(counts)
            got = tables.suit_splits(list(counts))
            assert got == [(p, tuple(t << 6 | i for t, i in bs)) for p, bs in want], counts
            checked += 1
    finally:
        decompose._suit_splits.cache_clear()  # 400,000 entries no other test wants
    assert checked == 405_350  # every nine counts of 0-4 with at most 14 tiles


def test_a_preset_name_is_remembered_by_value_and_equal_options_share_their_memos():
    """A preset name read at run time is a new str each call, and each match may hold its own
    copy of a preset: neither starts the fast path's memos (situations, hand yaku) over."""
    name = "".join(["ten", "hou"])  # not the interned literal
    assert name is not "tenhou"  # noqa: F632 - the point of the test
    assert scoring._rule_params(name) is scoring._rule_params("tenhou")
    copy = TENHOU.model_copy()
    assert copy is not TENHOU
    assert scoring._rule_params(copy).situations is scoring._rule_params(TENHOU).situations
    other = scoring._rule_params(MAJSOUL)
    assert other.situations is not scoring._rule_params(TENHOU).situations


def test_a_refusal_is_raised_by_score_win_itself():
    """NoYaku leaves from score_win's own frame (compiled, each frame an exception leaves
    costs a traceback entry); its message is the general path's."""
    kw = {"hand": [11, 12, 13, 24, 25, 26, 37, 38, 39, 44, 44, 44, 47, 47], "win_tile": 39}
    kw["melds"] = []
    with pytest.raises(scoring.NoYaku) as caught:
        scoring.score_win(**kw, rules="tenhou")
    assert outcome(scoring.score_win, kw, "tenhou") == outcome(general, kw, "tenhou")
    frames = [tb.tb_frame.f_code.co_name for tb in _walk_tb(caught.value.__traceback__)]
    assert frames[-1] == "score_win", frames


def _walk_tb(tb):
    while tb is not None:
        yield tb
        tb = tb.tb_next
