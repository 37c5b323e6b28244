"""The mjai seat adapter (``openmahjong.bots.mjai_seat``): what a seat is sent, and how a bot's
reply becomes one of the table's offered actions (rigged hands; issue 16, outside AIs)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from openmahjong import tiles as T
from openmahjong.bots.mjai_seat import MjaiSeat
from openmahjong.bots.selfplay import make_bot, selfplay_seed
from openmahjong.rules.riichi.game.match import RiichiMatch
from openmahjong.rules.riichi.game.options import preset
from openmahjong.table import PASS, Phase
from openmahjong.table.actions import (
    AbortiveDraw,
    Ankan,
    Chi,
    Discard,
    Kakan,
    Minkan,
    Pon,
    Reveal,
    Ron,
    Tsumo,
)
from tests.formats.mjai_consumer import load_libriichi
from tests.rules.riichi_game.helpers import QUIET, make, pass_all, tile


def kinds(batch):
    return [e["type"] for e in batch]


# --------------------------------------------------------------------------- what is sent


def test_start_game_carries_the_seat_id():
    assert MjaiSeat(2, ["a", "b", "c", "d"]).start_game() == [
        {"type": "start_game", "id": 2, "names": ["a", "b", "c", "d"]}
    ]


def test_a_seat_sees_its_own_tiles_and_question_marks_for_the_others():
    t = make(QUIET, draws="9s")
    dealer, south = MjaiSeat(0), MjaiSeat(1)
    d0, s0 = dealer.events_for(t), south.events_for(t)
    assert kinds(d0) == kinds(s0) == ["start_kyoku", "tsumo"]
    assert d0[0]["tehais"][0] == [
        "E", "S", "2m", "5m", "8m", "2p", "5p", "8p", "2s", "5s", "8s", "3m", "6m"
    ]  # fmt: skip
    assert d0[0]["tehais"][1:] == [["?"] * 13] * 3
    assert s0[0]["tehais"][0] == ["?"] * 13 and "?" not in s0[0]["tehais"][1]
    assert d0[1] == {"type": "tsumo", "actor": 0, "pai": "9m"}
    assert s0[1] == {"type": "tsumo", "actor": 0, "pai": "?"}
    start = d0[0]
    assert (start["bakaze"], start["kyoku"], start["oya"], start["honba"]) == ("E", 1, 0, 0)
    t.act(0, Discard(tile("1z")))
    pass_all(t)
    assert dealer.events_for(t) == [
        {"type": "dahai", "actor": 0, "pai": "E", "tsumogiri": False},
        {"type": "tsumo", "actor": 1, "pai": "?"},
    ]
    assert south.events_for(t)[-1] == {"type": "tsumo", "actor": 1, "pai": "9s"}
    assert dealer.events_for(t) == []  # nothing new


def test_a_finished_hand_ends_with_ryukyoku_and_end_kyoku_once():
    # Nine terminals for the dealer: the hand ends at the first decision.
    t = make(["19m19p19s1234567z", *QUIET[1:]])
    seat = MjaiSeat(1)
    seat.events_for(t)
    t.act(0, AbortiveDraw("nine_terminals"))
    assert t.phase == Phase.ENDED
    last = seat.events_for(t)
    assert last == [
        {"type": "ryukyoku", "deltas": [0, 0, 0, 0], "reason": "kyushukyuhai"},
        {"type": "end_kyoku"},
    ]
    assert seat.end_game([25000] * 4) == [{"type": "end_game", "scores": [25000] * 4}]


# --------------------------------------------------------------------------- replies


def offered(t, seat):
    return t.legal_actions(seat)


def test_dahai_none_and_the_defaults():
    t = make(QUIET, draws="9s")
    seat = MjaiSeat(0)
    seat.events_for(t)
    legal = offered(t, 0)
    reply = seat.action_from('{"type":"dahai","actor":0,"pai":"E","tsumogiri":false}', legal)
    assert reply.action == Discard(tile("1z")) and reply.error is None
    # The default on a turn is the drawn tile (the dealer's 14th), as the table's timeout.
    for text, error in [
        ("not json", "not_json"),
        ("[1, 2]", "not_action"),
        ('{"type":"fly"}', "not_action"),
        ('{"type":"dahai","pai":"0m"}', "not_action"),  # mjai writes a red five 5mr
        ('{"type":"dahai","actor":1,"pai":"E"}', "illegal"),  # not this seat
        ('{"type":"dahai","pai":"7z"}', "not_action"),
        ('{"type":"dahai","pai":"C"}', "illegal"),  # not in the hand
        ('{"type":"none"}', "illegal"),  # it must discard
        ('{"type":"hora","actor":0,"target":0,"pai":"9m"}', "illegal"),
        ('{"type":"reach","actor":0}', "illegal"),  # not ready
    ]:
        reply = seat.action_from(text, legal)
        assert (reply.error, reply.action) == (error, Discard(tile("9m"))), text
        assert reply.action == t.default_action(0)
        assert reply.detail
    t.act(0, Discard(tile("9m")))
    # Seat 1 may pon nothing here; seat 2 ... nobody is asked: a pass default needs a window.
    assert t.phase == Phase.TURN


def test_a_reply_may_be_bytes_or_parsed_json():
    t = make(QUIET, draws="9s")
    seat = MjaiSeat(0)
    seat.events_for(t)
    legal = offered(t, 0)
    assert seat.action_from(b'{"type":"dahai","pai":"E"}\n', legal).action == Discard(tile("1z"))
    assert seat.action_from({"type": "dahai", "pai": "E"}, legal).action == Discard(tile("1z"))
    assert seat.action_from(b"\xff\xfe", legal).error == "not_json"


def test_pon_chi_and_minkan_match_the_consumed_tiles_red_fives_exactly():
    # Seat 0 discards 5p; seat 1 holds 0p 5p 5p 3p 4p (pon, kan, chi 34-5, chi with red ...).
    hands = ["5p12z258m258s369m14p", "0p55p34p1m4m7m1s4s7s2z", QUIET[2], "1234567z19s9m19p6s"]
    t = make(hands)
    seat = MjaiSeat(1)
    seat.events_for(t)
    t.act(0, Discard(tile("5p")))
    assert t.phase == Phase.REACTION and 1 in t.waiting_for()
    legal = offered(t, 1)
    batch = seat.events_for(t)
    assert batch == [{"type": "dahai", "actor": 0, "pai": "5p", "tsumogiri": False}]
    red_pon, pon = Pon((tile("5p"), tile("0p"))), Pon((tile("5p"), tile("5p")))
    assert red_pon in legal and pon in legal  # the hand's order: 5p 5p 0p

    def read(text):
        return seat.action_from(json.dumps(text), legal)

    claim = {"actor": 1, "target": 0, "pai": "5p"}
    assert read({"type": "pon", **claim, "consumed": ["5pr", "5p"]}).action == red_pon
    assert read({"type": "pon", **claim, "consumed": ["5p", "5p"]}).action == pon
    assert read({"type": "daiminkan", **claim, "consumed": ["5pr", "5p", "5p"]}).action == (
        Minkan((tile("5p"), tile("5p"), tile("0p")))
    )
    assert read({"type": "chi", **claim, "consumed": ["3p", "4p"]}).action == Chi(
        (tile("3p"), tile("4p"))
    )
    no = read({"type": "chi", **claim, "consumed": ["6p", "7p"]})
    assert (no.error, no.action) == ("illegal", PASS)
    assert read({"type": "none"}).action == PASS
    bad = read({"type": "pon", **claim, "consumed": "5p"})
    assert (bad.error, bad.action) == ("not_action", PASS)


def test_riichi_is_two_replies_and_the_bot_sees_its_reach_once():
    # The dealer is ready on 1m-4m after discarding the East.
    t = make(["23m456m789m11p222s1z", *QUIET[1:]])
    me, other = MjaiSeat(0), MjaiSeat(1)
    me.events_for(t)
    other.events_for(t)
    legal = offered(t, 0)
    assert Discard(tile("1z"), riichi=True) in legal
    first = me.action_from('{"type":"reach","actor":0}', legal)
    assert first.action is None and first.followup == [{"type": "reach", "actor": 0}]
    second = me.action_from('{"type":"dahai","actor":0,"pai":"E","tsumogiri":true}', legal)
    assert second.action == Discard(tile("1z"), riichi=True) and second.error is None
    t.act(0, second.action)
    pass_all(t)
    assert kinds(me.events_for(t)) == ["dahai", "reach_accepted", "tsumo"]
    assert kinds(other.events_for(t)) == ["reach", "dahai", "reach_accepted", "tsumo"]


def test_after_a_reach_a_bad_discard_plays_the_riichi_discard_of_the_drawn_tile():
    t = make(["23m456m789m11p222s1z", *QUIET[1:]])
    me = MjaiSeat(0)
    me.events_for(t)
    legal = offered(t, 0)
    assert me.action_from('{"type":"reach"}', legal).followup
    reply = me.action_from('{"type":"dahai","pai":"2m"}', legal)  # not a ready discard
    assert reply.error == "illegal" and reply.action == Discard(tile("1z"), riichi=True)
    t.act(0, reply.action)
    assert kinds(me.events_for(t))[:2] == ["dahai", "reach_accepted"]  # reach: already sent


def test_hora_is_tsumo_or_ron_whichever_is_offered():
    # Dealer wins on its 14th tile (1m): a tsumo.
    t = make(["23m456m789m11p222s1m", *QUIET[1:]])
    me = MjaiSeat(0)
    me.events_for(t)
    reply = me.action_from('{"type":"hora","actor":0,"target":0,"pai":"1m"}', offered(t, 0))
    assert reply.action == Tsumo()
    t.act(0, reply.action)
    batch = me.events_for(t)
    assert kinds(batch) == ["hora", "end_kyoku"]
    assert batch[0]["actor"] == batch[0]["target"] == 0 and sum(batch[0]["deltas"]) == 0
    # Seat 1 is ready on 1m-4m (tanyao on 4m); the dealer discards 4m: a ron.
    hands = ["4m12z258m258s369m14p", "23m456m678m22p234s", *QUIET[2:]]
    t = make(hands)
    seat = MjaiSeat(1)
    seat.events_for(t)
    t.act(0, Discard(tile("4m")))
    assert Ron() in offered(t, 1)
    assert seat.action_from('{"type":"hora","actor":1,"target":0}', offered(t, 1)).action == Ron()


def test_ankan_kakan_and_nine_terminals():
    others = ["37z247m1479p1479s", "456z369p369s2m7m8s8p", QUIET[3]]
    t = make(["1111m456m789m11p2s2z", *others])
    me = MjaiSeat(0)
    me.events_for(t)
    kan = me.action_from(
        '{"type":"ankan","actor":0,"consumed":["1m","1m","1m","1m"]}', offered(t, 0)
    )
    assert kan.action == Ankan((tile("1m"),) * 4)
    assert me.action_from('{"type":"kakan","pai":"1m"}', offered(t, 0)).error == "illegal"
    assert Kakan(tile("1m")) not in offered(t, 0)
    t = make(["19m19p19s1234567z", *QUIET[1:]])
    me = MjaiSeat(0)
    me.events_for(t)
    assert me.action_from('{"type":"ryukyoku"}', offered(t, 0)).action == AbortiveDraw(
        "nine_terminals"
    )


def test_showing_a_ready_hand_is_automatic():
    assert MjaiSeat.automatic([Reveal(True), Reveal(False)]) == Reveal(True)
    assert MjaiSeat.automatic([PASS, Ron()]) is None


# --------------------------------------------------------------------------- against libriichi


@pytest.fixture(scope="module")
def libriichi():
    return load_libriichi()


def _kinds_offered(legal):
    names = {
        Discard: "discard",
        Tsumo: "tsumo",
        Ron: "ron",
        Chi: "chi",
        Pon: "pon",
        Minkan: "daiminkan",
        Ankan: "ankan",
        Kakan: "kakan",
        AbortiveDraw: "ryukyoku",
    }
    out = set()
    for a in legal:
        if isinstance(a, Discard) and a.riichi:
            out.add("riichi")
        elif type(a) in names:
            out.add(names[type(a)])
    return out


def _kinds_allowed(c):
    return {
        name
        for name, yes in [
            ("discard", c.can_discard),
            ("riichi", c.can_riichi),
            ("tsumo", c.can_tsumo_agari),
            ("ron", c.can_ron_agari),
            ("chi", c.can_chi),
            ("pon", c.can_pon),
            ("daiminkan", c.can_daiminkan),
            ("ankan", c.can_ankan),
            ("kakan", c.can_kakan),
            ("ryukyoku", c.can_ryukyoku),
        ]
        if yes
    }


def test_libriichi_fed_each_seats_events_allows_what_the_table_offers(libriichi):
    """Two self-play hanchans; every seat is an MjaiSeat whose batches feed libriichi's
    PlayerState: at every decision, libriichi allows exactly the kinds of action offered."""
    decisions, differ = 0, Counter()
    for game in range(2):
        master, salt = selfplay_seed(5, game)
        match = RiichiMatch(preset("tenhou-hanchan"), master, salt=salt)
        seats = [MjaiSeat(s) for s in range(4)]
        states = [libriichi.state.PlayerState(s) for s in range(4)]
        bots = [make_bot("efficiency", s) for s in range(4)]
        for s in range(4):
            for event in seats[s].start_game():
                states[s].update(json.dumps(event))
        while not match.finished:
            table = match.table
            waiting = [table.turn] if table.phase is Phase.TURN else table.waiting_for()
            s = waiting[0]
            legal = table.legal_actions(s)
            if MjaiSeat.automatic(legal) is None:
                cans = None
                for event in seats[s].events_for(table):
                    if event["type"] == "start_kyoku":
                        states[s] = libriichi.state.PlayerState(s)
                    cans = states[s].update(json.dumps(event))
                assert cans is not None
                decisions += 1
                ours, theirs = _kinds_offered(legal), _kinds_allowed(cans)
                if ours != theirs:
                    differ[(match.label(), s, tuple(sorted(ours ^ theirs)))] += 1
            one = len(legal) == 1
            match.act(s, legal[0] if one else bots[s].act(table.view(s, events=False)))
    assert decisions > 1000
    assert not differ


def _as_mjai(action, seat, drawn, last):
    """An offered action as the mjai answer a bot would give (``last``: the event answered)."""
    m = T.to_mjai
    if isinstance(action, Discard):
        return {
            "type": "dahai",
            "actor": seat,
            "pai": m(action.tile),
            "tsumogiri": action.tile == drawn,
        }
    if isinstance(action, Tsumo):
        return {"type": "hora", "actor": seat, "target": seat, "pai": m(drawn)}
    claim = {"actor": seat, "target": last.get("actor"), "pai": last.get("pai")}
    if isinstance(action, Ron):
        return {"type": "hora", **claim}
    if isinstance(action, (Chi, Pon, Minkan)):
        kind = {Chi: "chi", Pon: "pon", Minkan: "daiminkan"}[type(action)]
        return {"type": kind, **claim, "consumed": [m(t) for t in action.tiles]}
    if isinstance(action, Ankan):
        return {"type": "ankan", "actor": seat, "consumed": [m(t) for t in action.tiles]}
    if isinstance(action, AbortiveDraw):
        return {"type": "ryukyoku", "actor": seat}
    return None  # a pass (no answer to validate), a kakan (its consumed: the pon's tiles)


def test_every_offered_action_as_mjai_is_legal_for_libriichi_and_reads_back(libriichi):
    """Each offered action (red fives exact), written as a bot would, is one libriichi's
    validate_reaction accepts, and action_from reads it back as that very action."""
    checked = Counter()
    master, salt = selfplay_seed(5, 0)
    match = RiichiMatch(preset("tenhou-hanchan"), master, salt=salt)
    seats = [MjaiSeat(s) for s in range(4)]
    states = [libriichi.state.PlayerState(s) for s in range(4)]
    drawn: list = [None] * 4
    last: list = [{}] * 4
    bots = [make_bot("efficiency", s) for s in range(4)]
    while not match.finished:
        table = match.table
        waiting = [table.turn] if table.phase is Phase.TURN else table.waiting_for()
        s = waiting[0]
        legal = table.legal_actions(s)
        if MjaiSeat.automatic(legal) is None:
            for event in seats[s].events_for(table):
                if event["type"] == "start_kyoku":
                    states[s] = libriichi.state.PlayerState(s)
                if event["type"] == "tsumo" and event["actor"] == s:
                    drawn[s] = T.from_mjai(event["pai"])
                elif event["type"] in ("dahai", "chi", "pon") and event["actor"] == s:
                    drawn[s] = None
                last[s] = event
                states[s].update(json.dumps(event))
            for action in legal:
                if isinstance(action, Discard) and action.riichi:
                    continue  # two answers: tested with rigged hands above
                answer = _as_mjai(action, s, drawn[s], last[s])
                if answer is None:
                    continue
                states[s].validate_reaction(json.dumps(answer))  # raises when refused
                assert seats[s].action_from(json.dumps(answer), legal).action == action, answer
                checked[answer["type"]] += 1
        one = len(legal) == 1
        match.act(s, legal[0] if one else bots[s].act(table.view(s, events=False)))
    assert checked["dahai"] > 500 and checked["pon"] + checked["chi"] > 10, checked
