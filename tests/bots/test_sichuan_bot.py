"""The Sichuan bot's decisions on hand-made views: the exchange from the weakest suit, the void
it can clear fastest, void tiles first, wins always, no call of a void tile, kans when free, a
flush and a root pursued over a quicker plain hand."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from openmahjong.bots.sichuan import SichuanBot, exchange_tiles, void_suit
from openmahjong.hand.sichuan import improving
from openmahjong.rules.sichuan.game.actions import DeclareVoid, Exchange
from openmahjong.table.actions import PASS, Ankan, Discard, Kakan, Pon, Ron, Tsumo
from openmahjong.table.seat import Meld
from openmahjong.tiles import counts34, parse


def view(hand: str, legal: list[Any], *, void: str | None = "s", **changes: Any) -> Any:
    base = {
        "seat": 0,
        "phase": "turn",
        "hand": tuple(parse(hand)),
        "melds": ((), (), (), ()),
        "discards": ((), (), (), ()),
        "seats_public": tuple({"void": void, "won": None, "revealed": []} for _ in range(4)),
        "own": {"void": void},
        "live_remaining": 50,
        "offered_tile": None,
        "legal_actions": tuple(legal),
        "table": {"stage": "play"},
        "choice": None,
    }
    base.update(changes)
    return SimpleNamespace(**base)


def discards(hand: str) -> list[Discard]:
    return [Discard(t) for t in sorted(set(parse(hand)))]


def test_exchange_gives_three_of_the_weakest_suit_holding_three():
    # m is strong, p has only two tiles (cannot give three), s has four scattered tiles.
    hand = "1234567m99m35p1479s"
    given = exchange_tiles(parse(hand))
    assert len(given) == 3 and all(30 < t < 40 for t in given)
    # The least connected go: 1s and 4s are alone, 7s and 9s are two apart (one of them goes).
    assert sorted(given) in ([31, 34, 37], [31, 34, 39])


def test_the_exchange_choice_is_answered_with_an_exchange_of_held_tiles():
    hand = "1234567m99m35p1479s"
    choice = {"type": "exchange", "count": 3, "same_suit": True, "suggested": [21, 23, 31]}
    action = SichuanBot(1).act(view(hand, [], void=None, choice=choice, phase="special"))
    assert isinstance(action, Exchange) and len(action.tiles) == 3
    held = list(parse(hand))
    for t in action.tiles:
        held.remove(t)  # each is in the hand (raises otherwise)


def test_the_void_is_the_suit_cleared_fastest():
    assert void_suit(parse("1234567m99m35p1479s")) == "p"  # two tiles
    # Three tiles each in p and s: the pair makes p worth keeping.
    assert void_suit(parse("12345678m55p7p159s")) == "s"
    legal = [DeclareVoid("m"), DeclareVoid("p"), DeclareVoid("s")]
    act = SichuanBot(0).act(view("1234567m99m35p1479s", legal, void=None, phase="special"))
    assert act == DeclareVoid("p")


def test_void_tiles_go_first_even_from_a_ready_looking_hand():
    hand = "123456789m11p23p9s"  # 9s is of the void suit s
    action = SichuanBot(0).act(view(hand, discards(hand)))
    assert action == Discard(39)


def test_a_discard_keeps_the_hand_closest_to_winning():
    hand = "123456789m11p24p8p"  # 8p is the loose tile: 24p waits on 3p with the pair
    action = SichuanBot(0).act(view(hand, discards(hand)))
    assert action == Discard(28)


def test_wins_are_always_taken():
    hand = "123456789m11p234p"
    assert SichuanBot(0).act(view(hand, [Tsumo(), *discards(hand)])) == Tsumo()
    react = view("123456789m11p23p", [Ron(), PASS], phase="reaction", offered_tile=24)
    assert SichuanBot(0).act(react) == Ron()


def test_a_tile_of_the_void_suit_is_never_called():
    react = view("123456789m55s11p", [Pon((35, 35)), PASS], phase="reaction", offered_tile=35)
    assert SichuanBot(0).act(react) == PASS


def test_a_concealed_kan_that_costs_nothing_is_declared():
    hand = "123456m5555p789p1m"  # 5555p stands alone: the kan keeps the hand as it is
    legal = [Ankan((25, 25, 25, 25)), *discards(hand)]
    assert SichuanBot(0).act(view(hand, legal)) == Ankan((25, 25, 25, 25))


def test_an_added_kan_is_skipped_late_only_when_an_opponent_could_rob_it():
    pon = Meld("pon", (25, 25, 25), 25, 1)
    hand = "123456789m1p5p"  # 5p just drawn; the pon of 5p is melded

    def late_view(left: int, others_void: str) -> Any:
        publics = [{"void": "s", "won": None, "revealed": []}]
        publics += [{"void": others_void, "won": None, "revealed": []}] * 3
        legal = [Kakan(25), *discards(hand)]
        return view(
            hand,
            legal,
            melds=((pon,), (), (), ()),
            live_remaining=left,
            seats_public=tuple(publics),
        )

    assert SichuanBot(0).act(late_view(50, "m")) == Kakan(25)  # early: the bonus
    assert isinstance(SichuanBot(0).act(late_view(10, "m")), Discard)  # late, 5p may be robbed
    assert SichuanBot(0).act(late_view(10, "p")) == Kakan(25)  # nobody can win on a dot


def _efficiency(hand: str, tile: int) -> tuple[int, int]:
    """Shanten and the number of improving kinds after discarding ``tile`` (void s)."""
    rest = parse(hand)
    rest.remove(tile)
    steps, kinds = improving(list(counts34(rest)), 0, 3)
    return steps, len(kinds)


def test_it_pushes_for_a_flush_over_a_quicker_two_suit_hand():
    # Dropping 9p keeps 45p and leaves the hand one step from ready (1 han); the bot drops a
    # dot of 45p instead, two steps from ready but on the way to the full flush (3 han).
    hand = "11344556778m459p"
    assert _efficiency(hand, 29)[0] == 1 and _efficiency(hand, 25)[0] == 2
    assert SichuanBot(0).act(view(hand, discards(hand))) == Discard(25)


def test_it_keeps_four_of_a_kind_for_its_root():
    # Breaking 5555p would leave the most useful tiles; the bot keeps the four (a root, one
    # han more) and drops 9m at the same distance from ready.
    hand = "136789m11125555p"
    (steps, kinds), (steps_kept, kinds_kept) = _efficiency(hand, 25), _efficiency(hand, 19)
    assert steps == steps_kept and kinds > kinds_kept
    assert SichuanBot(0).act(view(hand, discards(hand))) == Discard(19)
