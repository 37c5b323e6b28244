"""The server's prompts for parametric choices (``table/choices.py``), with a ruleset of the
tests' own so they hold for any ruleset: "toy-pick", the toy game whose every hand opens with
each seat setting aside two tiles of one suit (a choice among dozens, never listed).

A seat whose special phase is a ``ChoiceRule`` is prompted with no listed actions and the
rule's description (``choice``); a reply the rule refuses is an ``illegal_action`` error with
the rule's reason and changes nothing; a timeout plays the rule's default; bots that know no
choices play the default too; a restarted server asks the same choice again.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, ClassVar

import httpx
import pytest
import pytest_asyncio
from tests.rules.toy_ruleset import PRESETS, WALL, ToyMatch, ToyOptions, ToyPolicy, ToyRuleset
from tests.server.server_helpers import make_settings, running, serving_app

from openmahjong.rules import registry
from openmahjong.rules.contract import Ruleset
from openmahjong.server.choice_reply import read_choice
from openmahjong.server.client import PlayClient, guest_token, simple_choice
from openmahjong.server.prompts import PromptLedger, PromptRejected
from openmahjong.table import ChoiceRule, Phase, Table
from openmahjong.table.actions import Action, register_action

NAME = "toy-pick"
#: Clocks long enough that nobody times out on a loaded machine (unless a test wants it).
TABLE = {"move_seconds": 60, "bank_seconds": 60, "call_protection": False, "spectator_delay": 0}


@register_action
@dataclass(frozen=True, slots=True)
class SetAside(Action):
    """Two tiles of one suit taken out of the hand (the toy's exchange)."""

    tiles: tuple[int, int]
    name: ClassVar[str] = "set_aside"


def _suit(tile: int) -> int:
    return tile // 10


class SetAsideRule(ChoiceRule):
    name = "set_aside"

    def __init__(self, hand: list[int]) -> None:
        self.hand = sorted(hand)

    def why_not(self, action: Action) -> str | None:
        if not isinstance(action, SetAside):
            return f"set two tiles aside, not {action.name}"
        tiles = action.tiles
        if len(tiles) != 2 or not all(isinstance(t, int) for t in tiles):
            return "two tiles"
        if Counter(tiles) - Counter(self.hand):
            return "those tiles are not in your hand"
        if _suit(tiles[0]) != _suit(tiles[1]):
            return "both tiles of one suit"
        return None

    def suggested(self) -> tuple[int, int]:
        by_suit = Counter(_suit(t) for t in self.hand)
        suit = max(by_suit, key=lambda s: (by_suit[s] >= 2, -s))
        first, second = [t for t in self.hand if _suit(t) == suit][:2]
        return (first, second)

    def default(self) -> Action:
        return SetAside(self.suggested())

    def describe(self) -> dict[str, Any]:
        return {"type": self.name, "count": 2, "same_suit": True, "suggested": [*self.suggested()]}


class PickPolicy(ToyPolicy):
    """The toy's game after a stage where every seat sets two tiles aside (they leave play)."""

    dealer_extra = True

    def on_start(self, table: Table) -> None:
        self.aside: dict[int, tuple[int, int]] = {}

    def after_deal(self, table: Table) -> None:
        table.start_special({}, rules={s: SetAsideRule(table.seats[s].hand) for s in range(4)})

    def apply_special(self, table: Table, seat: int, action: Action) -> None:
        assert isinstance(action, SetAside)
        for t in action.tiles:
            table.seats[seat].hand.remove(t)
        self.aside[seat] = action.tiles
        if not table.rules:
            table.phase = Phase.TURN  # the dealer (14 tiles, 12 now) discards first


class PickMatch(ToyMatch):
    ruleset = NAME
    wall = replace(WALL, name=NAME)

    def _deal(self) -> Table:
        state = self.state
        return Table(
            PickPolicy(self.options),
            self._walls(state.hand_index),
            dealer=state.dealer,
            points=state.points,
        )


PICK = ToyRuleset(match_type=PickMatch, options_schema=ToyOptions, presets=PRESETS)


@pytest.fixture
def pick() -> Iterator[Ruleset]:
    registry.register(PICK)
    try:
        yield PICK
    finally:
        registry.unregister(NAME)


@pytest_asyncio.fixture
async def live(tmp_path: Path, pick: Ruleset) -> AsyncIterator[str]:
    async with running(make_settings(tmp_path)) as started, serving_app(started) as address:
        yield address


async def _room(address: str, table: dict[str, Any] = TABLE) -> tuple[str, int]:
    async with httpx.AsyncClient(base_url=f"http://{address}") as http:
        _uid, token = await guest_token(http)
        made = await http.post(
            "/api/rooms",
            json={"name": "set aside", "ruleset": NAME, "preset": "toy-quick", "table": table},
            headers={"Authorization": f"Bearer {token}"},
        )
        assert made.status_code == 201, made.text
        return token, made.json()["id"]


async def _seated_with_bots(address: str, token: str, room: int) -> PlayClient:
    player = PlayClient(f"ws://{address}/ws", token)
    await player.connect()
    await player.send({"type": "join", "room": room})
    await player.send({"type": "ready", "room": room})
    for _ in range(3):
        await player.send({"type": "add_bot", "room": room})  # the toy's bot: no choices
    await player.next(lambda m: m["type"] == "room" and all(s for s in m["seats"]))
    await player.send({"type": "start", "room": room})
    return player


def _answer(prompt: dict[str, Any]) -> dict[str, Any]:
    if prompt.get("choice"):
        return {"type": "set_aside", "tiles": prompt["choice"]["suggested"][::-1]}
    return simple_choice(prompt["actions"])


async def _play_out(player: PlayClient) -> dict[str, Any]:
    while True:
        message = await player.next(lambda m: m["type"] in ("prompt", "game_end"), timeout=60)
        if message["type"] == "game_end":
            return message
        await player.send({"type": "reply", "seq": message["seq"], "action": _answer(message)})


async def _record(address: str, game: int) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=f"http://{address}") as http:
        return (await http.get(f"/api/games/{game}/record")).json()


# ------------------------------------------------------------------ the ledger and the reading


@pytest.mark.asyncio
async def test_a_choice_prompt_lists_nothing_and_its_check_refuses_with_a_reason():
    ledger = PromptLedger()
    with pytest.raises(ValueError, match="at least one action"):
        ledger.issue([])
    rule = SetAsideRule([11, 12, 25, 27])
    with pytest.raises(ValueError, match="both"):
        ledger.issue([], choice=rule.describe())
    prompt = ledger.issue([], choice=rule.describe(), check=lambda data: read_choice(rule, data)[1])
    assert prompt.actions == [] and prompt.choice == rule.describe()
    with pytest.raises(PromptRejected) as refused:
        ledger.answer(prompt.seq, {"type": "set_aside", "tiles": [11, 25]})
    assert refused.value.code == "illegal_action"
    assert refused.value.params == {"seq": prompt.seq, "reason": "both tiles of one suit"}
    assert ledger.open is prompt and not prompt.answer.done()  # nothing changed
    ledger.answer(prompt.seq, {"type": "set_aside", "tiles": [25, 27]})
    assert prompt.answer.result() == {"type": "set_aside", "tiles": [25, 27]}


@pytest.mark.parametrize(
    ("data", "why"),
    [
        ({"type": "discard", "tile": 11, "riichi": False}, "takes a 'set_aside' action"),
        ({"type": "set_aside"}, "not a 'set_aside' action"),
        ({"type": "set_aside", "tiles": [11, 12], "more": 1}, "not in the form"),
        ({"type": "set_aside", "tiles": [[11], 12]}, "numbers, text or a short list"),
        ({"type": "set_aside", "tiles": {"a": 1}}, "numbers, text or a short list"),
        ({"type": "set_aside", "tiles": list(range(15))}, "numbers, text or a short list"),
        ({"type": "set_aside", "tiles": ["11", 12]}, "two tiles"),
        ({"type": "set_aside", "tiles": [11, 11]}, "not in your hand"),
    ],
)
def test_a_reply_the_rule_cannot_read_is_refused_with_why(data, why):
    action, reason = read_choice(SetAsideRule([11, 12, 25, 27]), data)
    assert action is None and reason is not None and why in reason


def test_a_reply_in_the_actions_record_form_is_read_into_it():
    action, reason = read_choice(SetAsideRule([11, 12]), {"type": "set_aside", "tiles": [12, 11]})
    assert reason is None and action == SetAside((12, 11))


# ------------------------------------------------------------------ a live server


@pytest.mark.asyncio
async def test_a_seat_is_prompted_with_the_choice_and_an_illegal_reply_changes_nothing(live):
    token, room = await _room(live)
    player = await _seated_with_bots(live, token, room)
    start = await player.next("game_start")
    view = await player.next("view")
    prompt = await player.next("prompt")
    assert prompt["actions"] == []
    hand = view["view"]["hand"]
    choice = prompt["choice"]
    assert choice == view["view"]["choice"] == SetAsideRule(hand).describe()
    # A pair of tiles from two suits, then a tile the seat does not hold: refused, the same
    # prompt stays open.
    two_suits = [min(hand), max(hand)]
    assert _suit(two_suits[0]) != _suit(two_suits[1])
    for tiles, reason in ((two_suits, "both tiles of one suit"), ([1, 2], "not in your hand")):
        await player.send(
            {"type": "reply", "seq": prompt["seq"], "action": {"type": "set_aside", "tiles": tiles}}
        )
        error = await player.next("error")
        assert error["code"] == "illegal_action" and error["seq"] == prompt["seq"]
        assert reason in error["params"]["reason"]
    # A listed-looking reply of another type is refused too.
    await player.send({"type": "reply", "seq": prompt["seq"], "action": {"type": "tsumo"}})
    assert (await player.next("error"))["code"] == "illegal_action"
    chosen = choice["suggested"][::-1]
    await player.send(
        {"type": "reply", "seq": prompt["seq"], "action": {"type": "set_aside", "tiles": chosen}}
    )
    assert (await player.next("accepted"))["seq"] == prompt["seq"]
    end = await _play_out(player)
    await player.close()
    record = await _record(live, start["game"])
    first = record["actions"][0][0]
    asides = [e for e in record["actions"] if e[0] == first and e[2]["type"] == "set_aside"]
    # Four seats set aside, the three bots (which know no choices) by the rule's default.
    assert len(asides) == 4
    assert [first, start["seat"], {"type": "set_aside", "tiles": chosen}] in asides
    assert list(PICK.replay(record).state.points) == end["result"]["final_points"]


@pytest.mark.asyncio
async def test_a_timeout_plays_the_rules_default(live):
    token, room = await _room(live, {**TABLE, "move_seconds": 0.3, "bank_seconds": 0})
    player = await _seated_with_bots(live, token, room)
    start = await player.next("game_start")
    prompt = await player.next("prompt")
    suggested = prompt["choice"]["suggested"]
    # Wait the choice out: the next prompt is about something else.
    later = await player.next(lambda m: m["type"] == "prompt" and m["seq"] > prompt["seq"])
    assert later.get("choice") is None and later["actions"]
    await player.send(
        {"type": "reply", "seq": prompt["seq"], "action": {"type": "set_aside", "tiles": suggested}}
    )
    assert (await player.next("error"))["code"] == "stale"
    await _play_out(player)  # the rest (some by timeouts: it hardly matters)
    await player.close()
    record = await _record(live, start["game"])
    mine = next(e for e in record["actions"] if e[1] == start["seat"])
    assert mine[2:] == [{"type": "set_aside", "tiles": suggested}, "timeout"]


@pytest.mark.asyncio
async def test_a_restarted_server_asks_the_open_choice_again(tmp_path, pick):
    settings = make_settings(tmp_path)
    async with running(settings) as first, serving_app(first) as address:
        token, room = await _room(address)
        player = await _seated_with_bots(address, token, room)
        start = await player.next("game_start")
        waiting = await player.next("prompt")
        await player.close()
    # The bots' three choices were stored before the server stopped: the rebuilt table
    # replays them and asks the player the same choice again, numbered above the old prompt.
    async with running(settings) as second, serving_app(second) as address:
        back = PlayClient(f"ws://{address}/ws", token)
        await back.connect()
        again = await back.next("game_start")
        assert again["game"] == start["game"]
        resumed = await back.next("prompt")
        assert resumed["seq"] > waiting["seq"]
        assert resumed["actions"] == [] and resumed["choice"] == waiting["choice"]
        action = _answer(resumed)
        await back.send({"type": "reply", "seq": resumed["seq"], "action": action})
        end = await _play_out(back)
        await back.close()
        record = await _record(address, start["game"])
    assert len(record["hands"]) == 2
    assert list(PICK.replay(record).state.points) == end["result"]["final_points"]


@pytest.mark.asyncio
async def test_a_reconnecting_player_gets_the_open_choice_back(live):
    token, room = await _room(live)
    player = await _seated_with_bots(live, token, room)
    await player.next("game_start")
    prompt = await player.next("prompt")
    await player.close()
    back = PlayClient(f"ws://{live}/ws", token)
    await back.connect()
    again = await back.next("prompt")
    assert again["seq"] == prompt["seq"] and again["choice"] == prompt["choice"]
    await back.send({"type": "reply", "seq": again["seq"], "action": _answer(again)})
    await asyncio.wait_for(_play_out(back), 60)
    await back.close()
