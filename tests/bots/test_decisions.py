"""The bot's single decisions, each on a view built by hand: wins, riichi, folding, calls,
reveals, efficiency."""

from __future__ import annotations

from openmahjong.bots import RiichiBot
from openmahjong.bots.safety import danger
from openmahjong.table.actions import (
    PASS,
    AbortiveDraw,
    Chi,
    Discard,
    Pon,
    Reveal,
    Ron,
    Tsumo,
)
from openmahjong.table.seat import Meld

from .helpers import tiles, view


def discards_of(hand: str) -> list[Discard]:
    return [Discard(t) for t in sorted(set(tiles(hand)))]


def test_takes_a_legal_tsumo():
    hand = "123m456p789s11z234m"
    assert RiichiBot().act(view(hand, [*discards_of(hand), Tsumo()])) == Tsumo()


def test_takes_a_legal_ron_over_a_pon():
    v = view(
        "123m456p789s11z55z",
        [Ron(), Pon(tiles("55z")), PASS],
        phase="reaction",
        offered="5z",
        seat=1,
    )
    assert RiichiBot().act(v) == Ron()


def test_discards_the_isolated_honour_for_efficiency():
    hand = "123m456p78s1199m7z"  # 14 tiles; the lone Red dragon is the only useless tile
    assert RiichiBot().act(view(hand, discards_of(hand))) == Discard(tiles("7z")[0])


def test_riichi_when_closed_and_ready_with_live_waits():
    hand = "123m456p789s11z35m9p"  # discarding 9p leaves 35m waiting on 4m
    legal = [*discards_of(hand), Discard(tiles("9p")[0], riichi=True)]
    assert RiichiBot().act(view(hand, legal)) == Discard(tiles("9p")[0], riichi=True)


def test_no_riichi_when_every_winning_tile_is_visible():
    hand = "123m456p789s11z35m9p"
    legal = [*discards_of(hand), Discard(tiles("9p")[0], riichi=True)]
    seen = {1: [("4444m", False)]}  # all four 4m discarded by others
    got = RiichiBot().act(view(hand, legal, discards=seen))
    assert got == Discard(tiles("9p")[0])


def test_folds_against_riichi_with_genbutsu_when_far_from_ready():
    hand = "137m47p258s125z69p8m"  # scattered: three or more tiles from ready
    threat = {2: [("6s", False), ("8m", True)]}  # seat 2 discarded 6s, then riichi on 8m
    got = RiichiBot().act(view(hand, discards_of(hand), discards=threat, riichi=(2,)))
    assert got == Discard(tiles("8m")[0])  # genbutsu
    # Without the defensive layer it keeps 78m for shape and throws something else.
    nodef = RiichiBot(defend=False).act(view(hand, discards_of(hand), discards=threat, riichi=(2,)))
    assert nodef != Discard(tiles("8m")[0])


def test_folding_prefers_suji_and_visible_honours_without_genbutsu():
    hand = "2m58p3s6s1z2z3z4z5z6z7z99m"  # no genbutsu in hand
    threat = {2: [("5m", False), ("9s", True)]}
    seen = {1: [("111z", False)], **threat}  # three East visible: only a tanki on the last
    got = RiichiBot().act(view(hand, discards_of(hand), discards=seen, riichi=(2,)))
    assert got.tile in tiles("1z2m")  # East (3 seen) or 2m (suji of 5m)


def test_pushes_when_ready_even_against_riichi():
    hand = "123m456p789s11z35m9p"
    threat = {2: [("8m", True)]}
    legal = [*discards_of(hand), Discard(tiles("9p")[0], riichi=True)]
    got = RiichiBot().act(view(hand, legal, discards=threat, riichi=(2,)))
    assert got.tile == tiles("9p")[0]


def test_does_not_call_while_folding():
    hand = "19m19p159s1234z66z"
    v = view(
        hand,
        [Pon(tiles("66z")), PASS],
        phase="reaction",
        offered="6z",
        seat=1,
        discards={2: [("6z", True)]},
        riichi=(2,),
    )
    assert RiichiBot().act(v) == PASS


def test_pons_a_value_dragon_pair():
    hand = "23m456p78s199p55z1z"
    v = view(hand, [Pon(tiles("55z")), PASS], phase="reaction", offered="5z", seat=1)
    assert RiichiBot().act(v) == Pon(tiles("55z"))


def test_no_chi_that_leaves_the_hand_without_a_yaku():
    # Terminals and honours everywhere: an open hand could not be all simples, one suit, or
    # triplets, and there is no value pair.
    hand = "13m19p19s1234z119m"
    v = view(hand, [Chi(tiles("13m")), PASS], phase="reaction", offered="2m", seat=1)
    assert RiichiBot().act(v) == PASS


def test_chi_toward_all_simples():
    hand = "34m456p678s22p67p5s"  # all simples: chi 5m on 34m keeps open tanyao
    v = view(hand, [Chi(tiles("34m")), PASS], phase="reaction", offered="5m", seat=1)
    assert RiichiBot().act(v) == Chi(tiles("34m"))


def test_open_tanyao_hand_throws_its_terminal_first():
    meld = Meld("chi", tiles("345m"), tiles("3m")[0], 3)
    hand = "456p678s22p9s1m34s"  # open, all-simples plan: 1m and 9s break it
    got = RiichiBot().act(view(hand, discards_of(hand), melds={0: [meld]}))
    assert got.tile in tiles("1m9s")


def test_reveals_a_ready_hand_at_an_exhaustive_draw():
    v = view("123m456p789s11z35m", [Reveal(True), Reveal(False)], phase="special")
    assert RiichiBot().act(v) == Reveal(True)


def test_nine_terminals_declared_unless_close_to_thirteen_orphans():
    hand = "19m19p1s12345z258m"
    legal = [*discards_of(hand), AbortiveDraw("nine_terminals")]
    assert RiichiBot().act(view(hand, legal)) == AbortiveDraw("nine_terminals")
    close = "19m19p19s1234567z2m"
    legal = [*discards_of(close), AbortiveDraw("nine_terminals")]
    assert isinstance(RiichiBot().act(view(close, legal)), Discard)


def test_keeps_the_red_five_over_a_plain_one():
    hand = "123m456p789s1z550m"  # 5m 5m and red 5m: discarding a five keeps the red
    got = RiichiBot().act(view(hand, discards_of(hand)))
    assert got.tile != 105


def test_danger_genbutsu_suji_kabe_and_honours():
    seen = [0] * 34
    gen = [False] * 34
    gen[3] = True  # 4m discarded by the riichi player
    assert danger(3, seen, gen) == 0  # genbutsu
    assert danger(0, seen, gen) < danger(1, seen, gen)  # 1m is suji of 4m; 2m is not
    assert danger(6, seen, gen) < danger(4, seen, gen)  # 7m suji (via 4m); 5m both sides open
    kabe = list(seen)
    kabe[7] = 4  # all four 8m visible: no 78/89 two-sided wait through 8m
    assert danger(8, kabe, gen) < danger(8, seen, gen)
    honours = list(seen)
    honours[31] = 3
    assert danger(31, honours, gen) < danger(32, seen, gen)


def test_same_seed_same_choice():
    # Speed is measured by bench/selfplay.py (decision median and p99), never asserted here.
    hand = "1245m3579p1368s7z"
    v = view(hand, discards_of(hand))
    assert RiichiBot(5).act(v) == RiichiBot(5).act(v)
    bot = RiichiBot(1)
    first = bot.act(v)
    assert all(bot.act(v) == first for _ in range(20))
