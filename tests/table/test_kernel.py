"""The kernel with a toy ruleset: no dead wall, bloody wins, tactical calls through the loop."""

import pytest

from openmahjong.hand.decompose import is_complete_regular
from openmahjong.rules.riichi.game import GameOptions, new_hand
from openmahjong.table import (
    PASS,
    STANDARD,
    TACTICAL,
    Chi,
    Discard,
    IllegalAction,
    Phase,
    Pon,
    Ron,
    RoundPolicy,
    Table,
    Tsumo,
    rigged_wall,
)
from openmahjong.tiles import counts34, kind, parse


class Toy(RoundPolicy):
    """Any regular complete hand wins; no yaku, no dead wall; optionally "bloody"."""

    dead_wall = 0

    def __init__(self, *, bloody=False, arbitration=STANDARD):
        self.bloody = bloody
        self.arbitration = arbitration
        self.out: list[int] = []

    def turn_actions(self, table, seat):
        hand = table.seats[seat].hand
        acts = [Discard(t) for t in sorted(set(hand))]
        if table.drew and is_complete_regular(counts34(hand)):
            acts.append(Tsumo())
        return acts

    def reaction_options(self, table, seat, trigger):
        if seat in self.out:
            return []
        hand = table.seats[seat].hand
        opts = []
        if is_complete_regular(counts34(hand + [trigger.tile])):
            opts.append(Ron())
        same = [t for t in hand if kind(t) == kind(trigger.tile)]
        if len(same) >= 2:
            opts.append(Pon((same[0], same[1])))
        return opts

    def next_seat(self, table, seat):
        nxt = (seat + 1) % 4
        while nxt in self.out:
            nxt = (nxt + 1) % 4
        return nxt

    def settle_wins(self, table, trigger, winners):
        if not self.bloody:
            table.end(("ron", winners))
            return
        self.out.extend(winners)
        if len(self.out) == 3:
            table.end(("bloody", self.out))
        else:
            table.draw_for(self.next_seat(table, winners[-1]))

    def settle_tsumo(self, table, seat):
        table.end(("tsumo", seat))

    def exhausted(self, table):
        table.end(("draw",))


HANDS = [
    "123m456m789m1122p9s",  # dealer; discards 9s
    "123p456p789p111s9s",  # waits on 9s
    "123s456s78s55z666z",  # waits on 6s or 9s
    "4477z1z258m258p39s",
]


def toy_table(**kwargs):
    return Table(Toy(**kwargs), rigged_wall(HANDS, draws="3z", dead_size=0))


def test_a_ruleset_without_dead_wall_draws_replacements_from_the_back():
    t = toy_table()
    assert not t.wall.dead and t.wall.live_remaining == 136 - 53
    last = t.wall.live[-1]
    t.act(0, Discard(parse("1m")[0]))
    pass_all(t)
    t.replacement_draw(1)
    assert t.last_drawn == last and t.wall.live_remaining == 136 - 53 - 2


def test_multi_win_then_bloody_continuation_skips_the_winners():
    t = toy_table(bloody=True)
    t.act(0, Discard(parse("9s")[0]))
    t.act(2, Ron())
    t.act(1, Ron())
    assert t.phase == Phase.TURN and t.turn == 3  # after the last winner, skipping nobody
    assert t.seats[0].discards[-1].claimed_by == 1
    t.act(3, Discard(parse("3z")[0]))
    assert t.phase == Phase.TURN and t.turn == 0  # seats 1 and 2 are out


def test_illegal_in_toy_changes_nothing():
    t = toy_table()
    before = (list(t.seats[0].hand), t.turn, len(t.events))
    with pytest.raises(IllegalAction):
        t.act(0, Discard(parse("9p")[0]))
    with pytest.raises(IllegalAction):
        t.act(2, Discard(parse("1s")[0]))
    assert (list(t.seats[0].hand), t.turn, len(t.events)) == before


def test_default_action_passes_claims_and_discards_the_drawn_tile():
    t = toy_table()
    assert t.default_action(0) == Discard(t.last_drawn)
    t.act(0, Discard(parse("9s")[0]))
    assert t.default_action(1) == PASS
    assert t.default_action(3) is None


def pass_all(t):
    while t.phase == Phase.REACTION:
        for s in t.waiting_for():
            t.act(s, PASS)


def test_tactical_mode_through_the_kernel_reasks_a_pon_after_a_chi():
    # Riichi table with tactical arbitration: seat 1 may chi 1m, seat 2 may pon it.
    hands = [
        "12z1258m258p258s69m",
        "37z2349m147p1479s",
        "456z369p369s11m8s8p",
        "1234567z5m5p5s6m6p",
    ]
    t = new_hand(rigged_wall(hands), GameOptions(claim_mode="tactical"))
    assert t.policy.arbitration == TACTICAL
    t.act(0, Discard(11))
    assert Chi((12, 13)) in t.legal_actions(1) and Pon((11, 11)) in t.legal_actions(2)
    t.act(2, PASS)
    t.act(1, Chi((12, 13)))
    assert t.phase == Phase.REACTION and t.legal_actions(2) == [Pon((11, 11)), PASS]
    t.act(2, Pon((11, 11)))
    assert t.turn == 2 and t.seats[2].melds[0].kind == "pon" and t.seats[1].melds == []


#: Four dealt hands the view tests share.
QUIET_HANDS = [
    "12z1258m258p258s69m",
    "37z2349m147p1479s",
    "456z369p369s11m8s8p",
    "1234567z5m5p5s6m6p",
]


def test_view_hides_the_window_and_other_hands():
    t = new_hand(rigged_wall(QUIET_HANDS))
    t.act(0, Discard(11))
    v3 = t.view(3)
    assert v3.legal_actions == () and v3.offered_tile == 11
    assert v3.hand == tuple(t.seats[3].hand)
    assert not any(f in vars(v3) for f in ("window", "wall", "asking"))


def test_upgrade_mode_through_the_kernel_chow_claimant_upgrades_to_ron():
    # Seat 1 may chi 4p or win on it (full straight); seat 2 may pon 4p.
    hands = ["12z25689m2458p258s", "123456789m55z56p", "37z1477m449p1479s", "123467z3569s139p"]
    t = new_hand(rigged_wall(hands), GameOptions(claim_mode="upgrade"))
    t.act(0, Discard(24))
    assert Ron() in t.legal_actions(1) and Chi((25, 26)) in t.legal_actions(1)
    t.act(1, Chi((25, 26)))
    t.act(2, Pon((24, 24)))
    assert Ron() in t.legal_actions(1)
    t.act(1, Ron())
    assert t.phase == Phase.ENDED and t.result.wins[0].seat == 1


def test_a_view_owns_its_dicts_so_changing_them_changes_no_later_view():
    t = new_hand(rigged_wall(QUIET_HANDS))
    first = t.view(1)
    for public in first.seats_public:
        public["riichi"] = "changed"
    first.table["honba"] = "changed"
    first.own["furiten"] = "changed"
    again = t.view(1)
    assert all(public["riichi"] is False for public in again.seats_public)
    assert again.table["honba"] == 0 and again.own["furiten"] is False
    assert all(a is not b for a, b in zip(first.seats_public, again.seats_public, strict=True))


def test_timeouts_play_the_default_action_and_are_recorded():
    t = toy_table()
    t.timeout(0)
    assert t.seats[0].discards[0].tsumogiri
    log = t.action_log()
    assert log[0][2:] == ["timeout"]


def test_views_and_records_match_the_state_after_every_action_of_seeded_games():
    """Views extend each seat's discard history instead of rebuilding it; views, draws, discards
    and triggers are filled without the dataclass __init__; records skip dataclasses.asdict:
    after every action of whole bot games (calls, claimed discards, riichi, kans) they still
    equal a plain rebuild."""
    from dataclasses import asdict, fields

    from openmahjong.bots import RiichiBot, selfplay_seed
    from openmahjong.rules.riichi.game import RiichiMatch, preset
    from openmahjong.table import SeatView
    from openmahjong.table.actions import action_to_dict

    claimed = 0
    for seed in (3, 4):
        master, _ = selfplay_seed(seed, 0)
        bots = [RiichiBot(master + s) for s in range(4)]
        match = RiichiMatch(preset("majsoul-tonpuu"), master)
        while not match.finished:
            t = match.table
            seat = t.turn if t.phase == Phase.TURN else t.waiting_for()[0]
            view = t.view(seat, events=False)
            assert view.discards == tuple(
                tuple((d.tile, d.tsumogiri, d.riichi, d.claimed_by) for d in s.discards)
                for s in t.seats
            )
            assert view.melds == tuple(tuple(s.melds) for s in t.seats)
            # The policy keeps the seats' public dicts between views (until a riichi).
            assert view.seats_public == tuple(t.policy.seat_public(t, s) for s in range(4))
            assert view == SeatView(**{f.name: getattr(view, f.name) for f in fields(SeatView)})
            claimed += sum(d.claimed_by is not None for s in t.seats for d in s.discards)
            action = bots[seat].act(view)
            assert action_to_dict(action) == {"type": action.name, **asdict(action)}
            for event in match.act(seat, action):
                # Draws and discards skip the dataclass __init__: every field is still set.
                rebuilt = type(event)(**{f.name: getattr(event, f.name) for f in fields(event)})
                assert event == rebuilt and vars(event) == vars(rebuilt)
            if match.table.trigger is not None:
                trigger = match.table.trigger
                assert vars(trigger) == vars(type(trigger)(**vars(trigger)))
    assert claimed > 0  # the games did claim discards
