"""Sichuan scoring: a named hand per base yaku, every bonus yaku, the root exceptions, the cap,
the refusals, takame, and a property over random winning hands."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from openmahjong import tiles as T
from openmahjong.rules.sichuan.scoring import (
    POINTS,
    NotAWin,
    Win,
    best_win,
    points_for,
    score_win,
    waits,
)
from openmahjong.rules.sichuan.yaku import BASE, BONUS
from openmahjong.table.seat import Meld


def meld(text: str) -> Meld:
    kind, _, tiles = text.partition(":")
    return Meld(kind, tuple(T.parse(tiles)))


def score(hand: str, win: str, *melds: str, tsumo: bool = False, **flags: object) -> Win:
    return score_win(T.parse(hand), [meld(m) for m in melds], T.parse(win)[0], tsumo=tsumo, **flags)


def keys(win: Win) -> list[tuple[str, int]]:
    return [(y.key, y.han) for y in win.yaku]


# (base key, han, points, concealed without the winning tile, winning tile, melds)
NAMED_HANDS = [
    ("yakuless", 1, 1000, "123456789m2345p", "5p", ()),
    ("all_triplets", 2, 2000, "111555m7779993p", "3p", ()),
    ("full_flush", 3, 4000, "1234567892345m", "5m", ()),
    ("seven_pairs", 3, 4000, "1133557799m224p", "4p", ()),
    ("terminals_in_all_sets", 3, 4000, "12378999m12999p", "3p", ()),
    ("single_wait", 3, 4000, "4p", "4p", ("pon:222m", "pon:666m", "pon:333p", "pon:777p")),
    ("pure_triplets", 4, 8000, "1113335557779m", "9m", ()),
    ("258_triplets", 4, 8000, "222555m2228885p", "5p", ()),
    ("dragon_seven_pairs", 4, 8000, "111133m2255779p", "9p", ()),
    ("pure_seven_pairs", 5, 16000, "1122334455779m", "9m", ()),
    ("all_terminals", 5, 16000, "1112223337899m", "9m", ()),
    ("pure_single_wait", 5, 16000, "9m", "9m", ("pon:111m", "pon:333m", "pon:555m", "pon:777m")),
    ("pure_dragon_seven_pairs", 6, 32000, "1111223344556m", "6m", ()),
    (
        "four_quads",
        6,
        32000,
        "9p",
        "9p",
        ("minkan:2222m", "ankan:5555m", "kakan:3333p", "minkan:7777p"),
    ),
    (
        "pure_four_quads",
        6,
        32000,
        "9m",
        "9m",
        ("minkan:2222m", "ankan:5555m", "kakan:3333m", "minkan:7777m"),
    ),
]


@pytest.mark.parametrize(
    ("base", "han", "points", "hand", "tile", "melds"),
    NAMED_HANDS,
    ids=[row[0] for row in NAMED_HANDS],
)
def test_each_base_yaku_on_a_named_hand(
    base: str, han: int, points: int, hand: str, tile: str, melds: tuple[str, ...]
) -> None:
    win = score(hand, tile, *melds)
    assert keys(win) == [(base, han)]
    assert (win.han, win.uncapped_han, win.roots, win.total) == (han, han, 0, points)
    assert win.base.kind == "base"


@pytest.mark.parametrize(("flag", "key"), [("heaven", "heaven"), ("earth", "earth")])
def test_blessings_are_six_han_bases_the_game_passes(flag: str, key: str) -> None:
    win = score("123456789m2345p", "5p", tsumo=True, **{flag: True})
    assert keys(win) == [(key, 6)]
    assert win.total == 32000


def test_the_highest_base_over_every_decomposition() -> None:
    # 111 222 333 789 99 is only a full flush; 123 123 123 789 99 is all terminals (5).
    assert score("1112223337899m", "9m").base.key == "all_terminals"
    # 11 123 123 456 456 is a full flush with a root (4); as seven pairs it is 清龙七对 (6).
    win = score("1111223344556m", "6m")
    assert (win.base.key, win.roots, win.han) == ("pure_dragon_seven_pairs", 0, 6)


def test_names_in_three_languages() -> None:
    win = score("1111223344556m", "6m")
    assert (win.base.name_zh, win.base.name_en, win.base.name_ja) == (
        "清龙七对",
        "Pure Seven Pairs with One Duplicate",
        "清龍七対",
    )
    root = score("111123m456789p5p", "5p").yaku[1]
    assert (root.name_zh, root.name_en, root.name_ja) == ("根", "Root", "根")


# --- roots -----------------------------------------------------------------------------


def test_a_root_for_four_concealed_copies_not_declared_as_a_kan() -> None:
    win = score("111123m456789p5p", "5p")  # 111 123 m: four 1m
    assert keys(win) == [("yakuless", 1), ("root", 1)]
    assert (win.han, win.roots, win.total) == (2, 1, 2000)


def test_a_root_for_a_pon_and_its_fourth_tile_in_hand() -> None:
    win = score("567m234678p9p", "9p", "pon:555m")
    assert keys(win) == [("yakuless", 1), ("root", 1)]


def test_roots_count_kans_each_one() -> None:
    win = score("234p678p9p", "9p", "minkan:2222m", "ankan:3333m")
    assert keys(win) == [("yakuless", 1), ("root", 2)]
    assert win.total == 4000


def test_dragon_seven_pairs_counts_one_root_less() -> None:
    one = score("111133m2255779p", "9p")
    assert (one.base.key, one.roots) == ("dragon_seven_pairs", 0)
    two = score("11113333m22557p", "7p")  # 1111 3333 m: one four is a root
    assert keys(two) == [("dragon_seven_pairs", 4), ("root", 1)]
    assert two.total == 16000


def test_pure_dragon_seven_pairs_also_counts_one_root_less() -> None:
    win = score("1111333355779m", "9m")
    assert keys(win) == [("pure_dragon_seven_pairs", 6), ("root", 1)]
    assert (win.han, win.uncapped_han, win.roots) == (6, 7, 1)


def test_four_quads_count_no_root() -> None:
    win = score("9p", "9p", "minkan:2222m", "ankan:5555m", "kakan:3333p", "minkan:7777p")
    assert win.roots == 0 and [y.key for y in win.yaku] == ["four_quads"]


# --- the situation ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("flags", "key"),
    [
        ({"tsumo": True, "after_kan": True}, "after_kan"),
        ({"kan_deal_in": True}, "kan_deal_in"),
        ({"robbing_kan": True}, "robbing_kan"),
        ({"tsumo": True, "last_tile": True}, "under_the_sea"),
        ({"last_tile": True}, "under_the_sea"),
    ],
)
def test_each_situational_bonus_adds_one_han(flags: dict[str, bool], key: str) -> None:
    win = score("123456789m2345p", "5p", **flags)  # type: ignore[arg-type]
    assert keys(win) == [("yakuless", 1), (key, 1)]
    assert win.total == 2000


def test_cap_on_a_named_hand() -> None:
    # 123 123 123 789 99 m, all terminals 5, +after a kan +under the sea: 7 han, paid as 6.
    win = score("1112223337899m", "9m", tsumo=True, after_kan=True, last_tile=True)
    assert keys(win) == [("all_terminals", 5), ("after_kan", 1), ("under_the_sea", 1)]
    assert (win.han, win.uncapped_han, win.total) == (6, 7, 32000)


@pytest.mark.parametrize(
    "flags",
    [
        {"after_kan": True},  # a rinshan win is self-drawn
        {"tsumo": True, "robbing_kan": True},
        {"tsumo": True, "kan_deal_in": True},
        {"kan_deal_in": True, "robbing_kan": True},
        {"tsumo": True, "heaven": True, "earth": True},
        {"heaven": True},  # not self-drawn
    ],
)
def test_contradicting_flags_are_refused(flags: dict[str, bool]) -> None:
    with pytest.raises(ValueError):
        score("123456789m2345p", "5p", **flags)  # type: ignore[arg-type]


# --- refusals ---------------------------------------------------------------------------


def test_a_void_suit_tile_is_no_win() -> None:
    with pytest.raises(NotAWin, match=r"void suit p.*cleared"):
        score("123456789m2345p", "5p", void="p")
    assert score("123456789m2345p", "5p", void="s").base.key == "yakuless"


def test_a_void_suit_tile_in_a_meld_is_no_win() -> None:
    with pytest.raises(NotAWin, match="void suit s"):
        score("123456789m5p", "5p", "pon:111s", void="s")


def test_three_suits_are_no_win() -> None:
    with pytest.raises(NotAWin, match="all three suits"):
        score("123456789m234p5s", "5s")


@pytest.mark.parametrize(
    ("hand", "tile", "melds", "message"),
    [
        ("123456789m2346p", "5p", (), "no winning shape"),
        ("123456789m234p", "5p", (), "needs 13"),
        ("123456789m2345p", "5z", (), "suited tiles only"),
        ("123456789m5p", "5p", ("chi:123p",), "no chi"),
        ("123456789m5p", "5p", ("pon:123p",), "copies of one tile"),
        ("123456789m5p", "5p", ("pon:555p",), "more than four"),
    ],
)
def test_bad_hands_get_a_clear_refusal(
    hand: str, tile: str, melds: tuple[str, ...], message: str
) -> None:
    with pytest.raises(NotAWin, match=message):
        score(hand, tile, *melds)


def test_an_unknown_void_letter_is_refused() -> None:
    with pytest.raises(ValueError, match="choose m, p or s"):
        score("123456789m2345p", "5p", void="z")


def test_the_contracts_keys_and_kinds() -> None:
    assert list(BASE) == [
        "yakuless", "all_triplets", "full_flush", "seven_pairs", "terminals_in_all_sets",
        "single_wait", "pure_triplets", "258_triplets", "dragon_seven_pairs",
        "pure_seven_pairs", "all_terminals", "pure_single_wait", "heaven", "earth",
        "pure_dragon_seven_pairs", "four_quads", "pure_four_quads",
    ]  # fmt: skip
    assert list(BONUS) == ["root", "after_kan", "kan_deal_in", "robbing_kan", "under_the_sea"]
    assert {y.kind for y in BASE.values()} == {"base"}
    assert {y.kind for y in BONUS.values()} == {"bonus"}
    assert all(y.name_zh and y.name_en and y.name_ja for y in [*BASE.values(), *BONUS.values()])


def test_points_follow_the_seeds_table_not_its_formula() -> None:
    assert [points_for(h) for h in range(1, 8)] == [1000, 2000, 4000, 8000, 16000, 32000, 32000]
    assert POINTS[6] == 32000  # the formula line would say 64,000
    with pytest.raises(ValueError):
        points_for(0)


# --- waits and takame -------------------------------------------------------------------


def test_waits_are_the_shape_s() -> None:
    assert waits(T.parse("1122334455667m"), []) == T.parse("147m")
    assert waits(T.parse("223344m5566778p"), []) == T.parse("58p")
    assert waits(T.parse("123456789m1234p"), []) == T.parse("14p")
    assert waits(T.parse("123456789m1357p"), []) == []


def test_a_kind_held_four_times_is_no_wait() -> None:
    # 1111m declared: 1m234p567p waits on 1m for its pair, but no fifth 1m exists.
    assert waits(T.parse("1m234p567p"), [meld("minkan:1111m"), meld("pon:999p")]) == []
    assert waits(T.parse("2m234p567p"), [meld("minkan:1111m"), meld("pon:999p")]) == [12]


def test_best_win_takes_the_highest_wait() -> None:
    # 1122334455667m: 1m or 4m make a full flush (3), 7m makes pure seven pairs (5).
    win = best_win(T.parse("1122334455667m"), [])
    assert win is not None and (win.base.key, win.total) == ("pure_seven_pairs", 16000)
    # 223344m5566778p: 5p yakuless (1), 8p seven pairs (3).
    win = best_win(T.parse("223344m5566778p"), [])
    assert win is not None and (win.base.key, win.han) == ("seven_pairs", 3)
    # the nine gates: 1m or 9m add a root to the full flush.
    win = best_win(T.parse("1112345678999m"), [])
    assert win is not None and keys(win) == [("full_flush", 3), ("root", 1)]


def test_best_win_is_none_when_not_ready_or_void_held() -> None:
    assert best_win(T.parse("123456789m1357p"), []) is None
    assert best_win(T.parse("223344m5566778p"), [], void="p") is None
    assert best_win(T.parse("223344m5566778p"), [], void="s") is not None


# --- property ---------------------------------------------------------------------------


def random_win(rng: random.Random) -> tuple[list[int], list[Meld], int, dict[str, bool]]:
    """A random complete hand in one or two suits (sets and a pair with some melded, or seven
    pairs), a winning tile taken out of it, and consistent situational flags."""
    suits = rng.sample((1, 2, 3), rng.choice((1, 2)))
    held: Counter[int] = Counter()

    def tile() -> int:
        return 10 * rng.choice(suits) + rng.randint(1, 9)

    concealed: list[int] = []
    melds: list[Meld] = []
    if rng.random() < 0.3:
        while len(concealed) < 14:
            t = tile()
            if held[t] <= 2:
                held[t] += 2
                concealed += [t, t]
    else:
        while len(melds) * 3 + len(concealed) < 12:
            t = tile()
            if rng.random() < 0.5 and t % 10 <= 7:
                run = [t, t + 1, t + 2]
                if all(held[x] < 4 for x in run):
                    held.update(run)
                    concealed += run
                continue
            how = rng.choice(("hand", "hand", "pon", "minkan", "ankan", "kakan"))
            size = 4 if how.endswith("kan") else 3
            if held[t] + size > 4:
                continue
            held[t] += size
            if how == "hand":
                concealed += [t] * 3
            else:
                melds.append(Meld(how, (t,) * size))
        while True:
            t = tile()
            if held[t] <= 2:
                held[t] += 2
                concealed += [t, t]
                break
    win = concealed.pop(rng.randrange(len(concealed)))
    tsumo = rng.random() < 0.5
    flags = {
        "tsumo": tsumo,
        "after_kan": tsumo and rng.random() < 0.3,
        "kan_deal_in": not tsumo and rng.random() < 0.3,
        "last_tile": rng.random() < 0.3,
        "heaven": tsumo and not melds and rng.random() < 0.1,
    }
    return concealed, melds, win, flags


@settings(max_examples=500, deadline=None)
@given(st.integers(0, 2**32))
def test_every_win_has_one_base_and_at_most_six_han(seed: int) -> None:
    concealed, melds, win_tile, flags = random_win(random.Random(seed))
    win = score_win(concealed, melds, win_tile, **flags)  # type: ignore[arg-type]
    assert 1 <= win.han <= 6
    assert win.han == min(win.uncapped_han, 6)
    assert [y.kind for y in win.yaku].count("base") == 1 and win.yaku[0].kind == "base"
    assert win.uncapped_han == sum(y.han for y in win.yaku)
    assert win.total == POINTS[win.han]
    assert win_tile in waits(concealed, melds)
    # Takame (no situational yaku) is never below this wait's plain win on a discard.
    plain = score_win(concealed, melds, win_tile, tsumo=False)
    best = best_win(concealed, melds)
    assert best is not None and best.han >= plain.han
