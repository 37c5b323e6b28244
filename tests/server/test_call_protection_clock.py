"""Issue 16 item 7: call protection and the tactical window as durations, on an injected clock.

The platform guide (section 4, "Call protection"; section 5, "Tactical calls"): when a discard
can be claimed, the seats that may act see it at once and any other seat (D) after the
protection delay, 1.3 s; if a claimant acts during that delay, D sees the discard at once and
what the claim brought after the first catch-up delay, 0.7 s; after a call, the caller's
discard comes no sooner than the second catch-up delay, 0.5 s, after D saw the call. A
tactical re-ask gets five seconds of its own, not taken from the bank.

A room is driven through its own methods (``_sync_prompts``, ``_apply``) over a rigged Riichi
hand, with the room's injected clock (``server/clock.py``) a fake one the test moves by hand
(``fake_clock.py``): every figure below is a reading of that clock, never a measured time.
The room's delivery tasks sleep on the fake clock too, so a message goes out at the first
clock reading at or after its due time.
"""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

import pytest
from fake_clock import FakeClock as Clock

from openmahjong.rules.riichi.game import GameOptions, new_hand
from openmahjong.server.prompts import PromptLedger
from openmahjong.server.room import TACTICAL_SECONDS, Room, SeatSlot, _Game
from openmahjong.server.rooms import TableSettings
from openmahjong.table import PASS, Chi, Discard, Pon
from openmahjong.table.rig import rigged_wall
from openmahjong.tiles import parse

pytestmark = pytest.mark.asyncio

# Seat 0 (the dealer) discards 3s; seat 1 may chi it, seat 2 may pon it, seat 3 nothing
# (tests/server/test_room_play.py).
HANDS = [
    "6m7m8m7p8p9s1z2z3z4z5z6z7z3s",
    "4s5s2m5m8m2p5p8p1z1z2z2z7s",
    "3s3s3m6m3p6p8s3z3z4z4z5z5z",
    "4m7m4p7p2s6s1m1p9m9p6z6z7z",
]
THREE_SOU = parse("3s")[0]
START = 1000.0


class Hub:
    """What a room needs of the hub: prompt ledgers, and ``send`` (here: a log of what each
    user got, stamped with the fake clock)."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.ledgers: dict[int, PromptLedger] = {}
        self.got: dict[int, list[tuple[float, dict[str, Any]]]] = {}

    def ledger(self, user_id: int) -> PromptLedger:
        return self.ledgers.setdefault(user_id, PromptLedger())

    def send(self, user_id: int, message: Any) -> int:
        data = json.loads(message) if isinstance(message, str) else message.model_dump()
        self.got.setdefault(user_id, []).append((self.clock.now, data))
        return 1


class Writer:
    async def append(self, *args: Any, **kwargs: Any) -> None:
        return None


class Match:
    """The slice of a match a room drives: one rigged hand."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.results: list[Any] = []
        self.finished = False

    def act(self, seat: int, action: Any) -> list[Any]:
        return self.table.act(seat, action)

    def timeout(self, seat: int) -> list[Any]:
        return self.table.timeout(seat)

    def player_at(self, seat: int) -> int:
        return seat  # one hand: nobody changes seats

    def seat_of(self, player: int) -> int:
        return player

    def label_data(self) -> dict[str, Any]:
        return {}  # the room reads the hand's label before each action (Match declares it)

    def optional_seats(self) -> frozenset[int]:
        return frozenset()  # every seat asked must answer (Match declares it; free play's differ)


@pytest.fixture
def clock() -> Clock:
    return Clock(START)


def _room(clock: Clock, **settings: Any) -> tuple[Room, _Game, Hub]:
    hub = Hub(clock)
    room = Room.__new__(Room)  # no database, no task: only the timing methods are driven
    room.manager = SimpleNamespace(hub=hub, writer=Writer())
    room.clock = clock
    room.id = 1
    room.size = 4
    room.settings = TableSettings(move_seconds=10, bank_seconds=20, **settings)
    room.spectators = {}
    room.channels = {}
    room.wake = asyncio.Event()
    claim_mode = "tactical" if settings.get("tactical_calls") else "standard"
    table = new_hand(rigged_wall(HANDS), GameOptions(claim_mode=claim_mode))
    game = _Game(
        id=1,
        match=Match(table),
        seats=[SeatSlot(name=f"p{i}", user_id=100 + i) for i in range(4)],
        commitment="",
        salt="",
        master_seed=0,
        started_at=datetime.now(UTC),
        banks=[20.0] * 4,
    )
    room.game = game
    return room, game, hub


async def _settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


async def _advance(clock: Clock, to: float) -> None:
    """Move the clock to ``to`` in steps, letting the delivery tasks run at each reading."""
    await clock.advance_to(to)


async def _play(room: Room, game: _Game, seat: int, action: Any) -> None:
    await room._apply(game, seat, action, offered=game.match.table.legal_actions(seat))
    room._sync_prompts(game)
    await _settle()


def _seen(hub: Hub, user: int, kind: str, seat: int | None = None) -> list[float]:
    """When ``user`` got each event of ``kind`` (by ``seat``)."""
    return [
        at
        for at, m in hub.got.get(user, [])
        if m.get("type") == "event"
        and m["event"]["type"] == kind
        and (seat is None or m["event"].get("seat") == seat)
    ]


def _close(room: Room) -> None:
    for ch in room.channels.values():
        ch.close()


async def test_protection_delay_the_seat_that_cannot_claim_sees_the_discard_13_s_later(clock):
    room, game, hub = _room(clock, call_protection=True)
    room._sync_prompts(game)
    await _play(room, game, 0, Discard(THREE_SOU))
    for user in (100, 101, 102):  # the discarder and both claimants: at once
        assert _seen(hub, user, "Discarded", 0) == [START]
    await _advance(clock, START + 1.29)
    assert _seen(hub, 103, "Discarded", 0) == []
    await _advance(clock, START + 1.3)
    assert _seen(hub, 103, "Discarded", 0) == [pytest.approx(START + 1.3)]
    _close(room)


async def test_catch_up_delays_after_a_claimant_acts_during_the_protection_delay(clock):
    room, game, hub = _room(clock, call_protection=True)
    room._sync_prompts(game)
    await _play(room, game, 0, Discard(THREE_SOU))
    await _advance(clock, START + 0.4)
    await _play(room, game, 2, Pon((THREE_SOU, THREE_SOU)))  # C acts during the delay
    assert _seen(hub, 103, "Discarded", 0) == [pytest.approx(START + 0.4)]  # D: at once
    await _advance(clock, START + 0.9)
    await _play(room, game, 1, PASS)  # B passes: the pon stands
    called = START + 0.9
    for user in (100, 101, 102):
        assert _seen(hub, user, "Called") == [pytest.approx(called)]
    await _advance(clock, called + 0.69)
    assert _seen(hub, 103, "Called") == []
    await _advance(clock, called + 0.7)  # the first catch-up delay
    assert _seen(hub, 103, "Called") == [pytest.approx(called + 0.7)]
    # The caller discards at once; D sees it no sooner than 0.5 s after it saw the call.
    table = game.match.table
    assert table.turn == 2
    await _play(room, game, 2, Discard(parse("8s")[0]))
    assert _seen(hub, 102, "Discarded", 2) == [pytest.approx(called + 0.7)]
    await _advance(clock, called + 0.7 + 0.49)
    assert _seen(hub, 103, "Discarded", 2) == []
    await _advance(clock, called + 0.7 + 0.5)  # the second catch-up delay
    assert _seen(hub, 103, "Discarded", 2) == [pytest.approx(called + 0.7 + 0.5)]
    _close(room)


async def test_without_call_protection_every_seat_sees_the_discard_at_once(clock):
    room, game, hub = _room(clock, call_protection=False)
    room._sync_prompts(game)
    await _play(room, game, 0, Discard(THREE_SOU))
    for user in (100, 101, 102, 103):
        assert _seen(hub, user, "Discarded", 0) == [START]
    _close(room)


async def test_a_tactical_reask_gets_five_seconds_of_its_own_and_leaves_the_bank(clock):
    room, game, hub = _room(clock, call_protection=False, tactical_calls=True)
    room._sync_prompts(game)
    await _play(room, game, 0, Discard(THREE_SOU))
    first = game.open[2]
    assert not first.tactical and first.deadline - first.shown_at == 10 + 20  # move + bank
    await _advance(clock, START + 1)
    await _play(room, game, 2, PASS)  # C passes its pon...
    await _play(room, game, 1, Chi((parse("4s")[0], parse("5s")[0])))  # ...B claims a chi
    again = game.open[2]  # C still holds a pon: asked again, alone, on its own clock
    assert again.tactical and again.shown_at == pytest.approx(START + 1)
    assert again.deadline - again.shown_at == TACTICAL_SECONDS == 5.0
    prompt = [m for _, m in hub.got[102] if m.get("seq") == again.prompt.seq][0]
    assert prompt["context"]["move_seconds"] == 5.0 and prompt["context"]["bank_seconds"] == 0
    # The re-ask runs out on the fake clock: C's default (pass), and C's bank is untouched.
    step = asyncio.ensure_future(room._step(game))  # waits on the fake clock's deadline
    await _advance(clock, again.deadline - 0.01)
    assert not step.done() and game.open[2] is again  # nothing answered, not yet the deadline
    await _advance(clock, again.deadline)
    await asyncio.wait_for(step, 5)  # the deadline came on the fake clock
    assert 2 not in game.open
    assert game.banks[2] == 20.0
    assert game.match.table.seats[1].melds[-1].kind == "chi"
    _close(room)
