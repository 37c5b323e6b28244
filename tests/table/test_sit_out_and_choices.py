"""The kernel's two capabilities for bloody rulesets (Sichuan, Battle of Asura): seats that
have won and sit out, and special phases whose choices a rule checks instead of a list."""

import pytest

from openmahjong.hand.decompose import is_complete_regular
from openmahjong.table import (
    ChoiceRule,
    Discard,
    IllegalAction,
    Kakan,
    Phase,
    Pon,
    Ron,
    RoundPolicy,
    Table,
    Tsumo,
    rigged_wall,
)
from openmahjong.table.actions import Action
from openmahjong.table.policy import Trigger
from openmahjong.table.seat import Meld
from openmahjong.tiles import counts34, kind, parse
from tests.table.test_kernel import HANDS


class PickThree(ChoiceRule):
    """Any three tiles of one suit from the seat's hand (up to 364 choices: never listed)."""

    name = "discard"  # the toy reuses Discard's shape: tile is the lowest of the three

    def __init__(self, hand):
        self.hand = list(hand)

    def why_not(self, action: Action) -> str | None:
        if not isinstance(action, Discard):
            return f"pick three tiles, not {action.name}"
        if action.tile not in self.hand:
            return "that tile is not in your hand"
        return None

    def default(self) -> Action:
        return Discard(self.hand[0])

    def describe(self):
        return {"type": "pick", "from": list(self.hand)}


class Bloody(RoundPolicy):
    """Any regular complete hand wins; winners sit out through the kernel, not the policy."""

    dead_wall = 0

    def __init__(self, *, picks=False):
        self.picks = picks
        self.picked = {}

    def on_start(self, table):
        if self.picks:
            table.start_special({}, rules={s: PickThree(table.seats[s].hand) for s in range(4)})

    def apply_special(self, table, seat, action):
        self.picked[seat] = action
        if not table.special and not table.rules:
            table.phase = Phase.TURN

    def turn_actions(self, table, seat):
        hand = table.seats[seat].hand
        acts = [Discard(t) for t in sorted(set(hand))]
        if table.drew and is_complete_regular(counts34(hand)):
            acts.append(Tsumo())
        for m in table.seats[seat].melds:
            if m.kind == "pon":
                acts += [Kakan(t) for t in hand if kind(t) == kind(m.tiles[0])]
        return acts

    def reaction_options(self, table, seat, trigger):
        hand = table.seats[seat].hand
        opts = []
        if is_complete_regular(counts34(hand + [trigger.tile])):
            opts.append(Ron())
        same = [t for t in hand if kind(t) == kind(trigger.tile)]
        if trigger.kind == "discard" and len(same) >= 2:
            opts.append(Pon((same[0], same[1])))
        return opts

    def settle_wins(self, table, trigger, winners):
        if trigger.kind == "kakan":
            table.rob_kan(trigger)
        for w in winners:
            table.sit_out(w)
        if len(table.in_play()) == 1:
            table.end(("bloody", winners))
        else:
            table.draw_for(table.next_in_play(winners[-1]))

    def settle_tsumo(self, table, seat):
        table.sit_out(seat)
        table.draw_for(table.next_in_play(seat))

    def exhausted(self, table):
        table.end(("draw",))


def bloody_table(**kwargs):
    return Table(Bloody(**kwargs), rigged_wall(HANDS, draws="3z", dead_size=0))


def test_winners_sit_out_of_turns_claims_and_the_draw_order():
    t = bloody_table()
    t.act(0, Discard(parse("9s")[0]))
    t.act(2, Ron())
    t.act(1, Ron())
    assert t.seats[1].out and t.seats[2].out and t.in_play() == [0, 3]
    assert t.phase == Phase.TURN and t.turn == 3
    assert t.next_in_play(3) == 0 and t.next_in_play(0) == 3
    t.act(3, Discard(parse("3z")[0]))
    assert t.turn == 0  # the default next_seat skips seats 1 and 2
    # Seat 3 discards a tile seats 1 and 2 could win on: neither is offered it.
    assert t.legal_actions(1) == [] and t.legal_actions(2) == []
    assert t.waiting_for() == [0]
    # Validation and default actions skip them too: a winner's claim or timeout is refused
    # and changes nothing.
    before = (len(t.log), len(t.events), t.phase, t.turn)
    assert t.default_action(1) is None
    with pytest.raises(IllegalAction):
        t.act(1, Ron())
    with pytest.raises(IllegalAction, match="nothing to do"):
        t.timeout(2)
    assert (len(t.log), len(t.events), t.phase, t.turn) == before


def test_a_seat_that_sits_out_is_never_asked_in_a_special_phase():
    t = bloody_table()
    t.sit_out(2)
    t.start_special({1: (Discard(t.seats[1].hand[0]),), 2: (Discard(t.seats[2].hand[0]),)})
    assert t.waiting_for() == [1]


def test_a_robbed_added_kan_is_a_pon_again():
    t = bloody_table()
    tiles = tuple(parse("7777z"))
    kakan = Meld("kakan", tiles, tiles[0], 0)
    t.seats[3].melds.append(kakan)
    t.rob_kan(Trigger("kakan", 3, tiles[3], kakan))
    assert t.seats[3].melds[-1] == Meld("pon", tiles[:3], tiles[0], 0)


class TestChoiceRules:
    def test_the_rule_accepts_what_no_list_names_and_refuses_with_its_reason(self):
        t = bloody_table(picks=True)
        assert t.phase == Phase.SPECIAL and t.waiting_for() == [0, 1, 2, 3]
        assert t.legal_actions(0) == []  # nothing is listed
        view = t.view(0)
        assert view.choice == {"type": "pick", "from": list(t.seats[0].hand)}
        assert t.view(None).choice is None and t.view(1).choice["from"] == list(t.seats[1].hand)
        before = (len(t.log), len(t.events))
        with pytest.raises(IllegalAction, match="not in your hand"):
            t.act(0, Discard(next(x for x in t.seats[1].hand if x not in t.seats[0].hand)))
        with pytest.raises(IllegalAction, match="pick three tiles"):
            t.act(0, Tsumo())
        assert (len(t.log), len(t.events)) == before and t.waiting_for() == [0, 1, 2, 3]
        t.act(0, Discard(t.seats[0].hand[5]))
        assert t.waiting_for() == [1, 2, 3] and t.view(0).choice is None

    def test_a_timeout_plays_the_rules_default(self):
        t = bloody_table(picks=True)
        for s in range(4):
            t.timeout(s)
        assert t.phase == Phase.TURN
        assert t.policy.picked == {s: Discard(t.seats[s].hand[0]) for s in range(4)}
        assert sorted(t.timeouts) == [0, 1, 2, 3]
