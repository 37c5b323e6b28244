"""Named hands of the sample declaration and what they score: each rule of the declarative
scorer (counts, series, exclusions, the fallback, the limit, the minimum, the best reading, a
pung the winning discard completes) and the contexts the predicates see."""

from __future__ import annotations

from dataclasses import replace

import pytest

from openmahjong.rules.declarative import (
    BelowMinimum,
    Declaration,
    NotAWin,
    Pattern,
    Payment,
    TileSet,
    declare_ruleset,
    win_contexts,
)
from openmahjong.tiles import parse

from .sample import DECLARATION, FLOWERED, SAMPLE


def score(hand: str, *, tile: str | None = None, melds=(), **situation):
    tiles = parse(hand)
    winning = parse(tile)[0] if tile else tiles[-1]
    return SAMPLE.score(tiles, [(k, parse(t)) for k, t in melds], winning, **situation)


def points(win) -> dict[str, int]:
    return {c.key: c.points for c in win.patterns}


@pytest.mark.parametrize(
    ("name", "hand", "kwargs", "expected"),
    [
        # Four concealed pungs and a dragon pung, self-drawn: every pattern counts once.
        ("all pungs self-drawn", "111m222p333s555z77z", {"self_drawn": True},
         {"all_pungs": 30, "three_concealed_pungs": 30, "dragon_pung": 10, "concealed": 5}),
        # The winning discard completes the white pung: three pungs stay concealed.
        ("all pungs on the white", "111m222p333s77z555z", {"self_drawn": False},
         {"all_pungs": 30, "three_concealed_pungs": 30, "dragon_pung": 10, "concealed": 5}),
        # Three pungs, one of them completed by the discard: only two stay concealed.
        ("two concealed pungs on a discard", "111m222p456s77z333s", {"self_drawn": False},
         {"concealed": 5}),
        ("three concealed pungs self-drawn", "111m222p456s77z333s", {"self_drawn": True},
         {"three_concealed_pungs": 30, "concealed": 5}),
        # 111222333m reads as three pungs or three chows: the pungs score more.
        ("the best reading", "111222333m456p99s", {"self_drawn": True},
         {"three_concealed_pungs": 30, "concealed": 5}),
        # A pure hand is a mixed one too: one series, only the higher counts.
        ("pure one-suit", "11123456778999m", {"self_drawn": False},
         {"pure_one_suit": 80, "concealed": 5}),
        ("mixed one-suit", "123456789m11z555z", {"self_drawn": False},
         {"mixed_one_suit": 40, "dragon_pung": 10, "concealed": 5}),
        # A count: ten points per dragon pung.
        ("two dragon pungs", "555z666z123m456m99p", {"self_drawn": False},
         {"dragon_pung": 20, "concealed": 5}),
        # Seven pairs excludes the concealed hand it always is.
        ("seven pairs", "1122m3344p5566s77z", {"self_drawn": False}, {"seven_pairs": 25}),
        ("thirteen orphans", "19m19p19s1234567z1m", {"self_drawn": False}, {"concealed": 5}),
        ("heavenly hand", "123m456p789s234s55p", {"self_drawn": True, "heavenly": True},
         {"heavenly": 100, "concealed": 5}),
    ],
)  # fmt: skip
def test_named_hands(name, hand, kwargs, expected):
    win = score(hand, **kwargs)
    assert points(win) == expected, name
    assert win.raw == sum(expected.values())
    assert win.points == min(win.raw, 100)


def test_the_limit_caps_the_sum():
    win = score("111m222m333m555m77m", self_drawn=True)
    assert win.raw == 30 + 30 + 80 + 5 and win.points == 100


def test_nothing_counted_is_the_fallback_chicken_hand():
    win = score("456m789s234s55p", melds=[("chi", "123p")], self_drawn=False)
    assert points(win) == {"chicken": 1} and win.points == 1
    assert win.names("zh") == ["鸡和"] and win.names("ja") == ["チキン"]


def test_open_melds_and_concealed_kongs():
    # A concealed kong keeps the hand concealed and counts as a concealed pung; an open pung
    # does neither.
    win = score("234p567s55p", melds=[("ankan", "1111m")], self_drawn=True)
    assert points(win) == {"concealed": 5}
    ctx = win.context
    assert [g.kind for g in ctx.melds] == ["kong"] and ctx.concealed_pungs == ctx.melds
    opened = score("234p567s55p", melds=[("pon", "111m"), ("kakan", "7777z")], self_drawn=True)
    assert "concealed" not in points(opened)
    assert [g.open for g in opened.context.melds] == [True, True]
    assert opened.context.count(parse("7z")[0]) == 4


def test_not_a_win():
    with pytest.raises(NotAWin, match="no winning shape"):
        score("123m456p789s12s55z", tile="5z")
    # Seven pairs needs seven different pairs unless the declaration counts four as two.
    with pytest.raises(NotAWin):
        score("1111m3344p5566s77z")
    four = declare_ruleset(
        replace(DECLARATION, name="sample-four", four_in_seven_pairs=True, tiles=TileSet())
    )
    assert points(four.score(parse("1111m3344p5566s77z"))) == {"seven_pairs": 25}


def test_the_winning_hand_checker_may_refuse_a_shape():
    # accept: the pair must be a 2, 5 or 8 (Changsha's rule for ordinary hands).
    def two_five_eight(h):
        return h.pair is not None and h.pair.tile < 40 and h.pair.number in (2, 5, 8)

    strict = replace(DECLARATION, name="sample-258", accept=two_five_eight)
    ruleset = declare_ruleset(strict)
    assert ruleset.score(parse("123m456p789s234s55p")).points == 5
    with pytest.raises(NotAWin, match="not accepted"):
        ruleset.score(parse("123m456p789s234s99p"))


def test_a_minimum_refuses_a_smaller_win():
    with pytest.raises(BelowMinimum, match="below the minimum of 2"):
        FLOWERED.score(parse("456m789s234s55p"), [("chi", parse("123p"))])
    # Two flowers reach it.
    win = FLOWERED.score(parse("456m789s234s55p"), [("chi", parse("123p"))], flowers=parse("12f"))
    assert points(win) == {"flowers": 2}


def test_contexts_list_every_reading_and_the_winning_group():
    tiles = parse("111222333m456p99s")
    contexts = win_contexts(tiles, [], parse("3m")[0], self_drawn=False)
    kinds = sorted(tuple(g.kind for g in c.sets) for c in contexts)
    assert kinds == [("chow", "chow", "chow", "chow"), ("pung", "pung", "pung", "chow")]
    pungs = next(c for c in contexts if c.pungs)
    assert pungs.winning_group is not None and pungs.winning_group.tile == parse("3m")[0]
    assert not pungs.winning_group.concealed and len(pungs.concealed_pungs) == 2


def test_a_declaration_is_checked():
    with pytest.raises(ValueError, match="zh"):
        Pattern("x", {"en": "X"}, 1, lambda h: True)
    with pytest.raises(ValueError, match="key"):
        Pattern("a b", {"en": "X", "zh": "X"}, 1, lambda h: True)
    with pytest.raises(ValueError, match="share the key"):
        Declaration(name="dup", names={"en": "d", "zh": "d"}, patterns=[PATTERN, PATTERN])
    with pytest.raises(ValueError, match="forms"):
        Declaration(name="bad", names={"en": "d", "zh": "d"}, patterns=[], forms=("knitted",))
    with pytest.raises(ValueError, match="lower-case"):
        Declaration(name="Bad", names={"en": "d", "zh": "d"}, patterns=[])
    with pytest.raises(ValueError, match="suits"):
        TileSet(suits="mx")


PATTERN = Pattern("x", {"en": "X", "zh": "X"}, 1, lambda h: True)


def test_payments():
    pay = Payment(self_draw=2, discarder=3, others=1, base=lambda p: p * 10)
    assert pay.deltas(4, 1, 5, None) == [-100, 300, -100, -100]
    assert pay.deltas(4, 1, 5, 3) == [-50, 250, -50, -150]
    assert sum(pay.deltas(4, 2, 7, 0)) == 0


def test_tile_sets():
    assert TileSet().size == 136 and TileSet(flowers=True).size == 144
    suits_only = TileSet(winds=False, dragons=False)
    assert suits_only.size == 108 and max(suits_only.kinds) == 39
    assert TileSet(suits="ps", winds=False).kinds[0] == 21


def test_shares_may_be_functions_of_the_base():
    # Zung Jung's scheme: the others pay at most 25, the discarder the rest of three times it.
    pay = Payment(discarder=lambda v: 3 * v - 2 * min(v, 25), others=lambda v: min(v, 25))
    assert pay.deltas(4, 0, 5, 1) == [15, -5, -5, -5]
    assert pay.deltas(4, 0, 40, 1) == [120, -70, -25, -25]
    assert pay.deltas(4, 0, 40, None) == [120, -40, -40, -40]


def test_a_limit_may_be_a_function():
    # A single pattern worth more than the compound limit keeps its value.
    def cap(raw, counted):
        return min(raw, max([50, *(c.points for c in counted)]))

    big = replace(DECLARATION, name="sample-cap", limit=cap)
    ruleset = declare_ruleset(big)
    heavenly = ruleset.score(parse("123m456p789s234s55p"), self_drawn=True, heavenly=True)
    assert heavenly.raw == 105 and heavenly.points == 100
    pungs = ruleset.score(parse("111m222p333s555z77z"), self_drawn=True)
    assert pungs.raw == 75 and pungs.points == 50
    assert ruleset.client_info()["limit"] is None
